extension String {
    /// Copies `bytes`, which must be well-formed UTF-8 (decoder output, or pieces of it cut between scalars
    /// and joined with ASCII), without validating them again: validation costs more than the copy.
    init(wellFormedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        self = unsafe String(copying: UTF8Span(unchecked: bytes.span))
    }

    /// Copies `bytes`, which must be well-formed UTF-8, without validating them again.
    init(wellFormedUTF8 bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { String(wellFormedUTF8: $0) }
    }

    /// Whether `bytes` is well-formed UTF-8.
    static func isWellFormedUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.withMemoryRebound(to: UInt8.self) { UTF8Validation.isWellFormed($0) }
    }
}
