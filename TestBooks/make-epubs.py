#!/usr/bin/env python3
"""Builds the project's EPUB test books from the stories in TestBooks/src/.

    python3 TestBooks/make-epubs.py

Writes, overwriting what is there:

    TestBooks/epub/lighthouse-keeper.epub     EPUB 3, reflowable, nav.xhtml (no NCX)
    TestBooks/epub/moon-garden.epub           EPUB 2, toc.ncx, XHTML 1.1 with named entities
    TestBooks/epub/winter-road-fixed.epub     EPUB 3, fixed layout (pre-paginated), 4 pages
    TestBooks/epub/malformed/*.epub           broken variants, each with exactly one fault

Python 3 standard library only (runs on a stock Debian 12 python3). The ZIP writer is our own
(struct + zlib) so every byte is under control: fixed timestamps, fixed entry order, compression
level 9, `mimetype` first and stored, no extra fields. Two runs give byte-identical files.

The texts are the project's own stories; the few lines the EPUBs add (section headings in
chapters III and VI, two sub-items under rule 4, the log table header, footnotes, endnotes,
hidden and script text, alt texts, metadata) were written for this script.
"""

import base64
import hashlib
import os
import re
import struct
import sys
import zlib
from urllib.parse import quote

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "src")
OUT = os.path.join(HERE, "epub")
BAD = os.path.join(OUT, "malformed")

ZIP_DATE_TIME = (2024, 3, 14, 12, 0, 0)  # every entry gets this timestamp
LEVEL = 9                                # deflate level for every compressed entry
BOMB_SIZE = 200 * 1024 * 1024            # inflated size of the zip bomb's chapter (200 MiB)
NESTING = 100_000                        # depth of <div> nesting in deep-nesting.epub

STORED, DEFLATED = 0, 8


# ----------------------------------------------------------------------------------------------
# ZIP writer
# ----------------------------------------------------------------------------------------------

class Entry:
    """One ZIP entry. `data` is bytes, or a callable returning an iterator of byte chunks (used
    for the zip bomb, so 200 MiB never sits in memory)."""

    def __init__(self, name, data, method=DEFLATED):
        self.name = name
        self.data = data
        self.method = method

    def copy(self, **changes):
        e = Entry(self.name, self.data, self.method)
        for k, v in changes.items():
            setattr(e, k, v)
        return e


def _dos_time(dt):
    y, mo, d, h, mi, s = dt
    return (h << 11) | (mi << 5) | (s // 2), ((y - 1980) << 9) | (mo << 5) | d


def _pack(entry):
    """Returns (crc, uncompressed size, payload bytes) for one entry."""
    chunks = entry.data() if callable(entry.data) else [entry.data]
    crc, size = 0, 0
    if entry.method == STORED:
        parts = []
        for c in chunks:
            crc, size = zlib.crc32(c, crc), size + len(c)
            parts.append(c)
        return crc, size, b"".join(parts)
    comp = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9)
    parts = []
    for c in chunks:
        crc, size = zlib.crc32(c, crc), size + len(c)
        parts.append(comp.compress(c))
    parts.append(comp.flush())
    return crc, size, b"".join(parts)


def zip_bytes(entries):
    """A plain ZIP (no ZIP64, no data descriptors, no extra fields, no comment)."""
    tm, dt = _dos_time(ZIP_DATE_TIME)
    body, central = bytearray(), bytearray()
    for e in entries:
        name = e.name.encode("utf-8")
        flags = 0x0800 if any(b > 0x7F for b in name) else 0  # bit 11: name is UTF-8
        crc, usize, payload = _pack(e)
        offset = len(body)
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, e.method, tm, dt,
                            crc, len(payload), usize, len(name), 0)
        body += name + payload
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, (3 << 8) | 20, 20, flags,
                               e.method, tm, dt, crc, len(payload), usize, len(name), 0, 0, 0, 0,
                               0o100644 << 16, offset)
        central += name
    eocd = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries),
                       len(central), len(body), 0)
    return bytes(body + central + eocd)


def write_file(path, data):
    """Writes through a temporary file so an interrupted run never leaves half a book."""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


# ----------------------------------------------------------------------------------------------
# PNG drawing (zlib + struct)
# ----------------------------------------------------------------------------------------------

def png(width, height, pixel):
    """An 8-bit RGB PNG; pixel(x, y) -> (r, g, b)."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)  # filter type None
        for x in range(width):
            raw += bytes(pixel(x, y))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def lighthouse_pixel(w, h):
    """A night sea with a white tower, a black gallery, a lit lantern and a beam."""
    horizon = h * 2 // 3
    cx = w // 2
    top = h // 4

    def pixel(x, y):
        # beam: a wedge to the right of the lantern
        lantern_y = top - h // 20
        if x > cx and abs(y - lantern_y) < (x - cx) * 0.18 and y < horizon:
            return (250, 236, 150)
        # tower: a trapezoid from the lantern down to the rock
        if top <= y < horizon + h // 12:
            half = w // 14 + (y - top) * (w // 10) // (horizon - top)
            if abs(x - cx) <= half:
                band = ((y - top) // max(1, h // 12)) % 2
                return (245, 245, 240) if band == 0 else (222, 222, 215)
        # gallery and lantern
        if top - h // 30 <= y < top and abs(x - cx) <= w // 9:
            return (20, 20, 20)
        if top - h // 10 <= y < top - h // 30 and abs(x - cx) <= w // 16:
            return (255, 220, 90)
        if top - h // 8 <= y < top - h // 10 and abs(x - cx) <= w // 12:
            return (20, 20, 20)
        # rock
        if y >= horizon + h // 12 - (abs(x - cx) < w // 3) * (h // 24):
            return (60, 55, 50) if abs(x - cx) < w // 3 else (20, 60, 100)
        # sea with wave stripes, sky with stars
        if y >= horizon:
            return (20, 60, 100) if (x + 2 * y) % 11 else (120, 170, 210)
        if (x * 7 + y * 13) % 97 == 0:
            return (255, 255, 255)
        return (10, 20, 60 + y * 60 // h)

    return pixel


def lamp_pixel(w, h):
    """A brass paraffin lamp with a white mantle on a dark ground."""
    def pixel(x, y):
        cx = w // 2
        if h // 6 <= y < h // 2 and abs(x - cx) <= w // 6:
            return (255, 250, 230)                     # mantle, glowing
        if h // 2 <= y < h * 3 // 4 and abs(x - cx) <= w // 3:
            return (190, 150, 60)                      # reservoir
        if h * 3 // 4 <= y < h * 5 // 6 and abs(x - cx) <= w // 2 - 2:
            return (150, 110, 40)                      # base
        d = ((x - cx) ** 2 + (y - h // 3) ** 2) ** 0.5
        if d < w // 2:
            return (90, 80, 40)                        # glow
        return (25, 25, 30)
    return pixel


def moon_pixel(w, h):
    """A full moon over a walled garden of white flowers."""
    def pixel(x, y):
        if (x - w * 0.62) ** 2 + (y - h * 0.22) ** 2 < (w * 0.2) ** 2:
            return (250, 245, 215)
        if y > h * 0.55:
            if ((x * 5 + y * 3) % 23 < 3) and ((x + y) % 4 == 0):
                return (255, 255, 255)                 # flowers
            return (25, 70, 40)                        # leaves
        if h * 0.45 < y <= h * 0.55:
            return (120, 110, 100) if (x // 8 + y // 4) % 2 else (100, 90, 85)  # brick wall
        return (15, 20, 55)
    return pixel


# ----------------------------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------------------------

def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attr(text):
    return esc(text).replace('"', "&quot;")


def href(path):
    """Percent-encodes a path for use in an href (keeps / and the sub-delims such as &)."""
    return quote(path, safe="/!$&'()*+,;=:@-._~")


def relative(from_file, to_file):
    """The relative URL from one container path to another (both relative to the same root)."""
    return href(os.path.relpath(to_file, os.path.dirname(from_file) or "."))


def blocks(lines):
    """Groups lines into blocks separated by blank lines."""
    out, cur = [], []
    for line in lines:
        if line.strip():
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def pseudo_random(seed, n):
    """Deterministic random-looking bytes (SHA-256 in counter mode)."""
    out = bytearray()
    counter = 0
    while len(out) < n:
        out += hashlib.sha256(seed + struct.pack(">I", counter)).digest()
        counter += 1
    return bytes(out[:n])


def read_src(name):
    with open(os.path.join(SRC, name), encoding="utf-8") as f:
        return f.read()


CONTAINER_XML = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="{opf}" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"""

