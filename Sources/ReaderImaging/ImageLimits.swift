/// The largest picture decoded, checked on the input's size and on the header's dimensions before
/// any pixel memory is allocated: a damaged or hostile picture is refused, not decoded.
public struct ImageLimits: Hashable, Sendable {
    /// The most input bytes read.
    public var maxInputBytes: Int
    /// The longest side, in pixels.
    public var maxDimension: Int
    /// The most pixels (width × height); 40 megapixels is 160 MB of RGBA.
    public var maxPixels: Int

    /// Limits of your own.
    public init(maxInputBytes: Int = 8 << 20, maxDimension: Int = 16384, maxPixels: Int = 40_000_000) {
        self.maxInputBytes = maxInputBytes
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
    }

    /// 8 MiB of input, 16384 pixels a side, 40 megapixels.
    public static let standard = ImageLimits()

    /// Throws ``ImageError/Code/tooLarge`` unless a picture of `width` × `height` fits.
    func check(width: Int, height: Int, format: ImageFormat) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw ImageError(.malformed, format: format, reason: "the header gives a size of \(width) × \(height)")
        }
        guard width <= maxDimension, height <= maxDimension, width * height <= maxPixels else {
            throw ImageError(.tooLarge, format: format,
                             reason: "\(width) × \(height) pixels is over the limit (\(maxDimension) a side, \(maxPixels) in all)")
        }
    }

    /// The limits as the C codecs take them.
    var codecLimits: (dimension: UInt32, pixels: UInt64) {
        (UInt32(clamping: maxDimension), UInt64(clamping: maxPixels))
    }
}
