import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderLibrary
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Server security and limits", .ownThreads)
struct ServerSecurityTests {
    static let token = "0123456789abcdef0123456789abcdef"

    @Test("with a token, a request without it or with a wrong one is 401; the right one as a bearer, ?token= or the cookie passes")
    func token() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root, token: Self.token).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/files", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
                #expect(String(buffer: response.body).hasPrefix(#"{"error":"Unauthorized"#))
            }
            for wrong in ["Bearer nope", "Bearer \(Self.token)x", "Bearer \(Self.token.dropLast())", "Basic \(Self.token)", Self.token] {
                try await client.execute(uri: "/api/files", method: .get, headers: [.authorization: wrong]) { response in
                    #expect(response.status == .unauthorized, "\(wrong)")
                }
            }
            try await client.execute(uri: "/api/files?token=wrong", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/openapi.json", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/favicons/weather.png", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/api/files", method: .get, headers: [.authorization: "Bearer \(Self.token)"]) { response in
                #expect(response.status == .ok)
            }
            let cookie = try await client.execute(uri: "/api/files?token=\(Self.token)", method: .get) { response in
                #expect(response.status == .ok)
                let setCookie = response.headers[.setCookie] ?? ""
                #expect(setCookie.contains("reader_token=\(Self.token)"))
                #expect(setCookie.contains("HttpOnly"))
                #expect(setCookie.contains("SameSite=Strict"))
                return setCookie
            }
            let pair = String(cookie.split(separator: ";")[0])
            try await client.execute(uri: "/api/config", method: .get, headers: [.cookie: pair]) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/config", method: .get, headers: [.cookie: "reader_token=wrong"]) {
                #expect($0.status == .unauthorized)
            }
        }
    }

    @Test("KOSync's paths are not held to the token (they authenticate on their own)")
    func kosyncExempt() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root, token: Self.token).makeApplication().test(.router) { client in
            for uri in ["/healthcheck", "/users/auth", "/syncs/progress/abc"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status != .unauthorized, "\(uri)")
                }
            }
            try await client.execute(uri: "/users", method: .get) { #expect($0.status == .unauthorized) }
        }
    }

    @Test("without a token (loopback), requests pass")
    func noToken() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/files", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("every response carries the Content-Security-Policy, nosniff and no-referrer", arguments: [
        "/api/files", "/api/file?name=storm-season.md", "/api/config", "/api/nothing", "/openapi.json", "/favicons/weather.png",
        "/api/file?name=..%2fx",
    ])
    func securityHeaders(uri: String) async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.hasPrefix("default-src 'self'"))
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            }
        }
    }

    @Test("a body over the cap is 413, by Content-Length or while a chunked body is read; a URL over the cap 414; headers over it 431")
    func limits() async throws {
        let fixture = try ViewerFolderFixture()
        let limits = ServerLimits(maxBodyBytes: 1024, maxURLBytes: 512, maxHeaderBytes: 2048, idleTimeoutSeconds: 30)
        let library = try Library.open(database: (fixture.root as NSString).deletingLastPathComponent + "/library.sqlite")
        let server = ViewerTesting.server(root: fixture.root, writable: true, limits: limits, library: library)
        try await server.makeApplication().test(.live) { client in
            let big = #"{"name":"storm-season.md","highlights":[""# + String(repeating: "x", count: 2000) + #""]}"#
            try await client.execute(uri: "/api/highlights", method: .post, body: ByteBuffer(string: big)) { response in
                #expect(response.status == .contentTooLarge)
                #expect(String(buffer: response.body) == #"{"error":"Content too large"}"#)
            }
            try await client.execute(uri: "/api/highlights", method: .post,
                                     headers: [.transferEncoding: "chunked"], body: ByteBuffer(string: big)) { response in
                #expect(response.status == .contentTooLarge)
            }
            let small = #"{"name":"storm-season.md","highlights":[]}"#
            try await client.execute(uri: "/api/highlights", method: .post, body: ByteBuffer(string: small)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/files?pad=" + String(repeating: "a", count: 600), method: .get) { response in
                #expect(response.status == .uriTooLong)
            }
            try await client.execute(uri: "/api/files?pad=" + String(repeating: "a", count: 400), method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/files", method: .get,
                                     headers: [HTTPField.Name("X-Padding")!: String(repeating: "h", count: 3000)]) { response in
                #expect(response.status == .requestHeaderFieldsTooLarge)
            }
        }
    }

    @Test("a client that connects and sends nothing is disconnected after the idle timeout")
    func slowClient() async throws {
        let fixture = try ViewerFolderFixture()
        let limits = ServerLimits(idleTimeoutSeconds: 1)
        try await ViewerTesting.server(root: fixture.root, limits: limits).makeApplication().test(.live) { client in
            let port = try #require(client.port)
            let started = ContinuousClock.now
            // Half a request line, then silence.
            let closed = try RawSocket.sendAndAwaitClose(port: port, bytes: "GET /api/fi", waitSeconds: 10)
            #expect(closed)
            #expect(ContinuousClock.now - started < .seconds(6))
        }
    }
}

/// A plain TCP client, for what an HTTP client library will not do (stall mid-request).
enum RawSocket {
    /// Connects to 127.0.0.1:`port`, sends `bytes`, and reads until the server closes the
    /// connection; true when it did within `waitSeconds`.
    static func sendAndAwaitClose(port: Int, bytes: String, waitSeconds: Int) throws -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return false }
        var timeout = timeval(tv_sec: waitSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = Array(bytes.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}
