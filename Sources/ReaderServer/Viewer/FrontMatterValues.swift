import Foundation
import Yams

/// The values of an article's YAML front matter, keys turned from snake_case to camelCase
/// (`enclosure_url` → `enclosureUrl`), dates and numbers as written: read by ``FlatYAML`` when
/// the front matter has its plain shape, else through Yams' node tree.
struct FrontMatterValues {
    private var values: [String: FlatYAML.Value] = [:]

    /// The front matter of `text` (which starts with a `---` line; line feeds only) and the body
    /// after it; nil when `text` has no front matter closed within it. Front matter that is not a
    /// YAML mapping gives no values.
    static func split(_ text: Substring) -> (values: FrontMatterValues, body: Substring)? {
        var rest = text
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        guard rest.hasPrefix("---\n") else { return nil }
        let yamlStart = rest.utf8.index(after: rest.utf8.firstIndex(of: UInt8(ascii: "\n"))!)
        var lineStart = yamlStart
        while lineStart < rest.endIndex {
            let lineEnd = rest.utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            var line = rest[lineStart..<lineEnd]
            while line.last == " " || line.last == "\t" { line = line.dropLast() }
            if line == "---" || line == "..." {
                let yaml = String(rest[yamlStart..<lineStart])
                let body = lineEnd < rest.endIndex ? rest[rest.utf8.index(after: lineEnd)...] : rest[rest.endIndex...]
                guard let parsed = parse(yaml) else { return (FrontMatterValues(), body) }
                return (parsed, body)
            }
            guard lineEnd < rest.endIndex else { break }
            lineStart = rest.utf8.index(after: lineEnd)
        }
        return nil
    }

    private static func parse(_ yaml: String) -> FrontMatterValues? {
        var result = FrontMatterValues()
        if let flat = FlatYAML.parse(yaml) {
            for (key, value) in flat { result.values[camelCase(key)] = value }
            return result
        }
        guard let read = readWithYams(yaml) else { return nil }
        for (key, value) in read { result.values[camelCase(key)] = value }
        return result
    }

    /// What Yams reads in `yaml`, by key (the scalars and lists of scalars); nil when it is no mapping.
    static func readWithYams(_ yaml: String) -> [String: FlatYAML.Value]? {
        guard let root = try? Yams.compose(yaml: yaml), case .mapping(let mapping) = root else { return nil }
        var values: [String: FlatYAML.Value] = [:]
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key, let value = flatValue(value) else { continue }
            values[scalar.string] = value
        }
        return values
    }

    /// A Yams node as the values this type reads: scalars and lists of scalars.
    static func flatValue(_ node: Node) -> FlatYAML.Value? {
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, plain: scalar.style == .plain)
        case .sequence(let sequence):
            return .sequence(sequence.compactMap { item in
                guard case .scalar(let scalar) = item else { return nil }
                return scalar.string
            })
        default:
            return nil
        }
    }

    /// `comment_count` → `commentCount`; keys already in camelCase stay as they are.
    static func camelCase(_ key: String) -> String {
        guard key.contains("_") else { return key }
        var result = ""
        var upperNext = false
        for character in key {
            if character == "_" {
                upperNext = !result.isEmpty
            } else if upperNext {
                result += character.uppercased()
                upperNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A scalar value as written, trimmed; nil when absent, null, empty or not a scalar.
    func text(_ key: String) -> String? {
        guard case .scalar(let string, let plain)? = values[key] else { return nil }
        let text = Self.trimmed(string)
        if plain, text == "~" || text.lowercased() == "null" { return nil }
        return text.isEmpty ? nil : text
    }

    /// The first of `keys` with a value.
    func text(_ keys: String...) -> String? {
        keys.lazy.compactMap { text($0) }.first
    }

    /// A whole number (`comment_count: 12`, or `"12"`); nil when absent or not a number.
    func integer(_ key: String) -> Int? {
        text(key).flatMap { Int($0) ?? Double($0).map { Int($0) } }
    }

    /// `text` without white space (line breaks included) at either end; Foundation's
    /// `trimmingCharacters` goes through NSString, and listing calls this for every field of every article.
    static func trimmed(_ text: String) -> String {
        guard let first = text.first, let last = text.last, first.isWhitespace || last.isWhitespace else { return text }
        var slice = Substring(text)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }

    /// A list of strings: a YAML sequence, or one string split at commas.
    func list(_ key: String) -> [String] {
        switch values[key] {
        case .sequence(let items)?:
            return items.compactMap { item in
                let text = Self.trimmed(item)
                return text.isEmpty ? nil : text
            }
        case .scalar?:
            guard let text = text(key) else { return [] }
            return text.split(separator: ",").map { Self.trimmed(String($0)) }.filter { !$0.isEmpty }
        default:
            return []
        }
    }
}
