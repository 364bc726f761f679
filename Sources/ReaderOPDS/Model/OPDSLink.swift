import Foundation

/// A link of an OPDS page or publication, with the OPDS properties it may carry.
public struct OPDSLink: Hashable, Sendable, Codable {
    /// The target, resolved against the page's address when that is known (server-relative
    /// hrefs are the rule, not the exception).
    public var href: String
    /// The relations (several in OPDS 2).
    public var rels: [String]
    /// The media type, when given.
    public var type: String?
    /// The title, when given.
    public var title: String?
    /// Whether `href` is a URI template (OPDS 2 `templated`, or `{…}` in an OPDS 1 search link).
    public var isTemplated: Bool
    /// Media types reached through this link before the file itself (`opds:indirectAcquisition`,
    /// outermost first: an ACSM that leads to an EPUB).
    public var indirectAcquisition: [OPDSIndirectAcquisition]
    /// The price, when the acquisition costs something.
    public var price: OPDSPrice?

    /// Creates a link.
    public init(href: String, rels: [String] = [], type: String? = nil, title: String? = nil, isTemplated: Bool = false,
                indirectAcquisition: [OPDSIndirectAcquisition] = [], price: OPDSPrice? = nil) {
        self.href = href
        self.rels = rels
        self.type = type
        self.title = title
        self.isTemplated = isTemplated
        self.indirectAcquisition = indirectAcquisition
        self.price = price
    }

    /// Whether the link has a relation.
    public func has(rel: String) -> Bool { rels.contains(rel) }

    /// The media type without parameters, lower case.
    public var baseType: String? {
        type.map { $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? $0 }
    }
}

/// A step of an indirect acquisition: a media type, and what it leads to in turn.
public struct OPDSIndirectAcquisition: Hashable, Sendable, Codable {
    /// The media type of this step.
    public var type: String
    /// What this step leads to.
    public var children: [OPDSIndirectAcquisition]

    /// Creates a step.
    public init(type: String, children: [OPDSIndirectAcquisition] = []) {
        self.type = type
        self.children = children
    }
}

/// A price.
public struct OPDSPrice: Hashable, Sendable, Codable {
    /// The amount as written.
    public var value: String
    /// The ISO 4217 currency code, when given.
    public var currency: String?

    /// Creates a price.
    public init(value: String, currency: String?) {
        self.value = value
        self.currency = currency
    }
}
