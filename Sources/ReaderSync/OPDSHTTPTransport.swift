import ReaderCore
import ReaderFetch
import ReaderOPDS

/// Reads catalogs over http(s) with an ``ReaderFetch/HTTPFetcher`` and everything else (paths,
/// `file:` URLs) from files, behind ReaderOPDS's synchronous `OPDSTransport`. A 404 is
/// `fileNotFound`, which the client reads as the end of the pages or an empty search.
///
/// Its `fetch` blocks the calling thread until the request ends: call it from a thread of your
/// own (a command's), not from inside a task.
public struct OPDSHTTPTransport: OPDSTransport {
    /// The media types a catalog request accepts.
    public static let accept = "application/atom+xml;profile=opds-catalog, application/opds+json, application/atom+xml, application/json;q=0.9, application/opensearchdescription+xml;q=0.9, */*;q=0.5"

    private let fetcher: HTTPFetcher
    private let files = FileTransport()

    /// A transport over `fetcher`.
    public init(fetcher: HTTPFetcher) {
        self.fetcher = fetcher
    }

    /// The bytes at an address: fetched when it is http(s), read from a file otherwise.
    public func fetch(_ address: String) throws(ReaderError) -> OPDSResponse {
        guard FetchAddress.isHTTP(address) else { return try files.fetch(address) }
        let fetcher = self.fetcher
        let resource = try BlockingWait.run { () async throws(ReaderError) in
            try await fetcher.fetch(address, accept: Self.accept)
        }
        return OPDSResponse(bytes: resource.body, contentType: resource.contentType, address: resource.url)
    }
}
