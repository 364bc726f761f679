import Foundation
import Synchronization

/// The highlights and notes the article viewer saves with `--writable`, one JSON value per
/// article name and kind, kept in one JSON file (written whole to a temporary file and renamed
/// over the old one, so a failed write never leaves half a file).
final class ViewerAnnotationStore: Sendable {
    /// Where the file is.
    let path: String
    private let values: Mutex<[String: [String: JSONValue]]>

    /// The store in the file at `path`; an unreadable or missing file starts empty.
    init(path: String) {
        self.path = path
        var loaded: [String: [String: JSONValue]] = [:]
        if let data = FileManager.default.contents(atPath: path),
           let decoded = try? JSONDecoder().decode([String: [String: JSONValue]].self, from: data) {
            loaded = decoded
        }
        values = Mutex(loaded)
    }

    /// What was saved of `kind` (`highlights` or `notes`) for the article `name`.
    func value(_ kind: String, name: String) -> JSONValue? {
        values.withLock { $0[kind]?[name] }
    }

    /// Every saved value of `kind`, by article name.
    func all(_ kind: String) -> [String: JSONValue] {
        values.withLock { $0[kind] ?? [:] }
    }

    /// Saves `value` as the `kind` of article `name`, and writes the file.
    /// - Throws: when the file cannot be written (the value is then not kept either).
    func save(_ value: JSONValue, kind: String, name: String) throws {
        try values.withLock { current in
            var next = current
            next[kind, default: [:]][name] = value
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(next)
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            current = next
        }
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
