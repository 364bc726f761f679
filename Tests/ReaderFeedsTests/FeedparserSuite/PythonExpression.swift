/// The subset of Python that feedparser's `Expect:` lines use: `and`, `or`, `not`, comparison
/// chains (`==`, `!=`, `is`, `is not`, `in`, `not in`), `+`, subscripts, attributes (feedparser's
/// dicts allow `entries[0].link`), calls of `len`, `ord`, `isinstance` and `has_key`, and
/// literals (strings with `u` prefixes and escapes, numbers, `None`, `True`, `False`, tuples,
/// lists, dicts).
indirect enum PythonExpression {
    case literal(PythonValue)
    case name(String)
    case subscriptOf(PythonExpression, PythonExpression)
    case attribute(PythonExpression, String)
    case call(PythonExpression, [PythonExpression])
    case not(PythonExpression)
    case and(PythonExpression, PythonExpression)
    case or(PythonExpression, PythonExpression)
    case compare(PythonExpression, [(String, PythonExpression)])
    case add(PythonExpression, PythonExpression)
    case tuple([PythonExpression])
    case list([PythonExpression])
    case dict([(PythonExpression, PythonExpression)])

    static func parse(_ source: String) throws(PythonError) -> PythonExpression {
        var parser = PythonParser(tokens: try PythonTokenizer.tokens(of: source))
        let expression = try parser.expression()
        guard parser.atEnd else { throw PythonError(description: "unexpected \(parser.peek.map(\.description) ?? "end") in \(source)") }
        return expression
    }
}

enum PythonToken: Equatable, CustomStringConvertible {
    case name(String)
    case string(String)
    case number(Int)
    case symbol(String)

    var description: String {
        switch self {
        case .name(let n): n
        case .string(let s): "'\(s)'"
        case .number(let n): String(n)
        case .symbol(let s): s
        }
    }
}

enum PythonTokenizer {
    static func tokens(of source: String) throws(PythonError) -> [PythonToken] {
        let characters = Array(source.unicodeScalars)
        var tokens: [PythonToken] = []
        var index = 0
        while index < characters.count {
            let c = characters[index]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1; continue }
            if (c == "u" || c == "b" || c == "r") && index + 1 < characters.count && (characters[index + 1] == "'" || characters[index + 1] == "\"") {
                index += 1
                continue
            }
            if c == "'" || c == "\"" {
                let (text, end) = try string(characters, from: index)
                // Adjacent literals concatenate, as in Python.
                if case .string(let previous)? = tokens.last { tokens[tokens.count - 1] = .string(previous + text) }
                else { tokens.append(.string(text)) }
                index = end
                continue
            }
            if c.properties.isAlphabetic || c == "_" {
                var end = index
                while end < characters.count, characters[end].properties.isAlphabetic || characters[end] == "_"
                    || ("0"..."9").contains(characters[end]) { end += 1 }
                tokens.append(.name(String(String.UnicodeScalarView(characters[index..<end]))))
                index = end
                continue
            }
            if ("0"..."9").contains(c) {
                var end = index
                while end < characters.count, ("0"..."9").contains(characters[end]) { end += 1 }
                tokens.append(.number(Int(String(String.UnicodeScalarView(characters[index..<end])))!))
                index = end
                continue
            }
            let two = index + 1 < characters.count ? String(String.UnicodeScalarView([c, characters[index + 1]])) : ""
            if ["==", "!="].contains(two) {
                tokens.append(.symbol(two))
                index += 2
                continue
            }
            guard "()[]{},.:+-".unicodeScalars.contains(c) else { throw PythonError(description: "unexpected character \(c)") }
            tokens.append(.symbol(String(c)))
            index += 1
        }
        return tokens
    }

    /// A string literal from its opening quote; returns its value and the index after it.
    private static func string(_ characters: [Unicode.Scalar], from start: Int) throws(PythonError) -> (String, Int) {
        let quote = characters[start]
        let isTriple = start + 2 < characters.count && characters[start + 1] == quote && characters[start + 2] == quote
        var index = start + (isTriple ? 3 : 1)
        var result = String.UnicodeScalarView()
        while index < characters.count {
            let c = characters[index]
            if c == quote {
                if !isTriple { return (String(result), index + 1) }
                if index + 2 < characters.count, characters[index + 1] == quote, characters[index + 2] == quote {
                    return (String(result), index + 3)
                }
            }
            if c == "\\", index + 1 < characters.count {
                let next = characters[index + 1]
                index += 2
                switch next {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\\": result.append("\\")
                case "'": result.append("'")
                case "\"": result.append("\"")
                case "0": result.append("\0")
                case "x", "u", "U":
                    let width = next == "x" ? 2 : (next == "u" ? 4 : 8)
                    guard index + width <= characters.count,
                          let value = UInt32(String(String.UnicodeScalarView(characters[index..<(index + width)])), radix: 16),
                          let scalar = Unicode.Scalar(value) else { throw PythonError(description: "bad escape") }
                    result.append(scalar)
                    index += width
                default:
                    result.append("\\")
                    result.append(next)
                }
                continue
            }
            result.append(c)
            index += 1
        }
        throw PythonError(description: "unterminated string")
    }
}