MIMETYPE = b"application/epub+zip"


def book_entries(files, opf_path="OEBPS/content.opf"):
    """Entries for a book: mimetype (stored, first), container.xml, then `files` in order.
    `files` is a list of (path, bytes-or-str); PNGs and fonts are stored."""
    entries = [Entry("mimetype", MIMETYPE, STORED),
               Entry("META-INF/container.xml", CONTAINER_XML.format(opf=opf_path).encode())]
    for path, data in files:
        if isinstance(data, str):
            data = data.encode("utf-8")
        method = STORED if path.endswith(".png") else DEFLATED
        entries.append(Entry(path, data, method))
    return entries


# ----------------------------------------------------------------------------------------------
# Book 1: The Lighthouse Keeper (EPUB 3)
# ----------------------------------------------------------------------------------------------

LK_UUID = "urn:uuid:6f1c2a8e-3b7d-4c52-9e0a-5d4b8f21c731"
LK_ISBN = "urn:isbn:9780000000002"  # made up for the test book (see the comment in the OPF)
PAGE_CHARS = 2200                   # characters of text per "print page"
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]

# Where each chapter lives (container paths). Chapter II has a space in its name, chapter VI
# sits in a subfolder and reaches the stylesheet, images and notes through ../
LK_CHAPTER_FILES = {
    1: "OEBPS/text/chapter-1.xhtml",
    2: "OEBPS/text/chapter two.xhtml",
    3: "OEBPS/text/chapter-3.xhtml",
    4: "OEBPS/text/chapter-4.xhtml",
    5: "OEBPS/text/chapter-5.xhtml",
    6: "OEBPS/text/part-two/chapter-6.xhtml",
    7: "OEBPS/text/chapter-7.xhtml",
}
LK_COVER = "OEBPS/text/cover.xhtml"
LK_TITLE = "OEBPS/text/title.xhtml"
LK_NOTES = "OEBPS/text/endnotes.xhtml"
LK_NAV = "OEBPS/nav.xhtml"
LK_CSS = "OEBPS/css/book.css"
LK_IMG_COVER = "OEBPS/images/cover.png"
LK_IMG_ROCK = "OEBPS/images/gannet-rock.png"
LK_IMG_LAMP = "OEBPS/images/lamp.png"

# Section headings added inside chapters (id, level, label, first words of the paragraph
# they go before).
LK_SECTIONS = {
    3: [("wednesday", 2, "Wednesday", "The letter came on Wednesday"),
        ("the-song", 2, "The song", "Nell read the letter three times"),
        ("the-kittiwake", 2, "The Kittiwake", "On Sunday afternoon a voice")],
    6: [("night", 2, "Night", "The clockwork ran for fifty-five minutes"),
        ("log", 3, "From the log", "Between the climbs she sat"),
        ("morning", 2, "Morning", "Dawn came late")],
}

LK_CSS_TEXT = """body { margin: 0 5%; font-family: serif; line-height: 1.4; }
h1 { font-size: 1.6em; text-align: center; margin: 2em 0 1em; }
h2 { font-size: 1.2em; margin-top: 1.5em; }
h3 { font-size: 1em; font-style: italic; }
p { margin: 0; text-indent: 1.2em; }
p.first, h1 + p, h2 + p, h3 + p, blockquote p { text-indent: 0; }
blockquote.letter { font-variant: small-caps; margin: 1em 2em; }
pre.song { font-family: serif; margin: 1em 2em; }
table { border-collapse: collapse; margin: 1em auto; }
th, td { border: 1px solid #888; padding: 0.2em 0.5em; text-align: left; }
figure { text-align: center; margin: 1em 0; }
aside { font-size: 0.85em; border-top: 1px solid #888; margin-top: 2em; }
.end { text-align: center; margin-top: 2em; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 100%; }
"""


def title_case(heading):
    """CHAPTER II. THE KEEPER’S RULES -> Chapter II. The Keeper’s Rules"""
    words = []
    for w in heading.split(" "):
        core = w.rstrip(".")
        words.append(w if core in ROMAN else w[:1] + w[1:].lower())
    return " ".join(words)


def parse_lighthouse():
    lines = read_src("lighthouse-keeper.txt").split("\n")
    title, byline, note = lines[0], lines[2], lines[4]
    chapters, cur = [], None
    for line in lines[5:]:
        if line.startswith("CHAPTER "):
            cur = {"heading": line, "lines": []}
            chapters.append(cur)
        elif cur is not None:
            cur["lines"].append(line)
    for ch in chapters:
        ch["blocks"] = blocks(ch["lines"])
    return title, byline, note, chapters


