internal import CLibZipOnDemand
import ReaderCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The libzip archive (`zip_t`), opened read-only and discarded with this object.
///
/// Not thread-safe: ``ZipArchive`` hands each handle to one read at a time.
final class ZipHandle: @unchecked Sendable {
    // @unchecked: used by one thread at a time; ``ZipArchive`` takes a handle out of its pool for
    // a read and puts it back when the read ends.
    let pointer: OpaquePointer

    /// Opens `path` with `zip_open(ZIP_RDONLY)`.
    ///
    /// `ZIP_CHECKCONS` is not used: it would refuse archives with duplicate names, which are
    /// reported and read (first wins) instead, and the local headers it compares are only
    /// consulted for their lengths when an entry is read, whose data is then CRC- and size-checked.
    init(path: String) throws(ZipError) {
        let prefix = try Self.firstBytes(of: path)
        try Self.loadLibZip()
        var code: Int32 = 0
        guard let pointer = rzip_zip_open(path, ZIP_RDONLY, &code) else {
            throw Self.refining(ZipError(libzipCode: code, operation: "cannot open the archive"), prefix: prefix)
        }
        self.pointer = pointer
    }

    /// Opens an archive held in memory (`zip_source_buffer_create`, then `zip_open_from_source`
    /// with `ZIP_RDONLY`). libzip reads the bytes for as long as the archive is open, so it is
    /// handed a copy of its own, freed with the archive.
    init(bytes: [UInt8]) throws(ZipError) {
        guard !bytes.isEmpty else { throw ZipError(.notZip, reason: "the file is empty") }
        try Self.loadLibZip()
        guard let copy = malloc(bytes.count) else {
            throw ZipError(.limitExceeded, reason: "no memory for a copy of \(bytes.count) bytes")
        }
        bytes.withUnsafeBytes { source in _ = memcpy(copy, source.baseAddress!, source.count) }
        var error = zip_error_t()
        rzip_zip_error_init(&error)
        defer { rzip_zip_error_fini(&error) }
        guard let source = rzip_zip_source_buffer_create(copy, UInt64(bytes.count), 1, &error) else {
            free(copy)
            throw ZipError(libzip: &error, entry: nil, operation: "cannot open the archive")
        }
        guard let pointer = rzip_zip_open_from_source(source, ZIP_RDONLY, &error) else {
            rzip_zip_source_free(source)
            throw Self.refining(ZipError(libzip: &error, entry: nil, operation: "cannot open the archive"),
                                prefix: bytes.prefix(4))
        }
        self.pointer = pointer
    }

    deinit { rzip_zip_discard(pointer) }

    /// Loads libzip, once per process, on the first archive opened rather than at start
    /// (``rzip_load()``); an I/O error when it cannot be loaded.
    private static func loadLibZip() throws(ZipError) {
        guard rzip_load() != 0 else { return }
        throw ZipError(.io, reason: rzip_load_error().map { String(cString: $0) } ?? "libzip cannot be loaded")
    }

    /// The first bytes of the file, read to tell a missing, unreadable or empty file (and a zip
    /// cut before its central directory) from one that is not a zip at all.
    private static func firstBytes(of path: String) throws(ZipError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try ReadOnlyFile(path: path).readPrefix(4)
        } catch {
            throw ZipError(error.kind == .fileNotFound ? .fileNotFound : .io, reason: error.reason)
        }
        guard !bytes.isEmpty else { throw ZipError(.notZip, reason: "the file is empty") }
        try Self.loadLibZip()
        return bytes
    }

    /// libzip says "not a zip archive" whenever it finds no end of central directory; a file
    /// that starts with a local file header is a zip archive that lost its end.
    /// The first segment of a split (spanned) archive starts with the spanning signature, and
    /// libzip's "no such file" for a file that exists means an end record pointing nowhere.
    private static func refining(_ error: ZipError, prefix: some Collection<UInt8>) -> ZipError {
        if prefix.elementsEqual([0x50, 0x4B, 0x07, 0x08]) {
            return ZipError(.malformed, reason: "this is the first segment of a split zip archive: join its segments "
                                + "(zip -s 0) to read it")
        }
        if error.kind == .fileNotFound {
            return ZipError(.malformed, reason: "the end-of-central-directory record is damaged: it points to "
                                + "a central directory that is not there")
        }
        guard error.kind == .notZip, prefix.elementsEqual([0x50, 0x4B, 0x03, 0x04]) else { return error }
        return ZipError(.malformed, reason: "the archive has entries but no central directory: it is truncated or damaged")
    }

    /// The number of central-directory entries (`zip_get_num_entries`).
    var entryCount: Int { max(0, Int(clamping: rzip_zip_get_num_entries(pointer, 0))) }

    /// The central-directory record of entry `index` (`zip_stat_index`).
    func entry(at index: Int) throws(ZipError) -> ZipEntry {
        var stat = zip_stat_t()
        rzip_zip_stat_init(&stat)
        guard rzip_zip_stat_index(pointer, UInt64(index), 0, &stat) == 0 else {
            throw ZipError(libzip: rzip_zip_get_error(pointer), entry: "#\(index)", operation: "cannot list entry \(index)")
        }
        let valid = { (flag: UInt32) in stat.valid & UInt64(flag) != 0 }
        let name = valid(ZIP_STAT_NAME) ? stat.name.map { String(cString: $0) } ?? "" : ""
        return ZipEntry(
            index: index, name: name,
            size: valid(ZIP_STAT_SIZE) ? Int(clamping: stat.size) : 0,
            compressedSize: valid(ZIP_STAT_COMP_SIZE) ? Int(clamping: stat.comp_size) : 0,
            compression: ZipCompression(rawValue: valid(ZIP_STAT_COMP_METHOD) ? stat.comp_method : 0),
            isEncrypted: valid(ZIP_STAT_ENCRYPTION_METHOD) && stat.encryption_method != UInt16(ZIP_EM_NONE),
            crc32: valid(ZIP_STAT_CRC) ? stat.crc : 0,
            nameProblem: ZipEntryName.problem(name))
    }
}
