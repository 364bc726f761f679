import Foundation
import ReaderCore
internal import CPopplerGlib

/// Reads ``PDFInfo`` from an open poppler document.
enum PopplerInfoReader {
    /// The info dictionary, version, XMP packet and whether the file is encrypted.
    ///
    /// Encrypted: permissions short of full can only come from an encryption dictionary; a file
    /// that restricts nothing is checked by reading its trailer (``PDFTrailerScan``).
    /// - Parameter file: the same file, open for the trailer scan.
    static func read(_ document: OpaquePointer, file: ReadOnlyFile) -> PDFInfo {
        var major: guint = 0
        var minor: guint = 0
        poppler_document_get_pdf_version(document, &major, &minor)
        let full = POPPLER_PERMISSIONS_FULL.rawValue
        let restricted = poppler_document_get_permissions(document).rawValue & full != full
        let encrypted = restricted
            || PDFTrailerScan.declaresEncryption(file: file, linearized: poppler_document_is_linearized(document) != 0)
        let xmp = GLibString.take(poppler_document_get_metadata(document))
        return PDFInfo(
            title: text(poppler_document_get_title(document)),
            author: text(poppler_document_get_author(document)),
            subject: text(poppler_document_get_subject(document)),
            keywords: text(poppler_document_get_keywords(document)),
            creator: text(poppler_document_get_creator(document)),
            producer: text(poppler_document_get_producer(document)),
            creationDate: isoDate(poppler_document_get_creation_date_time(document)),
            modificationDate: isoDate(poppler_document_get_modification_date_time(document)),
            pdfVersion: "\(major).\(minor)",
            isEncrypted: encrypted,
            xmp: xmp?.isEmpty == false ? xmp : nil)
    }

    /// A poppler string, trimmed; nil when absent or blank.
    private static func text(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let value = GLibString.take(pointer)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !value.isEmpty
        else { return nil }
        return value
    }

    /// A `GDateTime` (released here) as ISO 8601 in UTC: "2024-03-01T10:20:30Z".
    private static func isoDate(_ dateTime: OpaquePointer?) -> String? {
        guard let dateTime else { return nil }
        defer { g_date_time_unref(dateTime) }
        guard let utc = g_date_time_to_utc(dateTime) else { return nil }
        defer { g_date_time_unref(utc) }
        return GLibString.take(g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ"))
    }
}
