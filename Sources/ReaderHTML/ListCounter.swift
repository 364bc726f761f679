import ReaderXML

/// Numbers the items of one list: `ol start`, `reversed` and `type`, and `li value`. A list styled
/// `list-style: none` inline, or inside a `<nav>` (EPUB navigation documents default their lists
/// to no marker), has unmarked items.
struct ListCounter {
    /// How item numbers are written.
    enum Style {
        case none, bullet, decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman
    }

    let style: Style
    private var next: Int
    private let step: Int

    /// An unordered list's counter.
    static let bullets = ListCounter(style: .bullet, next: 1, step: 1)

    private init(style: Style, next: Int, step: Int) {
        self.style = style
        self.next = next
        self.step = step
    }

    /// The counter of a list element.
    init(list element: MarkupElement, ordered: Bool, insideNavigation: Bool) {
        if insideNavigation || Self.hasNoMarkerStyle(element) {
            self.init(style: .none, next: 1, step: 1)
            return
        }
        guard ordered else {
            self = .bullets
            return
        }
        let reversed = element.attribute("reversed") != nil
        let style: Style
        switch element.attribute("type")?.trimmed {
        case "a": style = .lowerAlpha
        case "A": style = .upperAlpha
        case "i": style = .lowerRoman
        case "I": style = .upperRoman
        default: style = .decimal
        }
        let next: Int
        if let start = element.attribute("start").flatMap({ Int($0.trimmed) }) {
            next = Self.clamped(start)
        } else if reversed {
            next = element.elements.reduce(0) { $0 + ($1.name == "li" ? 1 : 0) }
        } else {
            next = 1
        }
        self.init(style: style, next: next, step: reversed ? -1 : 1)
    }

    /// Whether the inline style says `list-style: none` or `list-style-type: none`.
    private static func hasNoMarkerStyle(_ element: MarkupElement) -> Bool {
        guard let style = element.attribute("style") else { return false }
        let compact = String(style.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        return compact.contains("list-style:none") || compact.contains("list-style-type:none")
    }

    /// The marker of the next item (`li value` resets the count), and counts it; nil for unmarked
    /// items.
    mutating func marker(value: Int?) -> String? {
        guard style != .none else { return nil }
        if let value { next = Self.clamped(value) }
        defer { next += step }
        return Self.marker(next, style: style)
    }

    /// A `start` or `value` held to the 32-bit range browsers keep list counters in, so that
    /// counting on from `start="9223372036854775807"` cannot overflow.
    private static func clamped(_ number: Int) -> Int {
        min(max(number, Int(Int32.min)), Int(Int32.max))
    }

    /// "•" for bullets, else the number in its style followed by a full stop.
    static func marker(_ number: Int, style: Style) -> String {
        switch style {
        case .none: return ""
        case .bullet: return "•"
        case .decimal: return "\(number)."
        case .lowerAlpha, .upperAlpha:
            guard number > 0 else { return "\(number)." }
            let letters = alphabetic(number)
            return (style == .upperAlpha ? letters.uppercased() : letters) + "."
        case .lowerRoman, .upperRoman:
            guard number > 0, number < 4000 else { return "\(number)." }
            let numeral = roman(number)
            return (style == .upperRoman ? numeral : numeral.lowercased()) + "."
        }
    }

    /// 1 → a, 26 → z, 27 → aa (CSS `lower-alpha`).
    private static func alphabetic(_ number: Int) -> String {
        var number = number
        var scalars: [Unicode.Scalar] = []
        while number > 0 {
            number -= 1
            scalars.append(Unicode.Scalar(UInt8(97 + number % 26)))
            number /= 26
        }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }

    private static func roman(_ number: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var number = number
        var result = ""
        for (value, numeral) in table {
            while number >= value {
                result += numeral
                number -= value
            }
        }
        return result
    }
}
