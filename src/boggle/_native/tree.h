/* Orderly sum/choice trees shared by tree_build.c (making one from a class's paths) and
 * tree.c (branch and bound with it). */
#ifndef BOGGLE_TREE_H
#define BOGGLE_TREE_H

#include "bound.h"

/* A sum node adds its points and its children's bounds; a choice node (one cell) takes the
 * best of its children, one sum node per face.  Children are sorted by key. */
typedef struct tnode {
    int32_t bound;
    int32_t points; /* sum node: points of the words ending here */
    uint32_t mask;  /* choice node: the faces of its children */
    uint8_t key;    /* choice node: the cell's rank in split order; sum node: the face id */
    uint8_t n;
    struct tnode *kids[];
} tnode;

/* Nodes come from big chunks; a branch gives back what it made by restoring a mark. */
typedef struct {
    char **chunks;
    size_t n_chunks, current, used;
} arena;

/* A node with room for `kids` children (n set, the rest not), or NULL when out of memory. */
tnode *arena_node(arena *a, int kids);

/* The orderly tree of class c with cells ranked by `order`, in a; NULL when out of memory. */
const tnode *tree_build(cb_class *c, const uint8_t *order, arena *a);

#endif
