/// What a `feeds sync` run did: each feed's outcome, the articles written, what was skipped and
/// what failed, with reasons.
public struct FeedSyncReport: Sendable, Codable {
    /// One feed's outcome.
    public struct FeedOutcome: Sendable, Codable {
        /// The feed's name.
        public var name: String
        /// Its address.
        public var url: String
        /// `fetched`, `not-modified` (the stored copy was read again) or `failed`.
        public var status: String
        /// How many items it lists.
        public var items: Int
        /// Why it failed.
        public var reason: String?
    }

    /// One article written.
    public struct Written: Sendable, Codable {
        /// The file's path.
        public var path: String
        /// The article's address.
        public var url: String?
        /// Its title.
        public var title: String
        /// The feed it came from.
        public var feed: String
        /// `article` (the page was fetched and extracted) or `feed` (the feed's own content).
        public var source: String
        /// Why the feed's content was used instead of the page, when it was.
        public var fallbackReason: String?
    }

    /// One item that could not be written.
    public struct Failure: Sendable, Codable {
        /// The item's address or id.
        public var item: String
        /// The feed it came from.
        public var feed: String
        /// What went wrong.
        public var reason: String
    }

    /// Every feed, in the list's order.
    public var feeds: [FeedOutcome] = []
    /// The articles written, by path.
    public var written: [Written] = []
    /// Items not written again: processed in an earlier run, or listed by an earlier feed of this run.
    public var skipped = 0
    /// Items that failed.
    public var failures: [Failure] = []

    /// Whether nothing succeeded: every feed failed, or items were tried and none was written.
    public var everythingFailed: Bool {
        let feedsFailed = !feeds.isEmpty && feeds.allSatisfy { $0.status == "failed" }
        return feedsFailed || (written.isEmpty && !failures.isEmpty && skipped == 0)
    }

    /// The summary's lines: one per failed feed and item, then the counts.
    public var summaryLines: [String] {
        var lines: [String] = []
        for feed in feeds where feed.status == "failed" {
            lines.append("failed feed \(feed.name): \(feed.reason ?? "unknown")")
        }
        for failure in failures {
            lines.append("failed \(failure.item) (\(failure.feed)): \(failure.reason)")
        }
        let fallbacks = written.filter { $0.source == "feed" }.count
        let fallbackNote = fallbacks > 0 ? " (\(fallbacks) from the feed's own content)" : ""
        let notModified = feeds.filter { $0.status == "not-modified" }.count
        lines.append("\(feeds.count) feeds (\(notModified) not modified, \(feeds.filter { $0.status == "failed" }.count) failed): "
                     + "\(written.count) new\(fallbackNote), \(skipped) skipped, \(failures.count) failed")
        return lines
    }
}
