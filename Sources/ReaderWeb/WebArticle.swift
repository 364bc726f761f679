import ReaderCore
import ReaderHTML
import ReaderXML

/// A saved web page read for reading: its metadata, the article (or the whole page) as clean
/// HTML, and that HTML converted to blocks by the shared HTML layer.
public struct WebArticle: Sendable {
    /// What the page says about itself, completed by extraction (byline, excerpt).
    public var metadata: PageMetadata
    /// How the bytes were decoded.
    public var encoding: PageEncoding
    /// Whether the content is the extracted article (false: the whole page, or extraction found nothing).
    public var isExtracted: Bool
    /// The article as HTML (a full document: title heading, then the content), links absolute.
    public var html: String
    /// The article's text without the title heading added to it, as extraction left it (for measuring).
    public var articleText: String
    /// The page's text length and the article's, in characters.
    public var pageTextLength: Int
    /// The blocks, source map, links and images of ``html``.
    public var content: HTMLContent
    /// Problems met (the parser's, extraction's).
    public var warnings: [String]

    /// The largest page read (64 MiB, the markup parser's own cap).
    public static let byteLimit = 64 << 20

    /// Reads the page saved at `path` (at most ``byteLimit`` bytes).
    /// - Throws: ``ReaderError`` when the file cannot be read, is too large, empty, or no HTML at all.
    public static func read(path: String, extractsArticle: Bool = true, encoding: String? = nil) throws(ReaderError) -> WebArticle {
        do throws(ReaderError) {
            let file = try ReadOnlyFile(path: path, format: .html)
            let bytes = try file.readAll(limit: byteLimit) { size in
                ReaderError(.unsupportedOperation, reason: "\(size) bytes is more than the \(byteLimit)-byte limit for a web page")
            }
            guard !bytes.isEmpty else { throw ReaderError(.malformed, reason: "the file is empty") }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return try read(bytes, name: name, extractsArticle: extractsArticle, encoding: encoding)
        } catch {
            throw error.locating(file: path, format: .html)
        }
    }

    /// Reads a page.
    /// - Parameters:
    ///   - bytes: the file's bytes, in any encoding.
    ///   - name: how messages name it.
    ///   - extractsArticle: false to keep the whole page (scripts, styles and hidden parts aside).
    ///   - encoding: an encoding that overrides the page's.
    ///   - pageURL: the address the page was fetched from: relative links resolve against it
    ///     (after `<base href>`), ahead of the canonical URL.
    /// - Throws: ``ReaderError`` `malformed` when not even the HTML parser finds a document.
    public static func read(_ bytes: [UInt8], name: String, extractsArticle: Bool = true,
                            encoding forced: String? = nil, pageURL: String? = nil) throws(ReaderError) -> WebArticle {
        let (utf8, encoding) = try PageEncoding.utf8(of: bytes, forced: forced)
        let document: MarkupDocument
        do {
            document = try MarkupDocument.parse(utf8, syntax: .html, name: name, encoding: "UTF-8")
        } catch {
            throw ReaderError(.malformed, reason: error.lineAndReason, cause: error)
        }
        guard let root = document.root else { throw ReaderError(.malformed, reason: "no root element") }
        var metadata = PageMetadataReader.read(root: root)
        let baseHref = root.firstElement("head")?.firstElement("base")?.attribute("href")
        let resolution = LinkResolution(baseHref: baseHref, canonicalURL: pageURL ?? metadata.canonicalURL)
        metadata.image = metadata.image.map(resolution.resolve)
        metadata.favicon = metadata.favicon.map(resolution.resolve)
        if let canonical = metadata.canonicalURL { metadata.canonicalURL = resolution.resolve(canonical) }

        let bodyElement = root.firstElement("body") ?? root
        func readablePage() -> WebNode {
            WebNode.build(from: bodyElement, skippingUnread: true)
        }
        let pageText = readablePage()
        let pageTextLength = pageText.textLength
        // libxml2's complaints about markup every browser reads (unknown tags, duplicate ids) are noise here.
        var warnings = document.warnings.filter { !$0.contains("invalid") && !$0.contains("Tag ") && !$0.contains("already defined") }
        var article: WebNode = pageText
        var isExtracted = false
        if extractsArticle {
            let extractor = ArticleExtractor(title: metadata.title)
            // The first attempt (most often the only one) changes the page's own tree; a later
            // one, or showing the whole page after all, reads the page from libxml2's tree again.
            var untouched: WebNode? = pageText
            let result = extractor.extract {
                defer { untouched = nil }
                return untouched ?? readablePage()
            }
            if let result {
                article = result.article
                isExtracted = true
                if metadata.byline == nil { metadata.byline = result.byline }
            } else {
                article = readablePage()
                warnings.append("no article found: the whole page is shown")
            }
        }
        if metadata.excerpt == nil, let first = article.descendants(named: ["p"]).lazy.map(\.innerText).first(where: { !$0.isEmpty }) {
            metadata.excerpt = first
        }
        resolution.apply(to: article)
        let articleText = article.readableText
        let html = ArticleDocument.html(article: article, metadata: metadata, addsTitle: isExtracted)
        let content: HTMLContent
        do {
            let converted = try MarkupDocument.parse(Array(html.utf8), syntax: .html, name: name, encoding: "UTF-8")
            content = HTMLBlockConverter().convert(converted)
        } catch {
            throw ReaderError(.malformed, reason: error.lineAndReason, cause: error)
        }
        return WebArticle(metadata: metadata, encoding: encoding, isExtracted: isExtracted, html: html, articleText: articleText,
                          pageTextLength: pageTextLength, content: content, warnings: warnings + content.warnings)
    }
}
