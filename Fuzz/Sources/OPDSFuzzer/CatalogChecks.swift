import Foundation
import FuzzSupport
import ReaderFeeds
import ReaderOPDS

/// ReaderOPDS on one page: `OPDSParser` (OPDS 2.0 when the bytes are JSON, else OPDS 1.x Atom with
/// libxml2's recovery: navigation and acquisition entries, acquisition links with indirect types
/// and prices, facets, pagination, groups, search links, OpenSearch totals, the entry content
/// sanitized and mined for metadata), and `OpenSearchDescription.parse` on the same bytes. What
/// must hold, the page read against the absolute address `base`:
///
/// - every link (found by reflection, wherever the model keeps one) is absolute: it has a scheme;
/// - every publication's HTML content is safe as `SanitizedHTML` reads it;
/// - every date read prints in ISO 8601 and reads back to the same instant, to the second;
/// - the catalog encodes to JSON, decodes, and encodes to the same JSON;
/// - a search template filled in holds the terms only percent-encoded (unless the template itself
///   spelt them out), and one without a `{` comes back as it was; the same for every template of
///   an OpenSearch description.
enum CatalogChecks {
    static let base = "https://example.org/opds/catalog.xml"
    private static let terms = "fog & sea/\u{E9}"
    private static let encodedTerms = "fog%20%26%20sea%2F%C3%A9"

    static func check(_ bytes: [UInt8]) {
        if let catalog = try? OPDSParser.parse(bytes, name: "catalog", baseURL: base) {
            var links: [OPDSLink] = []
            var dates: [FeedDate] = []
            collect(catalog, links: &links, dates: &dates)
            for link in links {
                fuzzCheck(URLResolver.scheme(of: link.href) != nil, "a link resolved against \(base) is not absolute: \(String(reflecting: link.href))")
                _ = link.baseType
            }
            for date in dates { checkDate(date) }
            for (index, publication) in catalog.publications.enumerated() {
                if let html = publication.contentHTML { SanitizedHTML.check(html, context: "publication \(index) content") }
                for acquisition in publication.acquisitions { _ = acquisition.finalType }
            }
            _ = catalog.isAcquisitionFeed
            checkJSONRoundTrip(catalog, name: "catalog")
            if case .template(let template)? = catalog.search { checkFill(template) }
        }
        if let description = try? OpenSearchDescription.parse(bytes, name: "opensearch", baseURL: base) {
            for template in description.templates { checkFill(template.template) }
            _ = description.catalogTemplate
        }
    }

    /// Every ``OPDSLink`` and ``FeedDate`` in a value, found by walking it with `Mirror`.
    private static func collect(_ value: Any, links: inout [OPDSLink], dates: inout [FeedDate]) {
        if let link = value as? OPDSLink { links.append(link) }
        if let date = value as? FeedDate {
            dates.append(date)
            return
        }
        if value is String || value is Int || value is Double || value is Bool { return }
        for child in Mirror(reflecting: value).children { collect(child.value, links: &links, dates: &dates) }
    }

    private static func checkDate(_ date: FeedDate) {
        guard let instant = date.date else { return }
        guard let iso = date.iso8601, let again = FeedDateParser.parse(iso) else {
            fuzzFail("\(String(reflecting: date.raw)) read as \(instant.timeIntervalSince1970), but its ISO 8601 form "
                         + "\(date.iso8601 ?? "(none)") does not read")
        }
        fuzzCheck(abs(again.timeIntervalSince(instant)) < 1,
                  "\(String(reflecting: date.raw)) read as \(instant.timeIntervalSince1970), printed \(iso), "
                      + "read back as \(again.timeIntervalSince1970)")
    }

    /// Fills a template; the raw terms must not appear unless the template itself held them.
    private static func checkFill(_ template: String) {
        let filled = OPDSSearchLink.fill(template, terms: terms)
        fuzzCheck(!filled.contains(terms) || template.contains(terms), "\(String(reflecting: template)) filled as \(String(reflecting: filled))")
        if !template.contains("{") {
            fuzzCheck(filled == template, "\(String(reflecting: template)) without an expression filled as \(String(reflecting: filled))")
        }
        _ = filled.contains(encodedTerms)
    }
}
