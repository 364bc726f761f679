import ReaderCore
import Yams

/// YAML front matter: a first line `---`, YAML, and a closing `---` or `...` line.
struct FrontMatter {
    /// Whether the file has front matter and whether it could be read.
    enum Status: String {
        /// No front matter.
        case absent = "no"
        /// Front matter that parsed as a YAML mapping.
        case valid = "yes"
        /// Front matter that is not valid YAML, not a mapping, or never closed.
        case malformed
    }

    /// What was found.
    var status: Status = .absent
    /// The UTF-8 offset where the Markdown body starts (0 without front matter).
    var bodyStartByte = 0
    /// The metadata the front matter gives (title, authors, … and `fields`).
    var metadata = DocumentMetadata()

    /// Keys read into typed metadata fields rather than `fields`.
    private static let typedKeys: Set<String> = ["title", "author", "authors", "date", "tags", "language", "lang",
                                                 "description"]

    /// Finds and parses front matter at the start of the source.
    init(index: SourceIndex) {
        guard let yamlRange = Self.locate(index: index) else { return }
        guard let closingLine = yamlRange.closingLine else {
            status = .malformed
            metadata.warnings.append("front matter opened on line 1 is never closed by a --- or ... line; read as Markdown")
            return
        }
        bodyStartByte = index.byteOffset(ofLineStart: closingLine + 1) ?? index.utf8.count
        let yaml = String(decoding: index.utf8[yamlRange.bytes], as: UTF8.self)
        do {
            guard let root = try Yams.compose(yaml: yaml) else {
                status = .valid
                return
            }
            guard case .mapping(let mapping) = root else {
                status = .malformed
                metadata.warnings.append("front matter is not a mapping of keys to values (found \(Self.describe(root)))")
                return
            }
            status = .valid
            read(mapping)
        } catch {
            status = .malformed
            metadata.warnings.append(Self.describe(error))
        }
    }

    /// The YAML's byte range and the 1-based line of the closing delimiter (nil when unclosed),
    /// or nil when the source does not start with a `---` line.
    private static func locate(index: SourceIndex) -> (bytes: Range<Int>, closingLine: Int?)? {
        guard index.lineCount >= 2, lineText(1, index) == "---" else { return nil }
        let yamlStart = index.byteOffset(ofLineStart: 2) ?? index.utf8.count
        for line in 2...index.lineCount {
            let text = lineText(line, index)
            if text == "---" || text == "..." {
                let yamlEnd = index.byteOffset(ofLineStart: line) ?? yamlStart
                return (yamlStart..<max(yamlStart, yamlEnd), line)
            }
        }
        return (yamlStart..<index.utf8.count, nil)
    }

    /// A line's text without its line break and trailing blanks; only short lines are decoded.
    private static func lineText(_ line: Int, _ index: SourceIndex) -> String? {
        guard let start = index.byteOffset(ofLineStart: line), var end = index.byteOffset(ofContentEnd: line) else {
            return nil
        }
        while end > start, index.utf8[end - 1] == 0x20 || index.utf8[end - 1] == 0x09 { end -= 1 }
        guard end - start == 3 else { return nil }
        return String(decoding: index.utf8[start..<end], as: UTF8.self)
    }

    // MARK: Reading the mapping

    private mutating func read(_ mapping: Node.Mapping) {
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = Self.scalarText(keyNode) else { continue }
            values[key] = value
        }
        metadata.title = values["title"].flatMap(Self.scalarText)
        metadata.authors = (values["authors"] ?? values["author"]).map(Self.names) ?? []
        metadata.date = values["date"].flatMap(Self.scalarText)
        metadata.language = (values["language"] ?? values["lang"]).flatMap(Self.scalarText)
        metadata.subjects = values["tags"].map(Self.tags) ?? []
        metadata.description = ["summary", "excerpt", "description"].lazy
            .compactMap { values[$0].flatMap(Self.scalarText) }.first
        if let url = values["url"].flatMap(Self.scalarText) { metadata.identifiers.append(url) }
        for (key, value) in values where !Self.typedKeys.contains(key) {
            if let text = Self.scalarText(value) {
                metadata.fields[key] = text
            } else if case .sequence(let sequence) = value {
                let items = sequence.compactMap(Self.scalarText)
                if !items.isEmpty { metadata.fields[key] = items.joined(separator: ", ") }
            }
        }
    }

    /// A scalar's text as written (dates and numbers are not reinterpreted); nil for null or empty.
    private static func scalarText(_ node: Node) -> String? {
        guard case .scalar(let scalar) = node else { return nil }
        let text = scalar.string.trimmingWhitespace()
        if scalar.style == .plain, text == "~" || text.lowercased() == "null" { return nil }
        return text.isEmpty ? nil : text
    }

    /// Authors: a string, a list of strings, or mappings with a `name`.
    private static func names(_ node: Node) -> [String] {
        switch node {
        case .scalar: return scalarText(node).map { [$0] } ?? []
        case .sequence(let sequence): return sequence.flatMap(names)
        case .mapping(let mapping):
            for (key, value) in mapping where scalarText(key) == "name" { return scalarText(value).map { [$0] } ?? [] }
            return []
        case .alias: return []
        }
    }

    /// Tags: a list, or a string split at commas (or, without commas, at spaces as Jekyll does).
    private static func tags(_ node: Node) -> [String] {
        if case .sequence(let sequence) = node { return sequence.compactMap(scalarText) }
        guard let text = scalarText(node) else { return [] }
        let parts = text.contains(",") ? text.split(separator: ",") : text.split(whereSeparator: { $0.isWhitespace })
        return parts.map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    private static func describe(_ node: Node) -> String {
        switch node {
        case .scalar: "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        case .alias: "an alias"
        }
    }

    /// A warning naming the YAML problem and its line in the file (the YAML starts on line 2).
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? YamlError else { return "front matter is not valid YAML: \(error)" }
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
             .composer(_, let problem, let mark, _):
            return "front matter is not valid YAML: \(problem) (line \(mark.line + 1), column \(mark.column))"
        case .reader(let problem, _, _, _):
            return "front matter is not valid YAML: \(problem)"
        case .duplicatedKeysInMapping(let duplicates, let context):
            return "front matter repeats the key(s) \(duplicates.sorted().joined(separator: ", ")) "
                + "(line \(context.mark.line + 1), column \(context.mark.column))"
        default:
            return "front matter is not valid YAML: \(error)"
        }
    }
}
