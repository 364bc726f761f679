/// A small greedy PalmDOC LZ77 compressor, so decoder tests can round-trip text of their choosing.
enum PalmDOCTestEncoder {
    /// Compresses `input`: back-references of 3 to 10 bytes up to 2047 bytes back, space + letter
    /// pairs, single literals and runs of up to 8 bytes that need escaping.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var position = 0
        var pending: [UInt8] = []
        func flush() {
            var rest = pending[...]
            while !rest.isEmpty {
                let run = rest.prefix(8)
                out.append(UInt8(run.count))
                out += run
                rest = rest.dropFirst(run.count)
            }
            pending.removeAll()
        }
        while position < input.count {
            var bestLength = 0
            var bestDistance = 0
            let window = max(0, position - 2047)
            var start = position - 1
            while start >= window {
                var length = 0
                while length < 10, position + length < input.count, input[start + length] == input[position + length] {
                    length += 1
                }
                if length > bestLength {
                    bestLength = length
                    bestDistance = position - start
                    if length == 10 { break }
                }
                start -= 1
            }
            let byte = input[position]
            if bestLength >= 3 {
                flush()
                let pair = 0x8000 | (bestDistance << 3) | (bestLength - 3)
                out += [UInt8(pair >> 8), UInt8(pair & 0xFF)]
                position += bestLength
            } else if byte == 0x20, position + 1 < input.count, (0x40...0x7F).contains(input[position + 1]) {
                flush()
                out.append(input[position + 1] ^ 0x80)
                position += 2
            } else if byte == 0 || (0x09...0x7F).contains(byte) {
                flush()
                out.append(byte)
                position += 1
            } else {
                pending.append(byte)
                if pending.count == 8 { flush() }
                position += 1
            }
        }
        flush()
        return out
    }
}
