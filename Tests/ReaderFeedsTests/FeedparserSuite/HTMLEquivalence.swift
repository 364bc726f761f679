import ReaderXML

/// Whether two HTML strings read the same: both parsed by libxml2's HTML parser as a fragment and
/// written back canonically (entities decoded, attributes in order and double quotes, void
/// elements closed), then compared.
enum HTMLEquivalence {
    static func same(_ a: String, _ b: String) -> Bool {
        canonical(a) == canonical(b)
    }

    static func canonical(_ html: String) -> String? {
        let wrapped = Array("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"></head><body>".utf8)
            + Array(html.utf8) + Array("</body></html>".utf8)
        guard let document = try? MarkupDocument.parse(wrapped, syntax: .html, name: "expected"),
              let body = document.root?.firstElement("body") else { return nil }
        var output = ""
        write(body, into: &output)
        return output
    }

    private static func write(_ element: MarkupElement, into output: inout String) {
        for child in element.children {
            switch child {
            case .text(let text): output += text
            case .element(let element):
                output += "<" + element.name
                for attribute in element.attributes { output += " \(attribute.name)=\"\(attribute.value)\"" }
                output += ">"
                write(element, into: &output)
                output += "</" + element.name + ">"
            }
        }
    }
}
