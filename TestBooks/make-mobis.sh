#!/usr/bin/env bash
# Builds the project's MOBI/AZW3 test books from its own EPUB test books with calibre.
#
#     bash TestBooks/make-mobis.sh
#
# Writes, overwriting what is there:
#
#     TestBooks/mobi/lighthouse-keeper.mobi      MOBI 6 only       (--mobi-file-type old)
#     TestBooks/mobi/lighthouse-keeper.azw3      KF8 only          (AZW3 output)
#     TestBooks/mobi/moon-garden-both.mobi       MOBI 6 + KF8      (--mobi-file-type both)
#     TestBooks/mobi/moon-garden.azw3            KF8 only          (AZW3 output)
#     TestBooks/mobi/<stem>.expected.json        facts from the EPUB: title, authors, language,
#                                                TOC titles in order, first words of each entry
#     TestBooks/mobi/malformed/*                 via TestBooks/break-mobis.py
#     TestBooks/conversions/*                    for the re-anchoring tests: moon-garden.mobi (MOBI 6),
#                                                winter-road-fixed.mobi and .azw3, and a plain-text
#                                                conversion (.txt) of each of the three EPUBs
#
# Needs calibre's ebook-convert, ebook-meta and calibre-debug (it was run with calibre 6.13.0,
# Debian 12) and python3 (standard library only). Sources: TestBooks/epub/lighthouse-keeper.epub
# and moon-garden.epub, made by TestBooks/make-epubs.py. Takes 10-25 seconds.
#
# Options: calibre's defaults (PalmDOC compression, an inline "Table of Contents" page at the end)
# plus, for the two files with a MOBI 6 part, --mobi-keep-original-images: calibre then turns the
# PNGs into GIFs instead of re-encoding everything as JPEG, which keeps the files ~7 KB smaller.
# AZW3 (KF8) output always keeps the PNGs.
#
# calibre's output is not byte-deterministic. What this script does about it:
#   - The ASIN (EXTH 113) and source (EXTH 112) are a fresh random UUID on every run, because
#     calibre's OEB reader always adds a uuid4 identifier. `--from-opf` with an OPF that holds
#     only the EPUB's own urn:uuid (scheme uuid) replaces it, so the ASIN is the EPUB's UUID.
#   - calibre keeps the manifest as a Python set of objects hashed by their address, and the
#     writers walk it to number the image records and the CSS flows, so that order changes from
#     run to run (even under `setarch -R` without address randomisation, and with
#     PYTHONHASHSEED=0). So ebook-convert is not called directly: `calibre-debug -e` runs
#     ebook-convert's own main() after a two-line patch that walks the manifest sorted by href.
#     The result is one of the orders calibre could have picked anyway. PYTHONHASHSEED=0 is set
#     too, for sets of strings.
#   - The PDB creation/modification dates are time.time() and the MOBI header's unique ID is
#     random.randint(). No calibre option sets them, so a Python step overwrites those fixed
#     header fields afterwards: both dates become 2024-03-14 12:00:00 UTC (1710417600, in Unix
#     seconds, as calibre writes them) and the unique ID becomes the first 8 hex digits of the
#     EPUB's UUID, in record 0 and in the KF8 record 0 after the BOUNDARY record.
#   - CALIBRE_CONFIG_DIRECTORY points at an empty temporary directory and the interface language
#     is English (CALIBRE_OVERRIDE_LANG=en), so user settings and locale do not leak in.
# With these, two runs on the same machine give identical bytes. Another calibre version (or
# another Python/Pillow) may still give different bytes.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
EPUB="$HERE/epub"
OUT="$HERE/mobi"
CONVERSIONS="$HERE/conversions"

for tool in ebook-convert ebook-meta calibre-debug python3; do
    command -v "$tool" >/dev/null || { echo "make-mobis.sh: $tool not found (install calibre / python3)" >&2; exit 1; }
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT" "$CONVERSIONS" "$TMP/config"

