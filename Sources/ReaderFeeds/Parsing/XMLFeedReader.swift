import ReaderXML

/// Reads an RSS, RDF or Atom tree into a ``Feed``. Elements are matched by ``FeedNamespaces``
/// keys, so a feed that mixes dialects (Atom links in RSS, Dublin Core in Atom) is read whole.
struct XMLFeedReader {
    let kind: FeedKind
    let root: MarkupElement
    let rootScope: FeedScope
    /// The keys of the elements' names, for this document.
    let keys = FeedElementKeys()
    /// The inline styles of this document's HTML, sanitized once each.
    let styles = SanitizedStyles()

    /// The reader for a tree, or nil when its root is not a feed's.
    init?(root: MarkupElement, scope: FeedScope) {
        let name = root.name.lowercased()
        let namespace = root.namespace
        switch name {
        case "rss":
            let version = root.attribute("version")?.trimmingASCIIWhitespace() ?? ""
            kind = switch version {
            case let v where v.hasPrefix("2"): .rss20
            case "0.91": .rss091u
            case "0.92": .rss092
            case "0.93": .rss093
            case "0.94": .rss094
            default: .rss
            }
        case "rdf":
            let namespaces = root.elements.compactMap(\.namespace) + [namespace].compactMap { $0 }
            kind = namespaces.contains(FeedNamespaces.rss090) ? .rss090 : .rss10
        case "feed":
            if namespace == FeedNamespaces.atom10 { kind = .atom10 }
            else if namespace == FeedNamespaces.atom03 || root.attribute("version") == "0.3" { kind = .atom03 }
            else { kind = .atom }
        case "channel":
            kind = .rss
        default:
            return nil
        }
        self.root = root
        self.rootScope = scope
    }

    func read(encoding: String) -> Feed {
        var feed = Feed(kind: kind, encoding: encoding)
        let scope = rootScope.entering(root)
        feed.language = scope.language
        if kind.isAtom {
            readChannel(root, scope: scope, into: &feed)
            for child in root.elements where keys.key(of: child) == "entry" {
                feed.entries.append(readEntry(child, scope: scope.entering(child)))
            }
        } else {
            let channel = root.name.lowercased() == "channel" ? root
                : root.elements.first { keys.key(of: $0) == "channel" }
            var channelScope = scope
            if let channel {
                channelScope = scope.entering(channel)
                readChannel(channel, scope: channelScope, into: &feed)
            }
            // RSS 2.0 puts items in the channel, RDF beside it.
            var holders: [(MarkupElement, FeedScope)] = channel.map { [($0, channelScope)] } ?? []
            if root.name.lowercased() == "rdf" { holders.append((root, scope)) }
            for (holder, holderScope) in holders {
                for child in holder.elements where keys.key(of: child) == "item" {
                    feed.entries.append(readEntry(child, scope: holderScope.entering(child)))
                }
            }
        }
        feed.base = scope.base
        feed.categories = Self.unique(feed.categories)
        if feed.link == nil { feed.link = feed.links.first { $0.rel == "alternate" }?.href }
        return feed
    }

    // MARK: Channel

