/// Decoding the UTF-8 that poppler hands over.
enum UTF8Scalars {
    /// The scalars of `bytes`, decoded straight from the buffer; ill-formed bytes become U+FFFD.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: return scalars
            }
        }
    }
}
