#!/usr/bin/env python3
"""Writes hand-broken copies of TestBooks/mobi/lighthouse-keeper.mobi for the safety tests.

    python3 TestBooks/break-mobis.py

Writes, overwriting what is there, TestBooks/mobi/malformed/NAME.mobi and, next to each,
NAME.expected.json: {"error_kind": "malformed" | "encrypted", "reason_contains": "..."} for files the
reader refuses, {"opens": true, ...} for faults it reads past.
Each file changes one thing in the good book (see FAULTS below and TestBooks/README.md). The
output depends only on the input's bytes, so two runs give identical files.

Python 3 standard library only. make-mobis.sh runs this script after it rebuilds the good books.

Layout used here (all integers big-endian):
    PDB header, 78 bytes: name[32] ... record count UInt16 at 76;
    record table from 78, 8 bytes an entry: offset UInt32, attributes UInt8, unique id UInt24.
    Record 0: PalmDOC header (compression UInt16 at 0, text length UInt32 at 4, text record count
    UInt16 at 8, record size UInt16 at 10, encryption type UInt16 at 12), "MOBI" at 16, MOBI
    header length UInt32 at 20, EXTH flags UInt32 at 0x80 (0x40: EXTH follows the MOBI header);
    EXTH: "EXTH", header length UInt32, record count UInt32.
"""

import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "mobi", "lighthouse-keeper.mobi")
OUT = os.path.join(HERE, "mobi", "malformed")

PDB_HEADER = 78
LZ77_BACKREF = bytes([0x83, 0x27])  # 0x8327: 10xxxxxx pair, distance 100, length 10
LYING_TEXT_RECORD_COUNT = 0xFFFF
LYING_EXTH_LENGTH = 0x00100000      # 1 MiB
LYING_EXTH_COUNT = 0x00010000       # 65536 records of at least 8 bytes each


class Mobi:
    def __init__(self, data):
        self.data = bytes(data)
        if len(data) < PDB_HEADER or data[60:68] != b"BOOKMOBI":
            sys.exit("break-mobis.py: %s is not a MOBI file" % SOURCE)
        self.count = struct.unpack_from(">H", data, 76)[0]
        self.offsets = [struct.unpack_from(">I", data, PDB_HEADER + 8 * i)[0]
                        for i in range(self.count)]
        self.ends = self.offsets[1:] + [len(data)]
        r0 = self.offsets[0]
        self.record0 = r0
        (self.compression, self.text_length, self.text_records, self.record_size,
         self.encryption) = struct.unpack_from(">HxxIHHH", data, r0)
        if data[r0 + 16:r0 + 20] != b"MOBI":
            sys.exit("break-mobis.py: no MOBI header in record 0")
        self.mobi_header_length = struct.unpack_from(">I", data, r0 + 20)[0]
        self.exth_flags = struct.unpack_from(">I", data, r0 + 0x80)[0]
        self.exth = r0 + 16 + self.mobi_header_length
        # The faults below assume an unencrypted PalmDOC-compressed MOBI 6 book with EXTH.
        checks = [
            (self.compression == 2, "PalmDOC compression (2), got %d" % self.compression),
            (self.encryption == 0, "no encryption, got %d" % self.encryption),
            (self.exth_flags & 0x40, "EXTH flag 0x40 at 0x80"),
            (data[self.exth:self.exth + 4] == b"EXTH", "EXTH after the MOBI header"),
            (1 < self.text_records < self.count, "text records 1...N"),
        ]
        for ok, what in checks:
            if not ok:
                sys.exit("break-mobis.py: expected " + what)

    def text_record(self, i):
        """(start, end) of text record i, 1-based like the PDB records."""
        return self.offsets[i], self.ends[i]


def patched(data, offset, fmt, *values):
    out = bytearray(data)
    struct.pack_into(fmt, out, offset, *values)
    return bytes(out)


def truncated(m):
    # Cut in the middle of the middle text record: the record table still lists every record.
    start, end = m.text_record((1 + m.text_records) // 2)
    return m.data[:start + (end - start) // 2]


def offset_past_end(m):
    # Text record 2's offset in the record table points 4096 bytes past the end of the file.
    return patched(m.data, PDB_HEADER + 8 * 2, ">I", len(m.data) + 4096)


def record_count_lies(m):
    # The PalmDOC header says 65535 text records; the whole file has far fewer records.
    return patched(m.data, m.record0 + 8, ">H", LYING_TEXT_RECORD_COUNT)


def lz77_before_start(m):
    # Text record 1 now starts with an LZ77 pair (distance 100, length 10) while nothing has
    # been written yet. The record keeps its length (two bytes are replaced, not inserted).
    start, _ = m.text_record(1)
    out = bytearray(m.data)
    out[start:start + 2] = LZ77_BACKREF
    return bytes(out)


def drm_flag(m):
    # PalmDOC encryption type 2 (Mobipocket DRM); the text itself is still the plain text.
    return patched(m.data, m.record0 + 12, ">H", 2)


def empty(m):
    return b""


def header_only(m):
    # The 78-byte PDB header alone: it still claims all the records, but no table follows.
    return m.data[:PDB_HEADER]


def exth_length_lies(m):
    # The EXTH header claims 1 MiB and 65536 records; record 0 is a few KB.
    return patched(m.data, m.exth + 4, ">II", LYING_EXTH_LENGTH, LYING_EXTH_COUNT)


# name: (function, what the reader must do). A structural fault is refused with a typed error
# (error_kind, and words its reason contains); a fault the reader can read past opens the book,
# with a warning where it says so.
FAULTS = {
    "truncated": (truncated, {"opens": True, "warning_contains": "records 9 to 26 are left out"}),
    "offset-past-end": (offset_past_end, {"opens": True, "warning_contains": "text record 1 could not be read"}),
    "record-count-lies": (record_count_lies, {"opens": True, "warning_contains": "claims 65535 text records"}),
    "lz77-before-start": (lz77_before_start,
                          {"error_kind": "malformed", "reason_contains": "reaches before the start of the output"}),
    "drm-flag": (drm_flag, {"error_kind": "encrypted", "reason_contains": "DRM-protected (Mobipocket encryption type 2)"}),
    "empty": (empty, {"error_kind": "malformed", "reason_contains": "the Palm database header is cut short"}),
    "header-only": (header_only, {"error_kind": "malformed", "reason_contains": "record table does not fit the file"}),
    "exth-length-lies": (exth_length_lies, {"opens": True, "title": "The Lighthouse Keeper: A Story of Gannet Rock"}),
}


def write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def main():
    with open(SOURCE, "rb") as f:
        m = Mobi(f.read())
    os.makedirs(OUT, exist_ok=True)
    for name, (make, expected) in FAULTS.items():
        data = make(m)
        write(os.path.join(OUT, name + ".mobi"), data)
        sidecar = json.dumps(expected, indent=1, ensure_ascii=False) + "\n"
        write(os.path.join(OUT, name + ".expected.json"), sidecar.encode("utf-8"))
        print("mobi/malformed/%s.mobi: %d bytes" % (name, len(data)))


if __name__ == "__main__":
    main()
