/* The prover's types shared by bound.c (classes, the max bound), tree_build.c and tree.c
 * (orderly trees). */
#ifndef BOGGLE_BOUND_H
#define BOGGLE_BOUND_H

#include "bits.h"
#include "prover.h"

#define CB_MAX_CELLS PV_MAX_CELLS
#define CB_MAX_FACES PV_MAX_FACES

#define CB_WORD BN_WORD_BIT    /* in a node's bits: a word that scores ends here */
#define CB_LETTERS 0x7FFFFFFFu /* in a node's bits: the letters that follow */

typedef bn_node cb_node;

typedef struct {
    const pv_words *t;
    int n;
    int n_neighbours[CB_MAX_CELLS];
    int neighbours[CB_MAX_CELLS][8];
    uint32_t faces[CB_MAX_CELLS];    /* the class: face ids allowed per cell */
    uint32_t starts[CB_MAX_CELLS];   /* first letters of those faces */
    uint8_t start_face[CB_MAX_CELLS][32]; /* the face of a cell with a first letter */
    uint64_t shared_starts;          /* cells where two faces share a first letter */
    uint64_t bounds;                 /* bounds computed */
    const pv_stop *stop;             /* how it is stopped from outside (NULL: never) */
} cb_class;

static inline int64_t child_of(const cb_node *nodes, uint32_t node, int letter) {
    uint32_t mask = nodes[node].bits;
    if (!((mask >> letter) & 1u)) return -1;
    return nodes[node].first + (uint32_t)bits_popcount32(mask & ((1u << letter) - 1u));
}

/* The trie node reached from `node` by the letters of face `f`, or -1. */
static inline int64_t face_node(const pv_words *t, uint32_t node, int f) {
    const uint8_t *letters = t->face_letters[f];
    int64_t at = node;
    for (int i = 0; i < BN_FACE_MAX && letters[i] != BN_NO_LETTER && at >= 0; i++)
        at = letters[i] == BN_DEAD_LETTER ? -1 : child_of(t->nodes, (uint32_t)at, letters[i]);
    return at;
}

/* Steps through the faces left in `*faces` (a mask, consumed) that lead somewhere from trie
 * `node`: 1 with the face in `*f` and the node it reaches in `*at`, 0 when none is left. */
static inline int next_face_child(const pv_words *t, uint32_t *faces, uint32_t node, int *f,
                                  int64_t *at) {
    while (*faces) {
        *f = bits_ctz32(*faces);
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
        int letter = bits_ctz32(*letters);
        *letters &= *letters - 1;
        *f = c->start_face[cell][letter];
        int64_t step = nodes[node].first +
                       (uint32_t)bits_popcount32(nodes[node].bits & ((1u << letter) - 1u));
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

/* Loads cells `faces` of a rows x cols board of `words` into c (checked: PV_OK or
 * PV_BAD_SHAPE / PV_BAD_CLASS). */
int cb_load(cb_class *c, const pv_words *words, int rows, int cols, const uint32_t *faces);

/* Append n bytes: PV_OK, PV_NO_MEMORY, or (b->full set) PV_NO_MEMORY past b->limit. */
int cb_append(byte_buffer *b, const uint8_t *bytes, size_t n);

/* Counts a bound computed and, every PV_POLL_PERIOD, asks whether to stop: 1 to stop. */
static inline int cb_tick(cb_class *c) {
    if ((++c->bounds & (PV_POLL_PERIOD - 1u)) != 0 || !c->stop) return 0;
    if (c->stop->flag && *c->stop->flag) return 1;
    return c->stop->poll && c->stop->poll(c->stop->data);
}

#endif
