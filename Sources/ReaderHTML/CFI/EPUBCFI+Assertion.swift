extension EPUBCFI {
    /// A bracketed assertion: `[para05]` after a step, `[yyy]`, `[xx,y]` or `[,y]` after a
    /// character offset, and parameters such as `;s=b` in either place.
    ///
    /// Values are kept unescaped; ``description`` escapes `^ [ ] ( ) , ; =` with a circumflex.
    /// Empty values count as absent, so an assertion never prints as `[]`.
    public struct Assertion: Hashable, Sendable, CustomStringConvertible {
        /// The first value: the id of a step's element, or the text just before a character offset.
        public private(set) var value: String?
        /// The value after the comma: the text just after a character offset.
        public private(set) var trailingValue: String?
        /// The parameters, in the order written (`;s=b;vnd.x=1,2`).
        public private(set) var parameters: [Parameter]

        /// Creates an assertion; empty strings count as absent, and parameters with an empty name,
        /// a name with a space, or no value are dropped. Nil when nothing is left.
        public init?(value: String? = nil, trailingValue: String? = nil, parameters: [Parameter] = []) {
            self.value = value.flatMap { $0.isEmpty ? nil : $0 }
            self.trailingValue = trailingValue.flatMap { $0.isEmpty ? nil : $0 }
            self.parameters = parameters.filter { !$0.name.isEmpty && !$0.name.contains(" ") && !$0.values.isEmpty }
            if self.value == nil && self.trailingValue == nil && self.parameters.isEmpty { return nil }
        }

        /// A text location assertion with an optional side bias.
        public static func text(before: String?, after: String?, sideBias: SideBias? = nil) -> Assertion? {
            Assertion(value: before, trailingValue: after,
                      parameters: sideBias.map { [Parameter(name: "s", values: [$0.rawValue])] } ?? [])
        }

        /// The text asserted just before a character offset (the first value).
        public var textBefore: String? { value }
        /// The text asserted just after a character offset (the value after the comma).
        public var textAfter: String? { trailingValue }

        /// The side bias (`;s=a` or `;s=b`), when the assertion has one.
        public var sideBias: SideBias? {
            parameters.first(where: { $0.name == "s" })?.values.first.flatMap(SideBias.init(rawValue:))
        }

        /// The values of the named parameter.
        public func parameter(_ name: String) -> [String]? {
            parameters.first(where: { $0.name == name })?.values
        }

        /// The canonical text, with the brackets: `[yyy;s=b]`, `[2^[1^]]`.
        public var description: String {
            var text = "["
            if let value { text += Self.escaped(value) }
            if let trailingValue { text += "," + Self.escaped(trailingValue) }
            for parameter in parameters {
                text += ";" + Self.escaped(parameter.name) + "="
                text += parameter.values.map(Self.escaped).joined(separator: ",")
            }
            return text + "]"
        }

        /// The characters a circumflex escapes inside assertions (EPUB CFI 1.1 § 2.2).
        static let specialCharacters: Set<UInt8> = Set("^[](),;=".utf8)

        /// `text` with each special character preceded by `^`.
        public static func escaped(_ text: String) -> String {
            guard text.utf8.contains(where: specialCharacters.contains) else { return text }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + 8)
            for byte in text.utf8 {
                if specialCharacters.contains(byte) { bytes.append(UInt8(ascii: "^")) }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// One `;name=value,value` parameter of an assertion. Readers ignore names they do not know.
    public struct Parameter: Hashable, Sendable {
        /// The name (`s` for side bias; `vnd.` prefixes for vendor extensions).
        public var name: String
        /// The comma-separated values.
        public var values: [String]

        /// Creates a parameter.
        public init(name: String, values: [String]) {
            self.name = name
            self.values = values.filter { !$0.isEmpty }
        }
    }

    /// Which content a location sticks to when a break (page, line) falls on it.
    public enum SideBias: String, Hashable, Sendable {
        /// `s=b`: the content before the location.
        case before = "b"
        /// `s=a`: the content after the location.
        case after = "a"
    }
}
