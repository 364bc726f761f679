import ReaderCore

extension DocumentMetadata {
    /// A web page's metadata in the shared model: the byline as the author, the site as the
    /// publisher, the published date, the excerpt as the description, the canonical URL as an
    /// identifier; the rest (`url`, `site_name`, `modified`, `image`, `favicon`, `dir`) in `fields`.
    public init(webPage page: PageMetadata, warnings: [String] = []) {
        self.init(title: page.title, authors: page.byline.map { [$0] } ?? [], language: page.language,
                  identifiers: page.canonicalURL.map { [$0] } ?? [], publisher: page.siteName, date: page.published,
                  description: page.excerpt, subjects: page.categories, warnings: warnings)
        let optional: [(String, String?)] = [("url", page.canonicalURL), ("site_name", page.siteName), ("modified", page.modified),
                                             ("image", page.image), ("favicon", page.favicon), ("dir", page.direction)]
        for (key, value) in optional { if let value { fields[key] = value } }
    }
}
