/* Sorting path records by key, for building a class's tree (tree_build.c). */
#ifndef BOGGLE_KEY_SORT_H
#define BOGGLE_KEY_SORT_H

#include <stddef.h>
#include <stdint.h>

/* A path to a word: its key (the faces it takes, see tree_build.c), the trie node of the
 * word and its points. */
typedef struct {
    uint64_t key;
    uint32_t word;
    int32_t points;
} packed_record;

/* Sorts the n records of x by key (below 2^bits); the sorted records are in x or in spare
 * (returned), which has room for n. */
packed_record *sort_records(packed_record *x, packed_record *spare, size_t n, int bits);

#endif
