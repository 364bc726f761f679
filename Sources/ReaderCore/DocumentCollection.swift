import Crypto
import Foundation

/// Several documents read as one book, in the order given: a folder of saved articles exported
/// as one EPUB, each article a chapter.
///
/// Each member's hrefs (its sections, images and links) are put under a folder of its own,
/// `0001/`, `0002/`, …, so two members' `index.md` or `images/a.png` stay apart. The table of
/// contents has one entry per member, titled with the member's title (else its file name), over
/// the member's own entries.
public final class DocumentCollection: Document, ResourceProviding, @unchecked Sendable {
    // @unchecked: every stored property is immutable; the members are Sendable documents.

    /// The folder (or other name) the collection stands for.
    public let path: String
    /// The members' format when they share one, else the first member's.
    public let format: DocumentFormat
    /// What every member can do.
    public let capabilities: FormatCapabilities
    /// The collection's title and the authors the members share in order of appearance.
    public let metadata: DocumentMetadata
    /// Every member's sections in turn, their hrefs under the member's folder.
    public let readingOrder: [Section]

    private let members: [any Document]
    /// Where each member's sections begin in ``readingOrder``.
    private let firstSection: [Int]

    /// Joins `members` (at least one) under `title`.
    public init(path: String, title: String, members: [any Document]) {
        precondition(!members.isEmpty, "a collection needs a member")
        self.path = path
        self.members = members
        format = members[0].format
        capabilities = members.dropFirst().reduce(members[0].capabilities) { $0.intersection($1.capabilities) }
        var authors: [String] = []
        for author in members.flatMap(\.metadata.authors) where !authors.contains(author) { authors.append(author) }
        metadata = DocumentMetadata(title: title, authors: authors, language: members[0].metadata.language)
        var sections: [Section] = []
        var firstSection: [Int] = []
        for (number, member) in members.enumerated() {
            firstSection.append(sections.count)
            for var section in member.readingOrder {
                section.index = sections.count
                section.href = Self.folder(number) + section.href
                sections.append(section)
            }
        }
        readingOrder = sections
        self.firstSection = firstSection
    }

    /// The folder a member's hrefs go under: `0001/` for the first.
    static func folder(_ member: Int) -> String {
        let digits = String(member + 1)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "/"
    }

    /// The member an href of the collection belongs to, and the href in that member.
    private func member(ofHref href: String) -> (index: Int, href: Substring)? {
        guard let slash = href.firstIndex(of: "/"), let number = Int(href[..<slash]),
              members.indices.contains(number - 1) else { return nil }
        return (number - 1, href[href.index(after: slash)...])
    }

    /// The member holding section `index` of the collection, and its own index there.
    private func member(ofSection index: Int) throws(ReaderError) -> (member: Int, section: Int) {
        guard readingOrder.indices.contains(index) else {
            throw ReaderError(.invalidArgument, file: path, format: format,
                              reason: "section \(index) does not exist; the collection has \(readingOrder.count)")
        }
        let member = firstSection.lastIndex { $0 <= index }!
        return (member, index - firstSection[member])
    }

    /// How many documents the collection joins.
    public var details: [(name: String, value: String)] { [("documents", String(members.count))] }

    /// Each member's warnings, prefixed with the member's file name.
    public var warnings: [DocumentWarning] {
        members.flatMap { member in
            member.warnings.map { warning in
                var named = warning
                named.message = "\((member.path as NSString).lastPathComponent): \(warning.message)"
                return named
            }
        }
    }

