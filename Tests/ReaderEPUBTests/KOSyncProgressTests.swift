import Foundation
import ReaderCore
import ReaderTestSupport
import ReaderXML
import Testing
@testable import ReaderEPUB

/// KOSync progress of EPUB positions: the XPointer is followed back through the content
/// document's tree, step by step, to the text the position's Locator shows.
@Suite("KOSync progress")
struct KOSyncProgressTests {
    /// The text at an XPointer below `/body/DocFragment[N]/body`, found by walking the tree.
    static func text(at xpointer: String, in book: EPUBDocument) throws -> String? {
        let match = try #require(xpointer.firstMatch(of: #/^/body/DocFragment\[(\d+)\]/body(.*)$/#))
        let spineIndex = Int(match.output.1)! - 1
        let section = try #require(book.sections.first { $0.spineIndex == spineIndex })
        let markup = try MarkupDocument.parseXMLOrHTML(try book.container.read(section.item.path), name: "x")
        var element = try #require(markup.root?.firstElement("body"))
        for step in match.output.2.split(separator: "/") {
            if let text = step.firstMatch(of: #/^text\(\)\[(\d+)\]\.(\d+)$/#) {
                var runs: [String] = [], run = ""
                element.forEachChild { node in
                    switch node {
                    case .text(let piece): run += piece
                    case .element: runs.append(run); run = ""
                    }
                }
                runs.append(run)
                let kept = runs.filter { !$0.allSatisfy(\.isWhitespace) }
                let chosen = kept[Int(text.output.1)! - 1]
                return String(String.UnicodeScalarView(chosen.unicodeScalars.dropFirst(Int(text.output.2)!)))
            }
            let named = try #require(step.firstMatch(of: #/^([\w-]+)\[(\d+)\]$/#), "\(step)")
            element = element.elements.filter { $0.name.lowercased() == named.output.1 }[Int(named.output.2)! - 1]
        }
        return nil
    }

    static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(arguments: ["lighthouse-keeper.epub", "moon-garden.epub"])
    func theXPointerLeadsToTheLocatorsText(book name: String) throws {
        let book = try EPUBTestBooks.open(name)
        var random = SeededRandom(seed: 41)
        var checked = 0
        for _ in 0..<40 {
            let section = Int.random(in: book.readingOrder.indices, using: &random)
            let blocks = try book.content(ofSection: section).blocks
            guard let block = blocks.indices.randomElement(using: &random),
                  let run = blocks[block].sourceMap.runs.filter({ $0.length > 8 }).randomElement(using: &random) else { continue }
            let position = TextPosition(section: section, block: block, offset: run.textStart + Int.random(in: 0..<(run.length - 4), using: &random))
            let progress = try book.kosyncProgress(at: position)
            let shown = try #require(try Self.text(at: progress.progress, in: book), "\(progress.progress)")
            let highlight = try #require(try book.locator(at: position).text?.highlight)
            // The text node may end before twelve characters, where an inline element begins.
            let length = min(12, Self.squeezed(shown).count)
            #expect(length > 0)
            #expect(Self.squeezed(shown).prefix(length) == Self.squeezed(highlight).prefix(length),
                    "\(progress.progress): \(shown.prefix(30)) vs \(highlight.prefix(30))")
            checked += 1
        }
        #expect(checked >= 20)
    }

    @Test func theDocumentIsThePartialMD5AndThePercentageIsFloored() throws {
        let book = try EPUBTestBooks.open("lighthouse-keeper.epub")
        let position = TextPosition(section: 4, block: 3, offset: 5)
        let progress = try book.kosyncProgress(at: position, device: "test", deviceID: "id-1")
        #expect(progress.document == (try KOReaderPartialMD5.compute(path: book.path)))
        let total = try #require(try book.locator(at: position).locations.totalProgression)
        #expect(progress.percentage <= total && total - progress.percentage < 0.0001)
        #expect(progress.percentage == (progress.percentage * 10_000).rounded() / 10_000)
        let json = String(decoding: try JSONEncoder().encode(progress), as: UTF8.self)
        #expect(json.contains(#""device_id":"id-1""#))
        #expect(try JSONDecoder().decode(KOSyncProgress.self, from: Data(json.utf8)) == progress)
    }
}
