import Foundation
import ReaderTestSupport

/// A news page written by the tests: navigation, a cookie banner, a sidebar, share buttons,
/// comments and a footer around an article with headings, a list, a quote, code, a table and a
/// figure; metadata in JSON-LD, Open Graph and `<meta>`.
enum WebPageFixture {
    static let articleParagraphs = [
        "The river rose slowly through the night, and by morning the lower town was under a foot of brown water, which the oldest residents said they had not seen since the winter of their childhood.",
        "Engineers from the county worked through the day to shore up the levee, filling sandbags, driving stakes, and laying plastic sheeting over the weakest stretches of the old earthen wall.",
        "By evening the water had begun to fall, leaving a line of silt on every wall and fence, and a smell of mud that, people said, would stay in the houses for the rest of the year.",
    ]

    static func page(charsetDeclaration: String = "<meta charset=\"utf-8\">", extraHead: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en-GB" dir="ltr">
        <head>
        \(charsetDeclaration)
        <title>Flood waters recede in the lower town | The Valley Courier</title>
        <base href="/news/">
        <link rel="canonical" href="https://www.valleycourier.example/news/2024/flood.html">
        <link rel="icon" href="/favicon.ico">
        <meta property="og:title" content="Flood waters recede in the lower town">
        <meta property="og:site_name" content="The Valley Courier">
        <meta property="og:image" content="/images/flood.jpg">
        <meta name="description" content="After a night of rising water, the river falls again.">
        <meta property="article:published_time" content="2024-03-05T07:30:00Z">
        <meta property="article:tag" content="Weather">
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Flood waters recede in the lower town",
         "author": [{"@type": "Person", "name": "Ada Byline"}, {"@type": "Person", "name": "Ben Second"}],
         "datePublished": "2024-03-05T07:30:00Z", "dateModified": "2024-03-06T10:00:00Z",
         "publisher": {"@type": "Organization", "name": "The Valley Courier"}}
        </script>
        \(extraHead)
        </head>
        <body>
        <div class="cookie-banner" id="gdpr-consent"><p>We use cookies to improve your experience. Accept all cookies?</p><button>Accept</button></div>
        <header class="site-header"><nav><ul><li><a href="/">Home</a></li><li><a href="/news/">News</a></li><li><a href="/sport/">Sport</a></li></ul></nav></header>
        <div id="main">
        <article class="story">
        <h1>Flood waters recede in the lower town</h1>
        <div class="share-tools"><a href="https://social.example/share">Share</a> <a href="mailto:?x">Email</a></div>
        <p>\(articleParagraphs[0])</p>
        <h2>Working on the levee</h2>
        <p>\(articleParagraphs[1]) See <a href="levee.html">the levee map</a>.</p>
        <ul><li>Sandbags filled: more than two thousand, by the county's count.</li><li>Volunteers: about three hundred, from four towns.</li></ul>
        <blockquote><p>We have never seen the water this high, not once in forty years of living here.</p></blockquote>
        <figure><img src="images/levee.jpg" alt="The levee at dawn"><figcaption>The levee at dawn, seen from the bridge.</figcaption></figure>
        <pre><code>water level: 4.2 m at 06:00, 3.1 m at 18:00</code></pre>
        <table><thead><tr><th>Time</th><th>Level</th></tr></thead><tbody><tr><td>06:00</td><td>4.2 m</td></tr><tr><td>18:00</td><td>3.1 m</td></tr></tbody></table>
        <h2>What comes next</h2>
        <p>\(articleParagraphs[2])</p>
        </article>
        <aside class="sidebar related"><h3>Related stories</h3><ul><li><a href="/a">Storm warning issued for the coast</a></li><li><a href="/b">Bridge closed for repairs</a></li></ul></aside>
        <div id="comments" class="comments"><h3>12 comments</h3><p>First! Great article, thanks for posting it here today.</p></div>
        </div>
        <footer class="site-footer"><p>Copyright 2024 The Valley Courier. All rights reserved. Contact us at the newsroom.</p></footer>
        </body>
        </html>
        """
    }

    /// Writes `text` (in `encoding`) to a temporary file named `name`.
    static func write(_ bytes: [UInt8], name: String = "page.html") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
