/// The box a thumbnail must fit in; a picture is reduced to fit it, keeping its aspect ratio, and
/// never enlarged.
public struct ThumbnailBox: Hashable, Sendable {
    /// The widest a thumbnail may be, in pixels.
    public var width: Int
    /// The tallest a thumbnail may be, in pixels.
    public var height: Int

    /// A box of `width` × `height` pixels (at least 1 × 1).
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// 200 × 300: a cover's shape at the size catalogs show in a grid.
    public static let standard = ThumbnailBox(width: 200, height: 300)

    /// Whether a picture of `width` × `height` already fits.
    public func contains(width: Int, height: Int) -> Bool {
        width <= self.width && height <= self.height
    }

    /// The size a `width` × `height` picture is reduced to: the largest that fits with the same
    /// aspect ratio (each side rounded, at least 1), or the picture's own size when it fits already.
    public func fittedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard !contains(width: width, height: height) else { return (width, height) }
        let scale = min(Double(self.width) / Double(width), Double(self.height) / Double(height))
        return (min(self.width, max(1, Int((Double(width) * scale).rounded()))),
                min(self.height, max(1, Int((Double(height) * scale).rounded()))))
    }
}
