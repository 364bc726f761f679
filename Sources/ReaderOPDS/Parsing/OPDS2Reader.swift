import Foundation
import ReaderFeeds

/// Reads an OPDS 2.0 page (JSON): `metadata`, `links` (pagination, search templates, facets),
/// `navigation`, `publications`, `groups` and `facets`.
struct OPDS2Reader {
    let base: String?

    func read(_ json: [String: Any]) -> OPDSCatalog {
        var catalog = OPDSCatalog(version: .opds2)
        let metadata = json["metadata"] as? [String: Any] ?? [:]
        catalog.title = metadata["title"] as? String
        catalog.subtitle = metadata["subtitle"] as? String ?? metadata["description"] as? String
        catalog.id = metadata["identifier"] as? String
        catalog.updated = (metadata["modified"] as? String).map(FeedDate.init(raw:))
        catalog.totalResults = metadata["numberOfItems"] as? Int
        catalog.itemsPerPage = metadata["itemsPerPage"] as? Int
        catalog.startIndex = (metadata["currentPage"] as? Int).flatMap { page in catalog.itemsPerPage.map { (page - 1) * $0 + 1 } }
        for link in links(json["links"]) {
            if link.has(rel: "next") { catalog.pagination.next = link.href }
            else if link.has(rel: "previous") || link.has(rel: "prev") { catalog.pagination.previous = link.href }
            else if link.has(rel: "first") { catalog.pagination.first = link.href }
            else if link.has(rel: "last") { catalog.pagination.last = link.href }
            else if link.has(rel: "search") {
                catalog.search = link.isTemplated ? .template(link.href)
                    : (link.baseType == "application/opensearchdescription+xml" ? .openSearchDescription(link.href) : .template(link.href))
            } else { catalog.links.append(link) }
        }
        catalog.navigation = navigation(json["navigation"])
        catalog.publications = (json["publications"] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).map(publication) }
        for case let group as [String: Any] in json["groups"] as? [Any] ?? [] {
            let groupMetadata = group["metadata"] as? [String: Any] ?? [:]
            let href = links(group["links"]).first { $0.has(rel: "self") }?.href
            catalog.groups.append(OPDSGroup(
                title: groupMetadata["title"] as? String ?? "", href: href, navigation: navigation(group["navigation"]),
                publications: (group["publications"] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).map(publication) }))
        }
        for case let facet as [String: Any] in json["facets"] as? [Any] ?? [] {
            let title = (facet["metadata"] as? [String: Any])?["title"] as? String ?? ""
            let facets = links(facet["links"]).map { link in
                OPDSFacet(title: link.title ?? link.href, href: link.href, isActive: link.has(rel: "self"), count: nil)
            }
            catalog.facets.append(OPDSFacetGroup(title: title, facets: facets))
        }
        return catalog
    }

    private func navigation(_ value: Any?) -> [OPDSNavigationEntry] {
        (value as? [Any] ?? []).compactMap { item in
            guard let object = item as? [String: Any], let link = link(object) else { return nil }
            let properties = object["properties"] as? [String: Any]
            return OPDSNavigationEntry(title: link.title ?? link.href, href: link.href, type: link.type, rel: link.rels.first,
                                       count: properties?["numberOfItems"] as? Int)
        }
    }

    func links(_ value: Any?) -> [OPDSLink] {
        (value as? [Any] ?? []).compactMap { ($0 as? [String: Any]).flatMap(link) }
    }

    private func link(_ object: [String: Any]) -> OPDSLink? {
        guard let href = object["href"] as? String, !href.isEmpty else { return nil }
        let rels: [String] = (object["rel"] as? String).map { [$0] } ?? (object["rel"] as? [String] ?? [])
        let properties = object["properties"] as? [String: Any] ?? [:]
        let templated = object["templated"] as? Bool ?? false
        var price: OPDSPrice?
        if let priceObject = properties["price"] as? [String: Any], let value = priceObject["value"] {
            price = OPDSPrice(value: "\(value)", currency: priceObject["currency"] as? String)
        }
        return OPDSLink(href: URLResolver.resolve(href, against: base), rels: rels, type: object["type"] as? String,
                        title: object["title"] as? String, isTemplated: templated,
                        indirectAcquisition: indirect(properties["indirectAcquisition"]), price: price)
    }

    private func indirect(_ value: Any?) -> [OPDSIndirectAcquisition] {
        (value as? [Any] ?? []).compactMap { item in
            guard let object = item as? [String: Any], let type = object["type"] as? String else { return nil }
            return OPDSIndirectAcquisition(type: type, children: indirect(object["child"]))
        }
    }

    private func names(_ value: Any?) -> [String] {
        if let name = value as? String { return AuthorNames.split(name) }
        if let object = value as? [String: Any] { return names(object["name"]) }
        if let list = value as? [Any] { return list.flatMap(names) }
        return []
    }

    private func publication(_ json: [String: Any]) -> OPDSPublication {
        let metadata = json["metadata"] as? [String: Any] ?? [:]
        var publication = OPDSPublication(title: (metadata["title"] as? String) ?? "")
        publication.id = metadata["identifier"] as? String
        publication.authors = names(metadata["author"])
        publication.contributors = names(metadata["contributor"]) + names(metadata["translator"]) + names(metadata["editor"])
        publication.publisher = names(metadata["publisher"]).first
        publication.language = (metadata["language"] as? String) ?? (metadata["language"] as? [String])?.first
        publication.issued = metadata["published"] as? String
        publication.updated = (metadata["modified"] as? String).map(FeedDate.init(raw:))
        publication.summary = metadata["description"] as? String
        publication.subjects = names(metadata["subject"])
        if let series = (metadata["belongsTo"] as? [String: Any] ?? metadata["belongs_to"] as? [String: Any])?["series"] {
            let first = (series as? [Any])?.first ?? series
            publication.series = (first as? [String: Any])?["name"] as? String ?? first as? String
            publication.seriesPosition = ((first as? [String: Any])?["position"]).map { "\($0)" }
        }
        for link in links(json["links"]) {
            if let kind = link.rels.lazy.compactMap(OPDSAcquisition.kind(ofRel:)).first {
                publication.acquisitions.append(OPDSAcquisition(kind: kind, link: link))
            } else {
                publication.links.append(link)
            }
        }
        let images = links(json["images"])
        publication.cover = (images.first { $0.has(rel: "cover") } ?? images.first)?.href
        publication.thumbnail = images.first { $0.has(rel: "thumbnail") }?.href ?? (images.count > 1 ? images.last?.href : nil)
        return publication
    }
}
