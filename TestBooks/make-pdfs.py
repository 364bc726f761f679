#!/usr/bin/python3
"""Builds the project's PDF test books.

    TestBooks/make-pdfs.py                  # writes TestBooks/pdf/ (committed)
    TestBooks/make-pdfs.py --large [N] OUT  # an N-page book (default 500) for benchmarks

Writes, overwriting what is there:

    TestBooks/pdf/harbour-lights.pdf        A5 book: title page, 4 chapters, running headers,
                                            page numbers, justified text, hyphenation, outline
    TestBooks/pdf/two-columns.pdf           US Letter, 3 pages, title over two justified columns
    TestBooks/pdf/locked.pdf                2 pages, AES-256, passwords reader-user / reader-owner
    TestBooks/pdf/scanned-page.pdf          3 pages, the middle one only an image of text
    TestBooks/pdf/xmp-only.pdf              1 page, no Info dictionary, XMP metadata in the catalog
    TestBooks/pdf/*.expected.json           what the generator knows about each document
    TestBooks/pdf/malformed/*.pdf           truncated, not a PDF, bad startxref, empty

Needs the system Python with python3-cairo (cairo >= 1.16 for outlines, tags and metadata),
qpdf (>= 10, for --copy-encryption, --static-id, --static-aes-iv, fix-qdf) and fonts-dejavu-core.
Two runs give byte-identical files.

Lines are laid out here, not by a text engine: words are measured with cairo (unhinted
metrics, as the PDF surface uses), wrapped greedily into the column, justified by widening the
gaps, and hyphenated when a line would otherwise be too loose (syllable-like split points from a
small rule set plus a table of exceptions) or when a compound's own hyphen falls at the end of a
line. Every word is drawn on its own, with no space glyphs between words (as TeX does), so text
extractors must infer spaces from the gaps.

The texts were written for this project: "Harbour Lights", the locked, scanned and XMP
documents are new; two-columns.pdf sets chapters I and II of The Lighthouse Keeper from
TestBooks/src/lighthouse-keeper.txt.
"""

import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "pdf")
BAD = os.path.join(OUT, "malformed")
SRC = os.path.join(HERE, "src")

DATE = "2024-03-14T12:00:00"            # CreationDate and ModDate of every file
A5 = (419.53, 595.28)                   # 148 × 210 mm in points (as pdfinfo prints them)
LETTER = (612.0, 792.0)

SERIF, SANS = "DejaVu Serif", "DejaVu Sans"
NORMAL, BOLD = cairo.FontWeight.NORMAL, cairo.FontWeight.BOLD
UPRIGHT, ITALIC = cairo.FontSlant.NORMAL, cairo.FontSlant.ITALIC


# ----------------------------------------------------------------------------------------------
# Styles and fonts
# ----------------------------------------------------------------------------------------------

class Style:
    def __init__(self, family=SERIF, size=10.5, leading=14.0, weight=NORMAL, slant=UPRIGHT,
                 indent=0.0, align="justify", before=0.0, after=0.0, kind="body"):
        self.family, self.size, self.leading = family, size, leading
        self.weight, self.slant = weight, slant
        self.indent, self.align = indent, align      # align: justify | left | center
        self.before, self.after = before, after      # extra space above / below (headings)
        self.kind = kind                             # goes into the sidecar

    def with_(self, **kw):
        s = Style()
        s.__dict__.update(self.__dict__)
        s.__dict__.update(kw)
        return s

    @property
    def font_key(self):
        return (self.family, int(self.slant), int(self.weight), self.size)


HEADING_KINDS = ("title", "heading", "subheading")


class Fonts:
    """Scaled fonts with the metrics the PDF surface uses (no hinting), and a width cache."""

    def __init__(self):
        self.options = cairo.FontOptions()
        self.options.set_hint_metrics(cairo.HINT_METRICS_OFF)
        self.options.set_hint_style(cairo.HINT_STYLE_NONE)
        self.scaled = {}
        self.widths = {}

    def get(self, style):
        key = style.font_key
        sf = self.scaled.get(key)
        if sf is None:
            face = cairo.ToyFontFace(style.family, style.slant, style.weight)
            sf = cairo.ScaledFont(face, cairo.Matrix(xx=style.size, yy=style.size),
                                  cairo.Matrix(), self.options)
            self.scaled[key] = sf
        return sf

    def width(self, style, text):
        key = (style.font_key, text)
        w = self.widths.get(key)
        if w is None:
            w = self.get(style).text_extents(text).x_advance
            self.widths[key] = w
        return w


# ----------------------------------------------------------------------------------------------
# Hyphenation
# ----------------------------------------------------------------------------------------------

# Split points for words the rules below get wrong (or that we want split a certain way).
EXCEPTIONS = {w.replace("-", ""): w for w in """
    ap-proaches at-lan-tic au-to-matic com-mis-sion-ers com-mit-tee ev-ery-thing
    gen-er-a-tor har-bour in-vis-i-ble light-house main-te-nance ra-dio sea-man-ship
    some-thing un-com-fort-able un-mis-tak-ably what-ever yel-low-ish an-other
    in-struc-tions in-stru-ments de-cid-ing mea-sure ev-ery ev-ery-one twelve
    be-tween be-fore be-hind be-neath be-yond be-came re-mem-bered re-mem-ber
    sur-pris-ing some-where some-body pre-de-ces-sor copper-plate heri-tage
    sud-denly care-ful care-fully colour col-leagues pa-per vi-sion
    re-mark-able with-out boat-house dam-aged low-er col-umn col-oured chap-els
    wheel-house slip-way any-body after-wards to-geth-er un-der-neath light-ing
    """.split()}

VOWELS = set("aeiouy")
DIGRAPHS_BEFORE = {"th", "sh", "ch", "ph", "wh"}            # V|thV
DIGRAPHS_AFTER = {"ck", "ng", "gh"}                         # Vck|V
BLENDS = {"bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "sc", "sk",
          "sl", "sm", "sn", "sp", "st", "tr", "tw", "th", "sh", "ch", "ph", "wh", "wr"}
BLENDS3 = {"str", "spr", "scr", "spl", "thr", "chr", "shr", "sch"}
MIN_LEFT, MIN_RIGHT = 2, 3


def _is_vowel(word, i):
    c = word[i]
    if c == "y":
        return i > 0 and word[i - 1] not in VOWELS
    return c in VOWELS


def hyphen_points(word):
    """Positions p (break between word[:p] and word[p:]) in a purely alphabetic word."""
    lower = word.lower()
    if lower in EXCEPTIONS:
        pts, n = [], 0
        for part in EXCEPTIONS[lower].split("-")[:-1]:
            n += len(part)
            pts.append(n)
        return [p for p in pts if MIN_LEFT <= p <= len(word) - MIN_RIGHT]
    n = len(lower)
    if n < MIN_LEFT + MIN_RIGHT:
        return []
    vowel = [_is_vowel(lower, i) for i in range(n)]
    points = set()
    i = 0
    while i < n:
        if vowel[i]:
            i += 1
            continue
        a = i
        while i < n and not vowel[i]:
            i += 1
        b = i                                   # consonant run lower[a:b]
        if a == 0 or b == n:
            continue                            # only runs between two vowels
        rest = lower[b:]
        if re.fullmatch(r"e[ds]?", rest):
            continue                            # silent e: "opened", "stones"
        run = lower[a:b]
        if len(run) == 1:
            p = a                               # V|CV
        elif len(run) == 2:
            if run in DIGRAPHS_BEFORE or run == "qu":
                p = a
            elif run in DIGRAPHS_AFTER:
                p = b
            else:
                p = a + 1                       # VC|CV
        else:
            if run[-3:] in BLENDS3:
                p = b - 3
            elif run[-2:] in BLENDS:
                p = b - 2
            else:
                p = b - 1
            if lower[a:a + 2] in DIGRAPHS_AFTER and p < a + 2:
                p = a + 2
        points.add(p)
    # suffixes: walk-ing, run-ning, dark-ness, care-less, settle-ment
    for suf in ("ing", "ness", "less", "ment", "ful"):
        if lower.endswith(suf) and n - len(suf) >= 3:
            k = n - len(suf)
            points = {p for p in points if p < k - 1 or p > k}
            if lower[k - 1] == lower[k - 2] and lower[k - 1] not in VOWELS and suf == "ing":
                points.add(k - 1)               # run-ning
            else:
                points.add(k)
    return sorted(p for p in points if MIN_LEFT <= p <= n - MIN_RIGHT)


