import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

/// A corpus KF8 book with what the tests need of it: its records, the KF8 index numbers read
/// straight from the KF8 record 0 at their documented offsets, and mobitool's decoded text.
struct KF8CorpusBook {
    /// The corpus books with a KF8 part and a mobitool text dump.
    static let names = [
        "mobi/calibre/pg11_alice_kf8.azw3", "mobi/calibre/moby-dick_kf8.azw3",
        "mobi/sample-obfuscated-fonts_kf8-only.azw3", "mobi/calibre/pg11_alice_hybrid-both.mobi",
        "mobi/calibre/childrens-literature_hybrid-both.mobi", "mobi/calibre/kusamakura-preview_ja_kf8.azw3",
        "mobi/sample-ncx_kf8-hybrid.mobi", "mobi/embedded-mp3_kf8-hybrid.mobi",
        "mobi/huffdic_sri-vishnu-sahasranaamam_kf8-hybrid.mobi",
    ]

    /// The path under the corpus.
    let name: String
    /// The open file.
    let pdb: PDBFile
    /// The record number of the KF8 record 0 (EXTH 121 in a hybrid, else 0).
    let base: Int
    /// The KF8 record 0.
    let kf8Record0: [UInt8]
    /// The decoded text, from mobitool's rawml dump.
    let text: [UInt8]

    /// The "no such record" value of MOBI header fields.
    static let unset = 0xFFFF_FFFF

    /// Opens the corpus book `name` and its mobitool text.
    init(_ name: String) throws {
        self.name = name
        let path = TestLocation.corpus.appendingPathComponent(name).path
        pdb = try PDBFile(path: path, format: name.hasSuffix(".azw3") ? .azw3 : .mobi)
        let record0 = try pdb.record(0)
        base = Self.exth121(record0) ?? 0
        kf8Record0 = try pdb.record(base)
        text = try Self.rawml(for: name)
    }

    /// A 32-bit field of the KF8 record 0, nil when unset.
    func field(_ offset: Int) -> Int? {
        guard let value = ByteReader.uint32(kf8Record0, at: offset), value != UInt32(Self.unset) else { return nil }
        return Int(value)
    }

    /// The FDST record (0xC0), nil when the FDST count (0xC4) is one or less.
    var fdstIndex: Int? { (field(0xC4) ?? 0) > 1 ? field(0xC0) : nil }
    /// The NCX index (0xF4).
    var ncxIndex: Int? { field(0xF4) }
    /// The fragment index (0xF8).
    var fragmentIndex: Int? { field(0xF8) }
    /// The skeleton index (0xFC).
    var skeletonIndex: Int? { field(0xFC) }
    /// The guide index (0x104).
    var guideIndex: Int? { field(0x104) }

    /// The value mobitool printed after `label:` in mobitool-i.txt.
    func mobitoolValue(_ label: String) throws -> Int? {
        let info = try String(contentsOf: referenceDirectory.appendingPathComponent("mobitool-i.txt"), encoding: .utf8)
        let line = info.split(separator: "\n").first { $0.hasPrefix(label + ": ") }
        return line.flatMap { Int($0.dropFirst(label.count + 2)) }
    }

    /// The book's folder of reference outputs.
    var referenceDirectory: URL {
        TestLocation.corpus.appendingPathComponent("reference").appendingPathComponent(name)
    }

    /// The index at KF8-relative record `number`.
    func index(_ number: Int) throws -> MOBIIndex {
        try MOBIIndex.read(pdb: pdb, indexRecord: base + number)
    }

    /// The FDST flows, or one flow when the book has no FDST.
    func flows() throws -> FDSTTable {
        guard let fdst = fdstIndex else { return FDSTTable(wholeTextOf: text.count) }
        return try FDSTTable(record: pdb.record(base + fdst), textLength: text.count)
    }

    /// The rebuilt parts.
    func parts() throws -> KF8PartTable {
        let flow0 = Array(text[try flows().flows[0]])
        return try KF8PartTable.read(pdb: pdb, skeletonIndexRecord: base + skeletonIndex!,
                                     fragmentIndexRecord: base + fragmentIndex!, flow: flow0)
    }

