extension Unicode.Scalar {
    /// JavaScript's `\s`, as ReaderWeb collapses white space (its own test is internal to it).
    public var isCollapsibleSpace: Bool {
        switch value {
        case 0x20, 0x09...0x0D: true
        case 0..<0x80: false
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF, 0x85: true
        default: false
        }
    }
}
