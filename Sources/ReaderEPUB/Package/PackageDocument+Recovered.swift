import ReaderCore

extension PackageDocument {
    /// A stand-in for a package document lost from the container (a truncated archive keeps its
    /// first entries, and the OPF is often written late): every entry becomes a manifest item, its
    /// media type told by its extension, and the content documents are the spine in the order of
    /// the archive, which is the order the book was written in. The NCX, when one survived, gives
    /// the contents; a picture named as a cover, the cover. Nil when no content document is left.
    static func recovered(from paths: [String], missing: String) -> PackageDocument? {
        var manifest: [Item] = []
        for (index, path) in paths.enumerated() where !path.hasSuffix("/") && !path.hasPrefix("META-INF/") && path != "mimetype" {
            manifest.append(Item(id: "recovered-\(index)", path: path, mediaType: mediaType(ofPath: path), properties: [], fallback: nil))
        }
        let content = manifest.filter { $0.mediaType == "application/xhtml+xml" || $0.mediaType == "text/html" }
        guard !content.isEmpty else { return nil }
        let cover = manifest.first { $0.mediaType.hasPrefix("image/") && $0.path.lowercased().contains("cover") }
        return PackageDocument(
            path: missing, version: "2.0", metadata: DocumentMetadata(), manifest: manifest,
            spine: content.map { SpineItem(id: nil, idref: $0.id, isLinear: true, properties: []) },
            ncxID: manifest.first { $0.mediaType == "application/x-dtbncx+xml" }?.id, pageProgressionDirection: nil,
            isFixedLayout: false, coverMetaContent: cover?.id, guide: [], warnings: [])
    }

    /// The media type a container path's extension names; `application/octet-stream` for others.
    static func mediaType(ofPath path: String) -> String {
        let name = path.lowercased()
        let known: [(String, String)] = [
            (".xhtml", "application/xhtml+xml"), (".html", "application/xhtml+xml"), (".htm", "application/xhtml+xml"),
            (".css", "text/css"), (".ncx", "application/x-dtbncx+xml"), (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"),
            (".png", "image/png"), (".gif", "image/gif"), (".webp", "image/webp"), (".svg", "image/svg+xml"),
            (".ttf", "font/ttf"), (".otf", "font/otf"), (".woff", "font/woff"), (".woff2", "font/woff2"),
        ]
        return known.first { name.hasSuffix($0.0) }?.1 ?? "application/octet-stream"
    }
}
