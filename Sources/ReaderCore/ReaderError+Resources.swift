extension ReaderError {
    /// The error for an href that names no resource of the document.
    package static func unknownResource(_ href: String, file: String, format: DocumentFormat,
                                        detail: String? = nil) -> ReaderError {
        ReaderError(.invalidArgument, file: file, format: format,
                    reason: "no resource \"\(href)\"" + (detail.map { ": " + $0 } ?? ""))
    }

    /// The error for a resource larger than ``DocumentResource/byteLimit``.
    package static func resourceTooLarge(_ href: String, byteCount: Int, file: String,
                                         format: DocumentFormat) -> ReaderError {
        ReaderError(.unsupportedOperation, file: file, format: format,
                    reason: "resource \"\(href)\" has \(byteCount) bytes, more than the \(DocumentResource.byteLimit >> 20) MiB a resource may have")
    }
}