PLAIN = re.compile(r"^([“‘(]*)([A-Za-z]+)((?:’[a-z]+)?[”’,.;:!?)]*)$")
COMPOUND = re.compile(r"^[“‘(]*[A-Za-z]+(?:-[A-Za-z]+)+[”’,.;:!?)]*$")


# ----------------------------------------------------------------------------------------------
# Line breaking
# ----------------------------------------------------------------------------------------------

class Line:
    def __init__(self, tokens, brk=None, joined=None, rest=None):
        self.tokens = tokens        # as printed; a split word's first part ends with "-"
        self.brk = brk              # None | "syllable" | "compound": how the line ends
        self.joined = joined        # the whole token when the last one is split
        self.rest = rest            # the part printed on the next line
        self.last = False


def wrap(fonts, style, text, width, loose=0.6, hyphenate=True):
    """Greedy line breaking. A syllable split is tried only when breaking before the word would
    stretch the gaps by more than `loose` × the normal space; a compound's own hyphen is always
    a break point."""
    space = fonts.width(style, " ")
    words = text.split()
    lines, cur, curw = [], [], 0.0
    avail = width - style.indent
    i = 0
    while i < len(words):
        w = words[i]
        ww = fonts.width(style, w)
        total = ww if not cur else curw + space + ww
        if total <= avail + 1e-6:
            cur.append(w)
            curw = total
            i += 1
            continue
        room = avail - (curw + space if cur else 0.0)
        split = None
        if hyphenate and COMPOUND.match(w):
            for k in range(len(w) - 1, 0, -1):
                if w[k] == "-" and fonts.width(style, w[:k + 1]) <= room:
                    split = (w[:k + 1], w[k + 1:], "compound")
                    break
        elif hyphenate and PLAIN.match(w):
            gaps = len(cur) - 1
            stretch = (avail - curw) / gaps if gaps > 0 else float("inf")
            if stretch > loose * space:
                lead, core, trail = PLAIN.match(w).groups()
                for p in reversed(hyphen_points(core)):
                    first = lead + core[:p] + "-"
                    if fonts.width(style, first) <= room:
                        split = (first, core[p:] + trail, "syllable")
                        break
        if split:
            cur.append(split[0])
            lines.append(Line(cur, split[2], w, split[1]))
            words[i] = split[1]
        elif not cur:                   # a word longer than the line: let it stick out
            lines.append(Line([w]))
            i += 1
        else:
            lines.append(Line(cur))
        cur, curw, avail = [], 0.0, width
    if cur or not lines:
        lines.append(Line(cur))
    lines[-1].last = True
    return lines


def join_lines(lines, keep_final_hyphen=True):
    """The paragraph text after correct dehyphenation: a syllable hyphen at a line end goes, a
    compound's hyphen stays, every other line end becomes one space."""
    out = ""
    for k, ln in enumerate(lines):
        s = " ".join(ln.tokens)
        if k + 1 < len(lines) or not keep_final_hyphen:
            if ln.brk == "syllable":
                s = s[:-1]
            elif ln.brk is None:
                s += " "
        out += s
    return out.strip()


# ----------------------------------------------------------------------------------------------
# Page layout
# ----------------------------------------------------------------------------------------------

class Block:
    """A paragraph, heading or layout instruction ("space", "framebreak", "pagebreak")."""

    def __init__(self, kind, text="", style=None, gap=False, dest=None, outline=None,
                 height=0.0, chapter=None):
        self.kind, self.text, self.style = kind, text, style
        self.gap = gap              # a blank line before it (a scene break), no indent
        self.dest = dest            # named destination on the heading
        self.outline = outline      # (level, title, "dest" | "pos", open?)
        self.height = height        # for "space"
        self.chapter = chapter      # running-header title of the chapter this block is in


class Frame:
    def __init__(self, page, x, top, width, bottom, column=1):
        self.page, self.x, self.top, self.width, self.bottom = page, x, top, width, bottom
        self.column = column


class Placed:
    def __init__(self, block, index, line, frame, x, y, xs, style):
        self.block, self.index, self.line, self.frame = block, index, line, frame
        self.x, self.y, self.xs, self.style = x, y, xs, style


class Layout:
    def __init__(self, fonts, frames, body):
        self.fonts, self.frames, self.body = fonts, frames, body
        self.fi = 0
        self.frame = frames(0)
        self.y = self.frame.top
        self.at_top = True
        self.placed = []
        self.blocks = []
        self.pages = 0              # the last page with something on it

    def state(self):
        return (self.fi, self.frame, self.y, self.at_top, len(self.placed), len(self.blocks),
                self.pages)

    def restore(self, st):
        self.fi, self.frame, self.y, self.at_top, n, b, self.pages = st
        del self.placed[n:]
        del self.blocks[b:]

    def next_frame(self):
        self.fi += 1
        self.frame = self.frames(self.fi)
        self.y = self.frame.top
        self.at_top = True

    def fits(self, h):
        return self.y + h <= self.frame.bottom + 0.01

    def place(self, block, index, line, style, indent):
        f = self.frame
        ws = [self.fonts.width(style, t) for t in line.tokens]
        avail = f.width - indent
        natural = sum(ws) + self.fonts.width(style, " ") * (len(ws) - 1)
        if style.align == "center":
            x0 = f.x + (f.width - natural) / 2
        else:
            x0 = f.x + indent
        if style.align == "justify" and not line.last and len(ws) > 1:
            gap = (avail - sum(ws)) / (len(ws) - 1)
        else:
            gap = self.fonts.width(style, " ")
        xs, x = [], x0
        for w in ws:
            xs.append(x)
            x += w + gap
        self.placed.append(Placed(block, index, line, f, x0, self.y, xs, style))
        self.pages = max(self.pages, f.page)
        self.at_top = False

    def add(self, block):
        if block.kind == "framebreak":
            self.next_frame()
            return
        if block.kind == "pagebreak":
            page = self.frame.page
            while self.frame.page == page:
                self.next_frame()
            return
        if block.kind == "space":
            self.y += block.height
            return
        self.blocks.append(block)
        style = block.style
        if block.kind in HEADING_KINDS or style.align == "center":
            lines = wrap(self.fonts, style, block.text, self.frame.width, hyphenate=False)
            before = 0.0 if self.at_top else style.before
            need = before + len(lines) * style.leading + style.after
            if block.kind != "title":
                need += 2 * self.body.leading        # keep with the next two lines
            if not self.fits(need):
                self.next_frame()
                before = 0.0
            self.y += before
            for k, ln in enumerate(lines):
                self.y += style.leading
                self.place(block, k, ln, style, 0.0)
            self.y += style.after
            return
        indent = 0.0 if block.gap or block.kind == "first" else style.indent
        st = style if indent == style.indent else style.with_(indent=0.0)
        if block.gap and not self.at_top:
            self.y += style.leading
        lines = wrap(self.fonts, st, block.text, self.frame.width)
        for k, ln in enumerate(lines):
            if not self.fits(style.leading):
                self.next_frame()
            self.y += style.leading
            self.place(block, k, ln, style, indent if k == 0 else 0.0)


# ----------------------------------------------------------------------------------------------
# Rendering and sidecars
# ----------------------------------------------------------------------------------------------

