import ReaderXML

/// What a fuzzed document refers to, read leniently, so generated books can provide those files.
enum References {
    /// The most files a generated book adds for references.
    static let maxFiles = 24

    /// Elements with a local name anywhere in the bytes parsed as XML, else as HTML.
    static func elements(named name: String, in bytes: [UInt8]) -> [MarkupElement] {
        guard let root = (try? MarkupDocument.parseXMLOrHTML(bytes, name: "fuzz"))?.root else { return [] }
        return root.descendants(name)
    }

    /// The distinct files named by `<a href>` and `<content src>`, as hrefs relative to `OEBPS/`
    /// and as entry paths.
    static func linkedPaths(in bytes: [UInt8]) -> [(href: String, path: String)] {
        guard let root = (try? MarkupDocument.parseXMLOrHTML(bytes, name: "fuzz"))?.root else { return [] }
        let hrefs = root.descendants("a").compactMap { $0.attribute("href") }
            + root.descendants("content").compactMap { $0.attribute("src") }
        var seen: Set<String> = []
        var result: [(String, String)] = []
        for href in hrefs {
            let file = String(href.prefix { $0 != "#" })
            guard let path = entryPath(file), seen.insert(path).inserted else { continue }
            result.append((file, path))
            if result.count == maxFiles { break }
        }
        return result
    }

    /// The entry an href relative to `OEBPS/` names: fragment dropped, percent-decoded, `..`
    /// applied; nil when it leaves the container, is external, or is empty.
    static func entryPath(_ href: String) -> String? {
        let file = href.prefix { $0 != "#" && $0 != "?" }
        guard !file.isEmpty, !file.contains(":"), !file.hasPrefix("/"), let decoded = percentDecoded(String(file)) else { return nil }
        var parts = ["OEBPS"]
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(String(part))
        }
        guard parts.count > 1 || parts.first != "OEBPS", !parts.isEmpty else { return nil }
        let path = parts.joined(separator: "/")
        return path.utf8.count < 1024 && !path.contains("\0") ? path : nil
    }

    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            input = input.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
