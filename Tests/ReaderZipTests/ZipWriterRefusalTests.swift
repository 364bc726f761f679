import Foundation
@testable import ReaderZip
import ReaderTestSupport
import Testing

@Suite("Zip writer: refused names and arguments, failed writes")
struct ZipWriterRefusalTests {
    /// The error `body` throws, or nil.
    private func failure(_ body: () throws(ZipError) -> Void) -> ZipError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("hostile names are refused, and the writer goes on without them",
          arguments: ["", "/abs", "../evil", "OEBPS/../../evil", "..", "a\\b", "..\\evil", "a\u{0}b"])
    func hostileName(name: String) throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("book.zip").path
            let writer = try ZipWriter(path: path)
            try writer.add("safe.txt", Array("safe".utf8))
            let problem = try #require(ZipEntryName.problem(name))
            let error = try #require(failure { () throws(ZipError) in try writer.add(name, Array("evil".utf8)) })
            #expect(error.kind == .invalidArgument)
            #expect(error.entry == name)
            #expect(error.reason.hasPrefix("cannot add"))
            #expect(error.reason.hasSuffix(problem))
            try writer.add("after.txt", Array("after".utf8))
            try writer.finish()
            let archive = try ZipArchive(path: path)
            #expect(archive.entries.map(\.name) == ["safe.txt", "after.txt"])
            #expect(archive.warnings.isEmpty)
        }
    }

    @Test("a name already added is refused, canonically equivalent spellings included")
    func duplicates() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let writer = try ZipWriter(path: folder.appendingPathComponent("d.zip").path)
            try writer.add("a.txt", [1])
            try writer.add("caf\u{E9}.txt", [2])
            for name in ["a.txt", "cafe\u{301}.txt"] {
                let error = failure { () throws(ZipError) in try writer.add(name, [3]) }
                #expect(error?.kind == .invalidArgument)
                #expect(error?.reason.contains("already has an entry of that name") == true)
            }
            #expect(writer.entryNames == ["a.txt", "caf\u{E9}.txt"])
        }
    }

    @Test("a folder with bytes, a deflate level zlib lacks, and a call after finishing are refused")
    func badArguments() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("a.zip").path
            #expect(failure { () throws(ZipError) in _ = try ZipWriter(path: path, method: .deflate(level: 10)) }?.kind == .invalidArgument)
            #expect(try files(in: folder).isEmpty)
            let writer = try ZipWriter(path: path)
            #expect(failure { () throws(ZipError) in try writer.add("dir/", [1]) }?.kind == .invalidArgument)
            #expect(failure { () throws(ZipError) in try writer.add("a", [1], method: .deflate(level: -1)) }?.kind == .invalidArgument)
            try writer.add("dir/", [], method: .deflate(level: 9))
            try writer.finish()
            let again = failure { () throws(ZipError) in try writer.add("b", [2]) }
            #expect(again?.kind == .invalidArgument)
            #expect(again?.reason.contains("already finished") == true)
            #expect(failure { () throws(ZipError) in try writer.finish() }?.kind == .invalidArgument)
            #expect(try ZipArchive(path: path).entries.map(\.compression) == [.stored])
        }
    }

    @Test("a folder that does not exist, or a path naming a folder, fails before anything is written")
    func badPaths() throws {
        let missing = failure { () throws(ZipError) in _ = try ZipWriter(path: "/nonexistent-\(UUID().uuidString)/a.zip") }
        #expect(missing?.kind == .fileNotFound)
        #expect(failure { () throws(ZipError) in _ = try ZipWriter(path: "/tmp/") }?.kind == .invalidArgument)
        #expect(failure { () throws(ZipError) in _ = try ZipWriter(path: "/tmp/..") }?.kind == .invalidArgument)
    }

    @Test("a failed write leaves no file behind and the destination as it was")
    func failedWrite() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            // A folder that is not empty cannot be renamed over: finish fails at its last step.
            let destination = folder.appendingPathComponent("book.epub")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: destination.appendingPathComponent("inside.txt"))
            let writer = try ZipWriter(path: destination.path)
            try writer.add("mimetype", Array("application/epub+zip".utf8), method: .stored)
            try writer.add("chapter.xhtml", Array(repeating: 0x41, count: 100_000))
            #expect(try files(in: folder).count == 2)
            let error = try #require(failure { () throws(ZipError) in try writer.finish() })
            #expect(error.kind == .io)
            #expect(error.reason.contains("cannot replace"))
            #expect(try files(in: folder) == ["book.epub"])
            #expect(try files(in: destination) == ["inside.txt"])
            let later = failure { () throws(ZipError) in try writer.add("more", [1]) }
            #expect(later?.kind == .io)
            #expect(later?.reason.contains("was abandoned") == true)
        }
    }

    @Test("a writer dropped before finishing removes its file and leaves the old archive")
    func dropped() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("book.epub").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            do {
                let writer = try ZipWriter(path: path)
                try writer.add("a.txt", Array("new".utf8))
                #expect(try files(in: folder).count == 2)
            }
            #expect(try files(in: folder) == ["book.epub"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("old".utf8))
        }
    }
}
