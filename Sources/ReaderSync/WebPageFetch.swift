import ReaderCore
import ReaderFetch
import ReaderWeb

/// A web page fetched and read: the article and what the fetch said.
public struct FetchedPage: Sendable {
    /// The article (or the whole page when extraction found none).
    public var article: WebArticle
    /// The fetch: final address, headers, body.
    public var resource: FetchedResource
}

/// Fetches a web page and reads its article (ReaderWeb's extraction), refusing what is not HTML.
public enum WebPageFetch {
    /// The `Accept` header of a page fetch.
    public static let accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"

    /// Fetches and reads the page at `address`. A body served with another type than HTML
    /// (`text/plain`, none, `application/octet-stream`) is read when it starts like HTML.
    /// - Throws: ``ReaderCore/ReaderError``: the fetch's errors, `unsupportedFormat` for a body
    ///   that is no HTML page, the reader's for a page with no document.
    public static func page(at address: String, using fetcher: HTTPFetcher, extractsArticle: Bool = true,
                            cached: CachedCopy? = nil) async throws(ReaderError) -> FetchedPage {
        let resource = try await fetcher.fetch(address, cached: cached, accept: accept)
        guard looksLikeHTML(resource) else {
            let type = resource.mediaType.map { "the server says \($0)" } ?? "the server gives no type"
            throw ReaderError(.unsupportedFormat, file: resource.url, format: .html, reason: "not a web page (\(type), and the body is no HTML)")
        }
        guard !resource.body.isEmpty else {
            throw ReaderError(.malformed, file: resource.url, format: .html, reason: "the page is empty")
        }
        do throws(ReaderError) {
            let article = try WebArticle.read(resource.body, name: resource.url, extractsArticle: extractsArticle, pageURL: resource.url)
            return FetchedPage(article: article, resource: resource)
        } catch {
            throw error.locating(file: resource.url, format: .html)
        }
    }

    /// Whether a response is an HTML page: by its declared type, else by its first bytes.
    public static func looksLikeHTML(_ resource: FetchedResource) -> Bool {
        if let type = resource.mediaType, type == "text/html" || type == "application/xhtml+xml" { return true }
        return startsLikeHTML(resource.body)
    }

    /// Whether bytes start like an HTML document (after a BOM and white space).
    public static func startsLikeHTML(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(2048), as: UTF8.self).lowercased()
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if trimmed.hasPrefix("<!doctype html") || trimmed.hasPrefix("<html") { return true }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<!--") {
            return head.contains("<html")
        }
        return trimmed.hasPrefix("<") && (head.contains("<body") || head.contains("<head") || head.contains("<p>") || head.contains("<div"))
    }
}
