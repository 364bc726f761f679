import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Web app routes", .ownThreads)
struct WebAppRoutesTests {
    private let server = ReaderServer(
        configuration: ServerConfiguration(source: .folder(path: FileManager.default.temporaryDirectory.path), port: 0))
    private static let policy =
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    private func source(_ name: String) throws -> String {
        try String(contentsOf: TestLocation.packageRoot.appendingPathComponent("WebApp/" + name), encoding: .utf8)
    }

    @Test("/ is the app's page, with the security headers, an ETag and no inline script or style")
    func page() async throws {
        try await server.makeApplication().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy] == Self.policy)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.init("X-Frame-Options")!] == "DENY")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.eTag]?.hasPrefix("\"") == true)
                let html = String(buffer: response.body)
                #expect(html.contains("<div id=\"library-view\""))
                #expect(!html.contains("%SCRIPT_VERSION%") && !html.contains("%STYLE_VERSION%"))
                #expect(html.firstMatch(of: #/<script(?![^>]*\bsrc=)[^>]*>/#) == nil, "an inline script")
                #expect(html.firstMatch(of: #/\sstyle=/#) == nil, "an inline style attribute")
                #expect(html.firstMatch(of: #/\son[a-z]+=/#) == nil, "an event handler attribute")
                #expect(html.firstMatch(of: #/(src|href)="(https?:)?[/][/]/#) == nil, "a load from elsewhere")
            }
        }
    }

    @Test("the page links its script and style by version, and those are cached for a year")
    func versionedAssets() async throws {
        try await server.makeApplication().test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) { String(buffer: $0.body) }
            let links = html.matches(of: #/"(/app/(app\.js|app\.css|icon\.svg)\?v=([0-9a-f]{16}))"/#).map { String($0.output.1) }
            #expect(Set(links.map { $0.components(separatedBy: "?").first! }) == ["/app/app.js", "/app/app.css", "/app/icon.svg"])
            for link in links {
                try await client.execute(uri: link, method: .get) { response in
                    #expect(response.status == .ok, "\(link)")
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(link)")
                    #expect(response.headers[.contentSecurityPolicy] == Self.policy)
                    let version = link.components(separatedBy: "v=").last!
                    #expect(response.headers[.eTag] == "\"\(version)\"")
                }
            }
        }
    }

    @Test("each file is served with its media type, and equals its source in WebApp/", arguments: [
        ("app.js", "text/javascript; charset=utf-8"), ("app.css", "text/css; charset=utf-8"), ("icon.svg", "image/svg+xml"),
    ])
    func assetBytes(name: String, contentType: String) async throws {
        let expected = try source(name)
        try await server.makeApplication().test(.router) { client in
            try await client.execute(uri: "/app/" + name, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == contentType)
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(String(buffer: response.body) == expected,
                        "the embedded \(name) differs from WebApp/\(name): run scripts/generate-webapp-assets.py")
            }
        }
    }

    @Test("the served page is WebApp/index.html with the files' versions filled in")
    func pageBytes() async throws {
        let page = try source("index.html")
        try await server.makeApplication().test(.router) { client in
            var expected = page
            for (name, placeholder) in [("app.js", "%SCRIPT_VERSION%"), ("app.css", "%STYLE_VERSION%"), ("icon.svg", "%ICON_VERSION%")] {
                let eTag = try await client.execute(uri: "/app/" + name, method: .get) { try #require($0.headers[.eTag]) }
                expected = expected.replacingOccurrences(of: placeholder, with: String(eTag.dropFirst().dropLast()))
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body) == expected,
                        "the embedded page differs from WebApp/index.html: run scripts/generate-webapp-assets.py")
            }
        }
    }

    @Test("If-None-Match with the ETag gets 304 without a body; another tag gets the file")
    func conditionalRequests() async throws {
        try await server.makeApplication().test(.router) { client in
            for uri in ["/", "/app/app.js"] {
                let eTag = try await client.execute(uri: uri, method: .get) { try #require($0.headers[.eTag]) }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"other\", " + eTag]) { response in
                    #expect(response.status == .notModified, "\(uri)")
                    #expect(response.body.readableBytes == 0)
                    #expect(response.headers[.eTag] == eTag)
                }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.body.readableBytes > 0)
                }
            }
        }
    }

    @Test("HEAD answers the headers alone; an unknown file is a plain 404")
    func headAndUnknown() async throws {
        try await server.makeApplication().test(.router) { client in
            try await client.execute(uri: "/app/app.css", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(response.body.readableBytes == 0)
            }
            for uri in ["/app/nope.js", "/app/..%2Fapp.js", "/app/app.js.map"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(response.headers[.contentSecurityPolicy] == Self.policy)
                }
            }
        }
    }

    @Test("/openapi.json describes the app's routes")
    func openAPI() async throws {
        try await server.makeApplication().test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let paths = document?["paths"] as? [String: Any] ?? [:]
                #expect(paths.keys.contains("/"))
                #expect(paths.keys.contains("/index.html"))
                #expect(paths.keys.contains("/app/{asset}"))
            }
        }
    }
}
