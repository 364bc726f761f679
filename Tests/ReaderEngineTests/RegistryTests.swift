import Foundation
import ReaderCore
import ReaderEngine
import ReaderEPUB
import ReaderMarkdown
import ReaderMOBI
import ReaderPDF
import ReaderTXT
import ReaderTestSupport
import Testing

/// A backend from outside the package: a new format with its own sniffer, registered through
/// `ReaderEngine(backends:)`, with no change to ReaderCore.
struct RecipeBackend: DocumentBackend {
    static let recipe = DocumentFormat(rawValue: "recipe")!
    static let descriptor = FormatDescriptor(format: recipe, displayName: "Recipe card", mediaType: "application/x-recipe",
                                             fileExtensions: ["recipe"])

    /// Claims files starting with `magic`, at `priority`, as `format`.
    struct Sniffer: FormatSniffing {
        var format: DocumentFormat
        var magic: [UInt8]
        var priority: Int
        func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
            sample.hasPrefix(magic) ? FormatSniffer.Result(format: format, evidence: .magicBytes) : nil
        }
    }

    var descriptor = Self.descriptor
    var magic: [UInt8] = [0x00, 0x52, 0x43, 0x50]  // NUL "RCP": binary, so no text sniffer claims it
    var priority = 50

    var descriptors: [FormatDescriptor] { [descriptor] }
    var sniffers: [any FormatSniffing] { [Sniffer(format: descriptor.format, magic: magic, priority: priority)] }
    func capabilities(for format: DocumentFormat) -> FormatCapabilities { [.reflow] }
    func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        RecipeDocument(path: path, format: format)
    }
}

/// One paragraph saying which format opened it.
final class RecipeDocument: Document {
    let path: String
    let format: DocumentFormat
    let capabilities: FormatCapabilities = [.reflow]
    let metadata = DocumentMetadata(title: "Recipe", warnings: ["the card is smudged"])
    let details: [(name: String, value: String)] = []
    var readingOrder: [Section] { [Section(index: 0, href: "card", mediaType: "application/x-recipe")] }

    init(path: String, format: DocumentFormat) {
        self.path = path
        self.format = format
    }

    func fingerprint() throws(ReaderError) -> DocumentFingerprint { try DocumentFingerprint.compute(path: path, format: format) }
    func tableOfContents() throws(ReaderError) -> [TOCEntry] { [] }
    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        let text = "a \(format.rawValue) card"
        return SectionContent(blocks: [Block(kind: .paragraph, text: text,
                                             sourceMap: .contiguous(sourceStart: 0, length: text.utf16.count), spacingBefore: 0)])
    }
    func locator(at position: TextPosition) throws(ReaderError) -> Locator { Locator(href: "card", type: "application/x-recipe") }
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition { .start }
    func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource] { [] }
}

@Suite struct RegistryTests {
    static let standardBackends: [any DocumentBackend] = [TXTBackend(), MarkdownBackend(), EPUBBackend(), PDFBackend(), MOBIBackend()]

