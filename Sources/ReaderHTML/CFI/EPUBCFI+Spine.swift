extension EPUBCFI {
    /// The step from the package document's root `<package>` to its `<spine>`: the third child
    /// element, after `<metadata>` and `<manifest>`.
    public static let spineStepIndex = 6

    /// Creates a standard EPUB CFI for a position in a spine item:
    /// `epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)`.
    ///
    /// The spine step is `/6/N[itemrefID]!` with `N = 2 × (spineIndex + 1)`.
    /// - Parameters:
    ///   - spineIndex: The zero-based position of the item in the spine (not negative).
    ///   - itemrefID: The `id` attribute of the spine's `<itemref>` (EPUB CFI 1.1 § 3.1.2 asserts
    ///     the element's own id, not its `idref`); nil when it has none.
    ///   - contentPath: The steps from the content document's root element, with element ids.
    ///   - characterOffset: The UTF-16 offset into the run the last (odd) step points at; nil for
    ///     a CFI that points at an element.
    ///   - assertion: An assertion for the offset, such as a text location or a side bias.
    public init(spineIndex: Int, itemrefID: String? = nil, contentPath: [CFIStep], characterOffset: Int? = nil,
                assertion: Assertion? = nil) {
        var path = Self.spinePath(spineIndex: spineIndex, itemrefID: itemrefID)
        path.appendIndirection()
        path.append(contentsOf: contentPath.map(Step.init))
        path.offset = characterOffset.map { .character($0, assertion: assertion) }
        self.init(path: path)
    }

    /// Creates a standard EPUB CFI for a text position in a spine item.
    public init(spineIndex: Int, itemrefID: String? = nil, position: CFIContentPosition) {
        self.init(spineIndex: spineIndex, itemrefID: itemrefID, contentPath: position.steps,
                  characterOffset: position.characterOffset)
    }

    /// Creates a range CFI between two text positions of one spine item, with the deepest common
    /// path as the parent (EPUB CFI 1.1 § 3.4): `epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)`.
    public init(spineIndex: Int, itemrefID: String? = nil, start: CFIContentPosition, end: CFIContentPosition) {
        var common = 0
        while common < start.steps.count, common < end.steps.count, start.steps[common] == end.steps[common] {
            common += 1
        }
        var parent = Self.spinePath(spineIndex: spineIndex, itemrefID: itemrefID)
        var startPath = Path(steps: start.steps[common...].map(Step.init), offset: .character(start.characterOffset))
        var endPath = Path(steps: end.steps[common...].map(Step.init), offset: .character(end.characterOffset))
        if common > 0 {
            parent.appendIndirection()
            parent.append(contentsOf: start.steps[..<common].map(Step.init))
        } else {
            // A path cannot end with "!", so the subpaths start with it.
            startPath = Path(segments: [[]] + startPath.segments, offset: startPath.offset)
            endPath = Path(segments: [[]] + endPath.segments, offset: endPath.offset)
        }
        self.init(parent: parent, start: startPath, end: endPath)
    }

    private static func spinePath(spineIndex: Int, itemrefID: String?) -> Path {
        precondition(spineIndex >= 0, "a spine index is not negative")
        return Path(steps: [Step(index: spineStepIndex), Step(index: 2 * (spineIndex + 1), id: itemrefID)])
    }

    /// The zero-based spine position the CFI points into: from the second step of the package
    /// part (`/6/4!…` is 1), or nil when the CFI has no package part (a partial CFI).
    ///
    /// A CFI without an indirection counts as a reference to the spine item itself only when it
    /// is `/6/N` (a content document's root has no sixth child, so partial CFIs never start so).
    public var spineIndex: Int? {
        let package = start.segments[0]
        guard package.count == 2, package[0].isElement, package[1].isElement, package[1].index >= 2
        else { return nil }
        if start.segments.count == 1 && package[0].index != Self.spineStepIndex { return nil }
        return package[1].index / 2 - 1
    }

    /// The id asserted on the spine item step (`chap01ref` in `/6/4[chap01ref]!…`).
    public var spineItemID: String? {
        spineIndex == nil ? nil : start.segments[0][1].id
    }

    /// The spine position, checked against the spine (EPUB CFI 1.1 § 3.5, intended target
    /// correction): when the step's id assertion names another item, that item wins.
    ///
    /// The assertion is matched against each `<itemref>`'s `id`, then against its `idref` (epub.js
    /// writes the manifest id there). Nil when the CFI has no package part, when the asserted id
    /// names no item (the specification makes such a CFI invalid), or when the position is past
    /// the end of the spine.
    /// - Parameter spine: For each spine item in order, its `<itemref>`'s `id` and `idref`.
    public func spineIndex(correctedAgainst spine: [(itemrefID: String?, idref: String)]) -> Int? {
        guard let index = spineIndex else { return nil }
        guard let asserted = spineItemID else { return index < spine.count ? index : nil }
        if index < spine.count, spine[index].itemrefID == asserted || spine[index].idref == asserted {
            return index
        }
        return spine.firstIndex(where: { $0.itemrefID == asserted })
            ?? spine.firstIndex(where: { $0.idref == asserted })
    }

    /// The part of the path (of a range: of its start) inside the content document: after the
    /// first `!`; the whole path for a partial CFI; empty for a reference to a spine item itself.
    public var contentPath: Path {
        contentPart(of: start)
    }

    /// The part of `location` (``start`` or ``end``) inside the content document.
    func contentPart(of location: Path) -> Path {
        if location.segments.count > 1 {
            return Path(segments: Array(location.segments.dropFirst()), offset: location.offset)
        }
        return spineIndex == nil ? location : .empty
    }

    /// The steps of ``contentPath`` within the content document (an indirection further down, into
    /// an embedded SVG or iframe, is not followed).
    public var contentSteps: [CFIStep] {
        contentPath.segments[0].map(\.contentStep)
    }

    /// The character offset at the end of ``contentPath``, when it ends in the content document.
    public var characterOffset: Int? {
        let content = contentPath
        return content.segments.count == 1 ? content.offset?.characterOffset : nil
    }

    /// The CFI without its package part and `epubcfi(…)` wrapper, as Readium's `partialCfi` and
    /// the Locator's `cfi` key hold it: `/4[body01]/10[para05]/3:10`. For a range whose parent
    /// path crosses into the content document, the range (`/4/10,/2/1:1,/3:4`); a partial range
    /// stays whole; for other ranges, the start.
    public var partialCFI: String {
        if range != nil && spineIndex == nil { return innerDescription }
        if let range, path.segments.count > 1 {
            let parent = Path(segments: Array(path.segments.dropFirst()), offset: path.offset)
            return parent.description + "," + range.start.description + "," + range.end.description
        }
        return contentPath.description
    }
}
