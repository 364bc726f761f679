import CLibZip
import Foundation
@testable import ReaderZip

/// Builds test archives with libzip's write API, so no binary fixture is committed.
enum ZipFixture {
    /// An entry of a test archive.
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var method: Int32 = ZIP_CM_DEFLATE
        var encrypted = false

        init(_ name: String, _ bytes: [UInt8], method: Int32 = ZIP_CM_DEFLATE, encrypted: Bool = false) {
            self.name = name
            self.bytes = bytes
            self.method = method
            self.encrypted = encrypted
        }

        init(_ name: String, _ text: String, method: Int32 = ZIP_CM_DEFLATE) {
            self.init(name, Array(text.utf8), method: method)
        }
    }

    /// A fixture that could not be built.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `entries`, in order, as a zip archive at `path`.
    static func write(_ entries: [Entry], to path: String) throws {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw Failure(description: "zip_open failed with code \(code)")
        }
        do {
            for entry in entries { try add(entry, to: archive) }
        } catch {
            zip_discard(archive)
            throw error
        }
        guard zip_close(archive) == 0 else {
            defer { zip_discard(archive) }
            throw Failure(description: "zip_close: \(String(cString: zip_error_strerror(zip_get_error(archive))))")
        }
    }

    /// The bytes of an archive holding `entries`.
    static func bytes(_ entries: [Entry]) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zipfixture-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(entries, to: path)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private static func add(_ entry: Entry, to archive: OpaquePointer) throws {
        // libzip reads the buffer at zip_close, so it gets memory of its own to free (freep = 1).
        let memory = malloc(max(entry.bytes.count, 1))!
        entry.bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { memcpy(memory, base, source.count) }
        }
        guard let source = zip_source_buffer(archive, memory, UInt64(entry.bytes.count), 1) else {
            free(memory)
            throw Failure(description: "zip_source_buffer failed")
        }
        let index = zip_file_add(archive, entry.name, source, ZIP_FL_ENC_UTF_8)
        guard index >= 0 else {
            zip_source_free(source)
            throw Failure(description: "zip_file_add(\(entry.name)) failed")
        }
        guard zip_set_file_compression(archive, UInt64(index), entry.method, 0) == 0 else {
            throw Failure(description: "compression method \(entry.method) is not supported")
        }
        if entry.encrypted, zip_file_set_encryption(archive, UInt64(index), UInt16(ZIP_EM_AES_256), "secret") != 0 {
            throw Failure(description: "AES encryption is not supported")
        }
    }
}

/// Byte surgery on a small archive: finds an entry's local header and central-directory record
/// so a test can make them lie.
struct ZipBytes {
    var bytes: [UInt8]

    struct Records {
        /// Offset of the local file header.
        var local: Int
        /// Offset of the central-directory record.
        var central: Int
        /// Offset of the entry's data.
        var data: Int
    }

    /// The records of the entry whose central-directory name is `name`.
    func records(of name: String) throws -> Records {
        guard let end = (0...(bytes.count - 22)).reversed().first(where: { uint32(at: $0) == 0x0605_4B50 }) else {
            throw ZipFixture.Failure(description: "no end of central directory")
        }
        var offset = Int(uint32(at: end + 16))
        for _ in 0..<Int(uint16(at: end + 10)) {
            guard uint32(at: offset) == 0x0201_4B50 else { throw ZipFixture.Failure(description: "bad central record") }
            let nameLength = Int(uint16(at: offset + 28))
            let recordLength = 46 + nameLength + Int(uint16(at: offset + 30)) + Int(uint16(at: offset + 32))
            if Array(bytes[(offset + 46)..<(offset + 46 + nameLength)]) == Array(name.utf8) {
                let local = Int(uint32(at: offset + 42))
                let data = local + 30 + Int(uint16(at: local + 26)) + Int(uint16(at: local + 28))
                return Records(local: local, central: offset, data: data)
            }
            offset += recordLength
        }
        throw ZipFixture.Failure(description: "no entry named \(name)")
    }

    /// Replaces an entry's name in both headers with another of the same length.
    mutating func rename(_ name: String, to newName: [UInt8]) throws {
        precondition(newName.count == name.utf8.count)
        let records = try records(of: name)
        bytes.replaceSubrange((records.local + 30)..<(records.local + 30 + newName.count), with: newName)
        bytes.replaceSubrange((records.central + 46)..<(records.central + 46 + newName.count), with: newName)
    }

    /// Sets the declared uncompressed size of an entry in both headers.
    mutating func declareSize(of name: String, _ size: UInt32) throws {
        let records = try records(of: name)
        setUInt32(size, at: records.local + 22)
        setUInt32(size, at: records.central + 24)
    }

    /// Sets the declared CRC-32 of an entry in both headers.
    mutating func declareCRC(of name: String, _ crc: UInt32) throws {
        let records = try records(of: name)
        setUInt32(crc, at: records.local + 14)
        setUInt32(crc, at: records.central + 16)
    }

    /// The declared CRC-32 of an entry.
    func crc(of name: String) throws -> UInt32 {
        uint32(at: try records(of: name).central + 16)
    }

    func uint16(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    /// Writes the bytes to `url`.
    func write(to url: URL) throws {
        try Data(bytes).write(to: url)
    }
}

extension ZipFixture {
    /// Writes `bytes` to a fresh temporary file, runs `body` with its path, then removes it.
    static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zipfixture-\(UUID().uuidString).zip")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// Opens bytes as a ``ZipArchive`` held in memory.
    static func open(_ bytes: [UInt8], limits: ZipLimits = .standard) throws(ZipError) -> ZipArchive {
        try ZipArchive(bytes: bytes, name: "fixture.zip", limits: limits)
    }

    /// Builds and opens an archive holding `entries`.
    static func open(_ entries: [Entry], limits: ZipLimits = .standard) throws -> ZipArchive {
        try open(try bytes(entries), limits: limits)
    }

    /// The error an open or read throws, or nil when it succeeds.
    static func failure<T>(_ body: () throws(ZipError) -> T) -> ZipError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Limits with everything at the standard values except what `change` sets.
    static func limits(_ change: (inout ZipLimits) -> Void) -> ZipLimits {
        var limits = ZipLimits.standard
        change(&limits)
        return limits
    }
}
