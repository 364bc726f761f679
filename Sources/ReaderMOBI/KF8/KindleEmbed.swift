/// A KF8 resource link, `kindle:embed:XXXX` with an optional `?mime=type/subtype`.
///
/// `XXXX` is a 1-based base-32 number counting resource records from the book's first resource
/// record (the MOBI header's first image index): `0001` is that record itself (calibre
/// `expand_mobi8_markup`, libmobi `mobi_embed_to_link`). Fonts, images and other media all count.
struct KindleEmbed: Hashable, Sendable, Codable {
    /// The 1-based resource number as written in the link.
    let resourceNumber: Int
    /// The media type from the `mime` query, when the link has one.
    let mimeType: String?

    /// Creates a link value.
    init(resourceNumber: Int, mimeType: String? = nil) {
        self.resourceNumber = resourceNumber
        self.mimeType = mimeType
    }

    /// Parses `kindle:embed:XXXX[?mime=…]`; nil when `uri` is not of that form or the number is 0.
    init?(uri: String) {
        guard let (body, mimeType) = KindleURI.split(uri, prefix: "kindle:embed:"),
              let number = KindleBase32.decode(body), number > 0
        else { return nil }
        self.init(resourceNumber: number, mimeType: mimeType)
    }

    /// The 0-based resource index: add it to the first resource record's number to get the record.
    var resourceIndex: Int { resourceNumber - 1 }

    /// The link in its usual spelling (four digits, the `mime` query when known).
    var uri: String {
        "kindle:embed:\(KindleBase32.encode(resourceNumber, width: 4))" + (mimeType.map { "?mime=\($0)" } ?? "")
    }
}
