import Foundation
import ReaderCore

extension MarkdownDocument: ResourceProviding {
    /// The images the file shows that are local files inside its folder, hrefed by their link as
    /// written, with their sizes; links to the web, to missing files and to files outside the
    /// folder (through `..`, an absolute path or a symlink) are left out.
    public func resources() -> [DocumentResource] {
        guard let folder = LocalImageFolder(documentPath: path) else { return [] }
        return imageLinks.compactMap { link in
            guard case .success(let file) = folder.file(forLink: link) else { return nil }
            var status = stat()
            let size = stat(file, &status) == 0 ? Int(status.st_size) : nil
            return DocumentResource(href: link, mediaType: DocumentResource.mediaType(forPath: file), byteCount: size)
        }
    }

    /// The bytes of a local image the file links to, by its link as written.
    /// - Throws: ``ReaderError`` `invalidArgument` for an href the file does not link to as an
    ///   image, or one that is not a file inside the document's folder; `unsupportedOperation`
    ///   past ``DocumentResource/byteLimit``.
    public func resourceData(href: String) throws(ReaderError) -> [UInt8] {
        guard imageLinks.contains(href) else {
            throw ReaderError.unknownResource(href, file: path, format: format, detail: "the file shows no such image")
        }
        guard let folder = LocalImageFolder(documentPath: path) else {
            throw ReaderError.unknownResource(href, file: path, format: format, detail: "the document's folder cannot be resolved")
        }
        let file: String
        switch folder.file(forLink: href) {
        case .success(let found): file = found
        case .failure(let refusal):
            throw ReaderError.unknownResource(href, file: path, format: format, detail: refusal.reason)
        }
        return try ReadOnlyFile(path: file, format: format).readAll(limit: DocumentResource.byteLimit) { count in
            ReaderError.resourceTooLarge(href, byteCount: count, file: self.path, format: self.format)
        }
    }
}
