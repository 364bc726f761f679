import ReaderCore
import ReaderEngine
import ReaderSearch
import Synchronization

/// What work done on other threads tells the reader; applied on the reader's own thread.
enum ReaderEvent: Sendable {
    /// A page count for the session of `generation`.
    case pageCount(generation: Int, PageCount)
    /// A session with the cached page index, to take the place of the one of `generation`.
    case cachedSession(generation: Int, ReadingSession)
    /// The table of contents, each entry with where it starts.
    case contents([ContentsEntry])
    /// More of search `id`: matches found since the last report, and how far it got.
    case search(id: Int, matches: [SearchMatch], scanned: Int, total: Int, finished: Bool, error: String?)
    /// The book's highlights, placed in this edition.
    case highlights([PlacedHighlight])
    /// A message for the status line (a failed save, a failed background read).
    case message(String, isError: Bool)
}

/// A table of contents entry with its depth and where it starts (nil when it does not resolve).
public struct ContentsEntry: Hashable, Sendable {
    /// The title.
    public var title: String
    /// 0 for a top-level entry.
    public var depth: Int
    /// Where it starts.
    public var position: TextPosition?
}

/// A stored highlight and the text it covers in this edition.
public struct PlacedHighlight: Hashable, Sendable {
    /// The text covered.
    public var range: Range<TextPosition>
    /// Its colour.
    public var color: HighlightColor
}

/// Events posted from other threads, and the call that wakes the reader's loop to apply them.
public final class EventInbox: Sendable {
    private let events = Mutex<[ReaderEvent]>([])
    private let wake: @Sendable () -> Void

    /// Creates an inbox; `wake` is called (on the posting thread) after each post.
    public init(wake: @escaping @Sendable () -> Void = {}) {
        self.wake = wake
    }

    func post(_ event: ReaderEvent) {
        events.withLock { $0.append(event) }
        wake()
    }

    func take() -> [ReaderEvent] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
