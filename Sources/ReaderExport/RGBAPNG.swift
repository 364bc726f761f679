internal import CZlib

/// 8-bit RGBA pixels written as a PNG (a core media type every EPUB reading system shows): the
/// rows unfiltered, deflated by zlib.
enum RGBAPNG {
    /// The PNG of `height` rows of `width` RGBA pixels, each row `rowBytes` apart from `pixels`;
    /// nil when zlib fails.
    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int) -> [UInt8]? {
        var raw = [UInt8]()
        raw.reserveCapacity((width * 4 + 1) * height)
        for row in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: UnsafeBufferPointer(start: pixels + row * rowBytes, count: width * 4))
        }
        guard let compressed = zlibCompress(raw) else { return nil }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        png += chunk("IHDR", header)
        png += chunk("IDAT", compressed)
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.appendBigEndian(UInt32(data.count))
        let body = Array(type.utf8) + data
        output += body
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        output.appendBigEndian(crc)
        return output
    }

    /// A zlib stream (header and Adler-32 included, as PNG wants) of `bytes`.
    private static func zlibCompress(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 9)
            }
        }
        guard status == Z_OK else { return nil }
        return Array(output.prefix(Int(length)))
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8(value >> 16 & 0xFF))
        append(UInt8(value >> 8 & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
