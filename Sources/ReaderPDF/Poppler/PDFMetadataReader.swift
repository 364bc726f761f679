import Foundation
import ReaderCore

/// Turns a PDF's info dictionary, with its XMP packet filling the gaps, into ``DocumentMetadata``.
enum PDFMetadataReader {
    /// The metadata: title, authors (`/Author` split on ";"), subjects (`/Keywords` split on ","
    /// or ";"), description (`/Subject`), date (creation), language (XMP only) and `fields`
    /// `producer`, `creator`, `pdf-version`, `modified`, `pages`, `encrypted` ("yes"/"no").
    /// Where the info dictionary has nothing, the XMP packet's value is used.
    static func metadata(info: PDFInfo, pageCount: Int) -> DocumentMetadata {
        let xmp = info.xmp.map { XMPMetadata(packet: $0) } ?? XMPMetadata()
        var result = DocumentMetadata()
        result.title = info.title ?? xmp.title
        let authors = info.author.map { split($0, on: [";"]) } ?? []
        result.authors = authors.isEmpty ? xmp.creators : authors
        result.contributors = result.authors.map { Contributor(name: $0) }
        result.description = info.subject ?? xmp.description
        let keywords = (info.keywords ?? xmp.keywords).map { split($0, on: [",", ";"]) } ?? []
        result.subjects = unique(keywords.isEmpty ? xmp.subjects : keywords)
        result.language = xmp.language
        result.date = info.creationDate ?? xmp.createDate
        result.fields["producer"] = info.producer ?? xmp.producer
        result.fields["creator"] = info.creator ?? xmp.creatorTool
        result.fields["modified"] = info.modificationDate ?? xmp.modifyDate
        result.fields["pdf-version"] = info.pdfVersion
        result.fields["pages"] = String(pageCount)
        result.fields["encrypted"] = info.isEncrypted ? "yes" : "no"
        return result
    }

    /// `text` cut at any of `separators`, each part trimmed, empty parts left out.
    static func split(_ text: String, on separators: Set<Character>) -> [String] {
        text.split(whereSeparator: { separators.contains($0) })
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// The values without repeats, first occurrence kept.
    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
