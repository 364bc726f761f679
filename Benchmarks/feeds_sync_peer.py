#!/usr/bin/env python3
"""The peer of `reader feeds sync` for Benchmarks/feeds-sync.sh: the same job in Python.

Usage: feeds_sync_peer.py FEEDS_FILE OUT_DIR [CONCURRENCY]

Fetches every feed of the list (urllib), parses it with feedparser, fetches each item's page
(CONCURRENCY at once, default 4), extracts the article with readability-lxml, and writes it with
a small front matter into OUT_DIR. Prints "written N".
"""
import concurrent.futures, os, re, sys, urllib.request

import feedparser
from readability import Document

feeds_file, out_dir = sys.argv[1], sys.argv[2]
concurrency = int(sys.argv[3]) if len(sys.argv) > 3 else 4
headers = {"User-Agent": "peer-bench/1.0", "Accept-Encoding": "identity"}


def get(url):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as response:
        return response.read()


def slug(title):
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:50] or "untitled"


subscriptions = []
for line in open(feeds_file, encoding="utf-8"):
    line = line.strip()
    if line and not line.startswith("#"):
        parts = line.split(None, 1)
        subscriptions.append((parts[0], parts[1] if len(parts) > 1 else parts[0]))

with concurrent.futures.ThreadPoolExecutor(concurrency) as pool:
    parsed = list(pool.map(lambda s: (s[1], feedparser.parse(get(s[0]))), subscriptions))
    seen, items = set(), []
    for name, feed in parsed:
        for entry in feed.entries:
            link = entry.get("link")
            if link and link not in seen:
                seen.add(link)
                items.append((name, entry))

    def write(item):
        name, entry = item
        document = Document(get(entry["link"]))
        html = document.summary()
        title = entry.get("title") or document.short_title()
        path = os.path.join(out_dir, slug(title) + ".html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(f'---\ntitle: "{title}"\nurl: {entry["link"]}\nfeed: {name}\n---\n\n{html}\n')
        return path

    written = list(pool.map(write, items))
print(f"written {len(written)}")
