/// A backend's content check for its formats, run by ``FormatRegistry`` in priority order.
///
/// A sniffer answers for its own formats only and says nothing (nil) for anything else; the
/// first answer, highest priority first, wins. The standard backends use these priorities:
/// PDF 300 (its signature may follow junk within the first KiB, so it outranks signatures at
/// fixed offsets), EPUB 200 (a zip local header), MOBI/AZW3 100 (a Palm database type), then the
/// text formats: plain text by its `.txt` extension -50, Markdown -100, any other text as plain
/// text -200. A text format recognised by its content (HTML, a feed) fits between 0 and 99.
public protocol FormatSniffing: Sendable {
    /// Higher runs first; ties run in the order the backends were registered.
    var priority: Int { get }
    /// The format of the sample, when it is one of this sniffer's, with what that rests on.
    func sniff(_ sample: SniffSample) -> FormatSniffer.Result?
}
