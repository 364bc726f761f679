import Dispatch
import ReaderCore

/// A document's cover, fetched on another thread from the start of an export: a PDF's cover is
/// its first page rendered, which takes longer than planning the whole book from its text, and
/// neither needs the other.
final class CoverFetch: @unchecked Sendable {
    // @unchecked: `cover` is written once on the fetching thread before `done` is signalled, and
    // read only after waiting for it.
    private var cover: CoverImage?
    private let done = DispatchSemaphore(value: 0)

    /// Starts fetching the cover of `document` when it has one to give.
    init(_ document: any Document) {
        guard document is any CoverProviding else {
            done.signal()
            return
        }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            cover = try? (document as? any CoverProviding)?.coverImage()
            done.signal()
        }
    }

    /// The cover, waiting for it; nil when the document has none or it cannot be read.
    func value() -> CoverImage? {
        done.wait()
        done.signal()
        return cover
    }
}
