import ReaderXML

/// The Dublin Core, PDF and XMP basic properties of an XMP packet.
struct XMPMetadata: Hashable, Sendable {
    /// `dc:title` (the `x-default` alternative when there are several).
    var title: String?
    /// `dc:creator`, in order.
    var creators: [String] = []
    /// `dc:description` (the `x-default` alternative when there are several).
    var description: String?
    /// `dc:subject` entries.
    var subjects: [String] = []
    /// `pdf:Keywords`.
    var keywords: String?
    /// `pdf:Producer`.
    var producer: String?
    /// `xmp:CreatorTool`.
    var creatorTool: String?
    /// `xmp:CreateDate`, as written (ISO 8601).
    var createDate: String?
    /// `xmp:ModifyDate`, as written.
    var modifyDate: String?
    /// The first `dc:language`.
    var language: String?

    /// The namespaces read.
    enum Namespace {
        /// RDF.
        static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        /// Dublin Core elements.
        static let dublinCore = MarkupNamespace.dublinCore
        /// Adobe PDF properties.
        static let pdf = "http://ns.adobe.com/pdf/1.3/"
        /// XMP basic properties.
        static let xmp = "http://ns.adobe.com/xap/1.0/"
    }

    /// Packets larger than this are not parsed.
    static let maxPacketBytes = 4 << 20

    /// Parses an XMP packet. Never throws: a packet that is not well-formed XML (or too large)
    /// gives an empty result. Properties may be child elements of `rdf:Description` or its
    /// attributes; the first value found wins.
    init(packet: String) {
        let bytes = Array(packet.utf8)
        guard bytes.count <= Self.maxPacketBytes,
              let document = try? MarkupDocument.parse(bytes, syntax: .xml, name: "XMP packet"),
              let root = document.root
        else { return }
        let descriptions = root.is("Description", in: Namespace.rdf)
            ? [root] : root.descendants("Description", in: Namespace.rdf)
        for description in descriptions { read(description) }
    }

    /// Creates empty metadata.
    init() {}

    /// Fills the properties still empty from one `rdf:Description`.
    private mutating func read(_ description: MarkupElement) {
        let values = XMPProperty(description: description)
        title = title ?? values.alternative("title", in: Namespace.dublinCore)
        if creators.isEmpty { creators = values.list("creator", in: Namespace.dublinCore) }
        self.description = self.description ?? values.alternative("description", in: Namespace.dublinCore)
        if subjects.isEmpty { subjects = values.list("subject", in: Namespace.dublinCore) }
        language = language ?? values.list("language", in: Namespace.dublinCore).first
        keywords = keywords ?? values.list("Keywords", in: Namespace.pdf).first
        producer = producer ?? values.list("Producer", in: Namespace.pdf).first
        creatorTool = creatorTool ?? values.list("CreatorTool", in: Namespace.xmp).first
        createDate = createDate ?? values.list("CreateDate", in: Namespace.xmp).first
        modifyDate = modifyDate ?? values.list("ModifyDate", in: Namespace.xmp).first
    }
}
