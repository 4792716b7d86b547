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
 * Merging and walking wait on memory (the trees are hundreds of MB), so a
 * parent holds each child's bound beside its 32-bit reference (a child is
 * read only when the merge or walk goes into it), and both ask for the nodes
 * they will read a few steps ahead (merge() goes breadth first to have them).
 *
 * Once a tree's bound is low (switch_bound), merging costs more than it saves:
 * walk() forces the remaining cells without making trees, keeping per rank the
 * choice nodes waiting for that cell (the paper's stack-based orderly bound).
 * The tree itself is built by tree_build.c.
 */
#if !defined(_WIN32) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS and madvise under -std=c99 (glibc) */
#endif
#include "tree.h"

#include <stdlib.h>
#include <string.h>

/* Merging goes breadth first: each pair of nodes to merge is a job in a queue, and the
 * nodes of the jobs a little ahead are asked into cache while a job is done, so many reads
 * from memory are under way at once instead of one per step down the trees.  Children
 * (their references and bounds) are put into their parents in a second pass over the jobs,
 * backwards (children before parents): nothing reads the new nodes before. */
/* What a job makes: its parent is a sum node for the first two, a choice node for the others. */
enum { MERGE_CHOICES, ADD_LEAF, MERGE_SUMS, ADD_POINTS };

struct merge_job {
    tkid x, y; /* the nodes to merge as their parents hold them (ADD_POINTS: sum node x with
                  y.bound points more; ADD_LEAF: choice node x with lone leaf y); once
                  done, x is the merged node and its bound (of the children made so far,
                  then final) */
    uint32_t parent_job; /* the job that made the node holding it (its x once done) */
    uint8_t slot; /* its place among the parent's children */
    uint8_t kind;
}; /* 24 bytes: a merge of millions of nodes queues millions of jobs */

/* Asks for a node's first line and, where the node runs into it, the next. */
static inline void prefetch_node(const char *node) {
    bits_prefetch(node);
    bits_prefetch(node + 60);
}

#define PREFETCH_AHEAD 12 /* jobs whose nodes are asked into cache ahead */

#define QUEUE_FIRST ((size_t)4096) /* merge jobs made room for at first */

static int push_job(merge_queue *queue, tkid x, tkid y, int slot, int kind, size_t parent_job) {
    if (queue->len == queue->cap) {
        size_t cap = queue->cap ? queue->cap * 2 : QUEUE_FIRST;
        merge_job *jobs = realloc(queue->jobs, cap * sizeof *jobs);
        if (!jobs) return -1;
        queue->jobs = jobs;
        queue->cap = cap;
    }
    merge_job *job = &queue->jobs[queue->len++];
    job->x = x;
    job->y = y;
    job->parent_job = (uint32_t)parent_job;
    job->slot = (uint8_t)slot;
    job->kind = (uint8_t)kind;
    return 0;
}

/* The merge of choice nodes x and y (of one cell) made by job `me`, its children of faces
 * in both to come (queued); *bound: the best of the others. */
static tchoice *merge_choice(arena *a, merge_queue *q, size_t me, const tchoice *x,
                             const tchoice *y, int32_t *bound_out) {
    /* masks and children in locals: the stores into t (a tchoice too) could alias them */
    const uint32_t x_mask = x->mask, y_mask = y->mask;
    const tkid *xs = x->kids, *ys = y->kids;
    uint32_t faces = x_mask | y_mask;
    const uint32_t both = x_mask & y_mask;
    int n = bits_popcount32(faces);
    tchoice *t = arena_take(a, choice_bytes(n));
    if (!t) return NULL;
    t->key = x->key;
    t->mask = faces;
    int32_t bound = 0;
    for (int k = 0; k < n; k++) {
        uint32_t bit = faces & (0u - faces);
        faces ^= bit;
        tkid kid;
        if (both & bit) {
            tkid xk = *xs++, yk = *ys++;
            if (xk.ref || yk.ref) {
                int pushed =
                    !xk.ref   ? push_job(q, yk, xk, k, ADD_POINTS, me)
                    : !yk.ref ? push_job(q, xk, yk, k, ADD_POINTS, me)
                              : push_job(q, xk, yk, k, MERGE_SUMS, me);
                if (pushed < 0) return NULL;
                t->kids[k].ref = 0;
                t->kids[k].bound = 0;
                continue;
            }
            kid.ref = 0; /* two sum nodes without children */
            kid.bound = xk.bound + yk.bound;
        } else {
            kid = x_mask & bit ? *xs++ : *ys++;
        }
        t->kids[k] = kid;
        if (kid.bound > bound) bound = kid.bound;
    }
    *bound_out = bound;
    return t;
}

/* The merge of lone leaves x and y of the cell of rank `rank`: one lone leaf or a choice
 * node of two leaves; reference 0 when out of memory. */
static tkid two_leaves(arena *a, tkid x, tkid y, int rank) {
    if (x.ref == y.ref) return (tkid){x.ref, x.bound + y.bound};
    if (lone_face(x.ref) > lone_face(y.ref)) {
        tkid swap = x;
        x = y;
        y = swap;
    }
    tchoice *t = arena_take(a, choice_bytes(2));
    if (!t) return (tkid){0, 0};
    t->key = (uint8_t)rank;
    t->mask = 1u << lone_face(x.ref) | 1u << lone_face(y.ref);
    t->kids[0] = (tkid){0, x.bound};
    t->kids[1] = (tkid){0, y.bound};
    return (tkid){tree_ref(a, t), x.bound > y.bound ? x.bound : y.bound};
}

/* Choice node x with lone leaf `leaf` (of `points`) added by job `me`: the sum node under
 * its face to come (queued) when x has one there; *bound: the best of the others. */
static tchoice *add_leaf(arena *a, merge_queue *q, size_t me, const tchoice *x, tref leaf,
                         int32_t points, int32_t *bound_out) {
    uint32_t bit = 1u << lone_face(leaf), faces = x->mask | bit;
    int n = bits_popcount32(faces), at = bits_popcount32(faces & (bit - 1u));
    tchoice *t = arena_take(a, choice_bytes(n));
    if (!t) return NULL;
    t->key = x->key;
    t->mask = faces;
    if (x->mask & bit) {
        memcpy(t->kids, x->kids, (size_t)n * sizeof(tkid));
        if (t->kids[at].ref) {
            if (push_job(q, t->kids[at], (tkid){0, points}, at, ADD_POINTS, me) < 0)
                return NULL;
            t->kids[at].bound = 0;
        } else {
            t->kids[at].bound += points;
        }
    } else {
        memcpy(t->kids, x->kids, (size_t)at * sizeof(tkid));
        t->kids[at] = (tkid){0, points};
        memcpy(t->kids + at + 1, x->kids + at, (size_t)(n - 1 - at) * sizeof(tkid));
    }
    *bound_out = choice_bound(t);
    return t;
}

/* A sum node as merging reads it: a made one, or the one a bridge stands for (no points,
 * one choice node), which is not made. */
typedef struct {
    int32_t points;
    uint64_t ranks;
    const tkid *kids;
} sum_view;

/* The sum node of `kid` (a reference or a bridge; `one` holds a bridge's choice node). */
static inline sum_view view_of(const char *base, tkid kid, tkid *one) {
    if (is_bridge(kid.ref)) {
        tref choice = kid.ref & ~BRIDGE;
        int rank = is_lone(choice) ? lone_rank(choice) : ((const tchoice *)tree_at(base, choice))->key;
        *one = (tkid){choice, kid.bound};
        return (sum_view){0, 1ull << rank, one};
    }
    const tsum *t = tree_at(base, kid.ref);
    return (sum_view){t->points, sum_ranks(t), t->kids};
}

/* The merge of sum node x (without its first `skip` children) and sum node y made by job
 * `me`, its children of cells in both to come (queued); *bound: its points and the others'
 * bounds. */
static tsum *merge_sum(arena *a, merge_queue *q, size_t me, sum_view x, int skip, sum_view y,
                       int32_t *bound_out) {
    uint64_t x_ranks = x.ranks, y_ranks = y.ranks;
    if (skip) x_ranks &= x_ranks - 1;
    uint64_t ranks = x_ranks | y_ranks, both = x_ranks & y_ranks;
    int n = bits_popcount64(ranks);
    tsum *t = arena_take(a, sum_bytes(n));
    if (!t) return NULL;
    t->points = x.points + y.points;
    set_sum_ranks(t, ranks);
    int32_t bound = t->points;
    const tkid *xs = x.kids + skip, *ys = y.kids;
    for (int k = 0; k < n; k++) {
        uint64_t bit = ranks & (0u - ranks);
        ranks ^= bit;
        tkid kid;
        if (both & bit) {
            tkid xk = *xs++, yk = *ys++;
            if (is_lone(xk.ref) && is_lone(yk.ref)) {
                kid = two_leaves(a, xk, yk, bits_ctz64(bit));
                if (!kid.ref) return NULL;
            } else {
                int pushed =
                    is_lone(xk.ref)   ? push_job(q, yk, xk, k, ADD_LEAF, me)
                    : is_lone(yk.ref) ? push_job(q, xk, yk, k, ADD_LEAF, me)
                                      : push_job(q, xk, yk, k, MERGE_CHOICES, me);
                if (pushed < 0) return NULL;
                t->kids[k].ref = 0;
                t->kids[k].bound = 0;
                continue;
            }
        } else {
            kid = x_ranks & bit ? *xs++ : *ys++;
        }
        t->kids[k] = kid;
        bound += kid.bound;
    }
    *bound_out = bound;
    return t;
}

/* Sum node x with `points` more. */
static tsum *add_points(arena *a, sum_view x, int32_t points) {
    int n = bits_popcount64(x.ranks);
    tsum *t = arena_take(a, sum_bytes(n));
    if (!t) return NULL;
    t->points = x.points + points;
    set_sum_ranks(t, x.ranks);
    memcpy(t->kids, x.kids, (size_t)n * sizeof(tkid));
    return t;
}

/* The sum node that bridge `kid` stands for (no points, one choice node), made. */
static tsum *bridged_sum(arena *a, tkid kid) {
    tkid one;
    sum_view v = view_of(a->base, kid, &one);
    tsum *t = arena_take(a, sum_bytes(1));
    if (!t) return NULL;
    t->points = 0;
    set_sum_ranks(t, v.ranks);
    t->kids[0] = one;
    return t;
}

/* The sum node of `kid` (a reference or a bridge); NULL when out of memory. */
static const tsum *sum_of(arena *a, tkid kid) {
    return is_bridge(kid.ref) ? bridged_sum(a, kid) : tree_at(a->base, kid.ref);
}

/* Asks for the node `kid` names, if it is made. */
static void prefetch_kid(const char *base, tkid kid) {
    tref ref = kid.ref & ~BRIDGE;
    if (ref && !is_lone(ref)) prefetch_node(tree_at(base, ref));
}

/* Sum node x (without its first `skip` children) merged with sum node y: new nodes where
 * the two overlap, shared subtrees elsewhere, the merged node's bound in *bound; NULL when
 * out of memory. */
static tsum *merge(pv_prover *p, const tsum *x, int skip, const tsum *y, int32_t *bound) {
    arena *a = &p->arena;
    merge_queue *q = &p->merges;
    const char *base = a->base;
    q->len = 0;
    tkid root = {tree_ref(a, x), 0}, other = {tree_ref(a, y), 0};
    if (push_job(q, root, other, 0, MERGE_SUMS, 0) < 0) return NULL;
    size_t asked = 1;
    for (size_t i = 0; i < q->len; i++) {
        const size_t ahead = i + PREFETCH_AHEAD < q->len ? i + PREFETCH_AHEAD : q->len;
        for (; asked < ahead; asked++) {
            prefetch_kid(base, q->jobs[asked].x);
            prefetch_kid(base, q->jobs[asked].y);
        }
        const tkid jx = q->jobs[i].x, jy = q->jobs[i].y; /* the queue may move below */
        const int kind = q->jobs[i].kind;
        void *t = NULL;
        int32_t made_bound = 0;
        if (kind == MERGE_SUMS) {
            tkid x_one, y_one;
            t = merge_sum(a, q, i, view_of(base, jx, &x_one), i == 0 ? skip : 0,
                          view_of(base, jy, &y_one), &made_bound);
        } else if (kind == MERGE_CHOICES) {
            t = merge_choice(a, q, i, tree_at(base, jx.ref), tree_at(base, jy.ref), &made_bound);
        } else if (kind == ADD_LEAF) {
            t = add_leaf(a, q, i, tree_at(base, jx.ref), jy.ref, jy.bound, &made_bound);
        } else {
            tkid x_one;
            t = add_points(a, view_of(base, jx, &x_one), jy.bound);
            made_bound = jx.bound + jy.bound;
        }
        if (!t) return NULL;
        q->jobs[i].x = (tkid){tree_ref(a, t), made_bound};
    }
    /* Children before parents: each made node and its bound into its parent. */
    for (size_t i = q->len; i-- > 1;) {
        const merge_job *job = &q->jobs[i];
        const tkid made = job->x; /* its children's jobs, later in the queue, are done */
        merge_job *made_parent = &q->jobs[job->parent_job];
        int32_t *parent_bound = &made_parent->x.bound;
        if (job->kind >= MERGE_SUMS) {
            tchoice *parent = tree_at(base, made_parent->x.ref);
            parent->kids[job->slot] = made;
            if (made.bound > *parent_bound) *parent_bound = made.bound;
        } else {
            tsum *parent = tree_at(base, made_parent->x.ref);
            parent->kids[job->slot] = made;
            *parent_bound += made.bound;
        }
    }
    *bound = q->jobs[0].x.bound;
    return tree_at(base, q->jobs[0].x.ref);
}

const tsum *tree_merge(pv_prover *p, const tsum *x, const tsum *y) {
    int32_t bound;
    return merge(p, x, 0, y, &bound);
}

/* Sum node x without its first child and with `points` more. */
static tsum *drop_first(arena *a, const tsum *x, int32_t points) {
    int n = sum_kids(x) - 1;
    tsum *t = arena_take(a, sum_bytes(n));
    if (!t) return NULL;
    uint64_t ranks = sum_ranks(x);
    t->points = x->points + points;
    set_sum_ranks(t, ranks & (ranks - 1));
    memcpy(t->kids, x->kids + 1, (size_t)n * sizeof(tkid));
    return t;
}

/* ------------------------------------------------ branch and bound */

#define SYM_MAX 7      /* a grid's turns and mirrors other than the identity */
#define SYM_LESS 0xFFu /* sym_at: the board is less than its image (whatever comes after) */

/* Choice nodes (or lone leaves) waiting for their cell to be forced, per rank (the orderly
 * bound). */
typedef struct {
    tkid *items;
    size_t len, cap;
} pending;

/* Per rank: the bounds of the waiting choice nodes' sum nodes added face by face, and
 * the best of those sums (what the rank adds to the bound). */
typedef struct {
    int32_t by_face[CB_MAX_FACES];
    int32_t best;
} rank_sums;

typedef struct {
    pv_prover *p;
    arena *a;
    cb_class *c;
    const uint8_t *order;
    int64_t above;
    int merge_always;     /* merge whatever the bound, else... */
    int64_t switch_bound; /* ...merge while a tree's bound is above this... */
    int walk_cells;       /* ...and more cells than this are left, then walk it */
    byte_buffer *out;
    int rows, cols;
    int score_boards;  /* keep a board only when it scores above (solved with p->scratch) */
    uint64_t scored;   /* boards solved */
    uint64_t pair_searches; /* bn_solve_pairs searches (pairs_passing) */
    uint8_t board[CB_MAX_CELLS];
    int pairing; /* (score_boards) a step of rank n - 2 is gathering its boards in pairs */
    uint32_t pairs[PV_MAX_FACES]; /* see found_pairs */
    pending waiting[CB_MAX_CELLS];
    rank_sums first[CB_MAX_CELLS];      /* each rank's sums where the walk begins */
    const rank_sums *sums[CB_MAX_CELLS]; /* each rank's sums at this step of the walk */
    rank_sums *made; /* made[k * n + r]: rank r's sums once rank k is forced (walk's steps) */
    /* options->symmetric: the class's own symmetries other than the identity; for each, the
     * pairs of cells (x, its image) compared in split order (cells left in place skipped):
     * a board is cut when at the first pair of different faces x's is the greater */
    int n_syms;
    uint8_t sym_len[SYM_MAX];
    uint8_t sym_to[SYM_MAX][CB_MAX_CELLS];        /* each cell's image */
    uint8_t sym_pairs[SYM_MAX][CB_MAX_CELLS][2];
    uint8_t sym_rank[CB_MAX_CELLS];               /* each cell's rank */
    uint8_t sym_at[CB_MAX_CELLS + 1][SYM_MAX];    /* per rank forced: each symmetry's first
                                                     pair not yet compared, SYM_LESS when less */
} brancher;

#define PENDING_FIRST 64 /* waiting choice nodes of a rank made room for at first */

/* Makes room in p for `more` items; -1 when out of memory. */
static int make_room(pending *p, size_t more) {
    if (p->cap - p->len >= more) return 0;
    size_t cap = p->cap ? p->cap : PENDING_FIRST;
    while (cap - p->len < more) cap *= 2;
    tkid *items = realloc(p->items, cap * sizeof *items);
    if (!items) return -1;
    p->items = items;
    p->cap = cap;
    return 0;
}

/* Queues choice node `kid` for rank `rank` (with room made for it).  It is not asked into
 * cache here: most steps end before reading the nodes of some ranks, and add_waiting asks
 * for the nodes it reads a few ahead. */
BITS_INLINE void push_waiting(brancher *br, int rank, tkid kid) {
    pending *p = &br->waiting[rank];
    p->items[p->len++] = kid;
}

/* push_waiting for a step of the walk: rank r's list ends at tail[r] (with room made), and
 * pushed[r] adds the bounds queued. */
BITS_INLINE void queue_waiting(tkid **tail, int64_t *pushed, int rank, tkid kid) {
    *tail[rank]++ = kid;
    pushed[rank] += kid.bound;
}

#define ADD_AHEAD 4 /* waiting nodes add_waiting asks into cache ahead */

/* Adds the bounds of the children of waiting choice node `kid` (or lone leaf) to by_face, face by
 * face; the faces added to into *added. */
BITS_INLINE void add_one(const char *base, int32_t *by_face, tkid kid, uint32_t *added) {
    if (is_lone(kid.ref)) {
        by_face[lone_face(kid.ref)] += kid.bound;
        *added |= 1u << lone_face(kid.ref);
        return;
    }
    const tchoice *choice = tree_at(base, kid.ref);
    uint32_t mask = choice->mask;
    *added |= mask;
    /* two children a turn: half the loop's steps (the walk's hottest loop) */
    for (const tkid *child = choice->kids; mask; child += 2) {
        const uint32_t next = mask & (mask - 1);
        by_face[bits_ctz32(mask)] += child[0].bound;
        if (!next) break;
        by_face[bits_ctz32(next)] += child[1].bound;
        mask = next & (next - 1);
    }
}

/* Adds to s the bounds of the sum nodes of waiting choice nodes items[from, to), face by
 * face, and makes s->best the best of s's faces.  Bounds are never negative (a word scores
 * more than 0), so only the faces added to can pass the best before. */
static void add_waiting(const char *base, rank_sums *s, const tkid *items, size_t from,
                        size_t to) {
    int32_t *by_face = s->by_face;
    uint32_t added = 0;
    size_t i = from;
    /* those with a node ADD_AHEAD places on, asked for; then the last ones */
    for (; i + ADD_AHEAD < to; i++) {
        if (!is_lone(items[i + ADD_AHEAD].ref))
            prefetch_node(tree_at(base, items[i + ADD_AHEAD].ref));
        add_one(base, by_face, items[i], &added);
    }
    for (; i < to; i++) add_one(base, by_face, items[i], &added);
    int32_t best = s->best;
    for (; added; added &= added - 1) {
        const int32_t sum = by_face[bits_ctz32(added)];
        best = sum > best ? sum : best;
    }
    s->best = best;
}

/* The child under face f of choice node `ref`, or NULL when it has none. */
static inline const tkid *kid_under(const char *base, tref ref, int f) {
    const tchoice *choice = tree_at(base, ref);
    if (!((choice->mask >> f) & 1u)) return NULL;
    return &choice->kids[bits_popcount32(choice->mask & ((1u << f) - 1u))];
}

/* The letters of br->board's faces into `letters` (BN_FACE_MAX a cell): the kernel's board. */
static bn_board kernel_board(const brancher *br, uint8_t *letters) {
    const pv_words *words = br->c->t;
    const int n = br->c->n;
    for (int cell = 0; cell < n; cell++)
        memcpy(letters + (size_t)cell * BN_FACE_MAX, words->face_letters[br->board[cell]],
               BN_FACE_MAX);
    return (bn_board){br->rows, br->cols, n, letters};
}

#if PV_MAX_FACES > BN_OPEN_MAX_FACES
#error "bn_solve_open must take every face of a cell"
#endif

/* The scores of br->board with `cell` showing each face of `faces` (in face order), into
 * scores: one search of the board with that cell open (bn_solve_open), whose part that does
 * not go through the cell is shared by all of them. */
static int solve_open(brancher *br, int cell, uint32_t faces, int64_t *scores) {
    const pv_words *words = br->c->t;
    uint8_t letters[CB_MAX_CELLS * BN_FACE_MAX], open_faces[PV_MAX_FACES * BN_FACE_MAX];
    int m = 0;
    for (uint32_t left = faces; left; left &= left - 1, m++)
        memcpy(open_faces + (size_t)m * BN_FACE_MAX, words->face_letters[bits_ctz32(left)],
               BN_FACE_MAX);
    bn_board board = kernel_board(br, letters);
    br->scored += (uint64_t)m;
    return bn_solve_open(&words->trie, &board, cell, open_faces, m, &br->p->scratch,
                         words->min_len, words->length_points, words->n_points - 1, scores) ==
                   BN_OK
               ? PV_OK
               : PV_NO_MEMORY;
}

/* The faces of `faces` whose board (br->board with `cell` showing the face) scores above. */
static int passing(brancher *br, int cell, uint32_t faces, uint32_t *kept) {
    int64_t scores[PV_MAX_FACES];
    *kept = 0;
    if (!(faces & (faces - 1))) { /* one board: the kernel's own search */
        const pv_words *words = br->c->t;
        uint8_t letters[CB_MAX_CELLS * BN_FACE_MAX];
        br->board[cell] = (uint8_t)bits_ctz32(faces);
        bn_board board = kernel_board(br, letters);
        scores[0] = bn_solve(&words->trie, &board, &br->p->scratch, words->min_len,
                             words->length_points, words->n_points - 1);
        br->scored++;
        if (scores[0] == BN_SOLVE_FAILED) return PV_NO_MEMORY;
    } else {
        int status = solve_open(br, cell, faces, scores);
        if (status != PV_OK) return status;
    }
    int j = 0;
    for (uint32_t left = faces; left; left &= left - 1, j++)
        if (scores[j] > br->above) *kept |= left & (0u - left);
    return PV_OK;
}

/* A single board whose bound passes (br->board, a face id per cell): kept in br->out, or
 * with score_boards solved by the kernel on the same trie and kept only when its score
 * passes `above`. */
static int found_board(brancher *br) {
    const int n = br->c->n, cell = br->order[n - 1];
    uint32_t kept = 1;
    if (br->score_boards) {
        int status = passing(br, cell, 1u << br->board[cell], &kept);
        if (status != PV_OK) return status;
    }
    return kept ? cb_append(br->out, br->board, (size_t)n) : PV_OK;
}

/* The boards of br->board with `cell` (the last of the split order) showing each face of
 * `faces`, whose bounds pass: kept as found_board keeps them one by one, in face order. */
static int found_siblings(brancher *br, int cell, uint32_t faces) {
    uint32_t kept;
    int status = passing(br, cell, faces, &kept);
    for (; kept && status == PV_OK; kept &= kept - 1) {
        br->board[cell] = (uint8_t)bits_ctz32(kept);
        status = cb_append(br->out, br->board, (size_t)br->c->n);
    }
    return status;
}

/* The scores of br->board with `first` and `last` showing the faces of each pair of the
 * rows `rows` (faces of `first`) and br->pairs[a] (faces of `last` with face a on `first`):
 * one search of the board with both cells open (bn_solve_pairs), whose part that goes
 * through neither is shared by all the pairs and through one by that face's; the faces of
 * `last` passing with face a added to kept[a]. */
static int pairs_passing(brancher *br, int first, int last, uint32_t rows, uint32_t *kept) {
    const pv_words *words = br->c->t;
    uint8_t letters[CB_MAX_CELLS * BN_FACE_MAX];
    /* filled as far as read; zeroed for the compilers that cannot see it */
    uint8_t first_faces[PV_MAX_FACES * BN_FACE_MAX] = {0}, last_faces[PV_MAX_FACES * BN_FACE_MAX] = {0};
    uint8_t pairs[2 * BN_PAIRS_MAX] = {0}, index_of_last[PV_MAX_FACES];
    uint32_t columns = 0;
    int n_first = 0, n_last = 0, m = 0;
    for (uint32_t left = rows; left; left &= left - 1) columns |= br->pairs[bits_ctz32(left)];
    for (uint32_t left = columns; left; left &= left - 1, n_last++) {
        index_of_last[bits_ctz32(left)] = (uint8_t)n_last;
        memcpy(last_faces + (size_t)n_last * BN_FACE_MAX, words->face_letters[bits_ctz32(left)],
               BN_FACE_MAX);
    }
    for (uint32_t left = rows; left; left &= left - 1, n_first++) {
        const int a = bits_ctz32(left);
        memcpy(first_faces + (size_t)n_first * BN_FACE_MAX, words->face_letters[a], BN_FACE_MAX);
        for (uint32_t row = br->pairs[a]; row; row &= row - 1, m++) {
            pairs[2 * m] = (uint8_t)n_first;
            pairs[2 * m + 1] = index_of_last[bits_ctz32(row)];
        }
    }
    int64_t scores[BN_PAIRS_MAX];
    bn_board board = kernel_board(br, letters);
    br->scored += (uint64_t)m;
    br->pair_searches++;
    if (bn_solve_pairs(&words->trie, &board, first, first_faces, n_first, last, last_faces,
                       n_last, pairs, m, &br->p->scratch, words->min_len, words->length_points,
                       words->n_points - 1, scores) != BN_OK)
        return PV_NO_MEMORY;
    int j = 0;
    for (uint32_t left = rows; left; left &= left - 1) {
        const int a = bits_ctz32(left);
        for (uint32_t row = br->pairs[a]; row; row &= row - 1, j++)
            if (scores[j] > br->above) kept[a] |= row & (0u - row);
    }
    return PV_OK;
}

#if 2 * PV_MAX_FACES > BN_PAIRS_MAX
#error "bn_solve_pairs must take two rows of faces at once"
#endif

/* The boards whose bounds pass below one step of the last but one cell (`first`, rank n - 2),
 * br->pairs[a]: the faces of the last cell (`last`) passing with face a on `first`.  The
 * boards of one row (a face on `first`) are solved with `last` open, those of one column
 * with `first` open, and otherwise with both open, rows taken together while they hold at
 * most BN_PAIRS_MAX boards.  The boards are kept in the order the walk found them: by face
 * on `first`, then on `last`. */
static int found_pairs(brancher *br, int first, int last) {
    uint32_t kept[PV_MAX_FACES] = {0};
    uint32_t rows = 0, columns = 0;
    for (int a = 0; a < PV_MAX_FACES; a++) {
        const uint32_t row = br->pairs[a];
        if (!row) continue;
        rows |= 1u << a;
        columns |= row;
    }
    if (!rows) return PV_OK;
    if (!(rows & (rows - 1))) { /* one row */
        const int a = bits_ctz32(rows);
        br->board[first] = (uint8_t)a;
        int status = passing(br, last, br->pairs[a], &kept[a]);
        if (status != PV_OK) return status;
    } else if (!(columns & (columns - 1))) { /* one column */
        uint32_t column;
        br->board[last] = (uint8_t)bits_ctz32(columns);
        int status = passing(br, first, rows, &column);
        if (status != PV_OK) return status;
        for (; column; column &= column - 1) kept[bits_ctz32(column)] |= columns;
    } else {
        uint32_t chunk = 0;
        int in_chunk = 0;
        for (uint32_t left = rows; left; left &= left - 1) {
            const int a = bits_ctz32(left), here = bits_popcount32(br->pairs[a]);
            if (in_chunk + here > BN_PAIRS_MAX) {
                int status = pairs_passing(br, first, last, chunk, kept);
                if (status != PV_OK) return status;
                chunk = 0;
                in_chunk = 0;
            }
            chunk |= 1u << a;
            in_chunk += here;
        }
        int status = pairs_passing(br, first, last, chunk, kept);
        if (status != PV_OK) return status;
    }
    for (; rows; rows &= rows - 1) {
        const int a = bits_ctz32(rows);
        br->board[first] = (uint8_t)a;
        for (uint32_t faces = kept[a]; faces; faces &= faces - 1) {
            br->board[last] = (uint8_t)bits_ctz32(faces);
            int status = cb_append(br->out, br->board, (size_t)br->c->n);
            if (status != PV_OK) return status;
        }
    }
    return PV_OK;
}

/* options->symmetric: the symmetries of the grid (turns and mirrors; a square's 7, else
 * the 3 that keep its shape) that take every cell to a cell of the same faces, and for each
 * the pairs (cell, image) in split order, cells left in place skipped. */
static void plan_symmetries(brancher *br) {
    const cb_class *c = br->c;
    const int rows = br->rows, cols = br->cols, n = c->n;
    br->n_syms = 0;
    for (int r = 0; r < n; r++) br->sym_rank[br->order[r]] = (uint8_t)r;
    for (int map = 1; map < 8; map++) {
        uint8_t to[CB_MAX_CELLS];
        int ok = grid_symmetry(c, rows, cols, map, to), moved = 0;
        for (int cell = 0; cell < n && ok; cell++) moved |= to[cell] != cell;
        for (int s = 0; s < br->n_syms && ok; s++) /* one row or column: maps repeat */
            ok = memcmp(br->sym_to[s], to, (size_t)n) != 0;
        if (!ok || !moved) continue;
        const int s = br->n_syms++;
        memcpy(br->sym_to[s], to, (size_t)n);
        int len = 0;
        for (int r = 0; r < n; r++) {
            const int x = br->order[r];
            if (to[x] == x) continue;
            br->sym_pairs[s][len][0] = (uint8_t)x;
            br->sym_pairs[s][len][1] = to[x];
            len++;
        }
        br->sym_len[s] = (uint8_t)len;
        br->sym_at[0][s] = 0;
    }
}

/* With the cells of ranks 0..k on the board (br->board), whether the board may still be the
 * least of its images: each symmetry's pairs compared on from where rank k - 1 left them,
 * while both cells are forced; its place after them into br->sym_at[k + 1].  0: some image
 * is less, whatever the cells after (the board is cut). */
static int least_of_images(brancher *br, int k) {
    const uint8_t *at = br->sym_at[k];
    uint8_t *next = br->sym_at[k + 1];
    for (int s = 0; s < br->n_syms; s++) {
        unsigned i = at[s];
        if (i != SYM_LESS)
            for (; i < br->sym_len[s]; i++) {
                const uint8_t x = br->sym_pairs[s][i][0], y = br->sym_pairs[s][i][1];
                if (br->sym_rank[x] > k || br->sym_rank[y] > k) break;
                if (br->board[x] != br->board[y]) {
                    if (br->board[x] > br->board[y]) return 0;
                    i = SYM_LESS;
                    break;
                }
            }
        next[s] = (uint8_t)i;
    }
    return 1;
}

#define WALK_AHEAD 8 /* waiting nodes whose sum nodes are asked into cache ahead */

/* The orderly bound without merging: ranks k.. are forced one by one.  All the choice
 * nodes waiting for one cell take the same face on a board, so a rank adds at most the
 * best over faces of their sum nodes' bounds added (tighter than adding each one's best).
 * `rest`: the sum of sums[r]->best over ranks k...  Forcing rank k queues choice nodes for
 * later ranks only (the tree is orderly); the ranks that got some have their sums made
 * anew in made[k * n + r] from the ones before, which are put back after.
 *
 * Most steps end at once, their bound too low, and a rank's best grows by at most the
 * bounds of the choice nodes queued for it (pushed[r]); so the ranks' sums are made one by
 * one, those queued the most first, and a step stops as soon as the bound with the other
 * ranks at their most is low enough: the same steps, with fewer sums added. */
static int walk(brancher *br, int k, int64_t points, int64_t rest) {
    cb_class *c = br->c;
    const int n = c->n;
    if (points + rest <= br->above) return 0;
    if (cb_tick(c)) return PV_INTERRUPTED;
    if (k == n) return found_board(br);
    const char *base = br->a->base;
    int cell = br->order[k];
    const pending *here = &br->waiting[k];
    const rank_sums *mine = br->sums[k];
    rank_sums *made = br->made + (size_t)k * (size_t)n;
    size_t len[CB_MAX_CELLS];
    const rank_sums *before[CB_MAX_CELLS];
    tkid *tail[CB_MAX_CELLS];
    int64_t pushed[CB_MAX_CELLS]; /* per rank: the bounds of the choice nodes queued by a step */
    rest -= mine->best;
    /* the last cell: the boards whose bounds pass are solved together once all are known */
    const int last = k == n - 1 && br->score_boards;
    uint32_t passed = 0; /* (last) the faces of those boards */
    if (k == n - 1) {
        /* The choice nodes waiting for the last cell have only leaves below them (the tree is
         * orderly), so a face's bound is the points plus mine->by_face[f]: the sum of their
         * children's bounds under f (add_waiting added exactly those).  The steps' loop below
         * would add the same children again, one by one. */
        for (uint32_t faces = c->faces[cell]; faces; faces &= faces - 1) {
            const int f = bits_ctz32(faces);
            if (br->n_syms) {
                br->board[cell] = (uint8_t)f;
                if (!least_of_images(br, k)) continue;
            }
            const int64_t bound = points + rest + mine->by_face[f];
            if (bound <= br->above) {
                if (cb_tick(c)) return PV_INTERRUPTED;
            } else if (last) {
                if (cb_tick(c)) return PV_INTERRUPTED;
                passed |= 1u << f;
            } else {
                br->board[cell] = (uint8_t)f;
                int status = walk(br, k + 1, points + mine->by_face[f], rest);
                if (status < 0) return status;
            }
        }
        if (!passed) return 0;
        if (!br->pairing) return found_siblings(br, cell, passed);
        br->pairs[br->board[br->order[k - 1]]] = passed;
        return 0;
    }
    /* the last but one: the boards below are gathered and solved together at the end */
    const int pairing = k == n - 2 && br->score_boards;
    if (pairing) {
        memset(br->pairs, 0, sizeof br->pairs);
        br->pairing = 1;
    }
    uint32_t faces = c->faces[cell];
    while (faces) {
        int f = bits_ctz32(faces);
        faces &= faces - 1;
        if (br->n_syms) {
            br->board[cell] = (uint8_t)f;
            if (!least_of_images(br, k)) continue;
        }
        if (points + rest + mine->by_face[f] <= br->above) {
            if (cb_tick(c)) return PV_INTERRUPTED;
            continue;
        }
        /* a waiting node queues at most one per rank: each rank's list gets room for all, and
         * its new nodes go on at tail[r] (a pointer a rank, not the list's len through br) */
        for (int r = k + 1; r < n; r++) {
            if (make_room(&br->waiting[r], here->len) < 0) return PV_NO_MEMORY;
            len[r] = br->waiting[r].len;
            tail[r] = br->waiting[r].items + len[r];
            pushed[r] = 0;
        }
        int64_t p = points;
        const tkid *const items = here->items;
        const size_t count = here->len;
        for (size_t i = 0; i < count; i++) {
            const tkid *const item = items + i;
            if (i + WALK_AHEAD < count && !is_lone(item[WALK_AHEAD].ref)) {
                const tkid *later = kid_under(base, item[WALK_AHEAD].ref, f);
                if (later) prefetch_kid(base, *later);
            }
            const tref ref = item->ref;
            if (is_lone(ref)) {
                if (lone_face(ref) == f) p += item->bound;
                continue;
            }
            const tkid *kid = kid_under(base, ref, f);
            if (!kid) continue;
            if (!kid->ref) {
                p += kid->bound;
                continue;
            }
            if (is_bridge(kid->ref)) {
                tkid choice = {kid->ref & ~BRIDGE, kid->bound};
                int r = is_lone(choice.ref) ? lone_rank(choice.ref)
                                            : ((const tchoice *)tree_at(base, choice.ref))->key;
                queue_waiting(tail, pushed, r, choice);
                continue;
            }
            const tsum *sum = tree_at(base, kid->ref);
            p += sum->points;
            uint64_t ranks = sum_ranks(sum);
            for (const tkid *choice = sum->kids; ranks; choice++, ranks &= ranks - 1)
                queue_waiting(tail, pushed, bits_ctz64(ranks), *choice);
        }
        uint64_t queued = 0, touched = 0; /* ranks queued for; those whose sums are made */
        int64_t bound = p + rest; /* of the step, the ranks not yet made at their most */
        for (int r = k + 1; r < n; r++) {
            pending *w = &br->waiting[r];
            w->len = (size_t)(tail[r] - w->items);
            if (w->len == len[r]) continue;
            queued |= 1ull << r;
            bound += pushed[r];
        }
        while (queued && bound > br->above) {
            int r = bits_ctz64(queued);
            for (uint64_t t = queued & (queued - 1); t; t &= t - 1)
                if (pushed[bits_ctz64(t)] > pushed[r]) r = bits_ctz64(t);
            queued &= ~(1ull << r);
            touched |= 1ull << r;
            const pending *w = &br->waiting[r];
            before[r] = br->sums[r];
            made[r] = *before[r];
            add_waiting(base, &made[r], w->items, len[r], w->len);
            br->sums[r] = &made[r];
            bound -= pushed[r] - (made[r].best - before[r]->best);
        }
        int status = 0;
        if (!queued && last) { /* as walk(k + 1) would before found_board */
            if (bound > br->above) {
                if (cb_tick(c)) return PV_INTERRUPTED;
                passed |= 1u << f;
            }
        } else if (!queued) { /* every rank made: the step's bound (walk() looks at it) */
            br->board[cell] = (uint8_t)f;
            status = walk(br, k + 1, p, bound - p);
        }
        for (uint64_t t = touched; t; t &= t - 1) {
            int r = bits_ctz64(t);
            br->sums[r] = before[r];
        }
        for (int r = k + 1; r < n; r++) br->waiting[r].len = len[r];
        if (status < 0) return status;
    }
    if (pairing) {
        br->pairing = 0;
        return found_pairs(br, cell, br->order[k + 1]);
    }
    if (!passed) return 0;
    if (!br->pairing) return found_siblings(br, cell, passed);
    br->pairs[br->board[br->order[k - 1]]] = passed;
    return 0;
}

/* Branch and bound from sum node `root` (of bound `bound`) whose choice nodes are for ranks
 * k and above. */
static int branch_tree(brancher *br, const tsum *root, int32_t bound, int k) {
    cb_class *c = br->c;
    if (bound <= br->above) return 0;
    if ((!br->merge_always && bound <= br->switch_bound) ||
        c->n - k <= br->walk_cells) {
        int64_t rest = 0;
        for (int r = k; r < c->n; r++) { /* every rank's list made: a step points into each */
            br->waiting[r].len = 0;
            if (make_room(&br->waiting[r], 1) < 0) return PV_NO_MEMORY;
        }
        memset(br->first + k, 0, (size_t)(c->n - k) * sizeof br->first[0]);
        uint64_t ranks = sum_ranks(root);
        for (int j = 0; ranks; j++, ranks &= ranks - 1) /* distinct ranks: one item each */
            push_waiting(br, bits_ctz64(ranks), root->kids[j]);
        for (int r = k; r < c->n; r++) {
            add_waiting(br->a->base, &br->first[r], br->waiting[r].items, 0, br->waiting[r].len);
            br->sums[r] = &br->first[r];
            rest += br->first[r].best;
        }
        return walk(br, k, root->points, rest);
    }
    if (cb_tick(c)) return PV_INTERRUPTED;
    if (k == c->n) return found_board(br);
    arena *a = br->a;
    int cell = br->order[k];
    const int forced = (sum_ranks(root) >> k) & 1u; /* the root has a choice node for cell */
    const tkid first = root->kids[0];
    const tchoice *choice = forced && !is_lone(first.ref) ? tree_at(a->base, first.ref) : NULL;
    int64_t rest = bound - (forced ? first.bound : 0);
    uint32_t faces = c->faces[cell];
    while (faces) {
        int f = bits_ctz32(faces);
        faces &= faces - 1;
        const tkid *under = NULL;
        const tkid leaf = {0, first.bound};
        if (choice && ((choice->mask >> f) & 1u))
            under = &choice->kids[bits_popcount32(choice->mask & ((1u << f) - 1u))];
        else if (forced && is_lone(first.ref) && lone_face(first.ref) == f)
            under = &leaf;
        if (br->n_syms) {
            br->board[cell] = (uint8_t)f;
            if (!least_of_images(br, k)) continue;
        }
        if (rest + (under ? under->bound : 0) <= br->above) continue;
        size_t used = a->used;
        const tsum *next = root;
        int32_t next_bound = bound;
        if (under && under->ref) {
            const tsum *forced_sum = sum_of(a, *under);
            next = forced_sum ? merge(br->p, root, 1, forced_sum, &next_bound) : NULL;
        } else if (forced) {
            next = drop_first(a, root, under ? under->bound : 0);
            next_bound = (int32_t)rest + (under ? under->bound : 0);
        }
        if (!next) return PV_NO_MEMORY;
        br->board[cell] = (uint8_t)f;
        int status = branch_tree(br, next, next_bound, k + 1);
        a->used = used;
        if (status < 0) return status;
    }
    return 0;
}

/* ------------------------------------------------ the arena */

#define ARENA_STEP ((size_t)64 << 20)  /* made usable at a time */
#define ARENA_KEEP ((size_t)384 << 20) /* kept usable between classes */
#define ARENA_MAX ((size_t)4 << 30)    /* what 30-bit offsets in 4-byte units reach */

#ifdef _WIN32
#include <windows.h>
static char *reserve(size_t bytes) { return VirtualAlloc(NULL, bytes, MEM_RESERVE, PAGE_NOACCESS); }
static int commit(char *at, size_t bytes) {
    return VirtualAlloc(at, bytes, MEM_COMMIT, PAGE_READWRITE) ? 0 : -1;
}
static void decommit(char *at, size_t bytes) { VirtualFree(at, bytes, MEM_DECOMMIT); }
static void unreserve(char *at, size_t bytes) { (void)bytes; VirtualFree(at, 0, MEM_RELEASE); }
void pages_release(const void *at, size_t bytes) { (void)at, (void)bytes; }
#else
#include <sys/mman.h>
static char *reserve(size_t bytes) {
    void *at = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return at == MAP_FAILED ? NULL : at;
}
static int commit(char *at, size_t bytes) { return mprotect(at, bytes, PROT_READ | PROT_WRITE); }
static void decommit(char *at, size_t bytes) {
    madvise(at, bytes, MADV_DONTNEED);
    mprotect(at, bytes, PROT_NONE);
}
static void unreserve(char *at, size_t bytes) { munmap(at, bytes); }
#include <unistd.h>
void pages_release(const void *at, size_t bytes) {
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)at + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)at + bytes) & ~(page - 1);
    if (end > start) madvise((void *)start, end - start, MADV_DONTNEED);
}
#endif

