import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader positions FILE`: the viewport-independent positions list.
struct PositionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "positions",
        abstract: "Print the positions list: one Locator per position, in reading order.",
        discussion: """
            By default positions count 1024-unit chunks of each resource's decoded content, which \
            re-zipping or re-compressing a book does not change; Locators' "position" uses the same \
            count. --readium counts as Readium does (EPUB: compressed entry sizes, linear items only; \
            PDF: one per page) so the numbers match Readium apps'.
            """)

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Count positions as Readium does.")
    var readium = false

    @Flag(help: #"Print {"counting", "fingerprint", "total", "positions": [Locator]} as JSON."#)
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let opened = try ReaderEngine.standard.open(path: document.file, options: document.openOptions)
            document.warnAboutIgnoredOptions(for: opened)
            let counting: PositionCounting = readium ? .readium : .content
            var list = try opened.positionList(counting: counting)
            var output = OutputBuffer()
            if json {
                let fingerprint = try opened.fingerprint().description
                for index in list.indices { list[index].locations.fingerprint = fingerprint }
                output.line(StandardStreams.json(PositionsReport(counting: counting.rawValue, fingerprint: fingerprint,
                                                                 total: list.count, positions: list)))
            } else {
                output.line("position\ttotal\thref\tin resource")
                for locator in list {
                    let progression = locator.locations.progression ?? 0
                    let total = locator.locations.totalProgression ?? 0
                    output.line("\(locator.locations.position ?? 0)\t\(Self.percent(total))\t\(locator.href)\t\(Self.percent(progression))")
                }
            }
            output.flush()
        }
    }

    /// A fraction as a percentage with two decimals.
    static func percent(_ fraction: Double) -> String {
        let hundredths = Int((fraction * 10_000).rounded(.down))
        let fractional = String(hundredths % 100)
        return "\(hundredths / 100).\(fractional.count == 1 ? "0" + fractional : fractional)%"
    }
}

/// What `reader positions --json` prints: Readium's `{total, positions}` with the counting and fingerprint.
struct PositionsReport: Encodable {
    var counting: String
    var fingerprint: String
    var total: Int
    var positions: [Locator]
}
