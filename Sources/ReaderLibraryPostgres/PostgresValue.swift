import NIOCore
import PostgresNIO

/// A value bound to a `$n` placeholder of a statement: the few column types the library uses,
/// each possibly NULL.
enum PostgresValue: Sendable {
    case text(String?)
    case integer(Int64?)
    case real(Double?)
    case boolean(Bool?)
    case bytes([UInt8]?)

    /// The statement's bindings, in order.
    static func bindings(_ values: [PostgresValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text): bindings.append(text)
            case .integer(let number): bindings.append(number)
            case .real(let number): bindings.append(number)
            case .boolean(let flag): bindings.append(flag)
            case .bytes(let bytes): bindings.append(bytes.map { ByteBuffer(bytes: $0) })
            }
        }
        return bindings
    }
}

/// `.text(value)` and friends for the Swift types the library stores.
extension PostgresValue {
    static func int(_ value: Int?) -> PostgresValue { .integer(value.map(Int64.init)) }
}
