import Foundation
import Synchronization

/// What the viewer's API answers from, as of one look at the folder: the listing's JSON (made
/// once per change), the entries by file name, and when the folder last changed.
final class ViewerSnapshot: Sendable {
    /// One listed file and its entry.
    struct Item: Sendable {
        var file: ScannedFile
        var entry: ViewerFile
        var hasCover: Bool
    }

    /// The files as found, sorted by relative path (compared with the next scan's).
    let files: [ScannedFile]
    /// Every entry, keyed by relative path.
    let items: [String: Item]
    /// The first item of each file name (names are looked up without their folder).
    let itemsByName: [String: Item]
    /// The entries in listing order: newest first by `bookmarked`, else `mtime`.
    let ordered: [Item]
    /// `GET /api/files`.
    let listing: Data
    /// Milliseconds since the epoch of the last change seen; only ever grows.
    let changedAt: Int64
    private let summariesListing = Mutex<Data?>(nil)

    init(files: [ScannedFile], items: [String: Item], changedAt: Int64) {
        self.files = files
        self.items = items
        var byName: [String: Item] = [:]
        for file in files { if byName[file.name] == nil, let item = items[file.relativePath] { byName[file.name] = item } }
        itemsByName = byName
        ordered = items.values.map { (time: Self.sortTime($0), item: $0) }.sorted(by: Self.listedBefore).map(\.item)
        listing = Self.encode(ordered.map { item in
            var entry = item.entry
            entry.summary = nil
            return entry
        })
        self.changedAt = changedAt
    }

    /// `GET /api/files?summaries=1`: each entry with `summary` (empty when there is none).
    var listingWithSummaries: Data {
        summariesListing.withLock { cached in
            if let cached { return cached }
            let data = Self.encode(ordered.map { item in
                var entry = item.entry
                entry.summary = entry.summary ?? ""
                return entry
            })
            cached = data
            return data
        }
    }

    /// Newest first; then by file name and path. Each item's time is parsed once, before the sort.
    private static func listedBefore(_ left: (time: Double, item: Item), _ right: (time: Double, item: Item)) -> Bool {
        if left.time != right.time { return left.time > right.time }
        if left.item.entry.filename != right.item.entry.filename { return left.item.entry.filename < right.item.entry.filename }
        return left.item.file.relativePath < right.item.file.relativePath
    }

    private static func sortTime(_ item: Item) -> Double {
        ViewerDate.parse(item.entry.bookmarked) ?? Double(item.file.modifiedNanoseconds) / 1e9
    }

    private static func encode(_ entries: [ViewerFile]) -> Data {
        Data(ViewerFile.json(entries))
    }
}
