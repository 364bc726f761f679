import ReaderCore

/// Why an EPUB CFI string could not be parsed, and where in the string.
public struct CFIParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the string.
    public enum Kind: String, Hashable, Sendable {
        /// The string is empty (or only white space).
        case empty
        /// `epubcfi` is not followed by `(`, or the closing `)` is missing.
        case missingParenthesis
        /// A `/` and a step index were expected (a path starts with a step; `!` is followed by one).
        case expectedStep
        /// Digits were expected.
        case expectedInteger
        /// An integer or number starts with a redundant `0` (the grammar keeps CFIs unique).
        case leadingZero
        /// A step index or character offset is larger than ``EPUBCFI/maximumInteger``.
        case numberTooLarge
        /// A temporal or spatial number is malformed (`1.`, `1.50`, too many digits).
        case invalidNumber
        /// A spatial coordinate lies outside 0…100.
        case spatialOffsetOutOfRange
        /// An odd (character data) step, or the virtual `/0` element, is followed by a child step
        /// or an indirection; only a real element can have children or reference another document.
        case elementStepExpected
        /// A `[` assertion has no closing `]`.
        case unterminatedAssertion
        /// A `^` escapes something other than `^ [ ] ( ) , ; =`.
        case invalidEscape
        /// `[`, `(` or `)` appears unescaped inside an assertion.
        case unescapedSpecialCharacter
        /// An assertion, one of its values, or a parameter name is empty (`[]`, `[a,]`, `[;=b]`).
        case emptyAssertionValue
        /// A parameter name is not followed by `=`, or contains a space.
        case invalidParameter
        /// The parent path of a range ends with an offset, so the subpaths cannot extend it.
        case rangeParentHasOffset
        /// A character that does not fit the grammar at this point.
        case unexpectedCharacter
        /// The string is longer than ``EPUBCFI/maximumLength`` UTF-8 bytes.
        case tooLong
        /// The CFI has more than ``EPUBCFI/maximumStepCount`` steps or assertion parameters.
        case tooManySteps
        /// A `%` in a URI fragment is not followed by two hex digits, or the bytes are not UTF-8.
        case invalidPercentEncoding
    }

    /// What is wrong.
    public var kind: Kind
    /// The UTF-8 offset into the string given to the parser where the problem was found.
    public var position: Int

    /// Creates an error.
    public init(_ kind: Kind, at position: Int) {
        self.kind = kind
        self.position = position
    }

    /// One line: what is wrong and where, e.g. `EPUB CFI: unterminated assertion at offset 27`.
    public var description: String {
        "EPUB CFI: \(reason) at offset \(position)"
    }

    /// The engine's error for this failure: an invalid Locator.
    public var readerError: ReaderError {
        ReaderError(.invalidLocator, reason: description)
    }

    private var reason: String {
        switch kind {
        case .empty: "empty string"
        case .missingParenthesis: "missing parenthesis around epubcfi(…)"
        case .expectedStep: "expected a step (/ and an index)"
        case .expectedInteger: "expected an integer"
        case .leadingZero: "leading zero in a number"
        case .numberTooLarge: "number too large"
        case .invalidNumber: "malformed number"
        case .spatialOffsetOutOfRange: "spatial offset outside 0…100"
        case .elementStepExpected: "character data or virtual step where an element step must be"
        case .unterminatedAssertion: "unterminated assertion"
        case .invalidEscape: "invalid ^ escape"
        case .unescapedSpecialCharacter: "unescaped special character in an assertion"
        case .emptyAssertionValue: "empty assertion value"
        case .invalidParameter: "malformed assertion parameter"
        case .rangeParentHasOffset: "range parent path ends with an offset"
        case .unexpectedCharacter: "unexpected character"
        case .tooLong: "string too long"
        case .tooManySteps: "too many steps"
        case .invalidPercentEncoding: "invalid percent encoding"
        }
    }
}
