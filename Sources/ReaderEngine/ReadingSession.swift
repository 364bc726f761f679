import ReaderAnchoring
import ReaderCore
import Synchronization

/// One document read at one viewport: its pages (from the cached page index when there is one),
/// the page holding a Locator, and the policy for a Locator made elsewhere (resolve it when it is
/// this document's, re-anchor it by its text when asked to). The CLI, a server and a terminal
/// reader all read through one.
///
/// A session is safe to use from many threads at once; pages whose start is known are laid out
/// in parallel (see `Paginator`). Call `saveIndex()` to keep what was learnt about the pages
/// for the next session, and `close()` when done.
public final class ReadingSession: Sendable {
    /// The document read.
    public let document: any Document
    /// The viewport pages are laid out for.
    public let viewport: Viewport
    /// The options the document was opened with (those that change the text name the cached index).
    public let options: OpenOptions
    /// Where page indexes are loaded from and saved to; nil to keep none.
    public let cache: PageIndexCache?
    /// The paginator, for tools that page through the document themselves (search, streaming).
    public let paginator: Paginator
    /// The document's text prepared for re-anchoring, made on first use.
    private let anchorTarget = Mutex<AnchorTarget?>(nil)
    /// The cached page index being loaded on another thread, for a session made so.
    private let backgroundLoad: BackgroundIndexLoad?

    /// Opens the file at `path` and pages it at `viewport`, starting from the page index `cache`
    /// holds for it.
    /// - Throws: `ReaderError` when the file cannot be opened (see ``ReaderEngine/open(path:format:options:)``).
    public convenience init(path: String, options: OpenOptions = .init(), viewport: Viewport,
                            cache: PageIndexCache? = nil, engine: ReaderEngine = .standard) throws(ReaderError) {
        try self.init(document: try engine.open(path: path, options: options), options: options, viewport: viewport,
                      cache: cache)
    }

    /// Pages an open document at `viewport`, starting from the page index `cache` holds for it.
    /// - Parameters:
    ///   - document: the document to read; the session closes it in ``close()``.
    ///   - options: the options `document` was opened with.
    ///   - viewport: the columns and rows of a page.
    ///   - cache: where page indexes are loaded from and saved to; nil to keep none.
    /// - Throws: `ReaderError` when the document's fingerprint, the cache key, cannot be computed.
    public init(document: any Document, options: OpenOptions = .init(), viewport: Viewport,
                cache: PageIndexCache? = nil) throws(ReaderError) {
        self.document = document
        self.viewport = viewport
        self.options = options
        self.cache = cache
        var cached: PageIndex?
        if let cache {
            cached = cache.load(fingerprint: try document.fingerprint(), viewport: viewport, variant: options.textVariant)
        }
        paginator = Paginator(document: document, viewport: viewport, cachedIndex: cached)
        backgroundLoad = nil
    }

    /// Pages an open document at `viewport` at once, loading the page index `cache` holds for it
    /// on another thread: finding that index needs the document's fingerprint, a hash of the whole
    /// file, and a page near the start (the first search hit of a large text file, say) is laid
    /// out sooner than that. The paginator takes the index when it is loaded; pages laid out
    /// before are the same pages.
    /// - Parameters: as for ``init(document:options:viewport:cache:)``.
    public init(document: any Document, options: OpenOptions = .init(), viewport: Viewport,
                loadingIndexInBackgroundFrom cache: PageIndexCache) {
        self.document = document
        self.viewport = viewport
        self.options = options
        self.cache = cache
        paginator = Paginator(document: document, viewport: viewport)
        backgroundLoad = BackgroundIndexLoad(paginator: paginator, cache: cache, variant: options.textVariant)
    }

    // MARK: Pages

    /// Page `number` (1-based).
    /// - Throws: `ReaderError` of kind `invalidArgument` when the page does not exist.
    public func page(_ number: Int) throws(ReaderError) -> Page {
        try paginator.page(number)
    }

    /// The number of the page holding `position`.
    public func pageNumber(containing position: TextPosition) throws(ReaderError) -> Int {
        try paginator.pageNumber(containing: position)
    }

    /// The number of the page holding what `locator` points at, after checking that a
    /// fingerprint it carries is this document's (`Document/resolve(_:)`).
    /// - Throws: `ReaderError` of kind `otherDocument` for another document's Locator, or when
    ///   it does not resolve.
    public func pageNumber(containing locator: Locator) throws(ReaderError) -> Int {
        try paginator.pageNumber(containing: document.resolve(locator))
    }

    /// The page count to show beside a page: exact for TXT and Markdown of at most
    /// ``exactTextByteLimit`` bytes, whose whole text is laid out within the time of a cold open,
    /// for a PDF of at most ``exactFixedPageLimit`` pages, and wherever the index is complete;
    /// otherwise an estimate from a few typical sections (`Paginator/estimatedPageCount()`), the
    /// same on every call until the count is exact.
    public func pageCount() throws(ReaderError) -> PageCount {
        if let fixed = document as? any FixedPageProviding, fixed.pageCount <= Self.exactFixedPageLimit {
            return PageCount(value: try paginator.pageCount(), isExact: true)
        }
        switch document.format {
        case .txt, .markdown:
            let bytes = document.readingOrder.reduce(0) { $0 + ($1.byteCount ?? 0) }
            if bytes <= Self.exactTextByteLimit || paginator.isComplete {
                return PageCount(value: try paginator.pageCount(), isExact: true)
            }
            return try paginator.estimatedPageCount()
        default: return try paginator.estimatedPageCount()
        }
    }

