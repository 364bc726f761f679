/// Choices that change how ``HTMLBlockConverter`` reads a document.
public struct HTMLConversionOptions: Hashable, Sendable {
    /// Roles by element name that replace the built-in ones (see ``HTMLElementRole/standard(for:)``).
    ///
    /// Keys are names as ``ReaderXML/MarkupElement/name`` reports them: the local name in XML,
    /// and in HTML the name without its prefix, since libxml2's HTML parser drops prefixes
    /// (`<mbp:pagebreak/>` is named `pagebreak`). The MOBI backend passes
    /// ``HTMLConversionOptions/mobi`` to turn `mbp:pagebreak` into a section break.
    /// Page-break markers and hidden elements are recognised before these roles apply.
    public var elementRoles: [String: HTMLElementRole]
    /// Whether ``HTMLContent/sourceText`` is filled (tests, CFI text assertions). Off by default:
    /// it is a second copy of the text.
    public var keepsSourceText: Bool
    /// A column of a table is padded to align with the rows above and below only while it and every
    /// column before it are at most this many cells wide.
    public var maxAlignedColumnWidth: Int

    /// Creates options.
    public init(elementRoles: [String: HTMLElementRole] = [:], keepsSourceText: Bool = false,
                maxAlignedColumnWidth: Int = 24) {
        self.elementRoles = elementRoles
        self.keepsSourceText = keepsSourceText
        self.maxAlignedColumnWidth = maxAlignedColumnWidth
    }

    /// The built-in roles only.
    public static let standard = HTMLConversionOptions()

    /// The built-in roles, with MOBI's `<mbp:pagebreak/>` as a section break.
    public static let mobi = HTMLConversionOptions(elementRoles: ["pagebreak": .sectionBreak,
                                                                  "mbp:pagebreak": .sectionBreak])
}
