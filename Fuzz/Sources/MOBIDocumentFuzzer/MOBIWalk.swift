import FuzzSupport
import ReaderCore
import ReaderEngine

/// Opens a MOBI or AZW3 file through the public engine and reads what a reader does
/// (``EngineWalk``: metadata, the TOC, the first sections and the last with Locator round trips,
/// the cover). Errors (`ReaderError`) are expected; crashes, hangs, leaks and broken invariants
/// (checked with `precondition`, so they hold in release builds) are not.
enum MOBIWalk {
    /// Opens the file as the engine would (sniffing it); when a mutation broke the Palm database
    /// signature so that it sniffs as something else, opens it as MOBI all the same, so the input
    /// still reaches the MOBI backend.
    static func openAndWalk(path: String) {
        let sniffed = try? ReaderEngine.standard.sniff(path: path).format
        let format: DocumentFormat? = sniffed == .mobi || sniffed == .azw3 ? nil : .mobi
        guard let document = try? ReaderEngine.standard.open(path: path, format: format) else { return }
        precondition(document.format == .mobi || document.format == .azw3, "opened as \(document.format)")
        EngineWalk.walk(document)
    }
}
