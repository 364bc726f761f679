import ReaderCore

extension FormatDescriptor {
    /// Portable Document Format.
    public static let pdf = FormatDescriptor(format: .pdf, displayName: "PDF", mediaType: "application/pdf",
                                             fileExtensions: ["pdf"])
}
