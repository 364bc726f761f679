import Foundation

extension Locator.Locations {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let knownKeys: Set<String> = [
        "fragments", "progression", "totalProgression", "position", "offset", "page", "cfi",
    ]

    /// Decodes the known keys and keeps every other key in ``otherLocations``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        fragments = try container.decodeIfPresent([String].self, forKey: Key("fragments"))
        progression = try container.decodeIfPresent(Double.self, forKey: Key("progression"))
        totalProgression = try container.decodeIfPresent(Double.self, forKey: Key("totalProgression"))
        position = try container.decodeIfPresent(Int.self, forKey: Key("position"))
        offset = try container.decodeIfPresent(Int.self, forKey: Key("offset"))
        page = try container.decodeIfPresent(Int.self, forKey: Key("page"))
        cfi = try container.decodeIfPresent(String.self, forKey: Key("cfi"))
        otherLocations = [:]
        for key in container.allKeys where !Self.knownKeys.contains(key.stringValue) {
            otherLocations[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
    }

    /// Encodes the known keys that are set, then the kept unknown keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(fragments, forKey: Key("fragments"))
        try container.encodeIfPresent(progression, forKey: Key("progression"))
        try container.encodeIfPresent(totalProgression, forKey: Key("totalProgression"))
        try container.encodeIfPresent(position, forKey: Key("position"))
        try container.encodeIfPresent(offset, forKey: Key("offset"))
        try container.encodeIfPresent(page, forKey: Key("page"))
        try container.encodeIfPresent(cfi, forKey: Key("cfi"))
        for (key, value) in otherLocations where !Self.knownKeys.contains(key) {
            try container.encode(value, forKey: Key(key))
        }
    }
}

extension Locator {
    /// The Locator as JSON with sorted keys, so equal Locators always print the same bytes.
    public func jsonString(pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values with string keys cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses a Locator from JSON text.
    /// - Throws: ``ReaderError`` of kind `invalidLocator` with the decoder's complaint.
    public init(jsonString: String) throws(ReaderError) {
        do {
            self = try JSONDecoder().decode(Locator.self, from: Data(jsonString.utf8))
        } catch {
            throw ReaderError(.invalidLocator, reason: "not a Locator JSON object (\(Self.describe(error)))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing key \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "malformed JSON"
                : "bad value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "malformed JSON"
        }
    }
}
