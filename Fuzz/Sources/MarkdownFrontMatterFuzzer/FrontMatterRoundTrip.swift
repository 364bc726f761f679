import Foundation
import FuzzSupport
import ReaderCore
import ReaderEngine
import ReaderWeb

/// ReaderWeb writes an article's front matter (`ArticleFrontMatter.yaml`, quoting what YAML would
/// misread); ReaderMarkdown reads front matter with Yams. The fields come from the input, split at
/// NUL bytes: title, author, excerpt, language, url, feed, categories (split at 0x1F), the rest the
/// Markdown body. What must hold: the file opens as Markdown with valid front matter, and every
/// field reads back as it was written (white space collapsed and trimmed, as the writer and the
/// reader do; a field left empty reads as none, and a title left empty is not compared, the
/// document then being titled by its first heading): title, author, excerpt (the description),
/// language, url (the first identifier), feed and categories (the `fields`).
enum FrontMatterRoundTrip {
    static func check(_ input: ArraySlice<UInt8>, file: ScratchFile) {
        var parts = input.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        while parts.count < 8 { parts.append("") }
        var matter = ArticleFrontMatter()
        matter.title = parts[0]
        matter.author = parts[1]
        matter.excerpt = parts[2]
        matter.language = parts[3]
        matter.url = parts[4]
        matter.feed = parts[5]
        matter.categories = parts[6].split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        matter.bookmarked = Date(timeIntervalSince1970: 1_700_000_000)
        let yaml = matter.yaml
        file.write(Array((yaml + "\n" + parts[7] + "\n").utf8))
        let document: any Document
        do {
            document = try ReaderEngine.standard.open(path: file.path, format: .markdown)
        } catch {
            fuzzFail("the written front matter does not open: \(error)\n\(yaml)")
        }
        let metadata = document.metadata
        let status = document.details.first { $0.name.lowercased().contains("front matter") }?.value
        fuzzCheck(status == nil || status == "yes", "front matter \(status ?? ""): \(metadata.warnings)\n\(yaml)")
        // Without a title, the document takes its first heading's or the file's name.
        if cleaned(parts[0]) != nil { expect(metadata.title, parts[0], "title", yaml) }
        expect(metadata.authors.first, parts[1], "author", yaml)
        fuzzCheck(metadata.authors.count <= 1, "one author written, \(metadata.authors) read\n\(yaml)")
        expect(metadata.description, parts[2], "excerpt", yaml)
        expect(metadata.language, parts[3], "lang", yaml)
        expect(metadata.identifiers.first, parts[4], "url", yaml)
        expect(metadata.fields["feed"], parts[5], "feed", yaml)
        let categories = matter.categories.compactMap(cleaned)
        expect(metadata.fields["categories"], categories.isEmpty ? "" : categories.joined(separator: ", "), "categories", yaml)
    }

    private static func expect(_ read: String?, _ written: String, _ key: String, _ yaml: String) {
        let expected = cleaned(written)
        fuzzCheck(read == expected, "\(key): wrote \(String(reflecting: written)), read \(String(reflecting: read)) "
                      + "(expected \(String(reflecting: expected)))\n\(yaml)")
    }

    /// A value as it should read back: white space collapsed (the writer's rule) and trimmed (the
    /// reader's); nil when nothing is left.
    private static func cleaned(_ value: String) -> String? {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar.isCollapsibleSpace {
                if !word.isEmpty { words.append(String(word)) }
                word = String.UnicodeScalarView()
            } else {
                word.append(scalar)
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
