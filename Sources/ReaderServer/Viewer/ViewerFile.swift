/// One entry of `GET /api/files`: an article or a book, in the shape the Markdown article viewer
/// reads. Every text field is present (empty when unknown), never missing.
struct ViewerFile: Codable, Hashable, Sendable {
    var filename = ""
    var title = ""
    var url = ""
    var domain = ""
    var bookmarked = ""
    var feed = ""
    var author = ""
    var mtime = ""
    var hasSummary = false
    var summaryProvider = ""
    var summaryModel = ""
    var excerpt = ""
    var image = ""
    var favicon = ""
    var enclosureUrl = ""
    var enclosureType = ""
    var enclosureDuration = ""
    var videoEnclosureUrl = ""
    var videoEnclosureType = ""
    var commentsUrl = ""
    var commentCount = 0
    var categories: [String] = []
    /// The front matter's summary (first 500 characters), sent only for `?summaries=1`.
    var summary: String?
}
