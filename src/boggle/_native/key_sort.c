/* Sorting path records by key (tree_build.c): radix sorts, least significant digit first.
 *
 * A record is 8 or 16 bytes and begins with a 64-bit number holding its key in bits
 * [from, from + bits) and zeros above.  The sort is written once for any record size and
 * made twice, for 8 and for 16 bytes, so that moving a record is one load and store.
 * The digit counts are the caller's (a key_sorter).
 */
#include "key_sort.h"

#include "bits.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DIGIT_BITS KEY_SORT_DIGIT_BITS
#define GROUP_DIGIT_BITS 8  /* 16-byte records: digits of a group's passes */
#define GROUP_RECORDS_LOG 12 /* a group holds some 2^12 records (in the cache) */
#define SPLIT_IN_PLACE ((size_t)64 << 20) /* bytes of records past which they split in place */
#define INLINE BITS_INLINE

INLINE uint64_t number_at(const uint8_t *x, size_t i, size_t size) {
    uint64_t number;
    memcpy(&number, x + i * size, sizeof number);
    return number;
}

/* Sorts the n records of x (of `size` bytes) by key bits [from, from + bits) in passes
 * over digits of at most digit_bits, least significant first; the sorted records are in
 * x or in spare (returned).  Digits that every key shares take no pass. */
