import Foundation
import ReaderCore
import ReaderTestSupport
import ReaderZip
import Testing

/// `ZipArchive.recovering`: an archive whose central directory is lost, zeroed or pointed at
/// wrongly is rebuilt from its local headers; one cut short keeps the entries before the cut.
@Suite struct ZipRecoveryTests {
    private let contents: [(String, [UInt8])] = [
        ("mimetype", Array("application/epub+zip".utf8)),
        ("a.txt", Array(String(repeating: "The keeper climbed the stairs. ", count: 200).utf8)),
        ("b/c.txt", Array(String(repeating: "Fog came in from the sea. ", count: 300).utf8)),
        ("d.bin", (0..<3000).map { UInt8(($0 * 7919) % 251) }),
    ]

    /// A written archive's bytes, and where its central directory and end record start.
    private func archive(in folder: URL) throws -> (bytes: [UInt8], directory: Int, end: Int) {
        let path = folder.appendingPathComponent("intact.zip").path
        let writer = try ZipWriter(path: path)
        for (name, bytes) in contents { try writer.add(name, bytes, method: name == "mimetype" ? .stored : nil) }
        try writer.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let end = try #require((0...(bytes.count - 22)).last { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x05, 0x06]) })
        let directory = Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16 | Int(bytes[end + 19]) << 24
        return (bytes, directory, end)
    }

    private func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a zeroed central directory or a lying end record: every entry read back from the local headers")
    func lostDirectory() throws {
        try withTemporaryDirectory(prefix: "zip-recovery") { folder in
            let (bytes, directory, end) = try archive(in: folder)
            var zeroed = bytes
            zeroed.replaceSubrange(directory..<end, with: repeatElement(0, count: end - directory))
            var lying = bytes
            lying[end + 16] &+= 0x40
            for (name, damaged) in [("zeroed.zip", zeroed), ("lying.zip", lying)] {
                let path = try write(damaged, name, in: folder)
                #expect(throws: ZipError.self) { _ = try ZipArchive(path: path) }
                let recovered = try ZipArchive.recovering(path: path)
                #expect(recovered.entries.map(\.name) == contents.map(\.0))
                for (entry, bytes) in contents { #expect(try recovered.read(entry) == bytes, "\(name): \(entry)") }
                #expect(recovered.warnings.first?.contains("entries were read from their local headers") == true,
                        "\(recovered.warnings)")
            }
        }
    }

    @Test("an archive cut inside an entry: the entries before it read, the cut one fails its check")
    func truncated() throws {
        try withTemporaryDirectory(prefix: "zip-recovery") { folder in
            let (bytes, directory, _) = try archive(in: folder)
            let path = try write(Array(bytes[..<(directory - 200)]), "cut.zip", in: folder)
            let recovered = try ZipArchive.recovering(path: path)
            #expect(recovered.entries.map(\.name) == contents.map(\.0))
            for (entry, bytes) in contents.dropLast() { #expect(try recovered.read(entry) == bytes) }
            #expect(throws: ZipError.self) { _ = try recovered.read("d.bin") }
            #expect(recovered.warnings.contains { $0.contains("'d.bin' is cut short") }, "\(recovered.warnings)")
        }
    }

    @Test("the first segment of a split archive says so; a file with no local header is not recovered")
    func splitAndNothing() throws {
        try withTemporaryDirectory(prefix: "zip-recovery") { folder in
            let (bytes, directory, _) = try archive(in: folder)
            let split = try write([0x50, 0x4B, 0x07, 0x08] + bytes[..<directory], "split.z01", in: folder)
            let recovered = try ZipArchive.recovering(path: split)
            #expect(recovered.warnings.first?.contains("first segment of a split zip archive") == true, "\(recovered.warnings)")
            #expect(try recovered.read("a.txt") == contents[1].1)
            let text = try write(Array("just some text, no zip here".utf8), "text.zip", in: folder)
            #expect(throws: ZipError.self) { _ = try ZipArchive.recovering(path: text) }
        }
    }
}
