internal import CImageCodecs

/// Runs one call into the C codecs with a buffer for its message, and turns its status into an
/// ``ImageError``: the one place a codec's failure is read.
enum CodecStatus {
    static func check(_ format: ImageFormat, _ operation: String,
                      _ call: (UnsafeMutablePointer<CChar>) -> reader_image_status) throws(ImageError) {
        var message = [CChar](repeating: 0, count: Int(READER_IMAGE_MESSAGE_SIZE))
        let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!) }
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch status {
        case READER_IMAGE_OK: return
        case READER_IMAGE_TOO_LARGE: throw ImageError(.tooLarge, format: format, reason: "\(operation): the picture is over the size limits")
        case READER_IMAGE_NO_MEMORY: throw ImageError(.outOfMemory, format: format, reason: "\(operation): out of memory")
        default: throw ImageError(.malformed, format: format, reason: "\(operation): \(text.isEmpty ? "the codec refused the data" : text)")
        }
    }
}
