/// Documents that hold resources (images, stylesheets, fonts, rendered pages) a caller can list
/// and read by href.
public protocol ResourceProviding {
    /// The resources, in the document's own order.
    /// - Throws: ``ReaderError`` when the document's structure cannot be read.
    func resources() throws(ReaderError) -> [DocumentResource]
    /// The bytes of the resource at `href`, as stored (a PDF page: rendered as PNG).
    /// - Throws: ``ReaderError`` `invalidArgument` when no resource has that href,
    ///   `unsupportedOperation` when it is larger than ``DocumentResource/byteLimit``, or the
    ///   error that reading it met.
    func resourceData(href: String) throws(ReaderError) -> [UInt8]
}
