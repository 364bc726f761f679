import ReaderCore
import ReaderRendering
import ReaderZip

/// Writes any ``Document`` as an EPUB 3 publication (with an EPUB 2 NCX), through its public
/// model alone: the blocks and inline runs of every section, the table of contents, metadata,
/// cover, resources and, for documents with print pages, the page list.
///
/// The output depends only on the document and the options: the same input gives the same bytes.
/// The archive is written into a temporary file beside `path` and renamed over it at the end, so a
/// failed export leaves no part of a file at `path`.
public enum EPUBExporter {
    /// The folder of the package inside the archive.
    static let root = "OEBPS/"

    /// Exports `document` to an EPUB at `path`.
    /// - Throws: ``ReaderError`` when the document cannot be read or the file cannot be written.
    @discardableResult
    public static func export(_ document: any Document, to path: String,
                              options: EPUBExportOptions = EPUBExportOptions()) throws(ReaderError) -> EPUBExportSummary {
        let documentCover = options.coverImage == nil ? CoverFetch(document) : nil
        // Also on failure: the caller may close the document as soon as this returns.
        defer { _ = documentCover?.value() }
        let fingerprint = try document.fingerprint()
        // Planned from every section, then written from every section again.
        document.willReadRepeatedly()
        let plan = try ExportPlanner.plan(document, options: options)
        let metadata = ExportMetadata(document: document, fingerprint: fingerprint, options: options)
        let writer: ZipWriter
        do {
            // Deflating the chapters on the other core while the next ones are rendered.
            writer = try ZipWriter(path: path, deflatesAhead: true)
        } catch {
            throw error.readerError(file: path, format: .epub)
        }
        var session = ExportSession(document: document, plan: plan, metadata: metadata, writer: writer, path: path)
        try session.writeAll(coverBytes: options.coverImage, documentCover: documentCover)
        return session.summary
    }
}

/// One export under way: what has been written to the archive so far.
struct ExportSession {
    let document: any Document
    let plan: ExportPlan
    let metadata: ExportMetadata
    let writer: ZipWriter
    let path: String

    private var manifest: [ExportManifestItem] = []
    private var imageSources: [String: String] = [:]
    private var imageIDs: [String: String] = [:]
    private(set) var summary: EPUBExportSummary

    init(document: any Document, plan: ExportPlan, metadata: ExportMetadata, writer: ZipWriter, path: String) {
        self.document = document
        self.plan = plan
        self.metadata = metadata
        self.writer = writer
        self.path = path
        summary = EPUBExportSummary(identifier: metadata.identifier, contentDocuments: plan.files.count, images: 0,
                                    pages: plan.pages.count, notes: [])
    }

