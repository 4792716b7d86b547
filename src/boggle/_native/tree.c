/* Orderly sum/choice trees (the hybrid-boggle paper's data structure), for
 * branch and bound over one class of boards.
 *
 * Every path to a word on the class is a list of (cell, face) pairs.  Sorted
 * by the cells' place in the split order, the paths are merged into a tree:
 * a sum node adds its points and its children's bounds; a choice node (one
 * cell) takes the best of its children (one per face).  The root's bound is
 * never below the score of a board of the class, and is tighter than the
 * max bound because every path meets a cell's choice in the same order.
 *
 * Because paths are sorted, the choice node of the next cell to split is
 * always the root's first child.  Forcing that cell to face f merges the
 * sum node under f into the root without it; merging is persistent (new
 * nodes along overlapping parts, shared subtrees elsewhere), so the nodes a
 * branch makes are given back to the arena when it returns.
 *
 * Once a tree's bound is low (switch_bound), merging costs more than it saves:
 * walk() forces the remaining cells without making trees, keeping per rank the
 * choice nodes waiting for that cell (the paper's stack-based orderly bound).
 * The tree itself is built by tree_build.c.
 */
#include "tree.h"

#include <stdlib.h>
#include <string.h>

/* Children of x (from its i-th) and y together, those with one key counted once. */
static int merged_count(const tnode *x, int i, const tnode *y) {
    int j = 0, n = 0;
    while (i < x->n || j < y->n) {
        if (j == y->n || (i < x->n && x->kids[i]->key < y->kids[j]->key)) i++;
        else if (i == x->n || y->kids[j]->key < x->kids[i]->key) j++;
        else i++, j++;
        n++;
    }
    return n;
}

static tnode *merge_sum(arena *a, const tnode *x, int skip, const tnode *y);

/* Two choice nodes of one cell: a face in both has its sum nodes merged. */
static tnode *merge_choice(arena *a, const tnode *x, const tnode *y) {
    tnode *t = arena_node(a, merged_count(x, 0, y));
    int i, j, n;
    if (!t) return NULL;
    t->key = x->key;
    t->mask = x->mask | y->mask;
    int32_t bound = 0;
    i = j = n = 0;
    while (i < x->n || j < y->n) {
        tnode *kid;
        if (j == y->n || (i < x->n && x->kids[i]->key < y->kids[j]->key)) kid = x->kids[i++];
        else if (i == x->n || y->kids[j]->key < x->kids[i]->key) kid = y->kids[j++];
        else if (!(kid = merge_sum(a, x->kids[i++], 0, y->kids[j++]))) return NULL;
        t->kids[n++] = kid;
        if (kid->bound > bound) bound = kid->bound;
    }
    t->bound = bound;
    return t;
}

/* Sum node x (without its first `skip` children) merged with sum node y. */
static tnode *merge_sum(arena *a, const tnode *x, int skip, const tnode *y) {
    tnode *t = arena_node(a, merged_count(x, skip, y));
    int i, j, n;
    if (!t) return NULL;
    t->key = x->key;
    t->points = x->points + y->points;
    int64_t bound = t->points;
    i = skip;
    j = n = 0;
    while (i < x->n || j < y->n) {
        tnode *kid;
        if (j == y->n || (i < x->n && x->kids[i]->key < y->kids[j]->key)) kid = x->kids[i++];
        else if (i == x->n || y->kids[j]->key < x->kids[i]->key) kid = y->kids[j++];
        else if (!(kid = merge_choice(a, x->kids[i++], y->kids[j++]))) return NULL;
        t->kids[n++] = kid;
        bound += kid->bound;
    }
    t->bound = (int32_t)bound;
    return t;
}

static tnode *drop_first(arena *a, const tnode *x) {
    tnode *t = arena_node(a, x->n - 1);
    if (!t) return NULL;
    t->key = x->key;
    t->points = x->points;
    t->bound = x->bound - x->kids[0]->bound;
    memcpy(t->kids, x->kids + 1, (size_t)(x->n - 1) * sizeof(tnode *));
    return t;
}

