/// What a sync reports as it goes, for a progress display.
public enum FeedSyncEvent: Sendable {
    /// A feed was fetched (or failed) and read: `done` of `total` feeds.
    case feed(name: String, done: Int, total: Int)
    /// An item was written or failed: `done` of `total` new items.
    case item(title: String, done: Int, total: Int)
}
