internal import CLibXML2

extension MarkupElement {
    /// Writes the markup of the element's children as UTF-8: text with `&`, `<` and `>` escaped,
    /// attribute values in double quotes with `"` escaped too, each element as `describe` says.
    ///
    /// It reads what ``children`` reads (elements, character data, entity references as their
    /// text, nothing past the depth limit), straight from libxml2's nodes into bytes: no array per
    /// child list and no string per text node. Iterative, so deep nesting costs no stack.
    package func writeChildren(into output: inout [UInt8], describe: (MarkupElement) -> MarkupWriting) {
        let maxDepth = document.limits.maxDepth
        // Each open level: the next node to visit, the closing tag's name (nil: none) and the
        // depth of the nodes at that level.
        var stack: [(next: xmlNodePtr?, closing: String?, depth: Int)] = [(depth < maxDepth ? node.pointee.children : nil, nil, depth + 1)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard let current = stack[top].next else {
                if let closing = stack.removeLast().closing {
                    output += "</".utf8
                    output += closing.utf8
                    output.append(UInt8(ascii: ">"))
                }
                continue
            }
            stack[top].next = current.pointee.next
            let level = stack[top].depth
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { Self.escape(cString: content, into: &output) }
            case XML_ENTITY_REF_NODE:
                if let text = EntityText.resolve(current) { Self.escape(text, quotes: false, into: &output) }
            case XML_ELEMENT_NODE:
                let children = level < maxDepth ? current.pointee.children : nil
                switch describe(MarkupElement(document: document, node: current, depth: level)) {
                case .omit:
                    continue
                case .unwrap:
                    stack.append((children, nil, level + 1))
                case .element(let name, let attributes, let isVoid):
                    output.append(UInt8(ascii: "<"))
                    output += name.utf8
                    for (attribute, value) in attributes {
                        output.append(UInt8(ascii: " "))
                        output += attribute.utf8
                        output += "=\"".utf8
                        Self.escape(value, quotes: true, into: &output)
                        output.append(UInt8(ascii: "\""))
                    }
                    if isVoid {
                        output += " />".utf8
                    } else {
                        output.append(UInt8(ascii: ">"))
                        stack.append((children, name, level + 1))
                    }
                }
            default:
                break
            }
        }
    }

    /// Appends `text`'s UTF-8 with `&`, `<`, `>` (and, for `quotes`, `"`) escaped.
    package static func escape(_ text: String, quotes: Bool, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { escape($0, quotes: quotes, into: &output) }
    }

    /// Escapes a text node's content as the string ``children`` would make of it: ill-formed
    /// UTF-8 (which libxml2's recovery can leave) is repaired node by node, as `String(cString:)` does.
    private static func escape(cString content: UnsafePointer<xmlChar>, into output: inout [UInt8]) {
        let bytes = UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content)))
        if bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) == nil {
            escape(String(decoding: bytes, as: UTF8.self), quotes: false, into: &output)
        } else {
            escape(bytes, quotes: false, into: &output)
        }
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, quotes: Bool, into output: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where quotes: replacement = "&quot;"
            default: continue
            }
            output += UnsafeBufferPointer(rebasing: bytes[runStart..<index])
            output += UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount)
            runStart = index + 1
        }
        output += UnsafeBufferPointer(rebasing: bytes[runStart...])
    }
}
