import Foundation
import ReaderCore

/// The package's unique identifier: the source's own (ISBN, UUID, ASIN, …) when it has one, else
/// a `urn:uuid` made from the fingerprint's SHA-256, so the same file always exports under the
/// same identifier.
enum ExportIdentifier {
    static func identifier(of metadata: DocumentMetadata, fingerprint: DocumentFingerprint) -> String {
        for raw in metadata.identifiers {
            let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty, !value.contains(where: { $0.isNewline }) else { continue }
            let lowered = value.lowercased()
            if lowered.hasPrefix("isbn:") { return "urn:isbn:" + value.dropFirst(5).filter { $0 != "-" && $0 != " " } }
            if lowered.hasPrefix("uuid:"), isUUID(String(value.dropFirst(5))) { return "urn:uuid:" + value.dropFirst(5).lowercased() }
            if isUUID(value) { return "urn:uuid:" + value.lowercased() }
            let digits = value.filter { $0 != "-" && $0 != " " }
            if (digits.count == 13 || digits.count == 10), digits.dropLast().allSatisfy(\.isNumber) { return "urn:isbn:" + digits }
            return value
        }
        return "urn:uuid:" + uuid(fromHex: fingerprint.sha256)
    }

    /// A version-5-shaped UUID from the first 32 hex digits of a hash.
    static func uuid(fromHex hex: String) -> String {
        var digits = Array(hex.lowercased().prefix(32))
        while digits.count < 32 { digits.append("0") }
        digits[12] = "5"
        let variant = (Int(String(digits[16]), radix: 16) ?? 0) & 0x3 | 0x8
        digits[16] = Character(String(variant, radix: 16))
        let text = String(digits)
        let cuts = [8, 12, 16, 20]
        var parts: [Substring] = []
        var start = text.startIndex
        for cut in cuts {
            let end = text.index(text.startIndex, offsetBy: cut)
            parts.append(text[start..<end])
            start = end
        }
        parts.append(text[start...])
        return parts.joined(separator: "-")
    }

    private static func isUUID(_ value: String) -> Bool {
        let shape = value.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        return shape == [8, 4, 4, 4, 12] && value.allSatisfy { $0 == "-" || $0.isHexDigit }
    }
}
