#include "CLibZipOnDemand.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

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

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[512];

static void load(void) {
    void *library = dlopen(RZIP_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "cannot load %s: %s", RZIP_SONAME, dlerror());
        return;
    }
    struct rzip_functions table;
    // Each function, stopping at the first one missing.
#define RZIP_RESOLVE(type, name, parameters, arguments) \
    *(void **)&table.name = dlsym(library, #name); \
    if (!table.name) { \
        snprintf(load_error, sizeof load_error, "function %s not found: %s", #name, dlerror()); \
        return; \
    }
    RZIP_FUNCTIONS(RZIP_RESOLVE)
#undef RZIP_RESOLVE
    rzip_resolved = table;
    load_status = 0;
}

int rzip_load(void) {
    pthread_once(&load_once, load);
    return load_status;
}

const char *rzip_load_error(void) {
    return load_status == 0 || load_error[0] == '\0' ? NULL : load_error;
}
