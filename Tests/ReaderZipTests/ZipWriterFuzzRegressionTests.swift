import Foundation
import ReaderTestSupport
import ReaderZip
import Testing

/// Inputs that made the `zip-writer` fuzz target (Fuzz/) fail, kept so the fixes stay fixed.
@Suite("Zip writer: fuzzer regressions")
struct ZipWriterFuzzRegressionTests {
    /// A name with a C0 control character was written (without the UTF-8 flag, as ASCII), and
    /// libzip read it back as CP437: `\u{01}control` came back as `☺control`, never readable by
    /// the name it was written with (with the flag, libzip refuses the whole archive). The writer
    /// now refuses such names and leaves the archive as it was; tab, CR and LF still pass.
    @Test("a name with a control character is refused; tab, CR and LF read back as written")
    func controlCharacterNames() throws {
        try withTemporaryDirectory(prefix: "zipwriter-fuzz") { folder in
            let path = folder.appendingPathComponent("names.zip").path
            let writer = try ZipWriter(path: path)
            for name in ["\u{01}control", "a\u{1F}b/c.txt", "\u{1B}[31m"] {
                #expect(throws: ZipError.self) { try writer.add(name, Array("contents".utf8)) }
            }
            let kept = ["tab\there", "line\nbreak", "cr\rreturn", "delete\u{7F}"]
            for name in kept { try writer.add(name, Array(name.utf8)) }
            try writer.finish()
            let archive = try ZipArchive(path: path)
            #expect(archive.entries.map(\.name) == kept)
            for name in kept { #expect(try archive.read(name) == Array(name.utf8)) }
        }
    }
}