class LighthouseBook:
    def __init__(self):
        self.title, self.byline, self.note, self.chapters = parse_lighthouse()
        assert len(self.chapters) == 7, "expected 7 chapters in lighthouse-keeper.txt"
        self.page = 0           # last print page number used
        self.pages = []         # (page number, file, id)
        self.sections = {}      # chapter number -> [(id, level, label)]

    # -- inline text ---------------------------------------------------------------------------
    def inline(self, text):
        s = esc(text)
        s = s.replace("Mr. ", "Mr.&#160;")                     # a no-break space
        s = s.replace("vapouriser", "vapour&#173;iser")         # a soft hyphen
        s = re.sub(r"\b(Kittiwake|Marram)\b", r"<em>\1</em>", s)  # boats in italics
        return s

    def pagebreak(self, file):
        self.page += 1
        pid = "page-%d" % self.page
        self.pages.append((self.page, file, pid))
        return ('<span epub:type="pagebreak" role="doc-pagebreak" id="%s" title="%d" '
                'aria-label="%d"></span>' % (pid, self.page, self.page))

    # -- one chapter ---------------------------------------------------------------------------
    def chapter(self, n):
        ch = self.chapters[n - 1]
        file = LK_CHAPTER_FILES[n]
        rel = lambda target: relative(file, target)
        out = []
        footnotes = []
        used_chars = 0
        para_count = 0
        sections = {s[3]: s for s in LK_SECTIONS.get(n, [])}
        self.sections[n] = [(s[0], s[1], s[2]) for s in LK_SECTIONS.get(n, [])]
        in_letter = False
        song = []

        def flush_song():
            if song:
                out.append('<pre class="song" id="song">%s</pre>' % esc("\n\n".join(song)))
                song.clear()

        out.append(self.pagebreak(file))
        out.append('<h1 id="chapter-%d-title">%s</h1>' % (n, esc(title_case(ch["heading"]))))

        for block in ch["blocks"]:
            text = " ".join(block)
            # song stanzas (indented lines) become one <pre>
            if all(l.startswith("    ") for l in block):
                song.append("\n".join(l[4:] for l in block))
                continue
            flush_song()

            for start, sec in sections.items():
                if text.startswith(start):
                    sid, level, label, _ = sec
                    out.append('<h%d id="%s">%s</h%d>' % (level, sid, esc(label), level))

            # a new print page every PAGE_CHARS characters, mid-paragraph for long paragraphs
            split_at = None
            if used_chars + len(text) > PAGE_CHARS:
                room = PAGE_CHARS - used_chars
                if len(block) == 1 and len(text) > 800 and room > 100 and " " in text[room:]:
                    split_at = text.index(" ", room) + 1
                    used_chars = len(text) - split_at
                else:
                    out.append(self.pagebreak(file))
                    used_chars = len(text)
            else:
                used_chars += len(text)

            if text == "DEAR NELL,":
                out.append('<blockquote class="letter" id="letter-%d">' % n)
                in_letter = True

            para_count += 1
            pid = ' id="p%d-%d"' % (n, para_count) if para_count % 5 == 1 else ""
            html = self.render_block(n, block, text, pid, split_at, file, footnotes)
            out.append(html)

            if in_letter and (text.startswith("P.S.") or text == "T."):
                out.append("</blockquote>")
                in_letter = False

            if n == 1 and text.startswith("The lighthouse stood at the top"):
                out.append('<figure id="fig-rock"><img src="%s" alt="A white lighthouse with a '
                           'black gallery on a small dark rock, its beam over the sea at night"/>'
                           '<figcaption>Gannet Rock</figcaption></figure>' % rel(LK_IMG_ROCK))
            if n == 6 and para_count == 1:
                out.append('<figure id="fig-lamp"><img src="%s" alt="The old paraffin lamp with '
                           'its mantle lit"/><figcaption>The old lamp</figcaption></figure>'
                           % rel(LK_IMG_LAMP))
        flush_song()
        assert not in_letter

        if n == 1:
            out.append('<p hidden="hidden">This paragraph has the hidden attribute and must not '
                       'be shown.</p>')
            out.append('<script>document.documentElement.setAttribute("data-note", '
                       '"This script text must not be shown.");</script>')
        out.extend(footnotes)

        head_extra = ""
        if n == 1:
            head_extra = ('\n<style>p.pencil { font-variant: small-caps; } '
                          '/* This style text must not be shown. */</style>')
        return self.xhtml(file, title_case(ch["heading"]),
                          '<section epub:type="chapter" role="doc-chapter" id="chapter-%d">\n%s\n'
                          '</section>' % (n, "\n".join(out)), head_extra)

    def render_block(self, n, block, text, pid, split_at, file, footnotes):
        if all(re.match(r"\d+\. ", l) for l in block):          # THE KEEPER'S RULES
            items = []
            for l in block:
                num, item = l.split(". ", 1)
                sub = ""
                if num == "4":
                    sub = ("<ul><li>Trim the wick square.</li>"
                           "<li>Spare mantles in the biscuit tin.</li></ul>")
                items.append('<li id="rule-%s">%s%s</li>' % (num, self.inline(item), sub))
            return '<ol class="rules" id="rules">\n%s\n</ol>' % "\n".join(items)
        if all(re.match(r"\d\d:\d\d ", l) for l in block):      # the night log
            rows = "\n".join("<tr><td>%s</td><td>%s</td></tr>" % (esc(l[:5]), self.inline(l[6:]))
                             for l in block)
            return ('<table id="log-table">\n<thead><tr><th>Time</th><th>Entry</th></tr></thead>\n'
                    '<tbody>\n%s\n</tbody>\n</table>' % rows)
        if len(block) > 1:                                      # YOUR UNCLE, / TOBIAS
            return "<p%s>%s</p>" % (pid, "<br/>".join(self.inline(l) for l in block))
        if text == "THE END":
            return '<p class="end" id="the-end">THE END</p>'
        if text.startswith("https://"):
            return '<p class="url"%s><a href="%s">%s</a></p>' % (pid, attr(text), esc(text))

        rules = relative(file, LK_CHAPTER_FILES[2])
        notes = relative(file, LK_NOTES)
        if text == "If the light fails, you are the light.":
            return ('<p%s><strong><a href="%s#rule-6">%s</a></strong></p>'
                    % (pid, rules, esc(text)))
        if text == "Then, after a moment, in the margin: Never trust a calm sea in November.":
            return ('<p%s>Then, after a moment, in the margin: <a href="%s#rule-5">Never trust a '
                    'calm sea in November.</a></p>' % (pid, rules))
        if text == "She lit the stove with the top door half open, and it drew.":
            return ('<p id="stove"><span class="a">She lit the st</span><span class="b">ove with '
                    'the top door </span><em>half</em><span> open, and it dr</span>ew.</p>')
        if text.startswith("The cottage door was not locked."):
            s = self.inline(text)
            s = s.replace("said: NELL", 'said: <span class="pencil">NELL').replace(
                "STEP. T.", "STEP. T.</span>")
            return "<p%s>%s</p>" % (pid, s)

        noterefs = {
            # (chapter, sentence end) -> (kind, id)
            (1, "like a finger raised for silence."): ("footnote", "fn1"),
            (4, "which said 981."): ("footnote", "fn2"),
            (2, "was a list:"): ("endnote", "en1"),
            (6, "watching for a long flash and a short one."): ("endnote", "en2"),
        }
        s = self.inline(text) if split_at is None else (
            self.inline(text[:split_at]) + self.pagebreak(file) + self.inline(text[split_at:]))
        for (chapter, end), (kind, nid) in noterefs.items():
            if chapter != n or esc(end) not in s:
                continue
            if kind == "footnote":
                ref = ('<sup><a epub:type="noteref" role="doc-noteref" id="ref-%s" href="#%s">%s'
                       '</a></sup>' % (nid, nid, nid[2:]))
                footnotes.append(self.footnote(nid))
            else:
                ref = ('<sup><a epub:type="noteref" role="doc-noteref" id="ref-%s" href="%s#%s">%s'
                       '</a></sup>' % (nid, notes, nid, nid[2:]))
            s = s.replace(esc(end), esc(end) + ref, 1)
        cls = ' class="first"' if text.startswith("In the morning she found") else ""
        return "<p%s%s>%s</p>" % (pid, cls, s)

    def footnote(self, nid):
        texts = {
            "fn1": ('In Japanese a lighthouse is <span lang="ja" xml:lang="ja"><ruby>灯<rt>tō'
                    '</rt></ruby><ruby>台<rt>dai</rt></ruby></span>, a lamp on a stand. This note '
                    'was written for the EPUB edition.'),
            "fn2": ("Millibars. Below 990, Tobias Carrow used to say, the paraffin goes up the "
                    "tower. This note was written for the EPUB edition."),
        }
        return ('<aside epub:type="footnote" role="doc-footnote" id="%s"><p><a href="#ref-%s">%s.'
                '</a> %s</p></aside>' % (nid, nid, nid[2:], texts[nid]))

    # -- documents -----------------------------------------------------------------------------
    def xhtml(self, file, title, body, head_extra=""):
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
                '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"'
                ' lang="en" xml:lang="en">\n<head>\n<meta charset="utf-8"/>\n<title>%s</title>\n'
                '<link rel="stylesheet" type="text/css" href="%s"/>%s\n</head>\n<body>\n%s\n'
                '</body>\n</html>\n' % (esc(title), relative(file, LK_CSS), head_extra, body))

    def cover(self):
        return self.xhtml(LK_COVER, "Cover",
                          '<section epub:type="cover" class="cover" id="cover">'
                          '<img src="%s" alt="Cover of The Lighthouse Keeper: a white lighthouse '
                          'on a dark rock at night, its beam over the sea"/></section>'
                          % relative(LK_COVER, LK_IMG_COVER))

    def title_page(self):
        return self.xhtml(LK_TITLE, "Title Page",
                          '<section epub:type="titlepage" id="titlepage">\n'
                          '<h1 id="book-title">%s</h1>\n<p class="subtitle">A Story of Gannet '
                          'Rock</p>\n<p class="author" id="byline">%s</p>\n<p class="note">%s</p>\n'
                          '</section>' % (esc(title_case(self.title)), esc(self.byline),
                                          esc(self.note)))

    def endnotes(self):
        notes = [
            ("en1", 2, "Each January Tobias copied the rules out again by hand; the copy in the "
                       "1998 book is the only one written in ink."),
            ("en2", 6, "The old character of Gannet Rock: a long flash and a short one, every "
                       "twenty seconds. The automatic light gives one flash every fifteen."),
        ]
        items = "\n".join(
            '<li id="%s" epub:type="endnote" role="doc-endnote"><p>%s <a href="%s#ref-%s" '
            'role="doc-backlink">Back to the text</a></p></li>'
            % (nid, esc(text), relative(LK_NOTES, LK_CHAPTER_FILES[ch]), nid)
            for nid, ch, text in notes)
        return self.xhtml(LK_NOTES, "Notes",
                          '<section epub:type="endnotes" role="doc-endnotes" id="notes">\n'
                          '<h1 id="notes-title">Notes</h1>\n<ol>\n%s\n</ol>\n</section>' % items)

    def nav(self):
        def a(target, label, frag=""):
            return '<a href="%s%s">%s</a>' % (relative(LK_NAV, target), frag, esc(label))

        toc = ["<li>%s</li>" % a(LK_TITLE, "Title Page")]
        for n in range(1, 8):
            label = title_case(self.chapters[n - 1]["heading"])
            subs = self.sections[n]
            if not subs:
                toc.append("<li>%s</li>" % a(LK_CHAPTER_FILES[n], label))
                continue
            # nest h3 entries under the h2 before them
            tree = []
            for sid, level, sl in subs:
                if level == 2:
                    tree.append([sid, sl, []])
                else:
                    tree[-1][2].append((sid, sl))
            inner = []
            for sid, sl, kids in tree:
                k = ""
                if kids:
                    k = "<ol>%s</ol>" % "".join(
                        "<li>%s</li>" % a(LK_CHAPTER_FILES[n], kl, "#" + kid) for kid, kl in kids)
                inner.append("<li>%s%s</li>" % (a(LK_CHAPTER_FILES[n], sl, "#" + sid), k))
            toc.append("<li>%s<ol>\n%s\n</ol></li>" % (a(LK_CHAPTER_FILES[n], label),
                                                       "\n".join(inner)))
        toc.append("<li>%s</li>" % a(LK_NOTES, "Notes"))
        pages = "\n".join("<li>%s</li>" % a(f, str(p), "#" + pid) for p, f, pid in self.pages)
        landmarks = "\n".join([
            '<li><a epub:type="cover" href="%s">Cover</a></li>' % relative(LK_NAV, LK_COVER),
            '<li><a epub:type="titlepage" href="%s">Title Page</a></li>' % relative(LK_NAV, LK_TITLE),
            '<li><a epub:type="bodymatter" href="%s">Start of the story</a></li>'
            % relative(LK_NAV, LK_CHAPTER_FILES[1]),
            '<li><a epub:type="endnotes" href="%s">Notes</a></li>' % relative(LK_NAV, LK_NOTES),
        ])
        body = ('<nav epub:type="toc" role="doc-toc" id="toc">\n<h1>Contents</h1>\n<ol>\n%s\n</ol>\n'
                '</nav>\n<nav epub:type="page-list" role="doc-pagelist" id="page-list" '
                'hidden="hidden">\n<h2>Pages</h2>\n<ol>\n%s\n</ol>\n</nav>\n'
                '<nav epub:type="landmarks" id="landmarks" hidden="hidden">\n<h2>Landmarks</h2>\n'
                '<ol>\n%s\n</ol>\n</nav>' % ("\n".join(toc), pages, landmarks))
        return self.xhtml(LK_NAV, "Contents", body)

    def opf(self):
        rel = lambda p: relative("OEBPS/content.opf", p)
        items = [
            ('nav', LK_NAV, "application/xhtml+xml", "nav"),
            ('css', LK_CSS, "text/css", None),
            ('cover', LK_COVER, "application/xhtml+xml", None),
            ('titlepage', LK_TITLE, "application/xhtml+xml", None),
        ]
        for n in range(1, 8):
            items.append(("chapter-%d" % n, LK_CHAPTER_FILES[n], "application/xhtml+xml",
                          "scripted" if n == 1 else None))
        items += [
            ('notes', LK_NOTES, "application/xhtml+xml", None),
            ('cover-image', LK_IMG_COVER, "image/png", "cover-image"),
            ('img-rock', LK_IMG_ROCK, "image/png", None),
            ('img-lamp', LK_IMG_LAMP, "image/png", None),
        ]
        manifest = "\n".join(
            '    <item id="%s" href="%s" media-type="%s"%s/>'
            % (i, attr(rel(p)), mt, ' properties="%s"' % pr if pr else "")
            for i, p, mt, pr in items)
        spine = ['    <itemref idref="cover"/>', '    <itemref idref="titlepage"/>']
        spine += ['    <itemref idref="chapter-%d"/>' % n for n in range(1, 8)]
        spine += ['    <itemref idref="notes" linear="no"/>']
        return """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">%(uuid)s</dc:identifier>
    <!-- A made-up ISBN for this test book: it is not a real, registered ISBN. -->
    <dc:identifier id="isbn">%(isbn)s</dc:identifier>
    <meta refines="#isbn" property="identifier-type" scheme="onix:codelist5">15</meta>
    <dc:title id="title">The Lighthouse Keeper</dc:title>
    <meta refines="#title" property="title-type">main</meta>
    <meta refines="#title" property="display-seq">1</meta>
    <dc:title id="subtitle">A Story of Gannet Rock</dc:title>
    <meta refines="#subtitle" property="title-type">subtitle</meta>
    <meta refines="#subtitle" property="display-seq">2</meta>
    <dc:creator id="author">Anna Tern</dc:creator>
    <meta refines="#author" property="role" scheme="marc:relators">aut</meta>
    <meta refines="#author" property="file-as">Tern, Anna</meta>
    <meta refines="#author" property="display-seq">1</meta>
    <dc:creator id="illustrator">Ivo Marsh</dc:creator>
    <meta refines="#illustrator" property="role" scheme="marc:relators">ill</meta>
    <meta refines="#illustrator" property="file-as">Marsh, Ivo</meta>
    <meta refines="#illustrator" property="display-seq">2</meta>
    <dc:language>en</dc:language>
    <dc:publisher>The reader project</dc:publisher>
    <dc:date>2024-03-14</dc:date>
    <dc:description>A keeper’s niece, an old paraffin lamp and one stormy night on Gannet Rock. An original story written for the reader project’s test books; it may be copied freely.</dc:description>
    <dc:subject>Lighthouses -- Fiction</dc:subject>
    <dc:subject>Sea stories</dc:subject>
    <dc:rights>May be copied freely.</dc:rights>
    <meta property="belongs-to-collection" id="series">Gannet Rock</meta>
    <meta refines="#series" property="collection-type">series</meta>
    <meta refines="#series" property="group-position">1</meta>
    <meta property="dcterms:modified">2024-03-14T12:00:00Z</meta>
  </metadata>
  <manifest>
%(manifest)s
  </manifest>
  <spine page-progression-direction="ltr">
%(spine)s
  </spine>
</package>
""" % {"uuid": LK_UUID, "isbn": LK_ISBN, "manifest": manifest, "spine": "\n".join(spine)}


