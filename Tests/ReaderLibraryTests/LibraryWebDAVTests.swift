import Foundation
import ReaderCore
import ReaderLibrary
import ReaderTestSupport
import Testing

@Suite("Library: backup push and pull over WebDAV", .enabled(if: WebDAVServer.available, "wsgidav is not installed (scripts/install-deps.sh)"),
       .serialized)
struct LibraryWebDAVTests {
    @Test("push uploads a backup, pull merges it into another library; a cut upload leaves the old file whole")
    func pushPull() throws {
        try withLibrary { fixture throws in
            let root = fixture.directory.appendingPathComponent("dav", isDirectory: true)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let server = try WebDAVServer(root: root)
            defer { server.stop() }
            setenv("READER_WEBDAV_USER", WebDAVServer.user, 1)
            setenv("READER_WEBDAV_PASSWORD", WebDAVServer.password, 1)
            defer {
                unsetenv("READER_WEBDAV_USER")
                unsetenv("READER_WEBDAV_PASSWORD")
            }
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first)
            _ = try fixture.library.addAnnotation(.bookmark, to: book, at: .page(1, .standard))

            let client = try WebDAVClient(url: server.url("library.json"), timeout: 20)
            try fixture.library.pushBackup(to: client)
            let remote = root.appendingPathComponent("library.json")
            let first = try Data(contentsOf: remote)
            #expect(try LibraryBackup.decode(first, file: nil).bookmarks.count == 1)

            _ = try fixture.library.addAnnotation(.note, to: book, at: .page(1, .standard), note: "second push")
            let failing = try WebDAVServer(root: root, failingUploads: true)
            defer { failing.stop() }
            let error = readerError { try fixture.library.pushBackup(to: try WebDAVClient(url: failing.url("library.json"), timeout: 5)) }
            #expect(error?.code == .unreadable, "\(String(describing: error))")
            #expect(try Data(contentsOf: remote) == first, "the remote copy is the old file, whole")

            try fixture.library.pushBackup(to: client)
            #expect(try LibraryBackup.decode(try Data(contentsOf: remote), file: nil).notes.count == 1)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains(".upload-") }
            #expect(leftovers.count <= 1, "only the cut upload's temporary file may remain: \(leftovers)")

            try withLibrary { other throws in
                let summary = try other.library.pullBackup(from: client)
                #expect(summary.booksAdded == 1 && summary.annotations == 2)
                #expect(try other.library.pullBackup(from: client).isEmpty)
            }

            unsetenv("READER_WEBDAV_USER")
            let refused = readerError { _ = try WebDAVClient(url: server.url("library.json"), timeout: 20).download() }
            #expect(refused?.code == .unreadable)
            #expect(refused?.reason.contains("credentials") == true, "\(String(describing: refused))")
        }
    }

    @Test("netrc entries give the credentials; URLs with credentials in them are refused")
    func credentials() throws {
        let netrc = "machine other.example login a password b\nmachine 127.0.0.1 login reader password pw\ndefault login d password e\n"
        try withTemporaryDirectory(prefix: "reader-netrc") { directory throws in
            let path = directory.appendingPathComponent("netrc").path
            try Data(netrc.utf8).write(to: URL(fileURLWithPath: path))
            #expect(WebDAVCredentials.find(host: "127.0.0.1", environment: ["NETRC": path])
                == WebDAVCredentials(user: "reader", password: "pw"))
            #expect(WebDAVCredentials.find(host: "unknown.example", environment: ["NETRC": path])
                == WebDAVCredentials(user: "d", password: "e"))
            #expect(WebDAVCredentials.find(host: "127.0.0.1", environment: ["NETRC": path, "READER_WEBDAV_USER": "env"])?.user == "env")
        }
        #expect(readerError { _ = try WebDAVClient(url: "http://u:p@127.0.0.1/x.json") }?.code == .invalidArgument)
        #expect(readerError { _ = try WebDAVClient(url: "ftp://127.0.0.1/x.json") }?.code == .invalidArgument)
    }
}
