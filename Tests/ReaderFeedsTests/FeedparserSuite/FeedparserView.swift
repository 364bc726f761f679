import Foundation
import ReaderFeeds

/// Our ``Feed`` seen through feedparser's keys, so its `Expect:` lines can be evaluated. This is
/// the translation table between the two models: feedparser's aliases (`description` for
/// `summary`, `tagline` for `subtitle`, `copyright` for `rights`, `modified` for `updated`,
/// `issued` for `published`, `guid` for `id`, `url` for `href`) map to the same fields of ours,
/// its `*_parsed` dates are our instants as UTC 9-tuples, and HTML values compare as HTML.
enum FeedparserView {
    static func names(for feed: Feed) -> [String: PythonValue] {
        [
            "feed": channel(feed),
            "entries": .list(feed.entries.map(entry)),
            "bozo": .bool(!feed.isWellFormed),
            "encoding": .string(feed.encoding),
            "version": .string(feed.kind.rawValue),
            "bozo_exception": .unsupported("bozo_exception"),
            "feedparser": .unsupported("feedparser"),
        ]
    }

    private static func channel(_ feed: Feed) -> PythonValue {
        var d = Dict()
        d.text("title", feed.title)
        d.text(["subtitle", "tagline", "description", "info"], feed.subtitle)
        d.text(["rights", "copyright"], feed.rights)
        d["link"] = feed.link.map(PythonValue.string)
        d["links"] = .list(feed.links.map(link))
        d["id"] = feed.id.map(PythonValue.string)
        d["guid"] = feed.id.map(PythonValue.string)
        d["language"] = feed.language.map(PythonValue.string)
        d.persons(feed.authors, contributors: feed.contributors)
        if let publisher = feed.publisher {
            d["publisher"] = publisher.displayName.map(PythonValue.string)
            d["publisher_detail"] = person(publisher)
        }
        d.tags(feed.categories)
        if let generator = feed.generator {
            d["generator"] = .string(generator.name)
            var detail = Dict()
            detail["name"] = .string(generator.name)
            detail["href"] = generator.uri.map(PythonValue.string)
            if let uri = generator.uri { detail.alias("url", .string(uri)) }
            detail["version"] = generator.version.map(PythonValue.string)
            d["generator_detail"] = detail.value
        }
        if let image = feed.image {
            var detail = Dict()
            detail["href"] = .string(image.url)
            detail.alias("url", .string(image.url))
            detail["title"] = image.title.map(PythonValue.string)
            detail["link"] = image.link.map(PythonValue.string)
            detail["width"] = image.width.flatMap { Int($0) }.map(PythonValue.int)
            detail["height"] = image.height.flatMap { Int($0) }.map(PythonValue.int)
            d["image"] = detail.value
        }
        d["icon"] = feed.icon.map(PythonValue.string)
        d["logo"] = feed.logo.map(PythonValue.string)
        d.date(["updated", "modified", "date"], feed.updated)
        d.date(["published", "issued"], feed.published)
        d["ttl"] = feed.ttl.map(PythonValue.string)
        d["docs"] = feed.docs.map(PythonValue.string)
        d.podcast(feed.podcast)
        return d.value
    }

