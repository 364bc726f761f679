import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader fingerprint FILE…`: one `fingerprint  path` line per file.
struct FingerprintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint", abstract: "Print the fingerprint {format}:{sha256}:{bytes} of each file (format unknown when nothing recognises it).")

    @Argument(help: "The files.")
    var files: [String]

    @Flag(help: "Print KOReader's partial MD5 instead (the document key of KOReader and its sync server).")
    var koreader = false

    func run() throws {
        var failed = false
        var output = OutputBuffer()
        for file in files {
            do throws(ReaderError) {
                if koreader {
                    output.line("\(try KOReaderPartialMD5.compute(path: file))  \(file)")
                } else {
                    output.line("\(try ReaderEngine.standard.fingerprint(path: file))  \(file)")
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
