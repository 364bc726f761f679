/// Makes JPEG thumbnails of pictures: decoded within ``ImageLimits``, reduced with an
/// area-averaging filter to fit a ``ThumbnailBox``, transparency composited on white, encoded as
/// JPEG. The same bytes in give the same bytes out.
public struct Thumbnailer: Hashable, Sendable {
    /// The box thumbnails fit in.
    public var box: ThumbnailBox
    /// The JPEG quality (1–100).
    public var quality: Int
    /// The largest picture decoded.
    public var limits: ImageLimits

    /// A thumbnailer; by default 200 × 300, quality 80, the standard limits.
    public init(box: ThumbnailBox = .standard, quality: Int = 80, limits: ImageLimits = .standard) {
        self.box = box
        self.quality = quality
        self.limits = limits
    }

    /// The thumbnail of the picture in `bytes`. A JPEG that already fits the box is its own
    /// thumbnail (its bytes are returned untouched); any other picture that fits is re-encoded
    /// at its own size, so a thumbnail is always a JPEG.
    /// - Throws: ``ImageError`` when the picture is not JPEG, PNG or WebP, is over the limits, or
    ///   cannot be decoded.
    public func thumbnail(of bytes: [UInt8]) throws(ImageError) -> Thumbnail {
        let info = try ImageProbe.info(of: bytes, limits: limits)
        let size = box.fittedSize(width: info.width, height: info.height)
        if info.format == .jpeg, size == (info.width, info.height) {
            return Thumbnail(jpeg: bytes, width: info.width, height: info.height, isSource: true)
        }
        let pixels = try ImageDecoder.decodePixels(bytes, limits: limits,
                                                   jpegScale: Self.jpegScale(from: info, to: size))
        let image = BoxScaler.scale(pixels, width: size.width, height: size.height)
        return Thumbnail(jpeg: try JPEGEncoder.encode(image, quality: quality), width: image.width, height: image.height,
                         isSource: false)
    }

    /// The picture in `bytes` reduced to fit the box (never enlarged), as RGB pixels, for a
    /// caller that encodes them its own way (a terminal's graphics protocol).
    /// - Throws: ``ImageError`` as ``thumbnail(of:)`` does.
    public func fittedImage(of bytes: [UInt8]) throws(ImageError) -> RGBImage {
        let info = try ImageProbe.info(of: bytes, limits: limits)
        let size = box.fittedSize(width: info.width, height: info.height)
        let pixels = try ImageDecoder.decodePixels(bytes, limits: limits, jpegScale: Self.jpegScale(from: info, to: size))
        return BoxScaler.scale(pixels, width: size.width, height: size.height)
    }

    /// The largest of libjpeg's reductions (1/2, 1/4, 1/8, done in the DCT, so much faster than
    /// decoding in full) that still leaves at least the target size for the box filter to finish.
    static func jpegScale(from info: ImageInfo, to size: (width: Int, height: Int)) -> Int {
        guard info.format == .jpeg else { return 1 }
        for denominator in [8, 4, 2] {
            let width = (info.width + denominator - 1) / denominator
            let height = (info.height + denominator - 1) / denominator
            if width >= size.width, height >= size.height { return denominator }
        }
        return 1
    }
}

/// A thumbnail: JPEG bytes and their size in pixels.
public struct Thumbnail: Hashable, Sendable {
    /// The JPEG bytes.
    public var jpeg: [UInt8]
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// Whether these are the source's own bytes (a JPEG small enough already).
    public var isSource: Bool

    /// A thumbnail of `jpeg` bytes, `width` × `height`.
    public init(jpeg: [UInt8], width: Int, height: Int, isSource: Bool) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
        self.isSource = isSource
    }
}
