/* Sorting path records by key (tree_build.c): radix sorts, least significant digit first.
 *
 * A record is 8 or 16 bytes and begins with a 64-bit number holding its key in bits
 * [from, from + bits) and zeros above.  The sort is written once for any record size and
 * made twice, for 8 and for 16 bytes, so that moving a record is one load and store.
 * The digit counts are static (the GIL guards them).
 */
#include "key_sort.h"

#include <string.h>

#define MAX_DIGIT_BITS 11
#define INLINE static inline __attribute__((always_inline))

static size_t digit_count[64 / 8][1u << MAX_DIGIT_BITS];

INLINE uint64_t number_at(const uint8_t *x, size_t i, size_t size) {
    uint64_t number;
    memcpy(&number, x + i * size, sizeof number);
    return number;
}

/* Sorts the n records of x (of `size` bytes) by key bits [from, from + bits) in passes
 * over digits of at most digit_bits, least significant first; the sorted records are in
 * x or in spare (returned).  Digits that every key shares take no pass. */
INLINE uint8_t *sort_low(uint8_t *x, uint8_t *spare, size_t n, size_t size, int from, int bits,
                         int digit_bits) {
    const int passes = (bits + digit_bits - 1) / digit_bits;
    const int width = (bits + passes - 1) / passes;
    const uint64_t digit = (1ull << width) - 1u;
    for (int p = 0; p < passes; p++) memset(digit_count[p], 0, (digit + 1) * sizeof(size_t));
    for (size_t i = 0; i < n; i++) {
        uint64_t key = number_at(x, i, size) >> from;
        for (int p = 0; p < passes; p++) digit_count[p][(key >> (p * width)) & digit]++;
    }
    for (int p = 0; p < passes && n > 0; p++) {
        size_t *next = digit_count[p];
        const int shift = from + p * width;
        if (next[(number_at(x, 0, size) >> shift) & digit] == n) continue;
        for (size_t d = 0, at = 0; d <= digit; d++) {
            size_t count = next[d];
            next[d] = at;
            at += count;
        }
        for (size_t i = 0; i < n; i++)
            memcpy(spare + next[(number_at(x, i, size) >> shift) & digit]++ * size, x + i * size,
                   size);
        uint8_t *swap = x;
        x = spare;
        spare = swap;
    }
    return x;
}

/* sort_records for records of `size` bytes.  Many records are first split by their
 * highest digit into groups of some thousands, each then sorted while it is in the cache,
 * 8-byte records in fewer passes over wider digits (measured: a tenth faster; 16-byte ones
 * no faster). */
INLINE uint8_t *sort_sized(uint8_t *x, uint8_t *spare, size_t n, size_t size, int from,
                           int bits) {
    static size_t start[(1u << MAX_DIGIT_BITS) + 1];
    int top = 0;
    while (top < MAX_DIGIT_BITS && (n >> (top + 12)) > 0) top++;
    if (top < 4 || top >= bits) return sort_low(x, spare, n, size, from, bits, MAX_DIGIT_BITS);
    const int low = bits - top;
    const size_t groups = (size_t)1 << top;
    const int group_digit_bits = size == sizeof(uint64_t) ? MAX_DIGIT_BITS : 8;
    const int group_passes = (low + group_digit_bits - 1) / group_digit_bits;
    uint8_t *into = group_passes % 2 ? x : spare; /* where a group sorted in every pass ends */
    memset(start, 0, (groups + 1) * sizeof(size_t));
    for (size_t i = 0; i < n; i++) start[(number_at(x, i, size) >> (from + low)) + 1]++;
    for (size_t g = 0; g < groups; g++) start[g + 1] += start[g];
    for (size_t i = 0; i < n; i++)
        memcpy(spare + start[number_at(x, i, size) >> (from + low)]++ * size, x + i * size, size);
    for (size_t g = 0, at = 0; g < groups; at = start[g++]) {
        size_t count = start[g] - at;
        if (!count) continue;
        uint8_t *sorted = sort_low(spare + at * size, x + at * size, count, size, from, low,
                                   group_digit_bits);
        if (sorted != into + at * size) memcpy(into + at * size, sorted, count * size);
    }
    return into;
}

void *sort_records(void *x, void *spare, size_t n, size_t size, int from, int bits) {
    if (size == sizeof(uint64_t)) return sort_sized(x, spare, n, sizeof(uint64_t), from, bits);
    return sort_sized(x, spare, n, sizeof(packed_record), from, bits);
}
