import ReaderFeeds
import Testing

@Suite("Feed discovery from an HTML page")
struct FeedDiscoveryTests {
    @Test("declared alternate links of feed types, resolved against <base>, then the usual paths")
    func declaredThenConventional() {
        let html = """
        <html><head><base href="https://site.example/blog/">
        <link rel="stylesheet" href="style.css">
        <link rel="alternate" type="application/rss+xml" title="RSS" href="feed.xml">
        <link rel="alternate" type="application/atom+xml" href="/atom.xml">
        <link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
        <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
        </head><body><a href="/feed.json" rel="alternate" type="application/feed+json">JSON</a></body></html>
        """
        let found = FeedDiscovery.candidates(inPage: Array(html.utf8), pageURL: "https://site.example/blog/post")
        let declared = found.filter(\.isDeclared)
        #expect(declared.map(\.url) == ["https://site.example/blog/feed.xml", "https://site.example/atom.xml", "https://site.example/feed.json"])
        #expect(declared.first?.title == "RSS")
        let probes = found.filter { !$0.isDeclared }.map(\.url)
        #expect(probes.first == "https://site.example/feed")
        #expect(!probes.contains("https://site.example/atom.xml"), "a declared feed is not probed again")
    }

    @Test("without a page address only declared links are given, as written")
    func withoutAddress() {
        let html = #"<link rel="alternate" type="application/atom+xml" href="/a.atom">"#
        #expect(FeedDiscovery.candidates(inPage: Array(html.utf8), pageURL: nil).map(\.url) == ["/a.atom"])
    }
}
