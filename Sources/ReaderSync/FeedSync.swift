import Foundation
import ReaderCore
import ReaderFeeds
import ReaderFetch
import ReaderWeb

/// Syncs feeds into a Markdown article folder: each feed fetched (a conditional GET against the
/// copy kept from the last run) and parsed; each item not processed before fetched, its article
/// extracted (the feed's own content when the page fails or is thin), written as Markdown with
/// front matter, and recorded, so a second run fetches no article again. An item listed by two
/// feeds (the same address) is written once.
public struct FeedSync: Sendable {
    /// How many feeds, and how many articles, are fetched at once (the fetcher also limits each host).
    public var concurrency: Int
    /// The bookmark date written into the articles; now when nil.
    public var bookmarked: Date?

    private let fetcher: HTTPFetcher
    private let folder: ArticleFolder
    private let state: FeedSyncState

    /// A sync into the folder at `folder` (its state is opened or created there).
    /// - Throws: ``ReaderCore/ReaderError`` when the state database cannot be opened.
    public init(folder: String, fetcher: HTTPFetcher, concurrency: Int = 4) throws(ReaderError) {
        self.fetcher = fetcher
        self.folder = ArticleFolder(path: folder)
        self.state = try FeedSyncState(folder: folder)
        self.concurrency = max(1, concurrency)
    }

    /// The `Accept` header of a feed fetch.
    static let feedAccept = "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5"

    /// Runs the sync over `subscriptions`, reporting progress as it goes.
    public func run(_ subscriptions: [FeedSubscription],
                    progress: @escaping @Sendable (FeedSyncEvent) -> Void = { _ in }) async -> FeedSyncReport {
        var report = FeedSyncReport()
        let fetched = await fetchFeeds(subscriptions, progress: progress)

        // Every item, in list order, once; those done in an earlier run are skipped.
        var pending: [PendingItem] = []
        var claimed = Set<String>()
        for (subscription, outcome) in zip(subscriptions, fetched) {
            switch outcome {
            case .failure(let error):
                report.feeds.append(.init(name: subscription.name, url: subscription.url, status: "failed", items: 0,
                                          reason: error.description))
            case .success(let read):
                report.feeds.append(.init(name: subscription.name, url: subscription.url,
                                          status: read.notModified ? "not-modified" : "fetched", items: read.feed.entries.count))
                for entry in read.feed.entries {
                    guard let key = Self.key(of: entry, feedURL: subscription.url) else { continue }
                    if claimed.insert(key).inserted {
                        pending.append(PendingItem(key: key, entry: entry, feed: read.feed, subscription: subscription))
                    } else {
                        report.skipped += 1
                    }
                }
            }
        }
        do {
            let done = try state.processed(among: pending.map(\.key))
            report.skipped += pending.count - pending.filter { !done.contains($0.key) }.count
            pending.removeAll { done.contains($0.key) }
        } catch {
            report.failures.append(.init(item: state.path, feed: "", reason: error.description))
            return report
        }
        await process(pending, into: &report, progress: progress)
        report.written.sort { $0.path < $1.path }
        return report
    }

    // MARK: - Feeds

    struct ReadFeed: Sendable {
        var feed: Feed
        var notModified: Bool
    }

    private func fetchFeeds(_ subscriptions: [FeedSubscription],
                            progress: @escaping @Sendable (FeedSyncEvent) -> Void) async -> [Result<ReadFeed, ReaderError>] {
        // The results are gathered inside the group and returned from it: the release build trapped
        // (an illegal instruction) when the group's body also wrote to an array of the caller's and
        // added tasks through a nested function taking the group `inout`.
        let gathered = await withTaskGroup(of: (Int, Result<ReadFeed, ReaderError>).self,
                                           returning: [Result<ReadFeed, ReaderError>?].self) { group in
            var results = [Result<ReadFeed, ReaderError>?](repeating: nil, count: subscriptions.count)
            var next = 0
            var done = 0
            while next < min(concurrency, subscriptions.count) {
                let index = next
                group.addTask { await self.fetchedFeed(subscriptions[index], index: index) }
                next += 1
            }
            for await (index, result) in group {
                results[index] = result
                done += 1
                progress(.feed(name: subscriptions[index].name, done: done, total: subscriptions.count))
                if next < subscriptions.count {
                    let index = next
                    group.addTask { await self.fetchedFeed(subscriptions[index], index: index) }
                    next += 1
                }
            }
            return results
        }
        return gathered.map { $0! }
    }

    /// One feed read, with its place in the list, as the task group gathers them.
    private func fetchedFeed(_ subscription: FeedSubscription, index: Int) async -> (Int, Result<ReadFeed, ReaderError>) {
        do throws(ReaderError) {
            return (index, .success(try await readFeed(subscription)))
        } catch {
            return (index, .failure(error))
        }
    }