struct PythonParser {
    let tokens: [PythonToken]
    var index = 0

    var atEnd: Bool { index >= tokens.count }
    var peek: PythonToken? { atEnd ? nil : tokens[index] }

    mutating func take(_ token: PythonToken) -> Bool {
        guard peek == token else { return false }
        index += 1
        return true
    }

    mutating func expect(_ token: PythonToken) throws(PythonError) {
        guard take(token) else { throw PythonError(description: "expected \(token), found \(peek.map(\.description) ?? "end")") }
    }

    mutating func expression() throws(PythonError) -> PythonExpression {
        var left = try conjunction()
        while take(.name("or")) { left = .or(left, try conjunction()) }
        return left
    }

    mutating func conjunction() throws(PythonError) -> PythonExpression {
        var left = try negation()
        while take(.name("and")) { left = .and(left, try negation()) }
        return left
    }

    mutating func negation() throws(PythonError) -> PythonExpression {
        if take(.name("not")) { return .not(try negation()) }
        return try comparison()
    }

    mutating func comparison() throws(PythonError) -> PythonExpression {
        let first = try sum()
        var rest: [(String, PythonExpression)] = []
        while true {
            if take(.symbol("==")) { rest.append(("==", try sum())) }
            else if take(.symbol("!=")) { rest.append(("!=", try sum())) }
            else if take(.name("in")) { rest.append(("in", try sum())) }
            else if peek == .name("not"), index + 1 < tokens.count, tokens[index + 1] == .name("in") {
                index += 2
                rest.append(("not in", try sum()))
            } else if take(.name("is")) {
                rest.append((take(.name("not")) ? "is not" : "is", try sum()))
            } else { break }
        }
        return rest.isEmpty ? first : .compare(first, rest)
    }

    mutating func sum() throws(PythonError) -> PythonExpression {
        var left = try postfix()
        while take(.symbol("+")) { left = .add(left, try postfix()) }
        return left
    }

    mutating func postfix() throws(PythonError) -> PythonExpression {
        var value = try atom()
        while true {
            if take(.symbol("[")) {
                let key = try expression()
                try expect(.symbol("]"))
                value = .subscriptOf(value, key)
            } else if take(.symbol(".")) {
                guard case .name(let name)? = peek else { throw PythonError(description: "expected a name after .") }
                index += 1
                value = .attribute(value, name)
            } else if take(.symbol("(")) {
                var arguments: [PythonExpression] = []
                while !take(.symbol(")")) {
                    arguments.append(try expression())
                    _ = take(.symbol(","))
                }
                value = .call(value, arguments)
            } else {
                return value
            }
        }
    }

    mutating func atom() throws(PythonError) -> PythonExpression {
        guard let token = peek else { throw PythonError(description: "unexpected end") }
        index += 1
        switch token {
        case .string(let text): return .literal(.string(text))
        case .number(let number): return .literal(.int(number))
        case .symbol("-"):
            guard case .number(let number)? = peek else { throw PythonError(description: "expected a number after -") }
            index += 1
            return .literal(.int(-number))
        case .name("None"): return .literal(.none)
        case .name("True"): return .literal(.bool(true))
        case .name("False"): return .literal(.bool(false))
        case .name(let name): return .name(name)
        case .symbol("("):
            var items: [PythonExpression] = []
            var sawComma = false
            while !take(.symbol(")")) {
                items.append(try expression())
                if take(.symbol(",")) { sawComma = true }
            }
            return items.count == 1 && !sawComma ? items[0] : .tuple(items)
        case .symbol("["):
            var items: [PythonExpression] = []
            while !take(.symbol("]")) {
                items.append(try expression())
                _ = take(.symbol(","))
            }
            return .list(items)
        case .symbol("{"):
            var pairs: [(PythonExpression, PythonExpression)] = []
            while !take(.symbol("}")) {
                let key = try expression()
                try expect(.symbol(":"))
                pairs.append((key, try expression()))
                _ = take(.symbol(","))
            }
            return .dict(pairs)
        default:
            throw PythonError(description: "unexpected \(token)")
        }
    }
}
