#include <zlib.h>

/// deflateInit2 is a macro, which Swift cannot call: a raw deflate stream (no zlib header, as zip
/// stores it) at `level`, with zlib's default window, memory level and strategy.
static inline int reader_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
