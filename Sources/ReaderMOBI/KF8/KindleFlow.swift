/// A KF8 link to a flow other than the XHTML, `kindle:flow:XXXX?mime=type/subtype`: the base-32
/// index of an FDST flow (CSS or SVG; flow 0 is the XHTML itself).
struct KindleFlow: Hashable, Sendable, Codable {
    /// The flow's index in the FDST table.
    let flowIndex: Int
    /// The media type from the `mime` query, when the link has one.
    let mimeType: String?

    /// Creates a link value.
    init(flowIndex: Int, mimeType: String? = nil) {
        self.flowIndex = flowIndex
        self.mimeType = mimeType
    }

    /// Parses `kindle:flow:XXXX[?mime=…]`; nil when `uri` is not of that form.
    init?(uri: String) {
        guard let (body, mimeType) = KindleURI.split(uri, prefix: "kindle:flow:"),
              let index = KindleBase32.decode(body)
        else { return nil }
        self.init(flowIndex: index, mimeType: mimeType)
    }

    /// The link in its usual spelling (four digits, the `mime` query when known).
    var uri: String {
        "kindle:flow:\(KindleBase32.encode(flowIndex, width: 4))" + (mimeType.map { "?mime=\($0)" } ?? "")
    }
}
