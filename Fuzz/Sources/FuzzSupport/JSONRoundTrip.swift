import Foundation

/// A Codable value through JSON and back: the decoded value encodes to the same bytes (sorted
/// keys). `name` says what the value is in the failure message.
public func checkJSONRoundTrip<Value: Codable>(_ value: Value, name: String) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let json = try? encoder.encode(value) else { return }
    let decoded: Value
    do {
        decoded = try JSONDecoder().decode(Value.self, from: json)
    } catch {
        fuzzFail("the \(name)'s JSON does not decode: \(error)")
    }
    fuzzCheck((try? encoder.encode(decoded)) == json, "the \(name)'s JSON changes through decoding")
}
