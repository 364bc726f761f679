import ReaderXML

/// What sanitized feed HTML (ReaderFeeds' `HTMLSanitizer`, used by feeds and OPDS) promises, read
/// back the way a browser would: parsed again as HTML, it holds no element dropped with its content
/// (`script`, `style`, `applet`, `template`, `noembed`, `head`, `title`, and no `iframe`, `object`,
/// `embed`, `frame`, `base`, `meta`, `link`, `svg`, `math`, which are not on the allow-list), no
/// event attribute (`on…`), and no URL attribute whose scheme (after removing what a browser's URL
/// parser ignores: leading C0 controls and spaces, tabs and line breaks anywhere) runs code or
/// embeds data (`javascript:`, `vbscript:`, `data:`).
public enum SanitizedHTML {
    private static let forbiddenElements: Set<String> = [
        "script", "style", "applet", "template", "noembed", "head", "title", "iframe", "object", "embed", "frame",
        "frameset", "base", "meta", "link", "svg", "math",
    ]
    private static let urlAttributes: Set<String> = [
        "href", "src", "action", "background", "cite", "dynsrc", "longdesc", "lowsrc", "poster", "usemap", "formaction",
        "xlink:href",
    ]

    /// Checks `html`; `context` names it in a failure.
    public static func check(_ html: String, context: @autoclosure () -> String) {
        guard html.contains("<") else { return }
        let wrapped = Array("<html><body>".utf8) + Array(html.utf8) + Array("</body></html>".utf8)
        guard let document = try? MarkupDocument.parse(wrapped, syntax: .html, name: "sanitized", encoding: "UTF-8"),
              let body = document.root?.firstElement("body") else { return }
        var stack = [body]
        while let element = stack.popLast() {
            let name = element.name.lowercased()
            fuzzCheck(!forbiddenElements.contains(name), "\(context()): sanitized HTML has a <\(name)>: \(html.prefix(300))")
            for attribute in element.attributes {
                let attributeName = attribute.name.lowercased()
                fuzzCheck(!attributeName.hasPrefix("on"), "\(context()): sanitized HTML has \(attributeName)=: \(html.prefix(300))")
                guard urlAttributes.contains(attributeName) else { continue }
                let url = browserView(attribute.value)
                for scheme in ["javascript:", "vbscript:", "data:"] {
                    fuzzCheck(!url.hasPrefix(scheme), "\(context()): sanitized HTML has \(attributeName)=\"\(attribute.value)\"")
                }
            }
            element.forEachChild { child in
                if case .element(let child) = child { stack.append(child) }
            }
        }
    }

    /// A URL as a browser's URL parser sees its scheme: leading C0 controls and spaces gone, tabs
    /// and line breaks removed anywhere, lower case.
    private static func browserView(_ value: String) -> String {
        let scalars = value.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        return String(String.UnicodeScalarView(scalars)).lowercased()
    }
}