    private func readChannel(_ channel: MarkupElement, scope: FeedScope, into feed: inout Feed) {
        for element in channel.elements {
            let here = scope.entering(element)
            let key = keys.key(of: element)
            switch key {
            case "title", "dc:title":
                if feed.title == nil || key == "title" { feed.title = text(element, scope: here, fallback: .text) }
            case "link":
                if let link = link(element, scope: here) {
                    feed.links.append(link)
                    if link.rel == "alternate", feed.link == nil { feed.link = link.href }
                }
            case "description", "subtitle", "tagline", "info", "dc:description", "itunes:summary", "itunes:subtitle":
                if key.hasPrefix("itunes:") { readPodcast(key, element, into: &feed.podcast) }
                if feed.subtitle == nil || ["description", "subtitle", "tagline"].contains(key) {
                    if key == "info", feed.subtitle != nil { continue }
                    feed.subtitle = text(element, scope: here, fallback: key == "description" ? .html : .text)
                }
            case "language", "dc:language":
                let value = element.text.trimmingASCIIWhitespace()
                if !value.isEmpty { feed.language = value }
            case "copyright", "rights", "dc:rights":
                feed.rights = text(element, scope: here, fallback: .text)
            case "id", "guid":
                let value = element.text.trimmingASCIIWhitespace()
                feed.id = kind.isAtom ? here.resolve(value) : value
            case "generator", "admin:generatoragent":
                let name = element.text.trimmingASCIIWhitespace()
                let uri = element.attribute("uri") ?? element.attribute("url")
                    ?? element.attribute("resource", namespace: FeedNamespaces.rdf)
                feed.generator = FeedGenerator(name: name, uri: uri.map(here.resolve), version: element.attribute("version"))
            case "managingeditor", "author", "dc:creator", "dc:author", "itunes:author":
                if key == "itunes:author" { feed.podcast.author = element.text.trimmingASCIIWhitespace() }
                feed.authors.append(person(element, scope: here))
            case "webmaster", "dc:publisher", "publisher":
                feed.publisher = person(element, scope: here)
            case "contributor", "dc:contributor":
                feed.contributors.append(person(element, scope: here))
            case "category", "dc:subject", "itunes:category", "itunes:keywords", "media:category", "media:keywords":
                feed.categories += categories(key, element)
            case "image":
                if let url = element.firstElementText("url") {
                    feed.image = FeedImage(url: here.resolve(url), title: element.firstElementText("title"),
                                           link: element.firstElementText("link").map(here.resolve),
                                           width: element.firstElementText("width"), height: element.firstElementText("height"))
                } else if let about = element.attribute("resource", namespace: FeedNamespaces.rdf) {
                    feed.image = FeedImage(url: here.resolve(about))
                }
            case "icon": feed.icon = here.resolve(element.text.trimmingASCIIWhitespace())
            case "logo": feed.logo = here.resolve(element.text.trimmingASCIIWhitespace())
            case "lastbuilddate", "updated", "modified", "dc:date", "dcterms:modified":
                if feed.updated == nil || key != "dc:date" { feed.updated = FeedDate(raw: element.text.trimmingASCIIWhitespace()) }
            case "pubdate", "published", "issued", "dcterms:issued", "dcterms:created", "created":
                feed.published = FeedDate(raw: element.text.trimmingASCIIWhitespace())
            case "ttl": feed.ttl = element.text.trimmingASCIIWhitespace()
            case "docs": feed.docs = here.resolve(element.text.trimmingASCIIWhitespace())
            default:
                if key.hasPrefix("itunes:") || key.hasPrefix("googleplay:") { readPodcast(key, element, into: &feed.podcast) }
            }
        }
        if let image = feed.podcast.image, feed.image == nil { feed.image = FeedImage(url: image) }
    }

    // MARK: Entries

