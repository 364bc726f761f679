import Foundation
import ReaderCore
import ReaderFetch
import ReaderSync
import ReaderTestSupport
import Testing

@Suite("web pages fetched and read", .serialized)
struct WebPageFetchTests {
    @Test("a page's article is extracted, relative links made absolute against its address")
    func article() async throws {
        try await withServer { fetcher, server in
            let page = try await WebPageFetch.page(at: server.url("/page/001"), using: fetcher)
            #expect(page.article.isExtracted)
            #expect(page.article.metadata.title?.isEmpty == false)
            #expect(!page.article.html.contains("href=\"/"), "no server-relative link is left")
        }
    }

    @Test("HTML served as text/plain is still read; an EPUB is no web page")
    func wrongType() async throws {
        try await withServer { fetcher, server in
            let plain = try await WebPageFetch.page(at: server.url("/page-as/002/text/plain"), using: fetcher)
            #expect(plain.resource.mediaType == "text/plain")
            #expect(plain.article.isExtracted)
            let error = await fetchError { _ = try await WebPageFetch.page(at: server.url("/books/lighthouse-keeper.epub"), using: fetcher) }
            #expect(error?.code == .unsupportedFormat)
            #expect(error?.reason.contains("application/epub+zip") == true)
        }
    }
}

/// The ReaderError a body throws, or nil.
func fetchError(_ body: () async throws -> Void) async -> ReaderError? {
    do {
        try await body()
        return nil
    } catch let error as ReaderError {
        return error
    } catch {
        return nil
    }
}
