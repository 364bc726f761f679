import ReaderCore

/// Where the catalog's books come from: a folder walked on demand, or the library.
protocol OPDSBookSource: Sendable {
    /// Every book that can be served, in no particular order.
    /// - Throws: ``ReaderError`` when the folder or the library cannot be read.
    func books() throws(ReaderError) -> [OPDSBook]
    /// The book's cover picture, or nil when it has none.
    func cover(of book: OPDSBook) -> CoverImage?
}
