import Foundation
import ReaderCore
import ReaderFeeds
import ReaderXML

/// Reads an OPDS 1.x page (Atom): entries that link to other feeds are navigation, entries with
/// acquisition links are publications; facets, pagination and search come from the page's links.
struct OPDS1Reader {
    static let atom = "http://www.w3.org/2005/Atom"
    static let opds = "http://opds-spec.org/2010/catalog"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let dcterms = "http://purl.org/dc/terms/"
    static let thread = "http://purl.org/syndication/thread/1.0"
    static let openSearch = "http://a9.com/-/spec/opensearch/1.1/"

    let base: String?

    func read(_ root: MarkupElement) -> OPDSCatalog {
        var catalog = OPDSCatalog(version: .opds1)
        let base = scopedBase(root, outer: self.base)
        var facets: [(group: String, facet: OPDSFacet)] = []
        for element in root.elements {
            switch element.name {
            case "id": catalog.id = element.normalizedText
            case "title": catalog.title = element.normalizedText
            case "subtitle": catalog.subtitle = element.normalizedText
            case "updated": catalog.updated = FeedDate(raw: element.normalizedText)
            case "icon": catalog.icon = URLResolver.resolve(element.normalizedText, against: base)
            case "totalResults": catalog.totalResults = Int(element.normalizedText)
            case "itemsPerPage": catalog.itemsPerPage = Int(element.normalizedText)
            case "startIndex": catalog.startIndex = Int(element.normalizedText)
            case "link":
                guard let link = link(element, base: base) else {
                    catalog.warnings.append("line \(element.line): a link without href")
                    continue
                }
                if let group = element.attribute("facetGroup", namespace: Self.opds) {
                    facets.append((group, OPDSFacet(title: link.title ?? link.href, href: link.href,
                                                    isActive: element.attribute("activeFacet", namespace: Self.opds) == "true",
                                                    count: element.attribute("count", namespace: Self.thread).flatMap { Int($0) })))
                } else if link.has(rel: "next") { catalog.pagination.next = link.href }
                else if link.has(rel: "previous") || link.has(rel: "prev") { catalog.pagination.previous = link.href }
                else if link.has(rel: "first") { catalog.pagination.first = link.href }
                else if link.has(rel: "last") { catalog.pagination.last = link.href }
                else if link.has(rel: "search") {
                    if link.isTemplated || link.baseType == "application/atom+xml" {
                        catalog.search = catalog.search ?? .template(link.href)
                    } else {
                        catalog.search = .openSearchDescription(link.href)
                    }
                } else {
                    catalog.links.append(link)
                }
            case "entry":
                read(entry: element, base: scopedBase(element, outer: base), into: &catalog)
            default: break
            }
        }
        var groups: [OPDSFacetGroup] = []
        for (group, facet) in facets {
            if let index = groups.firstIndex(where: { $0.title == group }) { groups[index].facets.append(facet) }
            else { groups.append(OPDSFacetGroup(title: group, facets: [facet])) }
        }
        catalog.facets = groups
        return catalog
    }

    private func scopedBase(_ element: MarkupElement, outer: String?) -> String? {
        element.attribute("base", namespace: MarkupNamespace.xml).map { URLResolver.resolve($0, against: outer) } ?? outer
    }

    func link(_ element: MarkupElement, base: String?) -> OPDSLink? {
        guard let href = element.attribute("href")?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty else { return nil }
        let rels = (element.attribute("rel") ?? "alternate").split(separator: " ").map(String.init)
        var price: OPDSPrice?
        var indirect: [OPDSIndirectAcquisition] = []
        for child in element.elements where child.namespace == Self.opds {
            if child.name == "price" { price = OPDSPrice(value: child.normalizedText, currency: child.attribute("currencycode") ?? child.attribute("currencyCode")) }
            if child.name == "indirectAcquisition", let step = indirectAcquisition(child) { indirect.append(step) }
        }
        return OPDSLink(href: URLResolver.resolve(href, against: base), rels: rels, type: element.attribute("type"),
                        title: element.attribute("title"), isTemplated: href.contains("{searchTerms") || href.contains("{query"),
                        indirectAcquisition: indirect, price: price)
    }

    private func indirectAcquisition(_ element: MarkupElement) -> OPDSIndirectAcquisition? {
        guard let type = element.attribute("type") else { return nil }
        let children = element.elements.filter { $0.namespace == Self.opds && $0.name == "indirectAcquisition" }.compactMap(indirectAcquisition)
        return OPDSIndirectAcquisition(type: type, children: children)
    }

