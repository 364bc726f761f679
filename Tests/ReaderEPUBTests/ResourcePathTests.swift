import Testing
@testable import ReaderEPUB

@Suite struct ResourcePathTests {
    @Test(arguments: [
        ("chapter%20two.xhtml", "OEBPS/content.opf", "OEBPS/chapter two.xhtml", nil as String?),
        ("../images/c%C3%B6ver.png", "OEBPS/text/ch1.xhtml", "OEBPS/images/cöver.png", nil),
        ("ch1.xhtml#sec%201", "OEBPS/nav.xhtml", "OEBPS/ch1.xhtml", "sec 1"),
        ("/META-INF/x.xml", "OEBPS/content.opf", "META-INF/x.xml", nil),
        ("./a/./b/../c.xhtml", "content.opf", "a/c.xhtml", nil),
        ("#note", "OEBPS/ch1.xhtml", "OEBPS/ch1.xhtml", "note"),
        ("ch1.xhtml?x=1#f", "OEBPS/content.opf", "OEBPS/ch1.xhtml", "f"),
        ("100%.xhtml", "content.opf", "100%.xhtml", nil),
    ])
    func resolvesAgainstTheReferringDocument(href: String, base: String, path: String, fragment: String?) {
        let resolved = ResourcePath.resolve(href, relativeTo: base)
        #expect(resolved?.path == path)
        #expect(resolved?.fragment == fragment)
    }

    @Test(arguments: ["../../evil.xhtml", "http://example.com/a.xhtml", "mailto:x@y.z", "", "..", "data:text/plain,hi"])
    func refusesExternalAndClimbingReferences(href: String) {
        #expect(ResourcePath.resolve(href, relativeTo: "OEBPS/content.opf") == nil)
    }
}
