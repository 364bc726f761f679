/// An 8-bit RGB picture in memory: rows top to bottom, three bytes a pixel, no padding.
public struct RGBImage: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width` × `height` × 3 bytes.
    public let pixels: [UInt8]

    /// A picture over `pixels`; nil unless there are exactly `width` × `height` × 3 bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A picture of one colour.
    public init(width: Int, height: Int, filledWith color: (red: UInt8, green: UInt8, blue: UInt8)) {
        self.width = max(1, width)
        self.height = max(1, height)
        var pixels = [UInt8]()
        pixels.reserveCapacity(self.width * self.height * 3)
        for _ in 0..<(self.width * self.height) { pixels += [color.red, color.green, color.blue] }
        self.pixels = pixels
    }

    /// The colour at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }
}
