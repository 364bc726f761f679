"""The peer of WebExtractionBenchmark --speed-only: readability-lxml (PyPI) extracting every page
of a Readability test corpus once (title and article HTML), in one process.
Usage: python3 web-extraction-peer.py CORPUS"""
import os
import sys

from readability import Document

corpus = sys.argv[1]
pages = sorted(d for d in os.listdir(corpus) if os.path.exists(os.path.join(corpus, d, "source.html")))
characters = 0
for name in pages:
    with open(os.path.join(corpus, name, "source.html"), "rb") as handle:
        document = Document(handle.read())
    characters += len(document.summary()) + len(document.title())
print(f"{len(pages)} pages, {characters} characters of article HTML")
