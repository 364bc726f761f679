import Foundation
import ReaderCore
import ReaderHTML

extension EPUBDocument {
    /// The HTML book's Locator (href, offset, progression, position, total progression, fragment,
    /// text context) with the TOC title and the CFI.
    func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        var (locator, offset, converted) = try htmlBook.locator(at: position)
        locator.title = title(atSection: position.section, sourceOffset: offset)
        locator.locations.cfi = cfi(section: sections[position.section], converted: converted, sourceOffset: offset)
        locator.locations.partialCFI = locator.locations.cfi?.split(separator: "!", maxSplits: 1).last.map { String($0) }
        return locator
    }

    /// Where a Locator points. The CFI wins when it resolves (a Readium `partialCfi` counts, joined
    /// to the href's spine step), then an element id among the fragments or an `#id` CSS selector,
    /// then the offset, the progression, and last the total progression or position.
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        let locations = locator.locations
        if let cfi = locations.cfi, let resolved = try resolve(cfi: cfi) {
            return resolved
        }
        let index = sectionIndex(forHref: locator.href)
        if locations.cfi == nil, let index, let partial = locations.partialCFI,
           let resolved = try resolve(cfi: "/6/\(2 * (sections[index].spineIndex + 1))!" + partial) {
            return resolved
        }
        if let index {
            let ids = (locations.fragments ?? []) + [Self.elementID(inSelector: locations.cssSelector)].compactMap { $0 }
            return try htmlBook.textPosition(for: locator, inSection: index, anchorIDs: ids)
        }
        guard let resolved = try htmlBook.textPosition(acrossBook: locations) else {
            throw ReaderError(.invalidLocator, file: path, format: format,
                              reason: "href \(locator.href) is not in the reading order and the Locator has no CFI, position or totalProgression")
        }
        return resolved
    }

    /// The id a CSS selector picks when it is a bare id selector (`#chapter-2`); nil otherwise,
    /// as other selectors would need the whole of CSS to resolve.
    static func elementID(inSelector selector: String?) -> String? {
        guard let selector = selector?.trimmingCharacters(in: .whitespaces), selector.hasPrefix("#") else { return nil }
        let id = selector.dropFirst()
        guard !id.isEmpty, !id.contains(where: { " >+~.:[,#".contains($0) }) else { return nil }
        return String(id)
    }

    /// The section of an href: exact, percent-decoded, without a leading slash or fragment, or
    /// (for hrefs written relative to the package by older readers) the one section it ends.
    func sectionIndex(forHref href: String) -> Int? {
        guard !href.isEmpty else { return nil }
        if let exact = htmlBook.sectionIndex(forPath: href) { return exact }
        guard let resolved = ResourcePath.resolve(href, relativeTo: "")?.path else { return nil }
        if let decoded = htmlBook.sectionIndex(forPath: resolved) { return decoded }
        let fromPackage = ResourcePath.resolve(href, relativeTo: publication.package.path)?.path
        if let fromPackage, let relative = htmlBook.sectionIndex(forPath: fromPackage) { return relative }
        let hrefs = readingOrder.map(\.href)
        let suffixed = hrefs.indices.filter { hrefs[$0].hasSuffix("/" + resolved) }
        return suffixed.count == 1 ? suffixed[0] : nil
    }

    /// The title of the TOC entry governing a position: the last entry at or before it, else the
    /// section's own title.
    func title(atSection index: Int, sourceOffset: Int) -> String? {
        htmlBook.title(atSection: index, sourceOffset: sourceOffset, targets: tocTargets, section: try? htmlBook.section(index))
            ?? sections[index].section.title
    }
}
