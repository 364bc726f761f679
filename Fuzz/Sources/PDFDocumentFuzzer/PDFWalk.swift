import FuzzSupport
import ReaderCore
import ReaderEngine

/// Opens a PDF through the public engine and reads what a reader does first: metadata and
/// details, the outline (each entry resolved, up to ``maxTOCEntries``), and for the first
/// ``maxPages`` pages the section's blocks with a Locator round trip from the first block's
/// start. Errors (`ReaderError`) are expected; crashes, hangs, leaks and broken invariants
/// (checked with `precondition`, so they hold in release builds) are not.
///
/// poppler ignores a password for a file that is not encrypted, so a document opened with one
/// is walked whole only when it is encrypted (the password opened it); otherwise only its first
/// page is read again, which keeps the executions per second up.
enum PDFWalk {
    /// Pages (sections) read from the start. Reflowing one also reads up to two pages either side
    /// (running headers) and the pages its last paragraph runs onto.
    static let maxPages = 3
    /// Outline entries whose Locators are resolved; each may reflow another part of the file,
    /// and a small input can hold a large page tree and a long outline.
    static let maxTOCEntries = 16

    static func openAndWalk(path: String, password: String?) {
        guard let document = try? ReaderEngine.standard.open(path: path, format: .pdf,
                                                             options: OpenOptions(password: password))
        else { return }
        precondition(document.format == .pdf)
        precondition(!document.readingOrder.isEmpty, "a PDF opens with at least one page")
        _ = document.metadata
        let encrypted = document.details.contains { $0.name == "encrypted" && $0.value == "yes" }
        _ = document.capabilities
        let pages = password == nil || encrypted ? maxPages : 1
        for index in document.readingOrder.indices.prefix(pages) {
            guard let content = try? document.content(ofSection: index) else { continue }
            roundTrip(from: index, content: content, in: document)
        }
        if password == nil || encrypted, let toc = try? document.tableOfContents() {
            var budget = maxTOCEntries
            for entry in toc { PositionChecks.visit(entry, in: document, budget: &budget) }
        }
    }

    /// The Locator of the section's first block start, back to a position (directly and through
    /// JSON): it must land in this section or an earlier one (a page that opens with the end of a
    /// paragraph begun before it is held by the section of the page the paragraph starts on),
    /// at a place that exists in that section's blocks.
    private static func roundTrip(from section: Int, content: SectionContent, in document: any Document) {
        let start = TextPosition(section: section, block: 0, offset: 0)
        guard let locator = try? document.locator(at: start) else { return }
        guard let back = try? document.textPosition(for: locator) else { return }
        precondition(back.section <= section && back.section >= 0,
                     "section \(section)'s start came back as \(back) through \(locator.jsonString())")
        PositionChecks.checkExists(back, in: document)
        if let decoded = try? Locator(jsonString: locator.jsonString()) {
            let again = try? document.textPosition(for: decoded)
            precondition(again == back, "through JSON, \(locator.jsonString()) came back as \(String(describing: again)), not \(back)")
        }
    }
}
