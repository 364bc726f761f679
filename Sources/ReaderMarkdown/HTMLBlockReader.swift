import ReaderCore

/// Reads a raw HTML block of a Markdown file (a README's centred logo and title, a `<details>`
/// section, a hand-written table) as the text a reader sees: tags removed, block elements split
/// into paragraphs, headings kept as headings, `<pre>` kept verbatim, images as image runs,
/// comments, scripts and styles dropped, character references decoded, white space collapsed.
///
/// It is no HTML parser: a Markdown HTML block is a fragment, often unbalanced, and all that is
/// needed is its readable text in source order (so ``SourceAligner`` can map it back).
struct HTMLBlockReader {
    /// One block's worth of the fragment.
    struct Segment: Equatable {
        /// What block the segment becomes.
        enum Kind: Equatable {
            case paragraph
            case heading(level: Int)
            case preformatted
        }

        var kind: Kind
        var pieces: [Piece] = []

        /// The segment's text, pieces joined.
        var text: String { pieces.map(\.text).joined() }
    }

    /// A run of text that came from one place in the source, with the style of the elements around
    /// it; a separator (a line break for `<br>`, a space between table cells) came from no text.
    struct Piece: Equatable {
        var text: String
        var styles: [InlineStyle] = []
        var isSeparator = false
    }

    /// The segments of `html`, in order; empty paragraphs are left out.
    static func segments(of html: String) -> [Segment] {
        read(html).segments
    }

    /// The segments of `html`, with where each one's text ends in `html` (in UTF-16 units: the
    /// start of the tag that ends it, or the end of `html`), so that its text is looked for in
    /// its own part of the source.
    static func read(_ html: String) -> (segments: [Segment], ends: [Int]) {
        var reader = HTMLBlockReader(html: Array(html.unicodeScalars))
        reader.read()
        reader.flush(endingAt: reader.html.count)
        return (reader.segments, reader.ends)
    }

    private let html: [Unicode.Scalar]
    /// Each scalar's offset in UTF-16 units, and the whole length last.
    private let utf16Offsets: [Int]
    private var position = 0
    private var segments: [Segment] = []
    /// Where each segment of ``segments`` ends, in UTF-16 units.
    private var ends: [Int] = []
    private var current = Segment(kind: .paragraph)
    /// The open inline elements' styles, innermost last, with their tag names.
    private var openStyles: [(name: String, style: InlineStyle)] = []

