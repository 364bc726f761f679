import Foundation
import ReaderCore
import ReaderWeb

/// Writes articles into a Markdown folder of the PullRead convention (`YYYY/MM/YYYY-MM-DD-slug.md`),
/// never over another article: a name already taken by a different file gets `-2`, `-3`, … before
/// its extension. Each file is written to a temporary name and renamed, so a failure leaves none.
public struct ArticleFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// A folder (created on the first write).
    public init(path: String) {
        self.path = path
    }

    /// Writes `contents` at the convention's path for `title` and `bookmarked`, with `extension`
    /// (`md` or `html`).
    /// - Returns: the path written.
    /// - Throws: ``ReaderCore/ReaderError`` `unreadable` when the folder or file cannot be written.
    @discardableResult
    public func write(_ contents: String, title: String, bookmarked: Date, extension pathExtension: String = "md") throws(ReaderError) -> String {
        var relative = ArticleFileName.relativePath(title: title, bookmarked: bookmarked)
        if pathExtension != "md" { relative = String(relative.dropLast(3)) + "." + pathExtension }
        let data = Data(contents.utf8)
        let first = URL(fileURLWithPath: path).appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(at: first.deletingLastPathComponent(), withIntermediateDirectories: true)
            var destination = first
            var number = 1
            while let existing = FileManager.default.contents(atPath: destination.path), existing != data {
                number += 1
                let stem = first.deletingPathExtension().lastPathComponent
                destination = first.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number).\(pathExtension)")
            }
            try data.write(to: destination, options: .atomic)
            return destination.path
        } catch {
            throw ReaderError(.unreadable, file: first.path, reason: "cannot write the article: \(error.localizedDescription)", cause: error)
        }
    }

    /// Writes an article as Markdown (ReaderWeb's writer: front matter, blank line, body).
    @discardableResult
    public func writeMarkdown(_ article: WebArticle, frontMatter: ArticleFrontMatter) throws(ReaderError) -> String {
        try write(ArticleMarkdownWriter.contents(of: article, frontMatter: frontMatter),
                  title: frontMatter.title ?? "untitled", bookmarked: frontMatter.bookmarked ?? Date())
    }
}
