import Foundation
import ReaderCore

/// The versioned JSON envelope `reader backup export` writes: everything a library knows except
/// covers (taken again from the files) and passwords (never stored).
public struct LibraryBackup: Hashable, Sendable, Codable {
    /// The value of ``format``.
    public static let formatName = "reader-library-backup"
    /// The envelope version this build writes and the newest it reads. Version 2 added
    /// ``articleAnnotations``; a version 1 envelope is read as having none.
    public static let currentSchemaVersion = 2
    /// The largest backup file read.
    public static let byteLimit = 256 << 20
    /// The longest string accepted in a backup (a note, a quote, a title).
    public static let stringLimit = 1 << 20

    /// Always ``formatName``.
    public var format: String
    /// The envelope version.
    public var schemaVersion: Int
    /// When the backup was made.
    public var createdAt: Timestamp
    /// The books, with their files, tags, status and progress.
    public var books: [LibraryBook]
    /// Last positions.
    public var positions: [ReadingPosition]
    /// Bookmarks (removed ones included, so removals travel).
    public var bookmarks: [Annotation]
    /// Highlights.
    public var highlights: [Annotation]
    /// Notes.
    public var notes: [Annotation]
    /// Collections and their books (tags are on the books).
    public var collections: [BookCollection]
    /// Per-book settings.
    public var settings: [BookSettings]
    /// Reading sessions.
    public var readingSessions: [ReadingSessionRecord]
    /// The article viewer's highlights and notes (`reader serve --writable`); nil in a version 1 envelope.
    public var articleAnnotations: [ArticleAnnotation]?

    /// The sections an envelope has; any other key is refused.
    static let keys: Set<String> = ["format", "schemaVersion", "createdAt", "books", "positions", "bookmarks", "highlights",
                                    "notes", "collections", "settings", "readingSessions", "articleAnnotations"]

    /// The bytes of the envelope: pretty-printed JSON with sorted keys, every list in a fixed order.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads and checks a backup file: the whole file is decoded and validated before anything is
    /// written, so a bad one changes nothing.
    /// - Throws: ``ReaderError`` of kind `malformed` (one line saying where and what) for a file
    ///   that is not a valid backup, `unsupportedFormat` for a newer ``schemaVersion``.
    public static func decode(_ data: Data, file: String?) throws(ReaderError) -> LibraryBackup {
        func malformed(_ reason: String) -> ReaderError {
            ReaderError(.malformed, file: file, reason: "not a reader backup: \(reason)")
        }
        guard data.count <= byteLimit else { throw malformed("larger than \(byteLimit >> 20) MiB") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw malformed("not valid JSON (truncated or damaged)")
        }
        guard let envelope = object as? [String: Any] else { throw malformed("the top level is not a JSON object") }
        guard envelope["format"] as? String == formatName else { throw malformed("no \"format\": \"\(formatName)\"") }
        guard let version = envelope["schemaVersion"] as? Int else { throw malformed("no integer schemaVersion") }
        if version > currentSchemaVersion {
            throw ReaderError(.unsupportedFormat, file: file,
                              reason: "backup schemaVersion \(version) is newer than this build reads (\(currentSchemaVersion)); nothing was imported")
        }
        guard version >= 1 else { throw malformed("schemaVersion \(version) is not a version") }
        if let unknown = envelope.keys.filter({ !keys.contains($0) }).sorted().first {
            throw malformed("unknown section \"\(unknown.prefix(40))\"")
        }
        if let long = longString(in: object, path: "") {
            throw malformed("\(long) is longer than \(stringLimit) characters")
        }
        let backup: LibraryBackup
        do {
            backup = try JSONDecoder().decode(LibraryBackup.self, from: data)
        } catch let error as DecodingError {
            throw malformed(describe(error))
        } catch {
            throw malformed("\(error)")
        }
        try backup.validate(file: file)
        return backup
    }

    /// Checks what JSON types cannot: kinds match their sections, items name books of the backup
    /// or are otherwise resolved on import, identities are not empty.
    private func validate(file: String?) throws(ReaderError) {
        func malformed(_ reason: String) -> ReaderError {
            ReaderError(.malformed, file: file, reason: "not a reader backup: \(reason)")
        }
        for (section, kind, items) in [("bookmarks", Annotation.Kind.bookmark, bookmarks), ("highlights", .highlight, highlights),
                                       ("notes", .note, notes)] {
            if let wrong = items.firstIndex(where: { $0.kind != kind }) {
                throw malformed("\(section)[\(wrong)] is a \(items[wrong].kind.rawValue)")
            }
            if let empty = items.firstIndex(where: { $0.uuid.isEmpty || $0.bookUUID.isEmpty }) {
                throw malformed("\(section)[\(empty)] has an empty uuid")
            }
        }
        if let empty = books.firstIndex(where: { $0.uuid.isEmpty || DocumentFingerprint($0.fingerprint) == nil }) {
            throw malformed("books[\(empty)] has no uuid or no valid fingerprint")
        }
        for (index, record) in (articleAnnotations ?? []).enumerated() {
            guard ArticleAnnotation.kinds.contains(record.kind), !record.name.isEmpty else {
                throw malformed("articleAnnotations[\(index)] is not a viewer's highlights or notes of a named article")
            }
            guard (try? JSONSerialization.jsonObject(with: Data(record.value.utf8), options: [.fragmentsAllowed])) != nil else {
                throw malformed("articleAnnotations[\(index)].value is not JSON")
            }
        }
        let bookUUIDs = Set(books.map(\.uuid))
        let referenced = positions.map(\.bookUUID) + (bookmarks + highlights + notes).map(\.bookUUID)
            + settings.map(\.bookUUID) + readingSessions.map(\.bookUUID) + collections.flatMap(\.bookUUIDs)
        if let stray = referenced.first(where: { !bookUUIDs.contains($0) }) {
            throw malformed("an item names book \(stray.prefix(40)), which is not in the backup's books")
        }
    }

    /// The path of the first string longer than ``stringLimit``, if any.
    private static func longString(in value: Any, path: String) -> String? {
        if let text = value as? String { return text.utf16.count > stringLimit ? (path.isEmpty ? "a string" : path) : nil }
        if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                if let found = longString(in: element, path: "\(path)[\(index)]") { return found }
            }
        }
        if let object = value as? [String: Any] {
            for (key, element) in object {
                if key.utf16.count > stringLimit { return "a key in \(path.isEmpty ? "the envelope" : path)" }
                if let found = longString(in: element, path: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
        }
        return nil
    }

    /// One line for a decoding error: where (`books[3].title`) and what.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { result, key in
                if let index = key.intValue { return result + "[\(index)]" }
                return result.isEmpty ? key.stringValue : result + "." + key.stringValue
            }
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found null"
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            return "\(parent.isEmpty ? "" : parent + ": ")missing \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
