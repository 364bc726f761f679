import ReaderCore
import ReaderFeeds

/// Browses a catalog through a transport: reads pages, follows pagination, searches.
public struct OPDSClient: Sendable {
    /// Where bytes come from.
    public let transport: any OPDSTransport

    /// A client over a transport.
    public init(transport: any OPDSTransport = FileTransport()) {
        self.transport = transport
    }

    /// The page at an address.
    /// - Parameter baseURL: what server-relative hrefs resolve against when the address itself
    ///   is a local file (a saved page of a remote catalog); nil: the address.
    /// - Throws: ``ReaderCore/ReaderError`` when the page cannot be fetched or read.
    public func page(at address: String, baseURL: String? = nil) throws(ReaderError) -> OPDSCatalog {
        let response = try transport.fetch(address)
        return try OPDSParser.parse(response.bytes, name: address, baseURL: baseURL ?? Self.base(of: response.address))
    }

    /// Every page from `address` on, following `next` links (never computing offsets: some servers'
    /// `last` is not on a page boundary), at most `limit` pages, stopping at a page seen before.
    /// A page the server does not have (`fileNotFound`, which a 404 maps to) ends the walk.
    public func pages(from address: String, baseURL: String? = nil, limit: Int = 100) throws(ReaderError) -> [OPDSCatalog] {
        var result: [OPDSCatalog] = []
        var seen = Set<String>()
        var next: String? = address
        while let current = next, result.count < limit, seen.insert(current).inserted {
            do {
                let page = try self.page(at: current, baseURL: result.isEmpty ? baseURL : nil)
                result.append(page)
                next = page.pagination.next
            } catch let error where error.kind == .fileNotFound && !result.isEmpty {
                break
            }
        }
        return result
    }

    /// The address a search for `terms` fetches: the catalog's template filled in, or its
    /// OpenSearch description fetched and its Atom template filled in.
    /// - Throws: ``ReaderCore/ReaderError`` `unsupportedOperation` when the catalog offers no search.
    public func searchAddress(in catalog: OPDSCatalog, terms: String) throws(ReaderError) -> String {
        switch catalog.search {
        case .template(let template)?:
            return OPDSSearchLink.fill(template, terms: terms)
        case .openSearchDescription(let address)?:
            let response = try transport.fetch(address)
            let description = try OpenSearchDescription.parse(response.bytes, name: address, baseURL: Self.base(of: response.address))
            guard let template = description.catalogTemplate else {
                throw ReaderError(.malformed, file: address, reason: "the OpenSearch description has no Url template")
            }
            return OPDSSearchLink.fill(template, terms: terms)
        case nil:
            throw ReaderError(.unsupportedOperation, file: catalog.title, reason: "the catalog offers no search")
        }
    }

    /// The results of a search: an empty page when the server answers "not found" (some do
    /// where an empty feed was meant).
    public func search(_ terms: String, in catalog: OPDSCatalog) throws(ReaderError) -> OPDSCatalog {
        let address = try searchAddress(in: catalog, terms: terms)
        do {
            return try page(at: address)
        } catch let error where error.kind == .fileNotFound {
            var empty = OPDSCatalog(version: catalog.version)
            empty.title = catalog.title
            empty.totalResults = 0
            return empty
        }
    }

    /// Addresses with a scheme are their own base; a file path has none.
    static func base(of address: String) -> String? {
        address.hasPrefix("/") ? nil : address
    }
}
