// The part of poppler-glib, GLib and cairo that ReaderPDF calls, loaded on first use.
//
// Linking poppler-glib would load it, GLib, GIO and cairo with their X11 and font libraries
// (about twenty shared objects, some 4 ms) in every run of every command, PDF or not. So the
// executable does not link them: rpg_load() opens them with dlopen when a PDF is first opened,
// and the functions below, named and typed as in poppler-glib's own headers, call through the
// pointers it resolved. The types, enumerations and the structures whose fields are read
// (GError, GList, PopplerAction, PopplerDest and the page-text ones) restate those headers (poppler-glib's soname 8, GLib 2,
// cairo 2: stable ABIs); everything else stays opaque.
#ifndef C_POPPLER_GLIB_H
#define C_POPPLER_GLIB_H

#include <stdint.h>

typedef char gchar;
typedef int gint;
typedef unsigned int guint;
typedef uint16_t guint16;
typedef double gdouble;
typedef gint gboolean;
typedef uint32_t GQuark;
typedef void *gpointer;

typedef struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
} GError;

typedef struct _GDateTime GDateTime;

typedef struct _GList {
    gpointer data;
    struct _GList *next;
    struct _GList *prev;
} GList;

typedef enum {
    G_LOG_LEVEL_ERROR = 1 << 2,
    G_LOG_LEVEL_CRITICAL = 1 << 3,
    G_LOG_LEVEL_WARNING = 1 << 4,
    G_LOG_LEVEL_MESSAGE = 1 << 5,
    G_LOG_LEVEL_INFO = 1 << 6,
    G_LOG_LEVEL_DEBUG = 1 << 7,
} GLogLevelFlags;

typedef void (*GLogFunc)(const gchar *log_domain, GLogLevelFlags log_level, const gchar *message, gpointer user_data);

typedef enum {
    G_FILE_ERROR_EXIST,
    G_FILE_ERROR_ISDIR,
    G_FILE_ERROR_ACCES,
    G_FILE_ERROR_NAMETOOLONG,
    G_FILE_ERROR_NOENT,
} GFileError;

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

typedef enum {
    CAIRO_STATUS_SUCCESS = 0,
    CAIRO_STATUS_WRITE_ERROR = 11,
} cairo_status_t;

typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);

typedef enum {
    CAIRO_FORMAT_INVALID = -1,
    CAIRO_FORMAT_ARGB32 = 0,
    CAIRO_FORMAT_RGB24 = 1,
} cairo_format_t;

typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;
typedef struct _PopplerIndexIter PopplerIndexIter;

typedef enum {
    POPPLER_ERROR_INVALID,
    POPPLER_ERROR_ENCRYPTED,
    POPPLER_ERROR_OPEN_FILE,
    POPPLER_ERROR_BAD_CATALOG,
    POPPLER_ERROR_DAMAGED,
} PopplerError;

typedef enum {
    POPPLER_PERMISSIONS_OK_TO_PRINT = 1 << 0,
    POPPLER_PERMISSIONS_OK_TO_MODIFY = 1 << 1,
    POPPLER_PERMISSIONS_OK_TO_COPY = 1 << 2,
    POPPLER_PERMISSIONS_OK_TO_ADD_NOTES = 1 << 3,
    POPPLER_PERMISSIONS_OK_TO_FILL_FORM = 1 << 4,
    POPPLER_PERMISSIONS_OK_TO_EXTRACT_CONTENTS = 1 << 5,
    POPPLER_PERMISSIONS_OK_TO_ASSEMBLE = 1 << 6,
    POPPLER_PERMISSIONS_OK_TO_PRINT_HIGH_RESOLUTION = 1 << 7,
    POPPLER_PERMISSIONS_FULL = 0xFF,
} PopplerPermissions;

typedef enum {
    POPPLER_DEST_UNKNOWN,
    POPPLER_DEST_XYZ,
    POPPLER_DEST_FIT,
    POPPLER_DEST_FITH,
    POPPLER_DEST_FITV,
    POPPLER_DEST_FITR,
    POPPLER_DEST_FITB,
    POPPLER_DEST_FITBH,
    POPPLER_DEST_FITBV,
    POPPLER_DEST_NAMED,
} PopplerDestType;

typedef struct _PopplerDest {
    PopplerDestType type;
    int page_num;
    double left;
    double bottom;
    double right;
    double top;
    double zoom;
    gchar *named_dest;
    guint change_left : 1;
    guint change_top : 1;
    guint change_zoom : 1;
} PopplerDest;