export PYTHONHASHSEED=0 TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8 CALIBRE_OVERRIDE_LANG=en
export CALIBRE_CONFIG_DIRECTORY="$TMP/config"
unset LANGUAGE || true

CALIBRE_VERSION=$(ebook-convert --version | sed -n 's/.*calibre \([0-9.]*\).*/\1/p' | head -n1)

# ---------------------------------------------------------------------------------------------
# The Python helper (standard library only): pin-opf, stabilise, mobi6-view, expected, check.
# ---------------------------------------------------------------------------------------------
cat >"$TMP/mobitool.py" <<'PYTHON'
import html.parser
import json
import posixpath
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zipfile
from urllib.parse import unquote

OPF_NS = "http://www.idpf.org/2007/opf"
DC_NS = "http://purl.org/dc/elements/1.1/"
NCX_NS = "http://www.daisy.org/z3986/2005/ncx/"
FIXED_DATE = 1710417600          # 2024-03-14T12:00:00Z, Unix seconds
FIRST_WORDS = 8                  # words taken from a paragraph (languages with spaces)
FIRST_CHARS = 12                 # characters taken instead for zh/ja (no spaces between words)


def q(ns, tag):
    return "{%s}%s" % (ns, tag)


def text_of(el):
    return re.sub(r"\s+", " ", "".join(el.itertext())).strip()


