import ReaderCore
import ReaderXML

/// `META-INF/container.xml`: where the package documents are.
struct ContainerDocument: Hashable, Sendable {
    /// The container path of the OCF container document.
    static let path = "META-INF/container.xml"
    /// The media type of a package document rootfile.
    static let packageMediaType = "application/oebps-package+xml"

    /// Container paths of the package documents, in the order listed (the first is the default rendition).
    var packagePaths: [String]

    /// Parses the container document.
    /// - Throws: ``ReaderError`` (malformed) when it is not XML or lists no package document.
    static func parse(_ bytes: [UInt8]) throws(ReaderError) -> ContainerDocument {
        let document: MarkupDocument
        do {
            document = try MarkupDocument.parse(bytes, syntax: .xml, name: path)
        } catch {
            throw ReaderError(.malformed, reason: "\(error)")
        }
        let rootfiles = document.root?.descendants("rootfile") ?? []
        let packages = rootfiles.filter { ($0.attribute("media-type") ?? packageMediaType) == packageMediaType }
        let paths = packages.compactMap { $0.attribute("full-path") }
            .compactMap { ResourcePath.resolve($0, relativeTo: "")?.path }
        guard !paths.isEmpty else {
            throw ReaderError(.malformed, reason: "\(path) names no package document (rootfile)")
        }
        return ContainerDocument(packagePaths: paths)
    }
}
