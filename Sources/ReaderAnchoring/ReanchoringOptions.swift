/// What a re-anchoring accepts.
public struct ReanchoringOptions: Hashable, Sendable {
    /// The default ``minimumConfidence``.
    public static let defaultMinimumConfidence = 0.5

    /// Matches less confident than this are refused with `anchorNotFound`, in 0...1.
    public var minimumConfidence: Double
    /// Whether a Locator without text context is placed by its progression (with
    /// ``AnchorMatch/progressionConfidence``) instead of being refused.
    public var fallsBackToProgression: Bool

    /// Creates options.
    public init(minimumConfidence: Double = Self.defaultMinimumConfidence, fallsBackToProgression: Bool = false) {
        self.minimumConfidence = minimumConfidence
        self.fallsBackToProgression = fallsBackToProgression
    }
}
