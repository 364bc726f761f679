/// A text position inside one content document, as an EPUB CFI writes it: the path from the
/// root element (`<html>`, not included) to a run of character data, and a character offset into
/// that run, counted in UTF-16 code units.
public struct CFIContentPosition: Hashable, Sendable {
    /// The steps from the root element; the last one is odd (a run of character data), and element
    /// steps carry the element's id.
    public var steps: [CFIStep]
    /// The offset into the run, in UTF-16 code units (EPUB CFI 1.1 § 3.1.4).
    public var characterOffset: Int

    /// Creates a position.
    public init(steps: [CFIStep], characterOffset: Int) {
        self.steps = steps
        self.characterOffset = characterOffset
    }

    /// The content part of a CFI path for this position: `/4[body01]/10[para05]/3:10`.
    public var contentPath: EPUBCFI.Path {
        EPUBCFI.Path(steps: steps.map(EPUBCFI.Step.init), offset: .character(characterOffset))
    }
}
