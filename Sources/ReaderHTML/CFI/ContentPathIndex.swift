import ReaderCore

/// One step of a path through a content document, counted the way EPUB CFI counts: the n-th
/// child element has index 2n, and the runs of character data before, between and after child
/// elements have the odd indices 1, 3, 5, … (comments and processing instructions do not count).
public struct CFIStep: Hashable, Sendable {
    /// The step index: even for an element, odd for character data.
    public var index: Int
    /// The element's `id`, when it has one (written as an id assertion, `/4[chap1]`).
    public var id: String?

    /// Creates a step.
    public init(index: Int, id: String? = nil) {
        self.index = index
        self.id = id
    }
}

/// A run of character data between two elements (one odd CFI step), and where it sits in the
/// section's source text.
///
/// The source text of a content document is the concatenation, in document order, of every run
/// of character data that can be shown (text inside `<script>`, `<style>`, `<head>` and hidden
/// elements is left out). Source offsets are UTF-16 offsets into it; block source maps point into
/// it, and so does the `offset` of an EPUB Locator.
public struct TextChunk: Hashable, Sendable {
    /// The path from the root element (`<html>`, not included) to the run; the last step is odd.
    /// A run inside `<body>`'s first `<p>` has the path `/4/2/1`.
    public var path: [CFIStep]
    /// UTF-16 offset of the run's first character in the source text.
    public var sourceStart: Int
    /// UTF-16 length of the run (entity references and CDATA already resolved).
    public var length: Int

    /// Creates a chunk.
    public init(path: [CFIStep], sourceStart: Int, length: Int) {
        self.path = path
        self.sourceStart = sourceStart
        self.length = length
    }

    /// The end of the run in the source text.
    public var sourceEnd: Int { sourceStart + length }
}

/// Where an element with an `id` sits: its CFI path and the source offset of the first text at
/// or after its start.
public struct ElementAnchor: Hashable, Sendable {
    /// The path from the root element to the element; the last step is even.
    public var path: [CFIStep]
    /// The source offset of the first character at or after the element's start.
    public var sourceOffset: Int

    /// Creates an anchor.
    public init(path: [CFIStep], sourceOffset: Int) {
        self.path = path
        self.sourceOffset = sourceOffset
    }
}

/// The bridge between a content document's tree positions (CFI paths) and its source offsets.
public struct ContentPathIndex: Hashable, Sendable {
    /// Every shown run of character data, in document order (which is also source order).
    public var chunks: [TextChunk]
    /// Elements with an `id`, by id (the first element wins when an id repeats).
    public var anchors: [String: ElementAnchor]
    /// The UTF-16 length of the source text.
    public var sourceLength: Int

    /// Creates an index.
    public init(chunks: [TextChunk] = [], anchors: [String: ElementAnchor] = [:], sourceLength: Int = 0) {
        self.chunks = chunks
        self.anchors = anchors
        self.sourceLength = sourceLength
    }
}
