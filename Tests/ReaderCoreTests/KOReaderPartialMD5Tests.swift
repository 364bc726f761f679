import Foundation
import ReaderCore
import ReaderTestSupport
import Testing

/// KOReader's partial MD5 against golden values made by an independent Python implementation
/// (`Tests/Scripts/koreader_partial_md5.py --golden .`), on synthetic files whose sizes sit on
/// every sample boundary and on TestBooks of every format.
@Suite("KOReader partial MD5")
struct KOReaderPartialMD5Tests {
    static let goldenPath = TestLocation.packageRoot.path + "/Tests/ReaderCoreTests/Golden/koreader-partial-md5.tsv"
    static let script = TestLocation.packageRoot.path + "/Tests/Scripts/koreader_partial_md5.py"

    static let golden: [(name: String, md5: String)] = {
        let text = (try? String(contentsOfFile: goldenPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t")
            return (String(fields[0]), String(fields.last ?? ""))
        }
    }()

    /// The synthetic file of the Python script: byte i is ((i * 131) ^ (i >> 8)) & 0xFF.
    static func writeSynthetic(size: Int) throws -> String {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 131) ^ ($0 >> 8)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koreader-md5-\(size)-\(UUID()).bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theGoldenTableCoversSyntheticFilesAndTestBooks() {
        #expect(Self.golden.filter { $0.name.hasPrefix("synthetic-") }.count >= 10)
        #expect(Self.golden.filter { !$0.name.hasPrefix("synthetic-") }.count >= 6)
    }

    @Test(arguments: golden)
    func matchesTheIndependentImplementation(entry: (name: String, md5: String)) throws {
        let path: String
        if entry.name.hasPrefix("synthetic-") {
            path = try Self.writeSynthetic(size: Int(entry.name.dropFirst("synthetic-".count))!)
        } else {
            path = TestLocation.testBooks.path + "/" + entry.name
        }
        defer { if entry.name.hasPrefix("synthetic-") { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try KOReaderPartialMD5.compute(path: path) == entry.md5)
    }

    @Test func samplesAreReadAtZeroThenFourfoldSteps() {
        #expect(KOReaderPartialMD5.sampleOffsets.count == 12)
        #expect(KOReaderPartialMD5.sampleOffsets.prefix(4) == [0, 1024, 4096, 16384])
        #expect(KOReaderPartialMD5.sampleOffsets.last == 1 << 30)
    }

    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile)

    /// Re-runs the Python script where python3 exists, so the committed table cannot drift from it;
    /// `READER_UPDATE_GOLDEN=1` writes the script's table over the committed one (and fails).
    @Test(.enabled(if: python != nil, "python3 is not installed"))
    func theGoldenTableIsWhatThePythonScriptPrints() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [Self.script, "--golden", TestLocation.packageRoot.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let table = String(decoding: output, as: UTF8.self)
        if GoldenFile.updateRequested {
            try GoldenFile.rewrite(table, toFile: Self.goldenPath)
            return
        }
        #expect(table == (try String(contentsOfFile: Self.goldenPath, encoding: .utf8)))
    }

    @Test func aMissingFileIsATypedError() {
        #expect(throws: ReaderError.self) { try KOReaderPartialMD5.compute(path: "/nonexistent/book.epub") }
    }
}
