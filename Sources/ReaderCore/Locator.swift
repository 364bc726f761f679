/// A serialisable position in a document, JSON-compatible with the Readium Locator model.
///
/// Unknown keys met while decoding are kept (``otherKeys``, ``Locations/otherLocations``,
/// ``TextContext/otherKeys``) and written back, so a Locator made by another reader survives a
/// round trip through this one. See `Locator+JSON.swift` for the legacy forms that are read.
public struct Locator: Hashable, Sendable, Codable {
    /// The resource the position is in (the file name for single-resource formats).
    public var href: String
    /// The media type of that resource.
    public var type: String
    /// The title of the enclosing section or chapter, when known.
    public var title: String?
    /// Where in the resource.
    public var locations: Locations
    /// Text around the position, for re-finding it after the document changes.
    public var text: TextContext?
    /// Top-level keys this engine does not know, kept verbatim.
    public var otherKeys: [String: JSONValue]

    /// Creates a Locator.
    public init(href: String, type: String, title: String? = nil, locations: Locations = .init(), text: TextContext? = nil,
                otherKeys: [String: JSONValue] = [:]) {
        self.href = href
        self.type = type
        self.title = title
        self.locations = locations
        self.text = text
        self.otherKeys = otherKeys
    }

    /// The position inside the resource, in several complementary forms.
    public struct Locations: Hashable, Sendable, Codable {
        /// Fragment identifiers (element ids, `page=`, …).
        public var fragments: [String]?
        /// Progression within the resource, 0...1.
        public var progression: Double?
        /// Progression within the whole publication, 0...1.
        public var totalProgression: Double?
        /// Viewport-independent 1-based position (fixed-size chunks of the text).
        public var position: Int?
        /// Native offset, whose unit depends on the format: a UTF-16 offset in the decoded source
        /// text for TXT, Markdown, EPUB and KF8 (AZW3) (for EPUB and KF8, the resource's character
        /// data in document order), the `filepos` byte offset in the decoded text stream for
        /// MOBI 6, and a UTF-16 offset in the page's text for PDF (the page ``page`` names).
        public var offset: Int?
        /// Native 1-based page (PDF).
        public var page: Int?
        /// The page's label where the document gives pages labels of their own (a PDF's roman
        /// front matter `iv`, an appendix's `A-1`); nil where the label is the page number.
        public var pageLabel: String?
        /// EPUB Canonical Fragment Identifier, spine step included (`/6/4!/4/2/1:10`).
        public var cfi: String?
        /// Readium's CFI inside the resource, without the spine step (`/4/2/1:10`).
        public var partialCFI: String?
        /// Readium's CSS selector of the element the position is in (`#p7`, `body > p:nth-child(3)`).
        public var cssSelector: String?
        /// The ``DocumentFingerprint`` of the document the Locator was made in, so it is not
        /// applied to another by accident.
        public var fingerprint: String?
        /// Keys this engine does not know, kept verbatim.
        public var otherLocations: [String: JSONValue]

        /// Creates locations.
        public init(fragments: [String]? = nil, progression: Double? = nil, totalProgression: Double? = nil,
                    position: Int? = nil, offset: Int? = nil, page: Int? = nil, cfi: String? = nil,
                    partialCFI: String? = nil, cssSelector: String? = nil, fingerprint: String? = nil,
                    pageLabel: String? = nil, otherLocations: [String: JSONValue] = [:]) {
            self.fragments = fragments
            self.progression = progression
            self.totalProgression = totalProgression
            self.position = position
            self.offset = offset
            self.page = page
            self.cfi = cfi
            self.partialCFI = partialCFI
            self.cssSelector = cssSelector
            self.fingerprint = fingerprint
            self.pageLabel = pageLabel
            self.otherLocations = otherLocations
        }
    }

    /// Text before, at and after the position.
    public struct TextContext: Hashable, Sendable, Codable {
        /// Text just before the position.
        public var before: String?
        /// The text at the position (a selection, or the start of the line).
        public var highlight: String?
        /// Text just after the position.
        public var after: String?
        /// Keys this engine does not know, kept verbatim.
        public var otherKeys: [String: JSONValue]

        /// Creates a text context.
        public init(before: String? = nil, highlight: String? = nil, after: String? = nil,
                    otherKeys: [String: JSONValue] = [:]) {
            self.before = before
            self.highlight = highlight
            self.after = after
            self.otherKeys = otherKeys
        }
    }
}
