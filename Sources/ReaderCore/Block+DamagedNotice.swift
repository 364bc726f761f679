extension Block {
    /// The block that stands where part of a document could not be read (a chapter whose data fails
    /// its check, a page that does not load): a visible notice, never the damaged bytes.
    /// - Parameter what: what is missing, e.g. "OEBPS/ch02.xhtml (CRC error)".
    public static func damagedNotice(_ what: String) -> Block {
        Block(kind: .paragraph, text: "[This part of the book is damaged and cannot be shown: \(what)]", sourceMap: SourceMap())
    }
}
