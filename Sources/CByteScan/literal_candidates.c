#include "literal_candidates.h"

#if defined(__SSE2__)
#include <cpuid.h>
#include <immintrin.h>
#endif
#include <stdatomic.h>

// Each position is judged from the two bytes before it and the two after it. A byte outside ASCII
// is skipped only as part of a well-formed E2 80 xx character: the lead, with 80 and a
// continuation byte after it, or one of the two bytes after an E2. The loops below only run from a
// position whose byte and the one before it are ASCII, so every E2 they see before a byte was
// judged by the same loop, and one that is not a skippable lead has stopped it already (the lowest
// position worth a look is the answer): an E2 one or two bytes back is a skipped lead, and the
// byte its 80 or continuation byte.

/// Where a run stopped without finding anything: the caller goes on from the position it reached.
#define NOTHING SIZE_MAX

/// Whether a byte must be looked at without knowing its neighbours: the first unit or outside ASCII.
static inline int stops_alone(const LiteralCandidateFilter *filter, uint8_t byte) {
    return byte >= 0x80 || (uint8_t)(byte | filter->first_case) == filter->first;
}

static inline int is_continuation(uint8_t byte) { return (byte & 0xC0) == 0x80; }

/// Whether the position `at` points to is worth a look (see LiteralCandidateFilter); reads `at[-2]` to `at[2]`.
static inline int worth_a_look(const LiteralCandidateFilter *filter, const uint8_t *at) {
    uint8_t byte = at[0];
    if (byte < 0x80) {
        if ((uint8_t)(byte | filter->first_case) != filter->first) return 0;
        int8_t next = (int8_t)((at[1] | filter->second_case) ^ filter->second);
        int8_t after = (int8_t)((at[2] | filter->third_case) ^ filter->third);
        return next < 0 || (next == 0 && after <= 0);
    }
    if (byte == filter->triplet_lead) return !(at[1] == 0x80 && is_continuation(at[2]));
    return !(at[-1] == 0xE2 || at[-2] == 0xE2);
}

/// One position at a time, from `*position` while the whole window fits; the first worth a look,
/// or NOTHING with `*position` where the run ended.
static size_t run_plain(const LiteralCandidateFilter *filter, const uint8_t *bytes, size_t count, size_t *position,
                        size_t limit) {
    size_t p = *position;
    while (p < limit && p + 2 < count) {
        if (worth_a_look(filter, bytes + p)) return p;
        p++;
    }
    *position = p;
    return NOTHING;
}

#if defined(__SSE2__)

// The vector runs compute worth_a_look for 16 or 32 positions at once, as a sign bit per byte:
// - a candidate: `is_first`, and `next` (the second unit's byte xor what it should be, 0 when it
//   is, negative when outside ASCII) at most 0, and below 0 or `after` (the same for the third)
//   at most 0; `x <= 0` is the sign of `x - 1` with saturation;
// - outside ASCII (the byte's own sign), not a skippable lead, and no E2 one or two bytes back.
// They look at two vectors a step while nothing is found, and find the position in them after.

/// The filter's bytes, and the constants, in every byte of a vector (SSE2).
typedef struct {
    __m128i first, first_case, second, second_case, third, third_case, lead, e2, x80, below_c0, one;
} Filter128;

static inline Filter128 filter128(const LiteralCandidateFilter *filter) {
    return (Filter128){
        _mm_set1_epi8((char)filter->first), _mm_set1_epi8((char)filter->first_case),
        _mm_set1_epi8((char)filter->second), _mm_set1_epi8((char)filter->second_case),
        _mm_set1_epi8((char)filter->third), _mm_set1_epi8((char)filter->third_case),
        _mm_set1_epi8((char)filter->triplet_lead), _mm_set1_epi8((char)0xE2), _mm_set1_epi8((char)0x80),
        _mm_set1_epi8((char)0xC0), _mm_set1_epi8(1),
    };
}

