/// Resolves references against a base as RFC 3986 section 5 says, on strings, so IRIs (non-ASCII
/// hosts and paths) survive as written; and refuses schemes that run code.
public enum URLResolver {
    /// `reference` made absolute against `base` (unchanged when it is absolute already or there
    /// is no usable base).
    public static func resolve(_ reference: String, against base: String?) -> String {
        let reference = reference.trimmingASCIIWhitespace()
        guard let base, !base.isEmpty, scheme(of: reference) == nil else { return reference }
        let b = Parts(base)
        guard b.scheme != nil else { return reference }
        let r = Parts(reference)
        var target = Parts()
        target.scheme = b.scheme
        if r.authority != nil {
            target.authority = r.authority
            target.path = removeDotSegments(r.path)
            target.query = r.query
        } else if r.path.isEmpty {
            target.authority = b.authority
            target.path = b.path
            target.query = r.query ?? b.query
        } else {
            target.authority = b.authority
            if r.path.hasPrefix("/") {
                target.path = removeDotSegments(r.path)
            } else {
                let merged: String
                if b.authority != nil, b.path.isEmpty {
                    merged = "/" + r.path
                } else if let slash = b.path.lastIndex(of: "/") {
                    merged = String(b.path[...slash]) + r.path
                } else {
                    merged = r.path
                }
                target.path = removeDotSegments(merged)
            }
            target.query = r.query
        }
        target.fragment = r.fragment
        return target.joined
    }

    /// The scheme of a reference, lower-cased, or nil for a relative one.
    public static func scheme(of reference: String) -> String? {
        if let scheme = asciiScheme(of: reference) { return scheme.isEmpty ? nil : scheme }
        guard let colon = reference.firstIndex(of: ":") else { return nil }
        let candidate = reference[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return candidate.lowercased()
    }

    /// ``scheme(of:)`` read from the bytes when the text up to the first colon and the byte after
    /// it are ASCII (each byte a character of its own there): the scheme, an empty string for none,
    /// or nil when the characters must decide.
    private static func asciiScheme(of reference: String) -> String? {
        let bytes = reference.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex, bytes[index] != UInt8(ascii: ":") {
            guard bytes[index] < 0x80 else { return nil }
            index = bytes.index(after: index)
        }
        guard index != bytes.endIndex else { return "" }
        let next = bytes.index(after: index)
        guard next == bytes.endIndex || bytes[next] < 0x80 else { return nil }
        let candidate = bytes[..<index]
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let first = candidate.first, isLetter(first), candidate.allSatisfy({ byte in
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }) else { return "" }
        return String(decoding: candidate.map { $0 | 0x20 }, as: UTF8.self)  // letters lowered; digits and +-. have the bit set
    }

    /// Schemes that are safe to keep in sanitized markup; anything else (`javascript:`,
    /// `vbscript:`, `data:` …) is dropped.
    public static let safeSchemes: Set<String> = [
        "http", "https", "ftp", "ftps", "mailto", "news", "nntp", "feed", "irc", "ircs", "xmpp", "tel", "sip", "sips",
        "magnet", "gopher", "rtsp", "rtmp", "mms", "git", "ssh", "sftp", "telnet", "urn", "tag", "file", "itms", "itpc",
        "podcast", "callto", "skype", "webcal",
    ]

    /// `reference` resolved against `base`, or nil when its scheme is not a safe one (scripts,
    /// `data:`, unknown schemes) or it is empty after trimming.
    public static func safeResolve(_ reference: String, against base: String?) -> String? {
        // Control characters are single bytes in UTF-8: usually there is none to take out.
        let hasControl = reference.utf8.contains { $0 < 0x20 || $0 == 0x7F }
        let cleaned = hasControl ? String(reference.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }) : reference
        let resolved = resolve(cleaned, against: base)
        if let scheme = scheme(of: resolved) { return safeSchemes.contains(scheme) ? resolved : nil }
        return resolved
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment == "." {
                if isLast { output.append("") }
            } else if segment == ".." {
                if output.count > 1 || (output.count == 1 && output[0] != "") { output.removeLast() }
                if isLast { output.append("") }
            } else {
                output.append(segment)
            }
        }
        var joined = output.joined(separator: "/")
        if path.hasPrefix("/"), !joined.hasPrefix("/") { joined = "/" + joined }
        return joined
    }

    private struct Parts {
        var scheme: String?
        var authority: String?
        var path = ""
        var query: String?
        var fragment: String?

        init() {}

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: question)...])
                rest = rest[..<question]
            }
            if let found = URLResolver.scheme(of: String(rest)) {
                scheme = found
                rest = rest[rest.index(rest.startIndex, offsetBy: found.count + 1)...]
            }
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        var joined: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing ASCII white space.
    func trimmingASCIIWhitespace() -> String {
        // Usually there is nothing to trim: then only the two ends are looked at.
        if let first, let last, !Self.isASCIIWhitespace(first), !Self.isASCIIWhitespace(last) {
            return String(self)
        }
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == "\r\n" {
            slice.removeFirst()
        }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" || last == "\r" || last == "\r\n" {
            slice.removeLast()
        }
        return String(slice)
    }

    private static func isASCIIWhitespace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n"
    }
}
