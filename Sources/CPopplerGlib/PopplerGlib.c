#include "CPopplerGlib.h"

#include "CLoadOnDemand.h"

struct rpg_functions rpg_resolved;

static struct rdl_loader loader = RDL_LOADER_INIT;

static void load(void) {
    void *poppler = rdl_open(&loader, "libpoppler-glib.so.8");
    void *gobject = poppler ? rdl_open(&loader, "libgobject-2.0.so.0") : NULL;
    void *glib = gobject ? rdl_open(&loader, "libglib-2.0.so.0") : NULL;
    void *cairo = glib ? rdl_open(&loader, "libcairo.so.2") : NULL;
    if (!cairo) return;
    struct rpg_functions table;
    int failed = 0;
    // Each function from the library that defines it, stopping at the first one missing.
#define RPG_FROM_POPPLER(type, name, parameters, arguments) if (!failed) failed = rdl_resolve(&loader, poppler, #name, (void **)&table.name);
#define RPG_FROM_GOBJECT(type, name, parameters, arguments) if (!failed) failed = rdl_resolve(&loader, gobject, #name, (void **)&table.name);
#define RPG_FROM_GLIB(type, name, parameters, arguments) if (!failed) failed = rdl_resolve(&loader, glib, #name, (void **)&table.name);
#define RPG_FROM_CAIRO(type, name, parameters, arguments) if (!failed) failed = rdl_resolve(&loader, cairo, #name, (void **)&table.name);
    RPG_POPPLER_FUNCTIONS(RPG_FROM_POPPLER)
    RPG_GOBJECT_FUNCTIONS(RPG_FROM_GOBJECT)
    RPG_GLIB_FUNCTIONS(RPG_FROM_GLIB)
    RPG_CAIRO_FUNCTIONS(RPG_FROM_CAIRO)
#undef RPG_FROM_POPPLER
#undef RPG_FROM_GOBJECT
#undef RPG_FROM_GLIB
#undef RPG_FROM_CAIRO
    if (failed) return;
    rpg_resolved = table;
    rdl_succeeded(&loader);
}

int rpg_load(void) {
    return rdl_run(&loader, load);
}

const char *rpg_load_error(void) {
    return rdl_error(&loader);
}
