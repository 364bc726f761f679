import Foundation
import ReaderCore
internal import CPoppler

/// An open poppler document. Every call into poppler, on any document, holds one process-wide
/// lock (``callLock``): poppler objects are not thread-safe, and neither is poppler's shared
/// state between documents (two documents read on two threads at once crashed inside poppler).
///
/// Pages are fetched for the call that needs them and released before it returns; what poppler
/// hands back is copied into Swift values and freed inside the call, so no poppler pointer
/// leaves this class.
final class PopplerDocument: @unchecked Sendable {
    // @unchecked: `handle` is used only while `callLock` is held; everything else is immutable.

    /// The path the document was opened from.
    let path: String
    /// The number of pages.
    let pageCount: Int
    /// Info dictionary + encryption + version facts.
    let info: PDFInfo

    /// The `PopplerDocument *` GObject, released with this object.
    private let handle: OpaquePointer
    /// Held around every poppler call, on every document (recursive, so a call made while it is
    /// held, as opening does, cannot deadlock).
    static let callLock = NSRecursiveLock()
    /// Collects what poppler logs during this document's calls.
    private let messages: PopplerMessages

    /// Wraps a document ``open(path:password:)`` made; takes over the reference to `handle`.
    init(handle: OpaquePointer, path: String, pageCount: Int, info: PDFInfo, messages: PopplerMessages) {
        self.handle = handle
        self.path = path
        self.pageCount = pageCount
        self.info = info
        self.messages = messages
    }

    deinit {
        let handle = self.handle
        Self.callLock.lock()
        defer { Self.callLock.unlock() }
        messages.collecting { g_object_unref(UnsafeMutableRawPointer(handle)) }
    }

    /// What poppler logged about this file so far: the damage it repaired or skipped while
    /// opening and reading pages ("Syntax error at position 435: …"), at most 50 lines and a count.
    var warnings: [String] { messages.lines }

    /// Page size in points (width, height), 1-based page number (`poppler_page_get_size`, which
    /// swaps the sides of a page rotated by 90° or 270°).
    func pageSize(_ pageNumber: Int) throws(ReaderError) -> (width: Double, height: Double) {
        try withPage(pageNumber) { page in
            var width = 0.0
            var height = 0.0
            poppler_page_get_size(page, &width, &height)
            return (width, height)
        }
    }

    /// The page label (`poppler_page_get_label`), nil when it is just the page number or absent.
    func pageLabel(_ pageNumber: Int) throws(ReaderError) -> String? {
        try withPage(pageNumber) { page in
            guard let label = GLibString.take(poppler_page_get_label(page))?
                .trimmingCharacters(in: .whitespacesAndNewlines),
                !label.isEmpty, label != String(pageNumber)
            else { return nil }
            return label
        }
    }

    /// Runs `body` with the document handle, holding ``callLock`` and collecting poppler's messages.
    func withDocument<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T {
        Self.callLock.lock()
        defer { Self.callLock.unlock() }
        return try messages.collecting { () throws(E) -> T in try body(handle) }
    }

    /// Runs `body` with page `pageNumber` (`poppler_document_get_page`), holding ``callLock``; the
    /// page is released when `body` returns.
    /// - Throws: ``ReaderError`` `invalidArgument` for a page outside 1...pageCount, `malformed`
    ///   when poppler cannot load the page, or what `body` throws.
    func withPage<T>(_ pageNumber: Int, _ body: (OpaquePointer) throws(ReaderError) -> T) throws(ReaderError) -> T {
        guard pageNumber >= 1, pageNumber <= pageCount else {
            throw ReaderError(.invalidArgument, file: path, format: .pdf,
                              reason: "page \(pageNumber) does not exist; the document has \(pageCount) pages")
        }
        return try withDocument { (document: OpaquePointer) throws(ReaderError) -> T in
            guard let page = poppler_document_get_page(document, Int32(pageNumber - 1)) else {
                throw ReaderError(.malformed, file: path, format: .pdf, reason: "damaged: page \(pageNumber) cannot be loaded")
            }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            return try body(page)
        }
    }
}