    /// The largest text file whose pages are counted exactly on every open: 8 MiB are laid out in
    /// about a tenth of a second; a 1 GB file took 7.8 s for `open --page 3` when it was counted.
    public static let exactTextByteLimit = 8 << 20

    /// The most pages a PDF may have for its screen pages to be counted exactly on every open:
    /// its pages' text is extracted in milliseconds, where an estimate from equal page weights
    /// would be far off for a PDF of title pages, figures and tables.
    public static let exactFixedPageLimit = 32

    /// The exact page count; lays out the whole document the first time.
    public func exactPageCount() throws(ReaderError) -> Int {
        try paginator.pageCount()
    }

    /// Saves what was learnt about the pages to the cache, so the next session starts from it;
    /// writes nothing when nothing new was learnt or there is no cache. Waits for an index being
    /// loaded in the background.
    /// - Throws: `ReaderError` when the document's fingerprint cannot be computed.
    public func saveIndex() throws(ReaderError) {
        guard let cache, paginator.hasLearnt else { return }
        let index = paginator.index
        // A session that loaded its index in the background has learnt that much from the cache.
        if let loaded = backgroundLoad?.finished(), index.starts.count <= loaded.starts.count,
           loaded.isComplete || !index.isComplete { return }
        cache.store(index, fingerprint: try document.fingerprint(), variant: options.textVariant)
    }

    // MARK: Locators

    /// Where a Locator points in this document, and how it was found when it was re-anchored.
    public struct Resolution: Sendable {
        /// The text position.
        public var position: TextPosition
        /// How the Locator was re-anchored by its text; nil when it resolved as it is.
        public var match: AnchorMatch?
    }

    /// Where `locator` points. Without `reanchoring`, it must be this document's or carry no
    /// fingerprint (`Document/resolve(_:)`). With it, a Locator stamped with this document's
    /// fingerprint resolves as it is, and any other is found by its text context
    /// (`AnchorTarget/locate(_:options:)`, the text prepared once per session).
    /// - Throws: `ReaderError` of kind `otherDocument` for another document's Locator without
    ///   `reanchoring`; `anchorNotFound` when re-anchoring is below `minimumConfidence`;
    ///   `invalidLocator` when it does not resolve.
    public func resolve(_ locator: Locator, reanchoring: ReanchoringOptions? = nil) throws(ReaderError) -> Resolution {
        guard let reanchoring else { return Resolution(position: try document.resolve(locator)) }
        return try reanchored(locator, in: try preparedAnchorTarget(), options: reanchoring)
    }

    /// Where a range's ends point, in order, resolved as `resolve(_:reanchoring:)` resolves a
    /// Locator; `found` is told of each end re-anchored by its text, start first, as it is found.
    /// - Throws: `ReaderError` as `resolve(_:reanchoring:)` does, for either end.
    public func resolve(_ range: LocatorRange, reanchoring: ReanchoringOptions? = nil,
                        found: (AnchorMatch) -> Void = { _ in }) throws(ReaderError) -> Range<TextPosition> {
        guard let reanchoring else { return try document.textRange(of: range) }
        let target = try preparedAnchorTarget()
        let start = try reanchored(range.start, in: target, options: reanchoring)
        start.match.map(found)
        let end = try reanchored(range.end, in: target, options: reanchoring)
        end.match.map(found)
        return min(start.position, end.position)..<max(start.position, end.position)
    }

    /// The page holding what `locator` points at, resolved as `resolve(_:reanchoring:)` does.
    public func page(containing locator: Locator, reanchoring: ReanchoringOptions? = nil) throws(ReaderError) -> Page {
        try page(pageNumber(containing: resolve(locator, reanchoring: reanchoring).position))
    }

    /// Stops the document's read-ahead and releases its file and C handles (`Document/close()`);
    /// the session throws a `ReaderError` for anything that reads the document afterwards.
    public func close() {
        document.close()
    }

    /// A Locator stamped with this document's fingerprint as it is; any other by its text.
    private func reanchored(_ locator: Locator, in target: AnchorTarget,
                            options: ReanchoringOptions) throws(ReaderError) -> Resolution {
        if locator.locations.fingerprint == (try document.fingerprint().description) {
            return Resolution(position: try document.resolve(locator))
        }
        let match = try target.locate(locator, options: options)
        return Resolution(position: match.position, match: match)
    }

    /// The document's text prepared for re-anchoring, built on first use.
    private func preparedAnchorTarget() throws(ReaderError) -> AnchorTarget {
        try anchorTarget.withLock { (target: inout AnchorTarget?) throws(ReaderError) -> AnchorTarget in
            if let target { return target }
            let built = try AnchorTarget(document: document)
            target = built
            return built
        }
    }
}
