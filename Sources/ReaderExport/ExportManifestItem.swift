/// One item of the package manifest.
struct ExportManifestItem: Sendable {
    var id: String
    /// The path relative to the package folder (`text/c0001.xhtml`).
    var href: String
    var mediaType: String
    var properties: String?
}
