// One walk over a page's words that gives what poppler-glib's text, layout and attribute calls give
// (glib/poppler-page.cc in poppler 22.12: poppler_page_get_text_page, poppler_page_get_text,
// poppler_page_get_text_layout_for_area, poppler_page_get_text_attributes_for_area).
#include "CPopplerText.h"
#include "RPTDocument.h"

#include <GlobalParams.h>
#include <Gfx.h>
#include <GfxFont.h>
#include <OutputDev.h>
#include <PDFDoc.h>
#include <Page.h>
#include <XRef.h>
#include <TextOutputDev.h>
#include <goo/GooString.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <map>
#include <set>
#include <algorithm>
#include <string>
#include <vector>


namespace {

/// The gap, in font sizes, past which two words of a selection line are kept apart. Word spaces
/// are about a quarter to a third of an em; poppler itself breaks words at a tenth.
constexpr double gapSpaceRatio = 0.3;

/// The password as ISO-8859-1, or nullopt when it has a character Latin-1 lacks or is not UTF-8.
std::optional<std::string> latin1(const char *utf8)
{
    std::string result;
    for (const unsigned char *p = reinterpret_cast<const unsigned char *>(utf8); *p;) {
        if (*p < 0x80) {
            result += char(*p++);
        } else if ((*p == 0xC2 || *p == 0xC3) && (p[1] & 0xC0) == 0x80) {
            result += char(((p[0] & 0x03) << 6) | (p[1] & 0x3F));
            p += 2;
        } else {
            return std::nullopt;
        }
    }
    return result;
}

std::unique_ptr<PDFDoc> openDoc(const char *path, const std::optional<GooString> &password)
{
    return std::make_unique<PDFDoc>(std::make_unique<GooString>(path), password, password);
}

/// poppler_page_get_size: the crop box, sides swapped for a quarter turn.
void pageSize(Page *page, double *width, double *height)
{
    const int rotate = page->getRotate();
    const bool quarter = rotate == 90 || rotate == 270;
    *width = quarter ? page->getCropHeight() : page->getCropWidth();
    *height = quarter ? page->getCropWidth() : page->getCropHeight();
}

/// The font name poppler-glib reports: "Default" for none, a subset tag ("ABCDEF+") removed.
std::string fontName(const TextWord *word, int index)
{
    const GooString *name = word->getFontName(index);
    if (!name || name->getLength() == 0) {
        return "Default";
    }
    const std::string &full = name->toStr();
    size_t capitals = 0;
    while (capitals < full.size() && full[capitals] >= 'A' && full[capitals] <= 'Z') {
        capitals++;
    }
    const bool subset = capitals > 0 && capitals < full.size() && full[capitals] == '+';
    return subset ? full.substr(capitals + 1) : full;
}

/// True for every character poppler 22.12 treats as right-to-left (its unicodeTypeR, which
/// libpoppler does not export: Hebrew to Thaana, RLM, RLE, RLO and the Hebrew and Arabic
/// presentation forms), and for a few neighbours; a neighbour only costs a slower exact path.
bool mayBeRightToLeft(Unicode c)
{
    return (c >= 0x0590 && c <= 0x08FF) || c == 0x200F || c == 0x202B || c == 0x202E || (c >= 0xFB18 && c <= 0xFDFF)
        || (c >= 0xFE6C && c <= 0xFEFF);
}

/// The RPTFontRun flags of a character's font.
uint8_t fontFlags(const TextWord *word, int index)
{
    const TextFontInfo *info = word->getFontInfo(index);
    if (!info) {
        return 0;
    }
    return (info->isBold() ? RPT_FONT_BOLD : 0) | (info->isItalic() ? RPT_FONT_ITALIC : 0);
}

/// Whether two characters are in the same font object at the same size (poppler-glib also splits
/// runs on colour and underline; only names and sizes are kept here).
bool sameFont(const TextWord *a, int ai, const TextWord *b, int bi)
{
    return a->getFontInfo(ai)->matches(b->getFontInfo(bi)) && a->getFontSize() == b->getFontSize();
}

/// Whether `next` starts far enough after `word` to be another word although no space glyph came
/// between them: poppler marks a space only where the PDF draws one, and its selection can put
/// two words of a line with a wide gap between them (table cells, figure labels, columns) side by
/// side. The gap is measured along the writing direction, against the larger font size.
bool separatedByGap(const TextWord *word, const TextWord *next)
{
    if (word->getRotation() != next->getRotation()) {
        return true;
    }
    double x1, y1, x2, y2, nextX1, nextY1, nextX2, nextY2;
    word->getBBox(&x1, &y1, &x2, &y2);
    next->getBBox(&nextX1, &nextY1, &nextX2, &nextY2);
    double gap = 0;
    switch (word->getRotation()) {
    case 0: gap = nextX1 - x2; break;
    case 1: gap = nextY1 - y2; break;
    case 2: gap = x1 - nextX2; break;
    default: gap = y1 - nextY2; break;
    }
    return gap > gapSpaceRatio * std::max(word->getFontSize(), next->getFontSize());
}

/// The selection of a whole page, line by line, freed with the object.
struct WordLines {
    std::vector<TextWordSelection *> **lines = nullptr;
    int count = 0;

