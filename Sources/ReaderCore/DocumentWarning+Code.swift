extension DocumentWarning {
    /// The kind of a warning: a stable name. Codes are values, not enum cases, so a backend may
    /// add its own without breaking a caller's `switch`.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The stable name (`"missing-resource"`, …).
        public let rawValue: String

        /// A code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The name.
        public var description: String { rawValue }

        /// A problem no more specific code names (and every ``DocumentMetadata/warnings`` string
        /// of a backend that gives no typed warnings).
        public static let general = Code(rawValue: "general")
        /// The container or package is off but readable (a zip entry name, the mimetype entry,
        /// container.xml, the manifest, a record count).
        public static let container = Code(rawValue: "container")
        /// A resource the document names is missing or unreadable, and is left out.
        public static let missingResource = Code(rawValue: "missing-resource")
        /// Metadata that could not be read (front matter, EXTH, the package metadata).
        public static let malformedMetadata = Code(rawValue: "malformed-metadata")
        /// Content markup that had to be repaired or cut (not well-formed XHTML, nesting too deep).
        public static let malformedContent = Code(rawValue: "malformed-content")
        /// Part of the content could not be read at all (a chapter whose data fails its check, a
        /// page that does not load); a notice stands in its place and the rest reads.
        public static let damagedContent = Code(rawValue: "damaged-content")
        /// Bytes not valid in the text's encoding, replaced.
        public static let invalidEncoding = Code(rawValue: "invalid-encoding")
        /// A part was broken and another read instead (a combined MOBI's KF8 part).
        public static let fallback = Code(rawValue: "fallback")
        /// What a library used for reading reported about the file (poppler's complaints).
        public static let library = Code(rawValue: "library")
    }
}