int arena_grow(arena *a, size_t bytes) {
    if (!a->base) {
        /* Address space may be limited (ulimit -v): ask for less until it is given. */
        for (size_t size = ARENA_MAX; size >= ARENA_STEP && !a->base; size /= 2)
            if ((a->base = reserve(size)) != NULL) a->reserved = size;
        if (!a->base) return -1;
        a->used = ARENA_FIRST;
    }
    size_t want = (a->used + bytes + ARENA_STEP - 1) / ARENA_STEP * ARENA_STEP;
    if (want > a->reserved || commit(a->base + a->committed, want - a->committed) < 0) return -1;
    a->committed = want;
    return 0;
}

void arena_make_room(arena *a, size_t bytes, size_t max_bytes) {
    const size_t floor = a->kept > ARENA_FIRST ? a->kept : ARENA_FIRST;
    if (!a->base || a->committed <= floor) return;
    /* the pages the work may find resident beside it: the lowest, which it uses first */
    const size_t room = bytes < max_bytes ? max_bytes - bytes : 0;
    if (a->committed - floor <= room) return;
    pages_release(a->base + floor + room, a->committed - floor - room);
}

void arena_free(arena *a) {
    if (a->base) unreserve(a->base, a->reserved);
    memset(a, 0, sizeof *a);
}

