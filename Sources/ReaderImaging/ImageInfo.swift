/// What a picture's header says: its format and size in pixels.
public struct ImageInfo: Hashable, Sendable {
    /// The picture's format.
    public var format: ImageFormat
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// A picture of `format`, `width` × `height`.
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}
