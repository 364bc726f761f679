import ArgumentParser
import ReaderCore
import ReaderTerminal

/// `reader read BOOK`: the book full-screen at the terminal, from where it was left.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a book full-screen at the terminal, from where it was left (? lists the keys).",
        discussion: "BOOK is a file, or words of a title in the library. The position is kept in the library on every page turn. A library book is read with its stored encoding and transforms unless --encoding or --transform is given.")

    @Argument(help: "The book: a path, or words of its title (or authors) in the library.")
    var book: String

    @Option(help: "Decode text files in this encoding instead of detecting it (e.g. GB18030, windows-1251).")
    var encoding: String?

    @Option(help: "The password of an encrypted PDF (the user or the owner password).")
    var password: String?

    @OptionGroup var transform: TransformOptions

    @Flag(help: "Do not read or write the page-index cache.")
    var noCache = false

    @Option(help: .hidden)
    var timingLog: String?

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let opened = try ReaderBook.open(book, options: OpenOptions(encoding: encoding, password: password),
                                             transforms: transform.transforms, cache: noCache ? nil : PageIndexCache(directory: PageIndexCache.defaultDirectory))
            try TerminalSession.run(opened, timingLog: timingLog)
        }
    }
}
