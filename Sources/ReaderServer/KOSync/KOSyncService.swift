import Crypto
import Foundation
import ReaderCore
import ReaderLibrary
import Synchronization

/// KOReader sync over the library store: accounts, progress per account and document, and what
/// this server adds to KOReader's (a document that is a library book moves the book's reading
/// position; another edition of the same book is answered with a converted position). Every
/// method blocks on the store, so the routes call them off the event loops.
final class KOSyncService: Sendable {
    /// The library whose store keeps accounts and progress.
    let library: Library
    /// Keys already checked against the slow hash, by account: the SHA-256 of key and salt, kept
    /// in memory only, so a device's requests after its first cost a lookup, not the slow hash.
    private let verified = Mutex<[String: [UInt8]]>([:])
    private static let verifiedLimit = 1024
    /// PBKDF2 iterations for new accounts.
    private let keyHashIterations: Int

    init(library: Library, keyHashIterations: Int) {
        self.library = library
        self.keyHashIterations = keyHashIterations
    }

    /// Whether a name can be an account: not empty, no colon (KOReader's rule), at most 256 bytes,
    /// no control characters.
    static func isValidUsername(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 256 && !name.contains(":")
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Whether a document key is one KOReader's server can serve back: `^[A-Za-z0-9_]+$`.
    static func isServableDocument(_ document: String) -> Bool {
        !document.isEmpty && document.utf8.count <= 256
            && document.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }

    /// Makes an account; false when the name is taken.
    func createUser(username: String, key: String) throws -> Bool {
        let user = try KOSyncKeyHash.account(username: username, key: key, iterations: keyHashIterations)
        return try library.store.write { (transaction) throws(ReaderError) in try transaction.insertKOSyncUser(user) }
    }

    /// Whether `username` and `key` name an account and its key.
    func authorize(username: String?, key: String?) throws -> Bool {
        guard let username, let key, Self.isValidUsername(username), !key.isEmpty, key.utf8.count <= 1024 else { return false }
        guard let user = try library.store.read({ (transaction) throws(ReaderError) in try transaction.kosyncUser(username: username) })
        else { return false }
        let fingerprint = Array(SHA256.hash(data: Array(key.utf8) + user.salt + user.keyHash))
        if verified.withLock({ $0[username] }) == fingerprint { return true }
        guard KOSyncKeyHash.matches(key, user) else { return false }
        verified.withLock { cache in
            if cache.count >= Self.verifiedLimit { cache.removeAll() }
            cache[username] = fingerprint
        }
        return true
    }

    /// Records a pushed progress; returns its timestamp (seconds). When the document is a book of
    /// the library (or a former edition of one), the book's reading position follows.
    func push(_ progress: KOSyncProgress, username: String) throws -> Int64 {
        let timestamp = Int64(Date().timeIntervalSince1970)
        try library.store.write { (transaction) throws(ReaderError) in
            try transaction.saveKOSyncRecord(KOSyncRecord(username: username, progress: progress, timestamp: timestamp))
        }
        // The sync itself has succeeded; a book that cannot be opened or placed keeps its position.
        _ = try? library.recordKOSyncProgress(progress, at: Timestamp(milliseconds: timestamp * 1000))
        return timestamp
    }

    /// The last progress of `document` for the account, as KOSync answers it (`{}` when none);
    /// when a newer progress was pushed for another edition of the same book, that progress
    /// converted to this edition, with `converted_from` naming the edition it came from.
    func progress(of document: String, username: String) throws -> [String: any Sendable] {
        let own = try library.store.read { (transaction) throws(ReaderError) in
            try transaction.kosyncRecord(username: username, document: document)
        }
        let others = try otherRecords(of: document, username: username)
        if let newest = others.max(by: { $0.timestamp < $1.timestamp }), newest.timestamp > (own?.timestamp ?? .min),
           let converted = try? library.convertKOSyncProgress(newest.progress, toDocument: document) {
            var body = Self.body(converted, timestamp: newest.timestamp)
            body["converted_from"] = newest.progress.document
            return body
        }
        return own.map { Self.body($0.progress, timestamp: $0.timestamp) } ?? [:]
    }

    private func otherRecords(of document: String, username: String) throws -> [KOSyncRecord] {
        let keys = (try? library.otherKOReaderKeys(ofSameBookAs: document)) ?? []
        guard !keys.isEmpty else { return [] }
        return try library.store.read { (transaction) throws(ReaderError) -> [KOSyncRecord] in
            var records: [KOSyncRecord] = []
            for key in keys {
                if let record = try transaction.kosyncRecord(username: username, document: key) { records.append(record) }
            }
            return records
        }
    }

    private static func body(_ progress: KOSyncProgress, timestamp: Int64) -> [String: any Sendable] {
        var body: [String: any Sendable] = [
            "document": progress.document, "progress": progress.progress, "percentage": progress.percentage,
            "device": progress.device, "timestamp": Int(timestamp),
        ]
        if let deviceID = progress.deviceID { body["device_id"] = deviceID }
        return body
    }
}
