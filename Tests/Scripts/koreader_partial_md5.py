#!/usr/bin/env python3
"""KOReader's partial MD5, written from the description of its Lua function (frontend/util.lua,
partialMD5), independently of reader's Swift code, to produce and check the golden values in
Tests/ReaderCoreTests/Golden/koreader-partial-md5.tsv.

Samples of 1024 bytes are read at offset 0 and at 1024 * 4**k for k = 0..10; the first empty
read ends the loop. (The Lua writes the first offset as lshift(1024, -2), which is 0 in LuaJIT.)

Usage: koreader_partial_md5.py FILE...     one "md5  FILE" line each
       koreader_partial_md5.py --golden REPO   the golden table for REPO's TestBooks and the
                                               synthetic files of SYNTHETIC_SIZES
"""
import hashlib
import os
import sys

SYNTHETIC_SIZES = [0, 1, 1023, 1024, 1025, 2047, 4096, 4097, 70000, 1048576, 1048577, 4194305]
TEST_BOOKS = [
    "txt/lighthouse-keeper.txt", "txt/moon-garden.gb18030.txt", "md/field-notes.md",
    "epub/lighthouse-keeper.epub", "epub/moon-garden.epub", "pdf/harbour-lights.pdf",
    "mobi/lighthouse-keeper.mobi", "mobi/moon-garden.azw3",
]


def partial_md5(stream):
    md5 = hashlib.md5()
    for offset in [0] + [1024 * 4 ** k for k in range(11)]:
        stream.seek(offset)
        sample = stream.read(1024)
        if not sample:
            break
        md5.update(sample)
    return md5.hexdigest()


def synthetic(size):
    """The bytes of a synthetic file: byte i is ((i * 131) ^ (i >> 8)) & 0xFF."""
    return bytes(((i * 131) ^ (i >> 8)) & 0xFF for i in range(size))


def main(args):
    if len(args) == 2 and args[0] == "--golden":
        import io
        for size in SYNTHETIC_SIZES:
            print(f"synthetic-{size}\t{partial_md5(io.BytesIO(synthetic(size)))}")
        for book in TEST_BOOKS:
            with open(os.path.join(args[1], "TestBooks", book), "rb") as stream:
                print(f"{book}\t{partial_md5(stream)}")
        return 0
    for path in args:
        with open(path, "rb") as stream:
            print(f"{partial_md5(stream)}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
