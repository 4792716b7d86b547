/* Orderly sum/choice trees shared by tree_build.c (making one from a class's paths) and
 * tree.c (branch and bound with it). */
#ifndef BOGGLE_TREE_H
#define BOGGLE_TREE_H

#include "bits.h"
#include "bound.h"

/* Where a node is: its offset from the arena's base in 4-byte units (half a pointer), below
 * 2^30.  Three kinds of node are not made, their parent holds them in the reference:
 * - a sum node without children: reference 0, its points as the bound beside it;
 * - a choice node whose only child is such a sum node (most of a tree's deepest nodes):
 *   LONE_LEAF | its rank << 8 | the face, the leaf's points as the bound;
 * - a sum node without points whose only child is a choice node (most chains): BRIDGE | the
 *   choice node's reference (or lone leaf), the choice node's bound. */
typedef uint32_t tref;

#define LONE_LEAF 0x40000000u
#define BRIDGE 0x80000000u

static inline int is_lone(tref ref) { return (ref & LONE_LEAF) != 0; }
static inline int lone_face(tref ref) { return (int)(ref & 0xFFu); }
static inline int lone_rank(tref ref) { return (int)((ref >> 8) & 0xFFu); }
static inline tref lone_leaf(int rank, int face) {
    return LONE_LEAF | (tref)rank << 8 | (tref)face;
}
static inline int is_bridge(tref ref) { return (ref & BRIDGE) != 0; }

/* A child as its parent holds it: where it is and its bound, so that merging and walking
 * read a child only when they go into it. */
typedef struct {
    tref ref;
    int32_t bound;
} tkid;

/* A sum node adds its points and its children's bounds; a choice node (one cell) takes the
 * best of its children, one sum node per face.  A choice node's i-th child is for the i-th
 * face in its mask, a sum node's children are choice nodes of distinct cells, in the order
 * of their ranks (the bits of `ranks`).  A node does not hold its own bound: its parent
 * holds it beside its reference (sum_bound and choice_bound work it out from the node), so
 * a choice node is 8 bytes and a sum node 12 before their children (they were 12 and 20;
 * a 4x4 class's tree is mostly such headers: some 18% smaller).  A sum node without
 * children is not made: its parent holds it as reference 0, its points as its bound. */
typedef struct {
    uint32_t mask; /* the faces of its children */
    uint8_t key;   /* the cell's rank in split order */
    uint8_t spare[3];
    tkid kids[];
} tchoice;

typedef struct {
    int32_t points;    /* of the words ending here */
    uint32_t ranks[2]; /* the ranks of its children: bits 0-31 and 32-63 */
    tkid kids[];
} tsum;

static inline uint64_t sum_ranks(const tsum *t) {
    return (uint64_t)t->ranks[1] << 32 | t->ranks[0];
}

static inline void set_sum_ranks(tsum *t, uint64_t ranks) {
    t->ranks[0] = (uint32_t)ranks;
    t->ranks[1] = (uint32_t)(ranks >> 32);
}

/* Children of a node. */
static inline int sum_kids(const tsum *t) { return bits_popcount64(sum_ranks(t)); }
static inline int choice_kids(const tchoice *t) { return bits_popcount32(t->mask); }

/* A node's bound: its points and its children's bounds added (a sum node), the best of its
 * children's (a choice node). */
static inline int32_t sum_bound(const tsum *t) {
    int32_t bound = t->points;
    for (int k = 0, n = sum_kids(t); k < n; k++) bound += t->kids[k].bound;
    return bound;
}

static inline int32_t choice_bound(const tchoice *t) {
    int32_t bound = 0;
    for (int k = 0, n = choice_kids(t); k < n; k++)
        bound = t->kids[k].bound > bound ? t->kids[k].bound : bound;
    return bound;
}

/* Nodes come from one reserved stretch of address space that never moves, so a 32-bit
 * offset names any node; a branch gives back what it made by restoring `used`. */
typedef struct {
    char *base;
    size_t used, committed, reserved; /* bytes */
    size_t kept; /* bytes from the base holding trees kept between classes (tree_build.c's
                    forest), 0 when none */
} arena;

#define ARENA_FIRST 8 /* the first node's offset: offset 0 names no node */

/* Makes [used, used + bytes) usable; -1 when out of memory. */
int arena_grow(arena *a, size_t bytes);
/* Gives back the arena's memory. */
void arena_free(arena *a);
/* Gives back the memory of the whole pages in [at, at + bytes) of a malloc'd buffer whose
 * contents there are not read again (they read as zeros, or as before where it cannot). */
void pages_release(const void *at, size_t bytes);

static inline void *tree_at(const char *base, tref ref) {
    return (void *)(base + (size_t)ref * 4u);
}

static inline tref tree_ref(const arena *a, const void *t) {
    return (tref)(((const char *)t - a->base) >> 2);
}

/* `bytes` (a multiple of 4) for a node, or NULL when out of memory. */
static inline void *arena_take(arena *a, size_t bytes) {
    if (a->used + bytes > a->committed && arena_grow(a, bytes) < 0) return NULL;
    void *node = a->base + a->used;
    a->used += bytes;
    return node;
}

static inline size_t choice_bytes(int kids) { return sizeof(tchoice) + (size_t)kids * sizeof(tkid); }
static inline size_t sum_bytes(int kids) { return sizeof(tsum) + (size_t)kids * sizeof(tkid); }

