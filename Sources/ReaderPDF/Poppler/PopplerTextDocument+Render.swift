import ReaderCore
import ReaderImaging
internal import CPopplerText

extension PopplerTextDocument {
    /// Page `pageNumber` (1-based) drawn by poppler's Splash rasterizer at `scale` (1 = 72 dpi) on
    /// white, as `pdftoppm -cropbox` draws it (`rpt_page_render_rgb`). Splash draws this page
    /// kind of picture several times faster than cairo: a page with a large ICC-tagged photograph
    /// took cairo 0.6 s and Splash 0.15 s.
    /// - Throws: ``ReaderError`` `invalidArgument` for a page that does not exist, a scale that is
    ///   not a positive number, or a picture over ``PopplerDocument/maxRenderPixels`` or
    ///   ``PopplerDocument/maxRenderSide``; `malformed` for a page poppler cannot load;
    ///   `unreadable` when poppler cannot draw it.
    func renderRGB(pageNumber: Int, scale: Double) throws(ReaderError) -> RGBImage {
        guard scale.isFinite, scale > 0 else {
            throw ReaderError(.invalidArgument, file: path, format: .pdf, reason: "scale \(scale) is not a positive number")
        }
        return try withPageIndex(pageNumber) { (handle: OpaquePointer, index: Int32) throws(ReaderError) -> RGBImage in
            var raster = RPTRaster()
            let status = rpt_page_render_rgb(handle, index, scale, Int32(PopplerDocument.maxRenderSide),
                                             Int64(PopplerDocument.maxRenderPixels), &raster)
            defer { rpt_raster_free(&raster) }
            switch status {
            case RPT_RENDER_OK:
                break
            case RPT_RENDER_NO_PAGE:
                throw ReaderError(.malformed, file: path, format: .pdf, reason: "damaged: page \(pageNumber) cannot be loaded")
            case RPT_RENDER_TOO_LARGE:
                throw ReaderError(.invalidArgument, file: path, format: .pdf,
                                  reason: "page \(pageNumber) at scale \(scale) would be more than \(PopplerDocument.maxRenderPixels) "
                                      + "pixels or \(PopplerDocument.maxRenderSide) on a side")
            default:
                throw ReaderError(.unreadable, file: path, format: .pdf, reason: "poppler cannot draw page \(pageNumber)")
            }
            let width = Int(raster.width)
            let height = Int(raster.height)
            let pixels = Array(UnsafeBufferPointer(start: raster.pixels, count: width * height * 3))
            guard let image = RGBImage(width: width, height: height, pixels: pixels) else {
                throw ReaderError(.unreadable, file: path, format: .pdf, reason: "poppler drew page \(pageNumber) as an empty picture")
            }
            return image
        }
    }
}
