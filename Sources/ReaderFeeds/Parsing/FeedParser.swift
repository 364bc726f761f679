import Foundation
import ReaderCore
import ReaderXML

/// Parses RSS 0.9x/1.0/2.0, Atom 0.3/1.0 and JSON Feed 1.0/1.1 bytes into a ``Feed``.
///
/// XML that is not well-formed (undeclared entities, unclosed tags, an encoding declaration that
/// does not fit the bytes) is recovered with libxml2's recovery mode, and the feed says so in
/// ``Feed/recoveredError``. Parsing never touches the network.
public enum FeedParser {
    /// The largest feed accepted: 64 MiB.
    public static let maxBytes = 64 << 20

    /// Parses a feed.
    /// - Parameters:
    ///   - bytes: the feed as fetched or read.
    ///   - name: how errors name it (a path or an address).
    ///   - origin: the feed's address and what its transport said.
    /// - Throws: ``ReaderCore/ReaderError`` `malformed` when nothing can be recovered,
    ///   `unsupportedFormat` when the bytes are XML or JSON but not a feed.
    public static func parse(_ bytes: [UInt8], name: String, origin: FeedOrigin = FeedOrigin()) throws(ReaderError) -> Feed {
        guard bytes.count <= maxBytes else {
            throw ReaderError(.malformed, file: name, format: .feed, reason: "\(bytes.count) bytes is more than the \(maxBytes)-byte limit")
        }
        if FeedSniffing.looksLikeJSON(bytes) {
            return try JSONFeedReader.parse(bytes, name: name, origin: origin)
        }
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw ReaderError(.malformed, file: name, format: .feed, reason: "the feed is empty")
        }
        var charset = origin.charset.map(FeedEncodingName.decodingName)
        var input = bytes
        // UTF-16 and UTF-32 are read as UTF-8, whatever their declaration calls them ("u16", "utf_16").
        if charset == nil, let shape = FeedEncodingName.byteShape(bytes) {
            input = FeedEncodingName.transcodedToUTF8(bytes, shape: shape)
            charset = "UTF-8"
        }
        var recovered: MarkupDocument.Recovered
        do {
            recovered = try MarkupDocument.parseRecoveringXML(input, name: name, encoding: charset)
        } catch {
            throw ReaderError(.malformed, file: name, format: .feed, reason: "not a readable feed: \(error.lineAndReason)")
        }
        // HTML entities XML does not declare: read them as the characters they name, not as nothing.
        if let error = recovered.error, let rewritten = EntityRewriting.rewritingHTMLEntities(input),
           let again = try? MarkupDocument.parseRecoveringXML(rewritten, name: name, encoding: charset) {
            recovered = again
            recovered.error = again.error ?? error
        }
        guard let root = recovered.document.root else {
            throw ReaderError(.malformed, file: name, format: .feed, reason: "no root element")
        }
        let scope = FeedScope(base: origin.base, language: origin.contentLanguage)
        guard let reader = XMLFeedReader(root: root, scope: scope) else {
            throw ReaderError(.unsupportedFormat, file: name, format: .feed,
                              reason: "not a feed: the root element is <\(root.name)>, not <rss>, <rdf:RDF> or <feed>")
        }
        let encoding = FeedEncodingName.reported(origin: origin, bytes: bytes, declared: recovered.document.declaredEncoding)
        var feed = reader.read(encoding: encoding)
        // Versions only the namespace declarations or the doctype tell.
        if feed.kind == .rss10 || feed.kind == .rss091u {
            let head = String(decoding: bytes.prefix(2048), as: UTF8.self)
            if feed.kind == .rss10, head.containsSearchingASCII(FeedNamespaces.rss090) { feed.kind = .rss090 }
            if feed.kind == .rss091u, head.containsSearchingASCII("-//Netscape Communications//DTD RSS 0.91") { feed.kind = .rss091n }
        }
        feed.recoveredError = recovered.error?.lineAndReason
            ?? recovered.document.warnings.first { $0.containsSearchingASCII("Namespace prefix") && $0.containsSearchingASCII("not defined") }
        feed.warnings = recovered.document.warnings
        if feed.language == nil { feed.language = origin.contentLanguage }
        return feed
    }

    /// Reads and parses a feed file (read at most ``maxBytes``).
    /// - Throws: ``ReaderCore/ReaderError`` when the file cannot be read or is no feed.
    public static func parse(contentsOf path: String) throws(ReaderError) -> Feed {
        let bytes = try FeedFile.read(path)
        return try parse(bytes, name: path, origin: FeedOrigin(url: nil))
    }
}
