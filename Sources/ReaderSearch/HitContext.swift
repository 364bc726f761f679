import ReaderCore

/// The text around a match for ``Locator/text``: up to ``reach`` characters either side, taken
/// across block and section boundaries where the text runs on, whitespace collapsed, cut at a
/// word boundary when one falls in the outer half.
enum HitContext {
    /// The most characters of context on each side.
    static let reach = 60
    /// The fewest characters a cut at a word boundary may leave.
    static let minimum = 30
    /// UTF-16 units read on each side before collapsing (whitespace runs shrink).
    static let window = 160

    static func make(start: StreamOffset, end: StreamOffset, texts: SectionTexts) throws(ReaderError) -> Locator.TextContext {
        let before = try textBefore(start, texts: texts)
        let highlight = try textBetween(start, end, texts: texts)
        let after = try textAfter(end, texts: texts)
        return Locator.TextContext(before: trimmedBefore(collapsed(before)), highlight: collapsed(highlight),
                                   after: trimmedAfter(collapsed(after)))
    }

    private static func textBefore(_ offset: StreamOffset, texts: SectionTexts) throws(ReaderError) -> String {
        let section = try texts.text(of: offset.section)
        var result = section.text(from: offset.offset - window, to: offset.offset)
        if offset.offset < window, texts.continuesPrevious(offset.section) {
            let previous = try texts.text(of: offset.section - 1)
            result = previous.text(from: previous.length - window, to: previous.length) + result
        }
        return result
    }

    private static func textAfter(_ offset: StreamOffset, texts: SectionTexts) throws(ReaderError) -> String {
        let section = try texts.text(of: offset.section)
        var result = section.text(from: offset.offset, to: offset.offset + window)
        if offset.offset + window > section.length, texts.continuesPrevious(offset.section + 1) {
            result += try texts.text(of: offset.section + 1).text(from: 0, to: window)
        }
        return result
    }

    private static func textBetween(_ start: StreamOffset, _ end: StreamOffset, texts: SectionTexts) throws(ReaderError) -> String {
        if start.section == end.section {
            return try texts.text(of: start.section).text(from: start.offset, to: end.offset)
        }
        var result = ""
        for section in start.section...end.section {
            let text = try texts.text(of: section)
            let from = section == start.section ? start.offset : 0
            let to = section == end.section ? end.offset : text.length
            result += text.text(from: from, to: to)
        }
        return result
    }

    /// Runs of whitespace as one space.
    static func collapsed(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var inWhitespace = false
        for scalar in text.unicodeScalars {
            let isWhitespace = scalar.isASCII ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
            if isWhitespace {
                inWhitespace = true
                continue
            }
            if inWhitespace { result.unicodeScalars.append(" ") }
            inWhitespace = false
            result.unicodeScalars.append(scalar)
        }
        if inWhitespace { result.unicodeScalars.append(" ") }
        return result
    }

    static func trimmedBefore(_ text: String) -> String {
        guard text.count > reach else { return text.hasPrefix(" ") ? String(text.dropFirst()) : text }
        let kept = text.suffix(reach)
        if let space = kept.prefix(reach - minimum).firstIndex(of: " ") { return String(kept[kept.index(after: space)...]) }
        return String(kept)
    }

    static func trimmedAfter(_ text: String) -> String {
        guard text.count > reach else { return text.hasSuffix(" ") ? String(text.dropLast()) : text }
        let kept = text.prefix(reach)
        if let space = kept.suffix(reach - minimum).lastIndex(of: " ") { return String(kept[..<space]) }
        return String(kept)
    }
}