#define QUEUE_KEEP ((size_t)1 << 20) /* merge jobs kept between classes */

void tree_reset(pv_prover *p) {
    arena *a = &p->arena;
    if (p->merges.cap > QUEUE_KEEP) {
        free(p->merges.jobs);
        p->merges.jobs = NULL;
        p->merges.len = p->merges.cap = 0;
    }
    if (!a->base) return;
    size_t floor = a->kept > ARENA_FIRST ? a->kept : ARENA_FIRST;
    size_t keep = (floor + ARENA_KEEP + ARENA_STEP - 1) / ARENA_STEP * ARENA_STEP;
    if (a->committed > keep) {
        decommit(a->base + keep, a->committed - keep);
        a->committed = keep;
    }
    a->used = floor;
}

pv_prover *pv_prover_new(void) {
    pv_prover *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (!(p->builder = tree_builder_new())) {
        free(p);
        return NULL;
    }
    return p;
}

void pv_prover_free(pv_prover *p) {
    if (!p) return;
    tree_builder_free(p->builder);
    free(p->merges.jobs);
    if (p->scratch_words) bn_scratch_free(&p->scratch);
    arena_free(&p->arena);
    free(p);
}

void pv_search_result_free(pv_search_result *result) {
    free(result->boards);
    memset(result, 0, sizeof *result);
}

