#include "CPopplerGlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct rpg_functions rpg_resolved;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[512];

// Opens one library by its soname; the handle is kept for the life of the process.
static void *open_library(const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) snprintf(load_error, sizeof load_error, "cannot load %s: %s", soname, dlerror());
    return handle;
}

// Resolves one function from `handle` into *slot; 0 on success.
static int resolve(void *handle, const char *name, void **slot) {
    *slot = dlsym(handle, name);
    if (*slot) return 0;
    snprintf(load_error, sizeof load_error, "function %s not found: %s", name, dlerror());
    return -1;
}

static void load(void) {
    void *poppler = open_library("libpoppler-glib.so.8");
    void *gobject = poppler ? open_library("libgobject-2.0.so.0") : NULL;
    void *glib = gobject ? open_library("libglib-2.0.so.0") : NULL;
    void *cairo = glib ? open_library("libcairo.so.2") : NULL;
    if (!cairo) return;
    struct rpg_functions table;
    int failed = 0;
    // Each function from the library that defines it, stopping at the first one missing.
#define RPG_FROM_POPPLER(type, name, parameters, arguments) if (!failed) failed = resolve(poppler, #name, (void **)&table.name);
#define RPG_FROM_GOBJECT(type, name, parameters, arguments) if (!failed) failed = resolve(gobject, #name, (void **)&table.name);
#define RPG_FROM_GLIB(type, name, parameters, arguments) if (!failed) failed = resolve(glib, #name, (void **)&table.name);
#define RPG_FROM_CAIRO(type, name, parameters, arguments) if (!failed) failed = resolve(cairo, #name, (void **)&table.name);
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
    load_error[0] = '\0';
    load_status = 0;
}

int rpg_load(void) {
    pthread_once(&load_once, load);
    return load_status;
}

const char *rpg_load_error(void) {
    return load_status == 0 || load_error[0] == '\0' ? NULL : load_error;
}