    /// The KF8 boundary (EXTH 121) of a record 0, when it has one.
    static func exth121(_ record0: [UInt8]) -> Int? {
        guard let headerLength = ByteReader.uint32(record0, at: 20) else { return nil }
        var reader = ByteReader(record0, offset: 16 + Int(headerLength))
        guard reader.bytes(4).map({ Array($0) }) == Array("EXTH".utf8), reader.uint32() != nil,
              let count = reader.uint32()
        else { return nil }
        for _ in 0..<count {
            guard let type = reader.uint32(), let length = reader.uint32(), length >= 8,
                  let data = reader.bytes(Int(length) - 8)
            else { return nil }
            if type == 121 { return ByteReader.uint32(data, at: data.startIndex).map { Int($0) } }
        }
        return nil
    }

    /// mobitool's decoded text of the corpus book `name`.
    static func rawml(for name: String) throws -> [UInt8] {
        let directory = TestLocation.corpus.appendingPathComponent("reference").appendingPathComponent(name)
        let plain = directory.appendingPathComponent("mobitool-d.rawml")
        if FileManager.default.fileExists(atPath: plain.path) { return Array(try Data(contentsOf: plain)) }
        return try xzDecompressed(directory.appendingPathComponent("mobitool-d.rawml.xz"))
    }

    /// The contents of an xz file, through /usr/bin/xz.
    static func xzDecompressed(_ url: URL) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xz")
        process.arguments = ["-dc", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// Calibre's plain-text conversion of the book.
    func calibreText() throws -> String {
        let plain = referenceDirectory.appendingPathComponent("calibre.txt")
        if FileManager.default.fileExists(atPath: plain.path) { return try String(contentsOf: plain, encoding: .utf8) }
        return String(decoding: try Self.xzDecompressed(referenceDirectory.appendingPathComponent("calibre.txt.xz")),
                      as: UTF8.self)
    }
}

/// Whether `position` is at a `<`, or at white space before one (kindlegen starts fragments with
/// a newline, and NCX entries point at the fragment's start).
func pointsAtTag(_ table: KF8PartTable, _ position: KF8PartPosition) -> Bool {
    let bytes = table.parts[position.partIndex].bytes[position.offset...]
    return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
}

/// The words of markup once its tags are gone.
func markupWords<C: Collection<UInt8>>(_ bytes: C) -> [Substring] {
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count)
    var inTag = false
    for byte in bytes {
        if byte == UInt8(ascii: "<") { inTag = true; text.append(0x20); continue }
        if byte == UInt8(ascii: ">") && inTag { inTag = false; text.append(0x20); continue }
        if !inTag { text.append(byte) }
    }
    return String(decoding: text, as: UTF8.self).split(whereSeparator: \.isWhitespace)
}

