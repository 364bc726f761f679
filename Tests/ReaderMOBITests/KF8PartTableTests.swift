import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("KF8 part rebuilding")
struct KF8PartTableTests {
    /// A flow of skeletons and fragments laid out as KF8 writers lay them out.
    struct FlowBuilder {
        /// Flow 0 so far.
        var flow: [UInt8] = []
        /// The skeleton entries so far.
        var skeletons: [SkeletonEntry] = []
        /// The fragment entries so far.
        var fragments: [FragmentEntry] = []

        /// Adds a skeleton and its fragments; each fragment goes before the first occurrence of
        /// its marker in the skeleton as it stands when the fragment is inserted.
        mutating func add(skeleton: String, fragments parts: [(marker: String, text: String, aid: String?)]) {
            let start = flow.count
            var growing = Array(skeleton.utf8)
            flow += growing
            for part in parts {
                let marker = Array(part.marker.utf8)
                let point = growing.indices.first { growing[$0...].starts(with: marker) }!
                growing.insert(contentsOf: Array(part.text.utf8), at: point)
                fragments.append(FragmentEntry(index: fragments.count, insertPosition: start + point,
                                               selector: part.aid.map { "P-//*[@aid='\($0)']" },
                                               fileNumber: skeletons.count, sequenceNumber: fragments.count,
                                               offsetInElement: 0, length: part.text.utf8.count))
                flow += Array(part.text.utf8)
            }
            skeletons.append(SkeletonEntry(index: skeletons.count, name: "SKEL", fragmentCount: parts.count,
                                           start: start, length: skeleton.utf8.count))
        }

        /// The parts rebuilt from what was added.
        func table() throws -> KF8PartTable {
            try KF8PartTable(flow: flow, skeletons: skeletons, fragments: fragments)
        }
    }

    /// A part's markup as text.
    static func text(_ part: KF8Part) -> String { String(decoding: part.bytes, as: UTF8.self) }

    /// Every byte of every part maps to the flow byte it came from, and back.
    static func expectConsistentMapping(_ table: KF8PartTable, flow: [UInt8],
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        for part in table.parts {
            for offset in part.bytes.indices {
                let position = KF8PartPosition(partIndex: part.index, offset: offset)
                guard let flowByte = table.flowByte(of: position) else {
                    Issue.record("part \(part.index) offset \(offset) has no flow byte", sourceLocation: sourceLocation)
                    return
                }
                #expect(flow[flowByte] == part.bytes[offset], sourceLocation: sourceLocation)
                #expect(table.position(ofFlowByte: flowByte) == position, sourceLocation: sourceLocation)
            }
        }
    }

    @Test("inserts fragments into their skeletons")
    func rebuild() throws {
        var builder = FlowBuilder()
        builder.add(skeleton: "<?xml version=\"1.0\"?><html><body aid=\"0\"></body></html>",
                    fragments: [("</body>", "<p aid=\"1\">Hello</p>", "0")])
        builder.add(skeleton: "<html><body><div aid=\"2\"></div></body></html>",
                    fragments: [("</div>", "<h1>Two</h1>", "2"), ("</div>", "<p>More</p>", "2")])
        let table = try builder.table()
        #expect(table.parts.count == 2)
        #expect(Self.text(table.parts[0]) == "<?xml version=\"1.0\"?><html><body aid=\"0\"><p aid=\"1\">Hello</p></body></html>")
        #expect(Self.text(table.parts[1]) == "<html><body><div aid=\"2\"><h1>Two</h1><p>More</p></div></body></html>")
        #expect(table.parts.map(\.fileName) == ["part0000.xhtml", "part0001.xhtml"])
        #expect(table.part(named: "part0001.xhtml")?.index == 1)
        #expect(table.parts[1].flowStart == table.parts[0].flowRange.upperBound)
        let hello = try #require(table.position(of: KindlePosition(fragmentIndex: 0, offset: 0)))
        #expect(hello == KF8PartPosition(partIndex: 0, offset: 41))
        let more = try #require(table.position(of: KindlePosition(uri: "kindle:pos:fid:0002:off:0000000003")!))
        #expect(more.partIndex == 1)
        #expect(Array(table.parts[1].bytes[more.offset...].prefix(4)) == Array("More".utf8))
        #expect(table.position(of: KindlePosition(fragmentIndex: 3, offset: 0)) == nil)
        #expect(table.position(of: KindlePosition(fragmentIndex: 0, offset: Int.max)) == nil)
        #expect(table.position(of: KindlePosition(fragmentIndex: 0, offset: -1)) == nil)
        #expect(table.position(atInsertCoordinate: builder.flow.count) == nil)
        #expect(table.position(atInsertCoordinate: -1) == nil)
        Self.expectConsistentMapping(table, flow: builder.flow)
    }

