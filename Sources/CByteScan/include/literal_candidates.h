#ifndef C_BYTE_SCAN_LITERAL_CANDIDATES_H
#define C_BYTE_SCAN_LITERAL_CANDIDATES_H

#include <stddef.h>
#include <stdint.h>

/// What makes a byte of UTF-8 text worth a look for a literal search whose folded pattern is all
/// ASCII (ReaderSearch's UTF8LiteralScanner). An ASCII byte is worth one when `(byte | first_case)
/// == first`, the byte after it is outside ASCII or has `(byte | second_case) == second`, and, in
/// the latter case, the byte after that is outside ASCII or has `(byte | third_case) == third`
/// (0xFF and 0xFF accept any byte). A byte outside ASCII is worth one unless it belongs to a
/// well-formed `triplet_lead 80 xx` sequence (U+2000...U+203F when `triplet_lead` is 0xE2; give
/// an ASCII byte to skip none of them).
typedef struct {
    uint8_t first, first_case;
    uint8_t second, second_case;
    uint8_t third, third_case;
    uint8_t triplet_lead;
} LiteralCandidateFilter;

/// The first position from `start` on, before `limit`, that a walk of the text character by
/// character must look at (see LiteralCandidateFilter): every position before it is an ASCII byte
/// not worth a look or part of a skippable `E2 80 xx` character that starts at or after `start`.
/// It may also stop at a position not worth a look (a few bytes before `limit` or the end, or
/// right after a byte outside ASCII). When nothing before `limit` needs a look, the answer is
/// `limit`, or one or two bytes past it when a skipped character runs over it. `start` must be a
/// character boundary and `limit` at most `count`; bytes up to `count` are read (the two after a
/// position, and the two before `start` once it is past them). The bytes are looked at `width`
/// at a time: 32 (AVX2), 16 (SSE2) or 1 (plain C; tests compare them), narrowed to what the
/// processor has.
size_t literal_candidates_next(LiteralCandidateFilter filter, const uint8_t *bytes, size_t count, size_t start,
                               size_t limit, int width);

/// The widest width this processor runs literal_candidates_next at: 32, 16 or 1.
int literal_candidates_widest(void);

#endif