    private func read(entry: MarkupElement, base: String?, into catalog: inout OPDSCatalog) {
        var title = ""
        var links: [OPDSLink] = []
        var publication = OPDSPublication(title: "")
        var contentText: String?
        var content: MarkupElement?
        var count: Int?
        for element in entry.elements {
            switch (element.namespace, element.name) {
            case (_, "title") where element.namespace != Self.dc && element.namespace != Self.dcterms:
                title = element.normalizedText
            case (Self.dc, "title"), (Self.dcterms, "title"): if title.isEmpty { title = element.normalizedText }
            case (_, "id") where element.namespace == Self.atom || element.namespace == nil: publication.id = element.normalizedText
            case (_, "updated"): publication.updated = FeedDate(raw: element.normalizedText)
            case (_, "author"):
                let name = element.firstElement("name")?.normalizedText ?? element.normalizedText
                publication.authors += AuthorNames.split(name)
            case (_, "contributor"):
                if let name = element.firstElement("name")?.normalizedText { publication.contributors.append(name) }
            case (Self.dc, "creator"), (Self.dcterms, "creator"): publication.authors += AuthorNames.split(element.normalizedText)
            case (Self.dc, "publisher"), (Self.dcterms, "publisher"): publication.publisher = element.normalizedText
            case (Self.dc, "language"), (Self.dcterms, "language"): publication.language = element.normalizedText
            case (Self.dc, "issued"), (Self.dcterms, "issued"), (_, "published"):
                if publication.issued == nil || element.name == "issued" { publication.issued = element.normalizedText }
            case (Self.dc, "identifier"), (Self.dcterms, "identifier"): publication.identifiers.append(element.normalizedText)
            case (_, "category"):
                if let subject = element.attribute("label") ?? element.attribute("term") { publication.subjects.append(subject) }
            case (_, "summary"): publication.summary = element.normalizedText
            case (_, "content"):
                content = element
                contentText = element.normalizedText
            case (Self.thread, "count"): count = Int(element.normalizedText)
            case (_, "link"):
                if let link = link(element, base: base) { links.append(link) }
                // RFC 4685 puts the count on the link (`<link thr:count="12">`), as our own server does.
                if count == nil { count = element.attribute("count", namespace: Self.thread).flatMap { Int($0) } }
            default: break
            }
        }
        publication.title = title
        for link in links {
            if let kind = link.rels.lazy.compactMap(OPDSAcquisition.kind(ofRel:)).first {
                publication.acquisitions.append(OPDSAcquisition(kind: kind, link: link))
            } else if link.has(rel: "http://opds-spec.org/image") || link.has(rel: "http://opds-spec.org/cover") || link.has(rel: "x-stanza-cover-image") {
                publication.cover = link.href
            } else if link.has(rel: "http://opds-spec.org/image/thumbnail") || link.has(rel: "http://opds-spec.org/thumbnail")
                        || link.has(rel: "x-stanza-cover-image-thumbnail") {
                publication.thumbnail = link.href
            } else {
                publication.links.append(link)
            }
        }
        if let content {
            let kind = content.attribute("type") ?? "text"
            if kind == "xhtml" || kind == "html" || kind == "text/html" {
                let markup = kind == "xhtml" ? (content.firstElement("div").map(ContentMetadata.innerXHTML) ?? "") : content.text
                publication.contentHTML = HTMLSanitizer.sanitize(markup, base: base)
                ContentMetadata.fill(&publication, fromHTML: publication.contentHTML ?? "")
            } else if publication.summary == nil {
                publication.summary = contentText
            }
        }
        let isPublication = !publication.acquisitions.isEmpty || publication.cover != nil || publication.thumbnail != nil
        if isPublication {
            catalog.publications.append(publication)
        } else if let target = links.first(where: { $0.baseType == "application/atom+xml" || $0.baseType == "application/opds+json" }) ?? links.first {
            catalog.navigation.append(OPDSNavigationEntry(title: title, href: target.href, type: target.type, rel: target.rels.first,
                                                          summary: publication.summary ?? contentText, count: count, id: publication.id))
        } else {
            catalog.warnings.append("entry \(title.isEmpty ? "without a title" : "“\(title)”") has no link: left out")
        }
    }
}
