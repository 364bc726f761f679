#ifndef READER_LINE_BREAKS_H
#define READER_LINE_BREAKS_H

#include <stddef.h>
#include <stdint.h>

/// Marks where lines may end in `bytes[0..<count]`: bit `i % 64` of `bits[i / 64]` is set when byte `i`
/// is a line feed, or a carriage return when `carriage_returns` is nonzero. `bits` holds
/// `(count + 63) / 64` words; the bits past `count` in the last one are clear.
///
/// Sixteen bytes are compared at a time with SSE2 (the x86-64 baseline), one at a time in plain C
/// elsewhere: on short lines, several times fewer instructions than finding each line's end in turn.
void reader_line_break_bits(const uint8_t *bytes, size_t count, int carriage_returns, uint64_t *bits);

#endif