def lighthouse_files():
    book = LighthouseBook()
    chapters = [(LK_CHAPTER_FILES[n], book.chapter(n)) for n in range(1, 8)]
    everything = "".join(text for _, text in chapters)
    for needle in ('href="#fn1"', 'href="#fn2"', 'endnotes.xhtml#en1"', 'endnotes.xhtml#en2"',
                   'id="stove"', '#rule-5"', '#rule-6"', 'id="log-table"', 'id="rules"',
                   'class="letter"', 'class="song"', 'class="url"', "&#160;", "&#173;",
                   'id="fig-rock"', 'id="fig-lamp"', 'id="the-end"'):
        assert needle in everything, "lighthouse-keeper.epub lost %s (did the source change?)" % needle
    files = [
        ("OEBPS/content.opf", book.opf()),
        (LK_NAV, book.nav()),
        (LK_CSS, LK_CSS_TEXT),
        (LK_COVER, book.cover()),
        (LK_TITLE, book.title_page()),
    ] + chapters + [
        (LK_NOTES, book.endnotes()),
        (LK_IMG_COVER, png(120, 180, lighthouse_pixel(120, 180))),
        (LK_IMG_ROCK, png(96, 64, lighthouse_pixel(96, 64))),
        (LK_IMG_LAMP, png(48, 64, lamp_pixel(48, 64))),
    ]
    return book, files


