import ReaderCore
import ReaderXML

/// `META-INF/encryption.xml`: which resources are encrypted, and how.
///
/// Font obfuscation (the IDPF and Adobe algorithms) only scrambles embedded fonts and does not
/// keep a book from being read; any other algorithm on a content document means DRM.
struct EncryptionDocument: Hashable, Sendable {
    /// The container path of the encryption document.
    static let path = "META-INF/encryption.xml"
    /// Font obfuscation algorithms: the IDPF one (EPUB 3) and Adobe's.
    static let fontObfuscation: Set<String> = [
        "http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC",
    ]

    /// Encrypted resources by container path, with their algorithm URIs.
    var algorithms: [String: String]

    /// The resources encrypted by something other than font obfuscation.
    var protectedPaths: Set<String> {
        Set(algorithms.filter { !Self.fontObfuscation.contains($0.value) }.keys)
    }

    /// The resources that are only font-obfuscated.
    var obfuscatedPaths: Set<String> {
        Set(algorithms.filter { Self.fontObfuscation.contains($0.value) }.keys)
    }

    /// Parses the encryption document. An unreadable one is treated as protecting everything it
    /// might name, which the caller reports as encrypted.
    static func parse(_ bytes: [UInt8]) throws(ReaderError) -> EncryptionDocument {
        let document: MarkupDocument
        do {
            document = try MarkupDocument.parse(bytes, syntax: .xml, name: path)
        } catch {
            throw ReaderError(.encrypted, reason: "\(path) is present but unreadable (\(error.lineAndReason))")
        }
        var algorithms: [String: String] = [:]
        for data in document.root?.descendants("EncryptedData") ?? [] {
            let algorithm = data.firstElement("EncryptionMethod")?.attribute("Algorithm") ?? "unknown"
            let references = data.descendants("CipherReference").compactMap { $0.attribute("URI") }
            for uri in references {
                guard let path = ResourcePath.resolve(uri, relativeTo: "")?.path else { continue }
                algorithms[path] = algorithm
            }
        }
        return EncryptionDocument(algorithms: algorithms)
    }
}
