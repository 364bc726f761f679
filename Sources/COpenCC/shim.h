#include <opencc/opencc.h>

/// opencc_open's failure value, `(opencc_t)-1`, which Swift cannot spell.
static inline int copencc_is_valid(opencc_t handle) {
    return handle != (opencc_t)-1 && handle != 0;
}