    /// The members' fingerprints, hashed together in order, with their total size.
    public func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        var hasher = SHA256()
        var bytes: Int64 = 0
        for member in members {
            let print = try member.fingerprint()
            hasher.update(data: Data(print.description.utf8 + [0x0A]))
            bytes += print.byteCount
        }
        return DocumentFingerprint(format: format, sha256: Array(hasher.finalize()).lowercaseHex, byteCount: bytes)
    }

    /// One entry per member, its title the member's (else its file name), over the member's own.
    public func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        var entries: [TOCEntry] = []
        for (number, member) in members.enumerated() where !member.readingOrder.isEmpty {
            let title = member.metadata.title ?? ((member.path as NSString).lastPathComponent as NSString).deletingPathExtension
            let start = Locator(href: readingOrder[firstSection[number]].href, type: member.readingOrder[0].mediaType,
                                title: title, locations: .init(progression: 0))
            let own = ((try? member.tableOfContents()) ?? []).map { moved($0, into: number) }
            // A member whose only entry is its own title (an article's heading) adds nothing under it.
            let children = own.count == 1 && own[0].title == title ? own[0].children : own
            entries.append(TOCEntry(title: title, locator: start, children: children))
        }
        return entries
    }

    private func moved(_ entry: TOCEntry, into member: Int) -> TOCEntry {
        TOCEntry(title: entry.title, locator: moved(entry.locator, into: member),
                 children: entry.children.map { moved($0, into: member) })
    }

    /// A member's Locator as the collection's: its href under the member's folder, without what
    /// counts in the member alone (fingerprint, position, total progression).
    private func moved(_ locator: Locator, into member: Int) -> Locator {
        var moved = locator
        moved.href = Self.folder(member) + locator.href
        moved.locations.fingerprint = nil
        moved.locations.position = nil
        moved.locations.totalProgression = nil
        return moved
    }

    /// The member's blocks, their images and links under the member's folder.
    public func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        let (number, section) = try member(ofSection: index)
        var content = try members[number].content(ofSection: section)
        let folder = Self.folder(number)
        // An image on the web keeps its address; a local one moves under the member's folder.
        let image = { (href: String) in URLReference.scheme(of: href) == nil ? folder + href : href }
        for block in content.blocks.indices {
            if case .image(let source?) = content.blocks[block].kind { content.blocks[block].kind = .image(source: image(source)) }
            content.blocks[block].resolveReferences(links: { target in
                switch target {
                case .resource(let href, let fragment): .resource(href: folder + href, fragment: fragment)
                case .locator(let locator): .locator(self.moved(locator, into: number))
                case .external: target
                }
            }, images: image)
        }
        return content
    }

    /// The member's Locator, moved under its folder.
    public func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        let (number, section) = try member(ofSection: position.section)
        let local = TextPosition(section: section, block: position.block, offset: position.offset)
        return moved(try members[number].locator(at: local), into: number)
    }

    /// The position a Locator of the collection names, found by its member.
    public func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        guard let (number, href) = member(ofHref: locator.href) else {
            throw ReaderError(.invalidLocator, file: path, format: format, reason: "no member of the collection has \(locator.href)")
        }
        var local = locator
        local.href = String(href)
        let position = try members[number].textPosition(for: local)
        return TextPosition(section: firstSection[number] + position.section, block: position.block, offset: position.offset)
    }

    /// Every member's resources, one after the other, under its folder.
    public func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource] {
        var resources: [PositionedResource] = []
        for (number, member) in members.enumerated() {
            for var resource in try member.positionedResources(counting: counting) {
                resource.href = Self.folder(number) + resource.href
                resources.append(resource)
            }
        }
        return resources
    }

    /// The members' resources (their images), under their folders.
    public func resources() throws(ReaderError) -> [DocumentResource] {
        var resources: [DocumentResource] = []
        for (number, member) in members.enumerated() {
            guard let provider = member as? any ResourceProviding else { continue }
            for var resource in try provider.resources() {
                resource.href = Self.folder(number) + resource.href
                resources.append(resource)
            }
        }
        return resources
    }

    /// A member's resource, by the collection's href.
    public func resourceData(href: String) throws(ReaderError) -> [UInt8] {
        guard let (number, local) = member(ofHref: href), let provider = members[number] as? any ResourceProviding else {
            throw ReaderError.unknownResource(href, file: path, format: format, detail: "no member of the collection has it")
        }
        return try provider.resourceData(href: String(local))
    }

    /// Passes the hint to every member.
    public func willReadRepeatedly() {
        for member in members { member.willReadRepeatedly() }
    }

    /// Closes every member.
    public func close() {
        for member in members { member.close() }
    }
}