    /// Writes the whole archive: the cover is `coverBytes` when given, else what `documentCover`
    /// fetched.
    mutating func writeAll(coverBytes: [UInt8]?, documentCover: CoverFetch?) throws(ReaderError) {
        try add("mimetype", Array("application/epub+zip".utf8), stored: true)
        try add("META-INF/container.xml", Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles>
            <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
            </rootfiles>
            </container>

            """.utf8))
        try writeImages()
        let coverID = try writeCover(coverBytes, documentCover: documentCover)
        var spine: [(id: String, linear: Bool)] = []
        var coverPage: String?
        if let coverID, !plan.startsWithImage, let source = manifest.first(where: { $0.id == coverID })?.href {
            coverPage = "cover.xhtml"
            var page = XHTMLFrame.start(title: metadata.title, language: metadata.language, stylesheet: "../style.css")
            page += "<section epub:type=\"cover\" class=\"cover\"><img src=\"\(HTMLEscaping.attribute(HTMLEscaping.relativeURL("../" + source)))\" alt=\"\"/></section>\n"
            page += XHTMLFrame.end
            try add(EPUBExporter.root + "text/cover.xhtml", Array(page.utf8))
            manifest.append(ExportManifestItem(id: "cover-page", href: "text/cover.xhtml", mediaType: "application/xhtml+xml"))
            spine.append(("cover-page", true))
        }
        try writeContent()
        for file in plan.files {
            let id = String(file.name.dropLast(".xhtml".count))
            manifest.append(ExportManifestItem(id: id, href: "text/" + file.name, mediaType: "application/xhtml+xml"))
            spine.append((id, file.isLinear))
        }
        try add(EPUBExporter.root + "style.css", Array(ExportStylesheet.css.utf8))
        manifest.append(ExportManifestItem(id: "css", href: "style.css", mediaType: "text/css"))
        try add(EPUBExporter.root + "nav.xhtml",
                Array(NavigationDocumentWriter.write(plan: plan, metadata: metadata, coverPage: coverPage).utf8))
        manifest.append(ExportManifestItem(id: "nav", href: "nav.xhtml", mediaType: "application/xhtml+xml", properties: "nav"))
        try add(EPUBExporter.root + "toc.ncx", Array(NCXWriter.write(plan: plan, metadata: metadata).utf8))
        manifest.append(ExportManifestItem(id: "ncx", href: "toc.ncx", mediaType: "application/x-dtbncx+xml"))
        let package = PackageDocumentWriter.write(metadata: metadata, manifest: manifest, spine: spine, coverImageID: coverID)
        try add(EPUBExporter.root + "content.opf", Array(package.utf8))
        do {
            try writer.finish()
        } catch {
            throw error.readerError(file: path, format: .epub)
        }
    }

    // MARK: Images

    private mutating func writeImages() throws(ReaderError) {
        guard !plan.imageHrefs.isEmpty else { return }
        let provider = document as? any ResourceProviding
        for href in plan.imageHrefs {
            guard let provider else {
                summary.notes.append("image \(href): the document holds no resources; its alternative text is kept")
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try provider.resourceData(href: href)
            } catch {
                summary.notes.append("image \(href): \(error.reason); its alternative text is kept")
                continue
            }
            guard let shown = showable(bytes, name: href) else { continue }
            let (format, data) = shown
            let number = imageSources.count + 1
            let digits = String(number)
            let id = "i" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            let name = "images/\(id).\(format.fileExtension)"
            try add(EPUBExporter.root + name, data, stored: format != .svg)
            manifest.append(ExportManifestItem(id: id, href: name, mediaType: format.mediaType))
            imageSources[href] = "../" + name
            imageIDs[href] = id
            summary.images += 1
        }
    }

    /// The picture in a format every reading system shows (WebP and AVIF transcoded to PNG), or nil with a
    /// note when that cannot be had.
    private mutating func showable(_ bytes: [UInt8], name: String) -> (ImageFormat, [UInt8])? {
        guard let format = ImageFormat(sniffing: bytes) else {
            summary.notes.append("image \(name): not a JPEG, PNG, GIF, SVG, WebP or AVIF picture; its alternative text is kept")
            return nil
        }
        switch format {
        case .webp:
            guard let png = WebPTranscoder.png(fromWebP: bytes) else {
                summary.notes.append("image \(name): a WebP picture that could not be decoded; its alternative text is kept")
                return nil
            }
            return (.png, png)
        case .avif:
            guard let png = AVIFTranscoder.png(fromAVIF: bytes) else {
                summary.notes.append("image \(name): an AVIF picture that could not be decoded; its alternative text is kept")
                return nil
            }
            return (.png, png)
        case .svg:
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("href") || text.contains("<script") || text.contains("foreignObject") {
                summary.notes.append("image \(name): an SVG picture that refers to other files or runs scripts; its alternative text is kept")
                return nil
            }
            return (.svg, bytes)
        default:
            return (format, bytes)
        }
    }

    /// Writes the cover picture (the caller's, else the document's) unless it is one of the
    /// images already written; returns its manifest id.
    private mutating func writeCover(_ given: [UInt8]?, documentCover: CoverFetch?) throws(ReaderError) -> String? {
        var bytes = given
        var source: String?
        if bytes == nil, let cover = documentCover?.value() {
            bytes = cover.data
            source = cover.source
        }
        guard let bytes, let shown = showable(bytes, name: "cover") else { return nil }
        let (format, data) = shown
        if given == nil, let source, let id = imageIDs[source], format != .svg {
            if let index = manifest.firstIndex(where: { $0.id == id }) { manifest[index].properties = "cover-image" }
            return id
        }
        guard format != .svg else { return nil }
        let name = "images/cover.\(format.fileExtension)"
        try add(EPUBExporter.root + name, data, stored: true)
        manifest.append(ExportManifestItem(id: "cover-image", href: name, mediaType: format.mediaType, properties: "cover-image"))
        summary.images += 1
        return "cover-image"
    }

    // MARK: Content

    private mutating func writeContent() throws(ReaderError) {
        let plan = self.plan
        let sources = imageSources
        let hooks = HTMLRenderingHooks(
            linkHref: { target, section in plan.links[LinkKey(target, in: section)]?.relative(prefix: "") },
            imageSource: { sources[$0.href] },
            markers: { section, index, block in
                let address = BlockAddress(section: section, block: index)
                var markers = plan.markers[address] ?? []
                if let note = plan.notes[address], !block.isNoteParagraph {
                    markers.insert(InlineMarker(offset: 0, markup: "<span id=\"\(note)\"></span>"), at: 0)
                }
                return markers
            },
            noteID: { section, index in plan.notes[BlockAddress(section: section, block: index)] })
        var renderer = HTMLRenderer(hooks: hooks)
        var fileIndex = -1
        var body = ""
        func finishFile() throws(ReaderError) {
            guard fileIndex >= 0 else { return }
            let file = plan.files[fileIndex]
            body += renderer.closeOpenElements()
            let page = XHTMLFrame.start(title: file.title ?? metadata.title, language: metadata.language, stylesheet: "../style.css")
                + body + XHTMLFrame.end
            try add(EPUBExporter.root + "text/" + file.name, Array(page.utf8))
            body = ""
        }
        document.willReadSequentially()
        for section in document.readingOrder {
            let blocks = try document.content(ofSection: section.index).blocks
            for (index, block) in blocks.enumerated() {
                let address = BlockAddress(section: section.index, block: index)
                while fileIndex + 1 < plan.files.count, plan.files[fileIndex + 1].start <= address {
                    try finishFile()
                    fileIndex += 1
                }
                body += renderer.renderBlock(block, section: section.index, index: index)
            }
        }
        if fileIndex < 0 { fileIndex = 0 }
        try finishFile()
        // Files planned past the last block (none in practice) still need to exist.
        while fileIndex + 1 < plan.files.count {
            fileIndex += 1
            try finishFile()
        }
    }

    private func add(_ name: String, _ bytes: [UInt8], stored: Bool = false) throws(ReaderError) {
        do {
            try writer.add(name, bytes, method: stored ? .stored : nil)
        } catch {
            throw error.readerError(file: path, format: .epub)
        }
    }
}

extension Block {
    /// Whether the renderer writes this block as a paragraph, which a footnote aside can wrap.
    var isNoteParagraph: Bool {
        guard tableRows.isEmpty else { return false }
        switch kind {
        case .paragraph, .quote: return true
        default: return false
        }
    }
}