    private func withFile<T>(_ bytes: [UInt8], named name: String, _ body: (String) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "reader-registry-tests") { directory in
            let path = directory.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return try body(path)
        }
    }

    @Test("a registered backend opens files nobody else recognised, by its own sniffer")
    func newFormatOpens() throws {
        let card: [UInt8] = [0x00, 0x52, 0x43, 0x50] + [UInt8](repeating: 0x01, count: 200)
        try withFile(card, named: "dinner.bin") { (path: String) throws in
            let standard = ReaderEngine.standard
            #expect(readerError { _ = try standard.open(path: path) }?.kind == .unsupportedFormat)
            #expect(try standard.fingerprint(path: path).format == .unknown)

            let engine = ReaderEngine(backends: Self.standardBackends + [RecipeBackend()])
            #expect(try engine.sniff(path: path) == .init(format: RecipeBackend.recipe, evidence: .magicBytes))
            let document = try engine.open(path: path)
            #expect(document.format == RecipeBackend.recipe)
            #expect(try document.content(ofSection: 0).blocks.first?.text == "a recipe card")
            #expect(try engine.fingerprint(path: path).description.hasPrefix("recipe:"))
            #expect(engine.capabilityMatrix.last?.descriptor == RecipeBackend.descriptor)
            #expect(engine.registry.format(forFileExtension: "recipe") == RecipeBackend.recipe)
            // A backend without typed warnings gets its metadata's strings as general warnings.
            #expect(document.warnings == [DocumentWarning(.general, message: "the card is smudged")])
            #expect(try document.allWarnings() == document.warnings)
            // An empty file named by the new extension is the new format, for its backend to judge.
            try withFile([], named: "empty.recipe") { (empty: String) throws in
                #expect(try engine.sniff(path: empty) == .init(format: RecipeBackend.recipe, evidence: .fileExtension))
            }
        }
    }

    @Test("priorities decide between two claimants: above the text sniffers a backend takes text files too")
    func prioritiesDecide() throws {
        let text = Array("RCP: soup\nSimmer for an hour.\n".utf8)
        try withFile(text, named: "soup.txt") { (path: String) throws in
            #expect(try ReaderEngine.standard.sniff(path: path).format == .txt)
            let above = RecipeBackend(magic: Array("RCP:".utf8), priority: 10)
            #expect(try ReaderEngine(backends: Self.standardBackends + [above]).sniff(path: path).format == RecipeBackend.recipe)
            let below = RecipeBackend(magic: Array("RCP:".utf8), priority: -300)
            #expect(try ReaderEngine(backends: Self.standardBackends + [below]).sniff(path: path).format == .txt)

            let soup = FormatDescriptor(format: DocumentFormat(rawValue: "soup")!, displayName: "Soup", mediaType: "x/soup",
                                        fileExtensions: [])
            let low = RecipeBackend(magic: Array("RCP:".utf8), priority: 20)
            let high = RecipeBackend(descriptor: soup, magic: Array("RCP:".utf8), priority: 30)
            for backends in [[low, high], [high, low]] {
                let engine = ReaderEngine(backends: Self.standardBackends + backends)
                #expect(try engine.sniff(path: path).format == soup.format)
                #expect(try engine.open(path: path).content(ofSection: 0).blocks.first?.text == "a soup card")
            }
        }
    }

    @Test("without a backend's sniffer its format is not recognised: the core knows no signature")
    func signaturesLiveInBackends() throws {
        let pdf = Array("%PDF-1.4\n%\u{00E2}\u{00E3}\n1 0 obj\n".utf8) + [0, 1, 2, 3, 0, 1, 2, 3]
        try withFile(pdf, named: "paper.pdf") { (path: String) throws in
            #expect(try ReaderEngine.standard.sniff(path: path).format == .pdf)
            let withoutPDF = ReaderEngine(backends: [TXTBackend(), MarkdownBackend(), EPUBBackend(), MOBIBackend()])
            #expect(readerError { _ = try withoutPDF.sniff(path: path) }?.kind == .unsupportedFormat)
            #expect(try withoutPDF.fingerprint(path: path).format == .unknown)
        }
    }

    @Test("fingerprint of a random binary file is unknown:{sha256}:{bytes}, the hash sha256sum's")
    func unknownFingerprint() throws {
        var random = SeededRandom(seed: 16)
        let bytes = (0..<70_001).map { _ in UInt8.random(in: 0...255, using: &random) }
        try withFile(bytes, named: "noise.dat") { (path: String) throws in
            let fingerprint = try ReaderEngine.standard.fingerprint(path: path)
            #expect(fingerprint.format == .unknown)
            #expect(fingerprint.byteCount == 70_001)
            #expect(fingerprint.sha256 == (try sha256sum(path)))
            #expect(DocumentFingerprint(fingerprint.description) == fingerprint)
            // Opening it is still refused, with the message it always had.
            let error = try #require(readerError { _ = try ReaderEngine.standard.open(path: path) })
            #expect(error.description == "\(path): unrecognised content (neither text nor a known document signature)")
        }
        #expect(readerError { _ = try ReaderEngine.standard.fingerprint(path: "/no/such/file") }?.kind == .fileNotFound)
    }
}
