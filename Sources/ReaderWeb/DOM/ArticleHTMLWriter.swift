/// Writes a subtree as HTML: only elements with plain names, only the attributes reading needs
/// (links, images, table spans, list numbering, language and direction, ids for links into the
/// page), text and attribute values escaped. What it writes parses back to the same tree.
enum ArticleHTMLWriter {
    /// Elements written without a closing tag.
    static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "col", "area", "source", "input", "embed"]
    /// The attributes kept.
    static let keptAttributes: Set<String> = ["href", "src", "alt", "title", "colspan", "rowspan", "start", "type",
                                              "value", "reversed", "lang", "dir", "id", "width", "height", "datetime", "charset"]

    /// The HTML of `node`'s children (or of `node` itself when `includingSelf`).
    static func html(of node: WebNode, includingSelf: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(4096)
        if includingSelf { write(node, to: &output) } else { for child in node.children { write(child, to: &output) } }
        return output
    }

    private static func write(_ node: WebNode, to output: inout String) {
        if node.isText {
            escape(node.text, attribute: false, into: &output)
            return
        }
        guard isPlainName(node.name) else {
            for child in node.children { write(child, to: &output) }
            return
        }
        output += "<" + node.name
        for attribute in node.attributes where keptAttributes.contains(attribute.name) {
            output += " " + attribute.name + "=\""
            escape(attribute.value, attribute: true, into: &output)
            output += "\""
        }
        output += ">"
        if voidElements.contains(node.name) { return }
        for child in node.children { write(child, to: &output) }
        output += "</" + node.name + ">"
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
            && name.utf8.first.map { $0 >= 0x61 } == true
    }

    private static func escape(_ text: String, attribute: Bool, into output: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where attribute: output += "&quot;"
            default:
                // Control characters other than tab and line breaks would reach no reader.
                if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" { continue }
                output.unicodeScalars.append(scalar)
            }
        }
    }
}
