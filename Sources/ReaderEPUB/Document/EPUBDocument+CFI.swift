import ReaderCore
import ReaderHTML

extension EPUBDocument {
    /// The CFI of a source offset in a section, without the `epubcfi(…)` wrapper:
    /// `/6/4[itemref-id]!/4/2/1:10`. A document with no text (a cover or comic page that is only
    /// a picture, a blank page) has no run to point into: its CFI points at its `<body>`,
    /// `/6/4[itemref-id]!/4`, which resolves to its start.
    func cfi(section: EPUBSection, converted: ConvertedSection, sourceOffset: Int) -> String? {
        let spineIndex = section.spineIndex, itemrefID = section.itemref.id
        if let cfi = converted.pathIndex.cfi(forSourceOffset: sourceOffset, spineIndex: spineIndex, itemrefID: itemrefID) {
            return cfi.innerDescription
        }
        guard converted.pathIndex.chunks.isEmpty, let startPath = converted.startPath else { return nil }
        return EPUBCFI(spineIndex: spineIndex, itemrefID: itemrefID, contentPath: startPath).innerDescription
    }

    /// The text position of a CFI (with or without the `epubcfi(…)` wrapper), its spine step
    /// corrected by its id assertion and its offset by its text assertion; nil when it names no
    /// spine item of this book, so the caller can fall back to the Locator's other keys.
    /// - Throws: ``ReaderError`` (invalidLocator) when the CFI is not valid syntax.
    func resolve(cfi text: String) throws(ReaderError) -> TextPosition? {
        let cfi: EPUBCFI
        do {
            cfi = try EPUBCFI(parsing: text)
        } catch {
            throw ReaderError(.invalidLocator, file: path, format: format, reason: "CFI \(text.prefix(80)): \(error)", cause: error)
        }
        let spine = publication.package.spine.map { (itemrefID: $0.id, idref: $0.idref) }
        guard let spineIndex = cfi.spineIndex(correctedAgainst: spine),
              let index = sections.firstIndex(where: { $0.spineIndex == spineIndex }) else { return nil }
        let converted = try htmlBook.section(index)
        let source = converted.sourceText.utf16
        let resolution = converted.pathIndex.resolve(cfi) { range in
            let lower = source.index(source.startIndex, offsetBy: max(0, min(range.lowerBound, source.count)))
            let upper = source.index(source.startIndex, offsetBy: max(0, min(range.upperBound, source.count)))
            return String(source[lower..<upper]) ?? ""
        }
        return SourceOffsetLocating.textPosition(forSourceOffset: resolution.sourceOffset, in: converted.content, section: index)
    }
}
