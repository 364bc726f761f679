#include "COpenCCOnDemand.h"

#include "CLoadOnDemand.h"

// Debian 12's libopencc1.1 (OpenCC 1.1.6); opencc.h names no version to derive it from.
#define ROCC_SONAME "libopencc.so.1.1"

// Every pointer in the table has the type opencc.h gives the function it holds.
#define ROCC_SAME_TYPE(type, name, parameters, arguments) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), type(*) parameters), #name " differs from opencc.h");
ROCC_FUNCTIONS(ROCC_SAME_TYPE)
#undef ROCC_SAME_TYPE

struct rocc_functions rocc_resolved;

static struct rdl_loader loader = RDL_LOADER_INIT;

static void load(void) {
    void *library = rdl_open(&loader, ROCC_SONAME);
    if (!library) return;
    struct rocc_functions table;
    int failed = 0;
    // Each function, stopping at the first one missing.
#define ROCC_RESOLVE(type, name, parameters, arguments) \
    if (!failed) failed = rdl_resolve(&loader, library, #name, (void **)&table.name);
    ROCC_FUNCTIONS(ROCC_RESOLVE)
#undef ROCC_RESOLVE
    if (failed) return;
    rocc_resolved = table;
    rdl_succeeded(&loader);
}

int rocc_load(void) {
    return rdl_run(&loader, load);
}

const char *rocc_load_error(void) {
    return rdl_error(&loader);
}
