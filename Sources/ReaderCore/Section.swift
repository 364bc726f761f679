/// One resource of the reading order: an EPUB spine item, a PDF page, a chunk of a text file.
public struct Section: Hashable, Sendable, Codable {
    /// 0-based index in the reading order.
    public var index: Int
    /// The resource the section lives in, as used in Locator `href`.
    public var href: String
    /// The media type of the resource.
    public var mediaType: String
    /// A title, when the format gives one.
    public var title: String?
    /// False for resources outside the main reading order (EPUB `linear="no"`).
    public var isLinear: Bool
    /// True when the section begins on a new page (an EPUB spine item); false when it continues
    /// the page of the one before (the chunks of a text file).
    public var startsNewPage: Bool
    /// How many bytes of source the section holds, when known without reading it (the inflated
    /// size of an EPUB content document); page counts are estimated from it.
    public var byteCount: Int?

    /// Creates a section.
    public init(index: Int, href: String, mediaType: String, title: String? = nil, isLinear: Bool = true,
                startsNewPage: Bool = false, byteCount: Int? = nil) {
        self.index = index
        self.href = href
        self.mediaType = mediaType
        self.title = title
        self.isLinear = isLinear
        self.startsNewPage = startsNewPage
        self.byteCount = byteCount
    }
}

/// The content of one section, as blocks.
public struct SectionContent: Hashable, Sendable {
    /// The blocks in reading order.
    public var blocks: [Block]

    /// Creates section content.
    public init(blocks: [Block]) {
        self.blocks = blocks
    }
}

/// A position in the reflowable text: a section, a block in it, and a UTF-16 offset in the block text.
public struct TextPosition: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// 0-based section index.
    public var section: Int
    /// 0-based block index within the section.
    public var block: Int
    /// UTF-16 offset in the block's text.
    public var offset: Int

    /// Creates a position.
    public init(section: Int, block: Int, offset: Int) {
        self.section = section
        self.block = block
        self.offset = offset
    }

    /// The very start of a document.
    public static let start = TextPosition(section: 0, block: 0, offset: 0)

    /// Orders positions in reading order.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.section, lhs.block, lhs.offset) < (rhs.section, rhs.block, rhs.offset)
    }

    /// `section:block:offset`.
    public var description: String { "\(section):\(block):\(offset)" }
}
