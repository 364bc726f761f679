import ReaderCore
import ReaderXML

/// Reads a package document (OPF), EPUB 2 or 3.
enum PackageParser {
    /// Parses the OPF at container path `path`.
    /// - Throws: ``ReaderError`` (malformed) when even libxml2's recovery mode finds no `package`
    ///   root, or it has no spine.
    static func parse(_ bytes: [UInt8], path: String) throws(ReaderError) -> PackageDocument {
        let document: MarkupDocument
        do {
            document = try MarkupDocument.parseXMLRecovering(bytes, name: path)
        } catch {
            throw ReaderError(.malformed, reason: "package document \(error)", cause: error)
        }
        guard let root = document.root, root.is("package") else {
            throw ReaderError(.malformed, reason: "\(path) is not a package document (no <package> root)")
        }
        var warnings = document.warnings
        let version = root.attribute("version") ?? "2.0"
        let manifest = readManifest(root.firstElement("manifest"), packagePath: path, warnings: &warnings)
        guard let spineElement = root.firstElement("spine") else {
            throw ReaderError(.malformed, reason: "\(path) has no <spine>")
        }
        let knownIDs = Set(manifest.map(\.id))
        var spine: [PackageDocument.SpineItem] = []
        for itemref in spineElement.elements("itemref") {
            guard let idref = itemref.attribute("idref"), knownIDs.contains(idref) else {
                warnings.append("spine itemref \(itemref.attribute("idref") ?? "(no idref)") names no manifest item")
                continue
            }
            spine.append(.init(id: itemref.attribute("id"), idref: idref, isLinear: itemref.attribute("linear")?.lowercased() != "no",
                               properties: tokens(itemref.attribute("properties"))))
        }
        guard !spine.isEmpty else {
            throw ReaderError(.malformed, reason: "\(path) has an empty spine")
        }
        let metadataElement = root.firstElement("metadata")
        var metadata = PackageMetadataReader(
            metadata: metadataElement, uniqueIdentifierID: root.attribute("unique-identifier")).read()
        let layout = PackageMetadataReader.property("rendition:layout", in: metadataElement)
        metadata.warnings += warnings
        let coverMeta = metadataElement?.elements("meta").first { $0.attribute("name") == "cover" }
        return PackageDocument(
            path: path, version: version, metadata: metadata, manifest: manifest, spine: spine,
            ncxID: spineElement.attribute("toc"),
            pageProgressionDirection: spineElement.attribute("page-progression-direction"),
            isFixedLayout: layout == "pre-paginated",
            coverMetaContent: coverMeta?.attribute("content"),
            guide: readGuide(root.firstElement("guide"), packagePath: path),
            warnings: warnings)
    }

    private static func readManifest(_ manifest: MarkupElement?, packagePath: String,
                                     warnings: inout [String]) -> [PackageDocument.Item] {
        var items: [PackageDocument.Item] = []
        var seen = Set<String>()
        for element in manifest?.elements("item") ?? [] {
            guard let id = element.attribute("id"), let href = element.attribute("href") else {
                warnings.append("manifest item without id or href (line \(element.line))")
                continue
            }
            guard let reference = ResourcePath.resolve(href, relativeTo: packagePath) else {
                warnings.append("manifest item \(id): href \(href) is outside the container or external")
                continue
            }
            guard seen.insert(id).inserted else {
                warnings.append("manifest id \(id) is used twice; the first is kept")
                continue
            }
            items.append(.init(id: id, path: reference.path,
                               mediaType: element.attribute("media-type") ?? "application/octet-stream",
                               properties: tokens(element.attribute("properties")),
                               fallback: element.attribute("fallback")))
        }
        return items
    }

    private static func readGuide(_ guide: MarkupElement?, packagePath: String) -> [PackageDocument.Reference] {
        (guide?.elements("reference") ?? []).compactMap { element in
            guard let type = element.attribute("type"), let href = element.attribute("href"),
                  let target = ResourcePath.resolve(href, relativeTo: packagePath) else { return nil }
            return .init(type: type, title: element.attribute("title"), target: target)
        }
    }

    static func tokens(_ attribute: String?) -> Set<String> {
        Set((attribute ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
    }
}