def new_surface(path, size, meta):
    surface = cairo.PDFSurface(path, *size)
    for key, value in meta.items():
        surface.set_metadata(getattr(cairo.PDFMetadata, key), value)
    return surface


def render(surface, fonts, layout, size, header=None, footer=None, page_hook=None):
    """Draws the laid-out pages; header(page) / footer(page) give the running strings;
    page_hook(ctx, page) draws anything extra (images). Returns {page: (header, footer)}."""
    ctx = cairo.Context(surface)
    by_page = {}
    for p in layout.placed:
        by_page.setdefault(p.frame.page, []).append(p)
    furniture = {}
    hstyle = Style(SERIF, 8.5, 10, slant=ITALIC, align="center")
    fstyle = Style(SERIF, 8.5, 10, align="center")
    outline_marks = []
    for page in range(1, layout.pages + 1):
        ctx.set_source_rgb(0, 0, 0)
        h = header(page) if header else None
        f = footer(page) if footer else None
        furniture[page] = (h, f)
        for text, st, y in ((h, hstyle, 36.0), (f, fstyle, size[1] - 30.0)):
            if text:
                ctx.set_scaled_font(fonts.get(st))
                ctx.move_to((size[0] - fonts.width(st, text)) / 2, y)
                ctx.show_text(text)
        if page_hook:
            page_hook(ctx, page)
        for p in by_page.get(page, []):
            b = p.block
            top = p.y - p.style.leading
            if p.index == 0 and b.outline:
                outline_marks.append((b, page, p.x, top))
            tagged = p.index == 0 and b.dest
            if tagged:
                ctx.tag_begin(cairo.TAG_DEST, "name='%s' x=%.2f y=%.2f" % (b.dest, p.x, top))
            ctx.set_scaled_font(fonts.get(p.style))
            for tok, x in zip(p.line.tokens, p.xs):
                ctx.move_to(x, p.y)
                ctx.show_text(tok)
            if tagged:
                ctx.tag_end(cairo.TAG_DEST)
        surface.show_page()
    # outline
    outline, stack = [], []
    for b, page, x, top in outline_marks:
        level, title, how, is_open = b.outline
        while len(stack) >= level:
            stack.pop()
        parent = stack[-1][0] if stack else cairo.PDF_OUTLINE_ROOT
        attrs = "dest='%s'" % b.dest if how == "dest" else "page=%d pos=[%.2f %.2f]" % (page, x, top)
        flags = cairo.PDFOutlineFlags.OPEN if is_open else 0
        oid = surface.add_outline(parent, title, attrs, flags)
        entry = {"title": title, "page": page, "open": bool(is_open),
                 "target": ({"dest": b.dest} if how == "dest" else {"page": page}),
                 "x": round(x, 2), "yTop": round(size[1] - top, 2), "children": []}
        (stack[-1][1]["children"] if stack else outline).append(entry)
        stack.append((oid, entry))
    return furniture, outline


def sidecar(name, layout, size, meta, furniture, outline, columns=False, extra_pages=None):
    """The ground truth the generator knows. See TestBooks/README.md for the schema."""
    blocks = layout.blocks
    lines_of = {}           # block id -> [(page, column, Line)]
    indent_of = {}          # block id -> first-line indent
    for p in layout.placed:
        if p.index == 0:
            indent_of[id(p.block)] = p.xs[0] - p.frame.x if p.style.align != "center" else 0.0
        lines_of.setdefault(id(p.block), []).append((p.frame.page, p.frame.column, p.line))
    pages = []
    for page in range(1, layout.pages + 1):
        h, f = furniture.get(page, (None, None))
        pages.append({"page": page, "header": h, "footer": f, "paragraphs": []})
    paragraphs, hyphens = [], []
    for b in blocks:
        entries = lines_of[id(b)]
        first, last = entries[0][0], entries[-1][0]
        heading = b.kind in HEADING_KINDS
        paragraphs.append({"text": join_lines([e[2] for e in entries]), "kind": b.style.kind,
                           "isHeading": heading, "firstPage": first, "lastPage": last})
        for page in range(first, last + 1):
            here = [e for e in entries if e[0] == page]
            frag = {"text": join_lines([e[2] for e in here]), "kind": b.style.kind,
                    "isHeading": heading,
                    "continuesFromPreviousPage": page > first,
                    "continuesOnNextPage": page < last}
            frag["indented"] = page == first and indent_of[id(b)] > 0
            if b.gap:
                frag["spaceBefore"] = page == first
            if columns:
                frag["columns"] = sorted({e[1] for e in here})
            frag["lines"] = [" ".join(e[2].tokens) for e in here]
            pages[page - 1]["paragraphs"].append(frag)
        for k, (page, col, ln) in enumerate(entries):
            if ln.brk:
                npage, ncol, nln = entries[k + 1]
                entry = {"page": page, "printed": [ln.tokens[-1], nln.tokens[0]],
                         "joined": ln.joined, "kind": ln.brk, "acrossPageBreak": npage != page}
                if columns:
                    entry["acrossColumnBreak"] = (npage, ncol) != (page, col)
                hyphens.append(entry)
                if nln.tokens[0] != ln.rest:
                    raise SystemExit("%s: a word split twice: %s" % (name, ln.joined))
    if extra_pages:
        for page, extra in extra_pages.items():
            pages[page - 1].update(extra)
    names = {"TITLE": "title", "AUTHOR": "author", "SUBJECT": "subject", "KEYWORDS": "keywords",
             "CREATOR": "creator", "CREATE_DATE": "creationDate", "MOD_DATE": "modDate"}
    doc = {
        "file": name,
        "generator": "TestBooks/make-pdfs.py",
        "pageCount": layout.pages,
        "pageSize": list(size),
        "metadata": {names[k]: v for k, v in meta.items()},
        "outline": outline,
        "pages": pages,
        "paragraphs": paragraphs,
        "hyphenations": hyphens,
    }
    return doc


def write_json(path, doc):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


# ----------------------------------------------------------------------------------------------
# Harbour Lights
# ----------------------------------------------------------------------------------------------

BOOK_TITLE = "Harbour Lights"

