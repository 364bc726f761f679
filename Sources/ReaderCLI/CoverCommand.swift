import ArgumentParser
import Foundation
import ReaderCore
import ReaderEngine

/// `reader cover FILE -o out.jpg`: writes the cover picture as stored in the document.
struct CoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover", abstract: "Write a document's cover picture, as stored, to a file.")

    @OptionGroup var document: DocumentOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write the picture. Without an extension, the picture's own is added.", valueName: "path"))
    var output: String

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let engine = ReaderEngine.standard
            let opened = try engine.open(path: document.file, options: document.openOptions)
            try engine.require(.cover, of: opened, for: "cover")
            guard let provider = opened as? any CoverProviding, let cover = try provider.coverImage() else {
                throw ReaderError(.unsupportedOperation, file: opened.path, format: opened.format,
                                  reason: "the document has no cover picture")
            }
            let target = (output as NSString).pathExtension.isEmpty ? output + "." + cover.fileExtension : output
            try OutputFile.write(cover.data, to: target, what: "cover")
            let declared = (target as NSString).pathExtension.lowercased()
            let note = declared == cover.fileExtension || (declared == "jpeg" && cover.fileExtension == "jpg")
                ? "" : " (the picture is \(cover.mediaType), written as stored)"
            var out = OutputBuffer()
            out.line("\(target): \(cover.mediaType), \(cover.data.count) bytes from \(cover.source)\(note)")
            out.flush()
        }
    }
}
