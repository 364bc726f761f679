import ReaderCore
import ReaderXML
import ReaderHTML

/// One feed item converted to blocks: its title as a heading, a line of byline and date, then
/// its content (or summary) through the shared HTML layer.
struct FeedItemSection: HTMLBookSection {
    var content: SectionContent
    var sourceLength: Int
    var anchors: [String: Int]
    var warnings: [String]

    func sourceOffset(ofAnchor id: String) -> Int? { anchors[id] }

    /// Converts an item (or, for a feed without items, the channel's description).
    static func convert(title: String?, byline: String?, body: FeedText?, name: String) -> FeedItemSection {
        var html = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"></head><body>"
        if let title, !title.isEmpty { html += "<h1>" + escaped(title) + "</h1>" }
        if let byline, !byline.isEmpty { html += "<p><em>" + escaped(byline) + "</em></p>" }
        if let body {
            switch body.kind {
            case .text:
                for paragraph in body.value.components(separatedBy: "\n\n") where !paragraph.trimmingASCIIWhitespace().isEmpty {
                    html += "<p>" + escaped(paragraph) + "</p>"
                }
            case .html, .xhtml:
                html += "<div>" + body.value + "</div>"
            }
        }
        html += "</body></html>"
        let converter = HTMLBlockConverter()
        let converted: HTMLContent
        do {
            converted = try converter.convert(Array(html.utf8), name: name, syntax: .html)
        } catch {
            return FeedItemSection(content: SectionContent(blocks: []), sourceLength: 0, anchors: [:], warnings: [error.description])
        }
        let anchors = converted.pathIndex.anchors.mapValues(\.sourceOffset)
        return FeedItemSection(content: SectionContent(blocks: converted.blocks), sourceLength: converted.pathIndex.sourceLength,
                               anchors: anchors, warnings: converted.warnings)
    }

    private static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        MarkupElement.escape(text, quotes: false, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
