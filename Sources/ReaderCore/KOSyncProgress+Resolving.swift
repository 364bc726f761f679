import Foundation

extension Document {
    /// Where a KOSync progress document points in this document: the inverse of
    /// ``kosyncProgress(at:device:deviceID:)``. `progress` is read as a PDF page number, as
    /// crengine's XPointer where the backend resolves one (EPUB), or as this engine's own
    /// `/body/DocFragment[s]/body/p[b]/text().k` path; when it names no place, `percentage` is
    /// taken as the progression through the book.
    /// - Throws: ``ReaderError`` of kind `otherDocument` when `document` is not this file's
    ///   KOReader partial MD5, `invalidLocator` when neither `progress` nor `percentage` locates.
    public func textPosition(forKOSync progress: KOSyncProgress) throws(ReaderError) -> TextPosition {
        let own = try KOReaderPartialMD5.compute(path: path)
        guard progress.document.lowercased() == own else {
            throw ReaderError(.otherDocument, file: path, format: format,
                              reason: "the progress is of another document (KOReader key \(progress.document.prefix(32)), this is \(own))")
        }
        if format == .pdf, let page = Int(progress.progress.trimmingCharacters(in: .whitespaces)) {
            return try resolve(Locator(href: "", type: "", locations: .init(page: page)))
        }
        if let provider = self as? any XPointerProviding, let found = try provider.textPosition(forXPointer: progress.progress) {
            return found
        }
        if !(self is any XPointerProviding), let found = try ownPath(progress.progress) { return found }
        return try resolve(Locator(href: "", type: "", locations: .init(totalProgression: progress.percentage)))
    }

    /// The position of `/body/DocFragment[s]/body/p[b]/text().k` (section s, block b, k scalars
    /// in), as ``kosyncProgress(at:device:deviceID:)`` writes it for formats crengine cannot place.
    private func ownPath(_ path: String) throws(ReaderError) -> TextPosition? {
        let numbers = path.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard path.hasPrefix("/body/DocFragment["), path.contains("]/body/p["), numbers.count == 3,
              readingOrder.indices.contains(numbers[0] - 1) else { return nil }
        let blocks = try content(ofSection: numbers[0] - 1).blocks
        guard blocks.indices.contains(numbers[1] - 1) else { return nil }
        let scalars = blocks[numbers[1] - 1].text.unicodeScalars
        guard numbers[2] <= scalars.count else { return nil }
        let offset = scalars.prefix(numbers[2]).reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        return TextPosition(section: numbers[0] - 1, block: numbers[1] - 1, offset: offset)
    }
}
