import ReaderCore

extension FormatDescriptor {
    /// Mobipocket (MOBI 6, possibly a KF8 hybrid), and PalmDOC text.
    public static let mobi = FormatDescriptor(format: .mobi, displayName: "MOBI", mediaType: "application/x-mobipocket-ebook",
                                              fileExtensions: ["mobi", "prc", "azw"])
    /// Kindle Format 8 only (AZW3).
    public static let azw3 = FormatDescriptor(format: .azw3, displayName: "AZW3 (KF8)",
                                              mediaType: "application/vnd.amazon.mobi8-ebook", fileExtensions: ["azw3", "kf8"])
}
