import Foundation
@testable import ReaderWeb
import Testing

/// The byte paths extraction takes for ASCII and well-formed text give what the rules say, as the
/// general paths (characters, Unicode lower case, decoding) do.
@Suite("Web fast paths read bytes as the general paths read characters")
struct WebByteFastPathTests {
    @Test("UTF-8 validation as bytes agrees with the standard library's on edge cases and on noise")
    func utf8Validation() {
        var cases: [[UInt8]] = [
            [], Array("plain ASCII, more than eight bytes long".utf8), Array("caf\u{E9} \u{4E2D} \u{1F600}".utf8),
            [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE2, 0x82], [0x41, 0xE2, 0x82],
            Array("12345678\u{E9}".utf8), Array("12345678".utf8) + [0xC3],
        ]
        // Noise: deterministic bytes, mostly ASCII with lead and continuation bytes mixed in.
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for length in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<(length % 40) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let pick = UInt8(truncatingIfNeeded: seed >> 33)
                bytes.append(pick % 3 == 0 ? pick | 0x80 : pick & 0x7F)
            }
            cases.append(bytes)
        }
        for bytes in cases {
            #expect(UTF8Validation.isWellFormed(bytes[...]) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test("class and id hints, ASCII (as bytes) and not (as characters)")
    func hints() {
        #expect(ElementHints(class: nil, id: nil).classWeight == 0)
        #expect(ElementHints(class: "Sidebar", id: "main").classWeight == 0)
        #expect(ElementHints(class: "post", id: nil).classWeight == 25)
        #expect(ElementHints(class: "comment hid", id: nil).classWeight == -25)
        #expect(ElementHints(class: "HID", id: "Footer").classWeight == -50)
        #expect(ElementHints(class: "article-body", id: nil).classWeight == 25)
        let advert = ElementHints(class: "ad-break banner", id: "top")
        #expect(advert.isUnlikely && !advert.isMaybeCandidate)
        let menu = ElementHints(class: "menu and content", id: nil)
        #expect(menu.isUnlikely && menu.isMaybeCandidate)
        #expect(ElementHints(class: "byline author", id: nil).isByline)
        #expect(ElementHints(class: "share-buttons", id: "sharedaddy").isShareWidget)
        #expect(ElementHints(class: "SHARE", id: nil).isShareWidget)
        #expect(!ElementHints(class: "shareholder", id: nil).isShareWidget)
        let sidebar = ElementHints(class: "sidebar-\u{FC}", id: nil)
        #expect(sidebar.isUnlikely && sidebar.classWeight == -25)
        #expect(ElementHints(class: "art\u{ED}culo content", id: nil).classWeight == 25)
        #expect(ElementHints(class: "SHARE-\u{C4}", id: nil).isShareWidget)
    }

    @Test("the declared charset, from an ASCII head as bytes and from any other as characters")
    func declaredCharset() {
        let heads: [(String, String?)] = [
            ("<html><head><meta charset=\"utf-8\"></head>", "utf-8"), ("<META CHARSET='ISO-8859-1'>", "iso-8859-1"),
            ("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\">", "gb2312"),
            ("<meta name=x><meta charset = windows-1251 >", "windows-1251"), ("<meta charset=>", nil), ("<p>no meta</p>", nil),
            ("<meta charset=\"utf-8\">\u{E9}", "utf-8"), ("\u{E9}<meta charset=\"KOI8-R\">", "koi8-r"),
            ("<meta name=\"d\" content=\"caf\u{E9}\"><meta charset=\"euc-jp\">", "euc-jp"), ("<meta charset=\"shift_jis\" />", "shift_jis"),
            ("<meta charset=utf-8", "utf-8"),
        ]
        for (head, expected) in heads {
            #expect(PageEncoding.declaredCharset(Array(head.utf8)) == expected, "\(head)")
        }
    }
}
