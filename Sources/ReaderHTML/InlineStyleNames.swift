import ReaderCore

/// The inline styles that HTML elements carry by their name alone (presentational CSS is not read).
enum InlineStyleNames {
    /// The style of an element name (lower case), or nil for elements that only carry text.
    static func style(for name: String) -> InlineStyle? {
        styles[name]
    }

    private static let styles: [String: InlineStyle] = {
        var styles: [String: InlineStyle] = [:]
        for name in ["em", "i", "cite", "dfn", "var"] { styles[name] = .emphasis }
        for name in ["strong", "b"] { styles[name] = .strong }
        for name in ["code", "kbd", "samp", "tt"] { styles[name] = .code }
        for name in ["s", "strike", "del"] { styles[name] = .strikethrough }
        for name in ["u", "ins"] { styles[name] = .underline }
        styles["sup"] = .superscript
        styles["sub"] = .subscript
        return styles
    }()

    /// A declared size attribute (`width="300"`, `height="200px"`) as whole CSS pixels.
    static func pixels(_ attribute: String?) -> Int? {
        guard var value = attribute?.trimmed, !value.isEmpty else { return nil }
        if value.hasSuffix("px") { value.removeLast(2) }
        guard let number = Double(value), number.isFinite, number > 0, number < 1_000_000 else { return nil }
        return Int(number.rounded())
    }
}
