/// Where an EPUB CFI lands in a content document's source text, and how its assertions fared.
public struct CFIResolution: Hashable, Sendable {
    /// What checking the CFI's assertions (element ids, text before and after) found.
    public enum AssertionCheck: Int, Hashable, Sendable, Comparable {
        /// There was nothing to check (no assertions, or no text to check them against).
        case unchecked
        /// Every checked assertion held.
        case held
        /// An assertion disagreed with the path and the location was corrected by it (EPUB CFI
        /// 1.1 § 3.5); a CFI generated for ``CFIResolution/sourceOffset`` is the corrected CFI.
        case corrected
        /// An asserted id or text was not found, so the location follows the path alone. The
        /// specification calls such a CFI invalid; a reader may still prefer this best effort.
        case failed

        /// Order of severity.
        public static func < (lhs: AssertionCheck, rhs: AssertionCheck) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// The source offset (UTF-16) of the location, or of the start of a range.
    public var sourceOffset: Int
    /// The source offset of the end of a range; equal to ``sourceOffset`` for a single location.
    public var endSourceOffset: Int
    /// The side bias of a single location (ranges have none).
    public var sideBias: EPUBCFI.SideBias?
    /// What checking the assertions found.
    public var assertions: AssertionCheck

    /// Creates a resolution.
    public init(sourceOffset: Int, endSourceOffset: Int? = nil, sideBias: EPUBCFI.SideBias? = nil,
                assertions: AssertionCheck = .unchecked) {
        self.sourceOffset = sourceOffset
        self.endSourceOffset = max(sourceOffset, endSourceOffset ?? sourceOffset)
        self.sideBias = sideBias
        self.assertions = assertions
    }

    /// The source range from the start to the end (empty for a single location).
    public var sourceRange: Range<Int> { sourceOffset..<endSourceOffset }
}
