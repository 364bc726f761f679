/// An author, contributor or publisher, in whichever of its forms the feed gave
/// (`name (email)`, `email (name)`, an Atom person construct, a JSON Feed author).
public struct FeedPerson: Hashable, Sendable, Codable {
    /// The name, when given.
    public var name: String?
    /// The e-mail address, when given.
    public var email: String?
    /// A web address (Atom `uri`/`url`, JSON Feed `url`).
    public var uri: String?
    /// An avatar image (JSON Feed `avatar`).
    public var avatar: String?

    /// Creates a person.
    public init(name: String? = nil, email: String? = nil, uri: String? = nil, avatar: String? = nil) {
        self.name = name
        self.email = email
        self.uri = uri
        self.avatar = avatar
    }

    /// `name (email)`, the name, or the e-mail address: how feedparser writes an author.
    public var displayName: String? {
        switch (name, email) {
        case let (name?, email?): "\(name) (\(email))"
        case let (name?, nil): name
        case let (nil, email?): email
        default: nil
        }
    }
}
