/// The values feedparser's `Expect:` expressions compute with: a small model of Python's.
/// `html` is a string that came from an HTML value of ours: it equals a string when both read
/// as the same HTML (``HTMLEquivalence``), since feedparser keeps entity references and
/// attribute quoting as written and we write them canonically.
indirect enum PythonValue: CustomStringConvertible {
    case none
    case bool(Bool)
    case int(Int)
    case string(String)
    case html(String)
    case list([PythonValue])
    case tuple([PythonValue])
    case dict([(String, PythonValue)])
    /// A name Python would know but this model does not (`feedparser.CharacterEncodingOverride`).
    case unsupported(String)

    var description: String {
        switch self {
        case .none: "None"
        case .bool(let value): value ? "True" : "False"
        case .int(let value): String(value)
        case .string(let value): "'\(value)'"
        case .html(let value): "html'\(value)'"
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .tuple(let values): "(" + values.map(\.description).joined(separator: ", ") + ")"
        case .dict: "{" + ownPairs.map { "'\($0.0)': \($0.1)" }.joined(separator: ", ") + "}"
        case .unsupported(let name): "<\(name)>"
        }
    }

    var isTruthy: Bool {
        switch self {
        case .none: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .string(let value), .html(let value): !value.isEmpty
        case .list(let values), .tuple(let values): !values.isEmpty
        case .dict(let pairs): !pairs.isEmpty
        case .unsupported: true
        }
    }

    var isDict: Bool {
        if case .dict = self { return true }
        return false
    }

    var stringValue: String? {
        switch self {
        case .string(let value), .html(let value): value
        default: nil
        }
    }

    /// Keys that start with this mark are aliases: found by lookups, left out of equality and `len`
    /// (feedparser's dicts answer `url` for `href` without holding both).
    static let aliasMark = "\u{1}"

    subscript(key: String) -> PythonValue? {
        guard case .dict(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1 ?? pairs.first { $0.0 == Self.aliasMark + key }?.1
    }

    /// The pairs that are not aliases.
    var ownPairs: [(String, PythonValue)] {
        guard case .dict(let pairs) = self else { return [] }
        return pairs.filter { !$0.0.hasPrefix(Self.aliasMark) }
    }

    /// Python's `==`, with HTML strings compared as HTML.
    static func equal(_ left: PythonValue, _ right: PythonValue) -> Bool {
        switch (left, right) {
        case (.none, .none): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .int(let b)), (.int(let b), .bool(let a)): return (a ? 1 : 0) == b
        case (.string(let a), .string(let b)): return a == b
        case (.html(let a), .string(let b)), (.string(let b), .html(let a)), (.html(let a), .html(let b)):
            return a == b || HTMLEquivalence.same(a, b)
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.dict, .dict):
            let a = left.ownPairs, b = right.ownPairs
            return a.count == b.count && a.allSatisfy { key, value in
                b.first { $0.0 == key }.map { equal(value, $0.1) } ?? false
            }
        default: return false
        }
    }
}

/// Why an expression could not be evaluated (Python would raise), or is out of this model.
struct PythonError: Error, CustomStringConvertible {
    var description: String
    /// True when the expression uses something the translator does not model (not a failure of ours).
    var isUnsupported = false
}
