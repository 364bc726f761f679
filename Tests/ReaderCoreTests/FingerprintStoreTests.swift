import Foundation
import ReaderCore
import ReaderTestSupport
import Testing

/// The fingerprints of large files remembered by file identity: used while the file is unchanged,
/// hashed again once it changes, never remembered for a file changed just now.
@Suite struct FingerprintStoreTests {
    /// A file just over the store's minimum size.
    static func writeLargeFile(_ url: URL, byte: UInt8) throws {
        try Data(repeating: byte, count: Int(FingerprintStore.minimumSize) + 1).write(to: url)
    }

    @Test("an unchanged large file's hash comes from the store; a change of its bytes, even at the same size, hashes it again")
    func remembersUntilTheFileChanges() throws {
        try withTemporaryDirectory(prefix: "reader-fingerprints") { directory in
            let file = directory.appendingPathComponent("large.txt")
            try Self.writeLargeFile(file, byte: 0x61)
            let store = FingerprintStore(directory: directory.appendingPathComponent("store").path, settledAge: 0)
            let first = try store.fingerprint(path: file.path, format: .txt)
            #expect(first == (try DocumentFingerprint.compute(path: file.path, format: .txt)))

            // The entry is what the second call reads: an entry saying another hash for the same
            // state of the file is believed, which shows the file was not hashed again.
            let entries = try FileManager.default.contentsOfDirectory(atPath: store.directory)
            #expect(entries.count == 1)
            let entry = store.directory + "/" + entries[0]
            let stamp = try #require(String(contentsOfFile: entry, encoding: .utf8).split(separator: " ").first)
            let planted = String(repeating: "0", count: 64)
            try "\(stamp) \(planted)\n".write(toFile: entry, atomically: true, encoding: .utf8)
            #expect(try store.fingerprint(path: file.path, format: .epub)
                == DocumentFingerprint(format: .epub, sha256: planted, byteCount: first.byteCount))

            // New bytes, same size: the status-change time moved, so the file is hashed again.
            try Self.writeLargeFile(file, byte: 0x62)
            let changed = try store.fingerprint(path: file.path, format: .txt)
            #expect(changed == (try DocumentFingerprint.compute(path: file.path, format: .txt)))
            #expect(changed.sha256 != first.sha256 && changed.sha256 != planted)
        }
    }

    @Test("a file changed within the settling time, a small file and a damaged entry are hashed, never taken from the store")
    func hashesWhatItCannotTrust() throws {
        try withTemporaryDirectory(prefix: "reader-fingerprints") { directory in
            let file = directory.appendingPathComponent("large.txt")
            try Self.writeLargeFile(file, byte: 0x61)
            let settling = FingerprintStore(directory: directory.appendingPathComponent("settling").path, settledAge: 3600)
            _ = try settling.fingerprint(path: file.path, format: .txt)
            #expect(!FileManager.default.fileExists(atPath: settling.directory), "a file written just now is not remembered")

            let small = directory.appendingPathComponent("small.txt")
            try Data("a few words".utf8).write(to: small)
            let store = FingerprintStore(directory: directory.appendingPathComponent("store").path, settledAge: 0)
            #expect(try store.fingerprint(path: small.path, format: .txt) == DocumentFingerprint.compute(path: small.path, format: .txt))
            #expect(!FileManager.default.fileExists(atPath: store.directory), "a small file is not remembered")

            let first = try store.fingerprint(path: file.path, format: .txt)
            let entry = store.directory + "/" + (try FileManager.default.contentsOfDirectory(atPath: store.directory))[0]
            try "garbage".write(toFile: entry, atomically: true, encoding: .utf8)
            #expect(try store.fingerprint(path: file.path, format: .txt) == first)
        }
    }
}
