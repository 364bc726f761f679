import ReaderAnchoring
import ReaderCore
import ReaderEngine
import ReaderLibrary

extension OpenCommand {
    /// What `--resume` found: the book's file, how to open it and where it was left.
    struct Resumption {
        var path: String
        var options: OpenOptions
        var viewport: Viewport?
        var locator: Locator?
        /// The book's stored text transforms, used when the command line names none.
        var transforms: [String]
    }

    /// The library's book named by FILE, its present file, its settings and its last position.
    /// - Throws: ``ReaderError`` when there is no library, no such book, or every file is missing.
    func resumption() throws(ReaderError) -> Resumption {
        guard let library = try ExistingLibrary.get() else {
            throw ReaderError(.fileNotFound, file: LibraryLocation.defaultPath(),
                              reason: "no library yet (`reader library add` makes one)")
        }
        let book = try library.book(matching: document.file)
        let settings = try library.settings(of: book)
        return Resumption(path: try library.presentPath(of: book),
                          options: OpenOptions(encoding: document.encoding ?? settings?.encoding, password: document.password),
                          viewport: settings?.viewport, locator: try library.position(of: book)?.locator,
                          transforms: settings?.transforms ?? [])
    }

    /// The page holding a resumed position, re-anchored by its text when the book changed; page 1
    /// (with a warning) when it cannot be placed.
    func resumedPage(of locator: Locator, in session: ReadingSession) -> Int {
        do {
            return try session.pageNumber(containing: try session.resolve(locator, reanchoring: ReanchoringOptions()).position)
        } catch {
            StandardStreams.error("reader: warning: the last position could not be placed (\(error.reason)); showing page 1")
            return 1
        }
    }

    /// Records the shown page as the book's position when the library holds the book. Never
    /// creates a library; a library that cannot be written costs a warning, not the page.
    func recordPosition(start: Locator, of document: any Document, page: Int, of count: PageCount) {
        do {
            guard let library = try ExistingLibrary.get() else { return }
            let fingerprint = try document.fingerprint().description
            var start = start
            start.locations.fingerprint = fingerprint
            let progress = count.value > 0 ? min(1, Double(page) / Double(count.value)) : nil
            try library.recordPageShown(fingerprint: fingerprint, locator: start, progress: progress,
                                        isLastPage: count.isExact && page >= count.value)
        } catch {
            StandardStreams.error("reader: warning: the position was not recorded: \(error.description)")
        }
    }
}
