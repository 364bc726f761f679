internal import CImageCodecs
internal import CWebP

/// Reads a picture's header alone (format and size), without decoding its pixels.
public enum ImageProbe {
    /// The format and size of the picture in `bytes`, checked against `limits`.
    /// - Throws: ``ImageError``: `unsupportedFormat` when the bytes are not JPEG, PNG or WebP,
    ///   `tooLarge` over the limits, `malformed` when the header cannot be read.
    public static func info(of bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) -> ImageInfo {
        let format = try sniff(bytes, limits: limits)
        var width: UInt32 = 0
        var height: UInt32 = 0
        switch format {
        case .jpeg:
            try CodecStatus.check(format, "reading the header") { message in
                bytes.withUnsafeBufferPointer { reader_jpeg_read_size($0.baseAddress, $0.count, &width, &height, message) }
            }
        case .png:
            try CodecStatus.check(format, "reading the header") { message in
                bytes.withUnsafeBufferPointer { reader_png_read_size($0.baseAddress, $0.count, &width, &height, message) }
            }
        case .webp:
            var w: Int32 = 0
            var h: Int32 = 0
            guard WebPGetInfo(bytes, bytes.count, &w, &h) != 0 else {
                throw ImageError(.malformed, format: format, reason: "reading the header: libwebp does not recognise it")
            }
            width = UInt32(clamping: w)
            height = UInt32(clamping: h)
        }
        try limits.check(width: Int(width), height: Int(height), format: format)
        return ImageInfo(format: format, width: Int(width), height: Int(height))
    }

    /// The format of `bytes`, once their size is within the limits.
    static func sniff(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageFormat {
        guard let format = ImageFormat.sniff(bytes) else {
            throw ImageError(.unsupportedFormat, format: nil, reason: "not a JPEG, PNG or WebP picture")
        }
        guard bytes.count <= limits.maxInputBytes else {
            throw ImageError(.tooLarge, format: format, reason: "\(bytes.count) bytes is over the limit of \(limits.maxInputBytes)")
        }
        return format
    }
}
