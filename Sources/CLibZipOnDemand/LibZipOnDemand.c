#include "CLibZipOnDemand.h"

#include "CLoadOnDemand.h"

// The shared library built from the zip.h this file is compiled with (Debian 12: 1.7.3, soname 4).
#if LIBZIP_VERSION_MAJOR == 1
#define RZIP_SONAME "libzip.so.4"
#else
#error "unknown libzip version: add its soname"
#endif

// Every pointer in the table has the type zip.h gives the function it holds.
#define RZIP_SAME_TYPE(type, name, parameters, arguments) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), type(*) parameters), #name " differs from zip.h");
RZIP_FUNCTIONS(RZIP_SAME_TYPE)
#undef RZIP_SAME_TYPE

struct rzip_functions rzip_resolved;

static struct rdl_loader loader = RDL_LOADER_INIT;

static void load(void) {
    void *library = rdl_open(&loader, RZIP_SONAME);
    if (!library) return;
    struct rzip_functions table;
    int failed = 0;
    // Each function, stopping at the first one missing.
#define RZIP_RESOLVE(type, name, parameters, arguments) \
    if (!failed) failed = rdl_resolve(&loader, library, #name, (void **)&table.name);
    RZIP_FUNCTIONS(RZIP_RESOLVE)
#undef RZIP_RESOLVE
    if (failed) return;
    rzip_resolved = table;
    rdl_succeeded(&loader);
}

int rzip_load(void) {
    return rdl_run(&loader, load);
}

const char *rzip_load_error(void) {
    return rdl_error(&loader);
}
