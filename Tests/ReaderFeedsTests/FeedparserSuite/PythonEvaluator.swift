/// Evaluates a ``PythonExpression`` over named values (`feed`, `entries`, `bozo`, …).
struct PythonEvaluator {
    let names: [String: PythonValue]

    func evaluate(_ expression: PythonExpression) throws(PythonError) -> PythonValue {
        switch expression {
        case .literal(let value): return value
        case .name(let name):
            guard let value = names[name] else {
                throw PythonError(description: "name \(name) is not modelled", isUnsupported: true)
            }
            return value
        case .subscriptOf(let base, let key):
            return try lookup(try evaluate(base), try evaluate(key))
        case .attribute(let base, let name):
            if name == "has_key" { return .unsupported("has_key:" + (try evaluate(base)).description) }
            return try lookup(try evaluate(base), .string(name))
        case .call(let function, let arguments):
            return try call(function, arguments)
        case .not(let inner): return .bool(!(try evaluate(inner)).isTruthy)
        case .and(let left, let right):
            let value = try evaluate(left)
            return value.isTruthy ? try evaluate(right) : value
        case .or(let left, let right):
            let value = try evaluate(left)
            return value.isTruthy ? value : try evaluate(right)
        case .compare(let first, let rest):
            var left = try evaluate(first)
            for (op, expression) in rest {
                let right = try evaluate(expression)
                guard try compare(left, op, right) else { return .bool(false) }
                left = right
            }
            return .bool(true)
        case .add(let left, let right):
            let a = try evaluate(left), b = try evaluate(right)
            if let x = a.stringValue, let y = b.stringValue { return .string(x + y) }
            if case .int(let x) = a, case .int(let y) = b { return .int(x + y) }
            throw PythonError(description: "cannot add \(a) and \(b)")
        case .tuple(let items): return .tuple(try items.map { (item) throws(PythonError) in try evaluate(item) })
        case .list(let items): return .list(try items.map { (item) throws(PythonError) in try evaluate(item) })
        case .dict(let pairs):
            var result: [(String, PythonValue)] = []
            for (key, value) in pairs {
                guard let name = (try evaluate(key)).stringValue else { throw PythonError(description: "dict key not a string") }
                result.append((name, try evaluate(value)))
            }
            return .dict(result)
        }
    }

    private func lookup(_ base: PythonValue, _ key: PythonValue) throws(PythonError) -> PythonValue {
        switch (base, key) {
        case (.dict, .string(let name)):
            guard let value = base[name] else { throw PythonError(description: "KeyError: \(name)") }
            return value
        case (.list(let items), .int(let position)), (.tuple(let items), .int(let position)):
            let index = position < 0 ? items.count + position : position
            guard items.indices.contains(index) else { throw PythonError(description: "IndexError: \(position)") }
            return items[index]
        default:
            throw PythonError(description: "cannot subscript \(base) with \(key)")
        }
    }

    private func call(_ function: PythonExpression, _ arguments: [PythonExpression]) throws(PythonError) -> PythonValue {
        if case .attribute(let base, "has_key") = function, arguments.count == 1 {
            let dict = try evaluate(base)
            guard let key = (try evaluate(arguments[0])).stringValue else { throw PythonError(description: "has_key of a non-string") }
            return .bool(dict[key] != nil)
        }
        guard case .name(let name) = function else {
            throw PythonError(description: "call of \(function) is not modelled", isUnsupported: true)
        }
        let values = try arguments.map { (argument) throws(PythonError) in try evaluate(argument) }
        switch (name, values.first) {
        case ("len", .list(let items)?), ("len", .tuple(let items)?): return .int(items.count)
        case ("len", let dict?) where dict.isDict: return .int(dict.ownPairs.count)
        case ("len", let value?): if let text = value.stringValue { return .int(text.count) }
        case ("ord", let value?):
            guard let text = value.stringValue, text.unicodeScalars.count == 1 else {
                throw PythonError(description: "TypeError: ord() of \(value)")
            }
            return .int(Int(text.unicodeScalars.first!.value))
        default: break
        }
        throw PythonError(description: "\(name)(…) is not modelled", isUnsupported: true)
    }

    private func compare(_ left: PythonValue, _ op: String, _ right: PythonValue) throws(PythonError) -> Bool {
        switch op {
        case "==": return PythonValue.equal(left, right)
        case "!=": return !PythonValue.equal(left, right)
        case "is":
            if case .unsupported = right { throw PythonError(description: "identity with \(right)", isUnsupported: true) }
            return PythonValue.equal(left, right)
        case "is not": return !PythonValue.equal(left, right)
        case "in", "not in":
            let found: Bool
            switch right {
            case .dict: found = left.stringValue.map { key in right.ownPairs.contains { $0.0 == key } } ?? false
            case .list(let items), .tuple(let items): found = items.contains { PythonValue.equal($0, left) }
            case .string(let text), .html(let text): found = left.stringValue.map { text.contains($0) } ?? false
            default: throw PythonError(description: "in over \(right)")
            }
            return op == "in" ? found : !found
        default: throw PythonError(description: "operator \(op)")
        }
    }
}
