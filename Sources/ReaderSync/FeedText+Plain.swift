import ReaderFeeds
import ReaderXML

extension FeedText {
    /// The value as plain text on one line (HTML loses its tags), nil when empty.
    var plainLine: String? {
        var text = value
        if isMarkup, let document = try? MarkupDocument.parse(Array(("<html><body>" + value + "</body></html>").utf8), syntax: .html,
                                                               name: "feed text", encoding: "UTF-8"),
           let root = document.root {
            text = root.text
        }
        let line = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return line.isEmpty ? nil : line
    }
}
