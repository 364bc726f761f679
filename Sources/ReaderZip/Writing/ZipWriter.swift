/// Writes a zip archive whose bytes depend on nothing but what it is given: the entries, in the
/// order added, their methods, and one timestamp.
///
/// Every entry carries the same date (1980-01-01 00:00 unless the caller gives one), fixed Unix
/// mode bits (`rw-r--r--`, folders `rwxr-xr-x`), and no extra field: no uid or gid, no extended
/// timestamps. Entries are written as they are added, into a temporary file beside the
/// destination that ``finish()`` renames over it, so the destination holds the old file or the
/// whole new archive, never part of one; a writer dropped before ``finish()``, or one that failed,
/// removes its temporary file. Names follow the reading side's rules: unsafe or duplicate names
/// are refused, so everything written can be read back by name.
///
/// The same calls give the same bytes on every run with the same libdeflate. Stored entries (EPUB's
/// `mimetype` first) do not depend even on that.
///
/// No Zip64: an archive is limited to 65 535 entries and 4 GiB, far more than any book needs.
///
/// Why not libzip's writing API, which the reading side uses: its output comes close (Debian 12's
/// libzip 1.7.3 writes no extra field for a buffer entry), but some bytes stay libzip's choice,
/// free to change with its releases: the "version made by" is libzip's own version (6.3 there),
/// modes default to `rw-rw-rw-`, a source of unknown size gets a Zip64 extra field. It also keeps
/// every buffered entry in memory until `zip_close`, and removes the file rather than write an
/// archive with no entries. The headers here are some 80 lines, each field fixed and tested; the
/// deflating is libdeflate's (whole buffers, twice as fast as zlib's at the same level).
///
/// With `deflatesAhead`, deflating runs on another thread while the caller prepares the next entry;
/// the bytes written are the same.
///
/// Not thread-safe: one task writes an archive.
public final class ZipWriter {
    /// The path the archive is written to; it appears there only when ``finish()`` succeeds.
    public let path: String
    /// How entries are stored when ``add(_:_:method:)`` names no method.
    public let method: ZipWriteMethod
    /// The modification date every entry carries.
    public let modified: ZipTimestamp

    private enum State {
        case open(ZipOutputFile)
        case finished
        case failed(ZipError)
    }

    private var state: State
    private var entries: [ZipWrittenEntry] = []
    private var names: Set<String> = []
    private let ahead: ZipDeflateAhead?

    private static let maxEntryCount = Int(UInt16.max)
    /// Sizes and offsets are 32-bit fields, and all ones would mean "see the Zip64 record".
    private static let maxFieldValue = Int(UInt32.max) - 1

    /// Starts an archive at `path`, written into a temporary file in the same folder.
    /// - Parameters:
    ///   - method: how entries are stored unless ``add(_:_:method:)`` says otherwise.
    ///   - modified: the date every entry carries.
    ///   - deflatesAhead: deflate entries on another thread and write them at a later call (at
    ///     most ``ZipDeflateAhead/maximumPending`` wait at a time). A failure to deflate one, or
    ///     an archive it would take past 4 GiB, then surfaces from that later call or from
    ///     ``finish()``, and abandons the archive.
    /// - Throws: ``ZipError`` `invalidArgument` for a deflate level outside 0...9 or a path
    ///   naming a folder, `fileNotFound` when the folder does not exist, `io` when the
    ///   temporary file cannot be created.
    public init(path: String, method: ZipWriteMethod = .deflate(level: 6), modified: ZipTimestamp = .dosEpoch,
                deflatesAhead: Bool = false) throws(ZipError)
    {
        try method.validate()
        self.path = path
        self.method = method
        self.modified = modified
        ahead = deflatesAhead ? ZipDeflateAhead() : nil
        state = .open(try ZipOutputFile(path: path))
    }

    /// The names of the entries written so far, in order.
    public var entryNames: [String] { entries.map(\.name) }

    /// Adds an entry after the ones already added and writes it out.
    ///
    /// A name ending in `/` is a folder: it has no bytes and is always stored.
    /// - Parameters:
    ///   - name: the entry's path in the archive, `/`-separated.
    ///   - bytes: its contents.
    ///   - method: how to store it; the writer's ``method`` when nil.
    /// - Throws: ``ZipError`` `invalidArgument` for an unsafe name (empty, absolute, a `..`
    ///   segment, a backslash, a NUL), a name with a control character other than tab, CR and LF
    ///   (libzip would not read it back as written), one already added (names compare as Swift
    ///   strings, as the reading side looks them up), bytes given for a folder, a deflate level
    ///   outside 0...9, or a writer already finished; `limitExceeded` past 65 535 entries or 4 GiB. These leave the
    ///   writer as it was. `io` when writing fails: the archive is then abandoned, its temporary
    ///   file removed, and every later call fails.
    public func add(_ name: String, _ bytes: [UInt8], method: ZipWriteMethod? = nil) throws(ZipError) {
        let output = try openOutput()
        try check(name: name, bytes: bytes)
        let method: ZipWriteMethod = name.hasSuffix("/") ? .stored : method ?? self.method
        try method.validate()
        guard entries.count + (ahead?.pending.count ?? 0) < Self.maxEntryCount else {
            throw ZipError(.limitExceeded, entry: name,
                           reason: "cannot add '\(name)': a zip archive without Zip64 holds at most \(Self.maxEntryCount) entries")
        }
        if let ahead, case .deflate(let level) = method {
            ahead.start(name: name, bytes: bytes, level: level, method: method)
            names.insert(name)
            try writeDeflatedAhead(output, waitingBeyond: ZipDeflateAhead.maximumPending)
            return
        }
        // What was given before is written before.
        try writeDeflatedAhead(output, waitingBeyond: 0)
        var data = bytes
        if case .deflate(let level) = method { data = try ZipDeflate.deflate(bytes, level: level) }
        try write(name, method: method, size: bytes.count, data: data, crc32: ZipDeflate.checksum(bytes), to: output)
        names.insert(name)
    }

