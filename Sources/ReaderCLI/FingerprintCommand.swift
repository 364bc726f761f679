import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader fingerprint FILE…`: one `fingerprint  path` line per file.
struct FingerprintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint", abstract: "Print the fingerprint {format}:{sha256}:{bytes} of each file (format unknown when nothing recognises it).")

    @Argument(help: "The files; - reads one from standard input.")
    var files: [String]

    @Flag(help: "Print KOReader's partial MD5 instead (the document key of KOReader and its sync server).")
    var koreader = false

    @Flag(help: #"Print one JSON object per file and line: {"file", "fingerprint"} (and "koreader" with --koreader)."#)
    var json = false

    func run() throws {
        var failed = false
        var output = OutputBuffer()
        for file in files {
            let path = file == "-" ? try StandardInputCopy.path() : file
            do throws(ReaderError) {
                if json {
                    let fingerprint = try ReaderEngine.standard.fingerprint(path: path)
                    let partial = koreader ? try KOReaderPartialMD5.compute(path: path) : nil
                    output.line(StandardStreams.jsonLine(FingerprintRecord(
                        file: file, fingerprint: fingerprint.description, format: fingerprint.format.rawValue,
                        sha256: fingerprint.sha256, bytes: fingerprint.byteCount, koreader: partial)))
                } else if koreader {
                    output.line("\(try KOReaderPartialMD5.compute(path: path))  \(file)")
                } else {
                    output.line("\(try ReaderEngine.standard.fingerprint(path: path))  \(file)")
                }
            } catch {
                output.flush()
                StandardStreams.error("reader: \(error.description)")
                failed = true
            }
        }
        output.flush()
        if failed { throw ExitCode(1) }
    }
}

/// One line of `reader fingerprint --json`.
struct FingerprintRecord: Encodable {
    var file: String
    var fingerprint: String
    var format: String
    var sha256: String
    var bytes: Int64
    var koreader: String?
}
