import Foundation
import ReaderCore

/// Decodes and builds the sections of a text file. It holds only immutable state, so sections can
/// be built on any thread; ``TXTDocument`` decides when, and caches the results.
struct TXTSectionLoader: @unchecked Sendable {
    /// One section, decoded and turned into blocks.
    struct Built {
        var content: SectionContent
        var utf16Length: Int
        /// The text of the section's last heading, if it has one.
        var lastHeading: String?
        /// The global UTF-16 offset of the section's start, which the source maps count from; nil
        /// when they count from the section's start (laying out needs no more).
        var baseOffset: Int?
    }

    let path: String
    let file: MappedFile
    let encoding: EncodingDetection
    let byteRanges: [Range<Int>]
    let joining: TXTLineJoining
    let decoders: TextDecoderPool
    /// Where a Project Gutenberg file's licence begins (``GutenbergWrapper``): no heading after it.
    let bookEnd: Int?
    /// What decoding each section repaired (UTF-8 books only), recorded as sections are decoded.
    let sectionWarnings = SectionWarnings()

    /// Builds section `index`, whose first UTF-16 unit has global offset `baseOffset`; with none,
    /// the source maps count from the section's start.
    func build(_ index: Int, baseOffset: Int?) throws(ReaderError) -> Built {
        let builder = TXTBlockBuilder(joining: joining, baseOffset: baseOffset ?? 0, startsDocument: index == 0,
                                      startsAfterBlank: index == 0 || endsWithBlankLine(index - 1))
        let lastHeadingLine = bookEndLine(inSection: index)
        let built = try withText(of: index) { bytes in
            var headings = TXTHeadingLine.lines(in: bytes, detector: ChapterHeadingDetector())
            if let lastHeadingLine { headings.removeAll { $0.lineIndex >= lastHeadingLine } }
            return builder.build(bytes, headings: headings)
        }
        let content = SectionContent(blocks: built.blocks)
        return Built(content: content, utf16Length: built.utf16Length,
                     lastHeading: content.blocks.last(where: \.isHeading)?.headingTitle, baseOffset: baseOffset)
    }

    /// The index of the section's line where ``bookEnd`` falls (0 when the section starts after
    /// it), or nil when the section lies before it.
    func bookEndLine(inSection index: Int) -> Int? {
        bookEndLine(inSection: index, of: file.bytes)
    }

    /// ``bookEndLine(inSection:)`` counted in `fileBytes`, a mapping of the whole file.
    func bookEndLine(inSection index: Int, of fileBytes: UnsafeRawBufferPointer) -> Int? {
        guard let bookEnd, bookEnd < byteRanges[index].upperBound else { return nil }
        let start = byteRanges[index].lowerBound
        return bookEnd <= start ? 0 : GutenbergWrapper.lineIndex(of: bookEnd, in: fileBytes, from: start)
    }

    /// The UTF-16 length of section `index`, decoding it without building blocks.
    func utf16Length(_ index: Int) throws(ReaderError) -> Int {
        try withText(of: index) { UTF8Counting.utf16Count($0) }
    }

    /// Runs `body` on the text of section `index` as well-formed UTF-8, which lives only for the call.
    func withText<Result>(of index: Int,
                                  _ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(ReaderError) -> Result {
        let result: Result
        do {
            result = try decoders.withDecoder { decoder in
                var nuls = NULCount()
                let result = decoder.withUTF8(decoding: file.bytes(in: byteRanges[index])) { text in
                    nuls = NULCount(in: text)
                    return body(text)
                }
                sectionWarnings.record(Self.warnings(decoder.lastRepair, section: index, encoding: decoder.encoding.name)
                                       + nuls.warnings(section: index), section: index)
                return result
            }
        } catch {
            throw error.locating(file: path, format: .txt)
        }
        // The text is built by now; let the kernel drop the mapped pages.
        file.release(byteRanges[index])
        return result
    }

    /// The warnings for what decoding a section repaired.
    private static func warnings(_ repair: MixedUTF8Repair?, section: Int, encoding: String) -> [DocumentWarning] {
        guard let repair else { return [] }
        var warnings: [DocumentWarning] = []
        if repair.latin1Bytes > 0 {
            warnings.append(DocumentWarning(
                .invalidEncoding, message: "\(repair.latin1Bytes) bytes that are not \(encoding) were read as windows-1252 (Latin-1)",
                location: .init(section: section)))
        }
        if repair.replacements > 0 {
            warnings.append(DocumentWarning(
                .invalidEncoding, message: "\(repair.replacements) bytes that are not \(encoding) were replaced with U+FFFD",
                location: .init(section: section)))
        }
        return warnings
    }

    /// Whether section `index` ends with an empty line, so the next one starts a paragraph.
    func endsWithBlankLine(_ index: Int) -> Bool {
        let layout = CodeUnitLayout(encoding.encoding)
        let range = byteRanges[index]
        var offset = range.upperBound - layout.size
        var newlines = 0
        while offset >= range.lowerBound, newlines < 2 {
            let unit = layout.unit(file.bytes, at: offset)
            if unit == 0x0A { newlines += 1 } else if unit != 0x0D { break }
            offset -= layout.size
        }
        return newlines >= 2
    }
}

/// Reads the code units of an encoding from raw bytes, for finding line feeds without decoding.
struct CodeUnitLayout {
    /// Bytes per code unit: 1 for UTF-8 and legacy encodings, 2 for UTF-16, 4 for UTF-32.
    let size: Int
    let littleEndian: Bool

    init(_ encoding: TextEncoding) {
        size = encoding.codeUnitSize
        littleEndian = !encoding.name.hasSuffix("BE")
    }

    /// The code unit starting at byte `offset`.
    func unit(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in 0..<size {
            value = value << 8 | UInt32(bytes[offset + (littleEndian ? size - 1 - index : index)])
        }
        return value
    }
}
