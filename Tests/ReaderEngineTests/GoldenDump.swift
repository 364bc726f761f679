import ReaderCore
import ReaderEngine

/// The text a golden file holds for one book at one viewport: fingerprint, TOC, page count, and
/// pages 1, 3 and the last with the Locators of their starts.
enum GoldenDump {
    static let viewports = [(80, 24), (40, 12)]

    static func render(bookPath: String, columns: Int, rows: Int) throws -> String {
        let document = try ReaderEngine.standard.open(path: bookPath)
        let paginator = Paginator(document: document, viewport: try Viewport(columns: columns, rows: rows))
        let count = try paginator.pageCount()
        var out: [String] = []
        // The fingerprint's path-independent parts only.
        out.append("fingerprint: \(try document.fingerprint())")
        out.append("title: \(document.metadata.title ?? "-")")
        out.append("viewport: \(columns)x\(rows)")
        out.append("pages: \(count)")
        out.append("toc:")
        func dumpTOC(_ entries: [TOCEntry], depth: Int) {
            for entry in entries {
                out.append(String(repeating: "  ", count: depth + 1) + entry.title + " -> " + entry.locator.jsonString())
                dumpTOC(entry.children, depth: depth + 1)
            }
        }
        dumpTOC(try document.tableOfContents(), depth: 0)
        for number in Array(Set([1, min(3, count), count])).sorted() {
            let page = try paginator.page(number)
            out.append("")
            out.append("== page \(number) start \(page.start) " + (try document.locator(at: page.start)).jsonString())
            for line in page.lines { out.append("|" + line) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The golden file name for a book and viewport.
    static func fileName(bookPath: String, columns: Int, rows: Int) -> String {
        bookPath.replacingOccurrences(of: "/", with: "__") + ".\(columns)x\(rows).golden"
    }
}
