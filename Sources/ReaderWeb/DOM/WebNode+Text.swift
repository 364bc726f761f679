extension WebNode {
    /// The text of the subtree, as written (the DOM's `textContent`).
    var textContent: String {
        if isText { return text }
        var result = ""
        appendText(to: &result)
        return result
    }

    private func appendText(to result: inout String) {
        for child in children {
            if child.isText { result += child.text } else { child.appendText(to: &result) }
        }
    }

    /// The text trimmed, runs of white space collapsed to one space.
    var innerText: String { textContent.collapsingSpaces() }

    /// The length of ``innerText`` in UTF-16 units (as JavaScript counts), without building it.
    var textLength: Int { textSummary.length }

    /// Whether the subtree holds any character other than white space.
    var hasVisibleText: Bool { textSummary.length > 0 }

    /// The text with a space at every block boundary (so words of two paragraphs never run
    /// together), white space collapsed: what a reader sees, as one line.
    var readableText: String {
        var result = ""
        appendReadable(to: &result)
        return result.collapsingSpaces()
    }

    private func appendReadable(to result: inout String) {
        for child in children {
            if child.isText {
                result += child.text
            } else {
                let isBlock = !child.groups.contains(.phrasing) || child.name == "br" || child.name == "img"
                if isBlock { result += " " }
                child.appendReadable(to: &result)
                if isBlock { result += " " }
            }
        }
    }

    /// The share of the text that lies in links (a link to a fragment of the page counts 0.3).
    var linkDensity: Double {
        let length = textLength
        guard length > 0 else { return 0 }
        var linkLength = 0.0
        for link in descendants(named: ["a"]) {
            let weight = (link.attribute("href") ?? "").hasPrefix("#") ? 0.3 : 1
            linkLength += Double(link.textLength) * weight
        }
        return linkLength / Double(length)
    }

    /// Whether the node is only white space (a text node) or a `<br>`.
    var isWhitespace: Bool {
        isText ? text.unicodeScalars.allSatisfy(\.isCollapsibleSpace) : name == "br"
    }

    /// How many times an ASCII character occurs in the text.
    func count(ofASCII byte: UInt8) -> Int {
        if isText {
            var text = text
            return text.withUTF8 { bytes in
                var count = 0
                for candidate in bytes where candidate == byte { count += 1 }
                return count
            }
        }
        return children.reduce(0) { $0 + $1.count(ofASCII: byte) }
    }
}

/// Counts the UTF-16 length of text as it would read trimmed with white space collapsed, fed
/// with text or with the summaries of consecutive parts (the same count either way).
struct CollapsedLength {
    private(set) var count = 0
    private var pendingSpace = false
    private var startsWithSpace = false

    mutating func feed(_ text: String) {
        // ASCII text (most of it) byte by byte; the first other byte sends the whole text through scalars.
        var text = text
        var ascii = self
        let isASCII = text.withUTF8 { bytes in
            for byte in bytes {
                guard byte < 0x80 else { return false }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    if ascii.count == 0 { ascii.startsWithSpace = true }
                    ascii.pendingSpace = ascii.count > 0
                } else {
                    if ascii.pendingSpace { ascii.count += 1 }
                    ascii.pendingSpace = false
                    ascii.count += 1
                }
            }
            return true
        }
        if isASCII {
            self = ascii
            return
        }
        for scalar in text.unicodeScalars {
            if scalar.isCollapsibleSpace {
                if count == 0 { startsWithSpace = true }
                pendingSpace = count > 0
            } else {
                if pendingSpace { count += 1 }
                pendingSpace = false
                count += scalar.value > 0xFFFF ? 2 : 1
            }
        }
    }

    /// Feeds a part's summary: what feeding the part's text would do.
    mutating func feed(_ part: TextSummary) {
        if part.leadingSpace {
            if count == 0 { startsWithSpace = true }
            pendingSpace = count > 0
        }
        guard part.length > 0 else { return }
        if pendingSpace { count += 1 }
        count += part.length
        pendingSpace = part.trailingSpace
    }

    /// The summary of everything fed.
    var summary: TextSummary {
        TextSummary(length: count, leadingSpace: startsWithSpace, trailingSpace: pendingSpace)
    }
}

extension Unicode.Scalar {
    /// White space as JavaScript's `\s` knows it (ASCII, no-break and typographic spaces, line and
    /// paragraph separators, the byte order mark), checked without Unicode property tables.
    var isCollapsibleSpace: Bool {
        switch value {
        case 0x20, 0x09...0x0D: true
        case 0..<0x80: false
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF, 0x85: true
        default: false
        }
    }
}

extension StringProtocol {
    /// Trimmed, with every run of white space one space.
    func collapsingSpaces() -> String {
        // Gathered as UTF-8 bytes: appending scalar by scalar to a string costs more than the rest.
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.isCollapsibleSpace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                if scalar.isASCII {
                    result.append(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    result.append(contentsOf: Unicode.UTF8.encode(scalar)!)
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