# Each chapter: (heading, running-header title, dest or None, blocks). A block is a string (a
# paragraph), ("gap", text) for a paragraph after a blank line, or ("sub", title, dest or None).
HARBOUR = [
    ("Chapter I. The Leading Lights", "The Leading Lights", "ch1", [
        "Carrick is a harbour town of twenty-three streets, four chapels and one bakery, built on a hillside so steep that the gulls on the quay look up at the chimneys of the upper town. Its harbour faces north-east, into the weather, and the only safe way in is a narrow channel between the Mare, a long black reef that shows itself at half-tide, and the shingle bank that the fishermen call the Spit.",
        "To bring a boat through that channel at night you need the leading lights. There are two of them, one low down on the end of the old pier and one high up on the hillside behind the town, and when a skipper sees them one exactly above the other, like two beads on a string, he knows that he is in the middle of the channel and may go on. If the upper light drifts to the left of the lower one, he is too far to starboard and the Mare is waiting for him; if it drifts to the right, the Spit will have the keel off his boat. Every child in Carrick learns this before learning to swim, and a surprising number of them never learn to swim at all.",
        "For forty-one years the leading lights had been looked after by Ivor Quayle, the harbour master, a short, broad, weather-beaten man with a voice that could carry the length of the quay in a north-easterly gale. He was well-known along that whole coast, not for anything remarkable he had done but for the things he would not do. He would not let a boat leave in weather he disliked; he would not let a boat come in without a word on the radio first; and he would not, under any circumstances whatever, let anybody else touch his lights.",
        "“They are not your lights, Ivor,” the harbour committee told him, at least once a year. “They belong to the Harbour Commissioners.”",
        "“Then the Commissioners can come and clean them,” he said, and went on cleaning them himself.",
        "The committee had given up arguing about it long ago. The lights had never once failed in forty-one years, which was more than could be said for the committee, and in a town that lived by its boats that counted for a great deal. But Ivor was seventy-two now, and his knees were bad, and the lane up to the upper light was steep and slippery in winter; and so, after a long and uncomfortable meeting that nobody afterwards wanted to describe, the Commissioners wrote a letter.",
        ("gap", "Mara Quayle came to Carrick in the first week of March, on the afternoon bus, with a rucksack, a laptop and a letter from the Commissioners offering her the post of assistant harbour master for a trial period of six months. She was twenty-eight, the harbour master’s great-niece, and she had spent the last seven years in the control room of a container port on the other side of the country, where the ships were the size of streets and nobody had ever cleaned a lamp by hand."),
        "Her great-uncle met her at the bus stop. He looked at the rucksack, and then at the laptop, and then for a long time at her.",
        "“You’ll want a proper coat,” he said.",
        "That was the whole of his welcome. He walked her down the hill to the harbour office, a two-storey building of grey stone with a sea-green door and a brass plate so old and so often polished that the words on it had worn away to a faint shine. Inside there was a desk, a radio, a kettle, a barometer, a chart of the approaches pinned to the wall with drawing pins that had rusted into the plaster, and a window that looked straight down the channel to the open sea.",
        "“That’s the Mare,” he said, pointing. “That’s the Spit. That’s the pier light, and that,” and he turned her by the shoulder until she was facing the hill, “is the upper light. You line them up, and you don’t trust anything else. Not the plotter, not the telephone, not the fellow on the radio who says he knows the way. Understood?”",
        "“Understood,” said Mara, who had brought ships the length of a small town into berths with less than a metre to spare, using nothing but the plotter, the telephone and the fellow on the radio.",
    ]),
    ("Chapter II. Two Books", "Two Books", None, [
        ("sub", "The Red Ledger", "red-ledger"),
        "The harbour office kept two books. The first was the day book, a heavy ledger bound in red cloth, in which every movement in and out of the harbour was written down by hand: the name of the boat, the time, the height of the tide, the wind, and a column headed Remarks that her great-uncle used mostly for comments on other people’s seamanship. Mara read back through a whole year of it on her first evening and found that the remarks were a kind of diary of the town. Came in on the wrong side of the buoy, as usual. Late again, tide nearly gone. Brought his daughter out; she steers better than he does. Did not come in. Lifeboat called 03:40. All safe.",
        "The second book was smaller, bound in black oilcloth, and kept in the drawer of the desk under the radio. On its cover somebody had painted the word NIGHT in white letters. It was not a record of boats at all. Each entry gave a date and a time and the words Lights checked, followed by a pair of initials, and nothing else, night after night and year after year, in the same narrow, upright, old-fashioned hand.",
        "“Every night?” she asked.",
        "“Every night the lights are lit,” said Ivor. “Which is every night.”",
        "“But they’re automatic. There’s a photocell. I read the maintenance report on the bus.”",
        "He looked at her for a long moment, as though deciding whether the question deserved an answer.",
        "“A photocell,” he said at last, “is a small grey thing that sits in a box and has opinions about the dark. Its opinions are usually right. I go and look.”",
        ("sub", "Dusk Rounds", None),
        "So every evening, at dusk, she went with him. They climbed the steep lane behind the office, past the chapel and the old net lofts, to the upper light, which stood in a little white-painted hut at the top of a field of gorse. He opened the door with a key from his watch chain, looked at the lamp, wiped the glass with a soft cloth, and looked down the hill at the pier light to see that the two were in line. Then they walked back down through the town and along the quay to the end of the old pier, and did the same thing there the other way round. Then he wrote the date and the time in the black book, and Lights checked, and his initials: I.Q.",
        "It took them fifty minutes on a dry night and an hour and a quarter on a wet one. Mara timed it, because timing things was her habit, and worked out that over forty-one years her great-uncle had spent something like twelve thousand hours walking between two lamps that would have switched themselves on without him. She did not tell him this. By the end of the first week she had stopped thinking it was a waste, though she could not have said what she thought instead; by the end of the second she knew the lane so well that she could walk it in the dark without a torch, counting the steps between the chapel gate and the stile.",
        "On the tenth night he handed her the pen.",
    ]),
    ("Chapter III. Fog", "Fog", "ch3", [
        "In the third week of March the forecast began to talk about a deep low moving in from the Atlantic, and the day book filled with the small, busy entries of a harbour getting itself ready: boats hauled out, moorings doubled, the fish-market shutters bolted, the ice plant switched over to its own generator. The fleet had twenty-three boats that spring. By the Thursday night twenty-two of them were in, tied up two and three abreast along the inner wall, their fenders squealing as they rubbed together in the rising swell.",
        "The twenty-third was the Rosalind, a fifty-foot trawler skippered by a quiet, long-legged man called Dan Treloar, who had gone out to the far grounds on the Monday and was not answering his radio.",
        "“He’ll answer when he’s ready,” said Ivor, but he did not go home that night, and neither did Mara. They sat in the office with the radio turned up and the kettle on the stove, and listened to the wind trying the door.",
        "The storm blew itself out in the small hours, as storms on that coast often do, and left behind it something worse: a fog so thick that from the office window Mara could not see the quay, let alone the channel. It came in from the sea in long grey folds, soft and cold and smelling of weed, and it brought with it a silence so complete that she could hear water dripping from the gutter onto the step.",
        "At twenty past five the radio spoke.",
        "“Carrick harbour, Carrick harbour, this is Rosalind.” The voice was faint and broken by static, but it was unmistakably Dan Treloar’s: slow, polite and very tired. “We have lost our plotter and our radar, and the steering gear is damaged. We are somewhere north-east of the Mare, making for the channel by dead reckoning. Request you show us everything you’ve got.”",
        "Ivor had the handset before Mara could reach it. “Rosalind, Carrick. The leading lights are lit. Come in slowly and keep them in line.”",
        "There was a pause, full of hiss.",
        "“Carrick, Rosalind. I can see one light. I can’t see the other.”",
        "Mara went to the window. Through the fog, low down and almost straight ahead, she could make out a yellowish smudge that was the pier light. Above it, where the upper light ought to have been, there was nothing but grey.",
        "“The fog’s lying on the hill,” she said. “He can see the pier light underneath it, but the upper one is up in the cloud.”",
        "Ivor was already pulling on his coat. “Then we bring the upper light down to him,” he said.",
        ("gap", "It took her a moment to understand what he meant, and by then he was out of the door. She caught him up on the quay. He had the hand lamp from the office, a heavy old-fashioned thing with a square battery and a red-and-white shade, and he was walking fast, not towards the hill but along the shore road that ran below it, towards the boathouse at the far end of the beach."),
        "“In my father’s day,” he said, without slowing down, “before they built the hut on the hill, the upper light was a lantern on a pole, and when the hill was in cloud the men carried it down to the boathouse slip. It’s on the same line. Lower, but on the same line. There’s a mark.” He stopped, breathing hard, and swung the lamp across the wet stones until its beam found a white-painted arrow, half worn away, cut into the granite at the head of the slipway. “There.”",
        "He put the lamp into her hands. “Stand on the arrow. Hold it at the height of your head, and don’t move. I’ll talk him in.”",
        "And he was gone into the fog, back towards the office and the radio, before she could tell him that she had never done anything like this in her life.",
    ]),
    ("Chapter IV. The Lights in Line", "The Lights in Line", None, [
        "She stood on the arrow for thirty-five minutes. The lamp was heavier than it looked, and after ten minutes her arms began to ache; after twenty she could no longer feel her fingers, and she held the handle in the crook of her elbow and braced it against her shoulder. The fog pressed against her face like wet wool. She could hear the sea moving on the shingle, close by and invisible, and far off, so faint that at first she thought she was imagining it, the slow, uneven throb of an engine.",
        "She had spent seven years watching ships move as coloured shapes across a screen. She knew their lengths and their drafts, their speeds over the ground, their estimated times of arrival to the minute. She had never before stood in the dark and listened to one coming towards her, and she found that it was an entirely different thing: that every sound seemed to come from a new direction, and that the only fixed point in the whole grey world was the small circle of light she was holding, and the arrow under her boots.",
        "Once, the engine note rose sharply and then fell away, and she heard, thin and far away, someone shouting. She did not move. Afterwards she could not remember whether she had been frightened. She remembered only counting her breaths, and the weight of the lamp, and the cold.",
        "Then, quite suddenly, the throb of the engine was loud and close, and out of the fog, higher than she expected and much nearer, came the black bow of the Rosalind, with a man in a yellow oilskin standing in the wheelhouse door. The boat slid past the end of the pier, slowed, swung, and went on into the harbour as gently as a bus drawing in to a stop. Someone on deck lifted an arm to her. She found that she could not lift hers back.",
        ("gap", "The entry in the day book, in her great-uncle’s hand, read: Rosalind in 06:12. Steering gear gone, came in on pier light and boathouse lamp. All safe. And in the Remarks column, in rather smaller writing: Assistant harbour master stood her ground."),
        "That evening, at dusk, they climbed the lane together as usual. At the top of the field of gorse Ivor stopped, and took the key to the upper light off his watch chain, and held it out to her.",
        "“You’ll want your own,” he said. “I’ll get another cut.”",
        "Mara took it. She opened the door of the hut, looked at the lamp, wiped the glass, and looked down the hill, where the pier light had just come on, small and steady, exactly underneath. Then they walked down through the town together, and along the quay, and at the end of the evening she wrote in the black book the date and the time and the words Lights checked, and after them, for the first time, her own initials: M.Q.",
    ]),
]

