import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderOPDS
import ReaderTestSupport
import Testing
@testable import ReaderServer

/// Every feed the catalog serves, checked against the specifications' own schemas: OPDS 1.2's
/// RELAX NG grammar (with Atom's) by Debian's `jing`, OPDS 2.0's JSON schemas (with the Readium
/// Web Publication Manifest's) by Python's `jsonschema`. Both tools are required: a missing one
/// fails the test. Each validator is first shown a broken document, so a validator that accepts
/// everything fails too.
@Suite("OPDS feeds against the OPDS schemas", .ownThreads)
struct OPDSSchemaTests {
    static let schemas = TestLocation.packageRoot.appendingPathComponent("Tests/ReaderServerTests/Schemas")

    @Test("every OPDS 1.2 feed of a folder and of a library is valid against opds.rnc (jing)")
    func atomFeedsAreValid() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let broken = fixture.root.appendingPathComponent("broken.xml")
        try Data(#"<feed xmlns="http://www.w3.org/2005/Atom"><title>no id, no updated</title></feed>"#.utf8).write(to: broken)
        let refusal = try Self.run("jing", ["-c", Self.schemas.appendingPathComponent("opds1/opds.rnc").path, broken.path])
        #expect(refusal.status != 0, "jing accepted a feed without id: \(refusal.output)")

        var files: [String] = []
        for (label, configuration) in [("folder", ServerConfiguration(source: .folder(path: fixture.folder.path))),
                                       ("library", ServerConfiguration(source: .library(try fixture.library()), token: "t"))] {
            let pages = try await Self.crawl(fixture, configuration, root: "/opds")
            #expect(pages.count >= 12, "\(label): \(pages.count) feeds")
            for (index, page) in pages.enumerated() {
                let file = fixture.root.appendingPathComponent("\(label)-\(index).xml")
                try Data(page.bytes).write(to: file)
                files.append(file.path)
            }
        }
        let result = try Self.run("jing", ["-c", Self.schemas.appendingPathComponent("opds1/opds.rnc").path] + files)
        #expect(result.status == 0, "jing: \(result.output)")
    }

    @Test("every OPDS 2.0 feed and publication of a folder and of a library is valid against the OPDS 2.0 schemas (jsonschema)")
    func jsonFeedsAreValid() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let script = Self.schemas.appendingPathComponent("validate-opds2.py").path
        let broken = fixture.root.appendingPathComponent("broken.json")
        try Data(#"{"metadata": {"title": "x"}, "links": [{"rel": "self", "href": "/"}], "publications": [{"metadata": {"title": "y"}, "links": []}]}"#.utf8)
            .write(to: broken)
        let refusal = try Self.run("python3", [script, "--feed", broken.path])
        #expect(refusal.status == 1, "the validator accepted a publication without images or acquisition: \(refusal.output)")

        var arguments: [String] = []
        for (label, configuration) in [("folder", ServerConfiguration(source: .folder(path: fixture.folder.path))),
                                       ("library", ServerConfiguration(source: .library(try fixture.library())))] {
            let pages = try await Self.crawl(fixture, configuration, root: "/opds/v2", publications: true)
            #expect(pages.count >= 12, "\(label): \(pages.count) documents")
            for (index, page) in pages.enumerated() {
                let file = fixture.root.appendingPathComponent("\(label)-\(index).json")
                try Data(page.bytes).write(to: file)
                arguments += [page.address.contains("/opds/v2/books/") ? "--publication" : "--feed", file.path]
            }
        }
        let result = try Self.run("python3", [script] + arguments)
        #expect(result.status == 0, "jsonschema: \(result.output)")
    }

    /// The feeds reachable from `root` on a live server (and, with `publications`, each
    /// publication's own document).
    private static func crawl(_ fixture: OPDSFixture, _ configuration: ServerConfiguration, root: String,
                              publications: Bool = false) async throws -> [(address: String, bytes: [UInt8])] {
        try await fixture.application(configuration).test(.live) { client in
            let transport = LoopbackTransport(base: "http://127.0.0.1:\(try #require(client.port))")
            return try await offMainPool {
                let crawl = try OPDSCrawl(root: root, prefix: root, transport: transport)
                var pages = crawl.pages.map { (address: $0.address, bytes: $0.bytes) }
                pages.append((transport.base + root + "/search?q=moon", try transport.fetch(root + "/search?q=moon").bytes))
                if publications {
                    for publication in crawl.publications {
                        let id = try #require(publication.id?.split(separator: ":").last)
                        let address = "/opds/v2/books/\(id)"
                        pages.append((address, try transport.fetch(address).bytes))
                    }
                }
                return pages
            }
        }
    }

    /// Runs a tool found on PATH; its status and its output and errors together.
    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output.prefix(20_000), as: UTF8.self))
    }
}
