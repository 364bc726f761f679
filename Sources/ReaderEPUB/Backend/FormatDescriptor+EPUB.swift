import ReaderCore

extension FormatDescriptor {
    /// EPUB 2 or 3 (an OCF zip container).
    public static let epub = FormatDescriptor(format: .epub, displayName: "EPUB", mediaType: "application/epub+zip",
                                              fileExtensions: ["epub"])
}
