// The part of OpenCC that ReaderTransforms converts text with, loaded on first use.
//
// Linking OpenCC would load it and marisa-trie, C++ libraries with thousands of relocations, in
// every run of every command, though only an OpenCC transform calls them. So the executable does
// not link OpenCC: rocc_load() opens it with dlopen when the first converter is opened, and the
// functions below call through the pointers it resolved. The types are OpenCC's own header's.
#ifndef C_OPENCC_ON_DEMAND_H
#define C_OPENCC_ON_DEMAND_H

#include <opencc/opencc.h>

// Each function as opencc.h declares it: X(return type, name, parameters, arguments).
#define ROCC_FUNCTIONS(X) \
    X(opencc_t, opencc_open, (const char *configFileName), (configFileName)) \
    X(int, opencc_close, (opencc_t opencc), (opencc)) \
    X(char *, opencc_convert_utf8, (opencc_t opencc, const char *input, size_t length), (opencc, input, length)) \
    X(void, opencc_convert_utf8_free, (char *text), (text))

/// The resolved functions, one pointer per function above; set by rocc_load().
struct rocc_functions {
#define ROCC_POINTER(type, name, parameters, arguments) type(*name) parameters;
    ROCC_FUNCTIONS(ROCC_POINTER)
#undef ROCC_POINTER
};

/// The table rocc_load() fills; read only after it returned 0.
extern struct rocc_functions rocc_resolved;

/// Opens OpenCC and resolves every function above, once per process (later calls return the
/// first call's result). Returns 0 on success; otherwise -1, and rocc_load_error() says why.
int rocc_load(void);

/// What made rocc_load() fail (dlerror's message), or NULL after a success or before a call.
const char *rocc_load_error(void);

// The functions, named `rocc_` and OpenCC's name; call them only after rocc_load() returned 0.
#define ROCC_WRAPPER(type, name, parameters, arguments) \
    static inline type rocc_##name parameters { return rocc_resolved.name arguments; }
ROCC_FUNCTIONS(ROCC_WRAPPER)
#undef ROCC_WRAPPER

/// opencc_open's failure value, `(opencc_t)-1`, which Swift cannot spell.
static inline int rocc_is_valid(opencc_t handle) {
    return handle != (opencc_t)-1 && handle != 0;
}

#endif