BOOK_BODY = Style(SERIF, 10.5, 14.0, indent=15.0, kind="body")
BOOK_H1 = Style(SANS, 17.0, 22.0, weight=BOLD, align="left", before=22.0, after=12.0,
                kind="heading")
BOOK_H2 = Style(SANS, 12.0, 16.0, weight=BOLD, align="left", before=10.0, after=4.0,
                kind="subheading")
BOOK_MARGIN_X = 50.0
BOOK_TOP, BOOK_BOTTOM = 56.0, 540.0     # first baseline at TOP + leading; last at most BOTTOM


def book_frames(size):
    width = size[0] - 2 * BOOK_MARGIN_X

    def frames(i):
        return Frame(i + 1, BOOK_MARGIN_X, BOOK_TOP, width, BOOK_BOTTOM)
    return frames


def title_page_blocks(title, subtitle, author, note):
    return [
        Block("space", height=110.0),
        Block("title", title, Style(SANS, 26.0, 32.0, weight=BOLD, align="center", kind="title")),
        Block("space", height=10.0),
        Block("subtitle", subtitle, Style(SERIF, 12.0, 16.0, slant=ITALIC, align="center",
                                          kind="subtitle")),
        Block("space", height=60.0),
        Block("author", author, Style(SERIF, 13.0, 18.0, align="center", kind="author")),
        Block("space", height=180.0),
        Block("note", note, Style(SERIF, 8.0, 11.0, align="center", kind="note")),
        Block("pagebreak"),
    ]


def book_blocks(chapters):
    blocks = []
    for heading, short, dest, body in chapters:
        blocks.append(Block("heading", heading, BOOK_H1, dest=dest, chapter=short,
                            outline=(1, heading, "dest" if dest else "pos", any(
                                isinstance(x, tuple) and x[0] == "sub" for x in body))))
        first = True
        for item in body:
            if isinstance(item, tuple) and item[0] == "sub":
                blocks.append(Block("subheading", item[1], BOOK_H2, dest=item[2], chapter=short,
                                    outline=(2, item[1], "dest" if item[2] else "pos", False)))
                first = True
                continue
            gap = isinstance(item, tuple)
            text = item[1] if gap else item
            blocks.append(Block("first" if first else "body", text, BOOK_BODY, gap=gap,
                                chapter=short))
            first = False
    return blocks


def book_furniture(layout, title):
    """Running header: the book title on even pages, the chapter (of the page's first line) on
    odd pages; page number centred at the foot. Nothing on the title page."""
    chapter_at = {}
    for p in layout.placed:
        chapter_at.setdefault(p.frame.page, p.block.chapter)

    def header(page):
        if page == 1:
            return None
        return title if page % 2 == 0 else chapter_at.get(page)

    def footer(page):
        return None if page == 1 else str(page)
    return header, footer


BOOK_META = {
    "TITLE": BOOK_TITLE,
    "AUTHOR": "Anna Tern",
    "SUBJECT": "A short story of Carrick harbour, written for the reader project’s test books",
    "KEYWORDS": "harbour, leading lights, fog, test book",
    "CREATOR": "TestBooks/make-pdfs.py",
    "CREATE_DATE": DATE,
    "MOD_DATE": DATE,
}


def lay_out_book(fonts, blocks, size, max_pages=None):
    layout = Layout(fonts, book_frames(size), BOOK_BODY)
    for b in blocks:
        st = layout.state()
        layout.add(b)
        if max_pages and layout.pages > max_pages:
            layout.restore(st)
            break
    return layout


def make_harbour_lights(path):
    fonts = Fonts()
    blocks = title_page_blocks(BOOK_TITLE, "A story of Carrick harbour", "Anna Tern",
                               "Written for the reader project’s test books. "
                               "It may be copied freely.")
    blocks += book_blocks(HARBOUR)
    layout = lay_out_book(fonts, blocks, A5)
    header, footer = book_furniture(layout, BOOK_TITLE)
    surface = new_surface(path, A5, BOOK_META)
    furniture, outline = render(surface, fonts, layout, A5, header, footer)
    surface.finish()
    doc = sidecar(os.path.basename(path), layout, A5, BOOK_META, furniture, outline)
    check_book(doc)
    return doc


def check_book(doc):
    """The features the test suite relies on must really be there; fail loudly otherwise."""
    hy = doc["hyphenations"]
    syl = [h for h in hy if h["kind"] == "syllable"]
    comp = [h for h in hy if h["kind"] == "compound"]
    across = [f for p in doc["pages"] for f in p["paragraphs"] if f["continuesOnNextPage"]]
    mid_sentence = [f for f in across if not f["text"].endswith("-")
                    and not re.search(r"[.!?:;”]$", f["text"])]
    hyph_page = [h for h in syl if h["acrossPageBreak"]]
    problems = []
    if not 8 <= doc["pageCount"] <= 12:
        problems.append("%d pages" % doc["pageCount"])
    if len(syl) < 10:
        problems.append("%d syllable hyphens" % len(syl))
    if len(comp) < 3:
        problems.append("%d compound hyphens at line ends" % len(comp))
    if len(across) < 3:
        problems.append("%d paragraphs across page breaks" % len(across))
    if not mid_sentence:
        problems.append("no page break in mid-sentence")
    if not hyph_page:
        problems.append("no word hyphenated across a page break")
    if problems:
        raise SystemExit("harbour-lights: " + "; ".join(problems))


# ----------------------------------------------------------------------------------------------
# Large book for benchmarks
# ----------------------------------------------------------------------------------------------

LARGE_TITLES = ["The Leading Lights", "Two Books", "Fog", "The Lights in Line", "The Spit",
                "Half-Tide", "The Boathouse Slip", "Dusk Rounds", "The Red Ledger", "The Mare",
                "North-East", "The Upper Light", "Moorings", "The Night Book"]
LARGE_NAMES = [("Mara", "Ivor", "Rosalind", "Carrick"), ("Nell", "Hollis", "Kittiwake", "Gannet"),
               ("Ruth", "Pryce", "Guillemot", "Penmoor"), ("Tamsin", "Duthie", "Fulmar", "Skerry")]


