#include "CAVIFOnDemand.h"

#include "CLoadOnDemand.h"

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

static struct rdl_loader loader = RDL_LOADER_INIT;

static void load(void) {
    void *library = rdl_open(&loader, RAVIF_SONAME);
    if (!library) return;
    struct ravif_functions table;
    int failed = 0;
    // Each function, stopping at the first one missing.
#define RAVIF_RESOLVE(type, name, parameters, arguments) \
    if (!failed) failed = rdl_resolve(&loader, library, #name, (void **)&table.name);
    RAVIF_FUNCTIONS(RAVIF_RESOLVE)
#undef RAVIF_RESOLVE
    if (failed) return;
    ravif_resolved = table;
    rdl_succeeded(&loader);
}

int ravif_load(void) {
    return rdl_run(&loader, load);
}

const char *ravif_load_error(void) {
    return rdl_error(&loader);
}