typedef enum {
    POPPLER_ACTION_UNKNOWN,
    POPPLER_ACTION_NONE,
    POPPLER_ACTION_GOTO_DEST,
    POPPLER_ACTION_GOTO_REMOTE,
    POPPLER_ACTION_LAUNCH,
    POPPLER_ACTION_URI,
} PopplerActionType;

typedef struct _PopplerActionAny {
    PopplerActionType type;
    gchar *title;
} PopplerActionAny;

typedef struct _PopplerActionGotoDest {
    PopplerActionType type;
    gchar *title;
    PopplerDest *dest;
} PopplerActionGotoDest;

typedef struct _PopplerActionUri {
    PopplerActionType type;
    gchar *title;
    char *uri;
} PopplerActionUri;

// Only the members read here; the actions are allocated and freed by poppler-glib.
typedef union _PopplerAction {
    PopplerActionType type;
    PopplerActionAny any;
    PopplerActionGotoDest goto_dest;
    PopplerActionUri uri;
} PopplerAction;

// The page-text structures, read by the tests that compare poppler's core with poppler-glib.
typedef struct _PopplerRectangle {
    gdouble x1;
    gdouble y1;
    gdouble x2;
    gdouble y2;
} PopplerRectangle;

typedef struct _PopplerColor {
    guint16 red;
    guint16 green;
    guint16 blue;
} PopplerColor;

typedef struct _PopplerTextAttributes {
    gchar *font_name;
    gdouble font_size;
    gboolean is_underlined;
    PopplerColor color;
    gint start_index;
    gint end_index;
} PopplerTextAttributes;

typedef enum {
    POPPLER_SELECTION_GLYPH,
    POPPLER_SELECTION_WORD,
    POPPLER_SELECTION_LINE,
} PopplerSelectionStyle;

// A link annotation's rectangle (PDF user space of the rotated page, origin at the crop box's
// lower-left corner, y up) and its action.
typedef struct _PopplerLinkMapping {
    PopplerRectangle area;
    PopplerAction *action;
} PopplerLinkMapping;

// X(return type, name, parameters, arguments): every function called, by library. The page-text
// calls after poppler_page_render are made by the tests alone.
#define RPG_POPPLER_FUNCTIONS(X) \
    X(PopplerDocument *, poppler_document_new_from_file, (const char *uri, const char *password, GError **error), (uri, password, error)) \
    X(int, poppler_document_get_n_pages, (PopplerDocument *document), (document)) \
    X(PopplerPage *, poppler_document_get_page, (PopplerDocument *document, int index), (document, index)) \
    X(void, poppler_document_get_pdf_version, (PopplerDocument *document, guint *major, guint *minor), (document, major, minor)) \
    X(PopplerPermissions, poppler_document_get_permissions, (PopplerDocument *document), (document)) \
    X(gboolean, poppler_document_is_linearized, (PopplerDocument *document), (document)) \
    X(gchar *, poppler_document_get_metadata, (PopplerDocument *document), (document)) \
    X(gchar *, poppler_document_get_title, (PopplerDocument *document), (document)) \
    X(gchar *, poppler_document_get_author, (PopplerDocument *document), (document)) \
    X(gchar *, poppler_document_get_subject, (PopplerDocument *document), (document)) \
    X(gchar *, poppler_document_get_keywords, (PopplerDocument *document), (document)) \
    X(gchar *, poppler_document_get_creator, (PopplerDocument *document), (document)) \
    X(gchar *, poppler_document_get_producer, (PopplerDocument *document), (document)) \
    X(GDateTime *, poppler_document_get_creation_date_time, (PopplerDocument *document), (document)) \
    X(GDateTime *, poppler_document_get_modification_date_time, (PopplerDocument *document), (document)) \
    X(PopplerDest *, poppler_document_find_dest, (PopplerDocument *document, const gchar *name), (document, name)) \
    X(void, poppler_dest_free, (PopplerDest *dest), (dest)) \
    X(void, poppler_action_free, (PopplerAction *action), (action)) \
    X(PopplerIndexIter *, poppler_index_iter_new, (PopplerDocument *document), (document)) \
    X(void, poppler_index_iter_free, (PopplerIndexIter *iter), (iter)) \
    X(PopplerIndexIter *, poppler_index_iter_get_child, (PopplerIndexIter *parent), (parent)) \
    X(gboolean, poppler_index_iter_next, (PopplerIndexIter *iter), (iter)) \
    X(PopplerAction *, poppler_index_iter_get_action, (PopplerIndexIter *iter), (iter)) \
    X(void, poppler_page_get_size, (PopplerPage *page, double *width, double *height), (page, width, height)) \
    X(gchar *, poppler_page_get_label, (PopplerPage *page), (page)) \
    X(GList *, poppler_page_get_link_mapping, (PopplerPage *page), (page)) \
    X(void, poppler_page_free_link_mapping, (GList *list), (list)) \
    X(void, poppler_page_render, (PopplerPage *page, cairo_t *cairo), (page, cairo)) \
    X(char *, poppler_page_get_text, (PopplerPage *page), (page)) \
    X(char *, poppler_page_get_selected_text, (PopplerPage *page, PopplerSelectionStyle style, PopplerRectangle *selection), (page, style, selection)) \
    X(gboolean, poppler_page_get_text_layout, (PopplerPage *page, PopplerRectangle **rectangles, guint *count), (page, rectangles, count)) \
    X(GList *, poppler_page_get_text_attributes, (PopplerPage *page), (page)) \
    X(void, poppler_page_free_text_attributes, (GList *list), (list)) \
    X(GList *, poppler_page_get_image_mapping, (PopplerPage *page), (page)) \
    X(void, poppler_page_free_image_mapping, (GList *list), (list)) \
    X(GQuark, poppler_error_quark, (void), ())

