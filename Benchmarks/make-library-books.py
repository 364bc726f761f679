#!/usr/bin/env python3
"""Writes COUNT small distinct books into FOLDER for the library benchmark: a mix of TXT (40%),
Markdown (30%), EPUB 3 (25%) and PDF (5%: TestBooks/pdf/harbour-lights.pdf with a distinct
comment appended after %%EOF, which PDF readers ignore). Deterministic: the same COUNT gives
the same bytes.
    python3 Benchmarks/make-library-books.py FOLDER COUNT"""
import os
import random
import sys
import zipfile

WORDS = ("keeper lamp harbour tide wave stone rope lantern gull mist cliff boat oar net salt wind "
         "shore shell harbourmaster evening morning letter bread village storm winter spring").split()


def prose(rng, paragraphs):
    return "\n\n".join(
        " ".join(rng.choice(WORDS) for _ in range(rng.randint(30, 60))).capitalize() + "."
        for _ in range(paragraphs))


def epub(path, title, author, body):
    chapters = body.split("\n\n")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype", (1980, 1, 1, 0, 0, 0)), "application/epub+zip")
        def add(name, data):
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
        add("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" '
            'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" '
            'media-type="application/oebps-package+xml"/></rootfiles></container>')
        items = "".join(f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>' for i in range(len(chapters)))
        spine = "".join(f'<itemref idref="c{i}"/>' for i in range(len(chapters)))
        add("OEBPS/content.opf", f'<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
            f'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">{title}</dc:identifier>'
            f'<dc:title>{title}</dc:title><dc:creator>{author}</dc:creator><dc:language>en</dc:language></metadata>'
            f'<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>{items}</manifest>'
            f'<spine>{spine}</spine></package>')
        links = "".join(f'<li><a href="c{i}.xhtml">Chapter {i + 1}</a></li>' for i in range(len(chapters)))
        add("OEBPS/nav.xhtml", '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" '
            'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body>'
            f'<nav epub:type="toc"><ol>{links}</ol></nav></body></html>')
        for i, text in enumerate(chapters):
            add(f"OEBPS/c{i}.xhtml", '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head>'
                f'<title>Chapter {i + 1}</title></head><body><h1>Chapter {i + 1}</h1><p>{text}</p></body></html>')


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    here = os.path.dirname(os.path.abspath(__file__))
    pdf = open(os.path.join(here, "..", "TestBooks", "pdf", "harbour-lights.pdf"), "rb").read()
    for n in range(count):
        rng = random.Random(n)
        sub = os.path.join(folder, f"shelf-{n // 500:02d}")
        os.makedirs(sub, exist_ok=True)
        title = f"The {rng.choice(WORDS).capitalize()} of {rng.choice(WORDS).capitalize()} {n}"
        author = f"{rng.choice(WORDS).capitalize()} {rng.choice(WORDS).capitalize()}"
        body = prose(rng, rng.randint(3, 8))
        kind = n % 20
        base = os.path.join(sub, f"book-{n:05d}")
        if kind < 8:
            open(base + ".txt", "w").write(f"{title}\n\n{body}\n")
        elif kind < 14:
            open(base + ".md", "w").write(f"---\ntitle: {title}\nauthor: {author}\n---\n\n# {title}\n\n{body}\n")
        elif kind < 19:
            epub(base + ".epub", title, author, body)
        else:
            open(base + ".pdf", "wb").write(pdf + f"\n% library benchmark copy {n}\n".encode())


main()
