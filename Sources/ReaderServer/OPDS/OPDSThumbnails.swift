import Dispatch
import ReaderCore
import ReaderImaging
import Synchronization

/// The books' thumbnails: each cover reduced to fit 200 × 300 and written as JPEG
/// (``Thumbnailer``), made once per book and kept, so a catalog page asking for its fifty
/// thumbnails decodes each cover once. A cover that cannot be decoded is its own thumbnail.
/// Bounded by count and bytes; the oldest entry goes first. At most two covers are decoded at once
/// (a 40-megapixel PNG takes 160 MB), so a burst of requests for large covers stays near 320 MB.
final class OPDSThumbnails: Sendable {
    /// What a book's thumbnail is.
    enum Outcome: Sendable {
        /// A JPEG made from the cover (or the cover itself, when it is a JPEG that fits already).
        case made(Thumbnail)
        /// The cover could not be decoded: it is served as it is.
        case coverItself
    }

    /// The thumbnails' size and quality; covers over the cover cache's byte limit are not read anyway.
    static let thumbnailer = Thumbnailer(limits: ImageLimits(maxInputBytes: OPDSCoverCache.maxCoverBytes))

    private let capacity: Int
    private let byteLimit: Int
    private let entries = Mutex<[(id: String, outcome: Outcome)]>([])
    private let decoding = DispatchSemaphore(value: 2)

    /// A cache of at most `capacity` thumbnails and `byteLimit` bytes of them.
    init(capacity: Int = 256, byteLimit: Int = 16 << 20) {
        self.capacity = capacity
        self.byteLimit = byteLimit
    }

    /// The picture to serve as the thumbnail of the book whose cover is `cover`: the JPEG
    /// thumbnail, or the cover itself when it cannot be decoded.
    func picture(for id: String, cover: CoverImage) -> CoverImage {
        switch outcome(for: id, cover: cover) {
        case .made(let thumbnail): CoverImage(mediaType: ImageFormat.jpeg.mediaType, data: thumbnail.jpeg, source: cover.source)
        case .coverItself: cover
        }
    }

    /// The media type the thumbnail of a book with `cover` has, for the feeds: the one served when
    /// it was made already; else JPEG when the cover's header reads as a picture within the limits
    /// (only a cover damaged past its header is then served as itself instead), without decoding.
    func mediaType(for id: String, cover: CoverImage) -> String {
        if let known = entries.withLock({ entries in entries.first { $0.id == id }?.outcome }) {
            if case .made = known { return ImageFormat.jpeg.mediaType }
            return cover.mediaType
        }
        return (try? ImageProbe.info(of: cover.data, limits: Self.thumbnailer.limits)) != nil ? ImageFormat.jpeg.mediaType : cover.mediaType
    }

    private func outcome(for id: String, cover: CoverImage) -> Outcome {
        if let hit = entries.withLock({ entries in entries.first { $0.id == id } }) { return hit.outcome }
        decoding.wait()
        let outcome: Outcome
        do {
            outcome = .made(try Self.thumbnailer.thumbnail(of: cover.data))
        } catch {
            outcome = .coverItself
        }
        decoding.signal()
        entries.withLock { entries in
            entries.removeAll { $0.id == id }
            entries.append((id, outcome))
            var bytes = entries.reduce(0) { $0 + Self.size(of: $1.outcome) }
            while entries.count > capacity || (bytes > byteLimit && entries.count > 1) {
                bytes -= Self.size(of: entries.removeFirst().outcome)
            }
        }
        return outcome
    }

    private static func size(of outcome: Outcome) -> Int {
        if case .made(let thumbnail) = outcome { return thumbnail.jpeg.count }
        return 0
    }
}
