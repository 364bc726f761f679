import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderImaging
import ReaderTestSupport
import ReaderZip
import Testing
@testable import ReaderServer

@Suite("OPDS thumbnails", .ownThreads)
struct OPDSThumbnailTests {
    /// `TestBooks/epub/lighthouse-keeper.epub` with its cover (`OEBPS/images/cover.png`) replaced by
    /// `cover`, written into the fixture's folder as `name`; returns the book's id.
    private static func lighthouse(withCover cover: [UInt8], named name: String, in fixture: OPDSFixture) throws -> String {
        let archive = try ZipArchive(path: TestLocation.testBooks.appendingPathComponent("epub/lighthouse-keeper.epub").path)
        let path = fixture.path(name)
        let writer = try ZipWriter(path: path)
        for entry in archive.entries {
            let bytes = entry.name == "OEBPS/images/cover.png" ? cover : try archive.read(entry.name)
            try writer.add(entry.name, bytes, method: entry.name == "mimetype" ? .stored : nil)
        }
        try writer.finish()
        return try ReaderEngine.standard.fingerprint(path: path).sha256
    }

    /// A 600 × 900 PNG cover: a colour gradient.
    private static func largeCover() throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<900 { for x in 0..<600 { pixels += [UInt8(x * 255 / 599), UInt8(y * 255 / 899), 160] } }
        return try PNGEncoder.encode(pixels: pixels, width: 600, height: 900, channels: 3)
    }

    @Test("a large cover's thumbnail is a JPEG fitting 200 × 300, with its own ETag, 304, nosniff and a sandbox; the cover stays itself")
    func reducedCover() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let cover = try Self.largeCover()
        let id = try Self.lighthouse(withCover: cover, named: "large-cover.epub", in: fixture)
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.router) { client in
            let response = try await client.execute(uri: "/opds/books/\(id)/thumbnail", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/jpeg")
            let etag = "\"\(id)-thumbnail\""
            #expect(response.headers[.eTag] == etag)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.contentSecurityPolicy] == "sandbox")
            let jpeg = Array(buffer: response.body)
            #expect(jpeg.starts(with: [0xFF, 0xD8]))
            #expect(response.headers[.contentLength] == String(jpeg.count))
            let thumbnail = try ImageDecoder.decode(jpeg)
            #expect((thumbnail.width, thumbnail.height) == (200, 300))
            // The gradient's far corner is still there: a reduction, not a crop.
            let corner = thumbnail[199, 299]
            #expect(corner.red > 240 && corner.green > 240, "\(corner)")

            let again = try await client.execute(uri: "/opds/books/\(id)/thumbnail", method: .get)
            #expect(Array(buffer: again.body) == jpeg, "the same cover gives the same bytes")
            let notModified = try await client.execute(uri: "/opds/books/\(id)/thumbnail", method: .get, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            let other = try await client.execute(uri: "/opds/books/\(id)/thumbnail", method: .get,
                                                 headers: [.ifNoneMatch: "\"\(id)-cover\""])
            #expect(other.status == .ok)

            let full = try await client.execute(uri: "/opds/books/\(id)/cover", method: .get)
            #expect(full.headers[.contentType] == "image/png")
            #expect(full.headers[.eTag] == "\"\(id)-cover\"")
            #expect(Array(buffer: full.body) == cover)
        }
    }

    @Test("the feeds give every covered book's thumbnail as image/jpeg, and it is one")
    func feedTypes() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let large = try Self.lighthouse(withCover: try Self.largeCover(), named: "large-cover.epub", in: fixture)
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path)), pageSize: 50).test(.router) { client in
            let atom = try await client.execute(uri: "/opds/titles", method: .get)
            let atomText = String(buffer: atom.body)
            let json = try await client.execute(uri: "/opds/v2/titles", method: .get)
            let feed = try #require(try JSONSerialization.jsonObject(with: Data(Array(buffer: json.body))) as? [String: Any])
            let publications = try #require(feed["publications"] as? [[String: Any]])
            var thumbnailed: [String] = []
            for publication in publications {
                let images = try #require(publication["images"] as? [[String: Any]])
                guard let link = images.first(where: { $0["rel"] as? String == "thumbnail" }), let href = link["href"] as? String
                else { continue }
                #expect(link["type"] as? String == "image/jpeg", "\(href)")
                #expect(atomText.contains("href=\"\(href)\" type=\"image/jpeg\""), "\(href)")
                let picture = try await client.execute(uri: href, method: .get)
                #expect(picture.headers[.contentType] == "image/jpeg")
                let decoded = try ImageDecoder.decode(Array(buffer: picture.body))
                #expect(decoded.width <= 200 && decoded.height <= 300)
                thumbnailed.append(href)
            }
            #expect(thumbnailed.contains("/opds/books/\(large)/thumbnail"))
            #expect(thumbnailed.count >= 3)
        }
    }

    @Test("a cover that is no picture is its own thumbnail, and the feeds say so")
    func undecodableCover() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let garbage = Array("not a picture at all, though the manifest says PNG".utf8)
        let id = try Self.lighthouse(withCover: garbage, named: "broken-cover.epub", in: fixture)
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path)), pageSize: 50).test(.router) { client in
            let response = try await client.execute(uri: "/opds/books/\(id)/thumbnail", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(Array(buffer: response.body) == garbage)
            let atom = try await client.execute(uri: "/opds/titles", method: .get)
            #expect(String(buffer: atom.body).contains("href=\"/opds/books/\(id)/thumbnail\" type=\"image/png\""))
        }
    }

    @Test("thumbnails are made once per book: the cache keeps what it made, within its bounds")
    func cacheBounds() throws {
        let thumbnails = OPDSThumbnails(capacity: 2)
        let cover = CoverImage(mediaType: "image/png", data: try Self.largeCover(), source: "test")
        let first = thumbnails.picture(for: "a", cover: cover)
        #expect(first.mediaType == "image/jpeg")
        // Once made, the cached thumbnail is served whatever cover is passed again.
        let other = CoverImage(mediaType: "image/png", data: [1, 2, 3], source: "test")
        #expect(thumbnails.picture(for: "a", cover: other) == first)
        #expect(thumbnails.mediaType(for: "a", cover: other) == "image/jpeg")
        #expect(thumbnails.mediaType(for: "b", cover: other) == "image/png")
        _ = thumbnails.picture(for: "b", cover: other)
        _ = thumbnails.picture(for: "c", cover: other)
        // "a" was the oldest of three in a cache of two: made again from the cover given now.
        #expect(thumbnails.picture(for: "a", cover: other) == other)
    }
}
