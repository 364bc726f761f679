import Foundation
import ReaderTestSupport

/// The shared corpus's PDFs and the reference outputs of poppler-utils and mutool beside them.
enum PDFCorpus {
    /// `corpus/pdf`.
    static let folder = TestLocation.corpus.appendingPathComponent("pdf")
    /// `corpus/reference`.
    static let reference = TestLocation.corpus.appendingPathComponent("reference")

    /// The absolute path of a corpus PDF given relative to `corpus/pdf`.
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The path of one of the project's own PDFs in `TestBooks/pdf`.
    static func testBook(_ name: String) -> String {
        TestLocation.testBooks.appendingPathComponent("pdf").appendingPathComponent(name).path
    }

    /// Every PDF under `corpus/pdf`, relative to it, sorted (none when the corpus is absent).
    static let files: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".pdf") }.sorted()
    }()

    /// `reference/pdf-page-counts.tsv`: name relative to `corpus/pdf` → page count, nil for "ERROR".
    static let pageCounts: [String: Int?] = {
        let url = reference.appendingPathComponent("pdf-page-counts.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var result: [String: Int?] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t")
            guard columns.count == 2, columns[0].hasPrefix("pdf/") else { continue }
            result[String(columns[0].dropFirst(4))] = Int(columns[1])
        }
        return result
    }()

    /// A reference file for a corpus PDF (`reference/pdf/<name>/<file>`), or nil when missing.
    static func referenceText(_ name: String, _ file: String) -> String? {
        let url = reference.appendingPathComponent("pdf").appendingPathComponent(name).appendingPathComponent(file)
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// The fields of `pdfinfo.txt` ("Title:  x" → ["Title": "x"]); empty values are kept as "".
    static func pdfinfo(_ name: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in (referenceText(name, "pdfinfo.txt") ?? "").split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            result[String(line[..<colon])] = value
        }
        return result
    }

    /// A pdfinfo date ("Sat Aug 16 09:27:19 2014 UTC") in ISO 8601 ("2014-08-16T09:27:19Z").
    static func isoDate(fromPDFInfo text: String) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM d HH:mm:ss yyyy 'UTC'"
        let collapsed = text.split(separator: " ").joined(separator: " ")
        guard let date = formatter.date(from: collapsed) else { return nil }
        let iso = ISO8601DateFormatter()
        iso.timeZone = TimeZone(identifier: "UTC")
        return iso.string(from: date)
    }

    /// One line of `mutool show <file> outline`: the depth (1 = top), title and target page.
    struct OutlineLine: Equatable, CustomStringConvertible {
        var depth: Int
        var title: String
        var page: Int?
        var description: String { "\(String(repeating: "  ", count: depth - 1))\(title) → \(page.map(String.init) ?? "nil")" }
    }

    /// Parses mutool's outline dump: a mark (`|` leaf, `-` open, `+` closed), one tab per level
    /// below the top, a tab, the quoted title, a tab, and the target URI (`#page=N&…`).
    static func mutoolOutline(_ name: String) -> [OutlineLine] {
        (referenceText(name, "mutool-outline.txt") ?? "").split(separator: "\n").compactMap { line in
            let characters = Array(line.dropFirst())
            let tabs = characters.prefix { $0 == "\t" }.count
            let rest = String(characters.dropFirst(tabs))
            guard rest.hasPrefix("\""), let tab = rest.lastIndex(of: "\t") else { return nil }
            let quoted = rest[..<tab]
            let title = String(quoted.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            let uri = rest[rest.index(after: tab)...]
            var page: Int?
            if uri.hasPrefix("#page=") {
                page = Int(uri.dropFirst(6).prefix { $0.isNumber })
            }
            return OutlineLine(depth: tabs, title: title, page: page)
        }
    }
}
