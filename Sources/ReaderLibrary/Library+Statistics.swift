import ReaderCore

extension Library {
    /// Counts of books, items and reading sessions.
    public func statistics() throws(ReaderError) -> LibraryStatistics {
        try store.read { (transaction) throws(ReaderError) -> LibraryStatistics in
            var statistics = LibraryStatistics()
            let books = try transaction.books()
            statistics.books = books.count
            for book in books {
                statistics.byStatus[book.status.rawValue, default: 0] += 1
                statistics.byFormat[book.format, default: 0] += 1
                if book.files.contains(where: \.missing) { statistics.withMissingFiles += 1 }
                if book.error != nil { statistics.withErrors += 1 }
            }
            statistics.unreadableFiles = try transaction.files().filter { $0.bookUUID == nil && $0.error != nil }.count
            for item in try transaction.annotations(bookUUID: nil, includingDeleted: false) {
                switch item.kind {
                case .bookmark: statistics.bookmarks += 1
                case .highlight: statistics.highlights += 1
                case .note: statistics.notes += 1
                }
                if item.orphaned { statistics.orphaned += 1 }
            }
            for session in try transaction.sessions(bookUUID: nil) {
                statistics.sessions += 1
                statistics.pagesTurned += session.pagesTurned
                statistics.readingSeconds += max(0, session.endedAt.milliseconds - session.startedAt.milliseconds) / 1000
                if statistics.lastReadAt.map({ session.endedAt > $0 }) ?? true { statistics.lastReadAt = session.endedAt }
            }
            return statistics
        }
    }
}
