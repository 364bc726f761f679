/// How the text records of a PalmDOC or MOBI book are compressed (record 0, offset 0).
enum MOBICompression: UInt16, Sendable, Hashable {
    /// Stored as is.
    case none = 1
    /// PalmDOC LZ77 (``PalmDOCDecompressor``).
    case palmDOC = 2
    /// Kindlegen's Huffman coding over a phrase dictionary (``HuffCDICDecompressor``); the
    /// value spells "DH".
    case huffCDIC = 0x4448

    /// The lower-case name used in metadata fields: `none`, `palmdoc` or `huffcdic`.
    var name: String {
        switch self {
        case .none: "none"
        case .palmDOC: "palmdoc"
        case .huffCDIC: "huffcdic"
        }
    }
}
