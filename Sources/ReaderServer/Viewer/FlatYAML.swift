import ReaderCore

/// The plain shape most front matter has, read without a YAML library: one `key: value` per line,
/// values plain, single- or double-quoted on their line, `[a, b]`, or a block list of such items.
/// Anything else (block scalars, nested mappings, anchors, tags, flow mappings, multi-line
/// scalars, tabs, quoted keys, a repeated key) gives nil, and the caller reads the text with Yams
/// instead; where this reader answers, it answers as Yams does. Listing 5,000 articles reads 5,000
/// front matters, and Yams' node tree costs most of that.
///
/// It reads UTF-8 bytes: every byte YAML's syntax uses here is ASCII, and no byte of a multi-byte
/// character is.
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
        var yaml = yaml
        return yaml.withUTF8 { Reader(bytes: $0).mapping() }
    }

    private static let space = UInt8(ascii: " "), hash = UInt8(ascii: "#"), colon = UInt8(ascii: ":")
    private static let dash = UInt8(ascii: "-"), doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")
    /// Bytes a key or a plain scalar may not start with.
    private static let indicators = Set("-?:,[]{}#&*!|>'\"%@`".utf8)
    /// Bytes a plain item of a flow list may not start with.
    private static let itemIndicators = Set("-?:&*!|>%@`".utf8)

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>

        func mapping() -> [String: Value]? {
            if ByteSearch.contains(byte: 0x09, in: bytes) || ByteSearch.contains(byte: 0x0D, in: bytes) { return nil }
            var lines: [Range<Int>] = []
            var start = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                lines.append(start..<index)
                start = index + 1
            }
            lines.append(start..<bytes.count)

            var result: [String: Value] = [:]
            var next = 0
            while next < lines.count {
                let line = lines[next]
                next += 1
                if isBlankOrComment(line) { continue }
                guard bytes[line.lowerBound] != space, let (key, rest) = splitKey(line), result[key] == nil else { return nil }
                if rest.isEmpty {
                    var items: [String] = []
                    var itemIndent: Int?
                    while next < lines.count, !isBlankOrComment(lines[next]), let item = listItem(lines[next]) {
                        let indent = leadingSpaces(lines[next])
                        guard let text = item, indent == (itemIndent ?? indent) else { return nil }
                        itemIndent = indent
                        items.append(text)
                        next += 1
                    }
                    // An indented line after a key with no value on its line is a nested mapping or a continuation.
                    if let following = lines[next...].first(where: { !isBlankOrComment($0) }), bytes[following.lowerBound] == space {
                        return nil
                    }
                    result[key] = items.isEmpty ? .scalar("", plain: true) : .sequence(items)
                } else if bytes[rest.lowerBound] == UInt8(ascii: "[") {
                    guard let items = flowSequence(rest) else { return nil }
                    result[key] = .sequence(items)
                } else {
                    guard let value = scalar(rest) else { return nil }
                    result[key] = value
                }
                // An indented line right after a value continues it over lines.
                if next < lines.count, !isBlankOrComment(lines[next]), bytes[lines[next].lowerBound] == space { return nil }
            }
            return result
        }

        private func leadingSpaces(_ range: Range<Int>) -> Int {
            var index = range.lowerBound
            while index < range.upperBound, bytes[index] == space { index += 1 }
            return index - range.lowerBound
        }

        private func isBlankOrComment(_ line: Range<Int>) -> Bool {
            let start = line.lowerBound + leadingSpaces(line)
            return start == line.upperBound || bytes[start] == hash
        }

        private func trimmed(_ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, bytes[lower] == space { lower += 1 }
            while upper > lower, bytes[upper - 1] == space { upper -= 1 }
            return lower..<upper
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// Whether `pattern` (ASCII) occurs in `range`.
        private func holds(_ range: Range<Int>, _ pattern: StaticString) -> Bool {
            let count = pattern.utf8CodeUnitCount
            guard range.count >= count else { return false }
            let pattern = UnsafeBufferPointer(start: pattern.utf8Start, count: count)
            for start in range.lowerBound...(range.upperBound - count) where bytes[start] == pattern[0] {
                if (1..<count).allSatisfy({ bytes[start + $0] == pattern[$0] }) { return true }
            }
            return false
        }

        /// `key: rest` with a plain key; nil for any other line.
        private func splitKey(_ line: Range<Int>) -> (String, Range<Int>)? {
            guard !indicators.contains(bytes[line.lowerBound]) else { return nil }
            for index in line where bytes[index] == colon {
                let after = index + 1
                guard after == line.upperBound || bytes[after] == space else { continue }
                let key = trimmed(line.lowerBound..<index)
                if holds(key, " #") { return nil }
                return (text(key), trimmed(after..<line.upperBound).lowerBound..<line.upperBound)
            }
            return nil
        }

        /// The text of a block list item line (`- x` or `  - x`): nil when the line is no item, and
        /// `.some(nil)` when it is one this reader does not read.
        private func listItem(_ line: Range<Int>) -> String?? {
            let dashAt = line.lowerBound + leadingSpaces(line)
            guard dashAt < line.upperBound, bytes[dashAt] == dash else { return nil }
            guard dashAt + 1 == line.upperBound || bytes[dashAt + 1] == space else { return nil }
            let value = trimmed(dashAt + 1..<line.upperBound).lowerBound..<line.upperBound
            guard !value.isEmpty, case .scalar(let text, _)? = scalar(value) else { return .some(nil) }
            return .some(text)
        }

        /// One scalar on its line, with what may follow it (spaces, a comment).
        private func scalar(_ range: Range<Int>) -> Value? {
            guard let first = range.first.map({ bytes[$0] }) else { return .scalar("", plain: true) }
            if first == doubleQuote { return doubleQuoted(range) }
            if first == singleQuote { return singleQuoted(range) }
            if first == dash || first == UInt8(ascii: "?") || first == colon {
                // Plain only when no space follows ("-5", ":x").
                guard range.count > 1, bytes[range.lowerBound + 1] != space else { return nil }
            } else if indicators.contains(first) {
                return nil
            }
            var end = range.upperBound
            for index in range.dropFirst() where bytes[index] == hash && bytes[index - 1] == space {
                end = index
                break
            }
            let value = trimmed(range.lowerBound..<end)
            if holds(value, ": ") || bytes[value.upperBound - 1] == colon { return nil }
            return .scalar(text(value), plain: true)
        }

        private func singleQuoted(_ range: Range<Int>) -> Value? {
            var result: [UInt8] = []
            var index = range.lowerBound + 1
            while index < range.upperBound {
                if bytes[index] == singleQuote {
                    if index + 1 < range.upperBound, bytes[index + 1] == singleQuote {
                        result.append(singleQuote)
                        index += 2
                        continue
                    }
                    return onlyCommentAfter(index + 1..<range.upperBound) ? .scalar(String(decoding: result, as: UTF8.self), plain: false) : nil
                }
                result.append(bytes[index])
                index += 1
            }
            return nil
        }

        private func doubleQuoted(_ range: Range<Int>) -> Value? {
            var result: [UInt8] = []
            var index = range.lowerBound + 1
            while index < range.upperBound {
                let byte = bytes[index]
                index += 1
                if byte == doubleQuote {
                    return onlyCommentAfter(index..<range.upperBound) ? .scalar(String(decoding: result, as: UTF8.self), plain: false) : nil
                }
                guard byte == backslash else {
                    result.append(byte)
                    continue
                }
                guard index < range.upperBound else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case doubleQuote, backslash, UInt8(ascii: "/"): result.append(escaped)
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "u"):
                    guard index + 4 <= range.upperBound,
                          let value = UInt32(text(index..<index + 4), radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                    result.append(contentsOf: String(Character(scalar)).utf8)
                    index += 4
                default: return nil
                }
            }
            return nil
        }

        private func onlyCommentAfter(_ rest: Range<Int>) -> Bool {
            let start = trimmed(rest).lowerBound
            return start == rest.upperBound || (bytes[start] == hash && bytes[rest.lowerBound] == space)
        }

        /// `[a, "b, c", 'd']` on one line: its items' texts; nil for nested or multi-line lists.
        private func flowSequence(_ range: Range<Int>) -> [String]? {
            guard let close = range.last(where: { bytes[$0] == UInt8(ascii: "]") }),
                  onlyCommentAfter(close + 1..<range.upperBound) else { return nil }
            let inside = range.lowerBound + 1..<close
            var parts: [Range<Int>] = []
            var quote: UInt8?
            var start = inside.lowerBound
            for index in inside {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == doubleQuote || byte == singleQuote {
                    quote = byte
                } else if byte == UInt8(ascii: ",") {
                    parts.append(start..<index)
                    start = index + 1
                } else if "[]{}".utf8.contains(byte) {
                    return nil
                }
            }
            guard quote == nil else { return nil }
            parts.append(start..<inside.upperBound)
            var items: [String] = []
            for (position, part) in parts.enumerated() {
                let item = trimmed(part)
                if item.isEmpty {
                    // `[]`, and a trailing comma (`[a, b,]`), leave one empty part at the end.
                    if position == parts.count - 1 { continue }
                    return nil
                }
                let first = bytes[item.lowerBound]
                if first == doubleQuote || first == singleQuote {
                    guard case .scalar(let text, _)? = scalar(item) else { return nil }
                    items.append(text)
                } else {
                    if item.contains(where: { bytes[$0] == hash }) || holds(item, ": ") || itemIndicators.contains(first) { return nil }
                    items.append(text(item))
                }
            }
            return items
        }
    }
}
