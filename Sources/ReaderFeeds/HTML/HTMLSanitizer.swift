import ReaderXML
import ReaderCore

/// Makes feed HTML safe to show: an allow-list of elements and attributes (the one feed readers
/// have long used), `script`, `style`, `applet`, `template` and `noembed` dropped with their content,
/// every other unknown element dropped but its text kept, event attributes (`on…`) and any
/// attribute not on the list dropped, URLs resolved against the base and emptied when their scheme
/// is not a safe one (`javascript:`, `vbscript:`, `data:`), inline styles kept only for
/// harmless properties and values. Comments, processing instructions and doctypes go too.
public enum HTMLSanitizer {
    /// Sanitized markup of an HTML fragment.
    /// - Parameters:
    ///   - html: the fragment, as a feed carries it (CDATA or escaped markup, already decoded).
    ///   - base: what relative URLs are resolved against; nil leaves them relative.
    public static func sanitize(_ html: String, base: String?) -> String {
        sanitize(html, base: base, styles: nil)
    }

    /// ``sanitize(_:base:)`` with the styles already sanitized for the same feed (nil: none yet).
    static func sanitize(_ html: String, base: String?, styles: SanitizedStyles?) -> String {
        // Byte checks first; Foundation's (which compares characters) only where they could differ.
        var text = html
        let (hasMarkup, surelyMarkup) = text.withUTF8 { bytes in
            (ByteSearch.contains(byte: UInt8(ascii: "<"), in: bytes) || ByteSearch.contains(byte: UInt8(ascii: "&"), in: bytes),
             Self.hasLoneMarkupCharacter(bytes))
        }
        if !hasMarkup { return html }
        if !surelyMarkup, !html.contains("<") && !html.contains("&") { return html }
        if let plain = PlainFragment.sanitize(html, base: base) { return plain }
        return sanitizeParsing(html, base: base, styles: styles ?? SanitizedStyles())
    }

    /// Whether a `<` or `&` stands between ASCII bytes (or the ends): a character of its own then,
    /// which the character-wise search would find too. Else (text around it that is not ASCII
    /// could join it into one character) that search decides.
    private static func hasLoneMarkupCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") {
            if (index == 0 || bytes[index - 1] < 0x80), (index + 1 == bytes.count || bytes[index + 1] < 0x80) { return true }
        }
        return false
    }

    /// ``sanitize(_:base:)`` through libxml2's HTML parser, whatever the fragment.
    static func sanitizeParsing(_ html: String, base: String?, styles: SanitizedStyles = SanitizedStyles()) -> String {
        guard let body = parseFragment(html) else { return "" }
        return MarkupSerializer.write(children: body) { element in
            // The HTML parser knows no namespaces: every attribute is a plain name and its value.
            describe(name: element.name.lowercased(), attributes: element.attributeValues.map { ($0.name, nil, $0.value) },
                     base: base, styles: styles)
        }
    }

    /// The `body` of an HTML fragment parsed with libxml2's HTML parser (as UTF-8).
    static func parseFragment(_ html: String) -> MarkupElement? {
        let wrapped = Array("<html><body>".utf8) + Array(html.utf8) + Array("</body></html>".utf8)
        guard let document = try? MarkupDocument.parse(wrapped, syntax: .html, name: "feed HTML", encoding: "UTF-8") else {
            return nil
        }
        return document.root?.firstElement("body")
    }

    /// What is written of an element (`name` lower case): nil to drop it with its content, an
    /// empty name to keep only its content, else its name and the attributes kept.
    static func describe(name: String, attributes written: [(name: String, namespace: String?, value: String)],
                         base: String?) -> (name: String, attributes: [(String, String)])? {
        describe(name: name, attributes: written, base: base, styles: nil)
    }

    /// ``describe(name:attributes:base:)``, with the styles sanitized so far.
    private static func describe(name: String, attributes written: [(name: String, namespace: String?, value: String)],
                                 base: String?, styles: SanitizedStyles?) -> (name: String, attributes: [(String, String)])? {
        if droppedWithContent.contains(name) { return nil }
        guard allowedElements.contains(name) else { return ("", []) }
        var attributes: [(String, String)] = []
        for attribute in written {
            let attributeName = MarkupSerializer.qualifiedName(attribute).lowercased()
            guard allowedAttributes.contains(attributeName) else { continue }
            var value = attribute.value
            if urlAttributes.contains(attributeName) {
                // An unsafe URL is emptied rather than dropped, as feed readers do: the link stays a link.
                if !value.trimmingASCIIWhitespace().isEmpty { value = URLResolver.safeResolve(value, against: base) ?? "" }
            } else if attributeName == "style" {
                value = styles?.sanitized(value) ?? CSSSanitizer.sanitize(value)
                if value.isEmpty { continue }
            }
            attributes.append((attributeName, value))
        }
        return (name, attributes)
    }

    /// Elements whose content is never shown or is code.
    static let droppedWithContent: Set<String> = ["script", "style", "applet", "template", "noembed", "head", "title"]

    /// Attributes that hold a URL.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "background", "cite", "dynsrc", "longdesc", "lowsrc", "poster", "usemap",
    ]

    static let allowedElements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "big", "blockquote", "br",
        "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "command", "datagrid",
        "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "event-source",
        "fieldset", "figcaption", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hr", "i", "img", "input", "ins", "kbd", "keygen", "label", "legend", "li", "m", "map", "menu", "meter",
        "multicol", "nav", "nextid", "noscript", "ol", "optgroup", "option", "output", "p", "pre", "progress", "q",
        "rp", "rt", "ruby", "s", "samp", "section", "select", "small", "sound", "source", "spacer", "span", "strike",
        "strong", "sub", "sup", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "time", "tr", "tt", "u",
        "ul", "var", "video", "mark", "main", "summary", "picture", "wbr",
    ]

    static let allowedAttributes: Set<String> = [
        "abbr", "accept", "accept-charset", "accesskey", "action", "align", "alt", "autocomplete", "autofocus", "axis",
        "background", "balance", "bgcolor", "bgproperties", "border", "bordercolor", "bordercolordark",
        "bordercolorlight", "bottompadding", "cellpadding", "cellspacing", "ch", "challenge", "char", "charoff",
        "charset", "checked", "choff", "cite", "class", "clear", "color", "cols", "colspan", "compact",
        "contenteditable", "controls", "coords", "data", "datafld", "datapagesize", "datasrc", "datetime", "default",
        "delay", "dir", "disabled", "draggable", "dynsrc", "enctype", "end", "face", "for", "form", "frame",
        "galleryimg", "gutter", "headers", "height", "hidden", "hidefocus", "high", "href", "hreflang", "hspace",
        "icon", "id", "inputmode", "ismap", "keytype", "label", "lang", "leftspacing", "list", "longdesc", "loop",
        "loopcount", "loopend", "loopstart", "low", "lowsrc", "max", "maxlength", "media", "method", "min",
        "multiple", "name", "nohref", "noshade", "nowrap", "open", "optimum", "pattern", "ping", "point-size",
        "poster", "pqg", "preload", "prompt", "radiogroup", "readonly", "rel", "repeat-max", "repeat-min", "replace",
        "required", "rev", "rightspacing", "rows", "rowspan", "rules", "scope", "selected", "shape", "size", "span",
        "src", "start", "step", "style", "summary", "suppress", "tabindex", "target", "template", "title",
        "toppadding", "type", "unselectable", "urn", "usemap", "valign", "value", "variable", "volume", "vrml",
        "vspace", "width", "wrap", "xml:lang",
    ]
}
