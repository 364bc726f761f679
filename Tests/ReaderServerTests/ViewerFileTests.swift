import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Viewer API: /api/file, favicons, book resources", .ownThreads)
struct ViewerFileTests {
    @Test("an article is its Markdown as text/plain, found by name in its YYYY/MM folder")
    func article() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/file?name=storm-season.md", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                let expected = try String(contentsOfFile: fixture.root + "/2025/01/storm-season.md", encoding: .utf8)
                #expect(String(buffer: response.body) == expected)
            }
            try await client.execute(uri: "/api/file?name=\(fixture.writtenArticleName)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("title: \"Tide Tables for Beginners\""))
            }
        }
    }

    @Test("a book is YAML front matter and its content as sanitized HTML")
    func book() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/file?name=lighthouse-keeper.epub", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                let text = String(buffer: response.body)
                #expect(text.hasPrefix("---\ntitle: \"The Lighthouse Keeper\"\n"))
                #expect(text.contains("\nfeed: \"books\"\n"))
                #expect(text.contains("\ndomain: \"epub\"\n"))
                #expect(text.contains("<section"))
                #expect(text.contains("CHAPTER") || text.contains("Chapter"))
                #expect(!text.lowercased().contains("<script"))
            }
            try await client.execute(uri: "/api/file?name=winter-road.ru.txt", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("ГЛАВА ПЕРВАЯ"))
            }
        }
    }

    @Test("names with .. or /, encoded or not, unknown names, skipped folders and symlinks out are 404", arguments: [
        "../secret.md", "..%2fsecret.md", "..%2Fsecret.md", "2025/01/storm-season.md", "2025%2F01%2Fstorm-season.md",
        "escape.md", "no-such.md", "", "notebook.md", "not-an-article.md", ".hidden.md", "%2e%2e%2fsecret.md", "..",
        "/etc/passwd", "%2Fetc%2Fpasswd", "storm-season.md%00",
    ])
    func escapes(name: String) async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/file?name=\(name)", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body) == #"{"error":"Not found"}"#)
                #expect(!String(buffer: response.body).contains("secret"))
            }
        }
    }

    @Test("a listed article swapped for a symlink out of the folder is refused")
    func swappedForSymlink() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/file?name=plain-note.md", method: .get) { #expect($0.status == .ok) }
            try FileManager.default.removeItem(atPath: fixture.root + "/plain-note.md")
            try FileManager.default.createSymbolicLink(atPath: fixture.root + "/plain-note.md", withDestinationPath: fixture.outside)
            try await client.execute(uri: "/api/file?name=plain-note.md", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(!String(buffer: response.body).contains("secret"))
            }
        }
    }

    @Test("/favicons/NAME serves the favicons folder's file; anything else is 404")
    func favicons() async throws {
        let fixture = try ViewerFolderFixture()
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/favicons/out.png", withDestinationPath: fixture.outside)
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/favicons/weather.png", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(String(buffer: response.body) == "icon")
            }
            for uri in ["/favicons/missing.png", "/favicons/..%2fplain-note.md", "/favicons/out.png", "/favicons/%2e%2e"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                }
            }
        }
    }

    @Test("a book's pictures are served under /api/book-resources for the HTML that names them")
    func bookResources() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            let text = try await client.execute(uri: "/api/file?name=lighthouse-keeper.epub", method: .get) { String(buffer: $0.body) }
            let source = try #require(text.firstMatch(of: /src="(\/api\/book-resources\/[^"]+)"/)?.1)
            try await client.execute(uri: String(source), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("image/") == true)
            }
            try await client.execute(uri: "/api/book-resources/lighthouse-keeper.epub/no/such.png", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
