#include "CLoadOnDemand.h"

#include <dlfcn.h>
#include <stdio.h>

int rdl_run(struct rdl_loader *loader, void (*load)(void)) {
    pthread_once(&loader->once, load);
    return loader->status;
}

const char *rdl_error(const struct rdl_loader *loader) {
    return loader->status == 0 || loader->error[0] == '\0' ? NULL : loader->error;
}

void *rdl_open(struct rdl_loader *loader, const char *soname) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) snprintf(loader->error, sizeof loader->error, "cannot load %s: %s", soname, dlerror());
    return library;
}

int rdl_resolve(struct rdl_loader *loader, void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot) return 0;
    snprintf(loader->error, sizeof loader->error, "function %s not found: %s", name, dlerror());
    return -1;
}

void rdl_succeeded(struct rdl_loader *loader) {
    loader->error[0] = '\0';
    loader->status = 0;
}
