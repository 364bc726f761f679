#include "line_breaks.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/// One bit per byte of the 64 bytes at `bytes` that equals `a` or `b`.
static inline uint64_t bits_of_64(const uint8_t *bytes, __m128i a, __m128i b, int both) {
    uint64_t bits = 0;
    for (int part = 0; part < 4; part++) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + 16 * part));
        __m128i equal = _mm_cmpeq_epi8(chunk, a);
        if (both) equal = _mm_or_si128(equal, _mm_cmpeq_epi8(chunk, b));
        bits |= (uint64_t)(uint32_t)_mm_movemask_epi8(equal) << (16 * part);
    }
    return bits;
}

/// The full 64-byte words of `reader_line_break_bits`; `both` is a constant in each caller, so the
/// compiler drops the second comparison from the loop that needs none.
static inline size_t full_words(const uint8_t *bytes, size_t count, int both, uint64_t *bits) {
    const __m128i line_feed = _mm_set1_epi8(0x0A), carriage_return = _mm_set1_epi8(0x0D);
    size_t word = 0;
    for (; (word + 1) * 64 <= count; word++) bits[word] = bits_of_64(bytes + word * 64, line_feed, carriage_return, both);
    return word;
}
#else

/// The full 64-byte words of `reader_line_break_bits`, a byte at a time, where SSE2 is missing.
static inline size_t full_words(const uint8_t *bytes, size_t count, int both, uint64_t *bits) {
    size_t word = 0;
    for (; (word + 1) * 64 <= count; word++) {
        uint64_t value = 0;
        for (int index = 0; index < 64; index++) {
            uint8_t byte = bytes[word * 64 + index];
            if (byte == 0x0A || (both && byte == 0x0D)) value |= (uint64_t)1 << index;
        }
        bits[word] = value;
    }
    return word;
}
#endif

void reader_line_break_bits(const uint8_t *bytes, size_t count, int carriage_returns, uint64_t *bits) {
    size_t word = carriage_returns ? full_words(bytes, count, 1, bits) : full_words(bytes, count, 0, bits);
    size_t start = word * 64;
    if (start == count) return;
    uint64_t last = 0;
    for (size_t index = start; index < count; index++) {
        uint8_t byte = bytes[index];
        if (byte == 0x0A || (carriage_returns && byte == 0x0D)) last |= (uint64_t)1 << (index - start);
    }
    bits[word] = last;
}