    WordLines(TextPage *text, const PDFRectangle &area)
    {
        PDFRectangle selection = area;
        lines = text->getSelectionWords(&selection, selectionStyleGlyph, &count);
        if (!lines) {
            count = 0;
        }
    }
    ~WordLines()
    {
        for (int i = 0; i < count; i++) {
            for (TextWordSelection *word : *lines[i]) {
                delete word;
            }
            delete lines[i];
        }
        gfree(lines);
    }
    WordLines(const WordLines &) = delete;
    WordLines &operator=(const WordLines &) = delete;
};

/// What one walk collects before it is copied into C buffers.
struct PageCollector {
    std::vector<RPTRect> rects;
    std::vector<uint32_t> characters;
    std::vector<RPTFontRun> runs;
    std::string names;
    /// The name of the last run, to merge the next one into it when name, size and flags agree.
    std::string lastName;
    bool hasRightToLeft = false;

    void add(Unicode character, const RPTRect &box)
    {
        if (!runs.empty()) {
            runs.back().end = int32_t(rects.size());
        }
        characters.push_back(character);
        rects.push_back(box);
    }

    /// Starts a run at the next rectangle unless the last run has the same font name, size and flags.
    void startRun(const TextWord *word, int index)
    {
        std::string name = fontName(word, index);
        const uint8_t flags = fontFlags(word, index);
        if (!runs.empty() && runs.back().fontSize == word->getFontSize() && runs.back().flags == flags && name == lastName) {
            return;
        }
        RPTFontRun run {};
        run.start = int32_t(rects.size());
        run.end = run.start;
        run.fontNameOffset = int32_t(names.size());
        run.flags = flags;
        run.fontSize = word->getFontSize();
        names += name;
        names += '\0';
        runs.push_back(run);
        lastName = std::move(name);
    }

