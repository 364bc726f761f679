import ArgumentParser
import Foundation
import ReaderCore
import ReaderEngine

/// `reader resource FILE HREF -o OUT`: writes one resource's bytes, as stored (a PDF page rendered).
struct ResourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resource", abstract: "Write one of a document's resources, by href, to a file.")

    @OptionGroup var document: DocumentOptions

    @Argument(help: "The resource's href, as `reader resources` lists it.")
    var href: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the bytes.", valueName: "path"))
    var output: String

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let opened = try ReaderEngine.standard.open(path: document.file, options: document.openOptions)
            guard let provider = opened as? any ResourceProviding else {
                throw ReaderError.unknownResource(href, file: opened.path, format: opened.format,
                                                  detail: "\(ReaderEngine.standard.registry.displayName(of: opened.format)) documents hold no resources")
            }
            let bytes = try provider.resourceData(href: href)
            try OutputFile.write(bytes, to: output, what: "resource")
            var out = OutputBuffer()
            out.line("\(output): \(bytes.count) bytes of \(href)")
            out.flush()
        }
    }
}
