import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("KOSync and the library: pushed progress becomes the book's position; other editions get it converted", .ownThreads)
struct KOSyncLibraryTests {
    private let key = KOSyncClient.key("pass")

    /// A paragraph a few sections into the book, its position and its first words.
    private func place(in path: String) throws -> (position: TextPosition, words: String) {
        let document = try ReaderEngine.standard.open(path: path)
        defer { document.close() }
        for section in document.readingOrder.indices.dropFirst(document.readingOrder.count / 2) {
            let blocks = try document.content(ofSection: section).blocks
            if let index = blocks.indices.first(where: { blocks[$0].text.split(separator: " ").count >= 12 }) {
                let words = blocks[index].text.split(separator: " ").prefix(6).joined(separator: " ")
                return (TextPosition(section: section, block: index, offset: 0), words)
            }
        }
        throw ReaderError(.invalidArgument, file: path, reason: "no long paragraph")
    }

    /// The text from `position` on, to the end of its block.
    private func text(at position: TextPosition, in path: String) throws -> String {
        let document = try ReaderEngine.standard.open(path: path)
        defer { document.close() }
        let block = try document.content(ofSection: position.section).blocks[position.block].text
        return String(decoding: Array(block.utf16.dropFirst(position.offset)), as: UTF16.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a progress pushed for a library book (by its partial MD5) becomes its reading position", arguments: TestPostgres.stores)
    func progressBecomesPosition(store: TestPostgres.Store) async throws {
        try await KOSyncFixture.with(store) { fixture in
            let epub = try fixture.copy("epub/lighthouse-keeper.epub")
            _ = try fixture.library.add(paths: [epub])
            let book = try #require(try fixture.library.books().first)
            let (position, words) = try place(in: epub)
            let progress = try ReaderEngine.standard.open(path: epub).kosyncProgress(at: position, device: "kobo")
            #expect(progress.progress.hasPrefix("/body/DocFragment["))
            #expect(progress.document == book.partialMD5)

            try await fixture.cheapHashServer.makeApplication().test(.live) { client in
                #expect(try await KOSyncClient.create(client, user: "alice", key: key) == .created)
                let (status, _) = try await KOSyncClient.push(client, user: "alice", key: key, [
                    "document": progress.document, "progress": progress.progress, "percentage": progress.percentage,
                    "device": "kobo",
                ])
                #expect(status == .ok)
            }
            let recorded = try #require(try fixture.library.position(of: book))
            #expect(recorded.locator.locations.fingerprint == book.fingerprint)
            let document = try ReaderEngine.standard.open(path: epub)
            defer { document.close() }
            let resolved = try document.resolve(recorded.locator)
            #expect(resolved == position)
            #expect(try text(at: resolved, in: epub).hasPrefix(words))
            #expect(try fixture.library.books().first?.status == .reading)
        }
    }

    @Test("another edition of the same book (library link) gets the newest progress converted, marked converted_from",
          arguments: TestPostgres.stores)
    func linkedEditionGetsConvertedProgress(store: TestPostgres.Store) async throws {
        try await KOSyncFixture.with(store) { fixture in
            let epub = try fixture.copy("epub/lighthouse-keeper.epub")
            let text = try fixture.copy("conversions/lighthouse-keeper.txt")
            _ = try fixture.library.add(paths: [epub])
            let book = try #require(try fixture.library.books().first)
            _ = try fixture.library.link(book, toEditionAt: text)
            let epubKey = try KOReaderPartialMD5.compute(path: epub)
            let textKey = try KOReaderPartialMD5.compute(path: text)

            // A device still reading the EPUB (now a former edition) pushes its place.
            let (position, words) = try place(in: epub)
            let progress = try ReaderEngine.standard.open(path: epub).kosyncProgress(at: position, device: "kobo", deviceID: "K1")
            try await fixture.cheapHashServer.makeApplication().test(.live) { client in
                #expect(try await KOSyncClient.create(client, user: "alice", key: key) == .created)
                let (status, pushed) = try await KOSyncClient.push(client, user: "alice", key: key, [
                    "document": epubKey, "progress": progress.progress, "percentage": progress.percentage, "device": "kobo",
                    "device_id": "K1",
                ])
                #expect(status == .ok)
                let timestamp = pushed?["timestamp"] as? Int

                // A device reading the text edition asks for its own key: the EPUB's place, converted.
                let (readStatus, converted) = try await KOSyncClient.progress(client, user: "alice", key: key, document: textKey)
                #expect(readStatus == .ok)
                #expect(converted?["converted_from"] as? String == epubKey)
                #expect(converted?["document"] as? String == textKey)
                #expect(converted?["timestamp"] as? Int == timestamp)
                #expect(converted?["device"] as? String == "kobo" && converted?["device_id"] as? String == "K1")
                let convertedProgress = KOSyncProgress(
                    document: textKey, progress: try #require(converted?["progress"] as? String),
                    percentage: try #require(converted?["percentage"] as? Double), device: "kobo")
                let target = try ReaderEngine.standard.open(path: text)
                defer { target.close() }
                let landed = try target.textPosition(forKOSync: convertedProgress)
                #expect(try self.text(at: landed, in: text).hasPrefix(words), "\(convertedProgress.progress)")

                // The EPUB's own key still answers its own progress, unconverted.
                let (_, own) = try await KOSyncClient.progress(client, user: "alice", key: key, document: epubKey)
                #expect(own?["progress"] as? String == progress.progress && own?["converted_from"] == nil)
            }

            // The library's position moved to the book's current (text) edition, at the same words.
            let linked = try #require(try fixture.library.books().first)
            let recorded = try #require(try fixture.library.position(of: linked))
            #expect(recorded.locator.locations.fingerprint == linked.fingerprint)
            let document = try ReaderEngine.standard.open(path: text)
            defer { document.close() }
            #expect(try self.text(at: try document.resolve(recorded.locator), in: text).hasPrefix(words))
        }
    }
}
