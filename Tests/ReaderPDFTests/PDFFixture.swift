import Foundation

/// Small PDFs built in code, with a correct cross-reference table, for what the corpus lacks
/// (page labels, hostile outlines, named destinations).
enum PDFFixture {
    /// A PDF whose object n is `objects[n - 1]` (written without `n 0 obj` / `endobj`); object 1
    /// is the catalog.
    static func build(_ objects: [String], version: String = "1.4") -> [UInt8] {
        var text = "%PDF-\(version)\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    /// A document of `pages` letter pages, each showing "Page N" in Helvetica: object 1 the
    /// catalog (with `catalogExtra` inside its dictionary), 2 the page tree, then a page and its
    /// content stream per page (page N is object `pageObject(N)`), then `extraObjects`, the
    /// first of which is object `firstExtraObject(pages:)`.
    static func document(pages: Int, catalogExtra: String = "", extraObjects: [String] = []) -> [UInt8] {
        var objects = ["<< /Type /Catalog /Pages 2 0 R \(catalogExtra) >>"]
        let kids = (1...pages).map { "\(pageObject($0)) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        for page in 1...pages {
            let content = "BT /F1 24 Tf 72 700 Td (Page \(page)) Tj ET"
            objects.append("""
                << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(pageObject(page) + 1) 0 R \
                /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>
                """)
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        return build(objects + extraObjects)
    }

    /// The object number of page `page` (1-based) in ``document(pages:catalogExtra:extraObjects:)``.
    static func pageObject(_ page: Int) -> Int { 1 + 2 * page }

    /// The number of the first extra object in a document of `pages` pages.
    static func firstExtraObject(pages: Int) -> Int { 3 + 2 * pages }

    /// Writes `bytes` to `name` in `directory` and returns the path.
    static func write(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
