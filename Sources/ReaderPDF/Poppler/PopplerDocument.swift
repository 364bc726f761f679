import Foundation
import ReaderCore
internal import CPopplerGlib

/// An open poppler-glib document. Every poppler-glib call, on any document, holds one
/// process-wide lock (``callLock``): poppler objects are not thread-safe, and poppler-glib
/// promises nothing for two documents on two threads. Page text, the one thing read on several
/// threads, comes from a ``PopplerTextDocument`` on the same file instead, which has a lock of its
/// own.
///
/// Pages are fetched for the call that needs them and released before it returns; what poppler
/// hands back is copied into Swift values and freed inside the call, so no poppler pointer
/// leaves this class.
final class PopplerDocument: @unchecked Sendable {
    // @unchecked: `handle` is used only while `callLock` is held, `textDocument` only while
    // `textDocumentLock` is; everything else is immutable.

    /// The path the document was opened from.
    let path: String
    /// The number of pages.
    let pageCount: Int
    /// Info dictionary + encryption + version facts.
    let info: PDFInfo
    /// Where each page is in poppler's numbering, which leaves damaged page objects out.
    let slots: PDFPageSlots

    /// The `PopplerDocument *` GObject, released by ``close()`` or with this object; nil once closed.
    private var handle: OpaquePointer?
    /// Held around every poppler-glib call, on every document (recursive, so a call made while it is
    /// held, as opening does, cannot deadlock).
    static let callLock = NSRecursiveLock()
    /// Collects what poppler logs during this document's calls.
    private let messages: PopplerMessages
    /// The password the document was opened with, to open its text documents alike.
    private let password: String?
    /// The text document ``pageText(_:)`` reads, opened on first use.
    private var textDocument: PopplerTextDocument?
    private var textDocumentClosed = false
    private let textDocumentLock = NSLock()

    /// Wraps a document ``open(path:password:)`` made; takes over the reference to `handle`.
    init(handle: OpaquePointer, path: String, password: String?, pageCount: Int, info: PDFInfo,
         slots: PDFPageSlots, messages: PopplerMessages) {
        self.handle = handle
        self.path = path
        self.password = password
        self.pageCount = pageCount
        self.info = info
        self.slots = slots
        self.messages = messages
    }

    deinit {
        close()
    }

    /// Releases poppler's documents now (the GObject with `g_object_unref`, the text document with
    /// `rpt_document_close`), after any call in progress; later calls throw. Closing twice does nothing.
    func close() {
        textDocumentLock.withLock {
            textDocumentClosed = true
            textDocument?.close()
            textDocument = nil
        }
        Self.callLock.lock()
        defer { Self.callLock.unlock() }
        guard let handle else { return }
        messages.collecting { g_object_unref(UnsafeMutableRawPointer(handle)) }
        self.handle = nil
    }

    /// What poppler logged about this file so far: the damage it repaired or skipped while
    /// opening and reading pages ("Syntax error at position 435: …"), at most 50 lines and a count.
    var warnings: [String] { messages.lines }

    /// The text of page `pageNumber` (1-based), from this document's ``PopplerTextDocument``.
    func pageText(_ pageNumber: Int) throws(ReaderError) -> PDFPageText {
        try sharedTextDocument().pageText(pageNumber)
    }

    /// ``textDocument``, opened on first use.
    private func sharedTextDocument() throws(ReaderError) -> PopplerTextDocument {
        textDocumentLock.lock()
        defer { textDocumentLock.unlock() }
        if let textDocument { return textDocument }
        guard !textDocumentClosed else { throw ReaderError.closed(file: path, format: .pdf) }
        let opened = try textDocumentOpener()()
        textDocument = opened
        return opened
    }

    /// Opens new ``PopplerTextDocument``s on this file, for threads of their own; what poppler
    /// logs while they read goes to this document's ``warnings``. It does not hold this document,
    /// so a thread keeping it cannot be the one that closes poppler-glib's document.
    func textDocumentOpener() -> @Sendable () throws(ReaderError) -> PopplerTextDocument {
        { [path, password, messages, slots] () throws(ReaderError) in
            try PopplerTextDocument(path: path, password: password, messages: messages, slots: slots)
        }
    }

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
    /// - Throws: ``ReaderError`` when the document is closed, or what `body` throws.
    func withDocument<T>(_ body: (OpaquePointer) throws(ReaderError) -> T) throws(ReaderError) -> T {
        Self.callLock.lock()
        defer { Self.callLock.unlock() }
        guard let handle else { throw ReaderError.closed(file: path, format: .pdf) }
        return try messages.collecting { () throws(ReaderError) -> T in try body(handle) }
    }

    /// Runs `body` with page `pageNumber` (`poppler_document_get_page`), holding ``callLock``; the
    /// page is released when `body` returns.
    /// - Throws: ``ReaderError`` `invalidArgument` for a page outside 1...pageCount, `malformed`
    ///   when poppler cannot load the page, or what `body` throws.
    func withPage<T>(_ pageNumber: Int, _ body: (OpaquePointer) throws(ReaderError) -> T) throws(ReaderError) -> T {
        try withPage(pageNumber) { (_: OpaquePointer, page: OpaquePointer) throws(ReaderError) -> T in try body(page) }
    }

    /// Runs `body` with the document handle and page `pageNumber`, as the other `withPage` does.
    func withPage<T>(_ pageNumber: Int,
                     _ body: (_ document: OpaquePointer, _ page: OpaquePointer) throws(ReaderError) -> T) throws(ReaderError) -> T {
        guard pageNumber >= 1, pageNumber <= pageCount else {
            throw ReaderError(.invalidArgument, file: path, format: .pdf,
                              reason: "page \(pageNumber) does not exist; the document has \(pageCount) pages")
        }
        return try withDocument { (document: OpaquePointer) throws(ReaderError) -> T in
            guard let popplerPage = slots.popplerPage(pageNumber),
                  let page = poppler_document_get_page(document, Int32(popplerPage - 1)) else {
                throw ReaderError(.malformed, file: path, format: .pdf, reason: "damaged: page \(pageNumber) cannot be loaded")
            }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            return try body(document, page)
        }
    }
}