# ----------------------------------------------------------------------------------------------
# Book 2: Moon Garden (EPUB 2)
# ----------------------------------------------------------------------------------------------

MG_UUID = "urn:uuid:0b9e4d17-8a2c-4f6e-b3d5-71c9a0e2f468"
MG_PAGE_CHARS = 600
# Chapter files, directly under OEBPS/. Chapter 2's name has an & (written &amp; in XML) and
# chapter 3's name is Chinese (percent-encoded UTF-8 in every href).
MG_CHAPTER_FILES = {
    1: "OEBPS/chapter-1.xhtml",
    2: "OEBPS/moon&flower.xhtml",
    3: "OEBPS/花店.xhtml",
    4: "OEBPS/chapter-4.xhtml",
    5: "OEBPS/chapter-5.xhtml",
    6: "OEBPS/chapter-6.xhtml",
}
MG_COVER = "OEBPS/cover.xhtml"
MG_TITLE = "OEBPS/title.xhtml"
MG_CSS = "OEBPS/style.css"
MG_NCX = "OEBPS/toc.ncx"
MG_IMG_COVER = "OEBPS/images/cover.png"
# Sub-entries of chapter 2 in the NCX: (id, label, first characters of the paragraph)
MG_SUBS = {2: [("seeds", "种子", "　　吃过早饭"), ("rules", "五条规矩", "　　一、")]}

XHTML11 = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" '
           '"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n'
           '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="zh">\n<head>\n'
           '<meta http-equiv="Content-Type" content="application/xhtml+xml; charset=utf-8"/>\n'
           '<title>%s</title>\n<link rel="stylesheet" type="text/css" href="%s"/>\n</head>\n'
           '<body>\n%s\n</body>\n</html>\n')

MG_CSS_TEXT = """body { margin: 0 5%; line-height: 1.6; }
h1 { font-size: 1.5em; text-align: center; margin: 1.5em 0; }
p { margin: 0; text-indent: 0; }
div.rules p { margin-left: 2em; }
div.cover { text-align: center; }
p.author { text-align: center; margin: 1em 0; }
p.note { font-size: 0.85em; text-align: center; }
p.end { text-align: center; margin-top: 2em; }
"""


class MoonGarden:
    def __init__(self):
        lines = read_src("moon-garden.zh.txt").split("\n")
        self.title, self.byline, self.note = lines[0], lines[1], lines[2]
        self.chapters, cur = [], None
        self.end = None
        for line in lines[3:]:
            if line.startswith("第") and "章　" in line:
                cur = {"heading": line, "paras": []}
                self.chapters.append(cur)
            elif line.startswith("（全文完）"):
                self.end = line
            elif line.strip() and cur is not None:
                cur["paras"].append(line)
        assert len(self.chapters) == 6, "expected 6 chapters in moon-garden.zh.txt"
        self.page = 0
        self.pages = []
        self.order = {}      # (file, fragment) -> reading-order key, for NCX playOrder

    def inline(self, text):
        s = esc(text)
        # named entities, legal only through the XHTML 1.1 DTD (which readers never load)
        s = s.replace("——", "&mdash;&mdash;")
        return s

    def chapter(self, n):
        ch = self.chapters[n - 1]
        file = MG_CHAPTER_FILES[n]
        subs = {start: (sid, label) for sid, label, start in MG_SUBS.get(n, [])}
        out = []
        used = 0
        rules = []
        pos = 0

        def key(fragment):
            nonlocal pos
            pos += 1
            self.order[(file, fragment)] = (n, pos)

        def flush_rules():
            if rules:
                out.append('<div class="rules" id="rules">\n%s\n</div>' % "\n".join(rules))
                rules.clear()

        key("")
        self.page += 1
        self.pages.append((self.page, file, "page-%d" % self.page))
        key("page-%d" % self.page)
        out.append('<h1 id="chapter-%d"><span class="pagebreak" id="page-%d" title="%d"></span>%s'
                   '</h1>' % (n, self.page, self.page, esc(ch["heading"])))
        for para in ch["paras"]:
            marker = ""
            if used + len(para) > MG_PAGE_CHARS and used > 0:
                self.page += 1
                self.pages.append((self.page, file, "page-%d" % self.page))
                marker = ('<span class="pagebreak" id="page-%d" title="%d"></span>'
                          % (self.page, self.page))
                used = 0
            used += len(para)
            pid = ""
            for start, (sid, _) in subs.items():
                if para.startswith(start) and sid != "rules":
                    pid = ' id="%s"' % sid
                    key(sid)
            if marker:
                key("page-%d" % self.page)
            if re.match("　　[一二三四五六七八九十]、", para):
                if not rules and "　　一、" in subs:
                    key("rules")
                rules.append("<p>%s%s</p>" % (marker, self.inline(para.strip("　"))))
                continue
            flush_rules()
            out.append("<p%s>%s%s</p>" % (pid, marker, self.inline(para)))
        flush_rules()
        if n == 6 and self.end:
            out.append('<p class="end">%s</p>' % esc(self.end))
        return XHTML11 % (esc(ch["heading"].replace("　", " ")), relative(file, MG_CSS),
                          "\n".join(out))

    def cover(self):
        return XHTML11 % ("封面", relative(MG_COVER, MG_CSS),
                          '<div class="cover" id="cover"><img src="%s" alt="月亮花园：月光下的花园" />'
                          '</div>' % relative(MG_COVER, MG_IMG_COVER))

    def title_page(self):
        note = esc(self.note).replace(" reader ", "&nbsp;reader&nbsp;")
        return XHTML11 % (esc(self.title), relative(MG_TITLE, MG_CSS),
                          '<h1 id="title">%s</h1>\n<p class="author">%s</p>\n<p class="note">%s'
                          '</p>' % (esc(self.title), esc(self.byline), note))

    def ncx(self):
        rel = lambda p: relative(MG_NCX, p)
        # playOrder: one number per distinct target, in reading order
        keys = dict(self.order)
        keys[(MG_TITLE, "")] = (0, 0)
        ordered = sorted(keys, key=lambda k: keys[k])
        play = {k: i + 1 for i, k in enumerate(ordered)}

        def src(file, frag):
            return attr(rel(file) + ("#" + frag if frag else ""))

        def point(pid, label, file, frag, inner=""):
            return ('<navPoint id="%s" playOrder="%d"><navLabel><text>%s</text></navLabel>'
                    '<content src="%s"/>%s</navPoint>'
                    % (pid, play[(file, frag)], esc(label), src(file, frag), inner))

        points = [point("np-title", self.title, MG_TITLE, "")]
        for n in range(1, 7):
            f = MG_CHAPTER_FILES[n]
            inner = "".join(point("np-%d-%s" % (n, sid), label, f, sid)
                            for sid, label, _ in MG_SUBS.get(n, []))
            points.append(point("np-%d" % n, self.chapters[n - 1]["heading"].replace("　", " "),
                                f, "", inner))
        page_targets = "\n".join(
            '<pageTarget id="pt-%d" type="normal" value="%d" playOrder="%d"><navLabel><text>%d'
            '</text></navLabel><content src="%s"/></pageTarget>'
            % (p, p, play[(f, pid)], p, src(f, pid)) for p, f, pid in self.pages)
        return """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="zh">
<head>
<meta name="dtb:uid" content="%s"/>
<meta name="dtb:depth" content="2"/>
<meta name="dtb:totalPageCount" content="%d"/>
<meta name="dtb:maxPageNumber" content="%d"/>
</head>
<docTitle><text>%s</text></docTitle>
<docAuthor><text>林小舟</text></docAuthor>
<navMap>
%s
</navMap>
<pageList>
<navLabel><text>页码</text></navLabel>
%s
</pageList>
</ncx>
""" % (MG_UUID, len(self.pages), len(self.pages), esc(self.title), "\n".join(points),
       page_targets)

    def opf(self):
        rel = lambda p: attr(relative("OEBPS/content.opf", p))
        items = [("ncx", MG_NCX, "application/x-dtbncx+xml"),
                 ("css", MG_CSS, "text/css"),
                 ("cover", MG_COVER, "application/xhtml+xml"),
                 ("title", MG_TITLE, "application/xhtml+xml")]
        items += [("chapter-%d" % n, MG_CHAPTER_FILES[n], "application/xhtml+xml")
                  for n in range(1, 7)]
        items += [("cover-img", MG_IMG_COVER, "image/png")]
        manifest = "\n".join('    <item id="%s" href="%s" media-type="%s"/>' % (i, rel(p), mt)
                             for i, p, mt in items)
        spine = "\n".join('    <itemref idref="%s"/>' % i
                          for i in ["cover", "title"] + ["chapter-%d" % n for n in range(1, 7)])
        return """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="BookId">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="BookId" opf:scheme="UUID">%(uuid)s</dc:identifier>
    <dc:title>月亮花园</dc:title>
    <dc:creator opf:role="aut" opf:file-as="Lin, Xiaozhou">林小舟</dc:creator>
    <dc:language>zh</dc:language>
    <dc:publisher>reader 项目</dc:publisher>
    <dc:date opf:event="publication">2024-03-14</dc:date>
    <dc:description>小满搬进外婆家的老院子，发现了只在月圆之夜开放的月光花。本故事为 reader 项目测试用书原创，可自由复制。</dc:description>
    <dc:subject>儿童文学</dc:subject>
    <dc:subject>短篇小说</dc:subject>
    <dc:rights>可自由复制</dc:rights>
    <meta name="cover" content="cover-img"/>
    <meta name="calibre:series" content="小满的故事"/>
    <meta name="calibre:series_index" content="1"/>
  </metadata>
  <manifest>
%(manifest)s
  </manifest>
  <spine toc="ncx">
%(spine)s
  </spine>
  <guide>
    <reference type="cover" title="封面" href="%(cover)s"/>
    <reference type="title-page" title="书名页" href="%(title)s"/>
    <reference type="text" title="正文" href="%(text)s"/>
  </guide>
</package>
""" % {"uuid": MG_UUID, "manifest": manifest, "spine": spine, "cover": rel(MG_COVER),
       "title": rel(MG_TITLE), "text": rel(MG_CHAPTER_FILES[1])}