/* ------------------------------------------------ branch and bound */

/* Choice nodes waiting for their cell to be forced, per rank (the orderly bound). */
typedef struct {
    const tnode **items;
    size_t len, cap;
} pending;

/* Per rank: the bounds of the waiting choice nodes' sum nodes added face by face, and
 * the best of those sums (what the rank adds to the bound). */
typedef struct {
    int32_t by_face[CB_MAX_FACES];
    int32_t best;
} rank_sums;

typedef struct {
    arena *a;
    cb_class *c;
    const uint8_t *order;
    int64_t above;
    int64_t switch_bound; /* merge while a tree's bound is above this, then walk it */
    byte_buffer *out;
    uint8_t board[CB_MAX_CELLS];
    pending waiting[CB_MAX_CELLS];
    rank_sums sums[CB_MAX_CELLS];
    rank_sums *saved; /* saved[k * n + r]: rank r's sums before forcing rank k */
} brancher;

/* Counts a bound computed; -1 when Ctrl-C was pressed (checked now and then). */
static inline int tick(cb_class *c) {
    return (++c->bounds & 4095u) == 0 && PyErr_CheckSignals() < 0 ? -1 : 0;
}

static int push_waiting(brancher *br, const tnode *choice) {
    pending *p = &br->waiting[choice->key];
    if (p->len == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 64;
        const tnode **items = realloc(p->items, cap * sizeof *items);
        if (!items) return -1;
        p->items = items;
        p->cap = cap;
    }
    p->items[p->len++] = choice;
    int32_t *by_face = br->sums[choice->key].by_face;
    for (int i = 0; i < choice->n; i++) by_face[choice->kids[i]->key] += choice->kids[i]->bound;
    return 0;
}

static int32_t best_of(const rank_sums *s) {
    int32_t best = 0;
    for (int f = 0; f < CB_MAX_FACES; f++) best = s->by_face[f] > best ? s->by_face[f] : best;
    return best;
}

/* The orderly bound without merging: ranks k.. are forced one by one.  All the choice
 * nodes waiting for one cell take the same face on a board, so a rank adds at most the
 * best over faces of their sum nodes' bounds added (tighter than adding each one's best).
 * `rest`: the sum of sums[r].best over ranks k... */
static int walk(brancher *br, int k, int64_t points, int64_t rest) {
    cb_class *c = br->c;
    const int n = c->n;
    if (points + rest <= br->above) return 0;
    if (tick(c) < 0) return -1;
    if (k == n) {
        if (cb_append(br->out, br->board, (size_t)n) < 0) return PyErr_NoMemory(), -1;
        return 0;
    }
    int cell = br->order[k];
    const pending *here = &br->waiting[k];
    const rank_sums *mine = &br->sums[k];
    rank_sums *saved = br->saved + (size_t)k * (size_t)n;
    size_t len[CB_MAX_CELLS];
    rest -= mine->best;
    uint32_t faces = c->faces[cell];
    while (faces) {
        int f = __builtin_ctz(faces);
        faces &= faces - 1;
        if (points + rest + mine->by_face[f] <= br->above) {
            if (tick(c) < 0) return -1;
            continue;
        }
        uint32_t below = (1u << f) - 1u;
        uint64_t touched = 0;
        int64_t p = points;
        for (size_t i = 0; i < here->len; i++) {
            const tnode *choice = here->items[i];
            if (!((choice->mask >> f) & 1u)) continue;
            const tnode *sum = choice->kids[__builtin_popcount(choice->mask & below)];
            p += sum->points;
            for (int j = 0; j < sum->n; j++) {
                int r = sum->kids[j]->key;
                if (!((touched >> r) & 1u)) {
                    touched |= 1ull << r;
                    saved[r] = br->sums[r];
                    len[r] = br->waiting[r].len;
                }
                if (push_waiting(br, sum->kids[j]) < 0) return PyErr_NoMemory(), -1;
            }
        }
        int64_t r_bound = rest;
        for (uint64_t t = touched; t; t &= t - 1) {
            int r = __builtin_ctzll(t);
            br->sums[r].best = best_of(&br->sums[r]);
            r_bound += br->sums[r].best - saved[r].best;
        }
        br->board[cell] = (uint8_t)f;
        int status = walk(br, k + 1, p, r_bound);
        for (uint64_t t = touched; t; t &= t - 1) {
            int r = __builtin_ctzll(t);
            br->waiting[r].len = len[r];
            br->sums[r] = saved[r];
        }
        if (status < 0) return -1;
    }
    return 0;
}

