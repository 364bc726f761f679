import Foundation
import ReaderCore
import ReaderFeeds
import ReaderTestSupport
import Testing

@Suite("Ill-formed feeds open with what can be recovered, and say so")
struct IllFormedFeedTests {
    @Test("an undeclared HTML entity in RSS: recovered, the character kept, the feed marked not well-formed")
    func undeclaredEntity() throws {
        let xml = "<rss version=\"2.0\"><channel><title>Caf&eacute;&nbsp;au lait</title><item><title>One</title></item></channel></rss>"
        let feed = try FeedParser.parse(Array(xml.utf8), name: "entity.rss")
        #expect(!feed.isWellFormed)
        #expect(feed.recoveredError?.contains("eacute") == true)
        #expect(feed.title?.value == "Café\u{A0}au lait")
        #expect(feed.entries.count == 1)
    }

    @Test("an unclosed tag: the items before it are kept")
    func unclosedTag() throws {
        let xml = "<rss version=\"2.0\"><channel><title>T</title><item><title>One</title><description>a <b>bold</item><item><title>Two</title></item>"
        let feed = try FeedParser.parse(Array(xml.utf8), name: "unclosed.rss")
        #expect(!feed.isWellFormed)
        #expect(feed.entries.first?.title?.value == "One")
    }

    @Test("an encoding declaration that does not fit the bytes: read as UTF-8, marked recovered")
    func wrongEncodingDeclaration() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"x-no-such-encoding\"?><rss version=\"2.0\"><channel><title>Grüße</title></channel></rss>"
        let feed = try FeedParser.parse(Array(xml.utf8), name: "encoding.rss")
        #expect(!feed.isWellFormed)
        #expect(feed.title?.value == "Grüße")
    }

    @Test("a declared single-byte encoding is honoured")
    func latin1() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><rss version=\"2.0\"><channel><title>Gr".utf8)
        bytes += [0xFC, 0xDF, 0x65]
        bytes += Array("</title></channel></rss>".utf8)
        let feed = try FeedParser.parse(bytes, name: "latin1.rss")
        #expect(feed.isWellFormed)
        #expect(feed.encoding == "iso-8859-1")
        #expect(feed.title?.value == "Grüße")
    }

    @Test("truncated in the middle of a CDATA section: no crash, a typed error or a recovered feed")
    func truncated() {
        let xml = Array("<rss version=\"2.0\"><channel><title>T</title><item><description><![CDATA[<p>half".utf8)
        for cut in stride(from: 1, through: xml.count, by: 7) {
            do {
                let feed = try FeedParser.parse(Array(xml.prefix(cut)), name: "cut.rss")
                #expect(!feed.isWellFormed)
            } catch {
                #expect([ReaderError.Code.malformed, .unsupportedFormat].contains(error.kind))
            }
        }
    }
}

@Suite("Damaged feeds never crash")
struct DamagedFeedTests {
    @Test("500 copies of a feed with bytes flipped: each parses or throws a typed error")
    func flippedBytes() throws {
        let original = Array(FeedParserTests.rss.utf8)
        var random = SeededRandom(seed: 1818)
        for _ in 0..<500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            do {
                let feed = try FeedParser.parse(bytes, name: "flipped.rss")
                #expect(feed.entries.count <= 2)
            } catch {
                #expect([ReaderError.Code.malformed, .unsupportedFormat].contains(error.kind), "\(error)")
            }
        }
    }
}