    private init(html: [Unicode.Scalar]) {
        self.html = html
        var offsets = [0]
        offsets.reserveCapacity(html.count + 1)
        for scalar in html { offsets.append(offsets[offsets.count - 1] + scalar.utf16.count) }
        utf16Offsets = offsets
    }

    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "dd", "details", "div", "dl", "dt", "figcaption",
        "figure", "footer", "form", "header", "hr", "li", "main", "nav", "ol", "p", "section", "summary", "table",
        "tbody", "thead", "tfoot", "tr", "ul", "caption",
    ]
    private static let droppedElements: Set<String> = ["script", "style", "template", "textarea", "noscript"]
    private static let cellElements: Set<String> = ["td", "th"]

    private mutating func read() {
        var text: [Unicode.Scalar] = []
        while position < html.count {
            let scalar = html[position]
            let tagStart = position
            if scalar == "<", let tag = readTag() {
                appendText(text)
                text.removeAll()
                handle(tag, at: tagStart)
            } else if scalar == "<", startsWith("<!--") {
                appendText(text)
                text.removeAll()
                skip(past: "-->")
            } else {
                text.append(scalar)
                position += 1
            }
        }
        appendText(text)
    }

    /// Acts on `tag`, which starts at scalar `start`.
    private mutating func handle(_ tag: Tag, at start: Int) {
        let name = tag.name
        if Self.droppedElements.contains(name), !tag.isClosing {
            skip(past: "</\(name)")
            skip(past: ">")
        } else if name == "pre", !tag.isClosing {
            flush(endingAt: start)
            let textStart = position
            position = index(of: "</pre") ?? html.count
            let literal = Self.decodingReferences(String(String.UnicodeScalarView(html[textStart..<position])))
            skip(past: ">")
            var trimmed = literal
            while trimmed.hasPrefix("\n") { trimmed.removeFirst() }
            while trimmed.hasSuffix("\n") { trimmed.removeLast() }
            segments.append(Segment(kind: .preformatted, pieces: [Piece(text: trimmed)]))
            ends.append(utf16Offsets[position])
        } else if name.count == 2, name.first == "h", let level = Int(String(name.dropFirst())), (1...6).contains(level) {
            flush(endingAt: start)
            current.kind = tag.isClosing ? .paragraph : .heading(level: level)
        } else if name == "br" {
            appendLineBreak()
        } else if name == "img" {
            guard !tag.isClosing else { return }
            let alt = Self.decodingReferences(tag.attributes["alt"] ?? "").collapsingWhiteSpace
            let reference = ImageReference(href: tag.attributes["src"] ?? "", alternativeText: alt)
            current.pieces.append(Piece(text: alt, styles: openStyles.map(\.style) + [.image(reference)]))
        } else if Self.blockElements.contains(name) {
            flush(endingAt: start)
        } else if Self.cellElements.contains(name), !tag.isClosing {
            appendSeparator()
        } else if let style = Self.style(of: tag) {
            if tag.isClosing {
                if let index = openStyles.lastIndex(where: { $0.name == name }) { openStyles.remove(at: index) }
            } else if !tag.isSelfClosing {
                openStyles.append((name, style))
            }
        }
    }

    private static func style(of tag: Tag) -> InlineStyle? {
        switch tag.name {
        case "b", "strong": .strong
        case "i", "em", "cite", "var": .emphasis
        case "code", "kbd", "samp", "tt": .code
        case "s", "del", "strike": .strikethrough
        case "u", "ins": .underline
        case "sup": .superscript
        case "sub": .subscript
        case "a": tag.attributes["href"].map { .link(LinkTarget.parsing($0)) } ?? .underline
        default: nil
        }
    }

    // MARK: Text

    private mutating func appendText(_ scalars: [Unicode.Scalar]) {
        guard !scalars.isEmpty else { return }
        var text = Self.decodingReferences(String(String.UnicodeScalarView(scalars))).collapsingWhiteSpace
        let soFar = current.text
        let atLineStart = soFar.isEmpty || soFar.hasSuffix("\n") || soFar.hasSuffix(" ")
        if atLineStart, text.hasPrefix(" ") { text.removeFirst() }
        guard !text.isEmpty else { return }
        current.pieces.append(Piece(text: text, styles: openStyles.map(\.style)))
    }

    private mutating func appendLineBreak() {
        guard !current.text.isEmpty else { return }
        trimTrailingSpace()
        current.pieces.append(Piece(text: "\n", isSeparator: true))
    }

    private mutating func appendSeparator() {
        guard let last = current.pieces.last, !last.text.hasSuffix(" "), !last.text.hasSuffix("\n") else { return }
        current.pieces.append(Piece(text: " ", isSeparator: true))
    }

    private mutating func trimTrailingSpace() {
        while let last = current.pieces.last, last.text.hasSuffix(" ") || last.text.hasSuffix("\n") {
            var trimmed = last.text
            while trimmed.hasSuffix(" ") || trimmed.hasSuffix("\n") { trimmed.removeLast() }
            if trimmed.isEmpty, last.styles.allSatisfy({ if case .image = $0 { false } else { true } }) {
                current.pieces.removeLast()
            } else {
                current.pieces[current.pieces.count - 1].text = trimmed
                return
            }
        }
    }

    /// Ends the segment being built at scalar `end`; a paragraph with no text and no image is dropped.
    private mutating func flush(endingAt end: Int) {
        trimTrailingSpace()
        let hasImage = current.pieces.contains { $0.styles.contains { if case .image = $0 { true } else { false } } }
        if !current.text.isEmpty || hasImage {
            segments.append(current)
            ends.append(utf16Offsets[end])
        }
        current = Segment(kind: .paragraph)
    }

    // MARK: Scanning

    private struct Tag {
        var name: String
        var isClosing: Bool
        var isSelfClosing: Bool
        var attributes: [String: String]
    }

    /// A tag at the cursor (`<name …>` or `</name>`), moving past it; nil, cursor unmoved, when the
    /// `<` opens no tag (a comparison in prose, say).
    private mutating func readTag() -> Tag? {
        var index = position + 1
        let isClosing = index < html.count && html[index] == "/"
        if isClosing { index += 1 }
        guard index < html.count, html[index].properties.isAlphabetic else { return nil }
        var name = ""
        while index < html.count, html[index].properties.isAlphabetic || ("0"..."9").contains(html[index]) || html[index] == "-" {
            name.unicodeScalars.append(html[index])
            index += 1
        }
        var attributes: [String: String] = [:]
        var isSelfClosing = false
        while index < html.count, html[index] != ">" {
            let scalar = html[index]
            if scalar == "/" {
                isSelfClosing = true
                index += 1
            } else if scalar.properties.isWhitespace {
                index += 1
            } else {
                var key = ""
                while index < html.count, !"= \t\n\r/>".unicodeScalars.contains(html[index]) {
                    key.unicodeScalars.append(html[index])
                    index += 1
                }
                if key.isEmpty { index += 1; continue }
                var value = ""
                if index < html.count, html[index] == "=" {
                    index += 1
                    if index < html.count, html[index] == "\"" || html[index] == "'" {
                        let quote = html[index]
                        index += 1
                        while index < html.count, html[index] != quote {
                            value.unicodeScalars.append(html[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        while index < html.count, !" \t\n\r>".unicodeScalars.contains(html[index]) {
                            value.unicodeScalars.append(html[index])
                            index += 1
                        }
                    }
                }
                attributes[key.lowercased()] = Self.decodingReferences(value)
            }
        }
        position = min(index + 1, html.count)
        return Tag(name: name.lowercased(), isClosing: isClosing, isSelfClosing: isSelfClosing, attributes: attributes)
    }

    private func startsWith(_ prefix: String) -> Bool {
        let scalars = Array(prefix.unicodeScalars)
        guard position + scalars.count <= html.count else { return false }
        return html[position..<(position + scalars.count)].elementsEqual(scalars)
    }

    /// Moves the cursor past the next `marker` (compared without ASCII case), or to the end.
    private mutating func skip(past marker: String) {
        position = index(of: marker).map { $0 + marker.unicodeScalars.count } ?? html.count
    }

    /// Where the next `marker` (compared without ASCII case) starts, from the cursor on.
    private func index(of marker: String) -> Int? {
        let scalars = Array(marker.lowercased().unicodeScalars)
        guard !scalars.isEmpty, html.count >= scalars.count else { return nil }
        var start = position
        while start + scalars.count <= html.count {
            if html[start..<(start + scalars.count)].map(Self.asciiLowercased).elementsEqual(scalars) { return start }
            start += 1
        }
        return nil
    }

    private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    // MARK: Character references

    private static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»", "lsquo": "‘",
        "rsquo": "’", "ldquo": "“", "rdquo": "”", "middot": "·", "bull": "•", "times": "×", "deg": "°",
        "euro": "€", "pound": "£", "sect": "§", "para": "¶", "shy": "\u{AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    /// `text` with `&name;`, `&#NN;` and `&#xHH;` replaced by their characters; unknown ones kept.
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let decoded = decode(reference: name) {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func decode(reference name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return namedReferences[String(name)]
    }
}

extension String {
    /// The string with each run of white space (line breaks included) made one space.
    var collapsingWhiteSpace: String {
        var result = ""
        var inSpace = false
        for scalar in unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" {
                if !inSpace { result.unicodeScalars.append(" ") }
                inSpace = true
            } else {
                result.unicodeScalars.append(scalar)
                inSpace = false
            }
        }
        return result
    }
}