/// The sign of each byte: whether the position is worth a look; reads `at[-2]` to `at[17]`.
static inline __attribute__((always_inline)) __m128i worth_a_look128(const Filter128 *k, const uint8_t *at) {
    __m128i b0 = _mm_loadu_si128((const __m128i *)at), b1 = _mm_loadu_si128((const __m128i *)(at + 1));
    __m128i b2 = _mm_loadu_si128((const __m128i *)(at + 2));
    __m128i is_first = _mm_cmpeq_epi8(_mm_or_si128(b0, k->first_case), k->first);
    __m128i next = _mm_xor_si128(_mm_or_si128(b1, k->second_case), k->second);
    __m128i after = _mm_xor_si128(_mm_or_si128(b2, k->third_case), k->third);
    __m128i follows = _mm_and_si128(_mm_subs_epi8(next, k->one), _mm_or_si128(next, _mm_subs_epi8(after, k->one)));
    __m128i triplet = _mm_and_si128(_mm_cmpeq_epi8(b0, k->lead),
                                    _mm_and_si128(_mm_cmpeq_epi8(b1, k->x80), _mm_cmpgt_epi8(k->below_c0, b2)));
    __m128i before1 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(at - 1)), k->e2);
    __m128i before2 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(at - 2)), k->e2);
    __m128i outside = _mm_andnot_si128(_mm_or_si128(triplet, _mm_or_si128(before1, before2)), b0);
    return _mm_or_si128(_mm_and_si128(is_first, follows), outside);
}

/// 16 positions at a time with SSE2 (the x86-64 baseline).
static size_t run_sse2(const LiteralCandidateFilter *filter, const uint8_t *bytes, size_t count, size_t *position,
                       size_t limit) {
    const Filter128 k = filter128(filter);
    const size_t end = limit < count - 2 ? limit : count - 2;  // the window's last position + 2 < count
    size_t p = *position;
    for (; p + 32 <= end; p += 32) {
        __m128i low = worth_a_look128(&k, bytes + p), high = worth_a_look128(&k, bytes + p + 16);
        if (_mm_movemask_epi8(_mm_or_si128(low, high)) == 0) continue;
        unsigned mask = (unsigned)_mm_movemask_epi8(low) | (unsigned)_mm_movemask_epi8(high) << 16;
        return p + (size_t)__builtin_ctz(mask);
    }
    if (p + 16 <= end) {
        unsigned mask = (unsigned)_mm_movemask_epi8(worth_a_look128(&k, bytes + p));
        if (mask != 0) return p + (size_t)__builtin_ctz(mask);
        p += 16;
    }
    *position = p;
    return NOTHING;
}

/// The filter's bytes, and the constants, in every byte of a vector (AVX2).
typedef struct {
    __m256i first, first_case, second, second_case, third, third_case, lead, e2, x80, below_c0, one;
} Filter256;

__attribute__((target("avx2"))) static inline Filter256 filter256(const LiteralCandidateFilter *filter) {
    return (Filter256){
        _mm256_set1_epi8((char)filter->first), _mm256_set1_epi8((char)filter->first_case),
        _mm256_set1_epi8((char)filter->second), _mm256_set1_epi8((char)filter->second_case),
        _mm256_set1_epi8((char)filter->third), _mm256_set1_epi8((char)filter->third_case),
        _mm256_set1_epi8((char)filter->triplet_lead), _mm256_set1_epi8((char)0xE2), _mm256_set1_epi8((char)0x80),
        _mm256_set1_epi8((char)0xC0), _mm256_set1_epi8(1),
    };
}

/// worth_a_look128 for 32 positions; reads `at[-2]` to `at[33]`.
__attribute__((target("avx2"), always_inline)) static inline __m256i worth_a_look256(const Filter256 *k,
                                                                                   const uint8_t *at) {
    __m256i b0 = _mm256_loadu_si256((const __m256i *)at), b1 = _mm256_loadu_si256((const __m256i *)(at + 1));
    __m256i b2 = _mm256_loadu_si256((const __m256i *)(at + 2));
    __m256i is_first = _mm256_cmpeq_epi8(_mm256_or_si256(b0, k->first_case), k->first);
    __m256i next = _mm256_xor_si256(_mm256_or_si256(b1, k->second_case), k->second);
    __m256i after = _mm256_xor_si256(_mm256_or_si256(b2, k->third_case), k->third);
    __m256i follows =
        _mm256_and_si256(_mm256_subs_epi8(next, k->one), _mm256_or_si256(next, _mm256_subs_epi8(after, k->one)));
    __m256i triplet = _mm256_and_si256(
        _mm256_cmpeq_epi8(b0, k->lead), _mm256_and_si256(_mm256_cmpeq_epi8(b1, k->x80), _mm256_cmpgt_epi8(k->below_c0, b2)));
    __m256i before1 = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(at - 1)), k->e2);
    __m256i before2 = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(at - 2)), k->e2);
    __m256i outside = _mm256_andnot_si256(_mm256_or_si256(triplet, _mm256_or_si256(before1, before2)), b0);
    return _mm256_or_si256(_mm256_and_si256(is_first, follows), outside);
}

