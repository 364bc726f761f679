import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// A page whose text is drawn in a font poppler cannot map to Unicode (a CID font of the
/// Adobe-Identity collection without a ToUnicode map) reads with a warning naming the font.
@Suite("PDF: fonts without a Unicode mapping")
struct PDFUnmappedFontTests {
    /// Two pages: the first in Helvetica, the second in an Identity-H CID font without ToUnicode.
    static func book() -> [UInt8] {
        let helvetica = "BT /F1 24 Tf 72 700 Td (Plain text) Tj ET"
        let identity = "BT /F2 24 Tf 72 700 Td <002B0048004F004F0052> Tj ET"
        return PDFFixture.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                + "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>",
            "<< /Length \(helvetica.utf8.count) >>\nstream\n\(helvetica)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R /Resources << /Font << /F2 7 0 R >> >> >>",
            "<< /Length \(identity.utf8.count) >>\nstream\n\(identity)\nendstream",
            "<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Mystery /Encoding /Identity-H /DescendantFonts [8 0 R] >>",
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Mystery "
                + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 600 >>",
        ])
    }

    @Test("the font is named in one warning, at the page that uses it; the Helvetica page gives none")
    func warning() throws {
        try withTemporaryDirectory(prefix: "pdf-unmapped") { folder in
            let path = try PDFFixture.write(Self.book(), named: "identity.pdf", in: folder)
            let document = try PDFBackend().open(path: path, format: .pdf, options: .init())
            for section in document.readingOrder.indices { _ = try document.content(ofSection: section) }
            let warnings = document.warnings.filter { $0.message.contains("ToUnicode") }
            #expect(warnings.map(\.message) == ["the font ABCDEF+Mystery has no ToUnicode map, so the text in it (page 2) may be wrong"])
            #expect(warnings.first?.location.page == 2)
        }
    }
}
