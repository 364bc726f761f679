import ReaderCore
import ReaderHTML
import Synchronization

/// An opened EPUB 2 or 3 book.
///
/// The package and navigation are read at open; content documents are converted when first
/// needed and the last few are kept. Native positions are UTF-16 offsets into a content
/// document's shown text (``ContentPathIndex``), from which CFIs, progressions and Readium
/// positions are derived.
final class EPUBDocument: Document, CoverProviding {
    let path: String
    let format = DocumentFormat.epub
    let capabilities: FormatCapabilities
    let metadata: DocumentMetadata
    let readingOrder: [Section]
    /// The warnings met at opening.
    private let openingWarnings: [DocumentWarning]
    /// The warnings of the sections converted so far.
    private let sectionWarnings: SectionWarnings

    let publication: EPUBPublication
    /// The container's files.
    let container: any EPUBResources
    let sections: [EPUBSection]
    /// The spine items as an HTML book: converted on demand (16 kept, enough for several threads
    /// each reading its own part of the book), found by href,
    /// positioned and titled.
    let htmlBook: HTMLBook<ConvertedSection>
    private let fingerprintMemo: FingerprintMemo
    let tocCache = Mutex<[TOCEntry]?>(nil)
    let tocTargetsCache = Mutex<[HTMLTOCTarget]?>(nil)

    init(path: String, resources: any EPUBResources, publication: EPUBPublication, capabilities: FormatCapabilities) {
        self.path = path
        self.fingerprintMemo = FingerprintMemo(path: path, format: .epub)
        self.container = resources
        self.publication = publication
        let sectionWarnings = SectionWarnings()
        self.sectionWarnings = sectionWarnings
        let package = publication.package
        var warnings = publication.typedWarnings
        let sections = Self.readingOrder(of: package, resources: resources, warnings: &warnings)
        self.sections = sections
        let readingOrder = sections.map(\.section)
        self.readingOrder = readingOrder
        self.capabilities = package.isFixedLayout ? capabilities.union(.fixedPages) : capabilities
        self.htmlBook = HTMLBook(
            file: path, format: .epub, sections: readingOrder, lengths: sections.map { resources.length(of: $0.item.path) },
            fixedLayout: sections.map(\.isFixedLayout), cacheCapacity: 16
        ) { [sectionWarnings] index throws(ReaderError) in
            let converted = try SectionConverter.convert(sections[index], resources: resources)
            let href = sections[index].section.href
            sectionWarnings.record(converted.warnings.map {
                var warning = $0
                warning.location = .init(section: index, href: href)
                return warning
            }, section: index)
            return converted
        }
        var metadata = package.metadata
        if metadata.title == nil {
            metadata.title = path.split(separator: "/").last.map(String.init)
        }
        self.openingWarnings = Self.deduplicated(warnings)
        metadata.warnings = openingWarnings.map(\.message)
        self.metadata = metadata
    }

    /// The warnings met at opening, then those of the sections converted so far.
    var warnings: [DocumentWarning] { openingWarnings + sectionWarnings.all }

    /// Converts the sections not converted yet, then gives every warning.
    func allWarnings() throws(ReaderError) -> [DocumentWarning] {
        for index in sections.indices where !sectionWarnings.hasRecorded(section: index) {
            _ = try htmlBook.section(index)
        }
        return warnings
    }

    var details: [(name: String, value: String)] {
        let package = publication.package
        var details: [(String, String)] = [
            ("epub version", package.version), ("package", package.path),
            ("layout", package.isFixedLayout ? "pre-paginated" : "reflowable"),
            ("toc source", publication.navigation.toc.isEmpty ? "spine" : publication.navigationFromNCX ? "ncx" : "nav"),
        ]
        if let direction = package.pageProgressionDirection { details.append(("page progression", direction)) }
        if !publication.navigation.pageList.isEmpty {
            details.append(("print pages", String(publication.navigation.pageList.count)))
        }
        let nonLinear = sections.filter { !$0.section.isLinear }.count
        if nonLinear > 0 { details.append(("non-linear", "\(nonLinear) sections after the main text")) }
        if !publication.obfuscatedPaths.isEmpty {
            details.append(("obfuscated fonts", String(publication.obfuscatedPaths.count)))
        }
        return details
    }

