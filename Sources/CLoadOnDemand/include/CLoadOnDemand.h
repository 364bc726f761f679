// What every library loaded on first use shares (CPopplerGlib, CLibZipOnDemand, CAVIFOnDemand,
// COpenCCOnDemand): loading once per process, opening a library by its soname, resolving one
// function at a time, and keeping the first failure's message.
//
// Each shim keeps one `struct rdl_loader`, writes a load function that opens its libraries with
// rdl_open() and fills its table of pointers with rdl_resolve(), calling rdl_succeeded() once the
// table is whole, and runs it with rdl_run().
#ifndef C_LOAD_ON_DEMAND_H
#define C_LOAD_ON_DEMAND_H

#include <pthread.h>

/// One shim's loading state.
struct rdl_loader {
    pthread_once_t once;
    /// 0 once loaded; -1 before, or after a failure.
    int status;
    /// What failed (dlerror's message), or empty.
    char error[512];
};

/// A loader before its first load.
#define RDL_LOADER_INIT {PTHREAD_ONCE_INIT, -1, ""}

/// Runs `load` once per process for `loader` (later calls wait for the first) and returns the
/// loader's status: 0 when `load` called rdl_succeeded(), else -1.
int rdl_run(struct rdl_loader *loader, void (*load)(void));

/// What made the load fail, or NULL after a success or before a load.
const char *rdl_error(const struct rdl_loader *loader);

/// Opens the library `soname` (kept open for the life of the process); NULL on failure, the
/// reason then recorded in `loader`.
void *rdl_open(struct rdl_loader *loader, const char *soname);

/// Looks `name` up in `library` into `*slot`; 0 on success, else -1 with the reason recorded.
int rdl_resolve(struct rdl_loader *loader, void *library, const char *name, void **slot);

/// Marks the load a success: every function was resolved.
void rdl_succeeded(struct rdl_loader *loader);

#endif