/// 32 positions at a time with AVX2, on processors that have it (see literal_candidates_widest).
__attribute__((target("avx2"))) static size_t run_avx2(const LiteralCandidateFilter *filter, const uint8_t *bytes,
                                                       size_t count, size_t *position, size_t limit) {
    const Filter256 k = filter256(filter);
    const size_t end = limit < count - 2 ? limit : count - 2;  // the window's last position + 2 < count
    size_t p = *position;
    for (; p + 64 <= end; p += 64) {
        __m256i low = worth_a_look256(&k, bytes + p), high = worth_a_look256(&k, bytes + p + 32);
        if (_mm256_movemask_epi8(_mm256_or_si256(low, high)) == 0) continue;
        uint64_t mask = (uint64_t)(uint32_t)_mm256_movemask_epi8(low) | (uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32;
        return p + (size_t)__builtin_ctzll(mask);
    }
    if (p + 32 <= end) {
        unsigned mask = (unsigned)_mm256_movemask_epi8(worth_a_look256(&k, bytes + p));
        if (mask != 0) return p + (size_t)__builtin_ctz(mask);
        p += 32;
    }
    *position = p;
    return NOTHING;
}

/// 32 when the processor has AVX2 and the system saves its registers, else 16.
static int detect_widest(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 16;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (osxsave | avx)) != (osxsave | avx)) return 16;
    unsigned saved_low, saved_high;
    __asm__("xgetbv" : "=a"(saved_low), "=d"(saved_high) : "c"(0));
    if ((saved_low & 6) != 6) return 16;  // XMM and YMM state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 16;
    return (b & (1u << 5)) ? 32 : 16;
}

#endif

int literal_candidates_widest(void) {
#if defined(__SSE2__)
    static _Atomic int widest = 0;
    int known = atomic_load_explicit(&widest, memory_order_relaxed);
    if (known == 0) {
        known = detect_widest();
        atomic_store_explicit(&widest, known, memory_order_relaxed);
    }
    return known;
#else
    return 1;
#endif
}

size_t literal_candidates_next(LiteralCandidateFilter filter, const uint8_t *bytes, size_t count, size_t start,
                               size_t limit, int width) {
    size_t p = start;
    // Until the byte before and this one are ASCII (at the start of the text, or after a character
    // outside ASCII), one byte at a time: the runs read two bytes back.
    while (p < limit && (p < 2 || bytes[p - 1] >= 0x80 || bytes[p] >= 0x80)) {
        if (stops_alone(&filter, bytes[p])) return p;
        p++;
    }
    // From here on p is at least 2, and below limit, so count is at least 3.
    if (p >= limit) return p;
    size_t begin = p, found;
    int widest = literal_candidates_widest();
    if (width > widest) width = widest;
#if defined(__SSE2__)
    if (width >= 32) found = run_avx2(&filter, bytes, count, &p, limit);
    else if (width >= 16) found = run_sse2(&filter, bytes, count, &p, limit);
    else found = run_plain(&filter, bytes, count, &p, limit);
#else
    found = run_plain(&filter, bytes, count, &p, limit);
#endif
    if (found != NOTHING) return found;
    // A skipped E2 80 xx character may run over where the run ended.
    if (p > begin) {
        if (bytes[p - 1] == 0xE2) p += 2;
        else if (bytes[p - 2] == 0xE2) p += 1;
    }
    // The last few bytes, which the run's window does not fit, one at a time.
    while (p < limit) {
        if (stops_alone(&filter, bytes[p])) return p;
        p++;
    }
    return p;
}
