import Glibc

/// Converts runs of equally long GB18030 codes to scalars with iconv, for building ``GB18030Table``.
final class GB18030CodeConverter {
    /// Marks a code iconv rejected (no scalar is this large).
    private static let rejected: UInt32 = 0xFFFF_FFFF
    private let descriptor: iconv_t

    init?() {
        guard let opened = iconv_open("UTF-32LE", "GB18030"), Int(bitPattern: opened) != -1 else { return nil }
        descriptor = opened
    }

    deinit {
        iconv_close(descriptor)
    }

    /// The ``GB18030Table`` entry of each `width`-byte code in `codes` (0 where iconv rejects the code);
    /// nil if iconv turns a code into anything but one scalar that UTF-8 can carry.
    func entries(_ codes: [UInt8], width: Int) -> [UInt32]? {
        let count = codes.count / width
        var scalars = [UInt32](repeating: 0, count: count)
        let converted: Bool = codes.withUnsafeBytes { input in
            scalars.withUnsafeMutableBytes { output in
                var done = 0
                while done < count {
                    _ = iconv(descriptor, nil, nil, nil, nil)
                    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
                        mutating: (input.baseAddress! + done * width).assumingMemoryBound(to: CChar.self))
                    var inLeft = (count - done) * width
                    var outPointer: UnsafeMutablePointer<CChar>? = (output.baseAddress! + done * 4)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = (count - done) * 4
                    let status = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                    let failure = errno
                    let consumed = (count - done) * width - inLeft
                    let produced = (count - done) * 4 - outLeft
                    // Each code must give exactly one scalar, so that entries line up with codes.
                    guard consumed % width == 0, produced == consumed / width * 4 else { return false }
                    done += consumed / width
                    if status == -1 {
                        guard failure == EILSEQ || failure == EINVAL else { return false }
                        output.storeBytes(of: Self.rejected, toByteOffset: done * 4, as: UInt32.self)
                        done += 1
                    }
                }
                return true
            }
        }
        guard converted else { return nil }
        var entries = [UInt32](repeating: 0, count: count)
        for (index, raw) in scalars.enumerated() where raw != Self.rejected {
            let scalar = UInt32(littleEndian: raw)
            guard Unicode.Scalar(scalar) != nil else { return nil }
            entries[index] = GB18030Table.entry(for: scalar)
        }
        return entries
    }
}