/* Branch and bound from sum node `root` whose choice nodes are for ranks k and above. */
static int branch_tree(brancher *br, const tnode *root, int k) {
    cb_class *c = br->c;
    if (root->bound <= br->above) return 0;
    if (root->bound <= br->switch_bound) {
        int64_t rest = 0;
        for (int r = k; r < c->n; r++) br->waiting[r].len = 0;
        memset(br->sums + k, 0, (size_t)(c->n - k) * sizeof br->sums[0]);
        for (int j = 0; j < root->n; j++)
            if (push_waiting(br, root->kids[j]) < 0) return PyErr_NoMemory(), -1;
        for (int r = k; r < c->n; r++) rest += br->sums[r].best = best_of(&br->sums[r]);
        return walk(br, k, root->points, rest);
    }
    if (tick(c) < 0) return -1;
    if (k == c->n) {
        if (cb_append(br->out, br->board, (size_t)c->n) < 0) return PyErr_NoMemory(), -1;
        return 0;
    }
    int cell = br->order[k];
    const tnode *choice = root->n > 0 && root->kids[0]->key == k ? root->kids[0] : NULL;
    int64_t rest = root->bound - (choice ? choice->bound : 0);
    uint32_t faces = c->faces[cell];
    while (faces) {
        int f = __builtin_ctz(faces);
        faces &= faces - 1;
        const tnode *under = NULL;
        if (choice && ((choice->mask >> f) & 1u))
            under = choice->kids[__builtin_popcount(choice->mask & ((1u << f) - 1u))];
        if (rest + (under ? under->bound : 0) <= br->above) continue;
        size_t current = br->a->current, used = br->a->used;
        const tnode *next = under ? merge_sum(br->a, root, choice ? 1 : 0, under)
                            : choice ? drop_first(br->a, root)
                                     : root;
        if (!next) return PyErr_NoMemory(), -1;
        br->board[cell] = (uint8_t)f;
        int status = branch_tree(br, next, k + 1);
        br->a->current = current;
        br->a->used = used;
        if (status < 0) return -1;
    }
    return 0;
}

/* Trees are built and merged in memory kept between classes (the GIL guards it). */
static arena tree_arena;

#define ARENA_KEEP 12u

/* Forget every node; keep the first ARENA_KEEP chunks for the next class. */
static void arena_reset(arena *a) {
    while (a->n_chunks > ARENA_KEEP) free(a->chunks[--a->n_chunks]);
    a->current = a->used = 0;
}

int cb_tree_branch(cb_class *c, const uint8_t *order, int64_t above, int64_t switch_bound,
                   byte_buffer *out, int64_t *root_bound) {
    brancher br;
    memset(&br, 0, sizeof br);
    br.a = &tree_arena;
    br.c = c;
    br.order = order;
    br.above = above;
    br.switch_bound = switch_bound;
    br.out = out;
    int status = -1;
    br.saved = malloc((size_t)c->n * (size_t)c->n * sizeof *br.saved);
    if (!br.saved) return PyErr_NoMemory(), -1;
    const tnode *root = tree_build(c, order, br.a);
    if (!root) {
        PyErr_NoMemory();
    } else {
        *root_bound = root->bound;
        status = branch_tree(&br, root, 0);
    }
    for (int r = 0; r < c->n; r++) free(br.waiting[r].items);
    free(br.saved);
    arena_reset(br.a);
    return status;
}
