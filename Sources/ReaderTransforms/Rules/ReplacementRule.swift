import Foundation
import ReaderCore

/// One replacement: every occurrence of a literal text, or every match of a regular expression,
/// replaced, left to right, without overlaps.
public struct ReplacementRule: Sendable {
    /// How a rule finds what it replaces.
    public enum Pattern: Sendable {
        /// Exactly this text (UTF-16 units compared as they are).
        case literal(String)
        /// An ICU regular expression; the replacement is a template (`$1` for a group, `\$` for a dollar).
        case regularExpression(NSRegularExpression)
    }

    /// What is replaced.
    public let pattern: Pattern
    /// The replacement: text for a literal, a template for a regular expression.
    public let replacement: String

    /// A rule replacing the literal text `text` with `replacement`.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when `text` is empty.
    public init(literal text: String, replacement: String) throws(ReaderError) {
        guard !text.isEmpty else { throw ReaderError(.invalidArgument, reason: "a literal rule needs text to replace") }
        pattern = .literal(text)
        self.replacement = replacement
    }

    /// A rule replacing each match of `expression` with `template`.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when the expression does not compile.
    public init(regularExpression expression: String, template: String) throws(ReaderError) {
        let compiled: NSRegularExpression
        do {
            compiled = try NSRegularExpression(pattern: expression)
        } catch {
            throw ReaderError(.invalidArgument, reason: "not a valid regular expression: \(expression)")
        }
        pattern = .regularExpression(compiled)
        replacement = template
    }

    /// `text` with every occurrence replaced, and its map.
    func apply(to text: String) -> TransformedText {
        let units = Array(text.utf16)
        var output: [UInt16] = []
        output.reserveCapacity(units.count)
        var builder = OffsetMapBuilder()
        var copied = 0
        func replace(_ range: Range<Int>, with replacementUnits: [UInt16]) {
            output.append(contentsOf: units[copied..<range.lowerBound])
            builder.appendCorresponding(length: range.lowerBound - copied)
            output.append(contentsOf: replacementUnits)
            builder.appendReplacement(source: units[range], output: replacementUnits)
            copied = range.upperBound
        }
        switch pattern {
        case .literal(let literal):
            let needle = Array(literal.utf16)
            let replacementUnits = Array(replacement.utf16)
            var index = 0
            while index + needle.count <= units.count {
                if units[index] == needle[0], units[index..<index + needle.count].elementsEqual(needle) {
                    replace(index..<index + needle.count, with: replacementUnits)
                    index += needle.count
                } else {
                    index += 1
                }
            }
        case .regularExpression(let expression):
            let string = NSString(string: text)
            let matches = expression.matches(in: text, range: NSRange(location: 0, length: string.length))
            for match in matches {
                let range = match.range
                guard range.location != NSNotFound, range.location >= copied else { continue }
                let made = expression.replacementString(for: match, in: text, offset: 0, template: replacement)
                replace(range.location..<range.location + range.length, with: Array(made.utf16))
            }
        }
        guard copied > 0 || !output.isEmpty else { return .unchanged(text) }
        output.append(contentsOf: units[copied...])
        builder.appendCorresponding(length: units.count - copied)
        return TransformedText(text: String(decoding: output, as: UTF16.self), map: builder.map())
    }
}
