#!/usr/bin/env python3
"""Re-zips an EPUB TestBook without changing any file in it, for position-stability tests.

    python3 TestBooks/make-epub-repacks.py

Writes TestBooks/epub/repacked/lighthouse-keeper.stored.epub (every entry stored) and
lighthouse-keeper.fast.epub (deflate level 1) from TestBooks/epub/lighthouse-keeper.epub: the
same entries, in the same order, with the same bytes once inflated, but other compressed sizes,
so Readium's positions (counted on compressed sizes) change and content positions do not.
Standard library only; fixed timestamps, so two runs give identical files.
"""

import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "epub", "lighthouse-keeper.epub")
OUT = os.path.join(HERE, "epub", "repacked")
VARIANTS = {"stored": (zipfile.ZIP_STORED, None), "fast": (zipfile.ZIP_DEFLATED, 1)}


def repack(target, method, level):
    with zipfile.ZipFile(SOURCE) as source, zipfile.ZipFile(target + ".tmp", "w") as out:
        for entry in source.infolist():
            info = zipfile.ZipInfo(entry.filename, date_time=(2024, 3, 14, 12, 0, 0))
            info.external_attr = 0o100644 << 16
            stored = entry.filename == "mimetype"
            info.compress_type = zipfile.ZIP_STORED if stored else method
            out.writestr(info, source.read(entry.filename), compresslevel=None if stored else level)
    os.replace(target + ".tmp", target)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, (method, level) in VARIANTS.items():
        repack(os.path.join(OUT, f"lighthouse-keeper.{name}.epub"), method, level)


if __name__ == "__main__":
    main()
