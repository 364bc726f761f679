#!/usr/bin/env python3
"""A fixture web server for the fetch, sync and OPDS tests, on 127.0.0.1 only.

Usage: fixture_http_server.py SHARED_DIR TESTBOOKS_DIR PORT_FILE LOG_FILE

Binds a free port, writes it to PORT_FILE, and logs one line per request to LOG_FILE:
"GET /path inflight=N ua=USER-AGENT" when a request arrives (before any answer), "done /path STATUS"
when it is answered, and "aborted /path after N bytes" when a client hangs up mid-body. Pages and feeds are read from the shared corpus at request time. It stops by
itself after 10 minutes, so a test that dies never leaves it running.
"""
import gzip, hashlib, os, re, sys, threading, time, zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs, quote

SHARED, BOOKS, PORT_FILE, LOG_FILE = sys.argv[1:5]
READABILITY = os.path.join(SHARED, "corpus-web", "readability")
FEEDPARSER = os.path.join(SHARED, "corpus-web", "feedparser")
OPDS = os.path.join(SHARED, "corpus-web", "opds")

lock = threading.Lock()
inflight = 0
counters = {}


def log(line):
    with lock:
        with open(LOG_FILE, "a") as f:
            f.write(line + "\n")


def count(key):
    with lock:
        counters[key] = counters.get(key, 0) + 1
        return counters[key]


def rss(base, title, items):
    """An RSS 2.0 feed; items are (title, link, description, content, guid)."""
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
           f'<channel><title>{title}</title><link>{base}/</link><description>Fixture feed</description><language>en</language>']
    for (t, link, description, content, guid) in items:
        out.append("<item>")
        out.append(f"<title>{t}</title>")
        if link:
            out.append(f"<link>{base}{link}</link>")
        if guid:
            out.append(f'<guid isPermaLink="false">{guid}</guid>')
        out.append("<pubDate>Tue, 05 Mar 2024 09:30:00 GMT</pubDate><dc:creator>Fixture Writer</dc:creator>")
        out.append("<category>testing</category>")
        if description:
            out.append(f"<description><![CDATA[{description}]]></description>")
        if content:
            out.append(f"<content:encoded><![CDATA[{content}]]></content:encoded>")
        out.append("</item>")
    out.append("</channel></rss>")
    return "\n".join(out).encode()


LONG = " ".join(["The feed's own copy of this story is long enough to read on its own, with every paragraph kept."] * 6)


def feeds(base):
    one = rss(base, "Fixture One", [
        ("Shared story", "/page/001", "A story both feeds carry.", None, None),
        ("Second story", "/page/002", "The second story.", None, None),
        ("Missing page story", "/status/404", "Its page is gone.", f"<p>{LONG}</p><p>Fallback paragraph two.</p>", None),
        ("Thin page story", "/thin", "Its page says little.", f"<p>{LONG}</p>", None),
    ])
    two = ('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Fixture Two</title>'
           f'<id>urn:fixture:two</id><updated>2024-03-05T10:00:00Z</updated><link href="{base}/"/>'
           f'<entry><title>Shared story</title><id>urn:fixture:shared</id><link href="{base}/page/001"/>'
           '<updated>2024-03-05T10:00:00Z</updated><summary>Again.</summary></entry>'
           f'<entry><title>Third story</title><id>urn:fixture:third</id><link href="{base}/page/bbc-1"/>'
           '<updated>2024-03-04T10:00:00Z</updated><author><name>Atom Author</name></author><summary>The third.</summary></entry>'
           '</feed>').encode()
    return {"one.xml": ("application/rss+xml", one), "two.xml": ("application/atom+xml", two)}


def opds_catalog(base):
    return (f'''<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:dc="http://purl.org/dc/terms/">
<id>urn:fixture:catalog</id><title>Fixture Catalog</title><updated>2024-03-05T10:00:00Z</updated>
<link rel="self" href="/opds/catalog.xml" type="application/atom+xml;profile=opds-catalog;kind=acquisition"/>
<link rel="search" href="/opds/search?q={{searchTerms}}" type="application/atom+xml"/>
<link rel="next" href="/opds/page2.xml" type="application/atom+xml;profile=opds-catalog;kind=acquisition"/>
<entry><title>The Lighthouse Keeper</title><id>urn:fixture:lighthouse</id><updated>2024-03-05T10:00:00Z</updated>
<author><name>Ada Fixture</name></author>
<link rel="http://opds-spec.org/acquisition/buy" href="/opds/buy/lighthouse" type="application/epub+zip"/>
<link rel="http://opds-spec.org/acquisition/open-access" href="/books/lighthouse-keeper.epub" type="application/epub+zip"/>
</entry>
<entry><title>Moon Garden</title><id>urn:fixture:moon</id><updated>2024-03-05T10:00:00Z</updated>
<link rel="http://opds-spec.org/acquisition" href="/books/moon-garden.epub" type="application/epub+zip"/>
</entry>
</feed>''').encode()


