#if canImport(Glibc)
import Glibc
#endif

/// Substring search on UTF-8 bytes, for hot paths: Foundation's `contains` and `range(of:)` go
/// through CFString's locale-aware search (it dominated listing 5,000 articles in `reader serve`).
public enum ByteSearch {
    /// Whether `haystack` holds `needle`, byte for byte.
    public static func contains(_ haystack: Substring, _ needle: String) -> Bool {
        firstOffset(of: needle, in: haystack) != nil
    }

    /// Whether `haystack` holds `needle`, byte for byte.
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        firstOffset(of: needle, in: haystack[...]) != nil
    }

    /// Whether `bytes` holds `byte` (memchr: the generic `contains` walks a byte at a time).
    public static func contains(byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, Int32(byte), bytes.count) != nil
    }

    /// The byte offset of the first `needle` in `haystack`, or nil.
    public static func firstOffset(of needle: String, in haystack: Substring) -> Int? {
        var needle = needle, haystack = haystack
        return needle.withUTF8 { pattern in haystack.withUTF8 { search(pattern, in: $0) } }
    }

    /// The offset of the first `pattern` in `bytes` (0 for an empty pattern), or nil.
    public static func search(_ pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = pattern.first else { return 0 }
        guard pattern.count <= bytes.count else { return nil }
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }
}
