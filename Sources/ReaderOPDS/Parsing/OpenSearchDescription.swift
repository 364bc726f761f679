import ReaderCore
import ReaderFeeds
import ReaderXML

/// An OpenSearch description document: the URL templates a catalog searches with.
public struct OpenSearchDescription: Hashable, Sendable {
    /// A template and the media type of its results.
    public struct Template: Hashable, Sendable {
        /// The URL template (`…{searchTerms}…`), resolved against the description's address.
        public var template: String
        /// The results' media type.
        public var type: String?
    }

    /// The short name, when given.
    public var shortName: String?
    /// Every `Url` template.
    public var templates: [Template]

    /// The template to search a catalog with: Atom results first, else the first.
    public var catalogTemplate: String? {
        (templates.first { $0.type?.hasPrefix("application/atom+xml") == true } ?? templates.first)?.template
    }

    /// Parses a description.
    /// - Throws: ``ReaderCore/ReaderError`` `malformed` when the bytes are not an OpenSearch description.
    public static func parse(_ bytes: [UInt8], name: String, baseURL: String?) throws(ReaderError) -> OpenSearchDescription {
        let document: MarkupDocument
        do {
            document = try MarkupDocument.parseRecoveringXML(bytes, name: name).document
        } catch {
            throw ReaderError(.malformed, file: name, reason: "not a readable OpenSearch description: \(error.lineAndReason)")
        }
        guard let root = document.root, root.name == "OpenSearchDescription" else {
            throw ReaderError(.malformed, file: name, reason: "not an OpenSearch description")
        }
        let templates = root.elements("Url").compactMap { url -> Template? in
            guard let template = url.attribute("template") else { return nil }
            return Template(template: URLResolver.resolve(template, against: baseURL), type: url.attribute("type"))
        }
        return OpenSearchDescription(shortName: root.firstElement("ShortName")?.normalizedText, templates: templates)
    }
}
