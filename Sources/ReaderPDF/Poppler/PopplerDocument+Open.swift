import Foundation
import ReaderCore
internal import CPopplerGlib

extension PopplerDocument {
    /// Opens `path` (through a file URI / poppler_document_new_from_file, so the file is not read whole into memory).
    /// - Parameter password: the user or owner password, when the caller has one.
    /// - Throws: ``ReaderError`` with `file: path, format: .pdf`: `fileNotFound`; `unreadable`
    ///   (a directory, no permission); `encrypted` ("encrypted: password required" without a
    ///   password, "encrypted: wrong password" with one); `malformed` ("not a PDF: …" for an
    ///   empty file or one without a `%PDF-` header, "damaged: …" with poppler's last complaint,
    ///   and for a document of 0 pages); `unsupportedFormat` when poppler-glib cannot be loaded
    ///   (``PopplerGlibLibrary``).
    static func open(path: String, password: String?) throws(ReaderError) -> PopplerDocument {
        let file = try ReadOnlyFile(path: path, format: .pdf)
        let prefix = try file.readPrefix(1024)
        guard !prefix.isEmpty else { throw malformed(path, "not a PDF: the file is empty") }
        try PopplerGlibLibrary.load(for: path)
        guard let uri = fileURI(path) else {
            throw ReaderError(.unreadable, file: path, format: .pdf, reason: "cannot make a file URI of the path")
        }
        let messages = PopplerMessages()
        return try messages.collecting { () throws(ReaderError) -> PopplerDocument in
            var error: UnsafeMutablePointer<GError>?
            callLock.lock()
            defer { callLock.unlock() }
            let opened = poppler_document_new_from_file(uri, password, &error)
            guard let handle = opened else {
                throw openFailure(GLibError.take(&error), path: path, passwordGiven: password != nil,
                                  hasHeader: ByteSearch.firstIndex(of: Array("%PDF-".utf8), in: prefix) != nil,
                                  lastMessage: messages.last)
            }
            // Counting pages reads the page tree, so a damaged file can still fail here.
            let pageCount = Int(poppler_document_get_n_pages(handle))
            guard pageCount > 0 else {
                g_object_unref(UnsafeMutableRawPointer(handle))
                throw malformed(path, "damaged: the document has no pages")
            }
            let info = PopplerInfoReader.read(handle, file: file)
            var slots = PDFPageSlots.intact
            if let last = poppler_document_get_page(handle, Int32(pageCount - 1)) {
                g_object_unref(UnsafeMutableRawPointer(last))
            } else {
                slots = PDFPageSlots.read(path: path, password: password, pageCount: pageCount)
            }
            return PopplerDocument(handle: handle, path: path, password: password, pageCount: pageCount, info: info,
                                   slots: slots, messages: messages)
        }
    }

    /// The `file://` URI of `path` made absolute (`g_filename_to_uri`, which escapes spaces and
    /// non-ASCII bytes).
    private static func fileURI(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var error: UnsafeMutablePointer<GError>?
        let uri = GLibString.take(g_filename_to_uri(absolute, nil, &error))
        _ = GLibError.take(&error)
        return uri
    }

    /// The ReaderError for a failed `poppler_document_new_from_file`.
    static func openFailure(_ error: GLibError?, path: String, passwordGiven: Bool, hasHeader: Bool,
                            lastMessage: String?) -> ReaderError {
        func failure(_ kind: ReaderError.Kind, _ reason: String) -> ReaderError {
            ReaderError(kind, file: path, format: .pdf, reason: reason)
        }
        guard let error else { return failure(.malformed, "damaged: poppler cannot open it") }
        if error.isPoppler(POPPLER_ERROR_ENCRYPTED) {
            return failure(.encrypted, passwordGiven ? "encrypted: wrong password" : "encrypted: password required")
        }
        if error.isMissingFile { return failure(.fileNotFound, "no such file") }
        if error.isFileError || error.isPoppler(POPPLER_ERROR_OPEN_FILE) {
            return failure(.unreadable, "cannot open: \(error.message)")
        }
        guard hasHeader else { return failure(.malformed, "not a PDF: no %PDF- header in the first KiB") }
        if error.isPoppler(POPPLER_ERROR_BAD_CATALOG) {
            return failure(.malformed, "damaged: the document catalog cannot be read")
        }
        return failure(.malformed, "damaged: " + (lastMessage.map(complaint) ?? error.message))
    }

    /// A poppler log line without its "Syntax error at position 435: " lead.
    static func complaint(_ message: String) -> String {
        guard let range = message.range(of: " at position "),
              let colon = message[range.upperBound...].range(of: ": ")
        else { return message }
        return String(message[colon.upperBound...])
    }

    /// A `malformed` error about `path`.
    private static func malformed(_ path: String, _ reason: String) -> ReaderError {
        ReaderError(.malformed, file: path, format: .pdf, reason: reason)
    }
}
