import Foundation
import ReaderCore

/// Decoders for one encoding, kept from section to section with their buffers and iconv descriptors, so
/// that each section is decoded into memory that is already mapped. Thread-safe: each caller borrows a
/// decoder of its own.
final class TextDecoderPool: @unchecked Sendable {
    /// The encoding every decoder reads.
    let encoding: TextEncoding
    private let lock = NSLock()
    private var idle: [TextDecoder] = []

    /// Creates an empty pool; decoders are opened when first needed.
    init(encoding: TextEncoding) {
        self.encoding = encoding
    }

    /// Runs `body` with a decoder no other thread is using.
    /// - Throws: ``ReaderError`` `.invalidArgument` when iconv cannot convert from the encoding.
    func withDecoder<Result>(_ body: (TextDecoder) -> Result) throws(ReaderError) -> Result {
        let decoder: TextDecoder
        if let reused = lock.withLock({ idle.popLast() }) {
            decoder = reused
        } else {
            decoder = try TextDecoder(encoding: encoding)
        }
        defer { lock.withLock { idle.append(decoder) } }
        return body(decoder)
    }
}
