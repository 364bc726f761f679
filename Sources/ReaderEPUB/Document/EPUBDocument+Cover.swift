import ReaderCore
import ReaderXML

extension EPUBDocument {
    /// The cover picture: the EPUB 3 `cover-image` item, else the EPUB 2 `<meta name="cover">`
    /// item, else the guide's (or landmarks') cover reference (an image, or the first image of
    /// the page it names), else the first image of the first section. An SVG item the package
    /// declares as the cover is the picture itself, not a page to look for pictures in.
    func coverImage() throws(ReaderError) -> CoverImage? {
        let package = publication.package
        var declared: [PackageDocument.Item] = []
        if let item = package.item(property: "cover-image") { declared.append(item) }
        if let content = package.coverMetaContent {
            if let item = package.item(id: content) {
                declared.append(item)
            } else if let path = ResourcePath.resolve(content, relativeTo: package.path)?.path, let item = package.item(path: path) {
                declared.append(item)  // some books put the href, not the id, in the meta
            }
        }
        for item in declared {
            if item.mediaType.lowercased() == "image/svg+xml", container.contains(item.path) {
                return CoverImage(mediaType: item.mediaType, data: try container.read(item.path), source: item.path)
            }
            if let image = try image(from: item) { return image }
        }
        var candidates: [PackageDocument.Item] = []
        let references = (package.guide + publication.navigation.landmarks).filter { $0.type.lowercased().contains("cover") }
        for reference in references {
            if let item = package.item(path: reference.target.path) { candidates.append(item) }
        }
        if let first = sections.first?.item { candidates.append(first) }
        for candidate in candidates {
            if let image = try image(from: candidate) { return image }
        }
        return nil
    }

    /// The item itself when it is an image, or the first image an XHTML page shows.
    private func image(from item: PackageDocument.Item) throws(ReaderError) -> CoverImage? {
        let type = item.mediaType.lowercased()
        if type.hasPrefix("image/"), type != "image/svg+xml" {
            guard container.contains(item.path) else { return nil }
            return CoverImage(mediaType: item.mediaType, data: try container.read(item.path), source: item.path)
        }
        guard type == "application/xhtml+xml" || type == "text/html" || type == "image/svg+xml" else { return nil }
        var warnings: [String] = []
        guard let document = EPUBPublication.parseMarkup(container, path: item.path, warnings: &warnings),
              let root = document.root else { return nil }
        let sources = root.descendants("img").compactMap { $0.attribute("src") }
            + root.descendants("image").compactMap { $0.attribute("href", namespace: MarkupNamespace.xlink) ?? $0.attribute("href") }
        for source in sources {
            guard let path = ResourcePath.resolve(source, relativeTo: item.path)?.path, container.contains(path) else { continue }
            let mediaType = publication.package.item(path: path)?.mediaType ?? Self.mediaType(forPath: path)
            guard mediaType.hasPrefix("image/") else { continue }
            return CoverImage(mediaType: mediaType, data: try container.read(path), source: path)
        }
        return nil
    }

    private static func mediaType(forPath path: String) -> String {
        switch path.split(separator: ".").last?.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }
}
