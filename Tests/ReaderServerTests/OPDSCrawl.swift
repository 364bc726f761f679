import Foundation
import ReaderCore
import ReaderOPDS

/// Every feed reachable from a catalog's root through navigation entries and `next` links, as
/// served (bytes) and as this engine's OPDS reader reads it.
struct OPDSCrawl {
    struct Page {
        var address: String
        var bytes: [UInt8]
        var catalog: OPDSCatalog
    }

    var pages: [Page] = []

    /// Crawls from `root` (at most `limit` pages), following only addresses under `prefix`.
    init(root: String, prefix: String, transport: LoopbackTransport, limit: Int = 200) throws {
        var queue = [transport.base + root]
        var seen = Set(queue)
        while !queue.isEmpty, pages.count < limit {
            let address = queue.removeFirst()
            let response = try transport.fetch(address)
            let catalog = try OPDSParser.parse(response.bytes, name: address, baseURL: address)
            pages.append(Page(address: address, bytes: response.bytes, catalog: catalog))
            let targets = catalog.navigation.map(\.href) + [catalog.pagination.next].compactMap { $0 }
            for target in targets where target.hasPrefix(transport.base + prefix) && seen.insert(target).inserted {
                queue.append(target)
            }
        }
    }

    /// Every publication listed, once per id.
    var publications: [OPDSPublication] {
        var seen = Set<String>()
        return pages.flatMap(\.catalog.publications).filter { seen.insert($0.id ?? $0.title).inserted }
    }
}