    func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        try fingerprintMemo.value()
    }

    /// Keeps every converted section (see `HTMLBook/keepAllSections()`).
    func willReadRepeatedly() { htmlBook.keepAllSections() }

    /// Closes the zip archive and drops the converted sections; later reads throw.
    func close() {
        htmlBook.close()
        container.close()
    }

    /// Content positions count inflated bytes; Readium's count compressed ones, linear items only.
    func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        switch counting {
        case .content:
            zip(sections, htmlBook.positions.counts).map { section, count in
                PositionedResource(href: section.section.href, mediaType: section.item.mediaType,
                                   title: section.section.title, positionCount: count)
            }
        case .readium:
            sections.filter(\.section.isLinear).map { section in
                let count = section.isFixedLayout ? 1 : PositionedResource.count(ofLength: container.storedLength(of: section.item.path) ?? 0)
                return PositionedResource(href: section.section.href, mediaType: section.item.mediaType,
                                          title: section.section.title, positionCount: count)
            }
        }
    }

    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try htmlBook.section(index).content
    }

    /// Readium positions: one per 1024 inflated bytes of a reflowable item, one per fixed one.
    var positions: ResourcePositions { htmlBook.positions }

    /// Spine items in order, linear ones first and `linear="no"` ones after them (reachable,
    /// but out of the main flow); items whose resource is missing are left out with a warning.
    private static func readingOrder(of package: PackageDocument, resources: any EPUBResources,
                                     warnings: inout [DocumentWarning]) -> [EPUBSection] {
        var linear: [EPUBSection] = []
        var nonLinear: [EPUBSection] = []
        for (spineIndex, itemref) in package.spine.enumerated() {
            guard let item = shownItem(for: itemref.idref, in: package, resources: resources) else { continue }
            let fixed = itemref.properties.contains("rendition:layout-pre-paginated")
                || (package.isFixedLayout && !itemref.properties.contains("rendition:layout-reflowable"))
            let section = Section(index: 0, href: item.path, mediaType: item.mediaType, isLinear: itemref.isLinear,
                                  startsNewPage: true, byteCount: resources.length(of: item.path))
            let entry = EPUBSection(section: section, item: item, spineIndex: spineIndex, itemref: (itemref.id, itemref.idref),
                                    isFixedLayout: fixed)
            if itemref.isLinear { linear.append(entry) } else { nonLinear.append(entry) }
        }
        var ordered = linear + nonLinear
        for index in ordered.indices { ordered[index].section.index = index }
        if ordered.isEmpty {
            warnings.append(DocumentWarning(.missingResource, severity: .errorRecovered, message: "no spine item can be shown"))
        }
        return ordered
    }

    /// The spine item's manifest item, or the first readable one along its fallback chain.
    private static func shownItem(for idref: String, in package: PackageDocument,
                                  resources: any EPUBResources) -> PackageDocument.Item? {
        var visited = Set<String>()
        var current = package.item(id: idref)
        while let item = current, visited.insert(item.id).inserted {
            if resources.contains(item.path), isShowable(item.mediaType) { return item }
            current = item.fallback.flatMap(package.item(id:))
        }
        return nil
    }

    private static func isShowable(_ mediaType: String) -> Bool {
        let type = mediaType.lowercased()
        return ["application/xhtml+xml", "text/html", "image/svg+xml", "application/xml", "text/xml"].contains(type)
            || type.hasPrefix("image/")
    }

    private static func deduplicated(_ warnings: [DocumentWarning]) -> [DocumentWarning] {
        var seen = Set<String>()
        return warnings.filter { seen.insert($0.message).inserted }
    }
}
