/// Bibliographic metadata, as much as the format gives.
public struct DocumentMetadata: Hashable, Sendable, Codable {
    /// The title (for formats without one: the first heading or the file name).
    public var title: String?
    /// Authors, in the order given.
    public var authors: [String]
    /// BCP 47 language tag.
    public var language: String?
    /// Identifiers (ISBN, UUID, URL, …).
    public var identifiers: [String]
    /// The publisher.
    public var publisher: String?
    /// The publication date as written in the source.
    public var date: String?
    /// A description, summary or excerpt.
    public var description: String?
    /// Subjects or tags.
    public var subjects: [String]
    /// Everyone credited, authors included, with their roles, as the format lists them.
    public var contributors: [Contributor]
    /// The series the book belongs to, when the format says.
    public var series: Series?
    /// Other named fields the format carries (Markdown front matter `url`, `enclosure_url`, …).
    public var fields: [String: String]
    /// Problems met while reading metadata that did not stop the document from opening.
    public var warnings: [String]

    /// Creates metadata.
    public init(title: String? = nil, authors: [String] = [], language: String? = nil, identifiers: [String] = [],
                publisher: String? = nil, date: String? = nil, description: String? = nil,
                subjects: [String] = [], contributors: [Contributor] = [], series: Series? = nil,
                fields: [String: String] = [:], warnings: [String] = []) {
        self.title = title
        self.authors = authors
        self.language = language
        self.identifiers = identifiers
        self.publisher = publisher
        self.date = date
        self.description = description
        self.subjects = subjects
        self.contributors = contributors
        self.series = series
        self.fields = fields
        self.warnings = warnings
    }
}

/// A person or body credited for a work.
public struct Contributor: Hashable, Sendable, Codable {
    /// The name as displayed.
    public var name: String
    /// MARC relator codes (`aut`, `ill`, `edt`, `trl`, …); empty when the format gives none.
    public var roles: [String]
    /// The name in sorting form ("Melville, Herman"), when given.
    public var fileAs: String?

    /// Creates a contributor.
    public init(name: String, roles: [String] = [], fileAs: String? = nil) {
        self.name = name
        self.roles = roles
        self.fileAs = fileAs
    }
}

/// A series (or other collection) a book belongs to, and its place in it.
public struct Series: Hashable, Sendable, Codable {
    /// The series name.
    public var name: String
    /// The position as written ("2", "1.5"), when given.
    public var position: String?

    /// Creates a series.
    public init(name: String, position: String? = nil) {
        self.name = name
        self.position = position
    }
}

/// An entry of a table of contents, pointing at a Locator, with nested entries.
public struct TOCEntry: Hashable, Sendable, Codable {
    /// The entry's title as shown.
    public var title: String
    /// Where the entry points.
    public var locator: Locator
    /// Nested entries.
    public var children: [TOCEntry]

    /// Creates an entry.
    public init(title: String, locator: Locator, children: [TOCEntry] = []) {
        self.title = title
        self.locator = locator
        self.children = children
    }

    /// The number of entries in this subtree, this one included.
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
}
