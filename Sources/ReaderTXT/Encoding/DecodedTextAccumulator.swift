/// Joins decoded UTF-8 pieces into one String, reserving its capacity once from the first piece's expansion
/// ratio so that a long input is not copied again and again as the String grows.
struct DecodedTextAccumulator {
    /// The text so far.
    private(set) var text = ""
    /// Bytes of input the whole decode will consume.
    private let inputCount: Int
    /// Whether capacity was already reserved.
    private var hasReserved = false

    /// Prepares to collect the decoding of `inputCount` input bytes.
    init(inputCount: Int) {
        self.inputCount = inputCount
    }

    /// Appends well-formed-or-repairable UTF-8 (`piece`, which decodes `consumed` input bytes so far in total).
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>, consumedSoFar consumed: Int) {
        guard !piece.isEmpty else { return }
        let decoded = String(decoding: piece, as: UTF8.self)
        if text.isEmpty {
            if consumed < inputCount, !hasReserved {
                hasReserved = true
                let ratio = Double(decoded.utf8.count) / Double(max(1, consumed))
                text.reserveCapacity(Int(ratio * Double(inputCount) * 1.02) + 16)
                text.append(decoded)
            } else {
                text = decoded
            }
        } else {
            text.append(decoded)
        }
    }

    /// Appends one U+FFFD.
    mutating func appendReplacement() {
        text.unicodeScalars.append("\u{FFFD}")
    }
}
