import ReaderCore

/// A document prepared for re-anchoring: its whole text normalised once, with a map back to
/// ``TextPosition``s and a k-gram index, so that many Locators can be re-anchored against it.
///
/// Building reads every section once and keeps about four bytes per character of text (the
/// normalised text as UTF-16 and the index); each ``locate(_:options:)`` then costs time in
/// proportion to the Locator's context, not to the document, except for contexts shorter than
/// a dozen characters, which are searched for by a scan of the text.
/// The target is immutable once built and can be shared between threads.
public final class AnchorTarget: Sendable {
    /// The document Locators are re-anchored into.
    public let document: any Document
    /// How the text was normalised.
    public let normalization: TextNormalization

    /// The normalised text: every block with text, in reading order, one space between blocks.
    let text: [UInt16]
    /// Where each block with text starts in ``text``, in reading order.
    let spans: [BlockSpan]
    let index: KGramIndex
    /// The normaliser that built ``text``, with the foldings of every character it met, for
    /// contexts and blocks to start from.
    let normalizer: TextNormalizer

    /// Normalises the text of `document` and indexes it.
    /// - Throws: ``ReaderError`` when a section cannot be read.
    public init(document: any Document, normalization: TextNormalization = .init()) throws(ReaderError) {
        self.document = document
        self.normalization = normalization
        var normalizer = TextNormalizer(normalization)
        var text: [UInt16] = []
        var spans: [BlockSpan] = []
        document.willReadSequentially()
        for section in document.readingOrder.indices {
            let blocks = try document.content(ofSection: section).blocks
            for (blockIndex, block) in blocks.enumerated() {
                var normalized = NormalizedText(tracksOffsets: false)
                normalizer.append(block.text, to: &normalized)
                guard !normalized.units.isEmpty else { continue }
                let separated = text.last.map { $0 != NormalizedText.space } ?? false
                spans.append(BlockSpan(start: text.count, section: section, block: blockIndex, separated: separated))
                if separated { text.append(NormalizedText.space) }
                text += normalized.units
            }
        }
        guard text.count < Int(UInt32.max) else {
            throw ReaderError(.unsupportedOperation, file: document.path, format: document.format,
                              reason: "the text is too long to re-anchor in (\(text.count) units)")
        }
        self.text = text
        self.spans = spans
        self.normalizer = normalizer
        index = KGramIndex(text: text)
    }

    /// Finds the place `locator` points at in this document by its text context.
    /// - Returns: the place, with a confidence of at least `options.minimumConfidence` (or, for a
    ///   Locator without context and `options.fallsBackToProgression`, a low-confidence guess
    ///   from its progression).
    /// - Throws: ``ReaderError`` of kind `anchorNotFound` with the best confidence found when no
    ///   place is good enough; `invalidLocator` when the Locator has no text context to go by.
    public func locate(_ locator: Locator, options: ReanchoringOptions = .init()) throws(ReaderError) -> AnchorMatch {
        do {
            return try AnchorSearch(target: self, locator: locator, options: options).run()
        } catch {
            throw error.locating(file: document.path, format: document.format)
        }
    }
}

/// A block with text: where its normalised text starts in the target's.
struct BlockSpan: Sendable {
    /// The index in the target text of the block's first unit (or of the space before it).
    let start: Int
    let section: Int
    let block: Int
    /// Whether the span begins with the space that separates it from the block before.
    let separated: Bool
}
