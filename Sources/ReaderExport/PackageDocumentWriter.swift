import ReaderCore
import ReaderRendering

/// The package document (`content.opf`): metadata, manifest, spine.
enum PackageDocumentWriter {
    static func write(metadata: ExportMetadata, manifest: [ExportManifestItem],
                      spine: [(id: String, linear: Bool)], coverImageID: String?) -> String {
        var lines: [String] = []
        lines.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        lines.append("<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"book-id\" xml:lang=\"\(a(metadata.language))\">")
        lines.append("<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">")
        lines.append("<dc:identifier id=\"book-id\">\(t(metadata.identifier))</dc:identifier>")
        for other in metadata.otherIdentifiers { lines.append("<dc:identifier>\(t(other))</dc:identifier>") }
        lines.append("<dc:title id=\"title\">\(t(metadata.title))</dc:title>")
        lines.append("<dc:language>\(t(metadata.language))</dc:language>")
        for (index, creator) in metadata.creators.enumerated() {
            lines += person(creator, element: "dc:creator", id: "creator\(index + 1)")
        }
        for (index, contributor) in metadata.contributors.enumerated() {
            lines += person(contributor, element: "dc:contributor", id: "contributor\(index + 1)")
        }
        if let publisher = metadata.publisher { lines.append("<dc:publisher>\(t(publisher))</dc:publisher>") }
        if let date = metadata.date { lines.append("<dc:date>\(t(date))</dc:date>") }
        if let description = metadata.description { lines.append("<dc:description>\(t(description))</dc:description>") }
        for subject in metadata.subjects { lines.append("<dc:subject>\(t(subject))</dc:subject>") }
        if let rights = metadata.rights { lines.append("<dc:rights>\(t(rights))</dc:rights>") }
        if let series = metadata.series {
            lines.append("<meta property=\"belongs-to-collection\" id=\"series\">\(t(series.name))</meta>")
            lines.append("<meta refines=\"#series\" property=\"collection-type\">series</meta>")
            if let position = series.position { lines.append("<meta refines=\"#series\" property=\"group-position\">\(t(position))</meta>") }
        }
        lines.append("<meta property=\"dcterms:modified\">\(t(metadata.modified))</meta>")
        if let coverImageID { lines.append("<meta name=\"cover\" content=\"\(a(coverImageID))\"/>") }
        lines.append("</metadata>")
        lines.append("<manifest>")
        for item in manifest {
            let properties = item.properties.map { " properties=\"\(a($0))\"" } ?? ""
            lines.append("<item id=\"\(a(item.id))\" href=\"\(a(HTMLEscaping.relativeURL(item.href)))\" media-type=\"\(a(item.mediaType))\"\(properties)/>")
        }
        lines.append("</manifest>")
        lines.append("<spine toc=\"ncx\">")
        for item in spine {
            lines.append("<itemref idref=\"\(a(item.id))\"\(item.linear ? "" : " linear=\"no\"")/>")
        }
        lines.append("</spine>")
        lines.append("</package>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func person(_ person: Contributor, element: String, id: String) -> [String] {
        var lines = ["<\(element) id=\"\(id)\">\(t(ExportMetadata.clean(person.name)))</\(element)>"]
        for role in person.roles where role.count == 3 && role.allSatisfy({ $0.isASCII && $0.isLowercase }) {
            lines.append("<meta refines=\"#\(id)\" property=\"role\" scheme=\"marc:relators\">\(role)</meta>")
        }
        if let fileAs = person.fileAs.map(ExportMetadata.clean), !fileAs.isEmpty {
            lines.append("<meta refines=\"#\(id)\" property=\"file-as\">\(t(fileAs))</meta>")
        }
        return lines
    }

    private static func t(_ text: String) -> String { HTMLEscaping.text(text) }
    private static func a(_ text: String) -> String { HTMLEscaping.attribute(text) }
}
