import ReaderCore

/// A request's query parameters, read as a form (`+` is a space, `%XX` a byte of UTF-8), with
/// typed, range-checked accessors whose failures are 400s naming the parameter.
struct BookQuery: Sendable {
    private var values: [String: String] = [:]

    /// The parameters of `query` (the text after `?`, nil when there is none); the first of
    /// repeated names wins.
    /// - Throws: ``BookAPIError`` 400 when a name or value is not valid percent-encoded UTF-8.
    init(_ query: String?) throws(BookAPIError) {
        guard let query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            if values[name] == nil { values[name] = value }
        }
    }

    /// The text of `name`, nil when absent.
    subscript(name: String) -> String? { values[name] }

    /// Whether `name` was given.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The integer `name` within `range`, `fallback` when absent.
    /// - Throws: ``BookAPIError`` 400 when it is not an integer in range.
    func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws(BookAPIError) -> Int? {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .badRequest("\(name) must be an integer within \(range.lowerBound)...\(range.upperBound), not \"\(text.prefix(40))\"")
        }
        return value
    }

    /// The number `name` within `range`, nil when absent.
    /// - Throws: ``BookAPIError`` 400 when it is not a finite number in range.
    func number(_ name: String, in range: ClosedRange<Double>) throws(BookAPIError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .badRequest("\(name) must be a number within \(range.lowerBound)...\(range.upperBound), not \"\(text.prefix(40))\"")
        }
        return value
    }

    /// The boolean `name` (`true`/`false`, `1`/`0`), false when absent.
    /// - Throws: ``BookAPIError`` 400 for anything else.
    func flag(_ name: String) throws(BookAPIError) -> Bool {
        guard let text = values[name] else { return false }
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: throw .badRequest("\(name) must be true or false, not \"\(text.prefix(40))\"")
        }
    }

    /// The value of `name` among `choices`, `fallback` when absent.
    /// - Throws: ``BookAPIError`` 400 naming the choices.
    func choice(_ name: String, of choices: [String], default fallback: String) throws(BookAPIError) -> String {
        guard let text = values[name] else { return fallback }
        guard choices.contains(text) else {
            throw .badRequest("\(name) must be one of \(choices.joined(separator: ", ")), not \"\(text.prefix(40))\"")
        }
        return text
    }

    /// The text of `name`, at most `maxLength` characters, nil when absent.
    /// - Throws: ``BookAPIError`` 400 when it is longer.
    func text(_ name: String, maxLength: Int) throws(BookAPIError) -> String? {
        guard let text = values[name] else { return nil }
        guard text.count <= maxLength else { throw .badRequest("\(name) must be at most \(maxLength) characters long") }
        return text
    }

    /// The viewport of `width` (columns) and `height` (lines of text per page), 80×24 when
    /// absent, within ``viewportColumns`` and ``viewportRows``.
    /// - Throws: ``BookAPIError`` 400 when either is out of range.
    func viewport() throws(BookAPIError) -> Viewport {
        let columns = try integer("width", in: Self.viewportColumns, default: Viewport.standard.columns) ?? Viewport.standard.columns
        let rows = try integer("height", in: Self.viewportRows, default: Viewport.standard.rows) ?? Viewport.standard.rows
        do {
            return try Viewport(columns: columns, rows: rows)
        } catch {
            throw .badRequest(error.reason)
        }
    }

    /// The widths accepted, in columns: the layout's smallest up to 1000.
    static let viewportColumns = Viewport.minimum.columns...1000
    /// The heights accepted, in lines: the layout's smallest up to 500.
    static let viewportRows = Viewport.minimum.rows...500

    /// `text` with `+` as a space and percent escapes decoded as UTF-8.
    static func decode(_ text: Substring) throws(BookAPIError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badRequest("the query has a malformed percent escape")
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("the query is not valid UTF-8")
        }
        return decoded
    }

    /// The value of one hex digit.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