int tree_search(pv_prover *p, const pv_words *words, int rows, int cols,
                const uint32_t *faces, const uint8_t *order, const pv_search_options *options,
                tree_cap *cap, const pv_stop *stop, pv_search_result *result) {
    memset(result, 0, sizeof *result);
    cb_class c;
    int status = pv_check_class(words, rows, cols, faces, order);
    if (status != PV_OK) return status;
    cb_load(&c, words, rows, cols, faces);
    c.stop = stop;
    byte_buffer out = {NULL, 0, 0, options->max_bytes, 0};
    brancher br;
    memset(&br, 0, sizeof br);
    br.p = p;
    br.a = &p->arena;
    br.c = &c;
    br.order = order;
    br.above = options->above;
    br.merge_always = options->merge_always;
    br.switch_bound = options->switch_bound;
    br.walk_cells = options->walk_cells;
    br.out = &out;
    br.rows = rows;
    br.cols = cols;
    br.score_boards = options->score_boards;
    if (br.score_boards &&
        (p->scratch_words != words || p->scratch.n_nodes != words->n_nodes)) {
        if (p->scratch_words) bn_scratch_free(&p->scratch);
        p->scratch_words = NULL;
        if (bn_scratch_init(&p->scratch, words->n_nodes) < 0) {
            bn_scratch_free(&p->scratch);
            return PV_NO_MEMORY;
        }
        p->scratch_words = words;
    }
    if (options->symmetric) plan_symmetries(&br);
    br.made = malloc((size_t)c.n * (size_t)c.n * sizeof *br.made);
    if (!br.made) return PV_NO_MEMORY;
    const tsum *root = NULL;
    status = tree_build(p, &c, order, c.n <= options->walk_cells, cap, options->symmetric,
                        &root);
    if (status == PV_OK) {
        int32_t bound = sum_bound(root);
        result->root_bound = bound;
        status = branch_tree(&br, root, bound, 0);
    }
    for (int r = 0; r < c.n; r++) free(br.waiting[r].items);
    free(br.made);
    tree_reset(p);
    if (out.full) status = PV_OK; /* stopped at max_bytes: the boards found before */
    result->boards = out.data;
    result->len = out.len;
    result->full = out.full;
    result->bounds = c.bounds;
    result->scored = br.scored;
    result->pair_searches = br.pair_searches;
    return status;
}

int pv_tree_search(pv_prover *p, const pv_words *words, int rows, int cols,
                   const uint32_t *faces, const uint8_t *order,
                   const pv_search_options *options, const pv_stop *stop,
                   pv_search_result *result) {
    return tree_search(p, words, rows, cols, faces, order, options, NULL, stop, result);
}

int pv_tree_bound(pv_prover *p, const pv_words *words, int rows, int cols,
                  const uint32_t *faces, const uint8_t *order, int64_t *bound) {
    cb_class c;
    int status = pv_check_class(words, rows, cols, faces, order);
    if (status != PV_OK) return status;
    cb_load(&c, words, rows, cols, faces);
    const tsum *root = NULL;
    status = tree_build(p, &c, order, 0, NULL, 0, &root);
    if (status == PV_OK) *bound = sum_bound(root);
    tree_reset(p);
    return status;
}
