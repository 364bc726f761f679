/// An optional property written as JSON `null` when absent instead of being left out, so every
/// key the API documents is always present.
@propertyWrapper
struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
    /// The value, or nil for `null`.
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
