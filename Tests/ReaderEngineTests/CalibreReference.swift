import Foundation

/// What calibre 6.13 made of a corpus book, read from `reference/<path>/` (the corpus README
/// says how it was produced): `ebook-meta.txt` and `calibre.txt`, or `calibre.txt.xz` for large
/// outputs. Tests read these files and never run calibre.
struct CalibreReference {
    /// The folder of one sample's reference files.
    let folder: String

    init(samplePath: String) {
        folder = TestPaths.corpus + "/reference/" + samplePath
    }

    /// The `Title` line of `ebook-meta.txt`.
    var title: String? { metadataFields["Title"] }

    /// The `Author(s)` line of `ebook-meta.txt` as a list: calibre prints `A & B [sortA & sortB]`;
    /// the bracketed sort form is dropped, and calibre's placeholder `Unknown` (a book without
    /// `dc:creator`) is the empty list.
    var authors: [String]? {
        guard var line = metadataFields["Author(s)"] else { return nil }
        if line.hasSuffix("]"), let open = line.range(of: " [", options: .backwards) {
            line = String(line[..<open.lowerBound])
        }
        let names = line.components(separatedBy: " & ").map { $0.trimmingCharacters(in: .whitespaces) }
        return names == ["Unknown"] ? [] : names
    }

    /// The fields of `ebook-meta.txt` (`Name    : value`; continuation lines are indented).
    var metadataFields: [String: String] {
        guard let text = try? String(contentsOfFile: folder + "/ebook-meta.txt", encoding: .utf8) else { return [:] }
        var fields: [String: String] = [:]
        var last: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first == " ", let key = last {
                fields[key, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let colon = line.range(of: " : ") ?? line.range(of: ": ") else { continue }
            let key = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            fields[key] = line[colon.upperBound...].trimmingCharacters(in: .whitespaces)
            last = key
        }
        return fields
    }

    /// Whether calibre's text is stored compressed (`calibre.txt.xz`, for outputs over 256 KiB).
    var isCompressed: Bool {
        !FileManager.default.fileExists(atPath: folder + "/calibre.txt")
            && FileManager.default.fileExists(atPath: folder + "/calibre.txt.xz")
    }

    /// calibre's text conversion, decompressed with `xz -dc` when stored as `.xz`.
    /// - Throws: ``Unavailable`` naming why the text cannot be read (no reference, no `xz`).
    func text() throws -> String {
        let plain = folder + "/calibre.txt"
        if FileManager.default.fileExists(atPath: plain) {
            return try String(contentsOfFile: plain, encoding: .utf8)
        }
        let compressed = plain + ".xz"
        guard isCompressed else {
            throw Unavailable(reason: "no calibre.txt or calibre.txt.xz in \(folder)")
        }
        guard let xz = Self.xzPath else {
            throw Unavailable(reason: "\(compressed) needs xz, which is not installed")
        }
        return try Self.run(xz, ["-dc", compressed])
    }

    /// Why a reference cannot be read.
    struct Unavailable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// `xz` from the usual places (Debian's base system has `/usr/bin/xz`).
    static let xzPath: String? = ["/usr/bin/xz", "/bin/xz", "/usr/local/bin/xz"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(reason: "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