class Book:
    """What the EPUB itself says: OPF metadata, TOC (nav or NCX), paragraphs per file."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path)
        container = ET.fromstring(self.zip.read("META-INF/container.xml"))
        self.opf_path = container.find(".//{*}rootfile").get("full-path")
        self.opf_dir = posixpath.dirname(self.opf_path)
        self.opf = ET.fromstring(self.zip.read(self.opf_path))
        self.meta = self.opf.find(q(OPF_NS, "metadata"))
        self.manifest = {i.get("id"): i for i in self.opf.find(q(OPF_NS, "manifest"))}

    def refines(self, id_, prop):
        for m in self.meta.findall(q(OPF_NS, "meta")):
            if m.get("refines") == "#" + id_ and m.get("property") == prop:
                return (m.text or "").strip()
        return None

    def uuid(self):
        uid = self.opf.get("unique-identifier")
        for el in self.meta.findall(q(DC_NS, "identifier")):
            if el.get("id") == uid and el.text.strip().startswith("urn:uuid:"):
                return el.text.strip()[len("urn:uuid:"):]
        raise SystemExit("no urn:uuid unique identifier in " + self.opf_path)

    def titles(self):
        main, subtitle = None, None
        for el in self.meta.findall(q(DC_NS, "title")):
            kind = self.refines(el.get("id"), "title-type") if el.get("id") else None
            if kind == "subtitle":
                subtitle = text_of(el)
            elif main is None:
                main = text_of(el)
        return main, subtitle

    def authors(self):
        out = []
        for el in self.meta.findall(q(DC_NS, "creator")):
            role = el.get(q(OPF_NS, "role"))
            if role is None and el.get("id"):
                role = self.refines(el.get("id"), "role")
            if role in (None, "aut"):
                out.append(text_of(el))
        return out

    def language(self):
        return text_of(self.meta.find(q(DC_NS, "language")))

    def resolve(self, base_dir, href):
        path, _, frag = href.partition("#")
        return posixpath.normpath(posixpath.join(base_dir, unquote(path))), frag or None

    def toc(self):
        """[{title, file, fragment, children}] from nav.xhtml (EPUB 3) or toc.ncx (EPUB 2)."""
        for item in self.manifest.values():
            if "nav" in (item.get("properties") or "").split():
                path = posixpath.join(self.opf_dir, unquote(item.get("href")))
                return NavParser(self, path).entries
        ncx_id = self.opf.find(q(OPF_NS, "spine")).get("toc")
        path = posixpath.join(self.opf_dir, unquote(self.manifest[ncx_id].get("href")))
        root = ET.fromstring(self.zip.read(path))

        def walk(parent):
            out = []
            for np in parent.findall(q(NCX_NS, "navPoint")):
                label = text_of(np.find(q(NCX_NS, "navLabel")))
                f, frag = self.resolve(posixpath.dirname(path), np.find(q(NCX_NS, "content")).get("src"))
                out.append({"title": label, "file": f, "fragment": frag, "children": walk(np)})
            return out

        return walk(root.find(q(NCX_NS, "navMap")))

    def first_text(self, file, fragment):
        """Text of the first visible <p> at or after the TOC target."""
        doc = Paragraphs(self.zip.read(file).decode("utf-8"))
        start = doc.ids.get(fragment, 0) if fragment else 0
        for pos, text in doc.paragraphs:
            if pos >= start and text:
                return text
        raise SystemExit("no paragraph after %s#%s" % (file, fragment))


class NavParser(html.parser.HTMLParser):
    """The <nav epub:type="toc"> of an EPUB 3 navigation document, as a tree."""

    def __init__(self, book, path):
        super().__init__(convert_charrefs=True)
        self.book, self.dir = book, posixpath.dirname(path)
        self.entries, self.stack, self.depth, self.in_toc, self.link = [], [], 0, False, None
        self.feed(book.zip.read(path).decode("utf-8"))

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "nav" and "toc" in (a.get("epub:type") or "").split():
            self.in_toc = True
        elif not self.in_toc:
            return
        elif tag == "li":
            self.stack.append({"title": "", "file": None, "fragment": None, "children": []})
        elif tag == "a" and self.stack:
            self.link = self.stack[-1]
            self.link["file"], self.link["fragment"] = self.book.resolve(self.dir, a["href"])

    def handle_endtag(self, tag):
        if not self.in_toc:
            return
        if tag == "nav":
            self.in_toc = False
        elif tag == "a":
            self.link = None
        elif tag == "li":
            entry = self.stack.pop()
            entry["title"] = re.sub(r"\s+", " ", entry["title"]).strip()
            (self.stack[-1]["children"] if self.stack else self.entries).append(entry)

    def handle_data(self, data):
        if self.link is not None:
            self.link["title"] += data


class Paragraphs(html.parser.HTMLParser):
    """Positions of ids and the text of every <p> (without hidden ones, scripts and styles).
    html.parser knows the HTML named entities (&nbsp; &mdash;), which an XML parser without
    the DTD rejects."""

    def __init__(self, source):
        super().__init__(convert_charrefs=True)
        self.ids, self.paragraphs = {}, []
        self.pos, self.skip, self.current, self.hidden = 0, 0, None, 0
        self.feed(source)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.pos += 1
        if "id" in a:
            self.ids.setdefault(a["id"], self.pos)
        if tag in ("script", "style"):
            self.skip += 1
        elif tag == "p" and self.current is None:
            self.current, self.hidden = [self.pos, ""], "hidden" in a

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        self.pos += 1
        if "id" in a:
            self.ids.setdefault(a["id"], self.pos)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1
        elif tag == "p" and self.current is not None:
            text = re.sub(r"\s+", " ", self.current[1].replace("\u00ad", "")).strip()
            if not self.hidden:
                self.paragraphs.append((self.current[0], text))
            self.current = None

    def handle_data(self, data):
        if self.current is not None and not self.skip:
            self.current[1] += data


def first_words(text, language):
    if language.split("-")[0] in ("zh", "ja"):
        return text.replace(" ", "")[:FIRST_CHARS]
    return " ".join(text.split()[:FIRST_WORDS])


def cmd_pin_opf(epub, out):
    """An OPF that holds only the EPUB's UUID, for ebook-convert --from-opf."""
    uuid = Book(epub).uuid()
    with open(out, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uuid_id">\n'
                '  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">\n'
                '    <dc:identifier id="uuid_id" opf:scheme="uuid">%s</dc:identifier>\n'
                '  </metadata>\n</package>\n' % uuid)


