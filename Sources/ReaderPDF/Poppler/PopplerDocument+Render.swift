import ReaderCore
internal import CPopplerGlib

extension PopplerDocument {
    /// The largest image rendered, in pixels.
    static let maxRenderPixels = 100_000_000
    /// cairo's limit on either side of an image surface.
    static let maxRenderSide = 32_767

    /// Renders a page with cairo to a PNG file at `scale` (1 = 72 dpi) on a white background
    /// (`poppler_page_render` on an RGB image surface, then `cairo_surface_write_to_png`). The
    /// image is the page size × scale, rounded up to whole pixels.
    /// - Throws: ``ReaderError`` `invalidArgument` for a page that does not exist, a scale that is
    ///   not a positive number, an image over ``maxRenderPixels`` or ``maxRenderSide``, or a PNG
    ///   that cannot be written to `path`; `unreadable` when cairo cannot render.
    func renderPNG(pageNumber: Int, scale: Double, to path: String) throws(ReaderError) {
        try withRenderedPage(pageNumber, scale: scale) { (surface: OpaquePointer) throws(ReaderError) in
            let written = cairo_surface_write_to_png(surface, path)
            guard written == CAIRO_STATUS_SUCCESS else {
                throw ReaderError(.invalidArgument, file: path, format: .pdf,
                                  reason: "cannot write the PNG: \(Self.describe(written))")
            }
        }
    }

    /// Renders a page as ``renderPNG(pageNumber:scale:to:)`` does, into PNG bytes in memory
    /// (`cairo_surface_write_to_png_stream`).
    /// - Throws: ``ReaderError`` as ``renderPNG(pageNumber:scale:to:)`` does, and
    ///   `unsupportedOperation` when the PNG would pass `limit` bytes.
    func pngData(pageNumber: Int, scale: Double, limit: Int) throws(ReaderError) -> [UInt8] {
        try withRenderedPage(pageNumber, scale: scale) { (surface: OpaquePointer) throws(ReaderError) -> [UInt8] in
            let sink = PNGSink(limit: limit)
            let status = withExtendedLifetime(sink) {
                cairo_surface_write_to_png_stream(surface, { closure, data, length in
                    let sink = Unmanaged<PNGSink>.fromOpaque(closure!).takeUnretainedValue()
                    guard sink.bytes.count + Int(length) <= sink.limit else {
                        sink.overflowed = true
                        return CAIRO_STATUS_WRITE_ERROR
                    }
                    if let data { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
            }
            if sink.overflowed {
                throw ReaderError(.unsupportedOperation, file: self.path, format: .pdf,
                                  reason: "page \(pageNumber) as PNG has more than \(limit >> 20) MiB")
            }
            try check(status, while: "writing the PNG of page \(pageNumber)")
            return sink.bytes
        }
    }

    /// Renders a page with cairo on a white RGB image surface and hands the surface to `body`
    /// (`poppler_page_render`).
    private func withRenderedPage<T>(_ pageNumber: Int, scale: Double,
                                     _ body: (OpaquePointer) throws(ReaderError) -> T) throws(ReaderError) -> T {
        guard scale.isFinite, scale > 0 else {
            throw ReaderError(.invalidArgument, file: self.path, format: .pdf, reason: "scale \(scale) is not a positive number")
        }
        return try withPage(pageNumber) { (page: OpaquePointer) throws(ReaderError) -> T in
            var width = 0.0
            var height = 0.0
            poppler_page_get_size(page, &width, &height)
            let pixels = try pixelSize(width: width, height: height, scale: scale, pageNumber: pageNumber)
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixels.width), Int32(pixels.height))
            else { throw renderFailure("cairo cannot create a surface") }
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface), while: "creating a surface")
            guard let context = cairo_create(surface) else { throw renderFailure("cairo cannot create a context") }
            cairo_scale(context, scale, scale)
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            poppler_page_render(page, context)
            let status = cairo_status(context)
            cairo_destroy(context)
            try check(status, while: "rendering page \(pageNumber)")
            cairo_surface_flush(surface)
            return try body(surface)
        }
    }

    /// The image size for a page of `width` × `height` points at `scale`, refused when too large.
    private func pixelSize(width: Double, height: Double, scale: Double,
                           pageNumber: Int) throws(ReaderError) -> (width: Int, height: Int) {
        let scaledWidth = (width * scale).rounded(.up)
        let scaledHeight = (height * scale).rounded(.up)
        guard scaledWidth >= 1, scaledHeight >= 1, scaledWidth <= Double(Self.maxRenderSide),
              scaledHeight <= Double(Self.maxRenderSide), scaledWidth * scaledHeight <= Double(Self.maxRenderPixels)
        else {
            throw ReaderError(.invalidArgument, file: path, format: .pdf,
                              reason: "page \(pageNumber) at scale \(scale) would be \(scaledWidth) × \(scaledHeight) pixels, "
                                  + "more than \(Self.maxRenderPixels) pixels or \(Self.maxRenderSide) on a side")
        }
        return (Int(scaledWidth), Int(scaledHeight))
    }

    /// Throws `unreadable` unless cairo reports success.
    private func check(_ status: cairo_status_t, while doing: String) throws(ReaderError) {
        guard status == CAIRO_STATUS_SUCCESS else { throw renderFailure("cairo failed \(doing): \(Self.describe(status))") }
    }

    /// An `unreadable` error about this document.
    private func renderFailure(_ reason: String) -> ReaderError {
        ReaderError(.unreadable, file: path, format: .pdf, reason: reason)
    }

    /// cairo's words for a status (`cairo_status_to_string`).
    private static func describe(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)"
    }
}

/// The bytes cairo writes, up to a limit. A class, so the C callback reaches it by pointer.
private final class PNGSink {
    let limit: Int
    var bytes: [UInt8] = []
    var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }
}
