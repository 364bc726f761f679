"""Writes a deterministic RSS 2.0 feed of about SIZE megabytes (default 50) to PATH: items with
HTML content in CDATA and escaped, Dublin Core creators, categories, enclosures with iTunes
durations and RFC 822 dates, as real feeds carry them."""
import random
import sys

path = sys.argv[1]
target = int(float(sys.argv[2] if len(sys.argv) > 2 else 50) * 1_000_000)
rng = random.Random(50)
words = ("reader feed parse atom item channel swift library engine page locator block text news story "
         "morning evening river mountain city garden window letter market music station harbour").split()

def sentence():
    return " ".join(rng.choice(words) for _ in range(rng.randint(8, 20))).capitalize() + "."

with open(path, "w", encoding="utf-8") as out:
    out.write('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" '
              'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" '
              'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">\n<channel>\n'
              '<title>Generated feed</title><link>https://bench.example/</link><description>Benchmark</description>\n')
    n = 0
    while out.tell() < target:
        n += 1
        paragraphs = "".join("<p>%s <a href=\"/p/%d\">link</a> <em>%s</em></p>" % (sentence(), n, sentence()) for _ in range(4))
        escaped = sentence().replace("&", "&amp;")
        out.write("<item><title>Item %d: %s</title><link>https://bench.example/p/%d</link>"
                  "<guid isPermaLink=\"false\">tag:bench.example,2024:%d</guid><dc:creator>Author %d</dc:creator>"
                  "<category>%s</category><category>%s</category>"
                  "<pubDate>Mon, %02d Jan 2024 %02d:%02d:00 +0000</pubDate>"
                  "<description>&lt;p&gt;%s&lt;/p&gt;</description>"
                  "<content:encoded><![CDATA[%s]]></content:encoded>"
                  "<enclosure url=\"https://bench.example/a/%d.mp3\" length=\"%d\" type=\"audio/mpeg\"/>"
                  "<itunes:duration>%d:%02d</itunes:duration></item>\n"
                  % (n, sentence()[:40], n, n, n % 97, rng.choice(words), rng.choice(words), n % 28 + 1, n % 24, n % 60,
                     escaped, paragraphs, n, rng.randint(10**5, 10**8), rng.randint(1, 90), rng.randint(0, 59)))
    out.write("</channel>\n</rss>\n")