    /// Fetches and parses one feed; an HTML page in its place is searched for the feed it declares.
    private func readFeed(_ subscription: FeedSubscription) async throws(ReaderError) -> ReadFeed {
        let cached = try state.cachedCopy(ofFeed: subscription.url)
        var resource = try await fetcher.fetch(subscription.url, cached: cached, accept: Self.feedAccept)
        var feed: Feed
        do throws(ReaderError) {
            feed = try parse(resource)
        } catch {
            guard WebPageFetch.startsLikeHTML(resource.body) else { throw error }
            let declared = FeedDiscovery.candidates(inPage: resource.body, pageURL: resource.url, includeConventionalPaths: false)
            guard let candidate = declared.first(where: { $0.url != subscription.url }) else {
                throw ReaderError(.unsupportedFormat, file: subscription.url, format: .feed,
                                  reason: "not a feed: an HTML page that declares no feed")
            }
            resource = try await fetcher.fetch(candidate.url, accept: Self.feedAccept)
            feed = try parse(resource)
        }
        if !resource.isNotModified, resource.requestedURL == subscription.url {
            try state.store(resource.cachedCopy, ofFeed: subscription.url)
        }
        return ReadFeed(feed: feed, notModified: resource.isNotModified)
    }

    private func parse(_ resource: FetchedResource) throws(ReaderError) -> Feed {
        let origin = FeedOrigin(url: resource.url, contentType: resource.contentType, contentLanguage: resource.contentLanguage,
                                contentLocation: resource.contentLocation)
        return try FeedParser.parse(resource.body, name: resource.url, origin: origin)
    }

    /// What makes two items the same: the article's address without its fragment, else the
    /// feed's id for the item, else a hash of its title and content (both scoped to the feed);
    /// nil for an item with none of these.
    static func key(of entry: FeedEntry, feedURL: String) -> String? {
        if let link = entry.link, FetchAddress.isHTTP(link) {
            return String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
        }
        if let id = entry.id, !id.isEmpty { return feedURL + " " + id }
        let text = (entry.title?.value ?? "") + "\u{0}" + (entry.body?.value ?? "")
        guard text.count > 1 else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across runs, unlike Hasher
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return feedURL + " #" + String(hash, radix: 16)
    }

    // MARK: - Items

    struct PendingItem: Sendable {
        var key: String
        var entry: FeedEntry
        var feed: Feed
        var subscription: FeedSubscription
    }

    enum Prepared: Sendable {
        case ready(contents: String, title: String, source: String, fallbackReason: String?)
        case failed(String)
    }

    private func process(_ items: [PendingItem], into report: inout FeedSyncReport,
                         progress: @escaping @Sendable (FeedSyncEvent) -> Void) async {
        let date = bookmarked ?? Date()
        await withTaskGroup(of: (Int, Prepared).self) { group in
            var next = 0
            var done = 0
            while next < min(concurrency, items.count) {
                let index = next
                group.addTask { (index, await self.prepare(items[index], bookmarked: date)) }
                next += 1
            }
            for await (index, prepared) in group {
                let item = items[index]
                var title = item.entry.title?.plainLine ?? item.key
                switch prepared {
                case .failed(let reason):
                    report.failures.append(.init(item: item.entry.link ?? item.key, feed: item.subscription.name, reason: reason))
                case .ready(let contents, let preparedTitle, let source, let fallbackReason):
                    title = preparedTitle
                    do throws(ReaderError) {
                        let path = try folder.write(contents, title: title, bookmarked: date)
                        try state.markProcessed(key: item.key, url: item.entry.link, feed: item.subscription.url, path: path,
                                                title: title, source: source)
                        report.written.append(.init(path: path, url: item.entry.link, title: title, feed: item.subscription.name,
                                                    source: source, fallbackReason: fallbackReason))
                    } catch {
                        report.failures.append(.init(item: item.entry.link ?? item.key, feed: item.subscription.name,
                                                     reason: error.description))
                    }
                }
                done += 1
                progress(.item(title: title, done: done, total: items.count))
                if next < items.count {
                    let index = next
                    group.addTask { (index, await self.prepare(items[index], bookmarked: date)) }
                    next += 1
                }
            }
        }
    }

    /// Fetches an item's page and makes its file's contents; falls back to the feed's content.
    private func prepare(_ item: PendingItem, bookmarked: Date) async -> Prepared {
        let entry = item.entry
        let feedTitle = entry.title?.plainLine ?? entry.link ?? "untitled"
        var fallbackReason: String
        if let link = entry.link, FetchAddress.isHTTP(link) {
            do throws(ReaderError) {
                let page = try await WebPageFetch.page(at: link, using: fetcher)
                if !FeedItemArticle.isThin(page.article, comparedWith: entry) {
                    return ready(page.article, item: item, url: link, source: "article", fallbackReason: nil, bookmarked: bookmarked)
                }
                fallbackReason = "the page's article is thin"
            } catch {
                fallbackReason = error.description
            }
        } else {
            fallbackReason = "the item links to no web page"
        }
        guard let article = FeedItemArticle.fromFeedContent(entry, title: feedTitle) else {
            return .failed(fallbackReason + "; the feed has no content for it")
        }
        return ready(article, item: item, url: entry.link, source: "feed", fallbackReason: fallbackReason, bookmarked: bookmarked)
    }

    private func ready(_ article: WebArticle, item: PendingItem, url: String?, source: String, fallbackReason: String?,
                       bookmarked: Date) -> Prepared {
        let matter = FeedItemArticle.frontMatter(article: article, entry: item.entry, feed: item.feed, feedName: item.subscription.name,
                                                 url: url, bookmarked: bookmarked)
        return .ready(contents: ArticleMarkdownWriter.contents(of: article, frontMatter: matter), title: matter.title ?? "untitled",
                      source: source, fallbackReason: fallbackReason)
    }
}
