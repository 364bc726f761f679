import Foundation
import ReaderCore

/// A regular expression (ICU syntax, through `NSRegularExpression`) run over folded text.
struct RegexMatcher {
    private let expression: NSRegularExpression

    /// Compiles `pattern`; case-insensitive unless `caseSensitive`.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when the pattern does not compile.
    init(pattern: String, caseSensitive: Bool) throws(ReaderError) {
        var options: NSRegularExpression.Options = []
        if !caseSensitive { options.insert(.caseInsensitive) }
        do {
            expression = try NSRegularExpression(pattern: pattern, options: options)
        } catch {
            throw ReaderError(.invalidArgument, reason: "invalid regular expression \"\(pattern)\": \(Self.describe(error, pattern: pattern))")
        }
    }

    /// The non-empty matches that start at or after `start`, as unit ranges, in order.
    func matches(in units: UnsafeBufferPointer<UInt16>, from start: Int) -> [Range<Int>] {
        guard start < units.count else { return [] }
        let string = String(decoding: units, as: UTF16.self)
        var ranges: [Range<Int>] = []
        let searched = NSRange(location: start, length: units.count - start)
        expression.enumerateMatches(in: string, options: [.withTransparentBounds, .withoutAnchoringBounds],
                                    range: searched) { result, _, _ in
            guard let range = result?.range, range.location != NSNotFound, range.length > 0 else { return }
            ranges.append(range.location..<(range.location + range.length))
        }
        return ranges
    }

    /// Why a pattern does not compile: ICU's own reason when Foundation passes it on, else the
    /// reason Swift's regular expression parser gives for the same pattern (the two syntaxes
    /// agree on what a malformed pattern is: an unclosed group or class, a quantifier with
    /// nothing to repeat, a bad escape).
    static func describe(_ error: any Error, pattern: String) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo["NSInvalidValue"] as? String, detail != pattern { return detail }
        do {
            _ = try Regex(pattern)
        } catch {
            return String(describing: error)
        }
        return "the pattern is not valid ICU regular expression syntax"
    }
}
