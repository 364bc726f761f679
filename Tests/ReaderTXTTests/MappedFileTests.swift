import Foundation
import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// A text file's bytes held in place (``UTF8Text``) map the pages a scan is about to read in one go
/// (``UTF8Text/load(_:)``) and give back those it has passed (``UTF8Text/release(_:)``), as the
/// kernel's count of the mapping's resident pages shows.
@Suite struct MappedFileTests {
    @Test("loading a range makes its pages resident in the mapping; releasing it gives them back")
    func loadsAndReleasesPages() throws {
        try withTemporaryDirectory(prefix: "reader-mapped-file-tests") { directory in
            let size = 4 << 20
            let path = directory.appendingPathComponent("pages.txt").path
            try Data(String(repeating: "The keeper climbed the stairs.\n", count: size / 31 + 1).utf8.prefix(size))
                .write(to: URL(fileURLWithPath: path))
            let document = try #require(try TXTBackend().open(path: path, format: .txt, options: .init()) as? TXTDocument)
            let held = try #require(try document.heldUTF8Text())
            let text = held.text
            let start = Int(bitPattern: text.bytes.baseAddress)
            #expect(try Self.residentKilobytes(ofMappingAt: start) == 0, "nothing is read yet")

            if Self.kernelPopulates {
                text.load(0..<(1 << 20))
                // At least the range: the kernel may map the rest of a large folio with it.
                #expect(try #require(try Self.residentKilobytes(ofMappingAt: start)) >= 1024)
                text.load(0..<size)
                #expect(try Self.residentKilobytes(ofMappingAt: start) == size >> 10)
            } else {
                // Before Linux 5.14 a load does nothing: the pages come in as they are read.
                var sum = 0
                for page in stride(from: 0, to: size, by: 4096) { sum &+= Int(text.bytes[page]) }
                #expect(sum > 0)
            }

            text.release(0..<size)
            #expect(try Self.residentKilobytes(ofMappingAt: start) == 0)
            withExtendedLifetime(held) {}
        }
    }

    /// Whether the running kernel maps pages ahead on request (`MADV_POPULATE_READ`, Linux 5.14).
    private static var kernelPopulates: Bool {
        var name = utsname()
        guard uname(&name) == 0 else { return false }
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard numbers.count == 2 else { return false }
        return (numbers[0], numbers[1]) >= (5, 14)
    }

    /// The `Rss` of the mapping that starts at `address`, from `/proc/self/smaps`: this mapping's
    /// pages alone, whatever other tests running meanwhile have resident.
    private static func residentKilobytes(ofMappingAt address: Int) throws -> Int? {
        // Read to its end: a /proc file has no size to read up to.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), line[..<dash].allSatisfy(\.isHexDigit) {
                inMapping = Int(line[..<dash], radix: 16) == address
            } else if inMapping, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1])
            }
        }
        return nil
    }
}
