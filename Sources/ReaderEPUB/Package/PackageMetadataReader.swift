import ReaderCore
import ReaderXML

/// Turns an OPF `<metadata>` element into ``DocumentMetadata``, reading EPUB 3 refinements
/// (`<meta refines="#id" property="…">`), EPUB 2 `opf:` attributes and calibre's conventions.
struct PackageMetadataReader {
    let metadata: MarkupElement?
    let uniqueIdentifierID: String?

    /// EPUB 3 refinements: target id → property → values in document order.
    private var refinements: [String: [String: [String]]] {
        var result: [String: [String: [String]]] = [:]
        for meta in metadata?.elements("meta") ?? [] {
            guard let refines = meta.attribute("refines"), let property = meta.attribute("property") else { continue }
            let target = refines.hasPrefix("#") ? String(refines.dropFirst()) : refines
            result[target, default: [:]][property, default: []].append(meta.normalizedText)
        }
        return result
    }

    /// The metadata, with the unique identifier first among the identifiers.
    func read() -> DocumentMetadata {
        let refinements = self.refinements
        var result = DocumentMetadata()
        let titles = dublinCore("title")
        let main = titles.first { refinements[$0.id ?? ""]?["title-type"]?.first == "main" }
        let ordered = titles.sorted { displaySequence($0, refinements) < displaySequence($1, refinements) }
        result.title = (main ?? ordered.first)?.normalizedText.nonEmpty
        if let subtitle = titles.first(where: { refinements[$0.id ?? ""]?["title-type"]?.first == "subtitle" }) {
            result.fields["subtitle"] = subtitle.normalizedText
        }
        for element in dublinCore("creator") + dublinCore("contributor") {
            guard let name = element.normalizedText.nonEmpty else { continue }
            let refined = refinements[element.id ?? ""] ?? [:]
            var roles = refined["role"] ?? []
            if let role = element.attribute("role", namespace: MarkupNamespace.opf) { roles.append(role) }
            let fileAs = refined["file-as"]?.first ?? element.attribute("file-as", namespace: MarkupNamespace.opf)
            let contributor = Contributor(name: name, roles: roles, fileAs: fileAs)
            result.contributors.append(contributor)
            if element.is("creator"), roles.isEmpty || roles.contains("aut") { result.authors.append(name) }
        }
        result.language = dublinCore("language").first?.normalizedText.nonEmpty
        let identifiers = dublinCore("identifier")
        let unique = identifiers.first { $0.id != nil && $0.id == uniqueIdentifierID }
        result.identifiers = ([unique].compactMap { $0 } + identifiers.filter { $0.id == nil || $0.id != uniqueIdentifierID })
            .compactMap { $0.normalizedText.nonEmpty }
        if let unique { result.fields["unique-identifier"] = unique.normalizedText }
        result.publisher = dublinCore("publisher").first?.normalizedText.nonEmpty
        let dates = dublinCore("date")
        let publication = dates.first { $0.attribute("event", namespace: MarkupNamespace.opf) == "publication" }
        result.date = (publication ?? dates.first)?.normalizedText.nonEmpty
        result.description = dublinCore("description").first.flatMap { Self.plainText($0.normalizedText) }
        result.subjects = dublinCore("subject").compactMap { $0.normalizedText.nonEmpty }
        if let rights = dublinCore("rights").first?.normalizedText.nonEmpty { result.fields["rights"] = rights }
        if let modified = Self.property("dcterms:modified", in: metadata) { result.fields["modified"] = modified }
        result.series = series(refinements)
        return result
    }

    /// The text of a global (not refining) EPUB 3 `<meta property="…">`.
    static func property(_ name: String, in metadata: MarkupElement?) -> String? {
        metadata?.elements("meta").first { $0.attribute("property") == name && $0.attribute("refines") == nil }?
            .normalizedText.nonEmpty
    }

    private func dublinCore(_ name: String) -> [MarkupElement] {
        metadata?.elements(name, in: MarkupNamespace.dublinCore) ?? []
    }

    private func displaySequence(_ element: MarkupElement, _ refinements: [String: [String: [String]]]) -> Int {
        refinements[element.id ?? ""]?["display-seq"]?.first.flatMap { Int($0) } ?? Int.max
    }

    /// EPUB 3 `belongs-to-collection` (a series, or any collection when no series is marked),
    /// else calibre's `calibre:series` meta.
    private func series(_ refinements: [String: [String: [String]]]) -> Series? {
        let collections = metadata?.elements("meta").filter {
            $0.attribute("property") == "belongs-to-collection" && $0.attribute("refines") == nil
        } ?? []
        let marked = collections.first { refinements[$0.id ?? ""]?["collection-type"]?.first == "series" }
        if let collection = marked ?? collections.first, let name = collection.normalizedText.nonEmpty {
            return Series(name: name, position: refinements[collection.id ?? ""]?["group-position"]?.first)
        }
        let named = metadata?.elements("meta") ?? []
        guard let name = named.first(where: { $0.attribute("name") == "calibre:series" })?.attribute("content")?.nonEmpty else {
            return nil
        }
        let index = named.first { $0.attribute("name") == "calibre:series_index" }?.attribute("content")
        return Series(name: name, position: index)
    }

    /// Descriptions often hold escaped HTML (calibre writes it so): tags are dropped.
    static func plainText(_ text: String) -> String? {
        guard text.contains("<") else { return text.nonEmpty }
        let wrapped = Array("<div>\(text)</div>".utf8)
        guard let document = try? MarkupDocument.parse(wrapped, syntax: .html, name: "description") else {
            return text.nonEmpty
        }
        return document.root?.normalizedText.nonEmpty
    }
}

extension String {
    /// Nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
