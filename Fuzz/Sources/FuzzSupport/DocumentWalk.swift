import ReaderCore
import ReaderEPUB

/// Opens an EPUB through the public backend and touches everything a reader would: metadata,
/// details, fingerprint, TOC, every section's blocks, Locators at a few positions and back
/// (through JSON), and the cover. Errors are expected; crashes, hangs and memory blow-ups are not.
public enum DocumentWalk {
    /// Opens the file at `path` as an EPUB and walks it; returns the number of sections read.
    /// - Parameter locatorSections: how many sections, from the first, get Locator round trips
    ///   (the last section always does).
    @discardableResult
    public static func openAndWalk(path: String, locatorSections: Int = 3) -> Int {
        guard let document = try? EPUBBackend().open(path: path, format: .epub, options: OpenOptions()) else { return 0 }
        return walk(document, locatorSections: locatorSections)
    }

    /// Walks an opened document; returns the number of sections whose content was read.
    @discardableResult
    public static func walk(_ document: any Document, locatorSections: Int = 3) -> Int {
        _ = document.metadata
        _ = document.details
        _ = document.capabilities
        _ = try? document.fingerprint()
        if let toc = try? document.tableOfContents() {
            for entry in toc { visit(entry, in: document) }
        }
        var read = 0
        for index in document.readingOrder.indices {
            guard let content = try? document.content(ofSection: index) else { continue }
            read += 1
            for position in PositionChecks.samplePositions(in: content, section: index) {
                roundTrip(position, in: document)
            }
        }
        _ = try? (document as? CoverProviding)?.coverImage()
        return read
    }

    /// Position → Locator → JSON → Locator → position, then the Locator without its CFI (so the
    /// offset, progression and position paths are taken too).
    private static func roundTrip(_ position: TextPosition, in document: any Document) {
        guard let locator = try? document.locator(at: position) else { return }
        let decoded = try? Locator(jsonString: locator.jsonString())
        _ = try? document.textPosition(for: decoded ?? locator)
        var withoutCFI = locator
        withoutCFI.locations.cfi = nil
        _ = try? document.textPosition(for: withoutCFI)
        withoutCFI.href = "elsewhere.xhtml"
        _ = try? document.textPosition(for: withoutCFI)
    }

    private static func visit(_ entry: TOCEntry, in document: any Document) {
        _ = try? document.textPosition(for: entry.locator)
        for child in entry.children { visit(child, in: document) }
    }
}