def opds_search(base, terms):
    return (f'''<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>urn:fixture:search</id><title>Search: {terms}</title><updated>2024-03-05T10:00:00Z</updated>
<entry><title>Moon Garden</title><id>urn:fixture:moon</id><updated>2024-03-05T10:00:00Z</updated>
<link rel="http://opds-spec.org/acquisition" href="/books/moon-garden.epub" type="application/epub+zip"/></entry>
</feed>''').encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def base(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def do_GET(self):
        global inflight
        with lock:
            inflight += 1
            now = inflight
        log(f"GET {self.path} inflight={now} ua={self.headers.get('User-Agent', '')}")
        status = 0
        try:
            status = self.route(now)
        except (BrokenPipeError, ConnectionResetError):
            status = -1
        finally:
            with lock:
                inflight -= 1
            log(f"done {self.path} {status}")

    def send(self, status, body, content_type="text/html; charset=utf-8", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)
        return status

    def route(self, now):
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        m = re.fullmatch(r"/page/([\w.-]+)", path)
        if m:
            return self.file(os.path.join(READABILITY, m.group(1), "source.html"), "text/html; charset=utf-8")
        m = re.fullmatch(r"/page-as/([\w.-]+)/([\w.+-]+)/([\w.+-]+)", path)
        if m:  # a page served with a wrong Content-Type
            return self.file(os.path.join(READABILITY, m.group(1), "source.html"), f"{m.group(2)}/{m.group(3)}")
        m = re.fullmatch(r"/gzip/page/([\w.-]+)", path)
        if m:
            with open(os.path.join(READABILITY, m.group(1), "source.html"), "rb") as f:
                raw = f.read()
            accepts = self.headers.get("Accept-Encoding", "")
            if "gzip" in accepts:
                return self.send(200, gzip.compress(raw), headers={"Content-Encoding": "gzip"})
            return self.send(200, raw)
        m = re.fullmatch(r"/deflate/page/([\w.-]+)", path)
        if m:
            with open(os.path.join(READABILITY, m.group(1), "source.html"), "rb") as f:
                raw = f.read()
            return self.send(200, zlib.compress(raw), headers={"Content-Encoding": "deflate"})
        m = re.fullmatch(r"/status/(\d+)", path)
        if m:
            code = int(m.group(1))
            return self.send(code, f"<html><body><p>status {code}</p></body></html>".encode())
        m = re.fullmatch(r"/flaky/(\w+)/(\d+)", path)
        if m:  # fails with 503 this many times per key, then serves a page
            n = count("flaky-" + m.group(1))
            if n <= int(m.group(2)):
                return self.send(503, b"busy", "text/plain")
            return self.file(os.path.join(READABILITY, "001", "source.html"), "text/html; charset=utf-8")
        m = re.fullmatch(r"/busy/(\w+)/(\d+)/(\d+)", path)
        if m:  # 503 with Retry-After: SECONDS this many times per key, then the page
            if count("busy-" + m.group(1)) <= int(m.group(2)):
                return self.send(503, b"busy", "text/plain", headers={"Retry-After": m.group(3)})
            return self.file(os.path.join(READABILITY, "001", "source.html"), "text/html; charset=utf-8")
        if path == "/slow":
            time.sleep(float(query.get("seconds", ["3"])[0]))
            return self.send(200, b"<html><body><p>late</p></body></html>")
        m = re.fullmatch(r"/redirect/loop/(a|b)", path)
        if m:
            return self.send(302, b"", headers={"Location": "/redirect/loop/" + ("b" if m.group(1) == "a" else "a")})
        m = re.fullmatch(r"/redirect/chain/(\d+)", path)
        if m:
            n = int(m.group(1))
            target = "/page/001" if n <= 1 else f"/redirect/chain/{n - 1}"
            return self.send(301, b"", headers={"Location": target})
        if path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "100000")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"<html><body><p>" + b"cut " * 500)
            self.wfile.flush()
            self.close_connection = True
            return 200
        if path in ("/big", "/big-declared"):
            total = 100 * 1000 * 1000
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            if path == "/big-declared":
                self.send_header("Content-Length", str(total))
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            chunk = b"<p>" + b"x" * 65530 + b"</p>"
            sent = 0
            try:
                while sent < total:
                    self.wfile.write(chunk)
                    sent += len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                log(f"aborted {path} after {sent} bytes")
                return -1
            log(f"completed {path} after {sent} bytes")
            return 200
        if path == "/thin":
            return self.send(200, b"<html><head><title>Thin</title></head><body><p>Subscribe to read.</p></body></html>")
        m = re.fullmatch(r"/feeds/([\w.-]+)", path)
        if m:
            table = feeds(self.base())
            if m.group(1) == "really-html":  # an HTML page that declares the feed
                body = (f'<!DOCTYPE html><html><head><title>Blog</title><link rel="alternate" type="application/rss+xml" '
                        f'href="/feeds/one.xml"></head><body><p>Home</p></body></html>').encode()
                return self.send(200, body)
            if m.group(1) == "html-no-feed":
                return self.send(200, b"<!DOCTYPE html><html><head><title>Blog</title></head><body><p>No feed here.</p></body></html>")
            if m.group(1) not in table:
                return self.send(404, b"no such feed", "text/plain")
            content_type, body = table[m.group(1)]
            etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return 304
            return self.send(200, body, content_type, {"ETag": etag, "Last-Modified": "Tue, 05 Mar 2024 10:00:00 GMT"})
        m = re.fullmatch(r"/bench/feed/(\d+)", path)
        if m:  # for Benchmarks/feeds-sync.sh: 10 items a feed, each a different address of a corpus page
            n = int(m.group(1))
            names = sorted(d for d in os.listdir(READABILITY) if os.path.isdir(os.path.join(READABILITY, d)))
            items = [(f"Story {n}-{i}", f"/page/{names[(n * 10 + i) % len(names)]}?feed={n}&amp;item={i}",
                      f"Item {i} of feed {n}.", None, None) for i in range(10)]
            return self.send(200, rss(self.base(), f"Bench {n}", items), "application/rss+xml")
        m = re.fullmatch(r"/corpus-feed/(.+)", path)
        if m:  # a feedparser test file, its example.org/com links pointing back here (at pages that do not exist)
            full = os.path.normpath(os.path.join(FEEDPARSER, m.group(1)))
            if not full.startswith(FEEDPARSER + os.sep) or not os.path.isfile(full):
                return self.send(404, b"no such file", "text/plain")
            with open(full, "rb") as f:
                body = f.read()
            body = re.sub(rb"http://(www\.)?example\.(org|com)", (self.base() + "/ext").encode(), body)
            return self.send(200, body, "application/xml")
        m = re.fullmatch(r"/opds-sample/([\w.-]+)", path)
        if m:
            return self.file(os.path.join(OPDS, m.group(1)), "application/atom+xml")
        if path == "/opds/catalog.xml":
            return self.send(200, opds_catalog(self.base()), "application/atom+xml;profile=opds-catalog")
        if path == "/opds/search":
            terms = query.get("q", [""])[0]
            if "moon" not in terms.lower():
                return self.send(404, b"nothing found", "text/plain")
            return self.send(200, opds_search(self.base(), terms), "application/atom+xml")
        m = re.fullmatch(r"/books/([\w.-]+\.epub)", path)
        if m:
            return self.file(os.path.join(BOOKS, "epub", m.group(1)), "application/epub+zip",
                             {"Content-Disposition": f'attachment; filename="{m.group(1)}"'} if "moon" in m.group(1) else None)
        return self.send(404, b"<html><body><p>not found</p></body></html>")

    def file(self, full, content_type, headers=None):
        if not os.path.isfile(full):
            return self.send(404, b"no such fixture", "text/plain")
        with open(full, "rb") as f:
            return self.send(200, f.read(), content_type, headers)


class Server(ThreadingHTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
threading.Timer(600, lambda: os._exit(0)).start()
with open(PORT_FILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
