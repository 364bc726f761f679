/// How a positions list counts: viewport-independent positions, numbered from 1 across the
/// reading order, that reading apps show and sync.
public enum PositionCounting: String, Hashable, Sendable, CaseIterable, Codable {
    /// This engine's default, and what its Locators' `position` carries: 1024-unit chunks of each
    /// resource's decoded content (an EPUB content document's inflated bytes, a MOBI part's
    /// decompressed markup, the UTF-16 units of a text file's decoded text), one position per
    /// PDF page or fixed-layout resource. Re-zipping or re-compressing a book does not move it.
    case content
    /// Readium's positions list: an EPUB reflowable resource counts
    /// `max(1, ceil(storedLength / 1024))` with `storedLength` its compressed zip entry size, a
    /// fixed-layout resource one, and only linear spine items count; a PDF counts one per page.
    /// Readium defines no positions for the other formats; for them this is ``content``.
    case readium
}

/// One resource of a positions list and the positions it holds.
public struct PositionedResource: Hashable, Sendable {
    /// The resource, as in Locator `href`.
    public var href: String
    /// Its media type.
    public var mediaType: String
    /// Its title, when the format names it.
    public var title: String?
    /// How many positions it holds (at least one).
    public var positionCount: Int
    /// True when each position is a page of the resource and carries a `page=N` fragment (PDF).
    public var isPaged: Bool
    /// True when the resource's Locator `offset` counts the units positions are made of (the
    /// UTF-16 offset of TXT and Markdown): each position then carries its exact start offset.
    public var hasUnitOffsets: Bool

    /// Creates a positioned resource; the count is raised to one if it is less.
    public init(href: String, mediaType: String, title: String? = nil, positionCount: Int, isPaged: Bool = false,
                hasUnitOffsets: Bool = false) {
        self.href = href
        self.mediaType = mediaType
        self.title = title
        self.positionCount = max(1, positionCount)
        self.isPaged = isPaged
        self.hasUnitOffsets = hasUnitOffsets
    }

    /// The positions of a resource of `length` units: `max(1, ceil(length / 1024))`.
    public static func count(ofLength length: Int) -> Int {
        max(1, (length + ResourcePositions.bytesPerPosition - 1) / ResourcePositions.bytesPerPosition)
    }
}

extension Document {
    /// The positions list, one Locator per position in reading order, shaped as Readium's:
    /// `href`, `type`, `title`, and `locations` with `position`, `progression` (the position's
    /// start within its resource), `totalProgression` (`(position - 1) / total`), for PDF pages
    /// a `page=N` fragment, and for TXT and Markdown the start's exact `offset`.
    /// - Throws: ``ReaderError`` when the document cannot be read far enough to count.
    public func positionList(counting: PositionCounting = .content) throws(ReaderError) -> [Locator] {
        let resources = try positionedResources(counting: counting)
        let total = resources.reduce(0) { $0 + $1.positionCount }
        var list: [Locator] = []
        list.reserveCapacity(total)
        for resource in resources {
            for index in 0..<resource.positionCount {
                let position = list.count + 1
                let locations = Locator.Locations(
                    fragments: resource.isPaged ? ["page=\(index + 1)"] : nil,
                    progression: Double(index) / Double(resource.positionCount),
                    totalProgression: Double(position - 1) / Double(total), position: position,
                    offset: resource.hasUnitOffsets ? index * ResourcePositions.bytesPerPosition : nil)
                list.append(Locator(href: resource.href, type: resource.mediaType, title: resource.title, locations: locations))
            }
        }
        return list
    }
}
