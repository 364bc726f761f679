/// Sanitizes the plainest HTML fragments without libxml2, with the very result its HTML parser
/// and ``HTMLSanitizer`` give them (parsing each small fragment was most of a feed's cost).
///
/// A fragment is plain when it is well-formed and nothing in it is left to the parser's repair
/// rules: `p` only at the top, inside it (or at the top) only `a`, `em`, `strong`, `b`, `i`,
/// `span`, `code`, none inside another of its name; lower-case names; attributes as
/// `name="value"`; the entities `&amp;`, `&lt;`, `&gt;`, `&quot;` and decimal character
/// references to printable characters; no control characters. Every one of these elements holds
/// text, so the parser keeps white space between them as it is. Anything else: nil, and the caller parses.
enum PlainFragment {
    /// The elements a plain fragment may hold.
    static let elements: Set<String> = ["p", "a", "em", "strong", "b", "i", "span", "code"]

    /// The sanitized markup, or nil when the fragment is not plain.
    static func sanitize(_ html: String, base: String?) -> String? {
        var html = html
        return html.withUTF8 { bytes in
            var reader = Reader(bytes: bytes, base: base)
            return reader.run() ? String(decoding: reader.output, as: UTF8.self) : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let base: String?
        var index = 0
        var output: [UInt8] = []
        var open: [String] = []

        init(bytes: UnsafeBufferPointer<UInt8>, base: String?) {
            self.bytes = bytes
            self.base = base
            output.reserveCapacity(bytes.count + bytes.count / 8)
        }

        /// Reads the whole fragment; false when it is not plain.
        mutating func run() -> Bool {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    let closes = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
                    guard closes ? endTag() : startTag() else { return false }
                } else {
                    guard text() else { return false }
                }
            }
            return open.isEmpty
        }

        /// Character data up to the next tag, escaped into the output.
        private mutating func text() -> Bool {
            var segmentStart = index
            var segmentIsBlank = true
            func endSegment() -> Bool {
                // The parser drops a run of nothing but white space only inside elements that hold
                // no text of their own (none of the plain ones) or after such an element, or when it
                // reads the run in several pieces (past its buffer): long blank runs are left to it.
                !(segmentIsBlank && index - segmentStart > 256)
            }
            // Bytes that stand as they are go to the output a run at a time.
            var runStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "&") {
                    flush(from: runStart)
                    guard endSegment(), let decoded = entity() else { return false }
                    escape(decoded, quotes: false)
                    segmentStart = index
                    segmentIsBlank = true
                    runStart = index
                    continue
                }
                guard isAllowed(at: index) else { return false }
                if !(byte == 0x20 || byte == 0x09 || byte == 0x0A) { segmentIsBlank = false }
                if byte == UInt8(ascii: ">") {
                    flush(from: runStart)
                    escape(byte, quotes: false)
                    runStart = index + 1
                }
                index += 1
            }
            flush(from: runStart)
            return endSegment()
        }

        /// Appends the bytes from `start` up to `index` as they are.
        private mutating func flush(from start: Int) {
            if index > start { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
        }

        /// `<name attr="value" …>`.
        private mutating func startTag() -> Bool {
            index += 1
            guard let name = name(letters: false), PlainFragment.elements.contains(name), !open.contains(name),
                  name != "p" || open.isEmpty else { return false }
            var attributes: [(name: String, namespace: String?, value: String)] = []
            while true {
                var spaced = false
                while index < bytes.count, bytes[index] == 0x20 {
                    index += 1
                    spaced = true
                }
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                guard spaced, let attribute = self.name(letters: true), !attributes.contains(where: { $0.name == attribute }),
                      index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"") else {
                    return false
                }
                index += 2
                var value: [UInt8] = []
                while true {
                    guard index < bytes.count else { return false }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        index += 1
                        break
                    }
                    if byte == UInt8(ascii: "&") {
                        guard let decoded = entity() else { return false }
                        value += decoded
                        continue
                    }
                    guard byte != UInt8(ascii: "<"), byte >= 0x20, isAllowed(at: index) else { return false }
                    value.append(byte)
                    index += 1
                }
                attributes.append((attribute, nil, String(decoding: value, as: UTF8.self)))
            }
            guard let (written, kept) = HTMLSanitizer.describe(name: name, attributes: attributes, base: base), written == name else {
                return false
            }
            output.append(UInt8(ascii: "<"))
            output += name.utf8
            for (attribute, value) in kept {
                output.append(UInt8(ascii: " "))
                output += attribute.utf8
                output += "=\"".utf8
                for byte in value.utf8 { escape(byte, quotes: true) }
                output.append(UInt8(ascii: "\""))
            }
            output.append(UInt8(ascii: ">"))
            open.append(name)
            return true
        }

        /// `</name>` closing the element open last.
        private mutating func endTag() -> Bool {
            index += 2
            guard let name = name(letters: false), name == open.last, index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                return false
            }
            index += 1
            open.removeLast()
            output += "</".utf8
            output += name.utf8
            output.append(UInt8(ascii: ">"))
            return true
        }

        /// A lower-case name: letters, or for attributes letters then letters, digits and `-`.
        private mutating func name(letters attribute: Bool) -> String? {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
                let isOther = attribute && index > start && (byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")))
                guard isLetter || isOther else { break }
                index += 1
            }
            guard index > start else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// The UTF-8 of the entity at `index` (which is `&`), or nil when it is not one of the plain ones.
        private mutating func entity() -> [UInt8]? {
            guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let name = bytes[(index + 1)..<semicolon]
            var decoded: [UInt8]
            switch String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self) {
            case "amp": decoded = [UInt8(ascii: "&")]
            case "lt": decoded = [UInt8(ascii: "<")]
            case "gt": decoded = [UInt8(ascii: ">")]
            case "quot": decoded = [UInt8(ascii: "\"")]
            default:
                guard name.count >= 2, name.first == UInt8(ascii: "#"), name.count <= 8,
                      name.dropFirst().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
                let value = name.dropFirst().reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                let printable = (0x20...0x7E).contains(value) || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                    || (0x10000...0x10FFFF).contains(value)
                guard printable, let scalar = Unicode.Scalar(value) else { return nil }
                decoded = Array(String(scalar).utf8)
            }
            index = semicolon + 1
            return decoded
        }

        /// Whether the byte at `index` may stand in plain text: no control character but tab and
        /// line feed, and not the start of U+FFFE or U+FFFF (which the parser drops).
        private func isAllowed(at index: Int) -> Bool {
            let byte = bytes[index]
            if byte < 0x20 { return byte == 0x09 || byte == 0x0A }
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return false }
            return true
        }

        private mutating func escape(_ decoded: [UInt8], quotes: Bool) {
            for byte in decoded { escape(byte, quotes: quotes) }
        }

        private mutating func escape(_ byte: UInt8, quotes: Bool) {
            switch byte {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\"") where quotes: output += "&quot;".utf8
            default: output.append(byte)
            }
        }
    }
}
