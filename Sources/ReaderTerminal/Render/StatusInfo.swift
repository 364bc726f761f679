import Foundation
import ReaderCore

/// What the status line says: the book, where the reader is, and a message or prompt.
public struct StatusInfo: Hashable, Sendable {
    /// The book's title.
    public var title: String
    /// The title of the chapter the page is in, when known.
    public var chapter: String?
    /// The page shown (1-based).
    public var page: Int
    /// The page count, exact or an estimate (`~`); nil until known.
    public var pageCount: PageCount?
    /// The time of day (`HH:MM`) or time left in the chapter, shown when it fits.
    public var clock: String?
    /// A message that takes the place of title and chapter (an error, a result).
    public var message: String?
    /// Whether the message is an error (drawn bold).
    public var isError: Bool

    /// Creates a status.
    public init(title: String, chapter: String? = nil, page: Int, pageCount: PageCount? = nil, clock: String? = nil,
                message: String? = nil, isError: Bool = false) {
        self.title = title
        self.chapter = chapter
        self.page = page
        self.pageCount = pageCount
        self.clock = clock
        self.message = message
        self.isError = isError
    }

    /// How far the page is into the book, as `reader open` reports it; nil while the count is unknown.
    public var percent: Int? {
        guard let pageCount else { return nil }
        return pageCount.value > 0 ? min(100, Int((Double(page) * 100 / Double(pageCount.value)).rounded())) : 100
    }

    /// `page N of M · P%` (`of ~M` for an estimate; `page N` alone while the count is unknown).
    public var position: String {
        guard let pageCount, let percent else { return "page \(page)" }
        return "page \(page) of \(pageCount) · \(percent)%"
    }

    /// The status line in `columns` cells: the left part (message, or title · chapter) and the
    /// right part (position, then the clock when there is room); the chapter and the clock go
    /// first when room is short, then the title is shortened.
    public func line(columns: Int, unicode: Bool) -> String {
        let separator = unicode ? " · " : " | "
        let right = DisplayText.line(position.replacingSeparators(with: separator), unicode: unicode)
        let clocked = clock.map { right + separator + $0 } ?? right
        let left: String
        if let message {
            left = DisplayText.line(message, unicode: unicode)
        } else {
            left = DisplayText.line(title, unicode: unicode)
        }
        let chapterText = message == nil ? chapter.map { DisplayText.line($0, unicode: unicode) } : nil
        for (leftText, rightText) in [(chapterText.map { left + separator + $0 } ?? left, clocked), (left, clocked),
                                      (left, right)] {
            let needed = DisplayText.width(leftText) + 2 + DisplayText.width(rightText)
            if needed <= columns {
                return leftText + String(repeating: " ", count: columns - DisplayText.width(leftText) - DisplayText.width(rightText)) + rightText
            }
        }
        let room = columns - DisplayText.width(right) - 1
        if room >= 4 {
            let shortened = DisplayText.truncated(left, to: room, unicode: unicode)
            return shortened + String(repeating: " ", count: columns - DisplayText.width(shortened) - DisplayText.width(right)) + right
        }
        return DisplayText.truncated(right, to: columns, unicode: unicode)
    }
}

extension String {
    /// The status line's `·` separators as `separator` (for ASCII terminals).
    func replacingSeparators(with separator: String) -> String {
        separator == " · " ? self : split(separator: "·", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: separator)
    }
}