    @Test("a fragment inserted before an earlier one shifts it, and the flow map follows")
    func outOfOrder() throws {
        var builder = FlowBuilder()
        builder.add(skeleton: "<html><body><div aid=\"a\"></div><div aid=\"b\"></div></body></html>",
                    fragments: [("</div></body>", "<p>second div</p>", "b"), ("</div>", "<p>first div</p>", "a")])
        let table = try builder.table()
        #expect(Self.text(table.parts[0])
            == "<html><body><div aid=\"a\"><p>first div</p></div><div aid=\"b\"><p>second div</p></div></body></html>")
        #expect(table.parts[0].segments.count == 5)
        Self.expectConsistentMapping(table, flow: builder.flow)
    }

    @Test("an insert point inside a tag is recomputed from the fragment's aid")
    func misplacedInsertPoint() throws {
        var builder = FlowBuilder()
        builder.add(skeleton: "<html><body aid=\"7\"></body></html>", fragments: [("</body>", "<p>x</p>", "7")])
        let good = builder.fragments[0]
        builder.fragments[0] = FragmentEntry(index: 0, insertPosition: 9, selector: good.selector, fileNumber: 0,
                                             sequenceNumber: 0, offsetInElement: 0, length: good.length)
        #expect(Self.text(try builder.table().parts[0]) == "<html><body aid=\"7\"><p>x</p></body></html>")
        // Past the skeleton's end, with the aid to fall back on.
        builder.fragments[0] = FragmentEntry(index: 0, insertPosition: 10_000, selector: good.selector, fileNumber: 0,
                                             sequenceNumber: 0, offsetInElement: 0, length: good.length)
        #expect(Self.text(try builder.table().parts[0]) == "<html><body aid=\"7\"><p>x</p></body></html>")
        // Past the end with no aid: nowhere to put it.
        builder.fragments[0] = FragmentEntry(index: 0, insertPosition: 10_000, selector: nil, fileNumber: 0,
                                             sequenceNumber: 0, offsetInElement: 0, length: good.length)
        #expect(throws: ReaderError.self) { try builder.table() }
    }

    @Test("skeletons and fragments that do not fit the flow are malformed")
    func broken() {
        var builder = FlowBuilder()
        builder.add(skeleton: "<html><body></body></html>", fragments: [("</body>", "<p>x</p>", nil)])
        let skeleton = builder.skeletons[0], fragment = builder.fragments[0]
        /// Expects rebuilding to fail as malformed.
        func expectMalformed(_ skeletons: [SkeletonEntry], _ fragments: [FragmentEntry], _ comment: Comment,
                             sourceLocation: SourceLocation = #_sourceLocation) {
            let error = readerError { _ = try KF8PartTable(flow: builder.flow, skeletons: skeletons, fragments: fragments) }
            #expect(error?.kind == .malformed, comment, sourceLocation: sourceLocation)
        }
        /// The test skeleton with some fields replaced.
        func skeletonWith(start: Int = skeleton.start, length: Int = skeleton.length, count: Int = 1) -> SkeletonEntry {
            SkeletonEntry(index: 0, name: "SKEL", fragmentCount: count, start: start, length: length)
        }
        expectMalformed([skeletonWith(start: 30)], [fragment], "skeleton past the flow")
        expectMalformed([skeletonWith(length: 1000)], [fragment], "skeleton longer than the flow")
        expectMalformed([skeletonWith(start: -1)], [fragment], "negative start")
        expectMalformed([skeletonWith(count: 2)], [fragment], "more fragments than the table holds")
        expectMalformed([skeletonWith(count: Int.max)], [fragment], "absurd fragment count")
        expectMalformed([skeletonWith(count: -1)], [fragment], "negative fragment count")
        let longFragment = FragmentEntry(index: 0, insertPosition: fragment.insertPosition, selector: nil, fileNumber: 0,
                                 sequenceNumber: 0, offsetInElement: 0, length: 1000)
        expectMalformed([skeleton], [longFragment], "fragment past the flow")
        let overlapping = SkeletonEntry(index: 1, name: "SKEL", fragmentCount: 0, start: 0, length: builder.flow.count)
        expectMalformed([skeleton, overlapping], [fragment], "overlapping skeletons")
        let long = SkeletonEntry(index: 1, name: "SKEL", fragmentCount: 0, start: 0, length: 20)
        let empty = SkeletonEntry(index: 2, name: "SKEL", fragmentCount: 0, start: 5, length: 0)
        let inside = SkeletonEntry(index: 3, name: "SKEL", fragmentCount: 0, start: 10, length: 5)
        expectMalformed([long, empty, inside], [], "a part inside another, past an empty one")
    }

    @Test("random skeleton and fragment tables build consistent parts or fail as malformed")
    func randomTables() {
        var random = SeededRandom(seed: 0xF1A6)
        let flow = Array((0..<400).map { _ in UInt8.random(in: 0x3C...0x3E, using: &random) })
        for _ in 0..<1500 {
            var skeletons: [SkeletonEntry] = []
            var fragments: [FragmentEntry] = []
            for index in 0..<Int.random(in: 0...4, using: &random) {
                let count = Int.random(in: -1...3, using: &random)
                skeletons.append(SkeletonEntry(index: index, name: "S", fragmentCount: count,
                                               start: Int.random(in: -5...420, using: &random),
                                               length: Int.random(in: -5...200, using: &random)))
                for _ in 0..<max(0, count) {
                    fragments.append(FragmentEntry(index: fragments.count, insertPosition: Int.random(in: 0...450, using: &random),
                                                   selector: Bool.random(using: &random) ? "P-//*[@aid='x']" : nil,
                                                   fileNumber: index, sequenceNumber: fragments.count,
                                                   offsetInElement: Int.random(in: 0...50, using: &random),
                                                   length: Int.random(in: -2...120, using: &random)))
                }
            }
            do {
                let table = try KF8PartTable(flow: flow, skeletons: skeletons, fragments: fragments)
                Self.expectConsistentMapping(table, flow: flow)
                for fid in fragments.indices {
                    if let position = table.position(of: KindlePosition(fragmentIndex: fid, offset: Int.random(in: 0...100, using: &random))) {
                        #expect(table.parts[position.partIndex].bytes.indices.contains(position.offset))
                    }
                }
            } catch {
                #expect(error.kind == .malformed)
            }
        }
    }

    @Test("skeleton and fragment entries come from their indices")
    func fromIndices() throws {
        var skeletonIndex = MOBIIndexBuilder()
        skeletonIndex.rows = MOBIIndexBuilder.skeletonRows
        skeletonIndex.add(label: "SKEL0000000000", tags: [1: [1, 1], 6: [0, 26, 0, 26]])
        var fragmentIndex = MOBIIndexBuilder()
        fragmentIndex.rows = MOBIIndexBuilder.fragmentRows
        let selector = fragmentIndex.addString("P-//*[@aid='1T141']")
        fragmentIndex.add(label: "0000000012", tags: [2: [selector], 3: [0], 4: [0], 6: [0, 8]])
        let skeletons = try SkeletonEntry.entries(from: MOBIIndexBuilder.read(skeletonIndex.records))
        let fragments = try FragmentEntry.entries(from: MOBIIndexBuilder.read(fragmentIndex.records))
        #expect(skeletons == [SkeletonEntry(index: 0, name: "SKEL0000000000", fragmentCount: 1, start: 0, length: 26)])
        #expect(fragments[0].insertPosition == 12)
        #expect(fragments[0].aid == "1T141")
        #expect(fragments[0].length == 8)
        let flow = Array("<html><body></body></html><p>x</p>".utf8)
        let table = try KF8PartTable(flow: flow, skeletons: skeletons, fragments: fragments)
        #expect(Self.text(table.parts[0]) == "<html><body><p>x</p></body></html>")

        var badLabel = MOBIIndexBuilder()
        badLabel.rows = MOBIIndexBuilder.fragmentRows
        badLabel.add(label: "12a", tags: [3: [0], 6: [0, 8]])
        #expect(throws: ReaderError.self) { try FragmentEntry.entries(from: MOBIIndexBuilder.read(badLabel.records)) }
        var missing = MOBIIndexBuilder()
        missing.rows = MOBIIndexBuilder.skeletonRows
        missing.add(label: "SKEL0000000000", tags: [1: [1]])
        #expect(throws: ReaderError.self) { try SkeletonEntry.entries(from: MOBIIndexBuilder.read(missing.records)) }
    }
}
