import ReaderCore

extension FormatDescriptor {
    /// Plain text in any encoding.
    public static let txt = FormatDescriptor(format: .txt, displayName: "Plain text", mediaType: "text/plain",
                                             fileExtensions: ["txt", "text"])
}
