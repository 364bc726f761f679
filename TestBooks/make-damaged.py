#!/usr/bin/env python3
"""Damages the TestBooks deterministically, for the recovery tests.

    python3 TestBooks/make-damaged.py OUT_DIR

writes one damaged copy per case into OUT_DIR (default TestBooks/generated/damaged, which git
ignores) and OUT_DIR/MANIFEST.tsv: file, the intact original it was made from, and what was done.
Nothing here is random: every cut, flipped byte and zeroed block sits at an offset computed from
the original's own structure (a zip entry's data, a record table entry, an INDX record, a PDF
object), so a second run gives byte-identical files. The Swift tests run the script at test time
into a temporary folder and compare what each file recovers with its original.
"""
import os
import struct
import sys
import zipfile

ROOT = os.path.dirname(os.path.abspath(__file__))


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


def flip(data, offset, mask=0xFF):
    out = bytearray(data)
    out[offset] ^= mask
    return bytes(out)


def zero(data, start, length):
    out = bytearray(data)
    out[start:start + length] = bytes(min(length, len(data) - start))
    return bytes(out)


def put32le(data, offset, value):
    return data[:offset] + struct.pack("<I", value) + data[offset + 4:]


def put32be(data, offset, value):
    return data[:offset] + struct.pack(">I", value) + data[offset + 4:]


def put16be(data, offset, value):
    return data[:offset] + struct.pack(">H", value) + data[offset + 2:]


# ---- EPUB ------------------------------------------------------------------------------------

def zip_entries(path):
    """(name, local header offset, data offset, compressed size) of every entry."""
    data = read(path)
    entries = []
    with zipfile.ZipFile(os.path.join(ROOT, path)) as archive:
        for info in archive.infolist():
            offset = info.header_offset
            name_length, extra_length = struct.unpack("<HH", data[offset + 26:offset + 30])
            entries.append((info.filename, offset, offset + 30 + name_length + extra_length, info.compress_size))
    return entries


def eocd_offset(data):
    return data.rindex(b"PK\x05\x06")


def central_directory_offset(data):
    return struct.unpack("<I", data[eocd_offset(data) + 16:eocd_offset(data) + 20])[0]


