import Foundation

/// A reading position as KOReader's sync server (KOSync, `PUT /syncs/progress`) stores it.
public struct KOSyncProgress: Hashable, Sendable, Codable {
    /// The document key: KOReader's partial MD5 of the file (``KOReaderPartialMD5``).
    public var document: String
    /// Where: the page number for paged documents (PDF), else an XPointer (see
    /// ``Document/kosyncProgress(at:device:deviceID:)`` for how exact it is per format).
    public var progress: String
    /// The progression through the book, floored to four decimals as KOReader sends it.
    public var percentage: Double
    /// The name of the device that read there.
    public var device: String
    /// A stable identifier of that device, when the caller has one.
    public var deviceID: String?

    private enum CodingKeys: String, CodingKey {
        case document, progress, percentage, device
        case deviceID = "device_id"
    }

    /// Creates a progress document.
    public init(document: String, progress: String, percentage: Double, device: String, deviceID: String? = nil) {
        self.document = document
        self.progress = progress
        self.percentage = percentage
        self.device = device
        self.deviceID = deviceID
    }
}

/// Documents that can say where a position is as KOReader's crengine names it.
public protocol XPointerProviding {
    /// crengine's XPointer of a position (`/body/DocFragment[3]/body/p[5]/text()[1].12`).
    /// - Throws: ``ReaderError`` when the position's resource cannot be read.
    func xpointer(at position: TextPosition) throws(ReaderError) -> String
    /// The position crengine's XPointer names (the inverse of ``xpointer(at:)``); nil when the
    /// XPointer names no place in this document.
    /// - Throws: ``ReaderError`` when the resource it names cannot be read.
    func textPosition(forXPointer xpointer: String) throws(ReaderError) -> TextPosition?
}

extension Document {
    /// The KOSync progress of a position. `progress` is the page for PDF; crengine's XPointer
    /// where the backend can make one (EPUB, from the content document's tree); elsewhere an
    /// XPointer-like `/body/DocFragment[section]/body/p[block]/text().offset` path of this
    /// engine's sections and blocks, which KOReader cannot resolve: there `percentage` is what
    /// carries the position across.
    /// - Throws: ``ReaderError`` when the file cannot be read.
    public func kosyncProgress(at position: TextPosition, device: String = "reader",
                               deviceID: String? = nil) throws(ReaderError) -> KOSyncProgress {
        let locator = try locator(at: position)
        let progress: String
        if let page = locator.locations.page {
            progress = String(page)
        } else if let provider = self as? any XPointerProviding {
            progress = try provider.xpointer(at: position)
        } else {
            let blocks = try content(ofSection: position.section).blocks
            let text = blocks.indices.contains(position.block) ? blocks[position.block].text : ""
            let scalars = String(decoding: Array(text.utf16.prefix(position.offset)), as: UTF16.self).unicodeScalars.count
            progress = "/body/DocFragment[\(position.section + 1)]/body/p[\(position.block + 1)]/text().\(scalars)"
        }
        let fraction = min(1, max(0, locator.locations.totalProgression ?? 0))
        return KOSyncProgress(document: try KOReaderPartialMD5.compute(path: path), progress: progress,
                              percentage: (fraction * 10_000).rounded(.down) / 10_000, device: device, deviceID: deviceID)
    }
}
