import Foundation
import ReaderCore

/// A ``CountingDocument`` over a text document whose bytes can be read in place, keeping that
/// ability; building a section's blocks to place matches counts as reading it.
final class InPlaceDocument: CountingDocument, UTF8TextProviding, @unchecked Sendable {
    private let text: any UTF8TextProviding

    init(_ base: any Document & UTF8TextProviding) {
        text = base
        super.init(base)
    }

    func heldUTF8Text() throws(ReaderError) -> HeldUTF8Text? {
        try text.heldUTF8Text()
    }

    func headings(inSection index: Int, of bytes: UTF8Text) throws(ReaderError) -> [UTF8Heading] {
        try text.headings(inSection: index, of: bytes)
    }

    /// Builds the section's blocks, so it counts as read.
    func textPositions(atBytes offsets: [Int], inSection index: Int) throws(ReaderError) -> [TextPosition] {
        recordRead(index)
        return try text.textPositions(atBytes: offsets, inSection: index)
    }
}
