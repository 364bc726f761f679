/// The groups of ``ExtractionHints`` an element's name belongs to, looked up once when the name
/// is set: extraction asks for them at every node of every attempt, and hashing the name each
/// time cost more than the questions themselves.
struct ElementGroups: OptionSet {
    let rawValue: UInt8

    /// ``ExtractionHints/phrasing``.
    static let phrasing = ElementGroups(rawValue: 1 << 0)
    /// ``ExtractionHints/neverRead``.
    static let neverRead = ElementGroups(rawValue: 1 << 1)
    /// ``ExtractionHints/scored``.
    static let scored = ElementGroups(rawValue: 1 << 2)
    /// ``ExtractionHints/divToParagraphBlockers``.
    static let divToParagraphBlocker = ElementGroups(rawValue: 1 << 3)
    /// ``ExtractionHints/keptSiblingNames``.
    static let keptSibling = ElementGroups(rawValue: 1 << 4)
    /// ``ArticleHTMLWriter/voidElements``.
    static let void = ElementGroups(rawValue: 1 << 5)

    /// ``ExtractionHints/phrasingWhenContentIs``.
    static let phrasingWhenContentIs = ElementGroups(rawValue: 1 << 6)
    /// ``ExtractionHints/removedWhenEmpty``.
    static let removedWhenEmpty = ElementGroups(rawValue: 1 << 7)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The groups of an element name (`#text` for a text node).
    init(name: String) {
        self = Self.byName[name] ?? []
    }

    /// Every name in a group, with all its groups (one lookup per name instead of one per group).
    private static let byName: [String: ElementGroups] = {
        var table: [String: ElementGroups] = [:]
        let groups: [(Set<String>, ElementGroups)] = [
            (ExtractionHints.phrasing, .phrasing), (ExtractionHints.neverRead, .neverRead), (ExtractionHints.scored, .scored),
            (ExtractionHints.divToParagraphBlockers, .divToParagraphBlocker), (ExtractionHints.keptSiblingNames, .keptSibling),
            (ArticleHTMLWriter.voidElements, .void), (ExtractionHints.phrasingWhenContentIs, .phrasingWhenContentIs),
            (ExtractionHints.removedWhenEmpty, .removedWhenEmpty),
        ]
        for (names, group) in groups {
            for name in names { table[name, default: []].insert(group) }
        }
        return table
    }()
}