/* Merging's work list (tree.c), kept from one merge to the next. */
typedef struct merge_job merge_job;
typedef struct {
    merge_job *jobs;
    size_t len, cap;
} merge_queue;

/* What building a tree keeps from one class to the next (tree_build.c): the records of
 * paths and the radix sort's buffers, the trees kept for path groups, the path stack. */
typedef struct tree_builder tree_builder;

/* A prover's state (the pv_prover of prover.h): nothing of it is shared between provers,
 * so provers on several threads share only their read-only word list. */
struct pv_prover {
    arena arena;          /* every tree node: the kept trees at the bottom, then a class's */
    merge_queue merges;   /* tree.c */
    tree_builder *builder; /* tree_build.c */
    const pv_words *forest_words; /* the word list the kept trees are for */
    bn_scratch scratch;           /* solving boards found (score_boards), made on first use */
    const pv_words *scratch_words; /* the word list the scratch is for, NULL when none */
};

tree_builder *tree_builder_new(void);
void tree_builder_free(tree_builder *b);

/* What one class's work may take (class_split.c): its tree's records at most, and its
 * bytes (bytes_per_record a record: pv_bytes_per_record) beside the arena's pages left over
 * from the class before; and, past it, what the class holds.  No cap is a NULL tree_cap. */
typedef struct {
    uint64_t max_records;
    size_t max_bytes;
    size_t bytes_per_record;
    uint64_t (*through)[PV_MAX_FACES]; /* NULL, or past the cap: by cell and face, the
                                          records whose path takes that face there */
    uint64_t records;                  /* past the cap: the class's records */
    int hold_records; /* the record buffers are kept for the next class while they fit in
                         max_bytes beside the class's work (few cells forced: the forcing
                         needs little room once the tree is built), not given back past
                         RECORDS_KEEP whatever the cap (tree_build.c: records_keep) */
} tree_cap;

/* tree_build and tree_search: the class has more records than its cap's max_records (no
 * tree was built; the cap says how many and where).  Never returned by a pv_* function. */
#define TREE_PAST_CAP (-100)

/* The orderly tree of class c with cells ranked by `order`, in p's arena, into *tree: PV_OK,
 * PV_NO_MEMORY, PV_INTERRUPTED (c->stop, only past the cap), or TREE_PAST_CAP when `cap`
 * (may be NULL) holds fewer records than the class has: then no tree is built, and the
 * listing of its paths goes on to the end counting them (cap->records, cap->through)
 * without keeping them, so a class is listed once whether it fits or not.  With `forest`,
 * built from trees of path groups, kept in the arena for the next classes (see
 * tree_build.c; the cap is not looked at); the caller gives the arena back with nothing
 * above its `kept`.  With `symmetric`, the records of paths that only boards greater than
 * one of their images under the class's own turns and mirrors take are left out (those
 * boards are cut: tree_search's options->symmetric). */
int tree_build(pv_prover *p, cb_class *c, const uint8_t *order, int forest, tree_cap *cap,
               int symmetric, const tsum **tree);

/* The images under `map` (1 to 7: 1 transposes a square, 2 turns the grid upside down, 4
 * mirrors it; a square has all 7, another shape only 2, 4 and 6) of a rows x cols class's
 * cells in `to`: whether the map keeps the grid's shape and takes every cell to a cell of
 * the same faces (`to` is whole only then). */
static inline int grid_symmetry(const cb_class *c, int rows, int cols, int map, uint8_t *to) {
    if (rows != cols && map != 2 && map != 4 && map != 6) return 0;
    for (int cell = 0; cell < c->n; cell++) {
        int r = cell / cols, q = cell % cols, r2 = r, q2 = q;
        if (map & 1) r2 = q, q2 = r;     /* transpose (square) */
        if (map & 2) r2 = rows - 1 - r2; /* upside down */
        if (map & 4) q2 = cols - 1 - q2; /* mirrored */
        to[cell] = (uint8_t)(r2 * cols + q2);
        if (c->faces[to[cell]] != c->faces[cell]) return 0;
    }
    return 1;
}

/* pv_tree_search within `cap` (may be NULL): TREE_PAST_CAP, with nothing in *result, when
 * the class has more records than the cap holds (see tree_build). */
int tree_search(pv_prover *p, const pv_words *words, int rows, int cols,
                const uint32_t *faces, const uint8_t *order, const pv_search_options *options,
                tree_cap *cap, const pv_stop *stop, pv_search_result *result);

/* Gives back the arena's pages above its kept trees that `bytes` more would not fit in
 * max_bytes beside: they stay resident from the class before (tree_reset keeps them for
 * the next class).  The lowest pages, the first the work reuses, stay (max_bytes - bytes
 * of them: the work and the pages it does not reuse fit in max_bytes).  Nothing may live
 * above the kept trees. */
void arena_make_room(arena *a, size_t bytes, size_t max_bytes);

/* Room for a class (or part) of `records` records, before it is listed, whose work takes
 * `cap`'s bytes_per_record a record: arena_make_room, with the record buffers held past
 * what its records take counted beside it (cap->hold_records), or freed when they and the
 * work would pass max_bytes. */
void tree_make_room(pv_prover *p, uint64_t records, const tree_cap *cap);

/* Sum nodes x and y merged: new nodes where they overlap, shared subtrees elsewhere; NULL
 * when out of memory. */
const tsum *tree_merge(pv_prover *p, const tsum *x, const tsum *y);

/* Forgets every node but the kept trees and gives back memory above them (tree.c). */
void tree_reset(pv_prover *p);

#endif
