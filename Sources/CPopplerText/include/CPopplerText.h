// One-pass text extraction from poppler's core library (TextOutputDev), for ReaderPDF.
//
// poppler-glib answers the text, the character boxes and the font runs of a page with three
// separate walks over the page's words (and copies each answer into GLib containers); this
// shim makes the same three answers in one walk, in the same order and with the same values,
// so ReaderPDF can use either. Plain C so Swift imports it without C++ interoperability.
#ifndef READER_CPOPPLERTEXT_H
#define READER_CPOPPLERTEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open PDF document (poppler's PDFDoc). Not thread-safe: one caller at a time.
typedef struct RPTDocument RPTDocument;

/// Why rpt_document_open failed.
typedef enum {
    RPT_OPEN_OK = 0,
    RPT_OPEN_ENCRYPTED = 1,  ///< a password is needed, or the one given is wrong
    RPT_OPEN_DAMAGED = 2,    ///< poppler cannot read the file
    RPT_OPEN_NO_MEMORY = 3,
} RPTOpenStatus;

/// A rectangle in points, origin at the page's top-left corner, y growing downwards.
typedef struct {
    double x1, y1, x2, y2;
} RPTRect;

/// Bits of RPTFontRun.flags: the font descriptor's /Flags (poppler's TextFontInfo::isBold, isItalic).
enum {
    RPT_FONT_BOLD = 1,    ///< ForceBold (bit 19 of /Flags)
    RPT_FONT_ITALIC = 2,  ///< Italic (bit 7 of /Flags)
};

/// Characters in one font at one size; `start` and `end` (inclusive) index the layout rectangles,
/// as poppler_page_get_text_attributes counts them.
typedef struct {
    int32_t start;
    int32_t end;
    /// Offset of the font's name (subset prefix removed, NUL-terminated) in RPTPageText.fontNames.
    int32_t fontNameOffset;
    /// RPT_FONT_BOLD and RPT_FONT_ITALIC, from the font descriptor's flags.
    uint8_t flags;
    double fontSize;
} RPTFontRun;

/// The text of one page, as poppler-glib's poppler_page_get_text, poppler_page_get_text_layout and
/// poppler_page_get_text_attributes give it. Free with rpt_page_text_free.
typedef struct {
    /// The page size in points, sides swapped for a page rotated by 90° or 270°.
    double width, height;
    /// One rectangle per character of the layout, a zero-size one at each line's end.
    RPTRect *rects;
    /// The character of each rectangle (a space between words, a line feed at a line's end), in
    /// poppler's reading order; the page text when `text` is NULL.
    uint32_t *characters;
    size_t rectCount;
    /// NULL, unless the page has right-to-left characters: then poppler's text, UTF-8 and not
    /// NUL-terminated, with right-to-left runs reversed and wrapped in direction marks, which the
    /// caller pairs with the rectangles.
    char *text;
    size_t textLength;
    /// Font runs covering every rectangle in order, adjacent runs of one font name, size and flags
    /// merged.
    RPTFontRun *fontRuns;
    size_t fontRunCount;
    /// The font names runs point into.
    char *fontNames;
    /// 1 when the page has a non-empty /Annots array (it may have links), else 0: the caller asks
    /// poppler-glib for link annotations only then.
    int hasAnnotations;
    /// The names (each NUL-terminated, one after the other) of the page's fonts whose characters
    /// poppler cannot map to Unicode with confidence: without a ToUnicode map, a CID font of the
    /// Adobe-Identity collection or a Type 3 font. NULL when there is none.
    char *unmappedFontNames;
    size_t unmappedFontNamesLength;
} RPTPageText;

/// Opens the PDF at `path` (a file system path, not a URI) with `password` (UTF-8, or NULL),
/// trying it as Latin-1 first, as poppler-glib does. Returns NULL and sets `status` on failure.
RPTDocument *rpt_document_open(const char *path, const char *password, RPTOpenStatus *status);

/// Closes a document rpt_document_open returned.
void rpt_document_close(RPTDocument *document);

/// The number of pages.
int rpt_document_page_count(const RPTDocument *document);

/// The leaves of the page tree in order, as the file writes them: `slots[i]` is 1 when leaf `i` is
/// a page dictionary and 0 when it is not one (a damaged page object, which poppler leaves out,
/// so the pages after it move up). Returns the number of leaves, or -1 when the tree cannot be
/// walked or has more than `capacity` leaves.
int rpt_document_page_tree_leaves(RPTDocument *document, uint8_t *slots, int capacity);

/// Extracts the text of page `index` (0-based) into `page`. Returns 0 on success, -1 when the
/// page cannot be loaded or memory runs out (`page` is then left empty).
int rpt_page_text_extract(RPTDocument *document, int index, RPTPageText *page);

/// How many images page `index` (0-based) draws, counted as poppler_page_get_image_mapping counts
/// them; -1 when the page cannot be loaded.
int rpt_page_image_count(RPTDocument *document, int index);

/// Releases what rpt_page_text_extract allocated.
void rpt_page_text_free(RPTPageText *page);

/// How rpt_page_render_rgb ended.
typedef enum {
    RPT_RENDER_OK = 0,
    RPT_RENDER_NO_PAGE = 1,    ///< the page cannot be loaded
    RPT_RENDER_TOO_LARGE = 2,  ///< the picture would pass the limits given; nothing was drawn
    RPT_RENDER_FAILED = 3,     ///< poppler failed, or memory ran out
} RPTRenderStatus;

/// A page drawn in 8-bit RGB: `height` rows top to bottom, each `width` × 3 bytes, no padding.
/// Free with rpt_raster_free.
typedef struct {
    const uint8_t *pixels;
    int32_t width;
    int32_t height;
    /// The bitmap that holds the pixels.
    void *owner;
} RPTRaster;

/// Draws page `index` (0-based) with poppler's Splash rasterizer (anti-aliased text and vectors)
/// on white, at `scale` pixels per point: the crop box, turned by the page's /Rotate, as
/// `pdftoppm -cropbox` draws it. Refuses, before drawing, a picture with a side over `max_side`
/// pixels or more than `max_pixels` in all.
RPTRenderStatus rpt_page_render_rgb(RPTDocument *document, int index, double scale, int max_side, int64_t max_pixels,
                                    RPTRaster *raster);

/// Releases what rpt_page_render_rgb made (nothing when it failed).
void rpt_raster_free(RPTRaster *raster);

#ifdef __cplusplus
}
#endif

#endif
