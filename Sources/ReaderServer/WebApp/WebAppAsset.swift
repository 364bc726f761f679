import Hummingbird

/// One file of the reading web app, embedded in the binary: its bytes, media type and an entity
/// tag computed once from the bytes.
struct WebAppAsset: Sendable {
    /// The file name under `/app/` (`app.js`), or `index.html` for the page at `/`.
    let name: String
    /// The `Content-Type` it is served with.
    let contentType: String
    /// The bytes served.
    let body: ByteBuffer
    /// A strong entity tag: a 64-bit FNV-1a hash of the bytes, quoted.
    let eTag: String

    /// An asset named `name` whose bytes are the UTF-8 of `text`.
    init(name: String, contentType: String, text: String) {
        self.name = name
        self.contentType = contentType
        let bytes = Array(text.utf8)
        body = ByteBuffer(bytes: bytes)
        eTag = "\"\(Self.hash(bytes))\""
    }

    /// The hash as 16 lowercase hex digits (also the `?v=` version of versioned URLs).
    var version: String { String(eTag.dropFirst().dropLast()) }

    private static func hash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