    /// Writes one entry's header and data.
    /// - Throws: ``ZipError`` `limitExceeded` past 4 GiB (nothing written), `io` when writing
    ///   fails (the archive abandoned).
    private func write(_ name: String, method: ZipWriteMethod, size: Int, data: [UInt8], crc32: UInt32,
                       to output: ZipOutputFile) throws(ZipError) {
        let nameBytes = Array(name.utf8)
        let end = output.count + 30 + nameBytes.count + data.count
        guard size <= Self.maxFieldValue, end <= Self.maxFieldValue else {
            throw ZipError(.limitExceeded, entry: name,
                           reason: "cannot add '\(name)': the archive would pass 4 GiB, the most a zip archive without Zip64 holds")
        }
        let entry = ZipWrittenEntry(
            name: name, nameBytes: nameBytes, compression: method.compression, crc32: crc32,
            size: UInt32(size), compressedSize: UInt32(data.count), offset: UInt32(output.count))
        try abandoningOnFailure(output) { () throws(ZipError) in
            try output.write(entry.localHeader(modified: modified))
            try output.write(data)
        }
        entries.append(entry)
    }

    /// Writes the entries deflated ahead that are done, in order, waiting for the oldest while
    /// more than `limit` are left. A failure abandons the archive: those entries' names are taken.
    private func writeDeflatedAhead(_ output: ZipOutputFile, waitingBeyond limit: Int) throws(ZipError) {
        guard let ahead else { return }
        while let job = ahead.takeOldest(waiting: ahead.pending.count > limit) {
            try abandoningOnFailure(output) { () throws(ZipError) in
                let deflated = try job.result.get()
                try write(job.name, method: job.method, size: job.size, data: deflated.data, crc32: deflated.crc32, to: output)
            }
        }
    }

    /// Writes the central directory and its end record, and puts the archive at ``path`` in
    /// place of whatever was there.
    /// - Throws: ``ZipError`` `io` when writing, flushing or renaming fails (the temporary file
    ///   is then removed and ``path`` left as it was), `limitExceeded` when the directory would
    ///   pass 4 GiB, `invalidArgument` when the archive was already finished.
    public func finish() throws(ZipError) {
        let output = try openOutput()
        try writeDeflatedAhead(output, waitingBeyond: 0)
        var directory: [UInt8] = []
        for entry in entries { directory += entry.centralRecord(modified: modified) }
        let start = output.count
        guard start + directory.count + 22 <= Self.maxFieldValue else {
            let error = ZipError(.limitExceeded, reason: "the archive would pass 4 GiB, the most a zip archive without Zip64 holds")
            output.abandon()
            state = .failed(error)
            throw error
        }
        var end: [UInt8] = []
        end.append(littleEndian: 0x0605_4B50 as UInt32)
        end.append(littleEndian: 0 as UInt16)  // this disk
        end.append(littleEndian: 0 as UInt16)  // the directory's disk
        end.append(littleEndian: UInt16(entries.count))  // entries on this disk
        end.append(littleEndian: UInt16(entries.count))  // entries in all
        end.append(littleEndian: UInt32(directory.count))
        end.append(littleEndian: UInt32(start))
        end.append(littleEndian: 0 as UInt16)  // comment length
        try abandoningOnFailure(output) { () throws(ZipError) in
            try output.write(directory + end)
            try output.commit()
        }
        state = .finished
    }

    private func openOutput() throws(ZipError) -> ZipOutputFile {
        switch state {
        case .open(let output):
            return output
        case .finished:
            throw ZipError(.invalidArgument, reason: "the archive at '\(path)' is already finished")
        case .failed(let error):
            throw ZipError(error.kind, entry: error.entry, reason: "the archive at '\(path)' was abandoned: \(error.reason)")
        }
    }

    private func check(name: String, bytes: [UInt8]) throws(ZipError) {
        if let problem = ZipEntryName.problem(name) {
            throw ZipError(.invalidArgument, entry: name, reason: "cannot add '\(name.escapingControlCharacters)': \(problem)")
        }
        // libzip reads such a name back as CP437 without the UTF-8 flag (U+0001 as "☺") and refuses
        // the archive as inconsistent with it, so the entry could never be read by its name.
        if name.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            throw ZipError(.invalidArgument, entry: name,
                           reason: "cannot add '\(name.escapingControlCharacters)': the name contains a control character")
        }
        if names.contains(name) {
            throw ZipError(.invalidArgument, entry: name, reason: "cannot add '\(name)': the archive already has an entry of that name")
        }
        if name.utf8.count > Int(UInt16.max) {
            throw ZipError(.invalidArgument, entry: name, reason: "cannot add an entry whose name is longer than \(UInt16.max) bytes")
        }
        if name.hasSuffix("/"), !bytes.isEmpty {
            throw ZipError(.invalidArgument, entry: name, reason: "cannot add '\(name)': a folder has no bytes")
        }
    }

    /// Runs `body`; if it throws, the archive is abandoned: its temporary file removed and every
    /// later call refused.
    private func abandoningOnFailure(_ output: ZipOutputFile, _ body: () throws(ZipError) -> Void) throws(ZipError) {
        do {
            try body()
        } catch {
            output.abandon()
            state = .failed(error)
            throw error
        }
    }
}
