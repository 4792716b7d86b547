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
 */
#include "bound.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------ build tree (mutable) */

/* Build nodes keep their children inline in dense arrays indexed directly:
 * a choice node (one cell) by the rank of the face among the cell's faces, a
 * sum node by the rank in split order of the next cell (ranks above its own).
 * No search, no shifting; freeze() packs the tree afterwards. */
typedef struct mnode {
    int32_t points;
    uint8_t key;   /* choice node: the cell's rank; sum node: the face id */
    uint8_t n;     /* children present */
    uint8_t width; /* slots in kids */
    struct mnode *kids[];
} mnode;

/* Build nodes and their child arrays come from big blocks, kept from one
 * class to the next (the GIL guards them) and given back above POOL_KEEP. */
typedef struct {
    char **blocks;
    size_t n_blocks, current, used;
} pool;

#define POOL_BLOCK (8u << 20)
#define POOL_KEEP 48u

static pool build_pool;

static void *pool_take(pool *p, size_t size) {
    size = (size + 7u) & ~(size_t)7u;
    if (p->n_blocks == 0 || p->used + size > POOL_BLOCK) {
        size_t next = p->n_blocks == 0 ? 0 : p->current + 1;
        if (next == p->n_blocks) {
            char **blocks = realloc(p->blocks, (p->n_blocks + 1) * sizeof(char *));
            if (!blocks) return NULL;
            p->blocks = blocks;
            if (!(p->blocks[p->n_blocks] = malloc(POOL_BLOCK))) return NULL;
            p->n_blocks++;
        }
        p->current = next;
        p->used = 0;
    }
    void *out = p->blocks[p->current] + p->used;
    p->used += size;
    return out;
}

/* Forget every node; keep the first POOL_KEEP blocks for the next class. */
static void pool_reset(pool *p) {
    while (p->n_blocks > POOL_KEEP) free(p->blocks[--p->n_blocks]);
    p->current = p->used = 0;
}

static mnode *mnode_new(pool *p, uint8_t key, int width) {
    size_t size = sizeof(mnode) + (size_t)width * sizeof(mnode *);
    mnode *m = pool_take(p, size);
    if (m) memset(m, 0, size), m->key = key, m->width = (uint8_t)width;
    return m;
}

/* The child of m in slot i, made with `key` and `width` slots when missing. */
static inline mnode *mnode_kid(pool *p, mnode *m, int i, uint8_t key, int width) {
    if (!m->kids[i]) {
        if (!(m->kids[i] = mnode_new(p, key, width))) return NULL;
        m->n++;
    }
    return m->kids[i];
}

typedef struct {
    cb_class *c;
    pool *nodes;
    uint8_t rank[CB_MAX_CELLS];
    uint8_t cell_at[CB_MAX_CELLS]; /* the cell of each rank */
    mnode *root;
    uint8_t cell[CB_MAX_CELLS], face[CB_MAX_CELLS];
    int oom;
} builder;

static void insert_path(builder *b, int len, int32_t points) {
    uint8_t rank[CB_MAX_CELLS], face[CB_MAX_CELLS];
    for (int i = 0; i < len; i++) {
        uint8_t r = b->rank[b->cell[i]], f = b->face[i];
        int j = i;
        while (j > 0 && rank[j - 1] > r) {
            rank[j] = rank[j - 1];
            face[j] = face[j - 1];
            j--;
        }
        rank[j] = r;
        face[j] = f;
    }
    const cb_class *c = b->c;
    mnode *m = b->root;
    int low = 0; /* the lowest rank a child of m may have */
    for (int i = 0; i < len && m; i++) {
        uint32_t faces = c->faces[b->cell_at[rank[i]]];
        m = mnode_kid(b->nodes, m, rank[i] - low, rank[i], __builtin_popcount(faces));
        if (!m) break;
        int slot = __builtin_popcount(faces & ((1u << face[i]) - 1u));
        m = mnode_kid(b->nodes, m, slot, face[i], c->n - rank[i] - 1);
        low = rank[i] + 1;
    }
    if (!m) b->oom = 1;
    else m->points += points;
}

static void build_paths(builder *b, int cell, uint32_t node, uint64_t used, int depth) {
    const cb_class *c = b->c;
    const cb_node *nodes = c->t->nodes;
    if (!(nodes[node].mask & c->starts[cell]) || b->oom) return;
    used |= 1ull << cell;
    uint32_t faces = c->faces[cell];
    int f;
    int64_t at;
    while (next_face_child(c->t, &faces, node, &f, &at)) {
        b->cell[depth] = (uint8_t)cell;
        b->face[depth] = (uint8_t)f;
        if (c->t->points[at] > 0) insert_path(b, depth + 1, c->t->points[at]);
        if (nodes[at].mask) {
            for (int k = 0; k < c->n_neighbours[cell]; k++) {
                int next = c->neighbours[cell][k];
                if (!((used >> next) & 1u)) build_paths(b, next, (uint32_t)at, used, depth + 1);
            }
        }
    }
}

/* ------------------------------------------------ frozen tree in an arena */

typedef struct tnode {
    int32_t bound;
    int32_t points;
    uint8_t key; /* choice node: the cell's rank; sum node: the face id */
    uint8_t n;
    struct tnode *kids[];
} tnode;