def moon_garden_files():
    book = MoonGarden()
    chapters = [(MG_CHAPTER_FILES[n], book.chapter(n)) for n in range(1, 7)]
    return [
        ("OEBPS/content.opf", book.opf()),
        (MG_NCX, book.ncx()),
        (MG_CSS, MG_CSS_TEXT),
        (MG_COVER, book.cover()),
        (MG_TITLE, book.title_page()),
    ] + chapters + [(MG_IMG_COVER, png(120, 180, moon_pixel(120, 180)))]


# ----------------------------------------------------------------------------------------------
# Book 3: Winter Road, fixed layout (EPUB 3, pre-paginated)
# ----------------------------------------------------------------------------------------------

WR_UUID = "urn:uuid:c4d2e6a9-1f37-4b80-8e5c-2a7f9d3b1e06"
WR_WIDTH, WR_HEIGHT = 600, 800
WR_PAGE_CHARS = 1300
WR_PAGES = 4

WR_CSS_TEXT = """html, body { margin: 0; padding: 0; width: 600px; height: 800px; overflow: hidden; }
body { background: #fdfbf5; font-family: serif; font-size: 16px; line-height: 1.35; }
div.page { position: absolute; left: 50px; top: 50px; width: 500px; height: 700px; overflow: hidden; }
h1 { font-size: 28px; text-align: center; margin: 220px 0 20px; }
h2 { font-size: 20px; text-align: center; margin: 10px 0 20px; }
p { margin: 0; text-indent: 1.5em; }
p.subtitle { text-align: center; font-style: italic; text-indent: 0; }
p.note { text-align: center; font-size: 13px; margin-top: 300px; text-indent: 0; }
"""


def winter_road_files():
    text = read_src("winter-road.ru.txt").split("\n")
    title, subtitle, note = text[0], text[2], text[4]
    chapters, cur, i = [], None, 5
    while i < len(text):
        line = text[i]
        if line.startswith("ГЛАВА "):
            cur = {"heading": line, "name": text[i + 1], "paras": []}
            chapters.append(cur)
            i += 2
            continue
        if line.strip() and cur is not None:
            cur["paras"].append(line)
        i += 1

    # page 1: the title page; then chapters, a new chapter on a new page, no paragraph split
    pages = [('<h1 id="title">%s</h1>\n<p class="subtitle">%s</p>\n<p class="note">%s</p>'
              % (esc(title), esc(subtitle), esc(note)), None)]
    toc = [("Зимняя дорога", 1, "")]
    for c, ch in enumerate(chapters, 1):
        if len(pages) >= WR_PAGES:
            break
        label = "%s. %s" % (ch["heading"].capitalize(), ch["name"])
        toc.append((label, len(pages) + 1, "chapter-%d" % c))
        body = ['<h2 id="chapter-%d">%s<br/>%s</h2>' % (c, esc(ch["heading"]), esc(ch["name"]))]
        used = 200
        for para in ch["paras"]:
            if used + len(para) > WR_PAGE_CHARS:
                pages.append(("\n".join(body), c))
                if len(pages) >= WR_PAGES:
                    body = None
                    break
                body, used = [], 0
            body.append("<p>%s</p>" % esc(para))
            used += len(para)
        if body:
            pages.append(("\n".join(body), c))
    pages = pages[:WR_PAGES]

    def page_file(k):
        return "OEBPS/pages/page-%d.xhtml" % k

    def doc(file, title_text, body, viewport=True):
        vp = ('\n<meta name="viewport" content="width=%d, height=%d"/>' % (WR_WIDTH, WR_HEIGHT)
              if viewport else "")
        ns = "" if viewport else ' xmlns:epub="http://www.idpf.org/2007/ops"'  # nav only
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
                '<html xmlns="http://www.w3.org/1999/xhtml"%s lang="ru" xml:lang="ru">\n<head>\n'
                '<meta charset="utf-8"/>%s\n<title>%s</title>\n'
                '<link rel="stylesheet" type="text/css" href="%s"/>\n</head>\n<body>\n%s\n'
                '</body>\n</html>\n' % (ns, vp, esc(title_text),
                                        relative(file, "OEBPS/css/fixed.css"), body))

    files = []
    for k, (body, _) in enumerate(pages, 1):
        f = page_file(k)
        files.append((f, doc(f, "%s — %d" % (title.capitalize(), k),
                             '<div class="page" id="page-%d">\n%s\n</div>' % (k, body))))

    nav_file = "OEBPS/nav.xhtml"
    toc_html = "\n".join('<li><a href="%s%s">%s</a></li>'
                         % (relative(nav_file, page_file(p)), "#" + frag if frag else "", esc(l))
                         for l, p, frag in toc)
    page_list = "\n".join('<li><a href="%s">%d</a></li>' % (relative(nav_file, page_file(k)), k)
                          for k in range(1, len(pages) + 1))
    nav = doc(nav_file, "Содержание",
              '<nav epub:type="toc" id="toc"><h1>Содержание</h1>\n<ol>\n%s\n</ol>\n</nav>\n'
              '<nav epub:type="page-list" id="page-list" hidden="hidden"><h2>Страницы</h2>\n<ol>\n%s'
              '\n</ol>\n</nav>' % (toc_html, page_list), viewport=False)

    manifest = ['    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" '
                'properties="nav"/>',
                '    <item id="css" href="css/fixed.css" media-type="text/css"/>']
    manifest += ['    <item id="page-%d" href="pages/page-%d.xhtml" '
                 'media-type="application/xhtml+xml"/>' % (k, k) for k in range(1, len(pages) + 1)]
    spine = ['    <itemref idref="page-%d" properties="page-spread-%s"/>'
             % (k, "right" if k % 2 else "left") for k in range(1, len(pages) + 1)]
    opf = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="ru">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">%s</dc:identifier>
    <dc:title>Зимняя дорога</dc:title>
    <dc:language>ru</dc:language>
    <dc:publisher>Проект reader</dc:publisher>
    <dc:date>2024-03-14</dc:date>
    <dc:description>Начало рассказа «Зимняя дорога» в фиксированной вёрстке: титульная страница и %d страницы текста. Оригинальный текст для тестовых книг проекта reader.</dc:description>
    <meta property="dcterms:modified">2024-03-14T12:00:00Z</meta>
    <meta property="rendition:layout">pre-paginated</meta>
    <meta property="rendition:orientation">portrait</meta>
    <meta property="rendition:spread">none</meta>
  </metadata>
  <manifest>
