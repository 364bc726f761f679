import Foundation
import ReaderCore
import ReaderLibrary

/// The highlights and notes the article viewer saves with `--writable`: one JSON value per article
/// name and kind, kept as sent in the library store, so servers sharing one PostgreSQL store
/// share them too. Every method blocks on the store.
struct ViewerAnnotationStore: Sendable {
    /// The library whose store keeps them.
    let library: Library

    /// What was saved of `kind` (`highlights` or `notes`) for the article `name`.
    func value(_ kind: String, name: String) throws -> JSONValue? {
        let json = try library.store.read { (transaction) throws(ReaderError) in try transaction.viewerAnnotation(kind: kind, name: name) }
        return try json.map(Self.decode)
    }

    /// Every saved value of `kind`, by article name.
    func all(_ kind: String) throws -> [String: JSONValue] {
        let values = try library.store.read { (transaction) throws(ReaderError) in try transaction.viewerAnnotations(kind: kind) }
        return try values.mapValues(Self.decode)
    }

    /// Saves `value` as the `kind` of article `name`, replacing what was there.
    func save(_ value: JSONValue, kind: String, name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        try library.store.write { (transaction) throws(ReaderError) in
            try transaction.saveViewerAnnotation(kind: kind, name: name, json: json, at: .now())
        }
    }

    private static func decode(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }
}

/// Any JSON value, kept as sent.
enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