    private static func entry(_ entry: FeedEntry) -> PythonValue {
        var d = Dict()
        d.text("title", entry.title)
        d.text(["summary", "description"], entry.summary)
        if !entry.content.isEmpty { d["content"] = .list(entry.content.map { detail($0) }) }
        d["license"] = entry.license.map(PythonValue.string)
        d.text(["rights", "copyright"], entry.rights)
        d["link"] = entry.link.map(PythonValue.string)
        d["links"] = .list(entry.links.map(link))
        d["id"] = entry.id.map(PythonValue.string)
        d["guid"] = entry.id.map(PythonValue.string)
        if entry.id != nil { d["guidislink"] = .bool(entry.link != nil && entry.link == entry.id && entry.guidIsPermalink == true) }
        d.persons(entry.authors, contributors: entry.contributors)
        if let publisher = entry.publisher {
            d["publisher"] = publisher.displayName.map(PythonValue.string)
            d["publisher_detail"] = person(publisher)
        }
        d.tags(entry.categories)
        d.date(["published", "issued"], entry.published)
        d.date(["updated", "modified", "date"], entry.updated)
        d.date(["created"], entry.created)
        d.date(["expired"], entry.expired)
        if !entry.enclosures.isEmpty {
            d["enclosures"] = .list(entry.enclosures.map { enclosure in
                var e = Dict()
                e["href"] = .string(enclosure.url)
                e.alias("url", .string(enclosure.url))
                e["type"] = enclosure.type.map(PythonValue.string)
                e["length"] = enclosure.length.map(PythonValue.string)
                return e.value
            })
        }
        d["comments"] = entry.comments.map(PythonValue.string)
        d["wfw_commentrss"] = entry.commentsFeed.map(PythonValue.string)
        d["slash_comments"] = entry.commentCount.map { .string(String($0)) }
        if let source = entry.source {
            var s = Dict()
            s.text("title", source.title)
            s.text(["subtitle", "tagline"], source.subtitle)
            s.text(["rights", "copyright"], source.rights)
            s["href"] = source.href.map(PythonValue.string)
            if let href = source.href { s.alias("url", .string(href)) }
            s["link"] = source.link.map(PythonValue.string)
            if !source.links.isEmpty { s["links"] = .list(source.links.map(link)) }
            s["id"] = source.id.map(PythonValue.string)
            s["icon"] = source.icon.map(PythonValue.string)
            s["logo"] = source.logo.map(PythonValue.string)
            s.date(["updated", "modified"], source.updated)
            s.persons(source.authors, contributors: source.contributors)
            s.tags(source.categories)
            if let generator = source.generator {
                s["generator"] = .string(generator.name)
                var detail = Dict()
                detail["name"] = .string(generator.name)
                detail["href"] = generator.uri.map(PythonValue.string)
                detail["version"] = generator.version.map(PythonValue.string)
                s["generator_detail"] = detail.value
            }
            d["source"] = s.value
        }
        if let image = entry.image {
            var i = Dict()
            i["href"] = .string(image)
            d["image"] = i.value
        }
        if !entry.media.isEmpty {
            d["media_content"] = .list(entry.media.map { media in
                var m = Dict()
                m["url"] = media.url.map(PythonValue.string)
                m["type"] = media.type.map(PythonValue.string)
                m["medium"] = media.medium.map(PythonValue.string)
                m["filesize"] = media.fileSize.map(PythonValue.string)
                m["duration"] = media.duration.map(PythonValue.string)
                m["width"] = media.width.map(PythonValue.string)
                m["height"] = media.height.map(PythonValue.string)
                return m.value
            })
        }
        if !entry.thumbnails.isEmpty {
            d["media_thumbnail"] = .list(entry.thumbnails.map { thumbnail in
                var t = Dict()
                t["url"] = .string(thumbnail.url)
                t["width"] = thumbnail.width.map(PythonValue.string)
                t["height"] = thumbnail.height.map(PythonValue.string)
                t["time"] = thumbnail.time.map(PythonValue.string)
                return t.value
            })
        }
        if let player = entry.mediaPlayer {
            var p = Dict()
            p["url"] = .string(player)
            d["media_player"] = p.value
        }
        d["feedburner_origlink"] = entry.originalLink.map(PythonValue.string)
        d["language"] = entry.language.map(PythonValue.string)
        d.podcast(entry.podcast)
        return d.value
    }

    static func detail(_ text: FeedText) -> PythonValue {
        var d = Dict()
        d["type"] = .string(text.kind.rawValue)
        d["language"] = text.language.map(PythonValue.string) ?? PythonValue.none
        d["base"] = .string(text.base ?? "")
        d["value"] = value(text)
        return d.value
    }

    static func value(_ text: FeedText) -> PythonValue {
        text.isMarkup ? .html(text.value) : .string(text.value)
    }

    static func link(_ link: FeedLink) -> PythonValue {
        var d = Dict()
        d["rel"] = .string(link.rel)
        d["type"] = link.type.map(PythonValue.string)
        d["href"] = .string(link.href)
        d["title"] = link.title.map(PythonValue.string)
        d["length"] = link.length.map(PythonValue.string)
        d["hreflang"] = link.hreflang.map(PythonValue.string)
        return d.value
    }