def cmd_stabilise(path, epub):
    """Overwrites the PDB dates and the MOBI unique ID(s), the fields calibre fills from the
    clock and from random.randint()."""
    uid = int(Book(epub).uuid().replace("-", "")[:8], 16)
    data = bytearray(open(path, "rb").read())
    assert data[60:68] == b"BOOKMOBI", path
    n = struct.unpack_from(">H", data, 76)[0]
    offsets = [struct.unpack_from(">I", data, 78 + 8 * i)[0] for i in range(n)] + [len(data)]
    struct.pack_into(">II", data, 36, FIXED_DATE, FIXED_DATE)
    headers = [0] + [i + 1 for i in range(n - 1) if data[offsets[i]:offsets[i] + 8] == b"BOUNDARY"]
    for r in headers:
        o = offsets[r]
        assert data[o + 16:o + 20] == b"MOBI", (path, r)
        struct.pack_into(">I", data, o + 32, uid)
    with open(path, "wb") as f:
        f.write(data)
    print("  %s: dates %d, unique ID 0x%08x in record(s) %s" % (posixpath.basename(path), FIXED_DATE, uid, headers))


def cmd_mobi6_view(path, out):
    """A copy of a joint MOBI 6 + KF8 file whose EXTH 121 (KF8 boundary) is NULL_INDEX, so
    calibre reads the MOBI 6 half instead of the KF8 half. Only for the checks below."""
    data = bytearray(open(path, "rb").read())
    r0 = struct.unpack_from(">I", data, 78)[0]
    exth = r0 + 16 + struct.unpack_from(">I", data, r0 + 20)[0]
    assert data[exth:exth + 4] == b"EXTH"
    pos, found = exth + 12, False
    for _ in range(struct.unpack_from(">I", data, exth + 8)[0]):
        code, size = struct.unpack_from(">II", data, pos)
        if code == 121:
            struct.pack_into(">I", data, pos + 8, 0xFFFFFFFF)
            found = True
        pos += size
    assert found, "no EXTH 121 in " + path
    with open(out, "wb") as f:
        f.write(data)


