import Foundation
import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// A Locator's title is the last chapter heading at or before it, found in earlier sections
/// whether or not they were read before: the same position gets the same title in a document just
/// opened and in one that has read every section.
@Suite struct TXTLocatorTitleTests {
    /// A chapter heading, then enough prose to fill several small sections, then another heading
    /// and more prose.
    static var text: String {
        let paragraph = "The lamp turned all night and the keeper wrote down the weather in the log.\n\n"
        return "CHAPTER 1. THE CROSSING\n\n" + String(repeating: paragraph, count: 200)
            + "CHAPTER 2. THE LAMP\n\n" + String(repeating: paragraph, count: 200)
    }

    @Test("the title of a position before its section's first heading", arguments: [String.Encoding.utf8, .utf16LittleEndian])
    func titleFromAnEarlierSection(encoding: String.Encoding) throws {
        try withTemporaryDirectory(prefix: "reader-txt-titles") { directory in
            let path = directory.appendingPathComponent("book.txt").path
            var data = encoding == .utf16LittleEndian ? Data([0xFF, 0xFE]) : Data()
            data.append(try #require(Self.text.data(using: encoding)))
            try data.write(to: URL(fileURLWithPath: path))
            let fresh = try Self.open(path)
            let sections = fresh.readingOrder.count
            #expect(sections >= 6)
            // The last sections of each chapter, asked about first thing.
            var titles: [Int: String?] = [:]
            for section in [sections - 1, 2, 1] { titles[section] = try fresh.locator(at: TextPosition(section: section, block: 0, offset: 0)).title }
            #expect(titles[1] == "CHAPTER 1. THE CROSSING")
            #expect(titles[2] == "CHAPTER 1. THE CROSSING")
            #expect(titles[sections - 1] == "CHAPTER 2. THE LAMP")

            let read = try Self.open(path)
            for section in 0..<sections { _ = try read.content(ofSection: section) }
            for (section, title) in titles {
                #expect(try read.locator(at: TextPosition(section: section, block: 0, offset: 0)).title == title, "section \(section)")
            }
        }
    }

    static func open(_ path: String) throws -> TXTDocument {
        try TXTDocument(path: path, options: .init(), capabilities: TXTBackend().capabilities(for: .txt), sectionSize: 4096)
    }
}
