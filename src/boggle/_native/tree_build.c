/* Building a class's orderly sum/choice tree from its paths.
 *
 * A depth-first search like solving lists every path to a word on the class
 * as a record: one key byte per cell rank in split order (the face the path
 * takes there, or NO_FACE) and the trie node of the word.  Sorting the
 * records by key (faces first, NO_FACE last, rank by rank) puts them in the
 * tree's depth-first order, so a most-significant-digit radix sort makes the
 * tree as it goes: at rank r the records of a sum node split into those
 * taking each face of the cell of rank r (the children of one choice node)
 * and those skipping it (the sum node's later choice nodes).  Records left
 * when every rank is used end at the sum node; one word on the same cells
 * and faces counts once (the board finds it once).
 *
 * The record buffers are kept from one class to the next (the GIL guards them).
 */
#include "tree.h"

#include <stdlib.h>
#include <string.h>

#ifdef TB_PROFILE
#include <stdio.h>
#include <time.h>
static double prof[3]; static int prof_n;
static double now_s(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#define PROF_START double prof_t = now_s();
#define PROF_MARK(k) { double t2 = now_s(); prof[k] += t2 - prof_t; prof_t = t2; if (k == 2 && ++prof_n % 11 == 0) fprintf(stderr, "collect %.2f sort %.2f sum %.2f\n", prof[0], prof[1], prof[2]), prof[0] = prof[1] = prof[2] = 0; }
#else
#define PROF_START
#define PROF_MARK(k)
#endif
#define NO_FACE 0xFFu
#define CHUNK (32u << 20)

tnode *arena_node(arena *a, int kids) {
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
    node->mask = 0;
    node->points = 0;
    return node;
}

typedef struct {
    uint8_t *data, *spare;     /* records, and room for the radix sorts to move them */
    size_t len;                /* records */
    size_t data_cap, spare_cap; /* bytes */
} records;

static records kept;

/* A record whose key is one number: see tree_build. */
typedef struct {
    uint64_t key;
    uint32_t word;
    int32_t points;
} packed_record;

typedef struct {
    const cb_class *c;
    records *r;
    size_t stride; /* bytes of a record */
    int packed;    /* keys are numbers (packed_record), else n key bytes, word, points, padding */
    uint8_t rank[CB_MAX_CELLS];
    uint8_t key[CB_MAX_CELLS];
    uint64_t key64;
    uint64_t around[CB_MAX_CELLS];              /* by cell: its neighbours */
    uint64_t keep[CB_MAX_CELLS];                /* by cell: the key bits of the other ranks */
    uint64_t code[CB_MAX_CELLS][CB_MAX_FACES];  /* by cell and face: the face's field */
    uint64_t field[CB_MAX_CELLS + 1];           /* by rank: its bits */
    uint64_t below[CB_MAX_CELLS + 1];           /* by rank: its bits and those of later ranks */
    uint8_t shift[CB_MAX_CELLS];                /* by rank: the field's lowest bit */
    uint8_t rank_of_bit[64];
    uint8_t face_of[CB_MAX_CELLS][CB_MAX_FACES]; /* by rank and field value: the face */
    arena *a;
    int oom;
} maker;

static void add_record(maker *m, uint32_t word, int32_t points) {
    records *r = m->r;
    if ((r->len + 1) * m->stride > r->data_cap) {
        size_t cap = r->data_cap ? r->data_cap * 2 : 1u << 20;
        uint8_t *data = realloc(r->data, cap);
        if (!data) { m->oom = 1; return; }
        r->data = data;
        r->data_cap = cap;
    }
    uint8_t *at = r->data + r->len++ * m->stride;
    if (m->packed) {
        packed_record *record = (packed_record *)(void *)at;
        record->key = m->key64;
        record->word = word;
        record->points = points;
        return;
    }
    memcpy(at, m->key, (size_t)m->c->n);
    memset(at + m->c->n, 0, m->stride - (size_t)m->c->n);
    memcpy(at + m->c->n, &word, sizeof word);
    memcpy(at + m->c->n + sizeof word, &points, sizeof points);
}

/* Lists the paths that go on from trie `node` into `cell` (not in `used`; the caller saw
 * that one of its faces may follow). */
static void collect(maker *m, int cell, uint32_t node, uint64_t used) {
    const cb_class *c = m->c;
    const cb_node *nodes = c->t->nodes;
    const int32_t *word_points = c->t->points;
    uint32_t letters = nodes[node].mask & c->starts[cell];
    if (m->oom) return;
    used |= 1ull << cell;
    const uint64_t open_cells = m->around[cell] & ~used;
    uint32_t faces = c->faces[cell];
    int simple = !((c->shared_starts >> cell) & 1u);
    int f;
    int64_t at;
    while (simple ? next_start_child(c, cell, &letters, node, &f, &at)
                  : next_face_child(c->t, &faces, node, &f, &at)) {
        if (m->packed)
            m->key64 = (m->key64 & m->keep[cell]) | m->code[cell][f];
        else
            m->key[m->rank[cell]] = (uint8_t)f;
        if (word_points[at] > 0) add_record(m, (uint32_t)at, word_points[at]);
        uint32_t follow = nodes[at].mask;
        if (!follow) continue;
        for (uint64_t next = open_cells; next; next &= next - 1) {
            int to = __builtin_ctzll(next);
            if (follow & c->starts[to]) collect(m, to, (uint32_t)at, used);
        }
    }
    if (m->packed)
        m->key64 |= ~m->keep[cell];
    else
        m->key[m->rank[cell]] = NO_FACE;
}

static uint32_t word_of(const maker *m, const uint8_t *record) {
    uint32_t word;
    memcpy(&word, record + m->c->n, sizeof word);
    return word;
}

static int32_t points_of(const maker *m, const uint8_t *record) {
    int32_t points;
    memcpy(&points, record + m->c->n + sizeof(uint32_t), sizeof points);
    return points;
}

/* Points of records [lo, hi) of `src` (one key): each distinct word once. */
static int64_t ending_points(const maker *m, const uint8_t *src, size_t lo, size_t hi) {
    int64_t points = 0;
    for (size_t i = lo; i < hi; i++) {
        uint32_t word = word_of(m, src + i * m->stride);
        size_t j = lo;
        while (j < i && word_of(m, src + j * m->stride) != word) j++;
        if (j == i) points += points_of(m, src + i * m->stride);
    }
    return points;
}

static tnode *finish(maker *m, tnode *const *kids, int n_kids, uint8_t key, int64_t points,
                     int64_t bound, uint32_t mask) {
    tnode *t = arena_node(m->a, n_kids);
    if (!t) { m->oom = 1; return NULL; }
    memcpy(t->kids, kids, (size_t)n_kids * sizeof(tnode *));
    t->key = key;
    t->points = (int32_t)points;
    t->bound = (int32_t)bound;
    t->mask = mask;
    return t;
}

/* The sum node (face `face`) of records [lo, hi) of src, which agree on every rank below r;
 * dst is scratch of the same size. */
static tnode *make_sum(maker *m, uint8_t *src, uint8_t *dst, size_t lo, size_t hi, int r,
                       uint8_t face) {
    const int n = m->c->n;
    const size_t stride = m->stride;
    tnode *kids[CB_MAX_CELLS];
    int n_kids = 0;
    int64_t points = 0, bound = 0;
    while (lo < hi && !m->oom) {
        if (hi - lo == 1) { /* one record: a chain */
            const uint8_t *key = src + lo * stride;
            while (r < n && key[r] == NO_FACE) r++;
            if (r == n) {
                points += points_of(m, key);
                break;
            }
            tnode *sum = make_sum(m, src, dst, lo, hi, r + 1, key[r]);
            tnode *choice = sum ? finish(m, &sum, 1, (uint8_t)r, 0, sum->bound, 1u << key[r]) : NULL;
            if (!choice) break;
            kids[n_kids++] = choice;
            bound += choice->bound;
            break;
        }
        if (r == n) {
            points += ending_points(m, src, lo, hi);
            break;
        }
        uint32_t count[CB_MAX_FACES + 1] = {0};
        for (size_t i = lo; i < hi; i++) {
            uint8_t f = src[i * stride + r];
            count[f == NO_FACE ? CB_MAX_FACES : f]++;
        }
        if (count[CB_MAX_FACES] == hi - lo) {
            r++;
            continue;
        }
        size_t start[CB_MAX_FACES + 1], next[CB_MAX_FACES + 1];
        for (size_t f = 0, at = lo; f <= CB_MAX_FACES; f++) start[f] = next[f] = at, at += count[f];
        for (size_t i = lo; i < hi; i++) {
            const uint8_t *record = src + i * stride;
            uint8_t f = record[r];
            uint8_t *to = dst + next[f == NO_FACE ? CB_MAX_FACES : f]++ * stride;
            for (size_t w = 0; w < stride; w += 8) memcpy(to + w, record + w, 8);
        }
        tnode *sums[CB_MAX_FACES];
        int n_sums = 0;
        uint32_t mask = 0;
        int64_t best = 0;
        for (int f = 0; f < CB_MAX_FACES; f++) {
            if (!count[f]) continue;
            tnode *sum = make_sum(m, dst, src, start[f], start[f] + count[f], r + 1, (uint8_t)f);
            if (!sum) return NULL;
            sums[n_sums++] = sum;
            mask |= 1u << f;
            if (sum->bound > best) best = sum->bound;
        }
        tnode *choice = finish(m, sums, n_sums, (uint8_t)r, 0, best, mask);
        if (!choice) return NULL;
        kids[n_kids++] = choice;
        bound += best;
        lo = start[CB_MAX_FACES];
        uint8_t *swap = src;
        src = dst;
        dst = swap;
        r++;
    }
    return m->oom ? NULL : finish(m, kids, n_kids, face, points, points + bound, 0);
}

/* Sorts the n records of x by key, least significant byte first; the sorted records are
 * in x or in spare (returned).  Bytes that every key shares take no pass. */
static packed_record *sort_records(packed_record *x, packed_record *spare, size_t n, int bits) {
    enum { DIGITS = 8 };
    size_t count[DIGITS][256];
    int passes = (bits + 7) / 8;
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < n; i++) {
        uint64_t key = x[i].key;
        for (int p = 0; p < passes; p++) count[p][(key >> (8 * p)) & 255u]++;
    }
    for (int p = 0; p < passes && n > 0; p++) {
        if (count[p][(x[0].key >> (8 * p)) & 255u] == n) continue;
        size_t next[256];
        for (size_t d = 0, at = 0; d < 256; d++) next[d] = at, at += count[p][d];
        for (size_t i = 0; i < n; i++) spare[next[(x[i].key >> (8 * p)) & 255u]++] = x[i];
        packed_record *swap = x;
        x = spare;
        spare = swap;
    }
    return x;
}

