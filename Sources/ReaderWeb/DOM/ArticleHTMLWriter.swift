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
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        if includingSelf { write(node, to: &output) } else { for child in node.children { write(child, to: &output) } }
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ node: WebNode, to output: inout [UInt8]) {
        if node.isText {
            escape(node.text, attribute: false, into: &output)
            return
        }
        guard isPlainName(node.name) else {
            for child in node.children { write(child, to: &output) }
            return
        }
        output.append(UInt8(ascii: "<"))
        output += node.name.utf8
        for attribute in node.attributes where keptAttributes.contains(attribute.name) {
            output.append(UInt8(ascii: " "))
            output += attribute.name.utf8
            output += "=\"".utf8
            escape(attribute.value, attribute: true, into: &output)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        if node.groups.contains(.void) { return }
        for child in node.children { write(child, to: &output) }
        output += "</".utf8
        output += node.name.utf8
        output.append(UInt8(ascii: ">"))
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
            && name.utf8.first.map { $0 >= 0x61 } == true
    }

    /// Appends the text's UTF-8 escaped, byte by byte (every character escaped or dropped is ASCII).
    private static func escape(_ text: String, attribute: Bool, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes written as they are go in at once.
            var runStart = 0
            for (index, byte) in bytes.enumerated() where needsEscaping(byte, attribute: attribute) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escape(byte, attribute: attribute, into: &output)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    private static func needsEscaping(_ byte: UInt8, attribute: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
        case UInt8(ascii: "\""): attribute
        case 0..<0x20: byte != 0x09 && byte != 0x0A && byte != 0x0D
        default: false
        }
    }

    /// What a byte that ``needsEscaping(_:attribute:)`` becomes: an entity, or nothing for a
    /// control character other than tab and line breaks (it would reach no reader).
    private static func escape(_ byte: UInt8, attribute: Bool, into output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): output += "&amp;".utf8
        case UInt8(ascii: "<"): output += "&lt;".utf8
        case UInt8(ascii: ">"): output += "&gt;".utf8
        case UInt8(ascii: "\""): output += "&quot;".utf8
        default: break
        }
    }
}
