import Foundation
import ReaderTestSupport
import Testing

/// Issue 20's first check: epubcheck finds no error and no warning in the export of any TestBook.
@Suite("EPUB export: epubcheck")
struct EPUBExportValidityTests {
    @Test("epubcheck reports no error and no warning on the export of every TestBook")
    func everyTestBook() throws {
        try #require(EPUBCheck.isAvailable, "epubcheck is not installed (scripts/install-deps.sh installs it)")
        try withTemporaryDirectory(prefix: "export-check") { folder in
            var paths: [String] = []
            for book in ExportedBook.testBooks {
                let exported = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent(book).path, into: folder)
                paths.append(exported.exportPath)
            }
            let problems = try EPUBCheck.problems(in: paths)
            for path in paths {
                let messages = problems[path] ?? []
                #expect(messages.isEmpty, "\((path as NSString).lastPathComponent):\n\(messages.map(\.description).joined(separator: "\n"))")
            }
        }
    }
}