/* The open nodes of the path of the last record read: sum node 0 (the root), then for
 * each of the record's (rank, face) pairs j = 1.. a choice node and a sum node, each with
 * the children closed so far. */
typedef struct {
    tnode *sum_kids[CB_MAX_CELLS + 1][CB_MAX_CELLS];
    tnode *choice_kids[CB_MAX_CELLS + 1][CB_MAX_FACES];
    int n_sum_kids[CB_MAX_CELLS + 1], n_choice_kids[CB_MAX_CELLS + 1];
    int64_t points[CB_MAX_CELLS + 1], bound[CB_MAX_CELLS + 1]; /* sum nodes */
    int64_t best[CB_MAX_CELLS + 1];                            /* choice nodes */
    uint32_t mask[CB_MAX_CELLS + 1];
    uint8_t rank[CB_MAX_CELLS + 1], face[CB_MAX_CELLS + 1];
} open_path;

static open_path path;

/* Opens sum node j (face `face`) under choice node j. */
static void open_sum(open_path *p, int j, uint8_t face) {
    p->face[j] = face;
    p->n_sum_kids[j] = 0;
    p->points[j] = p->bound[j] = 0;
}

/* Opens choice node j (rank `rank`) and its sum node j. */
static void open_pair(open_path *p, int j, int rank, uint8_t face) {
    p->rank[j] = (uint8_t)rank;
    p->n_choice_kids[j] = 0;
    p->best[j] = 0;
    p->mask[j] = 0;
    open_sum(p, j, face);
}

