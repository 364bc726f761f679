import Foundation

/// The byte range a `Range` header asks for, within a body of known length.
enum ByteRange: Equatable {
    /// No usable single range: serve everything (a malformed header, another unit, several ranges).
    case whole
    /// A well-formed range of which no byte exists.
    case unsatisfiable
    /// The bytes to send.
    case part(Range<Int>)

    /// Reads `bytes=first-last`, `bytes=first-` and `bytes=-suffixLength`.
    static func parse(_ header: String, length: Int) -> ByteRange {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let firstText = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let lastText = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if firstText.isEmpty {
            guard let suffix = digits(lastText) else { return .whole }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .part(max(0, length - suffix)..<length)
        }
        guard let first = digits(firstText) else { return .whole }
        var last = length - 1
        if !lastText.isEmpty {
            guard let given = digits(lastText), given >= first else { return .whole }
            last = min(given, length - 1)
        }
        guard first < length else { return .unsatisfiable }
        return .part(first..<(last + 1))
    }

    /// A run of ASCII digits as a number, nil for anything else (or a number past `Int`).
    private static func digits(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