def large_blocks():
    paras = []
    for _, _, _, body in HARBOUR:
        for item in body:
            if isinstance(item, tuple) and item[0] == "sub":
                continue
            paras.append(item[1] if isinstance(item, tuple) else item)
    n = len(paras)
    for chapter in itertools.count(1):          # lay_out_book stops at the page limit
        names = LARGE_NAMES[chapter % len(LARGE_NAMES)]
        title = LARGE_TITLES[chapter % len(LARGE_TITLES)]
        heading = "Chapter %d. %s" % (chapter, title)
        yield Block("heading", heading, BOOK_H1, chapter=title,
                    outline=(1, heading, "pos", False), dest=None)
        start = (chapter * 7) % n
        for k in range(28):
            text = paras[(start + k) % n]
            for old, new in zip(LARGE_NAMES[0], names):
                text = text.replace(old, new)
            gap = k > 0 and k % 11 == 0
            yield Block("first" if k == 0 else "body", text, BOOK_BODY, gap=gap, chapter=title)


def make_large(pages, path):
    fonts = Fonts()
    title = "Harbour Lights (%d pages)" % pages
    blocks = title_page_blocks(title, "A generated book for benchmarks", "Anna Tern",
                               "Generated by TestBooks/make-pdfs.py --large.")
    layout = lay_out_book(fonts, itertools.chain(blocks, large_blocks()), A5,
                          max_pages=pages)
    header, footer = book_furniture(layout, "Harbour Lights")
    meta = dict(BOOK_META, TITLE=title)
    surface = new_surface(path, A5, meta)
    render(surface, fonts, layout, A5, header, footer)
    surface.finish()
    return layout.pages


# ----------------------------------------------------------------------------------------------
# Two columns
# ----------------------------------------------------------------------------------------------

TWO_BODY = Style(SERIF, 10.0, 13.0, indent=12.0, kind="body")
TWO_H = Style(SANS, 12.5, 16.0, weight=BOLD, align="left", before=13.0, after=5.0,
              kind="heading")
TWO_MARGIN, TWO_GUTTER = 54.0, 24.0
TWO_TOP, TWO_BOTTOM = 54.0, 730.0
TWO_TITLE_BOTTOM = 150.0                # page 1: columns start below the title


def two_frames(i):
    width = (LETTER[0] - 2 * TWO_MARGIN - TWO_GUTTER) / 2
    if i == 0:
        return Frame(1, TWO_MARGIN, TWO_TOP, LETTER[0] - 2 * TWO_MARGIN, TWO_TITLE_BOTTOM)
    page, col = (i + 1) // 2, (i + 1) % 2 + 1
    top = TWO_TITLE_BOTTOM + 6.0 if page == 1 else TWO_TOP
    return Frame(page, TWO_MARGIN + (col - 1) * (width + TWO_GUTTER), top, width, TWO_BOTTOM,
                 column=col)


def lighthouse_chapters():
    """Chapters of The Lighthouse Keeper from the UTF-8 source: [(title, [paragraphs])]."""
    with open(os.path.join(SRC, "lighthouse-keeper.txt"), encoding="utf-8") as f:
        text = f.read()
    chapters = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        m = re.match(r"CHAPTER ([IVX]+)\. (.*)$", line)
        if m:
            title = " ".join(w.capitalize() for w in m.group(2).split())
            chapters.append(("Chapter %s. %s" % (m.group(1), title), []))
        elif chapters:
            chapters[-1][1].append(line)
    return chapters


TWO_META = {
    "TITLE": "The Lighthouse Keeper",
    "AUTHOR": "Anna Tern",
    "SUBJECT": "Chapters I and II of The Lighthouse Keeper set in two columns",
    "KEYWORDS": "two columns, lighthouse, test book",
    "CREATOR": "TestBooks/make-pdfs.py",
    "CREATE_DATE": DATE,
    "MOD_DATE": DATE,
}


def make_two_columns(path):
    fonts = Fonts()
    head = [
        Block("title", "The Lighthouse Keeper",
              Style(SANS, 24.0, 30.0, weight=BOLD, align="center", kind="title")),
        Block("space", height=6.0),
        Block("subtitle", "by Anna Tern · chapters I and II",
              Style(SERIF, 11.0, 15.0, slant=ITALIC, align="center", kind="subtitle")),
        Block("framebreak"),
    ]
    body = []
    for title, paras in lighthouse_chapters()[:2]:
        body.append(Block("heading", title, TWO_H, outline=(1, title, "pos", False)))
        for k, para in enumerate(paras):
            kind = "first" if k == 0 or re.match(r"\d\. ", paras[k - 1]) else "body"
            if re.match(r"\d\. ", para):
                body.append(Block("first", para, TWO_BODY.with_(kind="list-item")))
            else:
                body.append(Block(kind, para, TWO_BODY))
    layout = Layout(fonts, two_frames, TWO_BODY)
    for b in head:
        layout.add(b)
    # only paragraphs that end on page 3
    for b in body:
        st = layout.state()
        layout.add(b)
        if layout.pages > 3:
            layout.restore(st)
            break
    surface = new_surface(path, LETTER, TWO_META)
    # The footer is wider than the gutter on purpose: a lone "2" centred in the gutter makes
    # poppler read the right column before the left one (see TestBooks/README.md).
    total = layout.pages
    furniture, outline = render(surface, fonts, layout, LETTER, None,
                                lambda p: "Page %d of %d" % (p, total))
    surface.finish()
    doc = sidecar(os.path.basename(path), layout, LETTER, TWO_META, furniture, outline,
                  columns=True)
    check_two_columns(doc)
    return doc


def check_two_columns(doc):
    frags = [f for p in doc["pages"] for f in p["paragraphs"]]
    problems = []
    if doc["pageCount"] != 3:
        problems.append("%d pages" % doc["pageCount"])
    if not any(f["columns"] == [1, 2] for f in frags):
        problems.append("no paragraph from the left column to the right one")
    if not any(f["continuesOnNextPage"] for f in frags):
        problems.append("no paragraph across a page break")
    if len(doc["hyphenations"]) < 5:
        problems.append("%d hyphens" % len(doc["hyphenations"]))
    if problems:
        raise SystemExit("two-columns: " + "; ".join(problems))


# ----------------------------------------------------------------------------------------------
# Small documents: locked, scanned page, XMP only
# ----------------------------------------------------------------------------------------------

SMALL_BODY = Style(SERIF, 10.5, 14.0, indent=15.0, kind="body")
SMALL_H = Style(SANS, 15.0, 20.0, weight=BOLD, align="left", before=16.0, after=10.0,
                kind="heading")


def small_doc(path, size, meta, items, page_hook=None, footer=True):
    """items: ("h", text) | ("p", text) | ("pagebreak",). Returns the sidecar."""
    fonts = Fonts()
    layout = Layout(fonts, book_frames(size), SMALL_BODY)
    first = True
    for it in items:
        if it[0] == "pagebreak":
            layout.add(Block("pagebreak"))
        elif it[0] == "h":
            layout.add(Block("heading", it[1], SMALL_H))
            first = True
        else:
            layout.add(Block("first" if first else "body", it[1], SMALL_BODY))
            first = False
    surface = new_surface(path, size, meta)
    furniture, outline = render(surface, fonts, layout, size, None,
                                (lambda p: str(p)) if footer else None, page_hook)
    surface.finish()
    extra = page_hook.sidecar if page_hook else None
    return sidecar(os.path.basename(path), layout, size, meta, furniture, outline,
                   extra_pages=extra)


