import Foundation

/// How a catalog offers search: an OpenSearch description to fetch (OPDS 1.2), or a URI template
/// to fill in (OPDS 2, and servers that put `{searchTerms}` straight into an OPDS 1 link).
public enum OPDSSearchLink: Hashable, Sendable, Codable {
    /// An OpenSearch description document's address.
    case openSearchDescription(String)
    /// A URL template with `{searchTerms}` (OpenSearch) or `{query}` (OPDS 2, RFC 6570 level 1).
    case template(String)

    /// The template filled in with `terms` (percent-encoded; `{?query}` expanded form-style;
    /// optional OpenSearch parameters such as `{startPage?}` emptied, left to the server's defaults).
    public static func fill(_ template: String, terms: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let encoded = terms.addingPercentEncoding(withAllowedCharacters: allowed) ?? terms
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            var expression = Substring(rest[rest.index(after: open)..<close])
            // RFC 6570 form-style expansion: `{?query}` is `?query=…`, `{&query}` is `&query=…`.
            let form = expression.first == "?" || expression.first == "&" ? expression.removeFirst() : nil
            let name = expression.trimmingCharacters(in: CharacterSet(charactersIn: "?"))
                .split(separator: ":").last.map(String.init) ?? ""
            if ["searchTerms", "query", "q", "title"].contains(name) {
                if let form { result += "\(form)\(name)=" }
                result += encoded
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
