import FuzzSupport
import ReaderZip

/// Writes the script's entries with `ZipWriter`, keeping a model of what it must accept, then
/// reads the archive back. What must hold:
///
/// - the writer refuses an entry (with `invalidArgument`, leaving the archive as it was) exactly
///   when the model says it is unsafe: an empty name, a NUL, a leading `/`, a backslash, a `..`
///   segment, another control character than tab, CR and LF, a name already added (compared as
///   Swift strings), bytes for a folder (`…/`), a deflate level outside 0...9; everything else is
///   written;
/// - `ZipArchive` reads the finished archive without warnings, with the accepted entries in order:
///   the same name (the very UTF-8 bytes), method (stored for folders), size and CRC, and `read`
///   gives the bytes back one for one;
/// - with its central directory zeroed, or the end record pointing at the wrong place,
///   `ZipArchive.recovering` rebuilds it from the local headers with the same entries and bytes
///   (the writer writes sizes in the local headers, never a data descriptor); unless the entries'
///   bytes hold an end record or central directory records of their own, which libzip may read
///   instead (a zip stored in a zip can do the same).
enum ZipRoundTrip {
    private struct Written {
        var name: String
        var bytes: [UInt8]
        var compression: ZipCompression
    }

    static func run(_ script: WriterScript, archive: ScratchFile, damaged: ScratchFile) {
        archive.remove()
        let writer: ZipWriter
        do {
            writer = try ZipWriter(path: archive.path, method: script.method)
        } catch {
            fuzzFail("the writer refused to start: \(error)")
        }
        var written: [Written] = []
        for entry in script.entries {
            let refusal = expectedRefusal(entry, written: written)
            do {
                try writer.add(entry.name, entry.bytes, method: entry.method)
                fuzzCheck(refusal == nil, "the writer took \(describe(entry)) although \(refusal ?? "")")
                let method = entry.name.hasSuffix("/") ? .stored : entry.method ?? script.method
                written.append(Written(name: entry.name, bytes: entry.bytes, compression: method == .stored ? .stored : .deflate))
            } catch {
                fuzzCheck(refusal != nil, "the writer refused \(describe(entry)): \(error)")
                fuzzCheck(error.kind == .invalidArgument, "refused \(String(reflecting: entry.name)) with \(error.kind): \(error)")
            }
            fuzzCheck(writer.entryNames == written.map(\.name), "the writer lists \(writer.entryNames), not \(written.map(\.name))")
        }
        do {
            try writer.finish()
        } catch {
            fuzzFail("finish failed: \(error)")
        }
        let bytes = archive.read()
        let opened: ZipArchive
        do {
            opened = try ZipArchive(path: archive.path)
        } catch {
            fuzzFail("the written archive (\(bytes.count) bytes, \(written.count) entries) does not open: \(error)")
        }
        fuzzCheck(opened.warnings.isEmpty, "warnings reading a written archive: \(opened.warnings)")
        check(opened, against: written, context: "written")
        if let memory = try? ZipArchive(bytes: bytes, name: "memory") {
            check(memory, against: written, context: "in memory")
        } else {
            fuzzFail("the written archive does not open from memory")
        }
        guard !written.isEmpty else { return }
        recover(bytes, zeroing: script.zeroesDirectory, written: written, damaged: damaged)
    }

    private static func describe(_ entry: WriterScript.Entry) -> String {
        "\(String(reflecting: entry.name)) (\(entry.bytes.count) bytes, \(entry.method.map { "\($0)" } ?? "the default method"))"
    }

    /// Why the writer must refuse the entry, or nil when it must take it.
    private static func expectedRefusal(_ entry: WriterScript.Entry, written: [Written]) -> String? {
        let name = entry.name
        if name.isEmpty { return "the name is empty" }
        if name.utf8.contains(0) { return "the name has a NUL" }
        if name.hasPrefix("/") { return "the name is absolute" }
        if name.contains("\\") { return "the name has a backslash" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") { return "the name has a .. segment" }
        if name.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            return "the name has a control character (libzip reads it back as another)"
        }
        if written.contains(where: { $0.name == name }) { return "the name was added already" }
        if name.hasSuffix("/"), !entry.bytes.isEmpty { return "a folder has no bytes" }
        if !name.hasSuffix("/"), case .deflate(let level) = entry.method, !(0...9).contains(level) {
            return "the deflate level \(level) is invalid"
        }
        return nil
    }

    private static func check(_ archive: ZipArchive, against written: [Written], context: String) {
        fuzzCheck(archive.entries.count == written.count,
                  "\(context): \(archive.entries.count) entries read, \(written.count) written")
        for (entry, expected) in zip(archive.entries, written) {
            fuzzCheck(Array(entry.name.utf8) == Array(expected.name.utf8),
                      "\(context): \(String(reflecting: expected.name)) read back as \(String(reflecting: entry.name))")
            fuzzCheck(entry.nameProblem == nil, "\(context): \(String(reflecting: entry.name)): \(entry.nameProblem ?? "")")
            fuzzCheck(entry.size == expected.bytes.count && entry.compression == expected.compression && !entry.isEncrypted,
                      "\(context): \(String(reflecting: entry.name)) is \(entry.size) bytes \(entry.compression), "
                          + "written \(expected.bytes.count) \(expected.compression)")
            do {
                let bytes = try archive.read(expected.name)
                fuzzCheck(bytes == expected.bytes, "\(context): \(String(reflecting: expected.name)) read back \(bytes.count) bytes that differ")
            } catch {
                fuzzFail("\(context): \(String(reflecting: expected.name)) does not read back: \(error)")
            }
        }
    }

    /// Whether `bytes` hold `pattern` somewhere.
    private static func contains(_ bytes: ArraySlice<UInt8>, _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        var index = bytes.startIndex
        while index <= bytes.endIndex - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }

    /// Damages the central directory (zeroed) or the end record (its directory offset moved), and
    /// recovers the archive from its local headers.
    private static func recover(_ bytes: [UInt8], zeroing: Bool, written: [Written], damaged: ScratchFile) {
        let end = bytes.count - 22
        fuzzCheck(end >= 0 && bytes[end..<(end + 4)].elementsEqual([0x50, 0x4B, 0x05, 0x06]),
                  "the end record is not the last 22 bytes")
        let directory = Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16 | Int(bytes[end + 19]) << 24
        var broken = bytes
        if zeroing {
            broken.replaceSubrange(directory..<end, with: repeatElement(0, count: end - directory))
        } else {
            broken[end + 16] &+= 0x40
        }
        damaged.write(broken)
        // The entries' bytes may hold an end record or central directory records of their own (the
        // fuzzer writes them; so does a zip stored in a zip): libzip, finding the real ones damaged
        // or moved, may then read those instead, or give up on them, and there is nothing to compare.
        let local = bytes[..<directory]
        let forged = contains(local, [0x50, 0x4B, 0x05, 0x06]) || contains(local, [0x50, 0x4B, 0x01, 0x02])
        do {
            let recovered = try ZipArchive.recovering(path: damaged.path)
            let rebuilt = recovered.warnings.first?.contains("read from their local headers") == true
            if forged, !rebuilt { return }
            check(recovered, against: written, context: zeroing ? "recovered (zeroed directory)" : "recovered (moved directory)")
        } catch {
            if forged { return }
            fuzzFail("\(written.count) written entries not recovered (\(zeroing ? "zeroed directory" : "moved directory")): \(error)")
        }
    }
}
