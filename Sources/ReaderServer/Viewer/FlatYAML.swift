/// The plain shape most front matter has, read without a YAML library: one `key: value` per line,
/// values plain, single- or double-quoted on their line, `[a, b]`, or a block list of such items.
/// Anything else (block scalars, nested mappings, anchors, tags, flow mappings, multi-line
/// scalars, tabs, quoted keys) gives nil, and the caller reads the text with Yams instead; where
/// this reader answers, it answers as Yams does. Listing 5,000 articles reads 5,000 front matters,
/// and Yams' node tree costs most of that.
enum FlatYAML {
    /// A value as written.
    enum Value: Equatable {
        /// A scalar's text; `plain` when it was not quoted (so `~` and `null` mean null).
        case scalar(String, plain: Bool)
        /// A list of scalars' texts.
        case sequence([String])
    }

    /// The mapping `yaml` holds, by key; nil when it is not of the plain shape.
    static func parse(_ yaml: String) -> [String: Value]? {
        if yaml.utf8.contains(UInt8(ascii: "\t")) || yaml.utf8.contains(UInt8(ascii: "\r")) { return nil }
        var result: [String: Value] = [:]
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            if isBlankOrComment(line) { continue }
            // A repeated key is an error to Yams: leave the whole text to it.
            guard let first = line.first, first != " ", let (key, rest) = splitKey(line), result[key] == nil else { return nil }
            if rest.isEmpty {
                var items: [String] = []
                var itemIndent: Int?
                while let next = lines.first, !isBlankOrComment(next), let item = listItem(next) {
                    let indent = next.prefix { $0 == " " }.count
                    guard let text = item, indent == (itemIndent ?? indent) else { return nil }
                    itemIndent = indent
                    items.append(text)
                    lines.removeFirst()
                }
                if let next = lines.first(where: { !isBlankOrComment($0) }), next.first == " " { return nil }
                result[key] = items.isEmpty ? .scalar("", plain: true) : .sequence(items)
            } else if rest.first == "[" {
                guard let items = flowSequence(rest) else { return nil }
                result[key] = .sequence(items)
            } else {
                guard let value = scalar(rest) else { return nil }
                result[key] = value
            }
            if let next = lines.first, !isBlankOrComment(next), next.first == " " { return nil }
        }
        return result
    }

    private static func isBlankOrComment(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.isEmpty || trimmed.first == "#"
    }

    /// `key: rest` with a plain key; nil for any other line.
    private static func splitKey(_ line: Substring) -> (String, Substring)? {
        guard let first = line.first, !"-?:,[]{}#&*!|>'\"%@`".contains(first) else { return nil }
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == ":" {
                let after = line.index(after: index)
                if after == line.endIndex || line[after] == " " {
                    var key = line[..<index]
                    while key.last == " " { key = key.dropLast() }
                    if key.contains(" #") { return nil }
                    return (String(key), line[after...].drop { $0 == " " })
                }
            }
            index = line.index(after: index)
        }
        return nil
    }

    /// The text of a block list item line (`- x` or `  - x`): nil when the line is no item, and
    /// `.some(nil)` when it is one this reader does not read.
    private static func listItem(_ line: Substring) -> String?? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.first == "-" else { return nil }
        let afterDash = trimmed.dropFirst()
        guard afterDash.isEmpty || afterDash.first == " " else { return nil }
        let value = afterDash.drop { $0 == " " }
        guard !value.isEmpty, case .scalar(let text, _)? = scalar(value) else { return .some(nil) }
        return .some(text)
    }

    /// One scalar on its line, with what may follow it (spaces, a comment).
    private static func scalar(_ text: Substring) -> Value? {
        switch text.first {
        case "\""?: return doubleQuoted(text)
        case "'"?: return singleQuoted(text)
        case nil: return .scalar("", plain: true)
        default: return plain(text)
        }
    }

    private static func plain(_ text: Substring) -> Value? {
        guard let first = text.first else { return .scalar("", plain: true) }
        if "-?:".contains(first) {
            // Plain only when no space follows ("-5", ":x").
            guard let second = text.dropFirst().first, second != " " else { return nil }
        } else if ",[]{}#&*!|>'\"%@`".contains(first) {
            return nil
        }
        return plainBody(text)
    }

    private static func plainBody(_ text: Substring) -> Value? {
        var end = text.endIndex
        if let comment = text.range(of: " #") { end = comment.lowerBound }
        var value = text[..<end]
        while value.last == " " { value = value.dropLast() }
        if value.contains(": ") || value.hasSuffix(":") { return nil }
        return .scalar(String(value), plain: true)
    }

    private static func singleQuoted(_ text: Substring) -> Value? {
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "'" {
                if next < text.endIndex, text[next] == "'" {
                    result.append("'")
                    index = text.index(after: next)
                    continue
                }
                return onlyCommentAfter(text[next...]) ? .scalar(result, plain: false) : nil
            }
            result.append(character)
            index = next
        }
        return nil
    }

    private static func doubleQuoted(_ text: Substring) -> Value? {
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\"" {
                return onlyCommentAfter(text[index...]) ? .scalar(result, plain: false) : nil
            }
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard index < text.endIndex else { return nil }
            let escaped = text[index]
            index = text.index(after: index)
            switch escaped {
            case "\"", "\\", "/": result.append(escaped)
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u":
                guard let end = text.index(index, offsetBy: 4, limitedBy: text.endIndex),
                      let value = UInt32(text[index..<end], radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                result.unicodeScalars.append(scalar)
                index = end
            default: return nil
            }
        }
        return nil
    }

    private static func onlyCommentAfter(_ rest: Substring) -> Bool {
        let trimmed = rest.drop { $0 == " " }
        return trimmed.isEmpty || (trimmed.first == "#" && rest.first == " ")
    }

    /// `[a, "b, c", 'd']` on one line: its items' texts; nil for nested or multi-line lists.
    private static func flowSequence(_ text: Substring) -> [String]? {
        guard let close = text.lastIndex(of: "]"), onlyCommentAfter(text[text.index(after: close)...]) else { return nil }
        let inside = text[text.index(after: text.startIndex)..<close]
        var parts: [Substring] = []
        var quote: Character?
        var start = inside.startIndex
        var index = inside.startIndex
        while index < inside.endIndex {
            let character = inside[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "," {
                parts.append(inside[start..<index])
                start = inside.index(after: index)
            } else if "[]{}".contains(character) {
                return nil
            }
            index = inside.index(after: index)
        }
        guard quote == nil else { return nil }
        parts.append(inside[start...])
        var items: [String] = []
        for (position, part) in parts.enumerated() {
            var item = part.drop { $0 == " " }
            while item.last == " " { item = item.dropLast() }
            if item.isEmpty {
                // `[]`, and a trailing comma (`[a, b,]`), leave one empty part at the end.
                if position == parts.count - 1 { continue }
                return nil
            }
            if item.first == "\"" || item.first == "'" {
                guard case .scalar(let text, _)? = scalar(item) else { return nil }
                items.append(text)
            } else {
                if item.contains("#") || item.contains(": ") || "-?:&*!|>%@`".contains(item.first!) { return nil }
                items.append(String(item))
            }
        }
        return items
    }
}
