import Foundation
import ReaderCore
import ReaderEngine
import ReaderPDF
import ReaderTestSupport
import Testing

extension CLITests {
    static let pdf = "TestBooks/pdf/harbour-lights.pdf"

    @Test("poppler-glib, GLib and cairo are loaded when a PDF is opened, not in every run")
    func popplerGlibLoadedOnDemand() throws {
        let glibLibraries = ["libpoppler-glib.so", "libgobject-2.0.so", "libglib-2.0.so", "libcairo.so"]
        try withCacheDirectory { cache in
            // The dynamic loader lists every shared object it loads ("file=NAME [0];  needed by …").
            func loaded(_ arguments: [String]) throws -> [String] {
                let result = try ReaderExecutable.run(arguments, cacheDirectory: cache, environment: ["LD_DEBUG": "files"])
                #expect(result.status == 0, "\(result)")
                return result.stderr.matches(of: #/file=(\S+) \[/#).map { String($0.output.1) }
            }
            let onText = try loaded(["info", Self.lighthouse])
            #expect(onText.contains { $0.hasPrefix("libxml2.so") }, "LD_DEBUG=files listed: \(onText)")
            for library in glibLibraries {
                #expect(!onText.contains { $0.hasPrefix(library) }, "\(library) loaded for a TXT file")
            }
            let onPDF = try loaded(["info", Self.pdf])
            for library in glibLibraries {
                #expect(onPDF.contains { $0.hasPrefix(library) }, "\(library) not loaded for a PDF")
            }
        }
    }

    @Test("without a loadable poppler-glib, a PDF is refused in one line and other formats still open")
    func withoutPopplerGlib() throws {
        try withCacheDirectory { cache in
            // A file by poppler-glib's name that is no library, found first through LD_LIBRARY_PATH.
            let libraries = cache.appendingPathComponent("libraries", isDirectory: true)
            try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
            try Data("not a library".utf8).write(to: libraries.appendingPathComponent("libpoppler-glib.so.8"))
            let environment = ["LD_LIBRARY_PATH": libraries.path]
            let pdf = try ReaderExecutable.run(["info", Self.pdf], cacheDirectory: cache, environment: environment)
            #expect(pdf.status != 0)
            #expect(pdf.stdout.isEmpty)
            #expect(pdf.errorLines.count == 1, "\(pdf)")
            #expect(pdf.stderr.contains("\(Self.pdf): pdf: PDF support is missing: cannot load libpoppler-glib.so.8"),
                    "\(pdf)")
            let text = try ReaderExecutable.run(["info", Self.lighthouse], cacheDirectory: cache, environment: environment)
            #expect(text.status == 0, "\(text)")
        }
    }