%s
  </manifest>
  <spine page-progression-direction="ltr">
%s
  </spine>
</package>
""" % (WR_UUID, len(pages) - 1, "\n".join(manifest), "\n".join(spine))
    return ([("OEBPS/content.opf", opf), (nav_file, nav), ("OEBPS/css/fixed.css", WR_CSS_TEXT)]
            + files)


# ----------------------------------------------------------------------------------------------
# Broken variants
# ----------------------------------------------------------------------------------------------

def find(entries, name):
    for e in entries:
        if e.name == name:
            return e
    raise KeyError(name)


def replaced(entries, name, data):
    """A copy of `entries` with the content of `name` replaced (bytes, str, or callable)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    return [e.copy(data=data) if e.name == name else e for e in entries]


def edit(entries, name, old, new, count=1):
    text = find(entries, name).data.decode("utf-8")
    assert old in text, (name, old)
    return replaced(entries, name, text.replace(old, new, count))


def without(entries, name):
    assert any(e.name == name for e in entries), name
    return [e for e in entries if e.name != name]


def evil_page(what):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
            '<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">\n'
            '<head><meta charset="utf-8"/><title>Evil</title></head>\n<body>\n'
            '<p>%s</p>\n</body>\n</html>\n' % what)


def idpf_obfuscate(data, uid):
    """IDPF font obfuscation (EPUB 3, 'http://www.idpf.org/2008/embedding'): XOR the first 1040
    bytes with the SHA-1 of the unique identifier stripped of whitespace."""
    key = hashlib.sha1(re.sub(r"[\x20\x09\x0d\x0a]", "", uid).encode("utf-8")).digest()
    head = bytes(b ^ key[i % 20] for i, b in enumerate(data[:1040]))
    return head + data[1040:]


def fake_font():
    """A 2 KiB stand-in for an OpenType font: an OTTO header and filler. Not a usable font."""
    head = b"OTTO" + struct.pack(">HHHH", 0, 0, 0, 0)
    text = b"Fake font for the reader project's EPUB test books. It is not a real font. "
    body = (text * 40)[: 2048 - len(head)]
    return head + body


