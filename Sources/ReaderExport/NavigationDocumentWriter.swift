import ReaderCore
import ReaderRendering

/// The EPUB 3 navigation document (`nav.xhtml`): the table of contents, landmarks and, for books
/// with print pages, the page list.
enum NavigationDocumentWriter {
    static func write(plan: ExportPlan, metadata: ExportMetadata, coverPage: String?) -> String {
        var output = XHTMLFrame.start(title: metadata.title, language: metadata.language, stylesheet: "style.css")
        output += "<nav epub:type=\"toc\" id=\"toc\">\n<h1>\(HTMLEscaping.text(metadata.title))</h1>\n"
        let entries = plan.toc.isEmpty
            ? [ExportTOCEntry(title: metadata.title, href: ExportHref(file: plan.files[0].name, fragment: nil), children: [])]
            : plan.toc
        var last: TextPosition?
        output += list(entries, last: &last)
        output += "</nav>\n"
        output += "<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n<h2>Landmarks</h2>\n<ol>\n"
        if let coverPage { output += "<li><a epub:type=\"cover\" href=\"\(a("text/" + coverPage))\">Cover</a></li>\n" }
        output += "<li><a epub:type=\"bodymatter\" href=\"\(a("text/" + plan.files[0].name))\">Start</a></li>\n"
        output += "</ol>\n</nav>\n"
        if !plan.pages.isEmpty {
            output += "<nav epub:type=\"page-list\" id=\"page-list\" hidden=\"hidden\">\n<h2>Pages</h2>\n<ol>\n"
            for page in plan.pages {
                output += "<li><a href=\"\(a(page.href.relative(prefix: "text/")))\">\(HTMLEscaping.text(page.label))</a></li>\n"
            }
            output += "</ol>\n</nav>\n"
        }
        return output + XHTMLFrame.end
    }

    /// The entries as a nested list. The links of a `toc` nav must follow the reading order, so an
    /// entry with children that leads back before the entry above it (a heading the source points
    /// at the book's start) is written as a `<span>` heading, as EPUB allows for one with children.
    private static func list(_ entries: [ExportTOCEntry], last: inout TextPosition?) -> String {
        var output = "<ol>\n"
        for entry in entries {
            let title = HTMLEscaping.text(entry.title)
            if !entry.children.isEmpty, let position = entry.position, let previous = last, position < previous {
                output += "<li><span>\(title)</span>"
            } else {
                output += "<li><a href=\"\(a(entry.href.relative(prefix: "text/")))\">\(title)</a>"
                if let position = entry.position { last = max(last ?? position, position) }
            }
            if !entry.children.isEmpty { output += "\n" + list(entry.children, last: &last) }
            output += "</li>\n"
        }
        return output + "</ol>\n"
    }

    private static func a(_ text: String) -> String { HTMLEscaping.attribute(text) }
}
