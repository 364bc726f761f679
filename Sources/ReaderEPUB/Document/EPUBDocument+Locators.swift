import Foundation
import ReaderCore
import ReaderHTML

extension EPUBDocument {
    func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        let converted = try convertedSection(position.section)
        let section = sections[position.section]
        let sourceLength = converted.pathIndex.sourceLength
        var locator = SourceOffsetLocating.locator(
            at: position, in: converted.content, href: section.section.href, type: section.item.mediaType,
            title: nil, sourceLength: sourceLength)
        let offset = locator.locations.offset ?? 0
        let progression = locator.locations.progression ?? 0
        locator.title = title(atSection: position.section, sourceOffset: offset)
        locator.locations.position = positions.position(section: position.section, offset: offset, length: sourceLength)
        locator.locations.totalProgression = positions.totalProgression(section: position.section, progression: progression)
        locator.locations.cfi = cfi(section: section, converted: converted, sourceOffset: offset)
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
            let converted = try convertedSection(index)
            let length = converted.pathIndex.sourceLength
            let ids = (locations.fragments ?? []) + [Self.elementID(inSelector: locations.cssSelector)].compactMap { $0 }
            let anchored = ids.lazy.compactMap { converted.pathIndex.anchors[$0]?.sourceOffset }.first
            let offset: Int
            do throws(ReaderError) {
                if let anchored { offset = anchored } else { offset = try SourceOffsetLocating.offset(in: locator, resourceLength: length) }
            } catch {
                throw error.locating(file: path, format: format)
            }
            return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: converted.content, section: index)
        }
        guard let global = positions.location(of: locations) else {
            throw ReaderError(.invalidLocator, file: path, format: format,
                              reason: "href \(locator.href) is not in the reading order and the Locator has no CFI, position or totalProgression")
        }
        let converted = try convertedSection(global.section)
        let offset = SourceOffsetLocating.offset(ofProgression: global.progression, length: converted.pathIndex.sourceLength)
        return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: converted.content, section: global.section)
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
        let hrefs = sections.map(\.section.href)
        if let exact = hrefs.firstIndex(of: href) { return exact }
        guard let resolved = ResourcePath.resolve(href, relativeTo: "")?.path else { return nil }
        if let decoded = hrefs.firstIndex(of: resolved) { return decoded }
        let fromPackage = ResourcePath.resolve(href, relativeTo: publication.package.path)?.path
        if let fromPackage, let relative = hrefs.firstIndex(of: fromPackage) { return relative }
        let suffixed = hrefs.indices.filter { hrefs[$0].hasSuffix("/" + resolved) }
        return suffixed.count == 1 ? suffixed[0] : nil
    }

    /// The title of the TOC entry governing a position: the last entry at or before it.
    func title(atSection index: Int, sourceOffset: Int) -> String? {
        let anchors = (try? convertedSection(index))?.pathIndex.anchors ?? [:]
        var best: (section: Int, offset: Int, title: String)?
        for target in tocTargets where target.section <= index {
            let offset: Int
            if target.section == index {
                offset = target.fragment.flatMap { anchors[$0]?.sourceOffset } ?? 0
                guard offset <= sourceOffset else { continue }
            } else {
                offset = Int.max  // a previous section: its last entry, wherever it points
            }
            if best == nil || (target.section, offset) >= (best!.section, best!.offset) {
                best = (target.section, offset, target.title)
            }
        }
        return best?.title ?? sections[index].section.title
    }
}
