#!/usr/bin/env python3
"""Makes a large EPUB 3 for benchmarks from The Lighthouse Keeper's text.

    python3 TestBooks/make-large-epub.py [OUT [SIZE_MB]]

OUT defaults to TestBooks/generated/large-<SIZE_MB>mb.epub and SIZE_MB (the size of the archive to
reach, in MiB) to 5. Chapters are the story's paragraphs in a different seeded order each time,
one XHTML file per chapter, each compressed on its own as in a real book, so the archive grows
about as a long novel's would. Deterministic: the same arguments give the same bytes. Standard
library only; TestBooks/generated/ is not committed.
"""
import os
import random
import sys
import zipfile
import zlib
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
DATE_TIME = (2024, 3, 14, 12, 0, 0)


def paragraphs():
    with open(os.path.join(HERE, "src", "lighthouse-keeper.txt"), encoding="utf-8") as source:
        text = source.read()
    found = [" ".join(block.split()) for block in text.split("\n\n")]
    return [p for p in found if len(p) > 60]


def chapter(number, body):
    items = "\n".join(f'<p id="c{number}p{i}">{escape(p)}</p>' for i, p in enumerate(body))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">
<head><title>Chapter {number}</title></head>
<body><section id="chapter-{number}"><h1>Chapter {number}</h1>
{items}
</section></body></html>
"""


def add(archive, name, data, compress=True):
    info = zipfile.ZipInfo(name, DATE_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    archive.writestr(info, data, compresslevel=9 if compress else None)


def main():
    size_mb = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    out = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] not in ("", "-") \
        else os.path.join(HERE, "generated", f"large-{size_mb}mb.epub")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    source = paragraphs()
    rng = random.Random(20241121)
    chapters = []
    compressed = 0
    while compressed < size_mb * 1024 * 1024:
        body = source[:]
        rng.shuffle(body)
        xhtml = chapter(len(chapters) + 1, body).encode("utf-8")
        chapters.append(xhtml)
        compressed += len(zlib.compress(xhtml, 9)) + 64
    manifest = "\n".join(f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>'
                         for i in range(1, len(chapters) + 1))
    spine = "\n".join(f'<itemref idref="c{i}"/>' for i in range(1, len(chapters) + 1))
    nav_items = "\n".join(f'<li><a href="c{i}.xhtml">Chapter {i}</a></li>' for i in range(1, len(chapters) + 1))
    opf = f"""<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">urn:uuid:00000000-0000-4000-8000-00000000{size_mb:04d}</dc:identifier>
<dc:title>The Lighthouse Keeper, {len(chapters)} chapters</dc:title><dc:language>en</dc:language>
<meta property="dcterms:modified">2024-03-14T12:00:00Z</meta>
</metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
{manifest}
</manifest>
<spine>
{spine}
</spine>
</package>
"""
    nav = f"""<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
<body><nav epub:type="toc"><ol>
{nav_items}
</ol></nav></body></html>
"""
    container = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
"""
    with zipfile.ZipFile(out, "w") as archive:
        add(archive, "mimetype", b"application/epub+zip", compress=False)
        add(archive, "META-INF/container.xml", container)
        add(archive, "OEBPS/content.opf", opf)
        add(archive, "OEBPS/nav.xhtml", nav)
        for number, xhtml in enumerate(chapters, start=1):
            add(archive, f"OEBPS/c{number}.xhtml", xhtml)
    print(f"{out}: {len(chapters)} chapters, {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()