    /// Characters, boxes and runs in the order poppler-glib gives them: words joined by a space
    /// where poppler saw one, lines by a line break, each with a rectangle (the space's spans the
    /// gap to the next word; the line break's has no size, at the end of the line's last word).
    void walk(const WordLines &words)
    {
        const TextWord *previousWord = nullptr;
        int previousIndex = 0;
        for (int i = 0; i < words.count; i++) {
            const std::vector<TextWordSelection *> &line = *words.lines[i];
            double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
            for (size_t j = 0; j < line.size(); j++) {
                const TextWordSelection *selection = line[j];
                const TextWord *word = selection->getWord();
                for (int k = selection->getBegin(); k < selection->getEnd(); k++) {
                    const Unicode character = *word->getChar(k);
                    hasRightToLeft = hasRightToLeft || mayBeRightToLeft(character);
                    if (!previousWord || !sameFont(word, k, previousWord, previousIndex)) {
                        startRun(word, k);
                    }
                    RPTRect box;
                    word->getCharBBox(k, &box.x1, &box.y1, &box.x2, &box.y2);
                    add(character, box);
                    previousWord = word;
                    previousIndex = k;
                }
                word->getBBox(&x1, &y1, &x2, &y2);
                if (j + 1 < line.size()) {
                    const TextWord *next = line[j + 1]->getWord();
                    double nextX1, nextY1, nextX2, nextY2;
                    next->getBBox(&nextX1, &nextY1, &nextX2, &nextY2);
                    if (word->hasSpaceAfter() || separatedByGap(word, next)) {
                        add(0x20, RPTRect { x2, y1, nextX1, y2 });
                    }
                }
            }
            if (i + 1 < words.count && !rects.empty()) {
                add(0x0A, RPTRect { x2, y2, x2, y2 });
            }
        }
    }
};

/// Counts the images a page draws, as poppler-glib's poppler_page_get_image_mapping does with
/// CairoImageOutputDev: every image, image mask and soft mask from an image mask, in the page's
/// content and its forms; nothing inside tiling patterns or Type 3 glyphs; nothing else drawn.
class ImageCounter : public OutputDev
{
public:
    int count = 0;

    bool upsideDown() override { return true; }
    bool useDrawChar() override { return false; }
    bool interpretType3Chars() override { return false; }
    bool needNonText() override { return true; }
    bool useTilingPatternFill() override { return true; }
    bool useShadedFills(int type) override { return type <= 7; }
    bool tilingPatternFill(GfxState *, Gfx *, Catalog *, GfxTilingPattern *, const double *, int, int, int, int, double, double) override { return true; }
    bool functionShadedFill(GfxState *, GfxFunctionShading *) override { return true; }
    bool axialShadedFill(GfxState *, GfxAxialShading *, double, double) override { return true; }
    bool radialShadedFill(GfxState *, GfxRadialShading *, double, double) override { return true; }
    bool gouraudTriangleShadedFill(GfxState *, GfxGouraudTriangleShading *) override { return true; }
    bool patchMeshShadedFill(GfxState *, GfxPatchMeshShading *) override { return true; }

    // The base versions skip over an inline image's data, so the content after it still parses.
    void drawImageMask(GfxState *state, Object *ref, Stream *str, int width, int height, bool invert, bool interpolate, bool inlineImg) override
    {
        count++;
        OutputDev::drawImageMask(state, ref, str, width, height, invert, interpolate, inlineImg);
    }
    void setSoftMaskFromImageMask(GfxState *state, Object *ref, Stream *str, int width, int height, bool invert, bool inlineImg, double *baseMatrix) override
    {
        count++;
        OutputDev::drawImageMask(state, ref, str, width, height, invert, false, inlineImg);
    }
    void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap, bool interpolate, const int *maskColors, bool inlineImg) override
    {
        count++;
        OutputDev::drawImage(state, ref, str, width, height, colorMap, interpolate, maskColors, inlineImg);
    }
    void drawMaskedImage(GfxState *, Object *, Stream *, int, int, GfxImageColorMap *, bool, Stream *, int, int, bool, bool) override { count++; }
    void drawSoftMaskedImage(GfxState *, Object *, Stream *, int, int, GfxImageColorMap *, bool, Stream *, int, int, GfxImageColorMap *, bool) override { count++; }
};

/// Displays `page` (its content, no annotations, as poppler-glib does) on `device`. The Gfx
/// returned ends the page on the device again when deleted, so it must outlive what the caller
/// takes from the device (as in poppler-glib).
std::unique_ptr<Gfx> displayContent(Page *page, OutputDev *device)
{
    std::unique_ptr<Gfx> gfx(page->createGfx(device, 72.0, 72.0, 0, false, true, -1, -1, -1, -1, false, nullptr, nullptr));
    page->display(gfx.get());
    return gfx;
}

