import Foundation
import ReaderCore
import ReaderMarkdown
import ReaderTestSupport
import Testing

/// Where the shared Markdown corpus lives: `../shared/corpus/md` next to the package.
enum Corpus {
    static let directory: URL = TestLocation.corpus.appendingPathComponent("md")

    static var isPresent: Bool { !files.isEmpty }

    /// Every `.md` file under the corpus directory, sorted.
    static var files: [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
            .sorted { $0.path < $1.path }
    }

    static func file(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }
}

/// Temporary Markdown files for tests.
enum Fixture {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("reader-md-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Remove the whole folder when the test process ends.
        atexit { try? FileManager.default.removeItem(at: Fixture.directory) }
        return url
    }()

    /// Writes bytes to a new file and returns its path.
    static func write(_ bytes: [UInt8], name: String = "doc.md") -> String {
        let folder = directory.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

    /// Opens Markdown text through the backend, from a temporary file.
    static func open(_ text: String, name: String = "doc.md") throws -> any Document {
        try open(bytes: Array(text.utf8), name: name)
    }

    /// Opens bytes through the backend, from a temporary file.
    static func open(bytes: [UInt8], name: String = "doc.md") throws -> any Document {
        let path = write(bytes, name: name)
        return try MarkdownBackend().open(path: path, format: .markdown, options: OpenOptions())
    }
}

/// Checks on a document's blocks against its source text.
enum SourceCheck {
    /// The decoded source as the backend sees it (UTF-8, BOM removed).
    static func source(ofFile path: String) -> [UInt16] {
        var bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return Array(String(decoding: bytes, as: UTF8.self).utf16)
    }

    /// Text offsets of mapped characters whose source character differs.
    static func mismatches(in block: Block, source: [UInt16]) -> [Int] {
        let text = Array(block.text.utf16)
        var bad: [Int] = []
        for run in block.sourceMap.runs {
            for textOffset in run.textStart..<min(run.textEnd, text.count) {
                guard let sourceOffset = block.sourceMap.sourceOffset(forTextOffset: textOffset) else { continue }
                if sourceOffset >= source.count || source[sourceOffset] != text[textOffset] { bad.append(textOffset) }
            }
        }
        return bad
    }

    /// The share of non-blank text units that lie inside a run.
    static func coverage(of block: Block) -> Double {
        let text = Array(block.text.utf16)
        let meaningful = text.indices.filter { text[$0] != 0x20 && text[$0] != 0x0A && text[$0] != 0x2D && text[$0] != 0x7C }
        guard !meaningful.isEmpty else { return 1 }
        let mapped = meaningful.filter { offset in block.sourceMap.runs.contains { $0.textStart <= offset && offset < $0.textEnd } }
        return Double(mapped.count) / Double(meaningful.count)
    }

    /// Blocks whose start does not survive `textPosition(for: locator(at:))`.
    static func roundTripFailures(_ document: any Document) throws -> [Int] {
        let blocks = try document.content(ofSection: 0).blocks
        var failures: [Int] = []
        for index in blocks.indices {
            let position = TextPosition(section: 0, block: index, offset: 0)
            let back = try document.textPosition(for: document.locator(at: position))
            if back != position { failures.append(index) }
        }
        return failures
    }
}


extension Block {
    /// A one-line description for failure messages.
    var summary: String { "\(kind) depth \(listDepth)/\(quoteDepth): \(text.prefix(60).debugDescription)" }
}
