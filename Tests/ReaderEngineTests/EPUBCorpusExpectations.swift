import ReaderCore

/// Where a corpus EPUB is expected to differ from a plain open, or from calibre, and why. Every
/// row not listed here must open without trouble and agree with calibre.
enum EPUBCorpusExpectations {
    /// What opening a broken book must do.
    enum Opening: Sendable {
        /// It opens, and `metadata.warnings` has a warning containing the text.
        case opensWithWarning(String)
        /// It opens; a content document that is not well-formed XML is read by the HTML parser,
        /// and that section's warnings say so.
        case opensReadingContentAsHTML
        /// Opening throws a ``ReaderError`` of this kind.
        case fails(ReaderError.Kind)
    }

    /// One row per file of `epub/malformed/`: what its MANIFEST note predicts, and why.
    static let malformed: [String: (opening: Opening, why: String)] = [
        "epub/malformed/hefty-water_wrong-mimetype.epub": (
            .opensWithWarning("mimetype"),
            "the mimetype entry says application/zip; the container and package are intact, so the book opens "
                + "(as in calibre) and the warning says what is wrong"),
        "epub/malformed/pg11_alice_truncated.epub": (
            .opensWithWarning("the package document OEBPS/content.opf is missing"),
            "the zip lost its central directory and, past the cut, its package document; the local headers are "
                + "read (ZipArchive.recovering) and the content documents left are read in archive order "
                + "(PackageDocument.recovered), with a warning; calibre fails on it"),
        "epub/malformed/trees_no-container-xml.epub": (
            .opensWithWarning("container.xml"),
            "without META-INF/container.xml the backend reads the archive's only .opf, and warns"),
        "epub/malformed/w3c_pub-xml-non-validating_unclosed.epub": (
            .opensReadingContentAsHTML,
            "an unclosed element makes the chapter ill-formed XML; libxml2's HTML parser reads it instead, "
                + "and the section carries the warning (metadata is read at open, before any chapter)"),
    ]

    /// How a book's title must relate to calibre's when they legitimately differ.
    enum TitleRule: Sendable {
        /// Our title is the OPF's `title-type` main title, the subtitle is in `fields["subtitle"]`,
        /// and calibre's is `main: subtitle`.
        case mainTitleWhereCalibreAppendsSubtitle
        /// Our title is this (from the OPF); calibre's differs.
        case fromPackage(String)
        /// No metadata survived: our title is the file's name, calibre's is made from it its own way.
        case fileName
    }

    /// Titles that differ from `ebook-meta`, each decided by the EPUB specification.
    static let titles: [String: (rule: TitleRule, why: String)] = [
        "epub/childrens-literature.epub": (
            .mainTitleWhereCalibreAppendsSubtitle,
            "EPUB 3 refines two dc:title elements as main and subtitle; the title is the main one and the "
                + "subtitle is kept apart, while calibre joins them"),
        "epub/w3c_ocf-package_multiple.epub": (
            .fromPackage("ocf-package_multiple"),
            "container.xml lists three rootfiles; OCF says the first (FOO/BAR/package.opf) is the default "
                + "rendition, whose dc:title this is; calibre reads another package's"),
        "epub/malformed/pg11_alice_truncated.epub": (
            .fileName,
            "the package document was lost to the cut, and with it the title; calibre's ebook-meta turns the "
                + "file name's underscores into spaces and drops the extension"),
        "epub/malformed/trees_no-container-xml.epub": (
            .fromPackage("Trees"),
            "calibre's ebook-meta fails without container.xml and falls back to the file name; the package's "
                + "dc:title is Trees"),
    ]

    /// Books whose text is not compared word by word with calibre's, and what is checked instead.
    static let text: [String: String] = [
        "epub/page-blanche_fxl-comic.epub":
            "a fixed-layout comic whose pages are pictures: calibre's text is empty; every block we show "
            + "must be an image block (its alternative text)",
    ]
}
