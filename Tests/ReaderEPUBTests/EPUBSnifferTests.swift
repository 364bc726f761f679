import ReaderCore
import Testing
@testable import ReaderEPUB

/// The EPUB backend's sniffer alone: a zip local header, then the mimetype, container.xml or the
/// `.epub` extension.
@Suite struct EPUBSnifferTests {
    private let zipHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 26)

    private func sniff(_ bytes: [UInt8], _ fileExtension: String? = nil, named format: DocumentFormat? = nil) -> DocumentFormat? {
        EPUBSniffer().sniff(SniffSample(bytes: bytes, fileExtension: fileExtension, formatByExtension: format))?.format
    }

    @Test func needsTheZipHeaderAndAnEPUBSign() {
        #expect(sniff(zipHeader + Array("mimetypeapplication/epub+zip".utf8)) == .epub)
        #expect(sniff([UInt8](repeating: 0, count: 300) + Array("META-INF/container.xml".utf8)) == nil, "no zip header")
        #expect(sniff(zipHeader + [UInt8](repeating: 0, count: 300) + Array("META-INF/container.xml".utf8)) == .epub)
        #expect(sniff(zipHeader + [UInt8](repeating: 0, count: 200) + Array("application/epub+zip".utf8)) == nil,
                "the mimetype counts only within the first 200 bytes")
        #expect(sniff(zipHeader, "zip") == nil)
        #expect(sniff(zipHeader, "epub", named: .epub) == .epub)
    }
}