#define RPG_GOBJECT_FUNCTIONS(X) \
    X(void, g_object_unref, (gpointer object), (object))

#define RPG_GLIB_FUNCTIONS(X) \
    X(void, g_free, (gpointer memory), (memory)) \
    X(guint, g_list_length, (GList *list), (list)) \
    X(void, g_error_free, (GError *error), (error)) \
    X(gchar *, g_filename_to_uri, (const gchar *filename, const gchar *hostname, GError **error), (filename, hostname, error)) \
    X(GQuark, g_file_error_quark, (void), ()) \
    X(void, g_date_time_unref, (GDateTime *datetime), (datetime)) \
    X(GDateTime *, g_date_time_to_utc, (GDateTime *datetime), (datetime)) \
    X(gchar *, g_date_time_format, (GDateTime *datetime, const gchar *format), (datetime, format)) \
    X(guint, g_log_set_handler, (const gchar *domain, GLogLevelFlags levels, GLogFunc handler, gpointer data), (domain, levels, handler, data)) \
    X(void, g_log_default_handler, (const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data), (domain, level, message, data))

#define RPG_CAIRO_FUNCTIONS(X) \
    X(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height)) \
    X(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface)) \
    X(void, cairo_surface_flush, (cairo_surface_t *surface), (surface)) \
    X(cairo_status_t, cairo_surface_write_to_png, (cairo_surface_t *surface, const char *path), (surface, path)) \
    X(cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure), (surface, write_func, closure)) \
    X(void, cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
    X(cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
    X(void, cairo_scale, (cairo_t *cairo, double sx, double sy), (cairo, sx, sy)) \
    X(void, cairo_set_source_rgb, (cairo_t *cairo, double red, double green, double blue), (cairo, red, green, blue)) \
    X(void, cairo_paint, (cairo_t *cairo), (cairo)) \
    X(cairo_status_t, cairo_status, (cairo_t *cairo), (cairo)) \
    X(void, cairo_destroy, (cairo_t *cairo), (cairo)) \
    X(const char *, cairo_status_to_string, (cairo_status_t status), (status))

#define RPG_ALL_FUNCTIONS(X) \
    RPG_POPPLER_FUNCTIONS(X) RPG_GOBJECT_FUNCTIONS(X) RPG_GLIB_FUNCTIONS(X) RPG_CAIRO_FUNCTIONS(X)

/// The resolved functions, one pointer per function above; set by rpg_load().
struct rpg_functions {
#define RPG_POINTER(type, name, parameters, arguments) type(*name) parameters;
    RPG_ALL_FUNCTIONS(RPG_POINTER)
#undef RPG_POINTER
};

/// The table rpg_load() fills; read only after it returned 0.
extern struct rpg_functions rpg_resolved;

/// Opens poppler-glib, GObject, GLib and cairo and resolves every function above, once per process
/// (later calls return the first call's result). Returns 0 on success; otherwise -1, and
/// rpg_load_error() says which library or function was missing.
int rpg_load(void);

/// What made rpg_load() fail (dlerror's message), or NULL after a success or before a call.
const char *rpg_load_error(void);

// The functions themselves, as poppler-glib, GLib and cairo declare them. Call them only after
// rpg_load() returned 0.
#define RPG_WRAPPER(type, name, parameters, arguments) \
    static inline type name parameters { return rpg_resolved.name arguments; }
RPG_ALL_FUNCTIONS(RPG_WRAPPER)
#undef RPG_WRAPPER

#endif
