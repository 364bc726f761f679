import ReaderCore

/// The words in class names and ids that tell a reading mode what a part of a page is, and the
/// element groups its rules name. The lists follow Mozilla Readability's (documented in
/// `docs/extraction.md`); matching is by substring of the lower-cased `class id` string.
enum ExtractionHints {
    /// Parts that are almost never the article (menus, comments, footers, ads, …).
    static let unlikely = ["-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap",
                           "disqus", "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark",
                           "replies", "rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental",
                           "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote", "cookie", "consent"]
    /// Words that save an unlikely-looking part.
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    /// Words that raise a candidate's score.
    static let positive = ["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination",
                           "post", "text", "blog", "story"]
    /// Words that lower it.
    static let negative = ["-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr",
                           "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox",
                           "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget"]
    /// Words of a byline's class or id.
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    /// ARIA roles of parts that are not the article.
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    /// Elements scored for themselves.
    static let scored: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    /// Block elements that keep a `div` from becoming a paragraph.
    static let divToParagraphBlockers: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    /// Elements that are phrasing content.
    static let phrasing: Set<String> = ["abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist",
                                        "dfn", "em", "embed", "i", "img", "input", "kbd", "label", "mark", "math",
                                        "meter", "noscript", "object", "output", "progress", "q", "ruby", "samp",
                                        "script", "select", "small", "span", "strong", "sub", "sup", "textarea",
                                        "time", "var", "wbr", "font", "u", "s", "strike", "tt", "big", "#text"]
    /// Elements that are phrasing content when all their content is.
    static let phrasingWhenContentIs: Set<String> = ["a", "del", "ins"]
    /// Elements removed when they hold no text (and no element but line breaks and rules).
    static let removedWhenEmpty: Set<String> = ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"]
    /// Siblings joined to the article that keep their own name.
    static let keptSiblingNames: Set<String> = ["div", "article", "section", "p", "ol", "ul"]
    /// Elements never read: scripts, styles, forms' controls, frames.
    static let neverRead: Set<String> = ["script", "style", "noscript", "template", "link", "meta", "iframe", "svg",
                                         "canvas", "object", "embed", "select", "textarea", "button", "input", "dialog",
                                         "frameset", "frame", "map", "head", "title"]

    /// Whether `text` (the lower-cased class and id) contains any of `words` (a byte search:
    /// this runs for every element of every attempt).
    static func matches(_ text: String, _ words: [String]) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            words.contains { word in
                var word = word
                return !word.isEmpty && word.withUTF8 { needle in ByteSearch.search(needle, in: haystack) != nil }
            }
        }
    }

    /// Whether the class list holds the token `hid` (Readability's `^hid$| hid$| hid |^hid `).
    static func hasHidToken(_ text: String) -> Bool {
        text.split(separator: " ").contains("hid")
    }

    /// Whether the class or id names a share widget (`share` or `sharedaddy` as a word or between underscores).
    static func isShareWidget(_ classAndID: String) -> Bool {
        // Either word contains "share": without it, no need to split into words.
        guard matches(classAndID, ["share"]) else { return false }
        return classAndID.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == "share" || $0 == "sharedaddy" }
    }
}
