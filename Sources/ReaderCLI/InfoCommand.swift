import Foundation
import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader info FILE`: format, fingerprint, metadata, capabilities, TOC size and page count.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Describe a document: format, fingerprint, metadata, capabilities, pages.")

    @OptionGroup var document: DocumentOptions
    @OptionGroup var view: ViewportOptions

    @Flag(help: "Print as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let engine = ReaderEngine.standard
            let sniffed = try engine.sniff(path: document.file)
            let opened: any Document
            do throws(ReaderError) {
                opened = try engine.open(path: document.file, format: sniffed.format, options: document.openOptions)
            } catch where error.code == .encrypted && document.password == nil {
                try describeLocked(sniffed: sniffed, error: error)
                return
            }
            document.warnAboutIgnoredOptions(for: opened)
            let session = try ReadingSession.paging(opened, documentOptions: document, view: view)
            let viewport = session.viewport
            let pageCount = try session.exactPageCount()
            try session.saveIndex()
            let tocSize = try opened.tableOfContents().reduce(0) { $0 + $1.count }
            // The page count read the sections unless it came from the cache: read what it did not.
            let warnings = try opened.allWarnings()
            let report = InfoReport(
                file: document.file, format: opened.format.rawValue, sniffedBy: sniffed.evidence.rawValue,
                fingerprint: try opened.fingerprint().description, metadata: opened.metadata,
                capabilities: opened.capabilities.names,
                details: Dictionary(opened.details.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
                sections: opened.readingOrder.count, tocEntries: tocSize, viewport: viewport, pageCount: pageCount,
                warnings: warnings)
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(report))
            } else {
                output.line("file:          \(report.file)")
                output.line("format:        \(engine.registry.displayName(of: opened.format)) (\(report.format), by \(report.sniffedBy))")
                output.line("fingerprint:   \(report.fingerprint)")
                output.line("title:         \(opened.metadata.title ?? "-")")
                if !opened.metadata.authors.isEmpty { output.line("authors:       \(opened.metadata.authors.joined(separator: "; "))") }
                if let language = opened.metadata.language { output.line("language:      \(language)") }
                let others = opened.metadata.contributors.filter { !opened.metadata.authors.contains($0.name) }
                if !others.isEmpty {
                    output.line("contributors:  " + others.map { $0.roles.isEmpty ? $0.name : "\($0.name) (\($0.roles.joined(separator: ", ")))" }
                        .joined(separator: "; "))
                }
                if let series = opened.metadata.series {
                    output.line("series:        \(series.name)" + (series.position.map { " #\($0)" } ?? ""))
                }
                if let publisher = opened.metadata.publisher { output.line("publisher:     \(publisher)") }
                if !opened.metadata.identifiers.isEmpty { output.line("identifiers:   \(opened.metadata.identifiers.joined(separator: ", "))") }
                if let date = opened.metadata.date { output.line("date:          \(date)") }
                if let description = opened.metadata.description { output.line("description:   \(description)") }
                if !opened.metadata.subjects.isEmpty { output.line("subjects:      \(opened.metadata.subjects.joined(separator: ", "))") }
                for key in opened.metadata.fields.keys.sorted() { output.line(label(key) + opened.metadata.fields[key]!) }
                for warning in warnings { output.line("warning:       \(Self.line(warning))") }
                for (name, value) in opened.details { output.line(label(name) + value) }
                output.line("capabilities:  \(report.capabilities.joined(separator: ", "))")
                output.line("sections:      \(report.sections)")
                output.line("toc entries:   \(tocSize)")
                output.line("pages:         \(pageCount) at \(viewport)")
            }
            output.flush()
        }
    }

    /// `message (code, severity, where)`.
    private static func line(_ warning: DocumentWarning) -> String {
        let facts = [warning.code.rawValue, warning.severity.rawValue] + (warning.location.isEmpty ? [] : [warning.location.summary])
        return "\(warning.message) (\(facts.joined(separator: ", ")))"
    }

    /// `name:` padded to the width of the other labels.
    private func label(_ name: String) -> String {
        let text = name + ":"
        return text.count >= 15 ? text + " " : text.padding(toLength: 15, withPad: " ", startingAt: 0)
    }
}

/// What `reader info --json` prints.
struct InfoReport: Encodable {
    var file: String
    var format: String
    var sniffedBy: String
    var fingerprint: String
    var metadata: DocumentMetadata
    var capabilities: [String]
    var details: [String: String]
    var sections: Int
    var tocEntries: Int
    var viewport: Viewport
    var pageCount: Int
    /// Every warning, typed (the metadata's strings stay in `metadata.warnings`).
    var warnings: [DocumentWarning]
}
