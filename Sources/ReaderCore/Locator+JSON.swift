import Foundation

/// Any JSON object key, for containers whose keys are not all known in advance.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// Every key not in `known`, with its value as read.
    fileprivate func unknownKeys(besides known: Set<String>) throws -> [String: JSONValue] {
        var kept: [String: JSONValue] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            kept[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return kept
    }

    /// A list of strings written as an array or, as older writers do, as a single string.
    fileprivate func stringOrStrings(forKey key: String) throws -> [String]? {
        let key = AnyKey(key)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let single = try? decode(String.self, forKey: key) { return [single] }
        return try decode([String].self, forKey: key)
    }
}

extension KeyedEncodingContainer where Key == AnyKey {
    /// Writes kept unknown keys that do not collide with a known one.
    fileprivate mutating func encode(unknownKeys: [String: JSONValue], besides known: Set<String>) throws {
        for (key, value) in unknownKeys where !known.contains(key) {
            try encode(value, forKey: AnyKey(key))
        }
    }
}

extension Locator {
    private static let knownKeys: Set<String> = ["href", "type", "title", "locations", "text"]

    /// Decodes a Readium Locator. An `href` with a `#fragment` (as older Readium apps wrote it)
    /// loses the fragment to ``Locations/fragments``; every unknown key is kept.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let written = try container.decode(String.self, forKey: AnyKey("href"))
        type = try container.decode(String.self, forKey: AnyKey("type"))
        title = try container.decodeIfPresent(String.self, forKey: AnyKey("title"))
        locations = try container.decodeIfPresent(Locations.self, forKey: AnyKey("locations")) ?? Locations()
        text = try container.decodeIfPresent(TextContext.self, forKey: AnyKey("text"))
        otherKeys = try container.unknownKeys(besides: Self.knownKeys)
        if let hash = written.firstIndex(of: "#") {
            href = String(written[..<hash])
            let fragment = String(written[written.index(after: hash)...])
            if !fragment.isEmpty, !(locations.fragments ?? []).contains(fragment) {
                locations.fragments = [fragment] + (locations.fragments ?? [])
            }
        } else {
            href = written
        }
    }

    /// Encodes the Readium keys that are set, then the kept unknown keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(href, forKey: AnyKey("href"))
        try container.encode(type, forKey: AnyKey("type"))
        try container.encodeIfPresent(title, forKey: AnyKey("title"))
        try container.encode(locations, forKey: AnyKey("locations"))
        try container.encodeIfPresent(text, forKey: AnyKey("text"))
        try container.encode(unknownKeys: otherKeys, besides: Self.knownKeys)
    }
}

extension Locator.Locations {
    private static let knownKeys: Set<String> = [
        "fragments", "fragment", "progression", "totalProgression", "position", "offset", "page", "cfi",
        "partialCfi", "cssSelector", "fingerprint", "pageLabel",
    ]

    /// Decodes the known keys and keeps every other key in ``otherLocations``. The legacy single
    /// `fragment` is read into ``fragments`` (and written back as `fragments`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        fragments = try container.stringOrStrings(forKey: "fragments") ?? container.stringOrStrings(forKey: "fragment")
        progression = try container.decodeIfPresent(Double.self, forKey: AnyKey("progression"))
        totalProgression = try container.decodeIfPresent(Double.self, forKey: AnyKey("totalProgression"))
        position = try container.decodeIfPresent(Int.self, forKey: AnyKey("position"))
        offset = try container.decodeIfPresent(Int.self, forKey: AnyKey("offset"))
        page = try container.decodeIfPresent(Int.self, forKey: AnyKey("page"))
        cfi = try container.decodeIfPresent(String.self, forKey: AnyKey("cfi"))
        partialCFI = try container.decodeIfPresent(String.self, forKey: AnyKey("partialCfi"))
        cssSelector = try container.decodeIfPresent(String.self, forKey: AnyKey("cssSelector"))
        fingerprint = try container.decodeIfPresent(String.self, forKey: AnyKey("fingerprint"))
        pageLabel = try container.decodeIfPresent(String.self, forKey: AnyKey("pageLabel"))
        otherLocations = try container.unknownKeys(besides: Self.knownKeys)
    }

    /// Encodes the known keys that are set, then the kept unknown keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encodeIfPresent(fragments, forKey: AnyKey("fragments"))
        try container.encodeIfPresent(progression, forKey: AnyKey("progression"))
        try container.encodeIfPresent(totalProgression, forKey: AnyKey("totalProgression"))
        try container.encodeIfPresent(position, forKey: AnyKey("position"))
        try container.encodeIfPresent(offset, forKey: AnyKey("offset"))
        try container.encodeIfPresent(page, forKey: AnyKey("page"))
        try container.encodeIfPresent(pageLabel, forKey: AnyKey("pageLabel"))
        try container.encodeIfPresent(cfi, forKey: AnyKey("cfi"))
        try container.encodeIfPresent(partialCFI, forKey: AnyKey("partialCfi"))
        try container.encodeIfPresent(cssSelector, forKey: AnyKey("cssSelector"))
        try container.encodeIfPresent(fingerprint, forKey: AnyKey("fingerprint"))
        try container.encode(unknownKeys: otherLocations, besides: Self.knownKeys)
    }
}

extension Locator.TextContext {
    private static let knownKeys: Set<String> = ["before", "highlight", "after"]

    /// Decodes the three context strings and keeps any other key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        before = try container.decodeIfPresent(String.self, forKey: AnyKey("before"))
        highlight = try container.decodeIfPresent(String.self, forKey: AnyKey("highlight"))
        after = try container.decodeIfPresent(String.self, forKey: AnyKey("after"))
        otherKeys = try container.unknownKeys(besides: Self.knownKeys)
    }

    /// Encodes the context strings that are set, then the kept unknown keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encodeIfPresent(before, forKey: AnyKey("before"))
        try container.encodeIfPresent(highlight, forKey: AnyKey("highlight"))
        try container.encodeIfPresent(after, forKey: AnyKey("after"))
        try container.encode(unknownKeys: otherKeys, besides: Self.knownKeys)
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
