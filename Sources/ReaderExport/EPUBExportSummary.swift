/// What an export wrote.
public struct EPUBExportSummary: Hashable, Sendable {
    /// The package's unique identifier.
    public var identifier: String
    /// The content documents written (the cover page not counted).
    public var contentDocuments: Int
    /// The images copied (the cover included).
    public var images: Int
    /// The print pages listed in the page list.
    public var pages: Int
    /// What could not be carried over (an image in a format no reading system must show, a
    /// picture that could not be read), one line each.
    public var notes: [String]
}
