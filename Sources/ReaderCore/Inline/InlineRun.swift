/// A span of a block's text that carries inline formatting or a reference.
///
/// `range` counts UTF-16 units of ``Block/text``, like ``TextPosition/offset``. Runs may nest and
/// overlap (a link inside emphasis); a run of an image whose alternative text is empty has an
/// empty range at the place of the image. Runs never change the text, so pages and Locators are the
/// same whether a renderer uses them or not.
public struct InlineRun: Hashable, Sendable {
    /// The UTF-16 range of the block's text the run covers.
    public var range: Range<Int>
    /// What the run means.
    public var style: InlineStyle

    /// Creates a run.
    public init(_ style: InlineStyle, range: Range<Int>) {
        self.style = style
        self.range = range
    }
}

/// The meaning of an ``InlineRun``.
public enum InlineStyle: Hashable, Sendable {
    /// Stressed text, usually shown in italics (`em`, `i`, Markdown `*…*`).
    case emphasis
    /// Strong importance, usually shown in bold (`strong`, `b`, Markdown `**…**`).
    case strong
    /// Code or other computer text, usually monospaced (`code`, `kbd`, `samp`, `tt`).
    case code
    /// Struck-through text (`s`, `del`, Markdown `~~…~~`).
    case strikethrough
    /// Raised text (`sup`).
    case superscript
    /// Lowered text (`sub`).
    case `subscript`
    /// Underlined text (`u`, `ins`).
    case underline
    /// A hyperlink to a place inside the document or outside it.
    case link(LinkTarget)
    /// A reference to a footnote or endnote (EPUB `noteref`, Markdown `[^1]`), pointing at the note.
    case noteReference(LinkTarget)
    /// An image shown inline or as a block; the run covers its alternative text.
    case image(ImageReference)
}

extension InlineRun {
    /// Runs listed in the order their elements closed (inner before outer), sorted the way
    /// ``Block/runs`` keeps them: by start, then the longer (outer) first, then the one closed last.
    package static func ordered(closingOrder runs: [InlineRun]) -> [InlineRun] {
        guard runs.count > 1 else { return runs }
        return runs.enumerated().sorted { left, right in
            let l = left.element.range, r = right.element.range
            if l.lowerBound != r.lowerBound { return l.lowerBound < r.lowerBound }
            if l.upperBound != r.upperBound { return l.upperBound > r.upperBound }
            return left.offset > right.offset
        }.map(\.element)
    }
}