def cmd_expected(epub, out, calibre, *files):
    """The sidecar: what the EPUB says, for tests of the MOBI built from it.
    files: NAME=TYPE pairs, TYPE old | both | azw3."""
    book = Book(epub)
    title, subtitle = book.titles()
    language = book.language()

    def entry(e, depth):
        return {"title": e["title"], "depth": depth,
                "target": e["file"] + ("#" + e["fragment"] if e["fragment"] else ""),
                "first_words": first_words(book.first_text(e["file"], e["fragment"]), language),
                "children": [entry(c, depth + 1) for c in e["children"]]}

    kinds = {"old": (True, False), "both": (True, True), "azw3": (False, True)}
    sidecar = {
        "generator": "TestBooks/make-mobis.sh",
        "source": "epub/" + posixpath.basename(epub),
        "calibre": calibre,
        "files": {name: {"mobi_file_type": kind, "has_mobi6": kinds[kind][0], "has_kf8": kinds[kind][1]}
                  for name, kind in (f.split("=") for f in files)},
        "title": title,
        "subtitle": subtitle,
        "calibre_title": title + (": " + subtitle if subtitle else ""),
        "authors": book.authors(),
        "language": language,
        "asin": book.uuid(),
        "first_words_rule": ("first %d characters of the first visible <p> at or after the TOC target"
                             % FIRST_CHARS if language.split("-")[0] in ("zh", "ja") else
                             "first %d words of the first visible <p> at or after the TOC target"
                             % FIRST_WORDS),
        "chapters": [entry(e, 1) for e in book.toc()],
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(sidecar, f, ensure_ascii=False, indent=1)
        f.write("\n")


def cmd_check(sidecar, meta, txt, epub):
    """Checks ebook-meta's report, the text calibre extracts and the TOC of the EPUB calibre
    converts the book back to, against the sidecar."""
    s = json.load(open(sidecar, encoding="utf-8"))
    m = {}
    for line in open(meta, encoding="utf-8"):
        k, sep, v = line.partition(":")
        if sep:
            m[k.strip()] = v.strip()
    text = re.sub(r"\s+", " ", open(txt, encoding="utf-8").read().replace("\u00ad", ""))
    squeezed = text.replace(" ", "")
    problems = []
    if m.get("Title") != s["calibre_title"]:
        problems.append("title %r" % m.get("Title"))
    if not m.get("Author(s)", "").startswith(" & ".join(s["authors"])):
        problems.append("authors %r" % m.get("Author(s)"))
    if s["asin"] not in m.get("Identifiers", ""):
        problems.append("ASIN missing: %r" % m.get("Identifiers"))

    def walk(entries):
        for e in entries:
            if e["title"].replace(" ", "") not in squeezed:
                problems.append("chapter title %r not in the text" % e["title"])
            if e["first_words"].replace(" ", "") not in squeezed:
                problems.append("first words %r not in the text" % e["first_words"])
            walk(e["children"])

    walk(s["chapters"])

    def flat(entries):
        return [x for e in entries for x in [(e["depth"], e["title"])] + flat(e["children"])]

    def ncx_flat(parent, depth):
        return [x for np in parent.findall(q(NCX_NS, "navPoint"))
                for x in [(depth, text_of(np.find(q(NCX_NS, "navLabel"))))] + ncx_flat(np, depth + 1)]

    back = zipfile.ZipFile(epub)
    ncx = ET.fromstring(back.read([n for n in back.namelist() if n.endswith(".ncx")][0]))
    toc = ncx_flat(ncx.find(q(NCX_NS, "navMap")), 1)
    if toc != flat(s["chapters"]):
        problems.append("TOC read back differs: %r" % toc)
    if problems:
        raise SystemExit("check failed for %s:\n  %s" % (txt, "\n  ".join(problems)))


if __name__ == "__main__":
    {"pin-opf": cmd_pin_opf, "stabilise": cmd_stabilise, "mobi6-view": cmd_mobi6_view,
     "expected": cmd_expected, "check": cmd_check}[sys.argv[1]](*sys.argv[2:])
PYTHON

tool() { python3 "$TMP/mobitool.py" "$@"; }

# ebook-convert with the manifest walked in href order (see the top of this file).
cat >"$TMP/ebook-convert-sorted.py" <<'PYTHON'
import sys
from calibre.ebooks.oeb.base import Manifest


def in_href_order(self):
    return sorted(self.items, key=lambda item: (item.href, item.id))


Manifest.values = in_href_order
Manifest.__iter__ = lambda self: iter(in_href_order(self))

from calibre.ebooks.conversion.cli import main  # noqa: E402
sys.exit(main(["ebook-convert"] + sys.argv[1:]))
PYTHON

# convert SOURCE-STEM OUTPUT-NAME [ebook-convert options...]
convert() {
    local stem="$1" name="$2"
    local src="$EPUB/$stem.epub"
    shift 2
    tool pin-opf "$src" "$TMP/$name.opf"
    echo "ebook-convert epub/$stem.epub -> $name${*:+ $*}"
    if ! calibre-debug --run-without-debug -e "$TMP/ebook-convert-sorted.py" -- \
            "$src" "$TMP/$name" --from-opf "$TMP/$name.opf" "$@" >"$TMP/$name.log" 2>&1; then
        cat "$TMP/$name.log" >&2
        exit 1
    fi
    tool stabilise "$TMP/$name" "$src"
}

convert lighthouse-keeper lighthouse-keeper.mobi --mobi-file-type old --mobi-keep-original-images
convert lighthouse-keeper lighthouse-keeper.azw3
convert moon-garden moon-garden-both.mobi --mobi-file-type both --mobi-keep-original-images
convert moon-garden moon-garden.azw3

# The conversions the re-anchoring tests find EPUB Locators in (TestBooks/conversions/): each EPUB
# as MOBI 6, AZW3 and plain text, where mobi/ does not already hold it. The text conversions
# use calibre's plain TXT output with every option that shapes it pinned, and
# --unsmarten-punctuation, so that they also differ from the EPUB in quotes, dashes and ellipses.
# TXT output carries no date or identifier, so it is deterministic as it is.
convert moon-garden moon-garden.mobi --mobi-file-type old --mobi-keep-original-images
convert winter-road-fixed winter-road-fixed.mobi --mobi-file-type old --mobi-keep-original-images
convert winter-road-fixed winter-road-fixed.azw3
for stem in lighthouse-keeper moon-garden winter-road-fixed; do
    echo "ebook-convert epub/$stem.epub -> $stem.txt"
    ebook-convert "$EPUB/$stem.epub" "$TMP/$stem.txt" --txt-output-formatting plain --txt-output-encoding utf-8 \
        --newline unix --max-line-length 0 --unsmarten-punctuation >"$TMP/$stem.txt.log" 2>&1 \
        || { cat "$TMP/$stem.txt.log" >&2; exit 1; }
done

tool expected "$EPUB/lighthouse-keeper.epub" "$TMP/lighthouse-keeper.expected.json" "$CALIBRE_VERSION" \
    lighthouse-keeper.mobi=old lighthouse-keeper.azw3=azw3
tool expected "$EPUB/moon-garden.epub" "$TMP/moon-garden-both.expected.json" "$CALIBRE_VERSION" \
    moon-garden-both.mobi=both
tool expected "$EPUB/moon-garden.epub" "$TMP/moon-garden.expected.json" "$CALIBRE_VERSION" \
    moon-garden.azw3=azw3

# Read every book back with calibre: metadata with ebook-meta, text with ebook-convert to .txt,
# TOC (titles and nesting) with ebook-convert to .epub. calibre reads the KF8 half of the joint
# file; moon-garden-both.mobi6-view.mobi is a temporary copy that makes it read the MOBI 6 half.
tool mobi6-view "$TMP/moon-garden-both.mobi" "$TMP/moon-garden-both.mobi6-view.mobi"
for pair in lighthouse-keeper.mobi:lighthouse-keeper lighthouse-keeper.azw3:lighthouse-keeper \
            moon-garden-both.mobi:moon-garden-both moon-garden-both.mobi6-view.mobi:moon-garden-both \
            moon-garden.azw3:moon-garden; do
    name=${pair%%:*} stem=${pair##*:}
    ebook-meta "$TMP/$name" >"$TMP/$name.meta"
    ebook-convert "$TMP/$name" "$TMP/$name.txt" >"$TMP/$name.txt.log" 2>&1 \
        || { cat "$TMP/$name.txt.log" >&2; exit 1; }
    ebook-convert "$TMP/$name" "$TMP/$name.epub" >"$TMP/$name.epub.log" 2>&1 \
        || { cat "$TMP/$name.epub.log" >&2; exit 1; }
    tool check "$TMP/$stem.expected.json" "$TMP/$name.meta" "$TMP/$name.txt" "$TMP/$name.epub"
    echo "checked $name: ebook-meta, its text (.txt) and its TOC (.epub) match $stem.expected.json"
done

for f in lighthouse-keeper.mobi lighthouse-keeper.azw3 moon-garden-both.mobi moon-garden.azw3 \
         lighthouse-keeper.expected.json moon-garden-both.expected.json moon-garden.expected.json; do
    chmod 644 "$TMP/$f"
    mv -f "$TMP/$f" "$OUT/$f"
done

for f in moon-garden.mobi winter-road-fixed.mobi winter-road-fixed.azw3 \
         lighthouse-keeper.txt moon-garden.txt winter-road-fixed.txt; do
    chmod 644 "$TMP/$f"
    mv -f "$TMP/$f" "$CONVERSIONS/$f"
done

python3 "$HERE/break-mobis.py"

(cd "$OUT" && ls -l lighthouse-keeper.mobi lighthouse-keeper.azw3 moon-garden-both.mobi moon-garden.azw3)