/* Closes sum node j into choice node j. */
static void close_sum(maker *m, open_path *p, int j) {
    tnode *sum = finish(m, p->sum_kids[j], p->n_sum_kids[j], p->face[j], p->points[j],
                        p->points[j] + p->bound[j], 0);
    if (!sum) return;
    p->choice_kids[j][p->n_choice_kids[j]++] = sum;
    p->mask[j] |= 1u << p->face[j];
    if (sum->bound > p->best[j]) p->best[j] = sum->bound;
}

/* Closes choice node j into sum node j - 1. */
static void close_choice(maker *m, open_path *p, int j) {
    tnode *choice = finish(m, p->choice_kids[j], p->n_choice_kids[j], p->rank[j], 0,
                           p->best[j], p->mask[j]);
    if (!choice) return;
    p->sum_kids[j - 1][p->n_sum_kids[j - 1]++] = choice;
    p->bound[j - 1] += p->best[j];
}

/* The tree of the n sorted records of x, read in one pass.  A record's path from the root
 * is its (rank, face) pairs in rank order, and it ends at the last sum node; a record
 * shares the path of the one before up to the first rank where their keys differ. */
static const tnode *read_tree(maker *m, const packed_record *x, size_t n) {
    open_path *p = &path;
    int depth = 0;
    open_sum(p, 0, 0);
    size_t same_from = 0; /* the first record with this record's key */
    for (size_t i = 0; i < n; i++) {
        uint64_t key = x[i].key;
        int from = 0; /* the rank this record's new pairs start from */
        if (i > 0) {
            uint64_t differ = key ^ x[i - 1].key;
            if (!differ) { /* the same sum node: each word once */
                size_t j = same_from;
                while (j < i && x[j].word != x[i].word) j++;
                if (j == i) p->points[depth] += x[i].points;
                continue;
            }
            int r = m->rank_of_bit[63 - __builtin_clzll(differ)];
            for (; depth > 0 && p->rank[depth] > r; depth--) {
                close_sum(m, p, depth);
                close_choice(m, p, depth);
            }
            /* the record before took a face at rank r, this one a later face or none */
            close_sum(m, p, depth);
            if ((key & m->field[r]) == m->field[r]) {
                close_choice(m, p, depth);
                depth--;
            } else {
                open_sum(p, depth, m->face_of[r][(key & m->field[r]) >> m->shift[r]]);
            }
            from = r + 1;
        }
        for (uint64_t open = ~key & m->below[from]; open;) {
            int r = m->rank_of_bit[63 - __builtin_clzll(open)];
            open &= ~m->field[r];
            open_pair(p, ++depth, r, m->face_of[r][(key & m->field[r]) >> m->shift[r]]);
        }
        p->points[depth] += x[i].points;
        same_from = i;
        if (m->oom) return NULL;
    }
    for (; depth > 0; depth--) {
        close_sum(m, p, depth);
        close_choice(m, p, depth);
    }
    return m->oom ? NULL
                  : finish(m, p->sum_kids[0], p->n_sum_kids[0], 0, p->points[0],
                           p->points[0] + p->bound[0], 0);
}

