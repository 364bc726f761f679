import Foundation
import ReaderCore
import ReaderFeeds
import ReaderXML

/// Parses a catalog page: OPDS 2.0 when the bytes are JSON, OPDS 1.x (Atom) otherwise.
public enum OPDSParser {
    /// Parses a page.
    /// - Parameters:
    ///   - bytes: the page.
    ///   - name: how errors name it.
    ///   - baseURL: the page's address: server-relative hrefs resolve against it.
    /// - Throws: ``ReaderCore/ReaderError`` `malformed` when the bytes are neither, or
    ///   `unsupportedFormat` when they are XML or JSON but not a catalog.
    public static func parse(_ bytes: [UInt8], name: String, baseURL: String?) throws(ReaderError) -> OPDSCatalog {
        let start = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if start.first == UInt8(ascii: "{") {
            guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw ReaderError(.malformed, file: name, reason: "not valid JSON (OPDS 2.0)")
            }
            guard json["metadata"] != nil || json["publications"] != nil || json["navigation"] != nil else {
                throw ReaderError(.unsupportedFormat, file: name, reason: "JSON without metadata, navigation or publications is not an OPDS 2.0 catalog")
            }
            return OPDS2Reader(base: baseURL).read(json)
        }
        let recovered: MarkupDocument.Recovered
        do {
            recovered = try MarkupDocument.parseRecoveringXML(bytes, name: name)
        } catch {
            throw ReaderError(.malformed, file: name, reason: "not a readable catalog: \(error.lineAndReason)")
        }
        guard let root = recovered.document.root, root.name == "feed" else {
            throw ReaderError(.unsupportedFormat, file: name, reason: "not an OPDS catalog: the root element is not an Atom <feed>")
        }
        var catalog = OPDS1Reader(base: baseURL).read(root)
        if let error = recovered.error { catalog.warnings.insert("not well-formed XML (\(error.lineAndReason)); recovered", at: 0) }
        return catalog
    }
}
