/// Documents whose text is a run of UTF-8 bytes that can be read in place (a plain-text file), so
/// that a search can scan the bytes instead of building every section's blocks.
///
/// The bytes stand for the blocks this way: section `i`'s blocks are made of the bytes of
/// ``UTF8Text/sectionRanges```[i]`, cut into lines, each line's leading and trailing whitespace
/// dropped, the lines of a block joined by whitespace, or by nothing between two characters of a
/// script written without spaces (Han, kana, Hangul, fullwidth forms), and blank lines ending
/// blocks. So outside that last case the blocks hold the bytes' characters in the bytes' order,
/// with whitespace wherever the bytes have whitespace.
public protocol UTF8TextProviding {
    /// The document's text as bytes, held in memory for as long as the returned value lives (apart
    /// from the document, so closing it meanwhile takes nothing away), or nil when the text is not
    /// stored as UTF-8. The bytes may hold sequences that are not well-formed UTF-8, which the
    /// document repairs when it builds blocks: a reader must check them.
    func heldUTF8Text() throws(ReaderError) -> HeldUTF8Text?

    /// The chapter headings section `index` holds, in order, read from its bytes in `text` (which
    /// ``withUTF8Text(_:)`` gave) without building its blocks: the titles its Locators carry. The
    /// section's bytes must be well-formed UTF-8. Safe to call from several threads at once.
    func headings(inSection index: Int, of text: UTF8Text) throws(ReaderError) -> [UTF8Heading]

    /// The positions of the characters that start at bytes `offsets` of ``UTF8Text/bytes``, in
    /// increasing order, all in section `index`, whose bytes must be well-formed UTF-8 up to the
    /// last of them (this builds its blocks).
    func textPositions(atBytes offsets: [Int], inSection index: Int) throws(ReaderError) -> [TextPosition]
}

extension UTF8TextProviding {
    /// Calls `body` with the document's text as bytes (see ``heldUTF8Text()``), valid only during
    /// the call, or returns nil without calling it when the text is not stored as UTF-8.
    public func withUTF8Text<Result>(_ body: (UTF8Text) throws(ReaderError) -> Result) throws(ReaderError) -> Result? {
        guard let held = try heldUTF8Text() else { return nil }
        return try withExtendedLifetime(held) { () throws(ReaderError) -> Result in try body(held.text) }
    }

    /// The chapter headings section `index` holds (see ``headings(inSection:of:)``), its bytes
    /// read for the call; none when the text is not stored as UTF-8.
    public func headings(inSection index: Int) throws(ReaderError) -> [UTF8Heading] {
        try withUTF8Text { text throws(ReaderError) in try headings(inSection: index, of: text) } ?? []
    }
}

/// A chapter heading found in a document's UTF-8 bytes (see ``UTF8TextProviding/headings(inSection:of:)``).
public struct UTF8Heading: Hashable, Sendable {
    /// Where the heading's line begins, as an offset in ``UTF8Text/bytes``: a position at or after
    /// it, up to the next heading, falls under this heading.
    public var offset: Int
    /// The heading's text on one line, as Locators carry it in their title.
    public var title: String

    /// Creates a heading.
    public init(offset: Int, title: String) {
        self.offset = offset
        self.title = title
    }
}

/// A document's text as UTF-8 bytes read in place (see ``UTF8TextProviding``).
public struct UTF8Text {
    /// The bytes of the text.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The range of ``bytes`` each section is made from, in reading order, each starting where the
    /// one before ends.
    public let sectionRanges: [Range<Int>]
    private let releasing: (Range<Int>) -> Void
    private let loading: (Range<Int>) -> Void

    /// Creates the view; the ranges must be in order, adjacent and within `bytes`. `release` is
    /// told of bytes that will not be read again (a memory map can give their pages back), `load`
    /// of bytes about to be read through (a memory map can map their pages in one go).
    public init(bytes: UnsafeBufferPointer<UInt8>, sectionRanges: [Range<Int>],
                release: @escaping (Range<Int>) -> Void = { _ in }, load: @escaping (Range<Int>) -> Void = { _ in }) {
        self.bytes = bytes
        self.sectionRanges = sectionRanges
        releasing = release
        loading = load
    }

    /// Says that the bytes of `range` are about to be read through: cheaper than faulting their
    /// pages in one by one.
    public func load(_ range: Range<Int>) {
        loading(range)
    }

    /// Says that the bytes of `range` will not be read again, so a long scan keeps little resident.
    public func release(_ range: Range<Int>) {
        releasing(range)
    }
}

/// A document's text as UTF-8 bytes (``UTF8Text``) kept readable until this value is released:
/// for work that reads the bytes over many calls, such as a search asked for one section at a
/// time, so the file is not mapped again for each call.
public final class HeldUTF8Text: @unchecked Sendable {
    // @unchecked: the bytes are only read, and stay valid while `owner` lives; `text.release`
    // only lets pages go, which come back from the file when read again.
    /// The bytes and the sections' ranges in them.
    public let text: UTF8Text
    private let owner: AnyObject

    /// Holds `text`, whose bytes stay valid while `owner` lives.
    public init(_ text: UTF8Text, keepingAlive owner: AnyObject) {
        self.text = text
        self.owner = owner
    }
}
