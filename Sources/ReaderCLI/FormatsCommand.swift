import Foundation
import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader formats`: the capability matrix.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats", abstract: "Print what each format can do in this build.")

    @Flag(help: #"Print [{"format", "mediaType", "capabilities": [name]}] as JSON."#)
    var json = false

    func run() throws {
        if json {
            let rows = ReaderEngine.standard.capabilityMatrix.map { descriptor, capabilities in
                FormatRow(format: descriptor.format.rawValue, mediaType: descriptor.mediaType,
                          capabilities: FormatCapabilities.named.filter { capabilities.contains($0.capability) }.map(\.name))
            }
            var output = OutputBuffer()
            output.line(StandardStreams.json(rows))
            output.flush()
            return
        }
        let names = FormatCapabilities.named.map(\.name)
        let header = ["format"] + names
        var rows: [[String]] = [header]
        for (descriptor, capabilities) in ReaderEngine.standard.capabilityMatrix {
            let cells = FormatCapabilities.named.map { capabilities.contains($0.capability) ? "yes" : "no" }
            rows.append([descriptor.format.rawValue] + cells)
        }
        // Transposed: one line per capability reads better than a 12-column row.
        var output = OutputBuffer()
        let widths = rows.map { $0.map(\.count).max() ?? 0 }
        for column in header.indices {
            output.line(rows.indices.map { row in
                rows[row][column].padding(toLength: widths[row] + 2, withPad: " ", startingAt: 0)
            }.joined())
        }
        output.flush()
    }
}

/// One format of `reader formats --json`.
struct FormatRow: Encodable {
    var format: String
    var mediaType: String
    var capabilities: [String]
}
