import Foundation
import ReaderCore

/// An article file's entry in the listing, read from its first 32 KB: the front matter's fields
/// (snake_case keys as the camelCase fields), `source`, `published` and `description` standing in
/// for `url`, `bookmarked` and `excerpt`, the file name for the title, and the first real image
/// of the body when the front matter names none.
enum ArticleSummary {
    /// How much of each article is read for the listing.
    static let headBytes = 32 * 1024
    /// How much of the summary `?summaries=1` sends.
    static let summaryCharacters = 500

    /// The entry of the article whose first bytes are `head`.
    static func entry(fileName: String, head: [UInt8], modified: Date) -> ViewerFile {
        let whole = trimmedToCharacter(head)
        let (decoded, hasCarriageReturn) = whole.withUnsafeBufferPointer { bytes in
            (String(decoding: bytes, as: UTF8.self), ByteSearch.contains(byte: 0x0D, in: bytes))
        }
        var text = decoded
        if hasCarriageReturn { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        var file = ViewerFile()
        file.filename = fileName
        file.mtime = ViewerDate.iso8601(modified)
        let split = FrontMatterValues.split(text[...])
        let matter = split?.values
        let body = split?.body ?? text[...]
        file.title = matter?.text("title") ?? titleFromFileName(fileName)
        guard let matter else {
            file.image = LeadImage.first(in: body) ?? ""
            return file
        }
        file.url = matter.text("url", "source") ?? ""
        file.domain = matter.text("domain") ?? ""
        file.bookmarked = matter.text("bookmarked", "published") ?? ""
        file.feed = matter.text("feed") ?? ""
        file.author = matter.text("author") ?? matter.list("authors").joined(separator: ", ")
        let summary = matter.text("summary")
        file.hasSummary = summary != nil
        file.summary = summary.map { String($0.prefix(summaryCharacters)) }
        file.summaryProvider = matter.text("summaryProvider") ?? ""
        file.summaryModel = matter.text("summaryModel") ?? ""
        file.excerpt = matter.text("excerpt", "description") ?? ""
        file.image = matter.text("image", "thumbnail") ?? LeadImage.first(in: body) ?? ""
        file.favicon = matter.text("favicon") ?? ""
        file.enclosureUrl = matter.text("enclosureUrl") ?? ""
        file.enclosureType = matter.text("enclosureType") ?? ""
        file.enclosureDuration = matter.text("enclosureDuration") ?? ""
        file.videoEnclosureUrl = matter.text("videoEnclosureUrl") ?? ""
        file.videoEnclosureType = matter.text("videoEnclosureType") ?? ""
        file.commentsUrl = matter.text("commentsUrl") ?? ""
        file.commentCount = matter.integer("commentCount") ?? 0
        file.categories = matter.list("categories")
        return file
    }

    /// The file name without its Markdown extension.
    static func titleFromFileName(_ fileName: String) -> String {
        let name = fileName as NSString
        return ["md", "markdown"].contains(name.pathExtension.lowercased()) ? name.deletingPathExtension : fileName
    }

    /// `head` without a UTF-8 sequence cut off at its end (it stops at 32 KB, maybe mid-character).
    private static func trimmedToCharacter(_ head: [UInt8]) -> ArraySlice<UInt8> {
        var end = head.count
        var back = 0
        while end > 0, back < 4, head[end - 1] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        guard end > 0, head[end - 1] >= 0xC0 else { return head[...] }
        let lead = head[end - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return back + 1 >= length ? head[...] : head[..<(end - 1)]
    }
}