INLINE uint8_t *sort_passes(key_sorter *sorter, uint8_t *x, uint8_t *spare, size_t n,
                            size_t size, int from, int bits, int passes) {
    const int width = (bits + passes - 1) / passes;
    const uint64_t digit = (1ull << width) - 1u;
    size_t (*digit_count)[(size_t)1 << MAX_DIGIT_BITS] = sorter->digit_count;
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

/* sort_passes in passes over digits of at most digit_bits; three passes (the usual number
 * in a group of records) made apart, so that counting the digits is unrolled. */
INLINE uint8_t *sort_low(key_sorter *sorter, uint8_t *x, uint8_t *spare, size_t n, size_t size,
                         int from, int bits, int digit_bits) {
    const int passes = (bits + digit_bits - 1) / digit_bits;
    if (passes == 3) return sort_passes(sorter, x, spare, n, size, from, bits, 3);
    return sort_passes(sorter, x, spare, n, size, from, bits, passes);
}

/* Makes room for `bytes` in *spare; NULL when out of memory. */
static uint8_t *spare_room(uint8_t **spare, size_t *cap, size_t bytes) {
    if (*cap < bytes) {
        uint8_t *more = realloc(*spare, bytes);
        if (!more) return NULL;
        *spare = more;
        *cap = bytes;
    }
    return *spare;
}

/* Moves the records of x into their groups by top digit (records [start[g], start[g+1]) of
 * group g), in place: each record taken out is put where its group goes on, and the one
 * there taken out in turn (the American flag sort's cycles). */
INLINE void split_in_place(key_sorter *sorter, uint8_t *x, size_t n, size_t size, int shift,
                           size_t groups) {
    size_t *start = sorter->start, *next = sorter->digit_count[0];
    memcpy(next, start, groups * sizeof *next);
    uint8_t held[sizeof(packed_record)], there[sizeof(packed_record)];
    (void)n;
    for (size_t g = 0; g < groups; g++) {
        while (next[g] < start[g + 1]) {
            memcpy(held, x + next[g] * size, size);
            size_t d = number_at(held, 0, size) >> shift;
            while (d != g) {
                uint8_t *slot = x + next[d]++ * size;
                memcpy(there, slot, size);
                memcpy(slot, held, size);
                memcpy(held, there, size);
                d = number_at(held, 0, size) >> shift;
            }
            memcpy(x + next[g]++ * size, held, size);
        }
    }
}

/* sort_records for records of `size` bytes.  Many records are first split by their
 * highest digit into groups of some thousands, each then sorted while it is in the cache,
 * 8-byte records in fewer passes over wider digits (measured: a tenth faster; 16-byte ones
 * no faster).  The split goes through the spare, or in place when the records pass
 * SPLIT_IN_PLACE bytes (the spare then holds the largest group). */
INLINE uint8_t *sort_sized(key_sorter *sorter, uint8_t *x, uint8_t **spare, size_t *spare_cap,
                           size_t n, size_t size, int from, int bits) {
    size_t *start = sorter->start;
    int top = 0;
    while (top < MAX_DIGIT_BITS && (n >> (top + GROUP_RECORDS_LOG)) > 0) top++;
    if (top < 4 || top >= bits) {
        if (!spare_room(spare, spare_cap, n * size + 1)) return NULL;
        return sort_low(sorter, x, *spare, n, size, from, bits, MAX_DIGIT_BITS);
    }
    const int low = bits - top;
    const size_t groups = (size_t)1 << top;
    const int group_digit_bits = size == sizeof(uint64_t) ? MAX_DIGIT_BITS : GROUP_DIGIT_BITS;
    memset(start, 0, (groups + 1) * sizeof(size_t));
    for (size_t i = 0; i < n; i++) start[(number_at(x, i, size) >> (from + low)) + 1]++;
    size_t largest = 0;
    for (size_t g = 0; g < groups; g++) {
        largest = start[g + 1] > largest ? start[g + 1] : largest;
        start[g + 1] += start[g];
    }
    if (n * size > SPLIT_IN_PLACE) {
        if (!spare_room(spare, spare_cap, largest * size + 1)) return NULL;
        split_in_place(sorter, x, n, size, from + low, groups);
        for (size_t g = 0; g < groups; g++) {
            size_t at = start[g], count = start[g + 1] - at;
            if (count < 2) continue;
            uint8_t *sorted = sort_low(sorter, x + at * size, *spare, count, size, from, low,
                                       group_digit_bits);
            if (sorted != x + at * size) memcpy(x + at * size, sorted, count * size);
        }
        return x;
    }
    if (!spare_room(spare, spare_cap, n * size + 1)) return NULL;
    uint8_t *other = *spare;
    const int group_passes = (low + group_digit_bits - 1) / group_digit_bits;
    uint8_t *into = group_passes % 2 ? x : other; /* where a group sorted in every pass ends */
    for (size_t i = 0; i < n; i++)
        memcpy(other + start[number_at(x, i, size) >> (from + low)]++ * size, x + i * size, size);
    for (size_t g = 0, at = 0; g < groups; at = start[g++]) {
        size_t count = start[g] - at;
        if (!count) continue;
        uint8_t *sorted = sort_low(sorter, other + at * size, x + at * size, count, size, from,
                                   low, group_digit_bits);
        if (sorted != into + at * size) memcpy(into + at * size, sorted, count * size);
    }
    return into;
}

void *sort_records(key_sorter *sorter, void *x, uint8_t **spare, size_t *spare_cap, size_t n,
                   size_t size, int from, int bits) {
    if (size == sizeof(uint64_t))
        return sort_sized(sorter, x, spare, spare_cap, n, sizeof(uint64_t), from, bits);
    return sort_sized(sorter, x, spare, spare_cap, n, sizeof(packed_record), from, bits);
}

void *sort_byte_records(key_sorter *sorter, void *x, void *spare, size_t n, size_t stride,
                        size_t key_bytes) {
    uint8_t *from = x, *into = spare;
    size_t *at = sorter->digit_count[0];
    for (size_t byte = key_bytes; byte-- > 0;) {
        memset(at, 0, 256 * sizeof *at);
        for (size_t i = 0; i < n; i++) at[from[i * stride + byte]]++;
        if (n == 0 || at[from[byte]] == n) continue; /* every key has this byte */
        for (size_t d = 0, sum = 0; d < 256; d++) {
            size_t count = at[d];
            at[d] = sum;
            sum += count;
        }
        for (size_t i = 0; i < n; i++)
            memcpy(into + at[from[i * stride + byte]]++ * stride, from + i * stride, stride);
        uint8_t *swap = from;
        from = into;
        into = swap;
    }
    return from;
}
