import ReaderCore
import Testing
@testable import ReaderMOBI

/// The MOBI backend's sniffer alone: the Palm database type at offset 60, AZW3 for KF8-only books.
@Suite struct MOBISnifferTests {
    private func database(_ type: String, name: [UInt8] = [UInt8](repeating: 0x41, count: 60)) -> [UInt8] {
        name + Array(type.utf8) + [UInt8](repeating: 0, count: 20)
    }

    private func sniff(_ bytes: [UInt8]) -> DocumentFormat? {
        MOBISniffer().sniff(SniffSample(bytes: bytes, fileExtension: nil))?.format
    }

    @Test func readsTheTypeAndCreator() {
        #expect(sniff(database("BOOKMOBI")) == .mobi)
        #expect(sniff(database("TEXtREAd")) == .mobi)
        #expect(sniff(database("DataPlkr")) == nil)
        #expect(sniff(Array(database("BOOKMOBI").prefix(67))) == nil, "too short to hold the type")
        #expect(sniff(database("BOOKMOBI", name: [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0x41, count: 56))) == nil,
                "a zip header is a zip")
    }

    @Test func headerVersionEightAloneIsAZW3() {
        var pdb = database("BOOKMOBI").prefix(78) + [0, 0, 0, 96] + [UInt8](repeating: 0, count: 14)
        pdb += [UInt8](repeating: 0, count: 16) + Array("MOBI".utf8) + [UInt8](repeating: 0, count: 16) + [0, 0, 0, 8]
        #expect(MOBISniffer.isKF8Only(Array(pdb)))
        #expect(sniff(Array(pdb)) == .azw3)
        pdb[pdb.endIndex - 1] = 6
        #expect(sniff(Array(pdb)) == .mobi)
    }
}
