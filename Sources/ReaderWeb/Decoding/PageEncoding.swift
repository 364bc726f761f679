import Foundation
import ReaderCore
import ReaderTXT

/// How a page's bytes are decoded, decided as a browser does: a byte order mark first, then the
/// page's own `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">` in its
/// first 4 KiB, then detection (well-formed UTF-8, else the statistical detector of plain text).
public struct PageEncoding: Hashable, Sendable {
    /// How the encoding was found.
    public enum Method: String, Sendable {
        /// Forced by the caller.
        case override
        /// A byte order mark.
        case byteOrderMark = "byte order mark"
        /// The page's `<meta>` declaration.
        case declaration = "meta declaration"
        /// Detected from the bytes.
        case detection
    }

    /// The encoding's name.
    public var name: String
    /// How it was found.
    public var method: Method

    /// Decides the encoding of `bytes`.
    /// - Parameter forced: an encoding name that wins over everything (`reader --encoding`).
    public static func decide(_ bytes: [UInt8], forced: String? = nil) -> (encoding: TextEncoding, method: Method) {
        if let forced, let encoding = TextEncoding(name: forced) { return (encoding, .override) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, .byteOrderMark) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, .byteOrderMark) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, .byteOrderMark) }
        if let declared = declaredCharset(bytes), let encoding = encoding(named: declared) {
            // A page re-saved as UTF-8 often keeps its old declaration: bytes that are well-formed
            // UTF-8 with non-ASCII characters are almost never text in a legacy encoding.
            if encoding != .utf8, bytes.contains(where: { $0 >= 0x80 }), UTF8Validation.isWellFormed(bytes[...]) {
                return (.utf8, .detection)
            }
            return (encoding, .declaration)
        }
        let detection = bytes.prefix(EncodingDetector.sampleSize).withUnsafeBytes {
            EncodingDetector.detect(sample: $0, isWholeFile: bytes.count <= EncodingDetector.sampleSize)
        }
        return (detection.encoding, .detection)
    }

    /// The encoding a label names, with the WHATWG rule that Latin-1 and ASCII labels mean windows-1252.
    static func encoding(named label: String) -> TextEncoding? {
        let lower = label.lowercased()
        if ["iso-8859-1", "iso8859-1", "latin1", "latin-1", "us-ascii", "ascii", "l1", "cp1252"].contains(lower) {
            return TextEncoding(name: "windows-1252")
        }
        // A page saved as UTF-16 is recognised by its mark; a declaration of UTF-16 in 8-bit bytes is UTF-8.
        if lower.hasPrefix("utf-16") || lower.hasPrefix("utf16") { return .utf8 }
        return TextEncoding(name: label)
    }

    /// The charset the page declares in its first 4 KiB, if any.
    static func declaredCharset(_ bytes: [UInt8]) -> String? {
        let prefix = bytes.prefix(4096)
        // The ASCII start of the head, read as bytes, decides when it holds the whole answer:
        // all of the head, or a declaration that ends (with the character after it) before any
        // other byte. Else the head is read as characters, lower-cased the Unicode way.
        let asciiEnd = prefix.firstIndex { $0 >= 0x80 } ?? prefix.endIndex
        let ascii = prefix[..<asciiEnd].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if asciiEnd == prefix.endIndex { return declaredCharset(asciiLowercased: ascii, isWholeHead: true) }
        if let found = declaredCharset(asciiLowercased: ascii, isWholeHead: false) { return found }
        let head = String(decoding: prefix, as: UTF8.self).lowercased()
        var searchStart = head.startIndex
        while let meta = head.range(of: "<meta", range: searchStart..<head.endIndex) {
            let end = head[meta.upperBound...].firstIndex(of: ">") ?? head.endIndex
            let tag = head[meta.upperBound..<end]
            if let charset = tag.range(of: "charset") {
                var rest = tag[charset.upperBound...].drop { $0 == " " }
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
                    let value = rest.prefix { !"\"' ;/>".contains($0) && !$0.isWhitespace }
                    if !value.isEmpty { return String(value) }
                }
            }
            searchStart = end
        }
        return nil
    }

    /// ``declaredCharset(_:)`` of an ASCII head, lower-cased, read as bytes (the same steps;
    /// the string search it replaces cost more than detection). With `isWholeHead` false, the
    /// head is the ASCII start of a longer one: only a value found in a tag that ends, with a
    /// character after it, inside this start is returned; nil says nothing.
    private static func declaredCharset(asciiLowercased head: [UInt8], isWholeHead: Bool) -> String? {
        head.withUnsafeBufferPointer { head in
            var searchStart = 0
            while let meta = search("<meta", in: head, from: searchStart, to: head.count) {
                let tagStart = meta + 5
                let tagEnd = head[tagStart...].firstIndex(of: UInt8(ascii: ">"))
                guard isWholeHead || tagEnd.map({ $0 + 1 < head.count }) == true else { return nil }
                let end = tagEnd ?? head.count
                if let charset = search("charset", in: head, from: tagStart, to: end) {
                    var cursor = charset + 7
                    while cursor < end, head[cursor] == 0x20 { cursor += 1 }
                    if cursor < end, head[cursor] == UInt8(ascii: "=") {
                        cursor += 1
                        while cursor < end, [0x20, UInt8(ascii: "\""), UInt8(ascii: "'")].contains(head[cursor]) { cursor += 1 }
                        var valueEnd = cursor
                        while valueEnd < end, !isCharsetValueEnd(head[valueEnd]) { valueEnd += 1 }
                        if valueEnd > cursor { return String(decoding: head[cursor..<valueEnd], as: UTF8.self) }
                    }
                }
                searchStart = end
            }
            return nil
        }
    }

    /// `"' ;/>` and ASCII white space.
    private static func isCharsetValueEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), 0x20, UInt8(ascii: ";"), UInt8(ascii: "/"), UInt8(ascii: ">"), 0x09...0x0D: true
        default: false
        }
    }

    /// The first offset of `pattern` (ASCII) in `bytes[start..<end]`.
    private static func search(_ pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        return ByteSearch.search(needle, in: UnsafeBufferPointer(rebasing: bytes[start..<end])).map { $0 + start }
    }

    /// The page as UTF-8, and how its encoding was found.
    /// - Throws: ``ReaderError`` `invalidArgument` when a forced encoding cannot be decoded.
    public static func utf8(of bytes: [UInt8], forced: String? = nil) throws(ReaderError) -> (bytes: [UInt8], encoding: PageEncoding) {
        if let forced, TextEncoding(name: forced) == nil {
            throw ReaderError(.invalidArgument, reason: "unknown encoding \(forced)")
        }
        let (encoding, method) = decide(bytes, forced: forced)
        let described = PageEncoding(name: encoding.name, method: method)
        var body = bytes[...]
        if method == .byteOrderMark { body = bytes.dropFirst(encoding == .utf8 ? 3 : 2) }
        if encoding == .utf8 {
            if UTF8Validation.isWellFormed(body) { return (Array(body), described) }
            // Ill-formed sequences become U+FFFD.
            var text = String(decoding: body, as: UTF8.self)
            return (text.withUTF8 { Array($0) }, described)
        }
        let decoder = try TextDecoder(encoding: encoding)
        let text = body.withUnsafeBytes { decoder.decode($0) }
        return (Array(text.utf8), described)
    }
}
