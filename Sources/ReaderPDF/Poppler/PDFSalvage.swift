import Foundation
import ReaderCore

/// A copy of a PDF poppler cannot open (no trailer it can find, a catalog or page tree lost to a
/// cut), with a new page tree, catalog and trailer appended: every page object still in the file,
/// in file order, under a fresh `/Pages` node. poppler then rebuilds the cross-reference table by
/// scanning the objects, and the pages whose objects survive read as in the intact file.
///
/// The copy is a temporary file, removed by ``remove()`` when the document closes.
struct PDFSalvage: Sendable {
    /// Where the repaired copy is.
    let path: String
    /// How many page objects were found.
    let pageCount: Int

    /// The largest file salvage reads into memory.
    static let maxFileSize = 256 << 20

    /// Writes the repaired copy of `original`, or returns nil when it holds no page object.
    static func make(from original: String) -> PDFSalvage? {
        guard let file = try? ReadOnlyFile(path: original, format: .pdf),
              let bytes = try? file.readAll(limit: maxFileSize, tooLarge: { _ in ReaderError(.malformed, reason: "too large") })
        else { return nil }
        let objects = objectHeaders(in: bytes)
        guard let highest = objects.map(\.number).max() else { return nil }
        var pages: [Int] = []
        for (index, object) in objects.enumerated() {
            let end = index + 1 < objects.count ? objects[index + 1].offset : bytes.count
            if isPage(bytes[object.offset..<end]), !pages.contains(object.number) { pages.append(object.number) }
        }
        guard !pages.isEmpty else { return nil }
        let pagesNumber = highest + 1, catalogNumber = highest + 2
        let kids = pages.map { "\($0) 0 R" }.joined(separator: " ")
        let tail = "\n\(pagesNumber) 0 obj\n<< /Type /Pages /Kids [ \(kids) ] /Count \(pages.count) >>\nendobj\n"
            + "\(catalogNumber) 0 obj\n<< /Type /Catalog /Pages \(pagesNumber) 0 R >>\nendobj\n"
            + "trailer\n<< /Size \(catalogNumber + 1) /Root \(catalogNumber) 0 R >>\n%%EOF\n"
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("reader-salvaged-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).pdf").path
        guard FileManager.default.createFile(atPath: copy, contents: Data(bytes) + Data(tail.utf8)) else { return nil }
        return PDFSalvage(path: copy, pageCount: pages.count)
    }

    /// Removes the repaired copy.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `N G obj` at the start of a line: each object's number and where its header starts.
    private static func objectHeaders(in bytes: [UInt8]) -> [(number: Int, offset: Int)] {
        var headers: [(Int, Int)] = []
        var index = 0
        let obj = Array(" obj".utf8)
        while index < bytes.count {
            let lineStart = index == 0 || bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D
            if lineStart, isDigit(bytes[index]) {
                var cursor = index, number = 0
                while cursor < bytes.count, isDigit(bytes[cursor]), number < 100_000_000 {
                    number = number * 10 + Int(bytes[cursor] - 0x30)
                    cursor += 1
                }
                if cursor < bytes.count, bytes[cursor] == 0x20 {
                    cursor += 1
                    let generationStart = cursor
                    while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
                    if cursor > generationStart, cursor + obj.count <= bytes.count,
                       bytes[cursor..<(cursor + obj.count)].elementsEqual(obj) {
                        headers.append((number, index))
                        index = cursor + obj.count
                        continue
                    }
                }
            }
            index += 1
        }
        return headers
    }

    /// Whether an object's bytes are a page dictionary: `/Type /Page` (not `/Pages`), before any stream.
    private static func isPage(_ object: ArraySlice<UInt8>) -> Bool {
        let head = Array(object.prefix(4096))
        let dictionary = Array(head[..<(ByteSearch.firstIndex(of: Array("stream".utf8), in: head) ?? head.count)])
        for pattern in ["/Type /Page", "/Type/Page"] {
            let needle = Array(pattern.utf8)
            var from = 0
            while let found = ByteSearch.firstIndex(of: needle, in: dictionary, from: from) {
                let after = found + needle.count
                if after >= dictionary.count || dictionary[after] != UInt8(ascii: "s") { return true }
                from = after
            }
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
