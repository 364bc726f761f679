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

extension JSONValue {
    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