/// A malloc'd copy of `bytes` (NULL for none), so the Swift side frees every buffer one way.
template<typename T>
T *copyOut(const T *bytes, size_t count)
{
    if (count == 0) {
        return nullptr;
    }
    T *copy = static_cast<T *>(malloc(count * sizeof(T)));
    if (!copy) {
        throw std::bad_alloc();
    }
    memcpy(copy, bytes, count * sizeof(T));
    return copy;
}

// Appends one entry per leaf under `node` (a /Pages dictionary): 1 for a page dictionary, 0 for a
// kid that is not a dictionary or is met a second time. False past `capacity` leaves or 64 levels.
bool walkPageTree(const Object &node, int depth, std::set<int> &seen, std::vector<uint8_t> &leaves, size_t capacity)
{
    if (!node.isDict() || depth > 64) {
        return false;
    }
    Object kids = node.dictLookup("Kids");
    if (!kids.isArray()) {
        return false;
    }
    for (int i = 0; i < kids.arrayGetLength(); i++) {
        if (leaves.size() >= capacity) {
            return false;
        }
        const Object &reference = kids.arrayGetNF(i);
        if (reference.isRef() && !seen.insert(reference.getRefNum()).second) {
            leaves.push_back(0);
            continue;
        }
        Object kid = kids.arrayGet(i);
        if (kid.isDict() && kid.dictLookup("Kids").isArray()) {
            if (!walkPageTree(kid, depth + 1, seen, leaves, capacity)) {
                return false;
            }
        } else {
            leaves.push_back(kid.isDict() ? 1 : 0);
        }
    }
    return true;
}

// The names of the fonts in the page's resources that `RPTPageText.unmappedFontNames` lists,
// each followed by a NUL (fonts given by reference; the page's forms are not looked into).
std::string unmappedFontNames(Page *page, XRef *xref, std::map<std::pair<int, int>, std::string> &known)
{
    std::string names;
    Dict *resources = page->getResourceDict();
    if (!resources) {
        return names;
    }
    Object fonts = resources->lookup("Font");
    if (!fonts.isDict()) {
        return names;
    }
    Dict *dictionary = fonts.getDict();
    for (int i = 0; i < dictionary->getLength(); i++) {
        // A font written inline, not as a reference, has no object number to give makeFont (with
        // an invalid one poppler logs an internal xref error), so it is not looked at.
        const Object &reference = dictionary->getValNF(i);
        if (!reference.isRef()) {
            continue;
        }
        const std::pair<int, int> key { reference.getRefNum(), reference.getRefGen() };
        auto found = known.find(key);
        if (found == known.end()) {
            std::string unmapped;
            Object value = dictionary->getVal(i);
            std::unique_ptr<GfxFont> font = value.isDict()
                ? GfxFont::makeFont(xref, dictionary->getKey(i), reference.getRef(), value.getDict())
                : nullptr;
            if (font && !font->hasToUnicodeCMap()) {
                const GooString *collection = font->isCIDFont() ? static_cast<const GfxCIDFont *>(font.get())->getCollection() : nullptr;
                const bool identity = collection && collection->cmp("Adobe-Identity") == 0;
                if (identity || font->getType() == fontType3) {
                    const std::optional<std::string> &name = font->getName();
                    unmapped = name && !name->empty() ? *name : std::string("(unnamed)");
                }
            }
            found = known.emplace(key, unmapped).first;
        }
        if (!found->second.empty()) {
            names += found->second;
            names += '\0';
        }
    }
    return names;
}

} // namespace

