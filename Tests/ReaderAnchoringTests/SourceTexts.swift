import Foundation
import ReaderTestSupport

/// The stories in `TestBooks/src/` as paragraphs (one a line, blank lines dropped).
enum SourceTexts {
    static let english = paragraphs("lighthouse-keeper.txt")
    static let chinese = paragraphs("moon-garden.zh.txt")
    static let russian = paragraphs("winter-road.ru.txt")

    private static func paragraphs(_ name: String) -> [String] {
        let url = TestLocation.testBooks.appendingPathComponent("src").appendingPathComponent(name)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
