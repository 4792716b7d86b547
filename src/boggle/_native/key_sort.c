/* Sorting path records by key (tree_build.c): radix sorts, least significant digit first.
 *
 * The digit counts are static (the GIL guards them).
 */
#include "key_sort.h"

#include <string.h>

#define MAX_DIGIT_BITS 11

static size_t digit_count[64 / 8][1u << MAX_DIGIT_BITS];

/* Sorts the n records of x by key bits [0, bits) in passes over digits of at most
 * digit_bits, least significant first; the sorted records are in x or in spare
 * (returned).  Digits that every key shares take no pass. */
static packed_record *sort_low(packed_record *x, packed_record *spare, size_t n, int bits,
                               int digit_bits) {
    const int passes = (bits + digit_bits - 1) / digit_bits;
    const int width = (bits + passes - 1) / passes;
    const uint64_t digit = (1ull << width) - 1u;
    for (int p = 0; p < passes; p++) memset(digit_count[p], 0, (digit + 1) * sizeof(size_t));
    for (size_t i = 0; i < n; i++) {
        uint64_t key = x[i].key;
        for (int p = 0; p < passes; p++) digit_count[p][(key >> (p * width)) & digit]++;
    }
    for (int p = 0; p < passes && n > 0; p++) {
        size_t *next = digit_count[p];
        if (next[(x[0].key >> (p * width)) & digit] == n) continue;
        for (size_t d = 0, at = 0; d <= digit; d++) {
            size_t count = next[d];
            next[d] = at;
            at += count;
        }
        for (size_t i = 0; i < n; i++) spare[next[(x[i].key >> (p * width)) & digit]++] = x[i];
        packed_record *swap = x;
        x = spare;
        spare = swap;
    }
    return x;
}

/* Sorts the n records of x by key (below 2^bits); the sorted records are in x or in spare
 * (returned).  Many records are first split by their highest digit into groups of some
 * thousands, each then sorted while it is in the cache. */
packed_record *sort_records(packed_record *x, packed_record *spare, size_t n, int bits) {
    static size_t start[(1u << MAX_DIGIT_BITS) + 1];
    int top = 0;
    while (top < MAX_DIGIT_BITS && (n >> (top + 12)) > 0) top++;
    if (top < 4 || top >= bits) return sort_low(x, spare, n, bits, MAX_DIGIT_BITS);
    const int low = bits - top;
    const size_t groups = (size_t)1 << top;
    memset(start, 0, (groups + 1) * sizeof(size_t));
    for (size_t i = 0; i < n; i++) start[(x[i].key >> low) + 1]++;
    for (size_t g = 0; g < groups; g++) start[g + 1] += start[g];
    for (size_t i = 0; i < n; i++) spare[start[x[i].key >> low]++] = x[i];
    for (size_t g = 0, from = 0; g < groups; from = start[g++]) {
        size_t size = start[g] - from;
        if (size < 2) continue;
        packed_record *sorted = sort_low(spare + from, x + from, size, low, 8);
        if (sorted != spare + from) memcpy(spare + from, sorted, size * sizeof *sorted);
    }
    return spare;
}
