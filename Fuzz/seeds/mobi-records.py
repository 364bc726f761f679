#!/usr/bin/env python3
"""Makes the mobi-records seeds from real books: python3 mobi-records.py OUT_DIR MAX_LEN BOOK...

Each seed is one byte naming the entry point (see Fuzz/Sources/MOBIRecordsFuzzer/main.swift),
then that entry point's data, cut from the records of the books:

  0 palmdoc   the first, a middle and the last text record of each PalmDOC-compressed book (and
              KF8 part), trailing entries cut off (the extra-data flags of its record 0)
  1 huffcdic  for each HUFF/CDIC-compressed part: three 16-bit lengths, the HUFF record, its one or
              two CDIC records, then the first text record, trailing entries cut off
  2 trailing  the record 0 extra-data flags (2 bytes) and the first and last text records, whole
  3 record0   record 0 of each book, and the KF8 record 0 of a combined file (EXTH 121)
  4 index     every index (a primary INDX record with a TAGX section, its entry records and its
              CNCX records), each record framed by a 16-bit length; and each again with an ORDT
              table added to its primary record (no book at hand has one)

Seeds longer than MAX_LEN, and repeats, are skipped. Prints how many seeds were written.
"""
import hashlib
import os
import struct
import sys


def u16(data, at):
    return struct.unpack(">H", data[at:at + 2])[0] if at + 2 <= len(data) else None


def u32(data, at):
    return struct.unpack(">I", data[at:at + 4])[0] if at + 4 <= len(data) else None


def pdb_records(data):
    """The records of a Palm database, or [] when its header or record table is broken."""
    count = u16(data, 76)
    if count is None or 78 + 8 * count > len(data):
        return []
    starts = [u32(data, 78 + 8 * i) for i in range(count)] + [len(data)]
    if any(starts[i] > starts[i + 1] for i in range(count)):
        return []
    return [data[starts[i]:starts[i + 1]] for i in range(count)]


def strip_trailing(record, flags):
    """The record without the trailing entries `flags` announce (ReaderMOBI's TrailingEntries)."""
    end = len(record)
    for bit in range(15, 0, -1):
        if not flags & (1 << bit):
            continue
        size, used = 0, 0
        while used < 4 and end - used > 0:
            byte = record[end - 1 - used]
            size |= (byte & 0x7F) << (7 * used)
            used += 1
            if byte & 0x80:
                break
        if used == 0 or size < used or size > end:
            return None
        end -= size
    if flags & 1 and end > 0:
        end -= (record[end - 1] & 3) + 1
    return record[:max(end, 0)]


def exth(record0, kind):
    """The first EXTH record of `kind` in record 0, as bytes, or None."""
    length = u32(record0, 20)
    if length is None or not (u32(record0, 0x80) or 0) & 0x40:
        return None
    at = 16 + length
    if record0[at:at + 4] != b"EXTH":
        return None
    count, at = u32(record0, at + 8) or 0, at + 12
    for _ in range(count):
        type_, size = u32(record0, at), u32(record0, at + 4)
        if type_ is None or size is None or size < 8:
            return None
        if type_ == kind:
            return record0[at + 8:at + size]
        at += size
    return None


def parts(records):
    """(index of record 0, its bytes) for the book's record 0 and the KF8 one of a combined file."""
    found = [(0, records[0])]
    boundary = exth(records[0], 121)
    if boundary and len(boundary) == 4:
        index = struct.unpack(">I", boundary)[0]
        if 0 < index < len(records) and records[index][16:20] == b"MOBI":
            found.append((index, records[index]))
    return found


def frame(records):
    return b"".join(struct.pack(">H", len(r)) + r for r in records)


def seeds_of(records):
    """(kind, data) pairs for one book."""
    out = []
    for base, record0 in parts(records):
        out.append((3, record0))
        compression, text_count = u16(record0, 0), u16(record0, 8) or 0
        flags = (u16(record0, 0xF2) or 0) if (u32(record0, 20) or 0) >= 0xE4 else 0
        texts = [records[base + n] for n in sorted({1, text_count // 2 or 1, text_count})
                 if 1 <= n <= text_count and base + n < len(records)]
        for record in texts[:1] + texts[-1:]:
            out.append((2, struct.pack(">H", flags) + record))
        if compression == 2:
            for record in texts:
                content = strip_trailing(record, flags)
                if content:
                    out.append((0, content))
        elif compression == 17480 and texts:
            huff, count = u32(record0, 0x70), u32(record0, 0x74)
            if huff and count in (2, 3) and base + huff + count <= len(records):
                tables = records[base + huff:base + huff + count]
                content = strip_trailing(texts[0], flags)
                lengths = [len(tables[0]), len(tables[1]), len(tables[2]) if count == 3 else 0]
                out.append((1, struct.pack(">3H", *lengths) + b"".join(tables) + (content or b"")))
    for index, record in enumerate(records):
        length = u32(record, 4)
        if record[:4] != b"INDX" or length is None or record[length:length + 4] != b"TAGX":
            continue
        entry_records, cncx_records = u32(record, 24) or 0, u32(record, 52) or 0
        end = index + 1 + entry_records + cncx_records
        if end <= len(records):
            out.append((4, frame(records[index:end])))
            if length >= 180 and not (u32(record, 168) or 0):
                # No book at hand has an ORDT table: add one (type 1, one byte a label character,
                # and type 0, two bytes) at the end of the primary record, mapping i to "A" + i.
                table = b"ORDT" + b"".join(struct.pack(">H", 0x41 + i) for i in range(64))
                for ordt_type in (1, 0):
                    fields = struct.pack(">IIII", ordt_type, 64, 0, len(record))
                    primary = record[:164] + fields + record[180:] + table
                    out.append((4, frame([primary] + records[index + 1:end])))
    return out


def main():
    out_dir, max_len, books = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    names = {0: "palmdoc", 1: "huffcdic", 2: "trailing", 3: "record0", 4: "index"}
    written = set()
    for book in books:
        if not os.path.isfile(book):
            continue
        with open(book, "rb") as handle:
            records = pdb_records(handle.read())
        if not records:
            continue
        stem = os.path.basename(book)
        for number, (kind, data) in enumerate(seeds_of(records)):
            seed = bytes([kind]) + data
            digest = hashlib.sha1(seed).hexdigest()
            if len(seed) > max_len or digest in written:
                continue
            written.add(digest)
            with open(os.path.join(out_dir, f"{names[kind]}-{stem}-{number}"), "wb") as handle:
                handle.write(seed)
    print(len(written))


if __name__ == "__main__":
    main()