    private func readEntry(_ item: MarkupElement, scope: FeedScope) -> FeedEntry {
        var entry = FeedEntry()
        entry.language = scope.language
        if let about = item.attribute("about", namespace: FeedNamespaces.rdf) { entry.id = about }
        var copiedSummary: FeedText?
        for element in item.elements {
            let here = scope.entering(element)
            let key = keys.key(of: element)
            switch key {
            case "title", "dc:title":
                if entry.title == nil || key == "title" { entry.title = text(element, scope: here, fallback: .text) }
            case "media:title":
                if entry.title == nil { entry.title = text(element, scope: here, fallback: .text) }
            case "link":
                guard let link = link(element, scope: here) else { continue }
                entry.links.append(link)
                if link.rel == "alternate", entry.link == nil { entry.link = link.href }
                if link.rel == "enclosure" {
                    entry.enclosures.append(FeedEnclosure(url: link.href, type: link.type, length: link.length))
                }
                if link.rel == "replies", link.type == nil || link.type == "text/html" { entry.comments = link.href }
                if link.rel == "license" { entry.license = link.href }
            case "guid", "id":
                let value = element.text.trimmingASCIIWhitespace()
                entry.id = key == "id" && kind.isAtom ? here.resolve(value) : value
                if key == "guid" {
                    let permalink = element.attribute("isPermaLink")?.lowercased() ?? element.attribute("ispermalink")?.lowercased()
                    entry.guidIsPermalink = permalink.map { $0 != "false" } ?? true
                }
            case "description", "summary", "dc:description":
                if entry.summary == nil || key != "dc:description" {
                    entry.summary = text(element, scope: here, fallback: key == "description" ? .html : .text)
                }
            case "itunes:summary", "itunes:subtitle":
                readPodcast(key, element, into: &entry.podcast)
                if entry.summary == nil, key == "itunes:summary" { entry.summary = text(element, scope: here, fallback: .text) }
            case "content:encoded", "content", "xhtml:body", "body", "fullitem":
                let fallback: FeedText.Kind = key == "content" ? .text : (key.hasSuffix("body") ? .xhtml : .html)
                let value = text(element, scope: here, fallback: fallback)
                if key == "content", let src = element.attribute("src") {
                    entry.links.append(FeedLink(href: here.resolve(src), rel: "alternate", type: element.attribute("type")))
                }
                entry.content.append(value)
                if copiedSummary == nil { copiedSummary = value }
            case "author", "dc:creator", "dc:author", "itunes:author":
                if key == "itunes:author" { entry.podcast.author = element.text.trimmingASCIIWhitespace() }
                let person = person(element, scope: here)
                if !entry.authors.contains(person) { entry.authors.append(person) }
            case "contributor", "dc:contributor":
                entry.contributors.append(person(element, scope: here))
            case "dc:publisher", "publisher":
                entry.publisher = person(element, scope: here)
            case "category", "dc:subject", "itunes:keywords", "itunes:category", "media:category", "media:keywords":
                entry.categories += categories(key, element)
            case "pubdate", "published", "issued", "dcterms:issued":
                entry.published = FeedDate(raw: element.text.trimmingASCIIWhitespace())
            case "dc:date":
                let date = FeedDate(raw: element.text.trimmingASCIIWhitespace())
                if entry.updated == nil { entry.updated = date }
                if entry.published == nil { entry.published = date }
            case "updated", "modified", "dcterms:modified", "lastbuilddate":
                entry.updated = FeedDate(raw: element.text.trimmingASCIIWhitespace())
            case "created", "dcterms:created":
                entry.created = FeedDate(raw: element.text.trimmingASCIIWhitespace())
            case "expirationdate":
                entry.expired = FeedDate(raw: element.text.trimmingASCIIWhitespace())
            case "enclosure":
                guard let url = element.attribute("url") ?? element.attribute("href") else { continue }
                let enclosure = FeedEnclosure(url: here.resolve(url), type: element.attribute("type"), length: element.attribute("length"))
                entry.enclosures.append(enclosure)
                entry.links.append(FeedLink(href: enclosure.url, rel: "enclosure", type: enclosure.type, length: enclosure.length))
            case "comments":
                entry.comments = here.resolve(element.text.trimmingASCIIWhitespace())
            case "wfw:commentrss", "wfw:comment_rss":
                entry.commentsFeed = here.resolve(element.text.trimmingASCIIWhitespace())
            case "slash:comments", "thr:total":
                entry.commentCount = Int(element.text.trimmingASCIIWhitespace())
            case "copyright", "rights", "dc:rights":
                entry.rights = text(element, scope: here, fallback: .text)
            case "source":
                entry.source = source(element, scope: here)
            case "media:content":
                entry.media.append(mediaContent(element, scope: here))
            case "media:thumbnail":
                if let thumbnail = thumbnail(element, scope: here) { entry.thumbnails.append(thumbnail) }
            case "media:group":
                readMediaGroup(element, scope: here, into: &entry)
            case "media:player":
                entry.mediaPlayer = element.attribute("url").map(here.resolve)
            case "dc:language", "language":
                let value = element.text.trimmingASCIIWhitespace()
                if !value.isEmpty { entry.language = value }
            case "media:description":
                if entry.summary == nil { entry.summary = text(element, scope: here, fallback: .text) }
            case "cc:license", "creativecommons:license":
                let value = element.attribute("resource", namespace: FeedNamespaces.rdf) ?? element.text.trimmingASCIIWhitespace()
                if !value.isEmpty { entry.license = here.resolve(value) }
            case "feedburner:origlink":
                entry.originalLink = here.resolve(element.text.trimmingASCIIWhitespace())
            default:
                if key.hasPrefix("itunes:") || key.hasPrefix("googleplay:") { readPodcast(key, element, into: &entry.podcast) }
            }
        }
        if entry.summary == nil, let copiedSummary { entry.summary = copiedSummary }
        if entry.link == nil, entry.guidIsPermalink == true, let id = entry.id, URLResolver.scheme(of: id) != nil {
            entry.link = id
        }
        if entry.image == nil { entry.image = entry.podcast.image }
        entry.categories = Self.unique(entry.categories)
        return entry
    }

