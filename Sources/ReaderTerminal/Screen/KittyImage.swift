import Foundation
import ReaderImaging

/// A picture drawn with kitty's terminal graphics protocol (also spoken by WezTerm and Ghostty):
/// RGB pixels sent base64-encoded in escape sequences of at most 4,096 payload bytes, shown at
/// the top left of the screen over `columns` × `rows` cells at most, its aspect ratio kept.
public struct KittyImage: Hashable, Sendable {
    /// The escape sequences that send and show the picture (cursor moved to the top left first).
    public let sequence: String
    /// The columns of cells it covers.
    public let columns: Int
    /// The rows of cells it covers.
    public let rows: Int

    /// Deletes every picture shown and frees its data; sent before each frame on such a terminal,
    /// so a picture never outlives the view that showed it.
    public static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
    /// The payload bytes of one escape sequence, as the protocol allows.
    static let chunkSize = 4096

    /// `image` shown within `columns` × `rows` cells of `cellWidth` × `cellHeight` pixels.
    public init(_ image: RGBImage, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
        let cellAspect = Double(max(1, cellHeight)) / Double(max(1, cellWidth))
        // The picture's width over its height, counted in cells.
        let shape = Double(image.width) / Double(image.height) * cellAspect
        let widthBound = shape >= Double(columns) / Double(max(1, rows))
        let shownColumns = widthBound ? columns : max(1, min(columns, Int((Double(rows) * shape).rounded())))
        let shownRows = widthBound ? max(1, min(rows, Int((Double(columns) / shape).rounded()))) : rows
        self.columns = shownColumns
        self.rows = shownRows
        let payload = Data(image.pixels).base64EncodedString()
        var sequence = "\u{1B}[1;1H"
        var start = payload.startIndex
        var first = true
        repeat {
            let end = payload.index(start, offsetBy: Self.chunkSize, limitedBy: payload.endIndex) ?? payload.endIndex
            let more = end < payload.endIndex ? 1 : 0
            // a=T sends and shows; f=24 is RGB; c and r the cells; C=1 leaves the cursor; q=2 asks for no answer.
            let keys = first ? "a=T,f=24,s=\(image.width),v=\(image.height),c=\(shownColumns),r=\(shownRows),C=1,q=2,m=\(more)"
                : "m=\(more)"
            sequence += "\u{1B}_G\(keys);\(payload[start..<end])\u{1B}\\"
            start = end
            first = false
        } while start < payload.endIndex
        self.sequence = sequence
    }

    /// The picture in `bytes` reduced to at most the pixels of the cells it may cover (and never
    /// past 2,000 × 2,000), ready to show.
    /// - Throws: ``ImageError`` when it is not a JPEG, PNG or WebP picture within the limits.
    public static func make(from bytes: [UInt8], columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) throws(ImageError) -> KittyImage {
        let box = ThumbnailBox(width: min(2000, columns * max(1, cellWidth)), height: min(2000, rows * max(1, cellHeight)))
        let image = try Thumbnailer(box: box).fittedImage(of: bytes)
        return KittyImage(image, columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight)
    }
}
