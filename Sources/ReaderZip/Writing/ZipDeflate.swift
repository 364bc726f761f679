internal import CZlib

/// zlib's CRC-32 and raw deflate, the two things a zip writer needs from it.
enum ZipDeflate {
    /// The CRC-32 of `bytes` (`crc32`), as zip headers hold it.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc = CZlib.crc32(0, nil, 0)
            var start = 0
            while start < buffer.count {
                let count = min(buffer.count - start, 1 << 30)
                crc = CZlib.crc32(crc, buffer.baseAddress! + start, uInt(count))
                start += count
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }

    /// `bytes` deflated at `level` as a raw stream, the form zip stores (`deflateInit2` with
    /// negative window bits, then `deflate` with `Z_FINISH` until the stream ends, `deflateEnd`).
    ///
    /// The same bytes, level and zlib build give the same output on every run.
    /// - Precondition: `bytes.count` fits in 32 bits (the writer refuses larger entries first).
    /// - Throws: ``ZipError`` `limitExceeded` when zlib has no memory, `io` for another zlib failure.
    static func deflate(_ bytes: [UInt8], level: Int) throws(ZipError) -> [UInt8] {
        var stream = z_stream()
        var status = reader_deflate_init_raw(&stream, Int32(level))
        guard status == Z_OK else { throw failure(status, stream: stream) }
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(Int(deflateBound(&stream, uLong(bytes.count))))
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        status = bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            var status = Z_OK
            while status == Z_OK || status == Z_BUF_ERROR {
                stream.next_out = chunk
                stream.avail_out = uInt(chunkSize)
                status = CZlib.deflate(&stream, Z_FINISH)
                let produced = chunkSize - Int(stream.avail_out)
                if status == Z_BUF_ERROR && produced == 0 { break }
                output.append(contentsOf: UnsafeBufferPointer(start: chunk, count: produced))
            }
            stream.next_in = nil
            return status
        }
        guard status == Z_STREAM_END else { throw failure(status, stream: stream) }
        return output
    }

    private static let chunkSize = 256 << 10

    private static func failure(_ status: Int32, stream: z_stream) -> ZipError {
        let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
        return ZipError(status == Z_MEM_ERROR ? .limitExceeded : .io, reason: "cannot deflate: \(message)")
    }
}
