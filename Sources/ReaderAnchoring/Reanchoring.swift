import ReaderCore

/// Re-anchoring: finding where a Locator made on one edition of a book points in another (a
/// corrected re-issue, the EPUB and its MOBI, AZW3 or TXT conversion) by its text context.
///
/// The Locator's `text.before`, `text.highlight` and `text.after` are normalised
/// (``TextNormalization``) and searched for in the target's normalised text: unchanged first, then
/// with edits. The position is the start of the highlight (the junction of before and after when
/// there is none). Progression only breaks ties between equally good places. A match whose
/// confidence is below ``ReanchoringOptions/minimumConfidence`` is refused, never guessed.
public enum Reanchoring {
    /// Re-anchors one Locator in `document`. To re-anchor several in the same document, build an
    /// ``AnchorTarget`` once and call ``AnchorTarget/locate(_:options:)`` on it.
    /// - Throws: ``ReaderError`` of kind `anchorNotFound` (with the best confidence found) when no
    ///   place is good enough, `invalidLocator` when the Locator has no text context (and no
    ///   progression fallback was asked for), or the document's error when it cannot be read.
    public static func locate(_ locator: Locator, in document: any Document, normalization: TextNormalization = .init(),
                              options: ReanchoringOptions = .init()) throws(ReaderError) -> AnchorMatch {
        try AnchorTarget(document: document, normalization: normalization).locate(locator, options: options)
    }
}
