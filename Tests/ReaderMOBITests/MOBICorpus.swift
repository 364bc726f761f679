import Foundation
import ReaderCore
import ReaderTestSupport
@testable import ReaderMOBI

/// The MOBI and AZW3 books of the shared corpus and the reference output other tools made of them.
enum MOBICorpus {
    /// One corpus book.
    struct Book: CustomStringConvertible, Sendable {
        /// The path relative to the corpus, as MANIFEST.tsv lists it (`mobi/…`).
        var path: String
        /// `mobi` or `azw3`.
        var format: DocumentFormat

        /// The absolute path of the book.
        var url: URL { TestLocation.corpus.appendingPathComponent(path) }
        /// The folder of reference output: `reference/<path>`.
        var reference: URL { TestLocation.corpus.appendingPathComponent("reference").appendingPathComponent(path) }
        /// Whether the book sits in the corpus's `drm` folder.
        var isDRMSample: Bool { path.hasPrefix("mobi/drm/") }
        /// The file name.
        var description: String { URL(fileURLWithPath: path).lastPathComponent }

        /// Opens the book's PDB container.
        func open() throws -> PDBFile { try PDBFile(path: url.path, format: format) }

        /// A reference file's text, or nil when it is absent.
        func referenceText(_ name: String) -> String? {
            try? String(contentsOf: reference.appendingPathComponent(name), encoding: .utf8)
        }

        /// `mobitool -d`'s rawml, decompressed with xz when stored as `.rawml.xz`.
        func referenceRawML() throws -> [UInt8]? {
            let plain = reference.appendingPathComponent("mobitool-d.rawml")
            if let data = FileManager.default.contents(atPath: plain.path) { return [UInt8](data) }
            let packed = reference.appendingPathComponent("mobitool-d.rawml.xz")
            guard FileManager.default.fileExists(atPath: packed.path) else { return nil }
            return try MOBICorpus.unxz(packed)
        }

        /// The `Name : value` lines of a reference file such as `ebook-meta.txt`.
        func referenceFields(_ name: String) -> [String: String] {
            var fields: [String: String] = [:]
            for line in (referenceText(name) ?? "").split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if fields[key] == nil { fields[key] = value }
            }
            return fields
        }
    }

    /// Every book MANIFEST.tsv lists with format mobi or azw3 (none when the corpus is absent).
    static let books: [Book] = {
        let manifest = TestLocation.corpus.appendingPathComponent("MANIFEST.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count > 1, let format = DocumentFormat(rawValue: String(columns[1])),
                  format == .mobi || format == .azw3
            else { return nil }
            return Book(path: String(columns[0]), format: format)
        }
    }()

    /// The books without DRM.
    static var readableBooks: [Book] { books.filter { !$0.isDRMSample } }

    /// The output of `xz -dc` on `file`.
    static func unxz(_ file: URL) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xz")
        process.arguments = ["-dc", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReaderError(.unreadable, file: file.path, reason: "xz -dc exited with \(process.terminationStatus)")
        }
        return [UInt8](data)
    }
}
