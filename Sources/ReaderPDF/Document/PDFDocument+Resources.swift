import ReaderCore

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

    /// The first page, rendered at 144 dpi as PNG; nil for a PDF without pages.
    public func coverImage() throws(ReaderError) -> CoverImage? {
        guard pageCount > 0 else { return nil }
        return CoverImage(mediaType: "image/png", data: try resourceData(href: "page/1.png"), source: "page 1, rendered")
    }
}
