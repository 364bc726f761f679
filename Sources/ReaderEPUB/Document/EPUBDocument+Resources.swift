import ReaderCore

extension EPUBDocument: ResourceProviding {
    /// The manifest items present in the container, in manifest order, hrefed by container path,
    /// with their inflated sizes.
    func resources() -> [DocumentResource] {
        publication.package.manifest.compactMap { item in
            guard container.contains(item.path) else { return nil }
            return DocumentResource(href: item.path, mediaType: item.mediaType, byteCount: container.length(of: item.path))
        }
    }

    /// The bytes of a manifest item, by container path (percent-encoded or not), as stored; the
    /// container caps what it inflates, and anything past ``DocumentResource/byteLimit`` is refused.
    func resourceData(href: String) throws(ReaderError) -> [UInt8] {
        let package = publication.package
        let decoded = ResourcePath.resolve(href, relativeTo: "")?.path
        guard let item = package.item(path: href) ?? decoded.flatMap(package.item(path:)), container.contains(item.path) else {
            throw ReaderError.unknownResource(href, file: path, format: format, detail: "not a manifest item in the container")
        }
        if let length = container.length(of: item.path), length > DocumentResource.byteLimit {
            throw ReaderError.resourceTooLarge(href, byteCount: length, file: path, format: format)
        }
        let bytes: [UInt8]
        do {
            bytes = try container.read(item.path)
        } catch {
            throw error.locating(file: path, format: format)
        }
        guard bytes.count <= DocumentResource.byteLimit else {
            throw ReaderError.resourceTooLarge(href, byteCount: bytes.count, file: path, format: format)
        }
        return bytes
    }
}