    private func readMediaGroup(_ group: MarkupElement, scope: FeedScope, into entry: inout FeedEntry) {
        for element in group.elements {
            let here = scope.entering(element)
            switch keys.key(of: element) {
            case "media:content": entry.media.append(mediaContent(element, scope: here))
            case "media:thumbnail": if let thumbnail = thumbnail(element, scope: here) { entry.thumbnails.append(thumbnail) }
            case "media:title": if entry.title == nil { entry.title = text(element, scope: here, fallback: .text) }
            case "media:player": entry.mediaPlayer = element.attribute("url").map(here.resolve)
            case "media:category": entry.categories += categories("media:category", element)
            default: break
            }
        }
    }

    private func mediaContent(_ element: MarkupElement, scope: FeedScope) -> MediaContent {
        MediaContent(url: element.attribute("url").map(scope.resolve), type: element.attribute("type"),
                     medium: element.attribute("medium"), fileSize: element.attribute("fileSize") ?? element.attribute("filesize"),
                     duration: element.attribute("duration"), width: element.attribute("width"), height: element.attribute("height"))
    }

    private func thumbnail(_ element: MarkupElement, scope: FeedScope) -> MediaThumbnail? {
        guard let url = element.attribute("url") else { return nil }
        return MediaThumbnail(url: scope.resolve(url), width: element.attribute("width"), height: element.attribute("height"),
                              time: element.attribute("time"))
    }

    private func source(_ element: MarkupElement, scope: FeedScope) -> FeedEntrySource {
        var source = FeedEntrySource()
        if let url = element.attribute("url") {
            source.href = scope.resolve(url)
            let title = element.text.trimmingASCIIWhitespace()
            if !title.isEmpty { source.title = FeedText(value: title, language: scope.language, base: scope.base) }
            return source
        }
        var channel = Feed(kind: kind)
        readChannel(element, scope: scope, into: &channel)
        source.title = channel.title
        source.subtitle = channel.subtitle
        source.rights = channel.rights
        source.links = channel.links
        source.href = channel.links.first { $0.rel == "self" }?.href
        source.link = channel.link
        source.id = channel.id
        source.updated = channel.updated
        source.authors = channel.authors
        source.contributors = channel.contributors
        source.categories = channel.categories
        source.generator = channel.generator
        source.icon = channel.icon
        source.logo = channel.logo
        return source
    }
}

extension XMLFeedReader {
    /// Categories without repeats (the same term and scheme given twice, as iTunes keywords often are).
    static func unique(_ categories: [FeedCategory]) -> [FeedCategory] {
        var seen = Set<FeedCategory>()
        return categories.filter { seen.insert($0).inserted }
    }
}

extension MarkupElement {
    /// The trimmed text of the first child element with a local name, nil when absent or empty.
    func firstElementText(_ localName: String) -> String? {
        guard let element = elements.first(where: { $0.name.lowercased() == localName }) else { return nil }
        let text = element.text.trimmingASCIIWhitespace()
        return text.isEmpty ? nil : text
    }
}
