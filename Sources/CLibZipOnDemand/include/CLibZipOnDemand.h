// The part of libzip that ReaderZip reads archives with, loaded on first use.
//
// Linking libzip would load it with OpenSSL's libcrypto, bzip2, xz and zstd in every run of every
// command, though only the zip-based formats (EPUB, and zip archives) read through it. So the
// executable does not link libzip: rzip_load() opens it with dlopen when the first archive is
// opened, and the functions below call through the pointers it resolved. The types are libzip's
// own, from the header of the version whose shared library is opened.
#ifndef C_LIBZIP_ON_DEMAND_H
#define C_LIBZIP_ON_DEMAND_H

#include <zip.h>

// Each function as zip.h declares it, nullability included: X(return type, name, parameters, arguments).
#define RZIP_FUNCTIONS(X) \
    X(zip_t *_Nullable, zip_open, (const char *_Nonnull path, int flags, int *_Nullable error), (path, flags, error)) \
    X(zip_t *_Nullable, zip_open_from_source, (zip_source_t *_Nonnull source, int flags, zip_error_t *_Nullable error), (source, flags, error)) \
    X(zip_source_t *_Nullable, zip_source_buffer_create, (const void *_Nullable data, zip_uint64_t length, int freeWhenDone, zip_error_t *_Nullable error), (data, length, freeWhenDone, error)) \
    X(void, zip_source_free, (zip_source_t *_Nullable source), (source)) \
    X(void, zip_discard, (zip_t *_Nonnull archive), (archive)) \
    X(zip_int64_t, zip_get_num_entries, (zip_t *_Nonnull archive, zip_flags_t flags), (archive, flags)) \
    X(void, zip_stat_init, (zip_stat_t *_Nonnull stat), (stat)) \
    X(int, zip_stat_index, (zip_t *_Nonnull archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *_Nonnull stat), (archive, index, flags, stat)) \
    X(zip_error_t *_Nonnull, zip_get_error, (zip_t *_Nonnull archive), (archive)) \
    X(zip_file_t *_Nullable, zip_fopen_index, (zip_t *_Nonnull archive, zip_uint64_t index, zip_flags_t flags), (archive, index, flags)) \
    X(zip_int64_t, zip_fread, (zip_file_t *_Nonnull file, void *_Nonnull buffer, zip_uint64_t count), (file, buffer, count)) \
    X(int, zip_fclose, (zip_file_t *_Nonnull file), (file)) \
    X(zip_error_t *_Nonnull, zip_file_get_error, (zip_file_t *_Nonnull file), (file)) \
    X(void, zip_error_init, (zip_error_t *_Nonnull error), (error)) \
    X(void, zip_error_init_with_code, (zip_error_t *_Nonnull error, int code), (error, code)) \
    X(void, zip_error_fini, (zip_error_t *_Nonnull error), (error)) \
    X(int, zip_error_code_zip, (const zip_error_t *_Nonnull error), (error)) \
    X(int, zip_error_system_type, (const zip_error_t *_Nonnull error), (error)) \
    X(const char *_Nonnull, zip_error_strerror, (zip_error_t *_Nonnull error), (error))

/// The resolved functions, one pointer per function above; set by rzip_load().
struct rzip_functions {
#define RZIP_POINTER(type, name, parameters, arguments) type(*_Nullable name) parameters;
    RZIP_FUNCTIONS(RZIP_POINTER)
#undef RZIP_POINTER
};

/// The table rzip_load() fills; read only after it returned 0.
extern struct rzip_functions rzip_resolved;

/// Opens libzip and resolves every function above, once per process (later calls return the
/// first call's result). Returns 0 on success; otherwise -1, and rzip_load_error() says why.
int rzip_load(void);

/// What made rzip_load() fail (dlerror's message), or NULL after a success or before a call.
const char *_Nullable rzip_load_error(void);

// The functions, named `rzip_` and libzip's name; call them only after rzip_load() returned 0.
#define RZIP_WRAPPER(type, name, parameters, arguments) \
    static inline type rzip_##name parameters { return rzip_resolved.name arguments; }
RZIP_FUNCTIONS(RZIP_WRAPPER)
#undef RZIP_WRAPPER

#endif
