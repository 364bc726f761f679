import Testing
@testable import ReaderMOBI

@Suite("kindle: links")
struct KindleLinkTests {
    @Test("base 32 digits 0-9 A-V")
    func base32() {
        #expect(KindleBase32.decode("000000001I") == 50)
        #expect(KindleBase32.decode("007F") == 7 * 32 + 15)
        #expect(KindleBase32.decode("vv") == 1023)
        #expect(KindleBase32.decode("00W0") == nil)
        #expect(KindleBase32.decode("") == nil)
        #expect(KindleBase32.decode("00000000000") == nil)
        #expect(KindleBase32.encode(50, width: 10) == "000000001I")
        #expect(KindleBase32.encode(0) == "0")
    }

    @Test("kindle:pos:fid:off")
    func position() {
        let position = KindlePosition(uri: "kindle:pos:fid:000A:off:000000001I")
        #expect(position == KindlePosition(fragmentIndex: 10, offset: 50))
        #expect(position?.uri == "kindle:pos:fid:000A:off:000000001I")
        #expect(KindlePosition(uri: "\"kindle:pos:fid:0004:off:0000000000?mime=text/html\"")
            == KindlePosition(fragmentIndex: 4, offset: 0))
        for bad in ["kindle:pos:fid:000A", "kindle:pos:fid:000A:of:0001", "kindle:pos:fid:00ZA:off:0001",
                    "kindle:pos:fid::off:0001", "kindle:embed:0001", "kindle:pos:fid:0001:off:0001:x", ""] {
            #expect(KindlePosition(uri: bad) == nil, "\(bad)")
        }
    }

    @Test("kindle:embed with and without mime")
    func embed() {
        let embed = KindleEmbed(uri: "kindle:embed:0001?mime=image/jpeg")
        #expect(embed?.resourceNumber == 1)
        #expect(embed?.resourceIndex == 0)
        #expect(embed?.mimeType == "image/jpeg")
        #expect(KindleEmbed(uri: "kindle:embed:000A")?.resourceIndex == 9)
        #expect(KindleEmbed(uri: "kindle:embed:000A")?.mimeType == nil)
        #expect(KindleEmbed(uri: "kindle:embed:0000") == nil)
        #expect(KindleEmbed(uri: "kindle:embed:") == nil)
        #expect(KindleEmbed(resourceNumber: 33, mimeType: "font/ttf").uri == "kindle:embed:0011?mime=font/ttf")
    }

    @Test("kindle:flow")
    func flow() {
        #expect(KindleFlow(uri: "kindle:flow:0002?mime=text/css") == KindleFlow(flowIndex: 2, mimeType: "text/css"))
        #expect(KindleFlow(uri: "KINDLE:FLOW:0003") == KindleFlow(flowIndex: 3))
        #expect(KindleFlow(uri: "kindle:flow:?mime=text/css") == nil)
        #expect(KindleFlow(flowIndex: 1, mimeType: "text/css").uri == "kindle:flow:0001?mime=text/css")
    }
}