/* Lays out one key field per rank, rank 0 highest, each just wide enough for the cell's
 * faces (numbered in order) and NO_FACE (all ones); 0 when they need more than 64 bits. */
static int plan_fields(maker *m, const uint8_t *order) {
    const cb_class *c = m->c;
    int bits = 0;
    for (int r = c->n - 1; r >= 0; r--) {
        uint32_t faces = c->faces[order[r]];
        int width = faces ? 32 - __builtin_clz((uint32_t)__builtin_popcount(faces)) : 0;
        if (bits + width > 64) return 0;
        m->shift[r] = (uint8_t)bits;
        m->field[r] = width ? (~0ull >> (64 - width)) << bits : 0;
        for (int b = bits; b < bits + width; b++) m->rank_of_bit[b] = (uint8_t)r;
        bits += width;
        m->below[r] = bits ? ~0ull >> (64 - bits) : 0;
        int index = 0;
        for (int f = 0; f < CB_MAX_FACES; f++) {
            if (!((faces >> f) & 1u)) continue;
            m->code[order[r]][f] = (uint64_t)index << m->shift[r];
            m->face_of[r][index++] = (uint8_t)f;
        }
        m->keep[order[r]] = ~m->field[r];
    }
    m->below[c->n] = 0;
    m->key64 = m->below[0];
    return bits > 0 ? bits : 1;
}

static void *room(uint8_t **buffer, size_t *cap, size_t bytes) {
    if (*cap < bytes) {
        uint8_t *more = realloc(*buffer, bytes);
        if (!more) return NULL;
        *buffer = more;
        *cap = bytes;
    }
    return *buffer;
}

/* Records of a class whose key fields fit in 64 bits (nearly all) hold their key as one
 * number in which the fields of the ranks follow each other, so that sorting the numbers
 * (a least-significant-digit radix sort) puts the records in the tree's depth-first order
 * and the tree is read off the sorted records without moving them.  Other classes sort
 * byte keys with make_sum. */
const tnode *tree_build(cb_class *c, const uint8_t *order, arena *a) {
    maker m;
    memset(&m, 0, sizeof m);
    m.c = c;
    m.r = &kept;
    m.a = a;
    for (int k = 0; k < c->n; k++) m.rank[order[k]] = (uint8_t)k;
    memset(m.key, NO_FACE, sizeof m.key);
    int bits = plan_fields(&m, order);
    m.packed = bits > 0;
    m.stride = m.packed ? sizeof(packed_record)
                        : ((size_t)c->n + 2 * sizeof(uint32_t) + 7u) & ~(size_t)7u;
    kept.len = 0;
    cb_set_starts(c);
    for (int cell = 0; cell < c->n; cell++)
        for (int k = 0; k < c->n_neighbours[cell]; k++)
            m.around[cell] |= 1ull << c->neighbours[cell][k];
    PROF_START
    for (int cell = 0; cell < c->n && !m.oom; cell++)
        if (c->t->nodes[0].mask & c->starts[cell]) collect(&m, cell, 0, 0);
    PROF_MARK(0)
    if (m.oom || !room(&kept.spare, &kept.spare_cap, kept.len * m.stride + 1)) return NULL;
    if (!m.packed) return make_sum(&m, kept.data, kept.spare, 0, kept.len, 0, 0);
    packed_record *sorted = sort_records((packed_record *)(void *)kept.data,
                                         (packed_record *)(void *)kept.spare, kept.len, bits);
    PROF_MARK(1)
    const tnode *root = read_tree(&m, sorted, kept.len);
    PROF_MARK(2)
    return root;
}
