import ReaderCore

/// A one-pass recursive-descent parser for the EPUB CFI 1.1 grammar (§ 2.2), over UTF-8 bytes.
///
/// Every delimiter of the grammar is ASCII, so the parser splits bytes and decodes only assertion
/// values (whose multi-byte sequences are never split). Each loop advances, and the input, step
/// and parameter counts are capped, so the work is linear in a bounded input.
struct CFIParser {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    private var stepCount = 0

    private init(bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    /// Parses `epubcfi(…)` or the bare inner form.
    static func parse(_ text: String) throws(CFIParseError) -> EPUBCFI {
        guard text.utf8.count <= EPUBCFI.maximumLength else {
            throw CFIParseError(.tooLong, at: EPUBCFI.maximumLength)
        }
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isWhiteSpace(bytes[start]) { start += 1 }
        while end > start, isWhiteSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { throw CFIParseError(.empty, at: start) }

        let scheme = Array("epubcfi".utf8)
        if bytes[start..<end].starts(with: scheme) {
            let open = start + scheme.count
            guard open < end, bytes[open] == UInt8(ascii: "(") else {
                throw CFIParseError(.missingParenthesis, at: open)
            }
            guard end - 1 > open, bytes[end - 1] == UInt8(ascii: ")") else {
                throw CFIParseError(.missingParenthesis, at: end)
            }
            start = open + 1
            end -= 1
        }
        var parser = CFIParser(bytes: bytes, start: start, end: end)
        return try parser.parseFragment()
    }

    /// Decodes `%HH` sequences; the result must be UTF-8.
    static func percentDecoded(_ text: String) throws(CFIParseError) -> String {
        guard text.utf8.count <= EPUBCFI.maximumLength * 3 else {
            throw CFIParseError(.tooLong, at: EPUBCFI.maximumLength * 3)
        }
        do {
            return try PercentDecoding.decode(text)
        } catch {
            throw CFIParseError(.invalidPercentEncoding, at: error.byteOffset)
        }
    }

    // MARK: - Grammar

    /// fragment = path , [ range ] ; range = "," , local_path , "," , local_path
    private mutating func parseFragment() throws(CFIParseError) -> EPUBCFI {
        let (parent, oddTail) = try parseLocalPath(requireStep: true, continuingOddStepAt: nil)
        var cfi = EPUBCFI(path: parent)
        if peek == UInt8(ascii: ",") {
            guard parent.offset == nil else { throw CFIParseError(.rangeParentHasOffset, at: position) }
            position += 1
            let (start, _) = try parseLocalPath(requireStep: false, continuingOddStepAt: oddTail)
            guard peek == UInt8(ascii: ",") else { throw unexpected() }
            position += 1
            let (end, _) = try parseLocalPath(requireStep: false, continuingOddStepAt: oddTail)
            cfi = EPUBCFI(parent: parent, start: start, end: end)
        }
        guard position == end else { throw unexpected() }
        return cfi
    }

    /// local_path = { step } , ( redirected_path | [ offset ] ) ; redirected_path = "!" , ( offset | path )
    ///
    /// Returns the path and, when it ends with an odd or virtual `/0` step and no offset, that
    /// step's position: a range subpath continuing it must not add steps.
    private mutating func parseLocalPath(
        requireStep: Bool, continuingOddStepAt continuedOddStep: Int?
    ) throws(CFIParseError) -> (EPUBCFI.Path, Int?) {
        if requireStep && peek != UInt8(ascii: "/") { throw CFIParseError(.expectedStep, at: position) }
        var path = EPUBCFI.Path.empty
        var oddStep = continuedOddStep
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "/"):
                if let oddStep { throw CFIParseError(.elementStepExpected, at: oddStep) }
                let stepStart = position
                let step = try parseStep()
                path.append(contentsOf: [step])
                oddStep = step.isElement && step.index > 0 ? nil : stepStart
            case UInt8(ascii: "!"):
                if let oddStep { throw CFIParseError(.elementStepExpected, at: oddStep) }
                position += 1
                path.appendIndirection()
                stepCount += 1
                guard stepCount <= EPUBCFI.maximumStepCount else { throw CFIParseError(.tooManySteps, at: position) }
                guard let next = peek, next == UInt8(ascii: "/") || Self.isOffsetStart(next) else {
                    throw CFIParseError(.expectedStep, at: position)
                }
            case let byte where Self.isOffsetStart(byte):
                path.offset = try parseOffset()
                return (path, nil)
            default:
                return (path, oddStep)
            }
        }
        return (path, oddStep)
    }

    /// step = "/" , integer , [ "[" , assertion , "]" ]
    private mutating func parseStep() throws(CFIParseError) -> EPUBCFI.Step {
        let stepStart = position
        stepCount += 1
        guard stepCount <= EPUBCFI.maximumStepCount else { throw CFIParseError(.tooManySteps, at: stepStart) }
        position += 1
        let index = try parseInteger()
        let assertion = peek == UInt8(ascii: "[") ? try parseAssertion() : nil
        return EPUBCFI.Step(index: index, assertion: assertion)
    }

    /// offset = ( ":" integer | "@" number ":" number | "~" number [ "@" number ":" number ] ) , [ "[" assertion "]" ]
    private mutating func parseOffset() throws(CFIParseError) -> EPUBCFI.Offset {
        let marker = bytes[position]
        position += 1
        let kind: EPUBCFI.Offset.Kind
        switch marker {
        case UInt8(ascii: ":"):
            kind = .character(try parseInteger())
        case UInt8(ascii: "@"):
            kind = .spatial(try parsePoint())
        default:
            let seconds = try parseNumber()
            var point: EPUBCFI.SpatialPoint?
            if peek == UInt8(ascii: "@") {
                position += 1
                point = try parsePoint()
            }
            kind = .temporal(seconds, point)
        }
        let assertion = peek == UInt8(ascii: "[") ? try parseAssertion() : nil
        return EPUBCFI.Offset(kind, assertion: assertion)
    }

    /// number , ":" , number — each in 0…100.
    private mutating func parsePoint() throws(CFIParseError) -> EPUBCFI.SpatialPoint {
        let start = position
        let x = try parseNumber()
        guard peek == UInt8(ascii: ":") else { throw unexpected() }
        position += 1
        let y = try parseNumber()
        let limit = EPUBCFI.Number(100)
        guard x <= limit, y <= limit else { throw CFIParseError(.spatialOffsetOutOfRange, at: start) }
        return EPUBCFI.SpatialPoint(x: x, y: y)
    }

    /// integer = zero | ( digit-non-zero , { digit } ), capped at ``EPUBCFI/maximumInteger``.
    private mutating func parseInteger() throws(CFIParseError) -> Int {
        let start = position
        guard let first = peek, Self.isDigit(first) else { throw CFIParseError(.expectedInteger, at: position) }
        if first == UInt8(ascii: "0"), position + 1 < end, Self.isDigit(bytes[position + 1]) {
            throw CFIParseError(.leadingZero, at: start)
        }
        var value = 0
        while let byte = peek, Self.isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            guard value <= EPUBCFI.maximumInteger else { throw CFIParseError(.numberTooLarge, at: start) }
            position += 1
        }
        return value
    }

    /// number = integer , [ "." , { digit } , digit-non-zero ]
    private mutating func parseNumber() throws(CFIParseError) -> EPUBCFI.Number {
        let start = position
        guard let first = peek, Self.isDigit(first) else { throw CFIParseError(.expectedInteger, at: position) }
        if first == UInt8(ascii: "0"), position + 1 < end, Self.isDigit(bytes[position + 1]) {
            throw CFIParseError(.leadingZero, at: start)
        }
        while let byte = peek, Self.isDigit(byte) { position += 1 }
        if peek == UInt8(ascii: ".") {
            position += 1
            while let byte = peek, Self.isDigit(byte) { position += 1 }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = EPUBCFI.Number(text) else { throw CFIParseError(.invalidNumber, at: start) }
        return number
    }

    /// assertion = ( ( value , [ "," , value ] ) | ( "," , value ) | parameter ) , { parameter }
    /// parameter = ";" , value-no-space , "=" , csv
    private mutating func parseAssertion() throws(CFIParseError) -> EPUBCFI.Assertion {
        let open = position
        position += 1
        var value: String?
        var trailingValue: String?
        var parameters: [EPUBCFI.Parameter] = []
        switch peek {
        case nil:
            throw CFIParseError(.unterminatedAssertion, at: open)
        case UInt8(ascii: ";"):
            break
        case UInt8(ascii: ","):
            position += 1
            trailingValue = try parseNonEmptyValue(openedAt: open)
        default:
            value = try parseNonEmptyValue(openedAt: open)
            if peek == UInt8(ascii: ",") {
                position += 1
                trailingValue = try parseNonEmptyValue(openedAt: open)
            }
        }
        while peek == UInt8(ascii: ";") {
            position += 1
            stepCount += 1
            guard stepCount <= EPUBCFI.maximumStepCount else { throw CFIParseError(.tooManySteps, at: position) }
            let nameStart = position
            let name = try parseValue(openedAt: open, isName: true)
            guard !name.isEmpty else { throw emptyValue(at: nameStart, openedAt: open) }
            guard peek == UInt8(ascii: "=") else {
                throw CFIParseError(peek == nil ? .unterminatedAssertion : .invalidParameter,
                                    at: peek == nil ? open : position)
            }
            position += 1
            var values = [try parseNonEmptyValue(openedAt: open)]
            while peek == UInt8(ascii: ",") {
                position += 1
                values.append(try parseNonEmptyValue(openedAt: open))
            }
            parameters.append(EPUBCFI.Parameter(name: name, values: values))
        }
        guard let close = peek else { throw CFIParseError(.unterminatedAssertion, at: open) }
        guard close == UInt8(ascii: "]") else { throw unexpected() }
        position += 1
        guard let assertion = EPUBCFI.Assertion(value: value, trailingValue: trailingValue, parameters: parameters)
        else { throw CFIParseError(.emptyAssertionValue, at: open) }
        return assertion
    }

    private mutating func parseNonEmptyValue(openedAt open: Int) throws(CFIParseError) -> String {
        let start = position
        let value = try parseValue(openedAt: open, isName: false)
        guard !value.isEmpty else { throw emptyValue(at: start, openedAt: open) }
        return value
    }

    /// A value up to the next unescaped `]`, `,` or `;` (and `=` in a parameter name), unescaped.
    /// A raw `=` elsewhere is taken literally; raw `[`, `(` and `)` are errors.
    private mutating func parseValue(openedAt open: Int, isName: Bool) throws(CFIParseError) -> String {
        var value: [UInt8] = []
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "^"):
                guard position + 1 < end else { throw CFIParseError(.unterminatedAssertion, at: open) }
                let escaped = bytes[position + 1]
                guard EPUBCFI.Assertion.specialCharacters.contains(escaped) else {
                    throw CFIParseError(.invalidEscape, at: position)
                }
                value.append(escaped)
                position += 2
            case UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ";"):
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "=") where isName:
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: ")"):
                throw CFIParseError(.unescapedSpecialCharacter, at: position)
            case UInt8(ascii: " ") where isName:
                throw CFIParseError(.invalidParameter, at: position)
            default:
                value.append(byte)
                position += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    // MARK: - Helpers

    private var peek: UInt8? { position < end ? bytes[position] : nil }

    private func unexpected() -> CFIParseError {
        CFIParseError(.unexpectedCharacter, at: position)
    }

    private func emptyValue(at start: Int, openedAt open: Int) -> CFIParseError {
        position < end
            ? CFIParseError(.emptyAssertionValue, at: start)
            : CFIParseError(.unterminatedAssertion, at: open)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isOffsetStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "~")
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