def variants(good3, good3_bytes, book):
    """(name, bytes) for every broken variant. All but one start from lighthouse-keeper.epub."""
    opf = "OEBPS/content.opf"
    ch1 = LK_CHAPTER_FILES[1]
    ch4 = LK_CHAPTER_FILES[4]
    out = []

    out.append(("wrong-mimetype", zip_bytes(replaced(good3, "mimetype", b"application/zip"))))
    out.append(("mimetype-missing", zip_bytes(without(good3, "mimetype"))))
    # mimetype deflated and placed after container.xml
    mt = find(good3, "mimetype").copy(method=DEFLATED)
    rest = without(good3, "mimetype")
    out.append(("mimetype-compressed-not-first", zip_bytes(rest[:1] + [mt] + rest[1:])))
    out.append(("no-container-xml", zip_bytes(without(good3, "META-INF/container.xml"))))
    out.append(("container-points-to-missing-opf",
                zip_bytes(replaced(good3, "META-INF/container.xml",
                                   CONTAINER_XML.format(opf="OEBPS/package.opf")))))
    out.append(("opf-not-well-formed",
                zip_bytes(edit(good3, opf, "  </manifest>", "  </manifst>"))))
    out.append(("spine-points-to-missing-file", zip_bytes(without(good3, ch4))))

    # tag soup: no </p>, <br> without a slash, a stray &, <meta> not closed
    soup = find(good3, ch1).data.decode("utf-8")
    soup = soup.replace("</p>", "").replace('<meta charset="utf-8"/>', '<meta charset="utf-8">')
    soup = soup.replace("NELL — THE STOVE DRAWS BETTER WITH THE TOP DOOR HALF OPEN. ",
                        "NELL — THE STOVE DRAWS BETTER WITH THE TOP DOOR HALF OPEN.<br>")
    soup = soup.replace("THE RADIO IS ON CHANNEL 16. ", "THE RADIO IS ON CHANNEL 16.<br>")
    soup = soup.replace("two rooms and a lean-to", "two rooms & a lean-to")
    out.append(("chapter-not-well-formed", zip_bytes(replaced(good3, ch1, soup))))

    # path traversal: entries outside the container and a manifest item pointing out of it
    pt = edit(good3, opf, "  </manifest>",
              '    <item id="evil" href="../../evil.xhtml" media-type="application/xhtml+xml"/>\n'
              "  </manifest>")
    pt = edit(pt, opf, '    <itemref idref="notes" linear="no"/>',
              '    <itemref idref="evil"/>\n    <itemref idref="notes" linear="no"/>')
    pt = pt + [Entry("../../evil.xhtml", evil_page(
                   "If you can read this, the reader followed ../../ out of the container.").encode()),
               Entry("/etc/evil.xhtml", evil_page(
                   "If you can read this, the reader used an absolute entry name.").encode())]
    out.append(("path-traversal", zip_bytes(pt)))

    # duplicate entry: a second OEBPS/text/chapter-1.xhtml at the end with other content
    dup = book.xhtml(ch1, "Duplicate", '<section id="chapter-1"><h1>Duplicate entry</h1><p>This '
                     'is the second zip entry named OEBPS/text/chapter-1.xhtml. A reader should '
                     'notice that the name appears twice.</p></section>')
    out.append(("duplicate-entry", zip_bytes(good3 + [Entry(ch1, dup.encode())])))

    # DRM: every content document of the spine "encrypted" (random-looking bytes, stored)
    spine_docs = [LK_COVER, LK_TITLE] + [LK_CHAPTER_FILES[n] for n in range(1, 8)] + [LK_NOTES]
    enc = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"',
           '            xmlns:enc="http://www.w3.org/2001/04/xmlenc#"',
           '            xmlns:ds="http://www.w3.org/2000/09/xmldsig#">',
           '  <enc:EncryptedKey Id="book-key">',
           '    <enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#rsa-1_5"/>',
           '    <enc:CipherData><enc:CipherValue>%s</enc:CipherValue></enc:CipherData>'
           % base64.b64encode(pseudo_random(b"book-key", 128)).decode(),
           '  </enc:EncryptedKey>']
    drm = list(good3)
    for doc in spine_docs:
        uri = href(doc)
        enc += ['  <enc:EncryptedData>',
                '    <enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>',
                '    <ds:KeyInfo><ds:RetrievalMethod URI="#book-key" '
                'Type="http://www.w3.org/2001/04/xmlenc#EncryptedKey"/></ds:KeyInfo>',
                '    <enc:CipherData><enc:CipherReference URI="%s"/></enc:CipherData>' % attr(uri),
                '  </enc:EncryptedData>']
        plain = find(good3, doc).data
        size = 16 + (len(plain) // 16 + 1) * 16          # IV + AES-CBC with PKCS#7 padding
        drm = [e.copy(data=pseudo_random(doc.encode(), size), method=STORED)
               if e.name == doc else e for e in drm]
    enc.append("</encryption>\n")
    drm.insert(2, Entry("META-INF/encryption.xml", "\n".join(enc).encode()))
    out.append(("drm-encrypted", zip_bytes(drm)))

    # font obfuscation only: a (fake) embedded font, obfuscated the IDPF way; opens normally
    font_path = "OEBPS/fonts/keeper.otf"
    fo = edit(good3, opf, "  </manifest>",
              '    <item id="font" href="fonts/keeper.otf" media-type="font/otf"/>\n'
              "  </manifest>")
    fo = edit(fo, LK_CSS, "body {",
              '@font-face { font-family: "Keeper"; src: url(../fonts/keeper.otf); }\n'
              'h1 { font-family: "Keeper", serif; }\nbody {')
    fo.insert(2, Entry("META-INF/encryption.xml", (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"\n'
        '            xmlns:enc="http://www.w3.org/2001/04/xmlenc#">\n'
        '  <enc:EncryptedData>\n'
        '    <enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>\n'
        '    <enc:CipherData><enc:CipherReference URI="%s"/></enc:CipherData>\n'
        '  </enc:EncryptedData>\n'
        '</encryption>\n' % font_path).encode()))
    fo.append(Entry(font_path, idpf_obfuscate(fake_font(), LK_UUID)))
    out.append(("font-obfuscation-only", zip_bytes(fo)))

    # billion laughs: nested internal entities, &lol9; would expand to 3 * 10^9 bytes
    ents = ['<!ENTITY lol "lol">'] + [
        '<!ENTITY lol%d "%s">' % (k, ("&lol%s;" % (k - 1 if k > 1 else "")) * 10)
        for k in range(1, 10)]
    bl = find(good3, ch1).data.decode("utf-8")
    bl = bl.replace("<!DOCTYPE html>", "<!DOCTYPE html [\n  %s\n]>" % "\n  ".join(ents))
    bl = bl.replace('<h1 id="chapter-1-title">', "<p>&lol9;</p>\n<h1 id=\"chapter-1-title\">")
    out.append(("billion-laughs", zip_bytes(replaced(good3, ch1, bl))))

    # external entity: a SYSTEM entity pointing at a local file
    xe = find(good3, ch1).data.decode("utf-8")
    xe = xe.replace("<!DOCTYPE html>",
                    '<!DOCTYPE html [\n  <!ENTITY x SYSTEM "file:///etc/passwd">\n]>')
    xe = xe.replace('<h1 id="chapter-1-title">', "<p>&x;</p>\n<h1 id=\"chapter-1-title\">")
    out.append(("external-entity", zip_bytes(replaced(good3, ch1, xe))))

    # deep nesting: 100 000 nested <div> around one paragraph, after the chapter heading
    dn = find(good3, ch1).data.decode("utf-8")
    marker = "</h1>\n"
    at = dn.index(marker) + len(marker)
    dn = (dn[:at] + "<div>" * NESTING + "<p>The middle of a very deep nest.</p>"
          + "</div>" * NESTING + "\n" + dn[at:])
    out.append(("deep-nesting", zip_bytes(replaced(good3, ch1, dn))))

    # zip bomb: chapter III inflates to BOMB_SIZE bytes (well-formed XHTML: spaces in a <p>)
    bomb_name = LK_CHAPTER_FILES[3]
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
            '<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">\n'
            '<head><meta charset="utf-8"/><title>Zip bomb</title></head>\n<body>\n<p>').encode()
    tail = b"</p>\n</body>\n</html>\n"

    def bomb():
        yield head
        left = BOMB_SIZE - len(head) - len(tail)
        block = b" " * (1 << 20)
        while left > 0:
            yield block[:min(left, len(block))]
            left -= len(block)
        yield tail

    out.append(("zip-bomb", zip_bytes(replaced(good3, bomb_name, bomb))))

    out.append(("truncated", good3_bytes[: len(good3_bytes) * 60 // 100]))

    # not a zip at all: the first chapter of the plain-text story
    txt = read_src("lighthouse-keeper.txt")
    out.append(("not-a-zip", txt[: txt.index("CHAPTER II.")].encode("utf-8")))
    return out


# ----------------------------------------------------------------------------------------------

def check_well_formed(name, entries):
    """Every XML file of a good book must parse (named entities of the EPUB 2 book are mapped to
    their characters first, as a reader without the DTD would have to)."""
    import xml.etree.ElementTree as ET
    for e in entries:
        if e.name.endswith((".xhtml", ".opf", ".ncx", ".xml")):
            text = e.data.decode("utf-8").replace("&nbsp;", "&#160;").replace("&mdash;", "&#8212;")
            try:
                ET.fromstring(text)
            except ET.ParseError as err:
                raise SystemExit("make-epubs.py: %s: %s is not well-formed: %s" % (name, e.name, err))


def main():
    os.makedirs(BAD, exist_ok=True)
    written = []

    book, lk_files = lighthouse_files()
    lk = book_entries(lk_files)
    lk_bytes = zip_bytes(lk)
    mg = book_entries(moon_garden_files())
    wr = book_entries(winter_road_files())
    for name, entries in (("lighthouse-keeper", lk), ("moon-garden", mg), ("winter-road", wr)):
        check_well_formed(name, entries)
    good = [("lighthouse-keeper.epub", lk_bytes),
            ("moon-garden.epub", zip_bytes(mg)),
            ("winter-road-fixed.epub", zip_bytes(wr))]
    for name, data in good:
        write_file(os.path.join(OUT, name), data)
        written.append((os.path.join("epub", name), len(data)))
    for name, data in variants(lk, lk_bytes, book):
        write_file(os.path.join(BAD, name + ".epub"), data)
        written.append((os.path.join("epub", "malformed", name + ".epub"), len(data)))

    # remove stale .epub files from earlier runs (only files this script would write)
    keep = {os.path.basename(p) for p, _ in written}
    for folder in (OUT, BAD):
        for f in os.listdir(folder):
            if f.endswith(".epub") and f not in keep:
                os.remove(os.path.join(folder, f))

    for path, size in written:
        print("make-epubs.py: %-48s %9d bytes" % (path, size))


if __name__ == "__main__":
    sys.exit(main())
