import ReaderCore

extension Array where Element == UInt8 {
    /// The output of a decoder that writes into a caller's buffer (the decompressors), for callers
    /// that want an array: at most `cap` bytes, as many as `decode` reports it wrote.
    init(decoding input: [UInt8], cap: Int,
         _ decode: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) throws(ReaderError) -> Int) throws(ReaderError) {
        var failure: ReaderError?
        self.init(unsafeUninitializedCapacity: Swift.max(cap, 0)) { buffer, count in
            input.withUnsafeBufferPointer { source in
                do throws(ReaderError) {
                    count = try decode(source, buffer)
                } catch {
                    failure = error
                    count = 0
                }
            }
        }
        if let failure { throw failure }
    }
}
