import ReaderCore

/// Where a Locator made on one edition of a book lands in another, and how sure that is.
public struct AnchorMatch: Hashable, Sendable {
    /// How a match was found.
    public enum Method: String, Hashable, Sendable, Codable {
        /// The whole normalised context occurs unchanged.
        case exactContext
        /// The context was aligned with edits (a corrected edition, a lossy conversion).
        case fuzzyContext
        /// The Locator had no context; its progression was used (only when asked for).
        case progression
    }

    /// The confidence of a match placed by progression alone.
    public static let progressionConfidence = 0.1

    /// The position in the target document.
    public var position: TextPosition
    /// The target document's own Locator of ``position``.
    public var locator: Locator
    /// How far to trust the match, 0...1: how closely the context matched, how long it was, and
    /// whether another place matched about as well (an ambiguity progression had to settle).
    public var confidence: Double
    /// How the match was found.
    public var method: Method
    /// Edits between the normalised context and the text at the match (nil for ``Method/progression``).
    public var editDistance: Int?
    /// Normalised units of context compared (0 for ``Method/progression``).
    public var contextLength: Int
    /// How many places matched as well as this one, itself included; more than 1 means the
    /// Locator's progression chose among them.
    public var equallyGoodPlaces: Int

    /// Creates a match.
    public init(position: TextPosition, locator: Locator, confidence: Double, method: Method, editDistance: Int?,
                contextLength: Int, equallyGoodPlaces: Int) {
        self.position = position
        self.locator = locator
        self.confidence = confidence
        self.method = method
        self.editDistance = editDistance
        self.contextLength = contextLength
        self.equallyGoodPlaces = equallyGoodPlaces
    }
}