extern "C" {

RPTDocument *rpt_document_open(const char *path, const char *password, RPTOpenStatus *status)
{
    try {
        auto document = std::make_unique<RPTDocument>();
        std::optional<GooString> first;
        if (password) {
            // Like poppler-glib: the password as Latin-1 (empty when it cannot be), then as given.
            first = GooString(latin1(password).value_or(std::string()));
        }
        document->doc = openDoc(path, first);
        if (!document->doc->isOk() && document->doc->getErrorCode() == errEncrypted && password) {
            document->doc = openDoc(path, GooString(password));
        }
        if (!document->doc->isOk()) {
            *status = document->doc->getErrorCode() == errEncrypted ? RPT_OPEN_ENCRYPTED : RPT_OPEN_DAMAGED;
            return nullptr;
        }
        *status = RPT_OPEN_OK;
        return document.release();
    } catch (const std::bad_alloc &) {
        *status = RPT_OPEN_NO_MEMORY;
        return nullptr;
    } catch (...) {
        *status = RPT_OPEN_DAMAGED;
        return nullptr;
    }
}

void rpt_document_close(RPTDocument *document)
{
    delete document;
}

int rpt_document_page_count(const RPTDocument *document)
{
    return document->doc->getNumPages();
}

int rpt_document_page_tree_leaves(RPTDocument *document, uint8_t *slots, int capacity)
{
    try {
        XRef *xref = document->doc->getXRef();
        Object catalog = xref->getCatalog();
        if (!catalog.isDict()) {
            return -1;
        }
        std::vector<uint8_t> leaves;
        std::set<int> seen;
        Object root = catalog.dictLookup("Pages");
        if (!walkPageTree(root, 0, seen, leaves, size_t(capacity))) {
            return -1;
        }
        std::copy(leaves.begin(), leaves.end(), slots);
        return int(leaves.size());
    } catch (...) {
        return -1;
    }
}

int rpt_page_text_extract(RPTDocument *document, int index, RPTPageText *out)
{
    *out = RPTPageText {};
    TextPage *text = nullptr;
    try {
        Page *page = document->doc->getPage(index + 1);
        if (!page) {
            return -1;
        }
        pageSize(page, &out->width, &out->height);
        {
            Object annotations = page->getAnnotsObject();
            out->hasAnnotations = annotations.isArray() && annotations.arrayGetLength() > 0;
        }
        {
            // The arguments poppler_page_get_text_page gives.
            TextOutputDev device(nullptr, true, 0, false, false);
            std::unique_ptr<Gfx> gfx = displayContent(page, &device);
            device.endPage();
            text = device.takeText();
        }
        const PDFRectangle whole(0, 0, out->width, out->height);
        PageCollector collector;
        {
            WordLines words(text, whole);
            collector.walk(words);
        }
        if (collector.hasRightToLeft) {
            // poppler reorders right-to-left runs and wraps them in direction marks; take its text.
            PDFRectangle selection = whole;
            std::unique_ptr<GooString> ordered(text->getSelectionText(&selection, selectionStyleGlyph));
            out->text = copyOut(ordered->c_str(), size_t(ordered->getLength()));
            out->textLength = size_t(ordered->getLength());
        }
        out->rects = copyOut(collector.rects.data(), collector.rects.size());
        out->characters = copyOut(collector.characters.data(), collector.characters.size());
        out->rectCount = collector.rects.size();
        out->fontRuns = copyOut(collector.runs.data(), collector.runs.size());
        out->fontRunCount = collector.runs.size();
        out->fontNames = copyOut(collector.names.data(), collector.names.size());
        std::string unmapped = unmappedFontNames(page, document->doc->getXRef(), document->unmappedFonts);
        if (!unmapped.empty()) {
            out->unmappedFontNames = copyOut(unmapped.data(), unmapped.size());
            out->unmappedFontNamesLength = unmapped.size();
        }
        text->decRefCnt();
        return 0;
    } catch (...) {
        if (text) {
            text->decRefCnt();
        }
        rpt_page_text_free(out);
        return -1;
    }
}

int rpt_page_image_count(RPTDocument *document, int index)
{
    try {
        Page *page = document->doc->getPage(index + 1);
        if (!page) {
            return -1;
        }
        ImageCounter counter;
        displayContent(page, &counter);
        return counter.count;
    } catch (...) {
        return -1;
    }
}

void rpt_page_text_free(RPTPageText *page)
{
    free(page->text);
    free(page->rects);
    free(page->characters);
    free(page->fontRuns);
    free(page->fontNames);
    free(page->unmappedFontNames);
    *page = RPTPageText {};
}

} // extern "C"
