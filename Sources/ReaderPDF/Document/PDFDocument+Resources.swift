import ReaderCore
import ReaderImaging

extension PDFDocument: ResourceProviding, CoverProviding {
    /// Pixels per point of a page read as a resource or a cover: 2, which is 144 dpi, as
    /// `reader render` draws by default.
    static let resourceScale = 2.0

    /// Each page as a PNG picture, `page/1.png` to `page/N.png`; their sizes are unknown until
    /// they are rendered.
    public func resources() -> [DocumentResource] {
        (0..<pageCount).map {
            DocumentResource(href: "page/\($0 + 1).png", mediaType: "image/png", byteCount: nil)
        }
    }

    /// Page N rendered at 144 dpi as PNG, for the href `page/N.png`.
    /// - Throws: ``ReaderError`` `invalidArgument` for another href or a page that does not
    ///   exist; `unsupportedOperation` when the PNG would pass ``DocumentResource/byteLimit``.
    public func resourceData(href: String) throws(ReaderError) -> [UInt8] {
        guard href.hasPrefix("page/"), href.hasSuffix(".png"),
              let page = Int(href.dropFirst("page/".count).dropLast(".png".count)), (1...pageCount).contains(page) else {
            throw ReaderError.unknownResource(href, file: path, format: format, detail: "pages are page/1.png to page/\(pageCount).png")
        }
        return try located { () throws(ReaderError) in
            try poppler.pngData(pageNumber: page, scale: Self.resourceScale, limit: DocumentResource.byteLimit)
        }
    }

    /// The JPEG quality of the cover.
    static let coverQuality = 85

    /// The first page, drawn at 144 dpi by poppler's Splash rasterizer and written as JPEG; nil
    /// for a PDF without pages. A page is a picture: as JPEG it is written in a tenth of the
    /// time PNG takes, and Splash draws a page holding a large photograph several times faster
    /// than cairo. It is drawn with a poppler document of its own, so it can be made on another
    /// thread while the text is read.
    /// - Throws: ``ReaderError`` when the page cannot be drawn or the document is closed.
    public func coverImage() throws(ReaderError) -> CoverImage? {
        guard pageCount > 0 else { return nil }
        let jpeg = try located { () throws(ReaderError) -> [UInt8] in
            let drawing = try poppler.textDocumentOpener()()
            defer { drawing.close() }
            let image = try drawing.renderRGB(pageNumber: 1, scale: Self.resourceScale)
            do throws(ImageError) {
                return try JPEGEncoder.encode(image, quality: Self.coverQuality)
            } catch {
                throw ReaderError(.unreadable, file: path, format: .pdf, reason: "cannot write page 1 as JPEG: \(error.reason)")
            }
        }
        return CoverImage(mediaType: "image/jpeg", data: jpeg, source: "page 1, rendered")
    }
}
