#!/usr/bin/env python3
"""Writes zip-writer seeds: scripts for ZipWriter (see Fuzz/Sources/ZipWriterFuzzer/WriterScript.swift).

    zip-writer.py OUT_DIR MAX_LEN ARCHIVE...

Each archive (an EPUB, any zip) becomes a script that writes its entries again, in order, with the
method they had (stored or deflate at level 6), contents cut to 2 KiB so that several entries fit;
then a few scripts made by hand: the names the writer must refuse (empty, absolute, `..`, a
backslash, a NUL, a duplicate, one equal to another up to Unicode normalisation, a folder with
bytes), invalid deflate levels, a long run, and non-ASCII names. Prints the number of seeds.
"""
import os
import struct
import sys
import zipfile


def entry(method, name, data=b"", run=None):
    name = name.encode("utf-8", "surrogateescape") if isinstance(name, str) else name
    out = bytes([method, len(name)]) + name
    if run is not None:
        return out + struct.pack("<H", 0xFFFF) + bytes([run])
    return out + struct.pack("<H", len(data)) + data


def main():
    out, max_len, archives = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    seeds = []
    for path in archives:
        try:
            with zipfile.ZipFile(path) as archive:
                script = bytes([6 | (0x80 if len(seeds) % 2 else 0)])
                for info in archive.infolist()[:40]:
                    name = info.filename.encode("utf-8")[:255]
                    try:
                        data = archive.read(info)[:2048]
                    except Exception:
                        data = b""
                    method = 10 if info.compress_type == zipfile.ZIP_STORED else 6
                    script += entry(method, name, data)
                    if len(script) > max_len - 4096:
                        break
                seeds.append((os.path.basename(path), script))
        except (zipfile.BadZipFile, OSError, ValueError):
            continue
    text = b"The keeper climbed the stairs. " * 8
    seeds += [
        ("refused-names", bytes([10]) + entry(11, "") + entry(11, "/etc/passwd", text) + entry(11, "../up.txt", text)
         + entry(11, "a/../b", text) + entry(11, "a\\b", text) + entry(11, b"nul\x00name", text) + entry(11, "ok.txt", text)
         + entry(11, "ok.txt", text) + entry(10, "folder/", text) + entry(10, "folder/") + entry(6, "folder/x", text)),
        ("normalisation", bytes([0x86]) + entry(11, "caf\u00e9.txt", text) + entry(11, "cafe\u0301.txt", text)
         + entry(11, "\u00c5ngstr\u00f6m/\u65e5\u672c.xhtml", text) + entry(11, "\U0001F600/emoji", text)),
        ("levels", bytes([9]) + entry(12, "bad-10", text) + entry(12, "bad-minus-1", text) + entry(0, "level0", text)
         + entry(1, "level1", text) + entry(9, "level9", text) + entry(10, "stored", text)),
        ("runs", bytes([0x85]) + entry(10, "mimetype", b"application/epub+zip") + entry(5, "zeros", run=0)
         + entry(10, "stored-run", run=0x50) + entry(9, "empty", b"")),
        ("local-header-inside", bytes([10]) + entry(10, "a", b"PK\x03\x04" + bytes(26) + b"PK\x01\x02" + bytes(42) + b"PK\x05\x06")
         + entry(10, "b", text)),
        ("odd-names", bytes([4]) + entry(11, "./dot", text) + entry(11, "a//b", text) + entry(11, "trailing.", text)
         + entry(11, " space ", text) + entry(11, "\r\n", text) + entry(11, "\x01control", text) + entry(11, "x" * 255, text)),
    ]
    os.makedirs(out, exist_ok=True)
    for index, (name, script) in enumerate(seeds):
        with open(os.path.join(out, f"{index:03d}-{name}"), "wb") as handle:
            handle.write(script[:max_len])
    print(len(seeds))


if __name__ == "__main__":
    main()
