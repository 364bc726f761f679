#include "CAVIFOnDemand.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The shared library built from the avif.h this file is compiled with (Debian 12: 0.11.1, soname 15).
#if AVIF_VERSION_MAJOR == 0 && AVIF_VERSION_MINOR == 11
#define RAVIF_SONAME "libavif.so.15"
#elif AVIF_VERSION_MAJOR == 1
#define RAVIF_SONAME "libavif.so.16"
#else
#error "unknown libavif version: add its soname"
#endif

// Every pointer in the table has the type avif.h gives the function it holds.
#define RAVIF_SAME_TYPE(type, name, parameters, arguments) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), type(*) parameters), #name " differs from avif.h");
RAVIF_FUNCTIONS(RAVIF_SAME_TYPE)
#undef RAVIF_SAME_TYPE

struct ravif_functions ravif_resolved;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[512];

static void load(void) {
    void *library = dlopen(RAVIF_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "cannot load %s: %s", RAVIF_SONAME, dlerror());
        return;
    }
    struct ravif_functions table;
    // Each function, stopping at the first one missing.
#define RAVIF_RESOLVE(type, name, parameters, arguments) \
    *(void **)&table.name = dlsym(library, #name); \
    if (!table.name) { \
        snprintf(load_error, sizeof load_error, "function %s not found: %s", #name, dlerror()); \
        return; \
    }
    RAVIF_FUNCTIONS(RAVIF_RESOLVE)
#undef RAVIF_RESOLVE
    ravif_resolved = table;
    load_status = 0;
}

int ravif_load(void) {
    pthread_once(&load_once, load);
    return load_status;
}

const char *ravif_load_error(void) {
    return load_status == 0 || load_error[0] == '\0' ? NULL : load_error;
}
