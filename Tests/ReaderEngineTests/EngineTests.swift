import Foundation
import ReaderCore
import ReaderEngine
import ReaderFeeds
import ReaderEPUB
import ReaderPDF
import ReaderMarkdown
import ReaderMOBI
import ReaderTXT
import ReaderWeb
import ReaderTestSupport
import Testing

/// The dispatcher: errors for files it cannot open, sniffing by content then extension, capabilities.
@Suite struct EngineTests {
    let engine = ReaderEngine.standard

    @Test("a missing file is fileNotFound, and the message names the path")
    func missingFile() throws {
        try withTemporaryDirectory(prefix: "reader-engine-tests") { directory in
            let path = directory.appendingPathComponent("no-such-book.txt").path
            let error = try #require(readerError { _ = try engine.open(path: path) })
            #expect(error.kind == .fileNotFound)
            #expect(error.file == path)
            #expect(error.description.contains(path))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a directory is unreadable")
    func directory() throws {
        try withTemporaryDirectory(prefix: "reader-engine-tests") { directory in
            let path = directory.appendingPathComponent("folder.txt").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let error = try #require(readerError { _ = try engine.open(path: path) })
            #expect(error.kind == .unreadable)
            #expect(error.file == path)
            #expect(error.description.hasPrefix(path + ": "))
        }
    }

    @Test("random binary bytes named .txt are an unsupported format")
    func binaryNamedTXT() throws {
        try withTemporaryDirectory(prefix: "reader-engine-tests") { directory in
            var random = SeededRandom(seed: 0xB1_4A_27)
            var bytes = (0..<6000).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes[0] = 0x01  // no byte order mark by chance
            bytes[1] = 0x00
            let path = directory.appendingPathComponent("noise.txt").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let error = try #require(readerError { _ = try engine.open(path: path) })
            #expect(error.kind == .unsupportedFormat)
            #expect(error.file == path)
            let sniffError = try #require(readerError { _ = try engine.sniff(path: path) })
            #expect(sniffError.kind == .unsupportedFormat)
        }
    }

    @Test("a PDF named .txt is opened as PDF: content wins over the extension")
    func pdfNamedTXT() throws {
        try withTemporaryDirectory(prefix: "reader-engine-tests") { directory in
            let path = directory.appendingPathComponent("report.txt").path
            try Data("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(try engine.sniff(path: path).format == .pdf)
            // Handed to the PDF backend, which finds the file broken (no pages, no xref): not read as text.
            let error = try #require(readerError { _ = try engine.open(path: path) })
            #expect(error.kind == .malformed)
            #expect(error.format == .pdf)
            #expect(error.file == path)
        }
    }

    static let markdown = """
        ---
        title: Harbour Notes
        author: Nell Carrow
        ---
        # Harbour notes

        Some *emphasis* and a [link](https://example.org/harbour).

        ## Tides

        ```
        high water 06:14
        ```

        See [the log](log.md) and [the chart](chart.md).

        """

    @Test("Markdown named .txt opens as TXT; named .notes with front matter it opens as Markdown")
    func extensionChoosesBetweenTextFormats() throws {
        try withTemporaryDirectory(prefix: "reader-engine-tests") { directory in
            let txtPath = directory.appendingPathComponent("notes.txt").path
            let notesPath = directory.appendingPathComponent("harbour.notes").path
            try Data(Self.markdown.utf8).write(to: URL(fileURLWithPath: txtPath))
            try Data(Self.markdown.utf8).write(to: URL(fileURLWithPath: notesPath))

            let asText = try engine.open(path: txtPath)
            #expect(asText.format == .txt)
            #expect(asText is TXTDocument)
            let texts = try asText.readingOrder.indices.flatMap { try asText.content(ofSection: $0).blocks.map(\.text) }
            let shown = texts.joined(separator: "\n")
            #expect(shown.contains("title: Harbour Notes") && shown.contains("# Harbour notes"), "TXT shows the source as it is")
            #expect(shown.contains("Some *emphasis* and a [link](https://example.org/harbour)."))

            let asMarkdown = try engine.open(path: notesPath)
            #expect(asMarkdown.format == .markdown)
            #expect(asMarkdown.metadata.title == "Harbour Notes")
            let blocks = try asMarkdown.readingOrder.indices.flatMap { try asMarkdown.content(ofSection: $0).blocks }
            #expect(blocks.contains { $0.kind == .heading(level: 1) && $0.text == "Harbour notes" })
            #expect(blocks.contains { $0.kind == .preformatted && $0.text.contains("high water 06:14") })

            #expect(try engine.sniff(path: txtPath).evidence == .textHeuristic)
            #expect(try engine.sniff(path: notesPath).format == .markdown)
        }
    }

    @Test("require refuses what a format cannot do, and allows what it can")
    func requireCapability() throws {
        let path = TestPaths.testBooks + "/txt/lighthouse-keeper.txt"
        let document = try engine.open(path: path)
        #expect(document.format == .txt)
        let error = try #require(readerError { try engine.require(.cover, of: document, for: "cover") })
        #expect(error.kind == .unsupportedOperation)
        #expect(error.file == path)
        #expect(error.format == .txt)
        #expect(error.reason.contains("cover"))
        #expect(readerError { try engine.require(.tableOfContents, of: document, for: "toc") } == nil)
        #expect(readerError { try engine.require([.reflow, .sourceOffsets], of: document, for: "paging") } == nil)
    }

    /// Each format's capabilities, written out by name: what `reader formats` prints and what
    /// `require` consults.
    static let expectedCapabilities: [DocumentFormat: [String]] = [
        .txt: ["toc", "metadata", "search", "reflow", "encoding-detection", "source-offsets"],
        .markdown: ["toc", "metadata", "search", "reflow", "images", "source-offsets"],
        .epub: ["toc", "metadata", "cover", "search", "reflow", "cfi", "images", "encryption-detection"],
        .pdf: ["toc", "metadata", "cover", "search", "reflow", "fixed-pages", "encryption-detection"],
        .mobi: ["toc", "metadata", "cover", "search", "reflow", "images", "encryption-detection"],
        .azw3: ["toc", "metadata", "cover", "search", "reflow", "images", "encryption-detection"],
        .html: ["toc", "metadata", "search", "reflow", "images", "encoding-detection", "source-offsets"],
        .feed: ["toc", "metadata", "search", "reflow", "images", "source-offsets"],
    ]

    @Test("the capability matrix lists every registered format with the capabilities its backend declares")
    func capabilityMatrix() {
        let matrix = engine.capabilityMatrix
        #expect(matrix.map(\.descriptor.format) == [.txt, .markdown, .epub, .pdf, .mobi, .azw3, .html, .feed])
        #expect(matrix.map(\.descriptor) == [.txt, .markdown, .epub, .pdf, .mobi, .azw3, .html, .feed] as [FormatDescriptor])
        for (descriptor, capabilities) in matrix {
            #expect(capabilities.names == Self.expectedCapabilities[descriptor.format], "\(descriptor.format)")
        }
        #expect(engine.registry.format(forFileExtension: "MKD") == .markdown)
        #expect(engine.registry.format(forFileExtension: ".prc") == .mobi)
        #expect(engine.registry.format(forFileExtension: "zip") == nil)
        #expect(engine.registry.displayName(of: .azw3) == "AZW3 (KF8)")
    }

    @Test("each opened TestBook has its format's capabilities; a fixed-layout EPUB adds fixed pages", arguments: [
        ("txt/lighthouse-keeper.txt", DocumentFormat.txt), ("md/field-notes.md", .markdown),
        ("epub/lighthouse-keeper.epub", .epub), ("pdf/harbour-lights.pdf", .pdf), ("mobi/lighthouse-keeper.mobi", .mobi),
        ("mobi/lighthouse-keeper.azw3", .azw3), ("epub/winter-road-fixed.epub", .epub),
    ])
    func documentCapabilities(book: String, format: DocumentFormat) throws {
        let document = try engine.open(path: TestPaths.testBooks + "/" + book)
        #expect(document.format == format)
        var expected = Self.expectedCapabilities[format] ?? []
        if book.hasSuffix("-fixed.epub") { expected.insert("fixed-pages", at: expected.firstIndex(of: "cfi") ?? 0) }
        #expect(document.capabilities.names == expected)
    }

    @Test("an engine without a format's backend has no capabilities for it and refuses to open it")
    func partialEngine() throws {
        let textOnly = ReaderEngine(backends: [TXTBackend()])
        #expect(textOnly.capabilityMatrix.map(\.descriptor.format) == [.txt])
        #expect(textOnly.backend(for: .epub) == nil)
        let path = TestPaths.testBooks + "/epub/lighthouse-keeper.epub"
        let forced = try #require(readerError { _ = try textOnly.open(path: path, format: .epub) })
        #expect(forced.kind == .unsupportedFormat)
        #expect(forced.reason.hasPrefix("no backend for "))
        #expect(forced.format == .epub)
        let sniffed = try #require(readerError { _ = try textOnly.open(path: path) })
        #expect(sniffed.kind == .unsupportedFormat)
    }

    /// A backend that claims plain text and refuses every file, to see which backend the engine picks.
    struct RefusingTextBackend: DocumentBackend {
        var descriptors: [FormatDescriptor] { [.txt] }
        func capabilities(for format: DocumentFormat) -> FormatCapabilities { [.search] }
        func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
            throw ReaderError(.unsupportedFormat, reason: "refused by the test backend")
        }
    }

    @Test("the first backend registered for a format opens its files; a later one never replaces it")
    func registrationOrder() throws {
        let path = TestPaths.testBooks + "/txt/lighthouse-keeper.txt"
        let first = ReaderEngine(backends: [RefusingTextBackend()] + ReaderEngine.standard.backends)
        #expect(first.backend(for: .txt) is RefusingTextBackend)
        #expect(first.backend(for: .epub) is EPUBBackend)
        #expect(first.capabilityMatrix.first { $0.descriptor.format == .txt }?.capabilities == [.search])
        let error = try #require(readerError { _ = try first.open(path: path) })
        #expect(error.reason == "refused by the test backend")
        #expect(error.file == path)

        let last = ReaderEngine(backends: ReaderEngine.standard.backends + [RefusingTextBackend()])
        #expect(last.backend(for: .txt) is TXTBackend)
        #expect(try last.open(path: path).format == .txt)
    }

    // MARK: - Helpers
}
