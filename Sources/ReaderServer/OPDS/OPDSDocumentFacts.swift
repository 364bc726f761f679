import Foundation
import ReaderCore
import ReaderEngine

/// What the catalog reads from a book file itself: its metadata and cover, opened through the
/// engine. A file the engine cannot open has no facts (and no entry in a folder's catalog).
struct OPDSDocumentFacts: Sendable {
    var metadata: DocumentMetadata

    /// Opens `path` and keeps its metadata; nil when the engine cannot open it.
    static func read(path: String, engine: ReaderEngine) -> OPDSDocumentFacts? {
        guard let document = try? engine.open(path: path) else { return nil }
        defer { document.close() }
        return OPDSDocumentFacts(metadata: document.metadata)
    }

    /// The cover picture of the file at `path`, at most `limit` bytes.
    static func cover(path: String, engine: ReaderEngine, limit: Int = OPDSCoverCache.maxCoverBytes) -> CoverImage? {
        guard let document = try? engine.open(path: path) else { return nil }
        defer { document.close() }
        guard let provider = document as? any CoverProviding, let cover = try? provider.coverImage(),
              cover.data.count <= limit else { return nil }
        return cover
    }

    /// The summary as one paragraph of plain text: markup stripped, whitespace folded, at most
    /// 2,000 characters (a description is a blurb, not a chapter).
    static func plainSummary(_ text: String?) -> String? {
        guard var text, !text.isEmpty else { return nil }
        if text.contains("<") {
            text = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
                text = text.replacingOccurrences(of: entity, with: character)
            }
        }
        let folded = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !folded.isEmpty else { return nil }
        return folded.count > 2000 ? String(folded.prefix(1999)) + "…" : folded
    }
}
