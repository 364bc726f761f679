import Foundation
import Hummingbird
import ReaderLibrary
import ReaderTestSupport
import Testing
@testable import ReaderServer

/// A folder of TestBooks to serve (in a subfolder too), with a hidden file and a symlink leading
/// out of the folder that must not be listed, plus a folder for EPUB exports; removed by `remove()`.
struct OPDSFixture {
    /// The TestBooks copied in, by the relative path they get.
    static let books: [(source: String, target: String)] = [
        ("epub/lighthouse-keeper.epub", "lighthouse-keeper.epub"),
        ("epub/moon-garden.epub", "shelf/moon-garden.epub"),
        ("md/field-notes.md", "shelf/notes/field-notes.md"),
        ("txt/winter-road.ru.txt", "winter-road.ru.txt"),
        ("pdf/harbour-lights.pdf", "harbour-lights.pdf"),
        ("mobi/moon-garden.azw3", "shelf/moon-garden.azw3"),
    ]

    let root: URL
    let folder: URL
    let exports: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("opds-\(UUID().uuidString)", isDirectory: true)
        folder = root.appendingPathComponent("books", isDirectory: true)
        exports = root.appendingPathComponent("exports", isDirectory: true)
        let manager = FileManager.default
        for (source, target) in Self.books {
            let destination = folder.appendingPathComponent(target)
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: TestLocation.testBooks.appendingPathComponent(source), to: destination)
        }
        try manager.copyItem(at: TestLocation.testBooks.appendingPathComponent("md/plain-readme.md"),
                             to: folder.appendingPathComponent(".hidden-readme.md"))
        let outside = root.appendingPathComponent("outside.md")
        try manager.copyItem(at: TestLocation.testBooks.appendingPathComponent("md/cjk-notes.md"), to: outside)
        try manager.createSymbolicLink(at: folder.appendingPathComponent("link-out.md"), withDestinationURL: outside)
    }

    /// The path of a copied book.
    func path(_ target: String) -> String { folder.appendingPathComponent(target).path }

    /// The routes of the OPDS group alone over `configuration`, with a small page size.
    func application(_ configuration: ServerConfiguration, pageSize: Int = 2) -> some ApplicationProtocol {
        let router = Router(context: ServerRequestContext.self)
        OPDSRoutes(configuration: configuration, pageSize: pageSize, exportFolder: exports.path).register(on: router)
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// A library in the fixture's folder holding every book of the folder, with tags and a collection.
    func library() throws -> Library {
        let library = try Library.open(path: root.appendingPathComponent("library.sqlite").path)
        _ = try library.add(paths: [folder.path])
        let books = try library.books()
        let lighthouse = try #require(books.first { $0.presentPath?.hasSuffix("lighthouse-keeper.epub") == true })
        let moon = try #require(books.first { $0.presentPath?.hasSuffix("moon-garden.epub") == true })
        let winter = try #require(books.first { $0.presentPath?.hasSuffix("winter-road.ru.txt") == true })
        try library.tag(lighthouse, adding: ["sea", "night shift"])
        try library.tag(moon, adding: ["night shift"])
        try library.updateCollection(named: "Bedside Table", adding: [moon, winter])
        return library
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
