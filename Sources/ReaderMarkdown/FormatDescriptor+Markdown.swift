import ReaderCore

extension FormatDescriptor {
    /// CommonMark / GitHub Flavored Markdown, optionally with YAML front matter.
    public static let markdown = FormatDescriptor(format: .markdown, displayName: "Markdown", mediaType: "text/markdown",
                                                  fileExtensions: ["md", "markdown", "mkd", "mdown", "mdwn", "mkdn"])
}