@Suite("KF8 corpus books", .enabled(if: TestLocation.corpusAvailable))
struct KF8CorpusTests {
    @Test("index numbers at the documented record-0 offsets agree with mobitool", arguments: KF8CorpusBook.names)
    func headerOffsets(name: String) throws {
        let book = try KF8CorpusBook(name)
        #expect(try book.mobitoolValue("fragment index") == book.fragmentIndex)
        #expect(try book.mobitoolValue("skeleton index") == book.skeletonIndex)
        #expect(try book.mobitoolValue("NCX offset") == book.ncxIndex ?? KF8CorpusBook.unset)
        #expect(try book.mobitoolValue("guide index") == book.guideIndex ?? KF8CorpusBook.unset)
        if let fdst = book.fdstIndex { #expect(try book.mobitoolValue("FDST offset") == fdst) }
    }

    @Test("the FDST flows tile the decoded text", arguments: KF8CorpusBook.names)
    func flows(name: String) throws {
        let book = try KF8CorpusBook(name)
        let flows = try book.flows().flows
        #expect(flows.first?.lowerBound == 0)
        #expect(flows.last?.upperBound == book.text.count)
        for (previous, next) in zip(flows, flows.dropFirst()) { #expect(previous.upperBound == next.lowerBound) }
    }

    @Test("rebuilt parts are whole XHTML documents holding every word of flow 0", arguments: KF8CorpusBook.names)
    func parts(name: String) throws {
        let book = try KF8CorpusBook(name)
        let table = try book.parts()
        let skeletons = try book.index(book.skeletonIndex!).entries.count
        #expect(table.parts.count == skeletons)
        for part in table.parts {
            let text = String(decoding: part.bytes, as: UTF8.self)
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let start = trimmed.prefix(9).lowercased()
            #expect(start.hasPrefix("<?xml") || start.hasPrefix("<!doctype") || start.hasPrefix("<html"),
                    "\(part.fileName) starts \(trimmed.prefix(20))")
            #expect(trimmed.hasSuffix("</html>"), "\(part.fileName) ends \(trimmed.suffix(20))")
        }
        let flow0 = book.text[try book.flows().flows[0]]
        let partWords = markupWords(table.parts.flatMap(\.bytes))
        #expect(partWords.sorted() == markupWords(flow0).sorted())
        #expect(table.parts.reduce(0) { $0 + $1.bytes.count } == flow0.count)
    }

    @Test("part bytes map back to the flow bytes they came from", arguments: KF8CorpusBook.names)
    func flowMap(name: String) throws {
        let book = try KF8CorpusBook(name)
        let table = try book.parts()
        let flow0 = Array(book.text[try book.flows().flows[0]])
        for part in table.parts {
            for offset in stride(from: 0, to: part.bytes.count, by: 13) {
                let position = KF8PartPosition(partIndex: part.index, offset: offset)
                let flowByte = try #require(table.flowByte(of: position))
                #expect(flow0[flowByte] == part.bytes[offset])
                #expect(table.position(ofFlowByte: flowByte) == position)
            }
        }
    }

    @Test("every kindle:pos link in the text resolves to a tag start", arguments: KF8CorpusBook.names)
    func links(name: String) throws {
        let book = try KF8CorpusBook(name)
        let table = try book.parts()
        let text = String(decoding: table.parts.flatMap(\.bytes), as: UTF8.self)
        var count = 0
        for match in text.matches(of: /kindle:pos:fid:[0-9A-V]{4}:off:[0-9A-V]{10}/) {
            let link = try #require(KindlePosition(uri: String(match.output)))
            let position = try #require(table.position(of: link), "\(link.uri)")
            #expect(pointsAtTag(table, position), "\(link.uri)")
            count += 1
        }
        if name.contains("alice") || name.contains("moby") { #expect(count > 10) }
    }

    @Test("NCX entries have calibre's titles and land on tag starts", arguments: KF8CorpusBook.names)
    func ncx(name: String) throws {
        let book = try KF8CorpusBook(name)
        guard let ncxIndex = book.ncxIndex else { return }
        let table = try book.parts()
        let entries = NCXEntry.entries(from: try book.index(ncxIndex))
        #expect(!entries.isEmpty)
        let calibre = try book.calibreText()
        for entry in entries {
            #expect(!entry.title.isEmpty)
            #expect(calibre.contains(entry.title), "\(entry.title)")
            let target = try #require(entry.kindlePosition)
            let position = try #require(table.position(of: target), "\(entry.title)")
            #expect(pointsAtTag(table, position), "\(entry.title)")
            if let parent = entry.parent { #expect(entries[parent].depth == entry.depth - 1) }
        }
        let tree = NCXNode.tree(entries)
        #expect(tree.flatMap(\.flattened).count == entries.count)
        #expect(tree.allSatisfy { $0.entry.depth == 0 })
    }

    @Test("Alice's NCX, guide and parts, in the AZW3 and in the hybrid's KF8 half",
          arguments: ["mobi/calibre/pg11_alice_kf8.azw3", "mobi/calibre/pg11_alice_hybrid-both.mobi"])
    func alice(name: String) throws {
        let book = try KF8CorpusBook(name)
        #expect(book.base == (name.hasSuffix(".azw3") ? 0 : 66))
        let entries = NCXEntry.entries(from: try book.index(book.ncxIndex!))
        #expect(entries.map(\.title) == [
            "Alice’s Adventures in Wonderland", "THE MILLENNIUM FULCRUM EDITION 3.0", "Contents",
            "CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears",
            "CHAPTER III. A Caucus-Race and a Long Tale", "CHAPTER IV. The Rabbit Sends in a Little Bill",
            "CHAPTER V. Advice from a Caterpillar", "CHAPTER VI. Pig and Pepper", "CHAPTER VII. A Mad Tea-Party",
            "CHAPTER VIII. The Queen’s Croquet-Ground", "CHAPTER IX. The Mock Turtle’s Story",
            "CHAPTER X. The Lobster Quadrille", "CHAPTER XI. Who Stole the Tarts?", "CHAPTER XII. Alice’s Evidence",
            "THE FULL PROJECT GUTENBERG LICENSE",
        ])
        // calibre: pos 3240, pos_fid (1, 77); pos 8321, pos_fid (4, 0).
        #expect(entries[0].filePosition == 3240)
        #expect(entries[0].kindlePosition == KindlePosition(fragmentIndex: 1, offset: 77))
        #expect(entries[3].kindlePosition == KindlePosition(fragmentIndex: 4, offset: 0))
        let table = try book.parts()
        #expect(table.parts.count == 18)
        #expect(table.fragments.count == 41)
        let chapter1 = try #require(table.position(of: entries[3].kindlePosition!))
        let html = String(decoding: table.parts[chapter1.partIndex].bytes[chapter1.offset...].prefix(300), as: UTF8.self)
        #expect(html.contains("Down the Rabbit-Hole"))
        let guide = GuideEntry.entries(from: try book.index(book.guideIndex!))
        #expect(guide == [GuideEntry(type: "toc", title: "Contents", kindlePosition: KindlePosition(fragmentIndex: 3, offset: 0),
                                     fileNumber: nil)])
        let contents = try #require(table.position(of: guide[0].kindlePosition!))
        #expect(table.parts[contents.partIndex].bytes[contents.offset] == UInt8(ascii: "<"))
    }

    @Test("byte flips in Alice's skeleton, fragment and NCX indices give a result or a malformed error")
    func byteFlips() throws {
        let book = try KF8CorpusBook("mobi/calibre/pg11_alice_kf8.azw3")
        let flow0 = Array(book.text[try book.flows().flows[0]])
        let indices = [book.skeletonIndex!, book.fragmentIndex!, book.ncxIndex!]
        let originals = try (0..<book.pdb.recordCount).map { try book.pdb.record($0) }
        var random = SeededRandom(seed: 0xA11CE)
        for _ in 0..<300 {
            var records = originals
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let record = indices.randomElement(using: &random)! + Int.random(in: 0...2, using: &random)
                let offset = Int.random(in: 0..<records[record].count, using: &random)
                records[record][offset] = UInt8.random(in: 0...255, using: &random)
            }
            func read(_ number: Int) throws(ReaderError) -> MOBIIndex {
                try MOBIIndex.read(indexRecord: number, recordCount: records.count) { (index: Int) throws(ReaderError) -> [UInt8] in
                    records[index]
                }
            }
            do {
                let table = try KF8PartTable(flow: flow0, skeletons: SkeletonEntry.entries(from: read(indices[0])),
                                             fragments: FragmentEntry.entries(from: read(indices[1])))
                for entry in NCXEntry.entries(from: try read(indices[2])) {
                    if let target = entry.kindlePosition, let position = table.position(of: target) {
                        #expect(table.parts[position.partIndex].bytes.indices.contains(position.offset))
                    }
                }
            } catch {
                #expect(error.kind == .malformed)
            }
        }
    }

    @Test("a nested NCX keeps its levels", arguments: ["mobi/calibre/childrens-literature_hybrid-both.mobi"])
    func nested(name: String) throws {
        let book = try KF8CorpusBook(name)
        let entries = NCXEntry.entries(from: try book.index(book.ncxIndex!))
        let tree = NCXNode.tree(entries)
        // calibre: entry 0 is the only top-level entry; "I. The Rabbi and the Diadem" is at depth 3 under entry 12.
        #expect(tree.map(\.entry.title) == ["SECTION IV FAIRY STORIES—MODERN FANTASTIC TALES"])
        #expect(entries[27].title == "I. The Rabbi and the Diadem")
        #expect(entries[27].depth == 3)
        #expect(entries[27].parent == 12)
        #expect(tree[0].children.count == 11)
    }
}