def epub_cases():
    source = "epub/lighthouse-keeper.epub"
    data = read(source)
    entries = {name: (header, start, size) for name, header, start, size in zip_entries(source)}
    cases = []

    _, start, size = entries["OEBPS/text/chapter-3.xhtml"]
    cases.append(("epub-chapter-crc.epub", flip(data, start + size // 2),
                  "one byte flipped in the middle of chapter 3's deflated data (CRC or inflate fails)"))

    _, start, size = entries["OEBPS/text/chapter-5.xhtml"]
    cases.append(("epub-chapter-zeroed.epub", zero(data, start + 64, 512),
                  "512 bytes of chapter 5's deflated data zeroed"))

    cut = entries["OEBPS/text/chapter-4.xhtml"][1] + 100
    cases.append(("epub-truncated.epub", data[:cut],
                  "cut 100 bytes into chapter 4's data: no central directory, chapter 4 and later gone"))

    eocd = eocd_offset(data)
    cases.append(("epub-eocd-offset-lies.epub", put32le(data, eocd + 16, len(data) + 4096),
                  "the end-of-central-directory record points past the end of the file"))

    directory = central_directory_offset(data)
    cases.append(("epub-central-directory-zeroed.epub", zero(data, directory, eocd - directory),
                  "the whole central directory zeroed"))

    header, _, _ = entries["OEBPS/text/chapter two.xhtml"]
    cases.append(("epub-local-header-lies.epub", flip(data, header + 26, 0x07),
                  "the name length in chapter two's local header changed, so its data seems to start elsewhere"))

    segment = b"PK\x07\x08" + data[:entries["OEBPS/text/chapter-5.xhtml"][0]]
    cases.append(("epub-split-first-segment.epub", segment,
                  "the first segment of a split archive: the spanning signature, then the entries up to chapter 5"))

    cases.append(("epub-three-bytes.epub", data[:3], "the first 3 bytes"))
    return [(name, source, damaged, note) for name, damaged, note in cases]


# ---- MOBI and AZW3 ---------------------------------------------------------------------------

def pdb_offsets(data):
    count = struct.unpack(">H", data[76:78])[0]
    return [struct.unpack(">I", data[78 + 8 * i:82 + 8 * i])[0] for i in range(count)]


def mobi_cases():
    cases = []
    source = "mobi/lighthouse-keeper.mobi"
    data = read(source)
    offsets = pdb_offsets(data)
    text_records = struct.unpack(">H", data[offsets[0] + 8:offsets[0] + 10])[0]

    cut = offsets[text_records // 2 + 1] + 10
    cases.append(("mobi-truncated.mobi", source, data[:cut],
                  "cut 10 bytes into text record %d of %d" % (text_records // 2 + 1, text_records)))

    record = text_records - 2
    cases.append(("mobi-record-offset-lies.mobi", source, put32be(data, 78 + 8 * record, len(data) + 1000),
                  "record %d's offset in the record table points past the end of the file" % record))

    cases.append(("mobi-record-count-lies.mobi", source, put16be(data, offsets[0] + 8, 4000),
                  "record 0 claims 4000 text records"))

    record = text_records // 3
    cases.append(("mobi-middle-entry-lies.mobi", source, put32be(data, 78 + 8 * record, 0),
                  "record %d's offset in the record table points into the header" % record))

    cases.append(("mobi-three-bytes.mobi", source, data[:3], "the first 3 bytes"))

    source = "mobi/lighthouse-keeper.azw3"
    data = read(source)
    offsets = pdb_offsets(data)
    record0 = offsets[0]
    text_records = struct.unpack(">H", data[record0 + 8:record0 + 10])[0]

    def index_record(field):
        return struct.unpack(">I", data[record0 + field:record0 + field + 4])[0]

    for label, field in (("ncx", 0xF4), ("skeleton", 0xFC), ("fragment", 0xF8)):
        number = index_record(field)
        start, end = offsets[number], offsets[number + 1]
        cases.append(("azw3-%s-index-zeroed.azw3" % label, source, zero(data, start, end - start),
                      "the %s INDX record (record %d) zeroed" % (label, number)))

    record = text_records // 3
    cases.append(("azw3-middle-entry-lies.azw3", source, put32be(data, 78 + 8 * record, offsets[record + 2]),
                  "record %d's offset in the record table points at the record after next" % record))

    cut = offsets[text_records // 2 + 1] + 10
    cases.append(("azw3-truncated.azw3", source, data[:cut],
                  "cut 10 bytes into text record %d of %d" % (text_records // 2 + 1, text_records)))
    cases.append(("azw3-ten-bytes.azw3", source, data[:10], "the first 10 bytes"))
    return cases


# ---- PDF -------------------------------------------------------------------------------------

def pdf_cases():
    cases = []
    source = "pdf/harbour-lights.pdf"
    data = read(source)
    cases.append(("pdf-truncated.pdf", source, data[:len(data) * 6 // 10], "the first 60% of the bytes"))

    xref = data.rindex(b"\nxref") + 1
    trailer = data.index(b"trailer", xref)
    cases.append(("pdf-xref-zeroed.pdf", source, zero(data, xref, trailer - xref),
                  "the cross-reference table zeroed (poppler rebuilds it)"))

    startxref = data.rindex(b"startxref")
    cases.append(("pdf-startxref-lies.pdf", source,
                  data[:startxref] + b"startxref\n999999\n%%EOF\n",
                  "startxref points past the end of the file"))

    # The second page object's content stream reference names an object that does not exist.
    pages = [i for i in range(len(data)) if data.startswith(b"/Type /Page", i) and not data.startswith(b"/Type /Pages", i)]
    second = pages[1]
    contents = data.index(b"/Contents ", second) + len(b"/Contents ")
    end = data.index(b"R", contents) + 1
    reference = data[contents:end]
    number = reference.split(b" ")[0]
    broken = b"9" * len(number) + reference[len(number):]
    cases.append(("pdf-page-contents-missing.pdf", source, data[:contents] + broken + data[end:],
                  "the second page object's /Contents names an object that does not exist"))

    # The second page object's dictionary no longer opens: the page tree names an object that is
    # not a dictionary, so that page cannot be loaded.
    opening = data.rindex(b"<<", 0, second)
    cases.append(("pdf-page-object-broken.pdf", source, data[:opening] + b"((" + data[opening + 2:],
                  "the second page object's dictionary opens with (( instead of <<"))

    cases.append(("pdf-three-bytes.pdf", source, data[:3], "the first 3 bytes"))
    return cases


# ---- TXT -------------------------------------------------------------------------------------

def txt_cases():
    source = "txt/lighthouse-keeper.txt"
    data = read(source)
    half = data.index(b"\n\n", len(data) // 2) + 2
    tail = data[half:].decode("utf-8").encode("cp1252")
    return [("txt-latin1-tail.txt", source, data[:half] + tail,
             "UTF-8 up to a paragraph past the middle, then the rest in windows-1252 (Latin-1 with curly quotes and dashes)"),
            ("txt-nul-run.txt", source, data[:16384] + bytes(4096) + data[16384:],
             "4096 NUL bytes inserted after the first 16 KiB")]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "generated", "damaged")
    os.makedirs(out, exist_ok=True)
    rows = []
    for name, source, damaged, note in epub_cases() + mobi_cases() + pdf_cases() + txt_cases():
        with open(os.path.join(out, name), "wb") as f:
            f.write(damaged)
        rows.append("%s\t%s\t%s\n" % (name, source, note))
    with open(os.path.join(out, "MANIFEST.tsv"), "w", encoding="utf-8") as f:
        f.write("file\toriginal\tdamage\n")
        f.writelines(rows)


if __name__ == "__main__":
    main()
