import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Viewer API: /api/files", .ownThreads)
struct ViewerListingTests {
    static let stringKeys = ["filename", "title", "url", "domain", "bookmarked", "feed", "author", "mtime", "summaryProvider",
                             "summaryModel", "excerpt", "image", "favicon", "enclosureUrl", "enclosureType", "enclosureDuration",
                             "videoEnclosureUrl", "videoEnclosureType", "commentsUrl"]

    @Test("every entry has every key, strings empty rather than missing; sorted newest first; favicons/, notebooks/, hidden files and symlinks out are skipped")
    func shapeAndOrder() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/files", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let text = String(buffer: response.body)
                #expect(text.matches(of: /"commentCount":\d+[,}]/).count == ViewerFolderFixture.listedOrder.count)
                let entries = try ViewerTesting.entries(response)
                var expected = ViewerFolderFixture.listedOrder
                expected[1] = fixture.writtenArticleName
                #expect(entries.map { $0["filename"] as? String } == expected)
                for entry in entries {
                    for key in Self.stringKeys { #expect(entry[key] is String, "\(key) of \(entry["filename"] ?? "?")") }
                    #expect(entry["hasSummary"] is Bool)
                    #expect(entry["commentCount"] is Int)
                    #expect(entry["categories"] is [String])
                    #expect(entry["summary"] == nil)
                    #expect(Set(entry.keys) == Set(Self.stringKeys + ["hasSummary", "commentCount", "categories"]))
                }
            }
        }
    }

    @Test("front matter: snake_case keys become the camelCase fields; comment_count is a number")
    func snakeCaseFields() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/files", method: .get) { response in
                let storm = try #require(try ViewerTesting.entries(response).first { $0["filename"] as? String == "storm-season.md" })
                #expect(storm["title"] as? String == "Storm Season")
                #expect(storm["url"] as? String == "https://weather.example.net/storms")
                #expect(storm["bookmarked"] as? String == "2025-01-10T08:00:00Z")
                #expect(storm["domain"] as? String == "weather.example.net")
                #expect(storm["feed"] as? String == "Weather Desk")
                #expect(storm["author"] as? String == "Ines Gale")
                #expect(storm["hasSummary"] as? Bool == true)
                #expect(storm["summaryProvider"] as? String == "local")
                #expect(storm["summaryModel"] as? String == "tiny-1")
                #expect(storm["excerpt"] as? String == "Storms, explained.")
                #expect(storm["image"] as? String == "https://weather.example.net/storm.png")
                #expect(storm["favicon"] as? String == "/favicons/weather.png")
                #expect(storm["enclosureUrl"] as? String == "https://weather.example.net/storm.mp3")
                #expect(storm["enclosureType"] as? String == "audio/mpeg")
                #expect(storm["enclosureDuration"] as? String == "00:12:00")
                #expect(storm["videoEnclosureUrl"] as? String == "https://weather.example.net/storm.mp4")
                #expect(storm["videoEnclosureType"] as? String == "video/mp4")
                #expect(storm["commentsUrl"] as? String == "https://weather.example.net/storms#comments")
                #expect(storm["commentCount"] as? Int == 42)
                #expect(storm["categories"] as? [String] == ["weather", "storms"])
            }
        }
    }

    @Test("source, published and description stand in for url, bookmarked and excerpt; the first image that is not a pixel, badge or icon")
    func fallbacksAndImageRule() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/files", method: .get) { response in
                let entries = try ViewerTesting.entries(response)
                let lenses = try #require(entries.first { $0["filename"] as? String == "lighthouse-lenses.md" })
                #expect(lenses["url"] as? String == "https://lights.example.com/lenses")
                #expect(lenses["bookmarked"] as? String == "2023-03-03")
                #expect(lenses["excerpt"] as? String == "Fresnel lenses, ring by ring.")
                #expect(lenses["image"] as? String == "https://lights.example.com/images/lens.jpg")
                #expect(lenses["categories"] as? [String] == ["optics", "history"])
                #expect(lenses["hasSummary"] as? Bool == false)
                let plain = try #require(entries.first { $0["filename"] as? String == "plain-note.md" })
                #expect(plain["title"] as? String == "plain-note")
                #expect(plain["mtime"] as? String == "2022-06-01T00:00:00.000Z")
                #expect(plain["url"] as? String == "")
                // The front matter closes after the first 32 KB, which is all that is read.
                let long = try #require(entries.first { $0["filename"] as? String == "long-head.md" })
                #expect(long["title"] as? String == "long-head")
            }
        }
    }

    @Test("an article written by ReaderWeb's PullRead writer is listed with its front matter")
    func writtenArticle() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/files", method: .get) { response in
                let tides = try #require(try ViewerTesting.entries(response).first { $0["filename"] as? String == fixture.writtenArticleName })
                #expect(tides["title"] as? String == "Tide Tables for Beginners")
                #expect(tides["url"] as? String == "https://www.coast.example.org/tides")
                #expect(tides["domain"] as? String == "coast.example.org")
                #expect(tides["bookmarked"] as? String == "2024-05-01T12:30:00Z")
                #expect(tides["feed"] as? String == "Coast News")
                #expect(tides["author"] as? String == "Mara Quill")
                #expect(tides["excerpt"] as? String == "How to read a tide table.")
                #expect(tides["image"] as? String == "https://pictures.example.org/tides.jpg")
            }
        }
    }

    @Test("books are listed with their format as domain, feed books, a served cover and the description as excerpt")
    func books() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            let entries = try await client.execute(uri: "/api/files", method: .get) { try ViewerTesting.entries($0) }
            let epub = try #require(entries.first { $0["filename"] as? String == "lighthouse-keeper.epub" })
            #expect(epub["domain"] as? String == "epub")
            #expect(epub["feed"] as? String == "books")
            #expect(epub["title"] as? String == "The Lighthouse Keeper")
            #expect((epub["author"] as? String)?.isEmpty == false)
            #expect(epub["image"] as? String == "/api/covers/lighthouse-keeper.epub")
            let pdf = try #require(entries.first { $0["filename"] as? String == "harbour-lights.pdf" })
            #expect(pdf["domain"] as? String == "pdf")
            #expect(pdf["feed"] as? String == "books")
            let txt = try #require(entries.first { $0["filename"] as? String == "winter-road.ru.txt" })
            #expect(txt["domain"] as? String == "txt")
            #expect(txt["image"] as? String == "")
            try await client.execute(uri: "/api/covers/lighthouse-keeper.epub", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("image/") == true)
                #expect(response.body.readableBytes > 100)
            }
            try await client.execute(uri: "/api/covers/winter-road.ru.txt", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("?summaries=1 adds the summary, its first 500 characters, and an empty one where there is none")
    func summaries() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/files?summaries=1", method: .get) { response in
                let entries = try ViewerTesting.entries(response)
                let storm = try #require(entries.first { $0["filename"] as? String == "storm-season.md" })
                let summary = try #require(storm["summary"] as? String)
                #expect(summary.count == 500)
                #expect(summary.hasPrefix("Wind and rain. Wind and rain."))
                #expect(entries.allSatisfy { $0["summary"] is String })
                #expect(entries.first { $0["filename"] as? String == "plain-note.md" }?["summary"] as? String == "")
            }
        }
    }
}
