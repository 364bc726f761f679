#include "COpenCCOnDemand.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Debian 12's libopencc1.1 (OpenCC 1.1.6); opencc.h names no version to derive it from.
#define ROCC_SONAME "libopencc.so.1.1"

// Every pointer in the table has the type opencc.h gives the function it holds.
#define ROCC_SAME_TYPE(type, name, parameters, arguments) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), type(*) parameters), #name " differs from opencc.h");
ROCC_FUNCTIONS(ROCC_SAME_TYPE)
#undef ROCC_SAME_TYPE

struct rocc_functions rocc_resolved;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[512];

static void load(void) {
    void *library = dlopen(ROCC_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "cannot load %s: %s", ROCC_SONAME, dlerror());
        return;
    }
    struct rocc_functions table;
    // Each function, stopping at the first one missing.
#define ROCC_RESOLVE(type, name, parameters, arguments) \
    *(void **)&table.name = dlsym(library, #name); \
    if (!table.name) { \
        snprintf(load_error, sizeof load_error, "function %s not found: %s", #name, dlerror()); \
        return; \
    }
    ROCC_FUNCTIONS(ROCC_RESOLVE)
#undef ROCC_RESOLVE
    rocc_resolved = table;
    load_status = 0;
}

int rocc_load(void) {
    pthread_once(&load_once, load);
    return load_status;
}

const char *rocc_load_error(void) {
    return load_status == 0 || load_error[0] == '\0' ? NULL : load_error;
}
