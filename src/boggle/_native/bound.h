/* Types shared by bound.c (the ClassBound type, max bound) and tree.c (orderly trees). */
#ifndef BOGGLE_BOUND_H
#define BOGGLE_BOUND_H

#include "search.h"

#define CB_MAX_CELLS 64
#define CB_MAX_FACES 32

#define CB_WORD 0x80000000u    /* in a node's mask: a word ends here (points > 0) */
#define CB_LETTERS 0x7FFFFFFFu /* in a node's mask: the letters that follow */

typedef struct {
    uint32_t mask;  /* letters that follow, and CB_WORD */
    uint32_t first; /* index of the first child; children side by side by letter */
} cb_node;

typedef struct {
    PyObject_HEAD
    cb_node *nodes;
    int32_t *points; /* points of the word ending at each node (0: none) */
    uint32_t n_nodes;
    int n_faces;
    uint8_t face_letters[CB_MAX_FACES][BN_FACE_MAX];
    uint64_t serial; /* new at each init: trees kept for one word list serve only it */
} BoundObject;

typedef struct {
    const BoundObject *t;
    int n;
    int n_neighbours[CB_MAX_CELLS];
    int neighbours[CB_MAX_CELLS][8];
    uint32_t faces[CB_MAX_CELLS];    /* the class: face ids allowed per cell */
    uint32_t starts[CB_MAX_CELLS];   /* first letters of those faces */
    uint8_t start_face[CB_MAX_CELLS][32]; /* the face of a cell with a first letter */
    uint64_t shared_starts;          /* cells where two faces share a first letter */
    uint64_t bounds;                 /* bounds computed */
    int interrupted;
} cb_class;

static inline int64_t child_of(const cb_node *nodes, uint32_t node, int letter) {
    uint32_t mask = nodes[node].mask;
    if (!((mask >> letter) & 1u)) return -1;
    return nodes[node].first + (uint32_t)__builtin_popcount(mask & ((1u << letter) - 1u));
}

/* The trie node reached from `node` by the letters of face `f`, or -1. */
static inline int64_t face_node(const BoundObject *t, uint32_t node, int f) {
    const uint8_t *letters = t->face_letters[f];
    int64_t at = node;
    for (int i = 0; i < BN_FACE_MAX && letters[i] != BN_NO_LETTER && at >= 0; i++)
        at = letters[i] == BN_DEAD_LETTER ? -1 : child_of(t->nodes, (uint32_t)at, letters[i]);
    return at;
}

/* Steps through the faces left in `*faces` (a mask, consumed) that lead somewhere from trie
 * `node`: 1 with the face in `*f` and the node it reaches in `*at`, 0 when none is left. */
static inline int next_face_child(const BoundObject *t, uint32_t *faces, uint32_t node, int *f,
                                  int64_t *at) {
    while (*faces) {
        *f = __builtin_ctz(*faces);
        *faces &= *faces - 1;
        *at = face_node(t, node, *f);
        if (*at >= 0) return 1;
    }
    return 0;
}

/* As next_face_child for the faces of `cell`, stepping through the letters that follow `node`
 * and begin one of the cell's faces (*letters starts as their mask; the cell's faces must
 * have distinct first letters).  Faces come in order of first letter. */
static inline int next_start_child(const cb_class *c, int cell, uint32_t *letters, uint32_t node,
                                   int *f, int64_t *at) {
    const cb_node *nodes = c->t->nodes;
    while (*letters) {
        int letter = __builtin_ctz(*letters);
        *letters &= *letters - 1;
        *f = c->start_face[cell][letter];
        int64_t step = nodes[node].first +
                       (uint32_t)__builtin_popcount(nodes[node].mask & ((1u << letter) - 1u));
        const uint8_t *rest = c->t->face_letters[*f];
        for (int i = 1; i < BN_FACE_MAX && rest[i] != BN_NO_LETTER && step >= 0; i++)
            step = rest[i] == BN_DEAD_LETTER ? -1 : child_of(nodes, (uint32_t)step, rest[i]);
        *at = step;
        if (step >= 0) return 1;
    }
    return 0;
}

typedef struct {
    uint8_t *data;
    size_t len, cap;
    size_t limit; /* the most bytes it may hold (0: no limit) */
    int full;     /* an append went past limit: the search stops, keeping what it has */
} byte_buffer;

/* Fills c->starts (the first letters of each cell's faces), c->start_face and
 * c->shared_starts from c->faces. */
void cb_set_starts(cb_class *c);

/* Append n bytes; -1 when out of memory, or (b->full set) past b->limit. */
int cb_append(byte_buffer *b, const uint8_t *bytes, size_t n);

/* Branch and bound over one class with an orderly sum/choice tree (tree.c): every
 * single board whose forced tree value is above `above` is appended to out as n
 * face ids.  order: cells in split order.  Cells are forced by merging trees while a
 * tree's bound is above switch_bound and more than walk_cells cells are left, then by
 * walking the tree.  -1 on error (Python exception set). */
int cb_tree_branch(cb_class *c, const uint8_t *order, int64_t above, int64_t switch_bound,
                   int walk_cells, byte_buffer *out, int64_t *root_bound);

#endif