    static func person(_ person: FeedPerson) -> PythonValue {
        var d = Dict()
        d["name"] = person.name.map(PythonValue.string)
        d["email"] = person.email.map(PythonValue.string)
        d["href"] = person.uri.map(PythonValue.string)
        if let uri = person.uri { d.alias("url", .string(uri)) }
        return d.value
    }

    /// A UTC `time.struct_time` as feedparser's `*_parsed`: year, month, day, hour, minute,
    /// second, weekday (Monday 0), day of the year, 0.
    static func timeTuple(_ date: Date) -> PythonValue {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let yday = calendar.ordinality(of: .day, in: .year, for: date)!
        return .tuple([c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!, (c.weekday! + 5) % 7, yday, 0].map(PythonValue.int))
    }

    /// An ordered dictionary that leaves out keys set to nil.
    struct Dict {
        var pairs: [(String, PythonValue)] = []
        var value: PythonValue { .dict(pairs) }

        subscript(key: String) -> PythonValue? {
            get { pairs.first { $0.0 == key }?.1 }
            set {
                pairs.removeAll { $0.0 == key }
                if let newValue { pairs.append((key, newValue)) }
            }
        }

        mutating func text(_ key: String, _ text: FeedText?) { self.text([key], text) }

        /// A key lookups find but equality and `len` ignore.
        mutating func alias(_ key: String, _ value: PythonValue) {
            pairs.append((PythonValue.aliasMark + key, value))
        }

        mutating func text(_ keys: [String], _ text: FeedText?) {
            guard let text else { return }
            for key in keys {
                self[key] = FeedparserView.value(text)
                self[key + "_detail"] = FeedparserView.detail(text)
            }
        }

        mutating func date(_ keys: [String], _ date: FeedDate?) {
            guard let date else { return }
            for key in keys {
                self[key] = .string(date.raw)
                self[key + "_parsed"] = date.date.map(FeedparserView.timeTuple) ?? PythonValue.none
            }
        }

        mutating func persons(_ authors: [FeedPerson], contributors: [FeedPerson]) {
            if let first = authors.first {
                self["author"] = first.displayName.map(PythonValue.string)
                self["author_detail"] = FeedparserView.person(first)
                self["authors"] = .list(authors.map(FeedparserView.person))
            }
            if !contributors.isEmpty { self["contributors"] = .list(contributors.map(FeedparserView.person)) }
        }

        mutating func tags(_ categories: [FeedCategory]) {
            guard !categories.isEmpty else { return }
            self["tags"] = .list(categories.map { category in
                var d = Dict()
                d["term"] = .string(category.term)
                d["scheme"] = category.scheme.map(PythonValue.string) ?? PythonValue.none
                d["label"] = category.label.map(PythonValue.string) ?? PythonValue.none
                return d.value
            })
            self["category"] = .string(categories[0].term)
        }

        mutating func podcast(_ podcast: PodcastInfo) {
            if let explicit = podcast.isExplicit { self["itunes_explicit"] = .bool(explicit) }
            else if podcast != PodcastInfo() { self["itunes_explicit"] = PythonValue.none }
            if let blocked = podcast.isBlocked { self["itunes_block"] = .int(blocked ? 1 : 0) }
            self["itunes_duration"] = podcast.duration.map(PythonValue.string)
            self["itunes_episode"] = podcast.episode.map(PythonValue.string)
            self["itunes_season"] = podcast.season.map(PythonValue.string)
            self["itunes_episodetype"] = podcast.type.map(PythonValue.string)
            self["subtitle"] = self["subtitle"] ?? podcast.subtitle.map(PythonValue.string)
            self["summary"] = self["summary"] ?? podcast.summary.map(PythonValue.string)
            if let owner = podcast.owner {
                var d = Dict()
                d["name"] = owner.name.map(PythonValue.string)
                d["email"] = owner.email.map(PythonValue.string)
                self["publisher_detail"] = self["publisher_detail"] ?? d.value
            }
            if let image = podcast.image, self["image"] == nil {
                var i = Dict()
                i["href"] = .string(image)
                self["image"] = i.value
            }
            if let url = podcast.newFeedURL { self["itunes_new-feed-url"] = .string(url) }
        }
    }
}