    @Test("open on a PDF shows the reflowed page, without running headers or page numbers, and the exact count of a short PDF")
    func openPDF() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", Self.pdf, "--page", "3", "--width", "80", "--height", "25"],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let (_, paginator) = try paginated(Self.pdf)
            #expect(Array(result.lines.dropLast()) == (try paginator.page(3).lines))
            let status = try #require(result.lines.last)
            // Nine PDF pages are counted exactly (ReadingSession.exactFixedPageLimit), not estimated.
            #expect(status.hasPrefix("Harbour Lights · page 3 of \(try paginator.pageCount()) · "), "\(status)")
            // The running header of odd pages ("The Leading Lights") never shows among the text.
            #expect(!result.lines.dropLast().contains { $0.trimmingCharacters(in: .whitespaces) == "The Leading Lights" })
        }
    }

    @Test("open --pdf-page shows the PDF's own page whole and where it starts in the reflowed view")
    func openPDFPage() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", Self.pdf, "--pdf-page", "4", "--width", "60", "--height", "21",
                                                   "--json"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(report?["pdfPage"] as? Int == 4)
            #expect(report?["pdfPageCount"] as? Int == 9)
            let lines = try #require(report?["lines"] as? [String])
            // The page opens with the end of a paragraph from page 3, then the chapter.
            #expect(lines.first?.hasPrefix("shoulder until she was facing the hill") == true)
            #expect(lines.contains("Chapter II. Two Books"))
            #expect(lines.allSatisfy { $0.count <= 60 })
            let start = try #require(report?["start"] as? [String: Any])
            let locations = try #require(start["locations"] as? [String: Any])
            #expect(locations["page"] as? Int == 4)
            // The screen page it names holds the start of PDF page 4's text.
            let (document, paginator) = try paginated(Self.pdf, columns: 60, rows: 20)
            let pdf = try #require(document as? PDFDocument)
            #expect(report?["page"] as? Int == (try paginator.pageNumber(containing: pdf.textPosition(ofPage: 4))))

            let text = try ReaderExecutable.run(["open", Self.pdf, "--pdf-page", "4", "--width", "60"], cacheDirectory: cache)
            let status = try #require(text.lines.last)
            #expect(status.contains("· PDF page 4 of 9 · starts on page "), "\(status)")

            let notPDF = try ReaderExecutable.run(["open", Self.epub, "--pdf-page", "1"], cacheDirectory: cache)
            #expect(notPDF.status == 2, "a bad argument")
            #expect(notPDF.stderr.contains("works on PDF pages"))
            let tooFar = try ReaderExecutable.run(["open", Self.pdf, "--pdf-page", "10"], cacheDirectory: cache)
            #expect(tooFar.status == 2)
            #expect(tooFar.stderr.contains("page 10 does not exist; the document has 9 pages"), "\(tooFar.stderr)")
        }
    }

    @Test("render writes a PNG of the page at the scale asked for")
    func renderPDFPage() throws {
        try withCacheDirectory { cache in
            let target = cache.appendingPathComponent("page3.png").path
            let result = try ReaderExecutable.run(["render", Self.pdf, "--pdf-page", "3", "--scale", "1.5", "-o", target],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let png = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // IHDR width and height, big-endian, after the signature and the chunk header.
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == Int((419.53 * 1.5).rounded(.up)) && height == Int((595.28 * 1.5).rounded(.up)), "\(width)×\(height)")
        }
    }

    @Test("an encrypted PDF needs --password; a broken one is one line and exit 1")
    func pdfErrors() throws {
        try withCacheDirectory { cache in
            let locked = "TestBooks/pdf/locked.pdf"
            let refused = try ReaderExecutable.run(["open", locked, "--width", "80", "--height", "25"], cacheDirectory: cache)
            #expect(refused.status == 1)
            #expect(refused.stderr == "reader: \(locked): pdf: encrypted: password required\n")
            let wrong = try ReaderExecutable.run(["open", locked, "--password", "nope"], cacheDirectory: cache)
            #expect(wrong.status == 1)
            #expect(wrong.stderr.contains("encrypted: wrong password"))
            let opened = try ReaderExecutable.run(["open", locked, "--password", "reader-user", "--width", "80", "--height", "25"],
                                                  cacheDirectory: cache)
            #expect(opened.status == 0, "\(opened)")

            // not-a-pdf.pdf is text, but it quotes "%PDF-" in its first kilobyte, where a PDF header
            // may sit after junk, so it goes to the PDF backend, which finds no PDF in it.
            for broken in ["empty.pdf", "not-a-pdf.pdf"] {
                let path = "TestBooks/pdf/malformed/\(broken)"
                let result = try ReaderExecutable.run(["open", path], cacheDirectory: cache)
                #expect(result.status == 1, "\(broken): \(result)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(broken): \(result.stderr)")
                #expect(result.stderr.hasPrefix("reader: \(path): pdf: "), "\(broken): \(result.stderr)")
            }
            // A truncated PDF whose catalog is lost: the page objects that survive, with one line of notice.
            let truncated = "TestBooks/pdf/malformed/truncated.pdf"
            let salvaged = try ReaderExecutable.run(["open", truncated, "--width", "60", "--height", "20"], cacheDirectory: cache)
            #expect(salvaged.status == 0, "\(salvaged)")
            #expect(salvaged.stdout.contains("Chapter I. The Leading Lights"), "\(salvaged)")
            #expect(salvaged.errorLines.count == 1 && salvaged.stderr.contains("rebuilt page tree"), "\(salvaged)")

        }
    }

    @Test("toc lists the outline; --pdf-page-ranges fills in for a PDF without one")
    func pdfTOC() throws {
        try withCacheDirectory { cache in
            let toc = try ReaderExecutable.run(["toc", Self.pdf, "--width", "80", "--height", "25"], cacheDirectory: cache)
            #expect(toc.status == 0, "\(toc)")
            #expect(toc.lines.map { $0.components(separatedBy: "  ·  ")[0] } == [
                "Chapter I. The Leading Lights", "Chapter II. Two Books", "  The Red Ledger", "  Dusk Rounds",
                "Chapter III. Fog", "Chapter IV. The Lights in Line",
            ])
            let plain = "TestBooks/pdf/scanned-page.pdf"
            let none = try ReaderExecutable.run(["toc", plain, "--json"], cacheDirectory: cache)
            #expect(none.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || none.stdout.contains("[]"),
                    "\(none.stdout)")
            let ranges = try ReaderExecutable.run(["toc", plain, "--pdf-page-ranges", "2", "--width", "80", "--height", "25"],
                                                  cacheDirectory: cache)
            #expect(ranges.lines.map { $0.components(separatedBy: "  ·  ")[0] } == ["Pages 1–2", "Page 3"])
        }
    }
}