#define CHUNK (32u << 20)
#define ARENA_KEEP 12u

typedef struct {
    char **chunks;
    size_t n_chunks, current, used;
} arena;

typedef struct {
    size_t current, used;
} arena_mark;

static tnode *arena_node(arena *a, int kids) {
    size_t size = (sizeof(tnode) + (size_t)kids * sizeof(tnode *) + 7u) & ~(size_t)7u;
    if (a->n_chunks == 0 || a->used + size > CHUNK) {
        size_t next = a->n_chunks == 0 ? 0 : a->current + 1;
        if (next == a->n_chunks) {
            char **chunks = realloc(a->chunks, (a->n_chunks + 1) * sizeof(char *));
            if (!chunks) return NULL;
            a->chunks = chunks;
            a->chunks[a->n_chunks] = malloc(CHUNK);
            if (!a->chunks[a->n_chunks]) return NULL;
            a->n_chunks++;
        }
        a->current = next;
        a->used = 0;
    }
    tnode *node = (tnode *)(a->chunks[a->current] + a->used);
    a->used += size;
    node->n = (uint8_t)kids;
    return node;
}

/* Forget every node; keep the first ARENA_KEEP chunks for the next class. */
static void arena_reset(arena *a) {
    while (a->n_chunks > ARENA_KEEP) free(a->chunks[--a->n_chunks]);
    a->current = a->used = 0;
}

static tnode *freeze(arena *a, const mnode *m, int is_sum) {
    tnode *t = arena_node(a, m->n);
    if (!t) return NULL;
    t->key = m->key;
    t->points = is_sum ? m->points : 0;
    int64_t bound = 0;
    for (int i = 0, k = 0; i < m->width; i++) {
        if (!m->kids[i]) continue;
        tnode *kid = t->kids[k++] = freeze(a, m->kids[i], !is_sum);
        if (!kid) return NULL;
        if (is_sum) bound += kid->bound;
        else if (kid->bound > bound) bound = kid->bound;
    }
    t->bound = (int32_t)(bound + t->points);
    return t;
}

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
    t->points = 0;
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

typedef struct {
    arena *a;
    cb_class *c;
    const uint8_t *order;
    int64_t above;
    byte_buffer *out;
    uint8_t board[CB_MAX_CELLS];
} brancher;

static int branch_tree(brancher *br, const tnode *root, int k) {
    cb_class *c = br->c;
    if (root->bound <= br->above) return 0;
    if ((++c->bounds & 4095u) == 0 && PyErr_CheckSignals() < 0) return -1;
    if (k == c->n) {
        if (cb_append(br->out, br->board, (size_t)c->n) < 0) return PyErr_NoMemory(), -1;
        return 0;
    }
    int cell = br->order[k];
    const tnode *choice = root->n > 0 && root->kids[0]->key == k ? root->kids[0] : NULL;
    int64_t rest = root->bound - (choice ? choice->bound : 0);
    uint32_t faces = c->faces[cell];
    int j = 0;
    while (faces) {
        int f = __builtin_ctz(faces);
        faces &= faces - 1;
        const tnode *under = NULL;
        if (choice) {
            while (j < choice->n && choice->kids[j]->key < f) j++;
            if (j < choice->n && choice->kids[j]->key == f) under = choice->kids[j];
        }
        if (rest + (under ? under->bound : 0) <= br->above) continue;
        arena_mark mark = {br->a->current, br->a->used};
        const tnode *next = under ? merge_sum(br->a, root, choice ? 1 : 0, under)
                            : choice ? drop_first(br->a, root)
                                     : root;
        if (!next) return PyErr_NoMemory(), -1;
        br->board[cell] = (uint8_t)f;
        int status = branch_tree(br, next, k + 1);
        br->a->current = mark.current;
        br->a->used = mark.used;
        if (status < 0) return -1;
    }
    return 0;
}

/* Trees are built and merged in memory kept between classes (the GIL guards it). */
static arena tree_arena;

int cb_tree_branch(cb_class *c, const uint8_t *order, int64_t above, byte_buffer *out,
                   int64_t *root_bound) {
    builder b;
    memset(&b, 0, sizeof b);
    b.c = c;
    b.nodes = &build_pool;
    for (int k = 0; k < c->n; k++) b.rank[order[k]] = (uint8_t)k, b.cell_at[k] = order[k];
    cb_set_starts(c);
    b.root = mnode_new(b.nodes, 0, c->n);
    b.oom = !b.root;
    for (int cell = 0; cell < c->n && !b.oom; cell++) build_paths(&b, cell, 0, 0, 0);
    brancher br;
    memset(&br, 0, sizeof br);
    br.a = &tree_arena;
    br.c = c;
    br.order = order;
    br.above = above;
    br.out = out;
    int status = -1;
    const tnode *root = b.oom ? NULL : freeze(br.a, b.root, 1);
    pool_reset(b.nodes);
    if (!root) {
        PyErr_NoMemory();
    } else {
        *root_bound = root->bound;
        status = branch_tree(&br, root, 0);
    }
    arena_reset(br.a);
    return status;
}
