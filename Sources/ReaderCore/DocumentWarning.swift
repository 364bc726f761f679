/// A problem met while reading a document that did not stop it: what kind, how bad, what, where.
public struct DocumentWarning: Hashable, Sendable, Codable {
    /// What kind of problem it is: a stable name callers may compare with.
    public var code: Code
    /// How much it matters to the reader.
    public var severity: Severity
    /// What happened, in one sentence without a trailing period.
    public var message: String
    /// Where it was met, as far as known.
    public var location: Location

    private enum CodingKeys: String, CodingKey {
        case code, severity, message
        case location = "where"
    }

    /// Creates a warning.
    public init(_ code: Code, severity: Severity = .warning, message: String, location: Location = .init()) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// How much a warning matters.
    public enum Severity: String, Hashable, Sendable, Codable {
        /// Worth knowing; nothing is lost (a header field that lies but is not needed).
        case info
        /// Something is off and may show (a wrong mimetype, invalid bytes replaced).
        case warning
        /// An error the reader recovered from by leaving something out or reading around it (a
        /// missing spine file, a broken KF8 part read as MOBI 6).
        case errorRecovered = "error-recovered"
    }

    /// Where a warning was met; every part is optional.
    public struct Location: Hashable, Sendable, Codable {
        /// The index of the section in the reading order.
        public var section: Int?
        /// The resource (a path in the container, a part name).
        public var href: String?
        /// The native page (PDF, 1-based).
        public var page: Int?

        /// Creates a location.
        public init(section: Int? = nil, href: String? = nil, page: Int? = nil) {
            self.section = section
            self.href = href
            self.page = page
        }

        /// True when nothing is known.
        public var isEmpty: Bool { section == nil && href == nil && page == nil }

        /// `section 3, OEBPS/ch03.xhtml, page 12`, the known parts only.
        public var summary: String {
            var parts: [String] = []
            if let section { parts.append("section \(section)") }
            if let href { parts.append(href) }
            if let page { parts.append("page \(page)") }
            return parts.joined(separator: ", ")
        }
    }
}
