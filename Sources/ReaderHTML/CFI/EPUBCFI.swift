/// An EPUB Canonical Fragment Identifier (EPUB CFI 1.1): a location, or a simple range, inside an
/// EPUB publication, such as `epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)`.
///
/// The value models the whole grammar: steps with assertions (`/4[body01]`), any number of
/// indirections (`!`), a terminal character offset (`:10`) with a text location assertion and
/// parameters (`[yyy;s=b]`), spatial (`@x:y`) and temporal (`~t`) offsets, and ranges
/// (`epubcfi(P,S,E)`). ``description`` prints the canonical form, and parsing it gives back an
/// equal value.
///
/// Equality compares everything, assertions included. Document order (the specification's
/// sorting rules, which ignore assertions) is ``compareDocumentOrder(_:)``; `<` follows document
/// order and breaks ties between distinct CFIs at the same location by their text, so sorting is
/// total and consistent with `==`.
public struct EPUBCFI: Hashable, Sendable, CustomStringConvertible {
    /// The location, or for a range the parent path common to both ends.
    public var path: Path
    /// For a range, the start and end subpaths, relative to ``path``; nil for a single location.
    public var range: RangeSubpaths?

    /// The start and end subpaths of a range, each continuing the parent path.
    public struct RangeSubpaths: Hashable, Sendable {
        /// The subpath to the start of the range (may be empty).
        public var start: Path
        /// The subpath to the end of the range.
        public var end: Path

        /// Creates the subpaths of a range.
        public init(start: Path, end: Path) {
            self.start = start
            self.end = end
        }
    }

    /// Creates a CFI for one location.
    public init(path: Path) {
        self.path = path
        self.range = nil
    }

    /// Creates a range CFI from a parent path and the start and end subpaths that continue it.
    public init(parent: Path, start: Path, end: Path) {
        self.path = parent
        self.range = RangeSubpaths(start: start, end: end)
    }

    /// Parses a CFI: the wrapped form `epubcfi(…)`, or the bare inner form (`/4/2/1:3`) that
    /// Readium's `partialCfi` and the Locator's `cfi` key use. White space around it is ignored.
    ///
    /// The parser works in one pass with caps (``maximumLength`` bytes, ``maximumStepCount``
    /// steps, ``maximumInteger``), so hostile input fails fast instead of hanging.
    /// - Throws: ``CFIParseError`` with the kind of problem and its UTF-8 offset in `text`.
    public init(parsing text: String) throws(CFIParseError) {
        self = try CFIParser.parse(text)
    }

    /// Parses a CFI taken from a URI or IRI fragment: an optional leading `#`, then the CFI with
    /// percent-encoding (`%20`, `%5B`, `%D0%A4`), which is decoded before parsing.
    /// - Throws: ``CFIParseError``; positions are offsets into the decoded string.
    public init(uriFragment: String) throws(CFIParseError) {
        var text = Substring(uriFragment)
        if text.first == "#" { text = text.dropFirst() }
        self = try CFIParser.parse(try CFIParser.percentDecoded(String(text)))
    }

    /// Whether the CFI is a range.
    public var isRange: Bool { range != nil }

    /// The path to the location, or to the start of a range (parent path + start subpath).
    public var start: Path {
        guard let range else { return path }
        return path.appending(range.start)
    }

    /// The path to the location, or to the end of a range (parent path + end subpath).
    public var end: Path {
        guard let range else { return path }
        return path.appending(range.end)
    }

    /// The canonical text, `epubcfi(…)`.
    public var description: String {
        "epubcfi(" + innerDescription + ")"
    }

    /// The canonical text without the `epubcfi(…)` wrapper.
    public var innerDescription: String {
        var text = path.description
        if let range {
            text += "," + range.start.description + "," + range.end.description
        }
        return text
    }

    /// The longest text ``init(parsing:)`` accepts, in UTF-8 bytes.
    public static let maximumLength = 65_536
    /// The most steps (and assertion parameters) one CFI may have.
    public static let maximumStepCount = 1_024
    /// The largest step index or character offset (2³¹ − 1).
    public static let maximumInteger = Int(Int32.max)
}
