/// Builds the ``ContentPathIndex`` while the tree is walked: every shown run of character data
/// becomes a ``TextChunk`` (the walker joins consecutive text nodes between the same two elements
/// into one run first), every id an ``ElementAnchor``.
struct SourceTextRecorder {
    private(set) var chunks: [TextChunk] = []
    private(set) var anchors: [String: ElementAnchor] = [:]
    /// The UTF-16 length of the source text so far.
    private(set) var length = 0
    /// The source text itself, when kept.
    private(set) var text: String?

    init(keepsText: Bool) {
        text = keepsText ? "" : nil
    }

    /// Records a shown run of `units` UTF-16 units at `path` (the last step odd).
    mutating func record(_ string: String, units: Int, path: [CFIStep]) {
        chunks.append(TextChunk(path: path, sourceStart: length, length: units))
        length += units
        text?.append(string)
    }

    /// Records an element's id (the first element with an id wins).
    mutating func anchor(_ id: String, path: [CFIStep]) {
        guard anchors[id] == nil else { return }
        anchors[id] = ElementAnchor(path: path, sourceOffset: length)
    }

    /// The finished index.
    var index: ContentPathIndex {
        ContentPathIndex(chunks: chunks, anchors: anchors, sourceLength: length)
    }
}
