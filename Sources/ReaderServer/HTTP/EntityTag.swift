import Hummingbird

/// Conditional requests by entity tag (RFC 9110, section 13.1.2): the one rule every route that
/// sends an `ETag` answers `If-None-Match` by.
enum EntityTag {
    /// Whether `request`'s `If-None-Match` names `etag`: `*`, or a list holding it, weak or strong
    /// (the weak comparison this header calls for).
    static func requestHolds(_ request: Request, _ etag: String) -> Bool {
        guard let header = request.headers[.ifNoneMatch] else { return false }
        return header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
