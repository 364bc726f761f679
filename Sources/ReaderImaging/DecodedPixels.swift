internal import CImageCodecs
internal import CWebP

/// Pixels a codec allocated (8-bit RGB or RGBA, rows without padding), freed with the codec's own
/// deallocator when the last reference goes. They are never written after decoding.
final class DecodedPixels {
    enum Owner {
        /// `reader_image_free` (libjpeg and libpng through the C codecs).
        case codecs
        /// `WebPFree`.
        case webp
    }

    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    /// 3 (RGB) or 4 (RGBA, not premultiplied).
    let channels: Int
    private let owner: Owner

    init(base: UnsafePointer<UInt8>, width: Int, height: Int, channels: Int, owner: Owner) {
        self.base = base
        self.width = width
        self.height = height
        self.channels = channels
        self.owner = owner
    }

    deinit {
        let pointer = UnsafeMutableRawPointer(mutating: base)
        switch owner {
        case .codecs: reader_image_free(pointer)
        case .webp: WebPFree(pointer)
        }
    }

    /// Calls `body` with every byte.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withExtendedLifetime(self) { body(UnsafeBufferPointer(start: base, count: width * height * channels)) }
    }
}
