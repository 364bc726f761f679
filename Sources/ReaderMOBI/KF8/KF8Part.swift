/// One rebuilt XHTML part of a KF8 book: a skeleton with its fragments inserted.
struct KF8Part: Hashable, Sendable {
    /// A run of the part's bytes copied unchanged from one run of flow 0.
    struct Segment: Hashable, Sendable {
        /// Where the run starts in the part.
        let partOffset: Int
        /// Where the run lies in flow 0.
        let flowRange: Range<Int>
    }

    /// The part's number: its skeleton's index.
    let index: Int
    /// The part's file name, `part0000.xhtml` from the skeleton index (see ``fileName(forPart:)``).
    let fileName: String
    /// The rebuilt markup.
    let bytes: [UInt8]
    /// The flow-0 range the skeleton and its fragments occupy; its lower bound is where the part
    /// starts in the coordinates of insert positions and `kindle:pos` links.
    let flowRange: Range<Int>
    /// How the part's bytes map back to flow 0, in part order.
    let segments: [Segment]

    /// Creates a part.
    init(index: Int, fileName: String, bytes: [UInt8], flowRange: Range<Int>, segments: [Segment]) {
        self.index = index
        self.fileName = fileName
        self.bytes = bytes
        self.flowRange = flowRange
        self.segments = segments
    }

    /// The file name of part `index`: `part` and four or more decimal digits, then `.xhtml`.
    ///
    /// calibre names the same files `part%04d.html` from the first fragment's file number, which
    /// equals the skeleton index in every book we know; we keep the skeleton index so the name is
    /// defined for parts without fragments too, and `.xhtml` because KF8 text is XHTML.
    static func fileName(forPart index: Int) -> String {
        let digits = String(index)
        return "part" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".xhtml"
    }

    /// Where the part starts in flow 0 (the skeleton's start).
    var flowStart: Int { flowRange.lowerBound }
}
