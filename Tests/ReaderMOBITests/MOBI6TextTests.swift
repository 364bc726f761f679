import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("MOBI 6 text stream")
struct MOBI6TextTests {
    static func rawML(_ name: String) throws -> [UInt8] {
        try #require(TestLocation.corpusAvailable)
        let url = TestLocation.corpus.appendingPathComponent("reference/mobi/\(name)/mobitool-d.rawml")
        return Array(try Data(contentsOf: url))
    }

    @Test("splits Alice at its page breaks and finds every filepos link target")
    func alice() throws {
        let text = MOBI6Text(stream: try Self.rawML("calibre/pg11_alice_mobi6-old.mobi"), isWindows1252: false)
        #expect(text.layout.parts.count > 15)
        #expect(text.layout.linkTargets.contains(4093))
        let covered = text.layout.parts.map(\.range.count).reduce(0, +)
        #expect(covered == text.stream.count)
        var words = 0
        for index in text.layout.parts.indices {
            let markup = text.markup(ofPart: index)
            let part = try ConvertedPart.convert(markup.bytes, name: "part\(index)", exactAnchors: markup.exactAnchors,
                                                 fileposRange: text.layout.parts[index].range, singleByteStream: false)
            words += part.content.blocks.map { $0.text.split(separator: " ").count }.reduce(0, +)
            let table = try #require(part.fileposTable)
            for source in stride(from: 0, through: part.sourceLength, by: 37) {
                let filepos = table.filepos(atSource: source)
                #expect(text.layout.parts[index].range.contains(filepos) || part.sourceLength == 0)
                #expect(table.sourceOffset(atFilepos: filepos) == source, "part \(index) source \(source)")
            }
            #expect(part.warnings.isEmpty, "\(part.warnings.prefix(3))")
        }
        #expect(words > 25_000)
    }
}
