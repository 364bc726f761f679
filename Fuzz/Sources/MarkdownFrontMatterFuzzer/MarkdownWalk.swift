import FuzzSupport
import ReaderCore
import ReaderEngine

/// Opens a Markdown file as the engine does (front matter, cmark-gfm, the blocks and their source
/// maps, heading slugs, footnotes, alerts, HTML blocks) and walks it. What must hold, beyond
/// `EngineWalk`'s Locator checks: the metadata only the front matter gives (language, date,
/// description, authors, tags) is trimmed and never empty (a blank value counts as none).
enum MarkdownWalk {
    static func openAndWalk(path: String) {
        guard let document = try? ReaderEngine.standard.open(path: path, format: .markdown) else { return }
        fuzzCheck(document.format == .markdown, "opened as \(document.format)")
        let metadata = document.metadata
        // Not the title, which may come from the first heading when the front matter has none.
        var values = [metadata.language, metadata.date, metadata.description].compactMap { $0 }
        values += metadata.authors + metadata.subjects
        for value in values {
            fuzzCheck(!value.isEmpty && value.first?.isWhitespace == false && value.last?.isWhitespace == false,
                      "front matter value \(String(reflecting: value)) is empty or not trimmed")
        }
        EngineWalk.walk(document)
    }
}