LOCKED_TEXT = [
    ("h", "Harbour Commissioners of Carrick"),
    ("p", "Minutes of the meeting held in the harbour office on the first Tuesday of February. "
          "Present: the chairman, four commissioners, the harbour master and the clerk, who "
          "took these minutes and apologises for the state of the kettle."),
    ("p", "Item 1. The accounts for the year were read and approved. Harbour dues rose by two "
          "per cent; the ice plant cost more to run than it earned, as it has every year since "
          "it was installed, and the clerk was asked to stop writing “as usual” in the margin."),
    ("p", "Item 2. The chairman raised the question of the leading lights. The harbour master "
          "said that there was no question. After some discussion it was agreed that an "
          "assistant harbour master should be appointed for a trial period of six months, and "
          "that the post should first be offered to a member of the harbour master’s family, "
          "so that the lights would at least stay in the family."),
    ("pagebreak",),
    ("h", "Item 3. Any other business"),
    ("p", "The owner of the Rosalind asked again whether the commissioners would pay for a new "
          "plotter. The commissioners said again that they would not. The harbour master said "
          "that a plotter was a small grey box with opinions, and that he had never needed one."),
    ("p", "The meeting closed at nine o’clock. These minutes are confidential until they have "
          "been approved at the next meeting, which is why this copy is locked."),
]

LOCKED_META = {
    "TITLE": "Minutes of the Harbour Commissioners",
    "AUTHOR": "The Clerk to the Commissioners",
    "SUBJECT": "An encrypted test document (AES-256)",
    "KEYWORDS": "encrypted, password, test book",
    "CREATOR": "TestBooks/make-pdfs.py",
    "CREATE_DATE": DATE,
    "MOD_DATE": DATE,
}

# The /Encrypt dictionary of locked.pdf. qpdf 11's --static-aes-iv fixes the IVs but an AES-256
# (R6) key and its salts are always random, so the file would differ on every run. These values
# came from one run of `qpdf --encrypt reader-user reader-owner 256`; the script writes them into
# a one-page template and encrypts with `qpdf --copy-encryption=template`, which reuses the key.
LOCKED_ENCRYPT = (
    "<< /Filter /Standard /V 5 /R 6 /Length 256 /P -4 "
    "/CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 /Length 32 >> >> /StmF /StdCF /StrF /StdCF "
    "/O <d51e06810e3b7db887c627e82bca9d0d18162a7fe9da7298c6af746ce7e9e6556273d851d7172d72038ecf3600ea64f8> "
    "/U <2eb6b748bbddbb5ded94b896c215b18960cecda8390d0709aedd50e954b9c75cd1043ccbfcc6d617529168a66c01e713> "
    "/OE <498f26a02fc3ec1e4581d192f1b873c665e0f36f472694ebcaeafe51c22cb8f0> "
    "/UE <991069b4c9c2cc8e9e7d4b32d15778e5146ea7ab3b22ee8349be4805fbf09300> "
    "/Perms <caaa53553c2f8862fd5c55bcbd7ad154> >>")
USER_PASSWORD, OWNER_PASSWORD = "reader-user", "reader-owner"


