import ReaderRendering

/// The EPUB 2 table of contents (`toc.ncx`) for older reading systems: the same entries as the
/// navigation document. Entries leading to the same place share a play order, as the NCX rules ask.
enum NCXWriter {
    static func write(plan: ExportPlan, metadata: ExportMetadata) -> String {
        let entries = plan.toc.isEmpty
            ? [ExportTOCEntry(title: metadata.title, href: ExportHref(file: plan.files[0].name, fragment: nil), children: [])]
            : plan.toc
        var state = State()
        let points = entries.map { state.navPoint($0, indent: "") }.joined()
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\" xml:lang=\"\(a(metadata.language))\">\n"
        output += "<head>\n<meta name=\"dtb:uid\" content=\"\(a(metadata.identifier))\"/>\n"
        output += "<meta name=\"dtb:depth\" content=\"\(depth(entries))\"/>\n"
        output += "<meta name=\"dtb:totalPageCount\" content=\"0\"/>\n<meta name=\"dtb:maxPageNumber\" content=\"0\"/>\n</head>\n"
        output += "<docTitle><text>\(HTMLEscaping.text(metadata.title))</text></docTitle>\n"
        output += "<navMap>\n" + points + "</navMap>\n</ncx>\n"
        return output
    }

    private struct State {
        var next = 0
        var orders: [String: Int] = [:]
        var count = 0

        mutating func navPoint(_ entry: ExportTOCEntry, indent: String) -> String {
            count += 1
            let source = entry.href.relative(prefix: "text/")
            let order: Int
            if let known = orders[source] { order = known } else { next += 1; order = next; orders[source] = order }
            var output = "\(indent)<navPoint id=\"np\(count)\" playOrder=\"\(order)\">"
            output += "<navLabel><text>\(HTMLEscaping.text(entry.title))</text></navLabel><content src=\"\(a(source))\"/>\n"
            for child in entry.children { output += navPoint(child, indent: indent + " ") }
            return output + "\(indent)</navPoint>\n"
        }
    }

    private static func depth(_ entries: [ExportTOCEntry]) -> Int {
        entries.map { 1 + depth($0.children) }.max() ?? 0
    }

    private static func a(_ text: String) -> String { HTMLEscaping.attribute(text) }
}
