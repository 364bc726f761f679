import ReaderCore

extension DocumentFormat {
    /// A saved web page (HTML or XHTML outside an EPUB).
    public static let html = DocumentFormat(rawValue: "html")!
}

extension FormatDescriptor {
    /// A saved web page, read as its article.
    public static let html = FormatDescriptor(format: .html, displayName: "Web page (HTML)", mediaType: "text/html",
                                              fileExtensions: ["html", "htm", "xhtml", "xht", "shtml"])
}
