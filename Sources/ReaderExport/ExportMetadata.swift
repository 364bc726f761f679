import Foundation
import ReaderCore

/// The package metadata of an export: the document's, with the caller's title and authors.
struct ExportMetadata: Sendable {
    var identifier: String
    var otherIdentifiers: [String]
    var title: String
    var language: String
    var creators: [Contributor]
    var contributors: [Contributor]
    var publisher: String?
    var date: String?
    var description: String?
    var subjects: [String]
    var rights: String?
    var series: Series?
    var modified: String

    init(document: any Document, fingerprint: DocumentFingerprint, options: EPUBExportOptions) {
        let metadata = document.metadata
        let identifier = ExportIdentifier.identifier(of: metadata, fingerprint: fingerprint)
        self.identifier = identifier
        otherIdentifiers = Self.unique(metadata.identifiers.map(Self.clean).filter {
            !$0.isEmpty && $0 != identifier && "urn:uuid:" + $0.lowercased() != identifier && !identifier.hasSuffix(":" + $0.filter { $0 != "-" })
        })
        let fileName = ((document.path as NSString).lastPathComponent as NSString).deletingPathExtension
        title = [options.title, metadata.title, fileName].lazy.compactMap { $0.map(Self.clean) }.first { !$0.isEmpty } ?? "Untitled"
        language = Self.languageTag(metadata.language) ?? "und"
        if let authors = options.authors {
            creators = authors.map(Self.clean).filter { !$0.isEmpty }.map { Contributor(name: $0, roles: ["aut"]) }
            contributors = []
        } else {
            let credited = metadata.contributors.filter { !Self.clean($0.name).isEmpty }
            var authors = credited.filter { $0.roles.isEmpty || $0.roles.contains("aut") }
            for name in metadata.authors where !authors.contains(where: { $0.name == name }) && !Self.clean(name).isEmpty {
                authors.append(Contributor(name: name, roles: ["aut"]))
            }
            creators = authors
            contributors = credited.filter { !($0.roles.isEmpty || $0.roles.contains("aut")) }
        }
        publisher = metadata.publisher.map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        date = metadata.date.flatMap(W3CDate.date(from:))
        description = metadata.description.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        subjects = Self.unique(metadata.subjects.map(Self.clean).filter { !$0.isEmpty })
        rights = metadata.fields["rights"].map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        series = metadata.series.flatMap { series in
            let name = Self.clean(series.name)
            guard !name.isEmpty else { return nil }
            let position = series.position.map(Self.clean).flatMap { Double($0) != nil ? $0 : nil }
            return Series(name: name, position: position)
        }
        if let source = metadata.fields["modified"], W3CDate.isTimestamp(source) {
            modified = source
        } else if let given = options.modified, W3CDate.isTimestamp(given) {
            modified = given
        } else {
            modified = EPUBExportOptions.fixedModified
        }
    }

    /// Whitespace collapsed to single spaces, ends trimmed.
    static func clean(_ value: String) -> String {
        value.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    /// A well-formed BCP 47 tag (letters, digits and hyphens, a 2–8 letter primary subtag), else nil.
    static func languageTag(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-"), !value.isEmpty
        else { return nil }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return value
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
