/* Sorting path records by key, for building a class's tree (tree_build.c). */
#ifndef BOGGLE_KEY_SORT_H
#define BOGGLE_KEY_SORT_H

#include <stddef.h>
#include <stdint.h>

/* A path to a word: its key (the faces it takes, see tree_build.c), the trie node of the
 * word and its points.  When the key and the word fit in 64 bits a record is instead one
 * uint64_t, the key above the word (compact). */
typedef struct {
    uint64_t key;
    uint32_t word;
    int32_t points;
} packed_record;

#define KEY_SORT_DIGIT_BITS 11 /* the widest digit of a pass */

/* The counts of a sort's digits, kept by its caller (no sort shares them). */
typedef struct {
    size_t digit_count[64 / 8][(size_t)1 << KEY_SORT_DIGIT_BITS];
    size_t start[((size_t)1 << KEY_SORT_DIGIT_BITS) + 1];
} key_sorter;

/* Sorts the n records of x (compact: `size` 8, or packed_record: 16) by their key, bits
 * [from, from + bits) of their first 64-bit number, which has no bits above; records with
 * one key stay in any order.  The sorted records are in x or in *spare (returned), which
 * is made larger (realloc, *spare_cap bytes) as it needs; NULL when out of memory. */
void *sort_records(key_sorter *sorter, void *x, uint8_t **spare, size_t *spare_cap, size_t n,
                   size_t size, int from, int bits);

/* Sorts the n records of x (of `stride` bytes) by their first key_bytes bytes (byte 0 first,
 * as memcmp); the sorted records are in x or in spare (returned), which has room for n. */
void *sort_byte_records(key_sorter *sorter, void *x, void *spare, size_t n, size_t stride,
                        size_t key_bytes);

#endif
