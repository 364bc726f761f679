import ArgumentParser
import Foundation
import ReaderAnchoring
import ReaderCore
import ReaderEngine

/// `reader locate FILE --locator …`: the page holding a position, the position marked, and its
/// canonical Locator.
struct LocateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate",
        abstract: "Show the page holding a position, with the located text marked, and its canonical Locator.",
        discussion: """
            Give one of --locator, --range, --cfi, --offset, --progression, --position, --page and \
            --kosync-progress (the inverse of --kosync: KOReader's page or XPointer, else its percentage). \
            The located word (or range) is shown between ⟦ and ⟧, or in reverse video on a terminal. \
            A Locator stamped with another document's fingerprint is refused, unless --reanchor is \
            given: then it is found by its text context (another edition, a conversion), with a \
            confidence, and refused below --min-confidence rather than guessed.
            """)

    @OptionGroup var document: DocumentOptions
    @OptionGroup var view: ViewportOptions

    @Option(help: "A Locator as JSON, or @FILE holding one.")
    var locator: String?

    @Option(help: #"A range {"start": Locator, "end": Locator, "text": …} as JSON, or @FILE holding one."#)
    var range: String?

    @Option(help: "An EPUB CFI, with or without epubcfi(…).")
    var cfi: String?

    @Option(parsing: .unconditional, help: "The native offset: UTF-16 in the decoded text (TXT, Markdown, EPUB and KF8 resources), filepos (MOBI 6), in the page's text (PDF, with --href naming nothing).")
    var offset: Int?

    @Option(help: "With --offset: the resource (EPUB or KF8 part href) the offset is in.")
    var href: String?

    @Option(parsing: .unconditional, help: "The progression through the whole book, 0...1.")
    var progression: Double?

    @Option(parsing: .unconditional, help: "A position of the positions list (content counting, see reader positions).")
    var position: Int?

    @Option(parsing: .unconditional, help: "A page at the viewport.")
    var page: Int?

    @Option(help: ArgumentHelp(
        "A KOSync progress document (what --kosync prints, or KOReader's sync server returns) as JSON, or @FILE holding one.",
        valueName: "json"))
    var kosyncProgress: String?

    @Flag(help: "Find a Locator or range made in another document (edition, conversion) by its text context.")
    var reanchor = false

    @Option(help: "With --reanchor: the lowest confidence accepted, 0...1.")
    var minConfidence = ReanchoringOptions().minimumConfidence

    @Flag(help: "Print the page, the mark and the canonical Locator as JSON.")
    var json = false

    @Flag(help: "Print the position as a KOSync progress document (KOReader's sync server) instead.")
    var kosync = false

    @Option(help: "With --kosync: the device name to report (default: reader).")
    var device: String?

    @Option(help: "With --kosync: the device id to report.")
    var deviceID: String?

    func validate() throws {
        let given = [locator != nil, range != nil, cfi != nil, offset != nil, progression != nil, position != nil, page != nil,
                     kosyncProgress != nil]
        guard given.filter({ $0 }).count == 1 else {
            throw ValidationError("give one of --locator, --range, --cfi, --offset, --progression, --position, --page and --kosync-progress")
        }
        if href != nil, offset == nil { throw ValidationError("--href goes with --offset") }
        if kosync, json { throw ValidationError("give --kosync or --json, not both") }
        if reanchor, locator == nil, range == nil { throw ValidationError("--reanchor goes with --locator or --range") }
        if !(0...1).contains(minConfidence) { throw ValidationError("--min-confidence must be within 0...1") }
        if let progression, !(0...1).contains(progression) { throw ValidationError("--progression must be within 0...1, not \(progression)") }
        if let position, position < 1 { throw ValidationError("--position must be 1 or more, not \(position)") }
        if let page, page < 1 { throw ValidationError("--page must be 1 or more, not \(page)") }
        if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more, not \(offset)") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let engine = ReaderEngine.standard
            let opened = try engine.open(path: document.file, options: document.openOptions)
            document.warnAboutIgnoredOptions(for: opened)
            if !kosync, device != nil || deviceID != nil {
                StandardStreams.error("reader: warning: --device and --device-id go with --kosync; ignored")
            }
            let session = try ReadingSession.paging(opened, documentOptions: document, view: view)
            let viewport = session.viewport
            let target = try located(in: session, engine: engine)
            if kosync {
                let progress = try opened.kosyncProgress(at: target.span.lowerBound, device: device ?? "reader", deviceID: deviceID)
                var output = OutputBuffer()
                output.line(StandardStreams.json(progress))
                output.flush()
                return
            }
            let number = try session.pageNumber(containing: target.span.lowerBound)
            let shown = try session.page(number)
            let count = try session.pageCount()
            try session.saveIndex()
            let canonical = try opened.fingerprintedLocator(at: target.span.lowerBound)
            let terminal = TerminalSize.isStandardOutputTerminal
            let marked = PageMarking.mark(target.marked, on: shown, open: terminal ? "\u{1B}[7m" : "⟦",
                                          close: terminal ? "\u{1B}[27m" : "⟧")
            var output = OutputBuffer()
            if json {
                let report = LocateReport(file: document.file, format: opened.format.rawValue,
                                          fingerprint: try opened.fingerprint().description, page: number,
                                          pageCount: count.value, pageCountIsExact: count.isExact, viewport: viewport,
                                          lines: marked.lines, mark: marked.mark, locator: canonical, range: target.range,
                                          anchoring: target.anchoring.isEmpty ? nil : target.anchoring)
                output.line(StandardStreams.json(report))
            } else {
                marked.lines.forEach { output.line($0) }
                output.line(StatusLine.text(title: opened.metadata.title ?? document.file, page: number, of: count,
                                            columns: viewport.columns))
                output.line("locator: " + canonical.jsonString())
            }
            output.flush()
        }
    }

    private func located(in session: ReadingSession, engine: ReaderEngine) throws(ReaderError) -> Located {
        let opened = session.document
        let reanchoring = reanchor ? ReanchoringOptions(minimumConfidence: minConfidence) : nil
        if let range {
            let parsed = try JSONArgument.decode(range, as: LocatorRange.self, what: "range")
            var anchoring: [Anchoring] = []
            let span = try session.resolve(parsed, reanchoring: reanchoring) { match in anchoring.append(report(match)) }
            let range = try opened.range(from: span.lowerBound, to: span.upperBound)
            return Located(span: span, marked: span, range: range, anchoring: anchoring)
        }
        var point: TextPosition
        var anchoring: [Anchoring] = []
        if let page {
            point = try session.page(page).start
        } else if let kosyncProgress {
            point = try opened.textPosition(forKOSync: try JSONArgument.decode(kosyncProgress, as: KOSyncProgress.self,
                                                                               what: "KOSync progress"))
        } else if reanchor, let locator {
            let found = try session.resolve(try LocatorArgument.parse(locator), reanchoring: reanchoring)
            point = found.position
            anchoring = [found.match.map(report)].compactMap { $0 }
        } else {
            if cfi != nil { try engine.require(.cfi, of: opened, for: "--cfi") }
            point = try session.resolve(try requestedLocator(in: opened)).position
            // A progression is approximate: show it from the start of its word.
            if progression != nil { point = try PageMarking.wordStart(of: point, in: opened) }
        }
        return Located(span: point..<point, marked: try PageMarking.word(at: point, in: opened), range: nil, anchoring: anchoring)
    }

    /// Says on standard error how sure a re-anchoring by text context is, and returns it for the report.
    private func report(_ match: AnchorMatch) -> Anchoring {
        let percent = String(Int((match.confidence * 100).rounded())) + "%"
        StandardStreams.error("reader: re-anchored by text context (\(match.method.rawValue), confidence \(percent))")
        return Anchoring(method: match.method.rawValue, confidence: match.confidence)
    }

    /// The Locator the options describe.
    private func requestedLocator(in opened: any Document) throws(ReaderError) -> Locator {
        if let locator { return try LocatorArgument.parse(locator) }
        var locations = Locator.Locations()
        var resource = ""
        if let cfi { locations.cfi = cfi }
        if let offset {
            locations.offset = offset
            resource = href ?? opened.readingOrder.first?.href ?? ""
        }
        if let progression { locations.totalProgression = progression }
        if let position { locations.position = position }
        return Locator(href: resource, type: "", locations: locations)
    }
}

/// What `reader locate --json` prints.
struct LocateReport: Encodable {
    var file: String
    var format: String
    var fingerprint: String
    var page: Int
    var pageCount: Int
    var pageCountIsExact: Bool
    var viewport: Viewport
    var lines: [String]
    var mark: PageMarking.Mark?
    var locator: Locator
    var range: LocatorRange?
    var anchoring: [LocateCommand.Anchoring]?
}

extension LocateCommand {
    /// What was asked for: the stretch to show (a point for all but --range), the stretch to
    /// mark, the range as this document writes it, and how re-anchored ends were found.
    struct Located {
        var span: Range<TextPosition>
        var marked: Range<TextPosition>
        var range: LocatorRange?
        var anchoring: [Anchoring]
    }

    /// How a re-anchored Locator was found.
    struct Anchoring: Encodable {
        var method: String
        var confidence: Double
    }
}