def tiny_pdf(objects, trailer_extra=""):
    """A hand-written PDF with correct xref offsets. objects: list of dictionary strings."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += ("%d 0 obj\n%s\nendobj\n" % (i, obj)).encode("latin-1")
    xref = len(out)
    out += ("xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)).encode()
    for off in offsets:
        out += ("%010d 00000 n \n" % off).encode()
    out += ("trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, trailer_extra, xref)).encode()
    return bytes(out)


def qpdf(*args):
    subprocess.run(["qpdf"] + list(args), check=True)


def make_locked(path, tmp):
    plain = os.path.join(tmp, "locked-plain.pdf")
    doc = small_doc(plain, A5, LOCKED_META, LOCKED_TEXT)
    template = os.path.join(tmp, "encrypt-template.pdf")
    with open(template, "wb") as f:
        f.write(tiny_pdf(["<< /Type /Catalog /Pages 2 0 R >>",
                          "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                          "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>",
                          LOCKED_ENCRYPT],
                         "/Encrypt 4 0 R /ID [<72656164657220746573742066696c65>"
                         "<72656164657220746573742066696c65>] "))
    qpdf("--static-id", "--static-aes-iv", "--copy-encryption=" + template,
         "--encryption-file-password=" + OWNER_PASSWORD, plain, path)
    doc["encryption"] = {"algorithm": "AES-256", "R": 6, "V": 5,
                         "userPassword": USER_PASSWORD, "ownerPassword": OWNER_PASSWORD}
    return doc


SCANNED_TEXT = [
    ("h", "The Boathouse Slip"),
    ("p", "At the head of the boathouse slip in Carrick there is an arrow cut into the granite "
          "and painted white. Visitors take it for a surveyor’s mark. It is older than that: it "
          "marks the place where, before the hut on the hill was built, the upper leading light "
          "was carried down on foggy nights, so that it shone on the same line as the pier "
          "light, only lower."),
    ("p", "The next page is a scan of the notice that the harbour office pinned up when the hut "
          "was finished. The paper is brown and the typing faint, and nobody has typed it out "
          "again, so a reader that wants its words has to recognise them in the picture."),
    ("pagebreak",),
    ("pagebreak",),
    ("h", "After the Scan"),
    ("p", "The notice is still on the wall of the harbour office, behind glass, beside the chart "
          "of the approaches. The arrow on the slip is repainted every spring, although the "
          "upper light has not been carried down the hill for more than seventy years."),
    ("p", "This page is ordinary text again: a reader should find words on pages one and three "
          "and none on page two."),
]

SCANNED_IMAGE_LINES = [
    "CARRICK HARBOUR",
    "NOTICE TO MARINERS  No. 3",
    "",
    "The upper leading light is now",
    "established in a hut on the hill",
    "behind the town and will be lit",
    "every night from sunset to sunrise.",
    "",
    "In fog, when the upper light cannot",
    "be seen, a lamp will be shown from",
    "the mark at the head of the",
    "boathouse slip. Keep the pier light",
    "and the lamp in line.",
    "",
    "By order,",
    "the Harbour Master.",
]

SCANNED_META = {
    "TITLE": "The Boathouse Slip",
    "AUTHOR": "Anna Tern",
    "SUBJECT": "Three pages; the middle one is only an image of text",
    "KEYWORDS": "scanned, image, no text layer, test book",
    "CREATOR": "TestBooks/make-pdfs.py",
    "CREATE_DATE": DATE,
    "MOD_DATE": DATE,
}

SCAN_DPI = 100


class ScannedPage:
    """page_hook for scanned-page.pdf: paints a greyscale picture of a typed notice on page 2."""

    sidecar = {2: {"imageOnly": True, "imageText": SCANNED_IMAGE_LINES}}

    def __init__(self, size):
        self.size = size
        self.image = None

    def make_image(self):
        w = int(round(self.size[0] / 72 * SCAN_DPI))
        h = int(round(self.size[1] / 72 * SCAN_DPI))
        img = cairo.ImageSurface(cairo.FORMAT_RGB24, w, h)
        c = cairo.Context(img)
        c.set_source_rgb(0.92, 0.92, 0.92)                    # grey, so cairo stores it as
        c.paint()                                             # a one-channel image
        grad = cairo.LinearGradient(0, 0, 40, 0)              # the scanner's shadow at the fold
        grad.add_color_stop_rgb(0, 0.55, 0.55, 0.55)
        grad.add_color_stop_rgb(1, 0.92, 0.92, 0.92)
        c.set_source(grad)
        c.rectangle(0, 0, 40, h)
        c.fill()
        c.translate(w / 2, h / 2)
        c.rotate(0.012)                                       # fed in a little crooked
        c.translate(-w / 2, -h / 2)
        c.set_source_rgb(0.18, 0.18, 0.18)
        c.select_font_face("DejaVu Sans Mono", UPRIGHT, NORMAL)
        c.set_font_size(11.0 * SCAN_DPI / 72)
        y = 120
        for k, line in enumerate(SCANNED_IMAGE_LINES):
            if k < 2:
                c.select_font_face("DejaVu Sans Mono", UPRIGHT, BOLD)
                ext = c.text_extents(line)
                c.move_to((w - ext.x_advance) / 2, y)
            else:
                c.select_font_face("DejaVu Sans Mono", UPRIGHT, NORMAL)
                c.move_to(90, y)
            c.show_text(line)
            y += 11.0 * SCAN_DPI / 72 * 1.6
        img.flush()
        return img

    def __call__(self, ctx, page):
        if page != 2:
            return
        if self.image is None:
            self.image = self.make_image()
        ctx.save()
        ctx.scale(72 / SCAN_DPI, 72 / SCAN_DPI)
        ctx.set_source_surface(self.image, 0, 0)
        ctx.paint()
        ctx.restore()


def make_scanned(path):
    return small_doc(path, A5, SCANNED_META, SCANNED_TEXT, page_hook=ScannedPage(A5),
                     footer=False)


XMP_TEXT = [
    ("h", "Notes on the Leading Lights"),
    ("p", "This one-page document has no document information dictionary. Its title, its two "
          "authors, a description, its language and its dates are only in the XMP metadata "
          "stream that the catalog names, the way some newer tools write their files."),
    ("p", "A reader that looks only at the information dictionary will find nothing and should "
          "fall back to the XMP packet: the title is “Notes on the Leading Lights”, the "
          "creators are Mara Quayle and Ivor Quayle, in that order, and the language is "
          "British English."),
]

XMP_PACKET = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <dc:format>application/pdf</dc:format>
   <dc:title>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">Notes on the Leading Lights</rdf:li>
    </rdf:Alt>
   </dc:title>
   <dc:creator>
    <rdf:Seq>
     <rdf:li>Mara Quayle</rdf:li>
     <rdf:li>Ivor Quayle</rdf:li>
    </rdf:Seq>
   </dc:creator>
   <dc:description>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">How the Carrick leading lights are checked at dusk, and what to do when the upper light is in the fog.</rdf:li>
    </rdf:Alt>
   </dc:description>
   <dc:language>
    <rdf:Bag>
     <rdf:li>en-GB</rdf:li>
    </rdf:Bag>
   </dc:language>
   <xmp:CreateDate>2024-03-14T12:00:00Z</xmp:CreateDate>
   <xmp:ModifyDate>2024-03-14T12:00:00Z</xmp:ModifyDate>
   <xmp:CreatorTool>TestBooks/make-pdfs.py</xmp:CreatorTool>
   <pdf:Producer>reader TestBooks/make-pdfs.py (cairo and qpdf)</pdf:Producer>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""

XMP_EXPECTED = {
    "title": "Notes on the Leading Lights",
    "creators": ["Mara Quayle", "Ivor Quayle"],
    "description": "How the Carrick leading lights are checked at dusk, and what to do when "
                   "the upper light is in the fog.",
    "language": "en-GB",
    "createDate": "2024-03-14T12:00:00Z",
    "modifyDate": "2024-03-14T12:00:00Z",
    "creatorTool": "TestBooks/make-pdfs.py",
    "producer": "reader TestBooks/make-pdfs.py (cairo and qpdf)",
}


def make_xmp_only(path, tmp):
    base = os.path.join(tmp, "xmp-base.pdf")
    # cairo always writes an Info dictionary (Producer, dates); it is dropped below
    doc = small_doc(base, A5, {"CREATE_DATE": DATE, "MOD_DATE": DATE}, XMP_TEXT, footer=False)
    qdf = os.path.join(tmp, "xmp.qdf")
    qpdf("--qdf", "--object-streams=disable", "--static-id", base, qdf)
    with open(qdf, "rb") as f:
        data = f.read()
    # the trailer loses /Info; the catalog gains /Metadata, a new object before the xref
    size = int(re.search(rb"/Size (\d+)", data).group(1))
    data, n = re.subn(rb"\n  /Info \d+ 0 R", b"", data)
    assert n == 1, "no /Info in the trailer"
    data, n = re.subn(rb"(\n  /Type /Catalog)", b"\n  /Metadata %d 0 R\\1" % size, data, 1)
    assert n == 1, "no catalog"
    # QDF style, so that fix-qdf can renumber offsets: the length is an object of its own
    packet = XMP_PACKET.encode("utf-8") + b"\n"
    obj = (b"%d 0 obj\n<<\n  /Length %d 0 R\n  /Subtype /XML\n  /Type /Metadata\n>>\nstream\n"
           % (size, size + 1) + packet + b"endstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n"
           % (size + 1, len(packet)))
    at = data.rindex(b"\nxref\n") + 1
    data = data[:at] + obj + data[at:]
    data = data.replace(b"/Size %d" % size, b"/Size %d" % (size + 2))
    edited = os.path.join(tmp, "xmp-edited.qdf")
    with open(edited, "wb") as f:
        f.write(data)
    fixed = os.path.join(tmp, "xmp-fixed.qdf")
    with open(fixed, "wb") as f:
        subprocess.run(["fix-qdf", edited], stdout=f, check=True)
    qpdf("--deterministic-id", "--object-streams=disable", fixed, path)
    doc["metadata"] = {}
    doc["xmp"] = XMP_EXPECTED
    doc["infoDictionary"] = False
    return doc


# ----------------------------------------------------------------------------------------------
# Broken files
# ----------------------------------------------------------------------------------------------

NOT_A_PDF = """This is not a PDF.

It is a plain UTF-8 text file with a .pdf name, written for the reader project's test books.
A PDF starts with "%PDF-"; this file starts with "This", so a reader should report that it is
not a PDF instead of trying to parse it.

Harbour Lights, Chapter I: Carrick is a harbour town of twenty-three streets, four chapels and
one bakery, built on a hillside so steep that the gulls on the quay look up at the chimneys of
the upper town.
"""


def make_malformed(book):
    os.makedirs(BAD, exist_ok=True)
    with open(book, "rb") as f:
        data = f.read()
    with open(os.path.join(BAD, "truncated.pdf"), "wb") as f:
        f.write(data[:len(data) * 60 // 100])
    with open(os.path.join(BAD, "not-a-pdf.pdf"), "w", encoding="utf-8") as f:
        f.write(NOT_A_PDF)
    with open(os.path.join(BAD, "empty.pdf"), "wb") as f:
        pass
    m = list(re.finditer(rb"startxref\r?\n(\d+)", data))[-1]
    bad = data[:m.start(1)] + str(len(data) + 1000).encode() + data[m.end(1):]
    with open(os.path.join(BAD, "bad-xref.pdf"), "wb") as f:
        f.write(bad)


# ----------------------------------------------------------------------------------------------

def main(argv):
    if argv and argv[0] == "--large":
        args = argv[1:]
        pages = 500
        if args and args[0].isdigit():
            pages = int(args.pop(0))
        if len(args) != 1:
            raise SystemExit("usage: make-pdfs.py --large [N] OUT")
        n = make_large(pages, args[0])
        print("%s: %d pages" % (args[0], n))
        return
    if argv:
        raise SystemExit("usage: make-pdfs.py | make-pdfs.py --large [N] OUT")
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [
            ("harbour-lights", lambda p: make_harbour_lights(p)),
            ("two-columns", lambda p: make_two_columns(p)),
            ("locked", lambda p: make_locked(p, tmp)),
            ("scanned-page", lambda p: make_scanned(p)),
            ("xmp-only", lambda p: make_xmp_only(p, tmp)),
        ]
        for name, job in jobs:
            path = os.path.join(OUT, name + ".pdf")
            doc = job(path)
            write_json(os.path.join(OUT, name + ".expected.json"), doc)
            print("%-22s %2d pages %7d bytes" % (name + ".pdf", doc["pageCount"],
                                                  os.path.getsize(path)))
    make_malformed(os.path.join(OUT, "harbour-lights.pdf"))


if __name__ == "__main__":
    main(sys.argv[1:])
