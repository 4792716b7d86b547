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

#define NO_FACE 0xFFu
tnode *arena_node(arena *a, int kids) {
    tsum *node = arena_take(a, sum_bytes(kids), kids);
    if (node) node->points = 0, set_sum_ranks(node, 0);
    return node ? &node->head : NULL;
}

typedef struct {
    uint8_t *data, *spare;     /* records, and room for the radix sort to move them */
    size_t len;                /* records */
    size_t data_cap, spare_cap; /* bytes */
} records;

static records kept;

typedef struct {
    const cb_class *c;
    records *r;
    size_t stride; /* n key bytes, the word's trie node and points (uint32, int32), padding */
    uint8_t rank[CB_MAX_CELLS];
    uint8_t key[CB_MAX_CELLS];
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
    memcpy(at, m->key, (size_t)m->c->n);
    memset(at + m->c->n, 0, m->stride - (size_t)m->c->n);
    memcpy(at + m->c->n, &word, sizeof word);
    memcpy(at + m->c->n + sizeof word, &points, sizeof points);
}

static void collect(maker *m, int cell, uint32_t node, uint64_t used) {
    const cb_class *c = m->c;
    const cb_node *nodes = c->t->nodes;
    uint32_t letters = nodes[node].mask & c->starts[cell];
    if (!letters || m->oom) return;
    used |= 1ull << cell;
    uint32_t faces = c->faces[cell];
    int simple = !((c->shared_starts >> cell) & 1u);
    int f;
    int64_t at;
    while (simple ? next_start_child(c, cell, &letters, node, &f, &at)
                  : next_face_child(c->t, &faces, node, &f, &at)) {
        m->key[m->rank[cell]] = (uint8_t)f;
        if (c->t->points[at] > 0) add_record(m, (uint32_t)at, c->t->points[at]);
        if (nodes[at].mask) {
            for (int k = 0; k < c->n_neighbours[cell]; k++) {
                int next = c->neighbours[cell][k];
                if (!((used >> next) & 1u)) collect(m, next, (uint32_t)at, used);
            }
        }
    }
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
    arena *a = m->a;
    tkid *slots;
    tnode *t;
    if (mask) {
        tchoice *choice = arena_take(a, choice_bytes(n_kids), n_kids);
        if (!choice) { m->oom = 1; return NULL; }
        choice->mask = mask;
        slots = choice->kids;
        t = &choice->head;
    } else {
        tsum *sum = arena_take(a, sum_bytes(n_kids), n_kids);
        if (!sum) { m->oom = 1; return NULL; }
        uint64_t ranks = 0;
        for (int i = 0; i < n_kids; i++) ranks |= 1ull << kids[i]->key;
        sum->points = (int32_t)points;
        set_sum_ranks(sum, ranks);
        slots = sum->kids;
        t = &sum->head;
    }
    for (int i = 0; i < n_kids; i++) {
        slots[i].ref = tree_ref(a, kids[i]);
        slots[i].bound = kids[i]->bound;
    }
    t->key = key;
    t->bound = (int32_t)bound;
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

const tnode *tree_build(cb_class *c, const uint8_t *order, arena *a) {
    maker m;
    memset(&m, 0, sizeof m);
    m.c = c;
    m.r = &kept;
    m.a = a;
    m.stride = ((size_t)c->n + 2 * sizeof(uint32_t) + 7u) & ~(size_t)7u;
    for (int k = 0; k < c->n; k++) m.rank[order[k]] = (uint8_t)k;
    memset(m.key, NO_FACE, sizeof m.key);
    kept.len = 0;
    cb_set_starts(c);
    for (int cell = 0; cell < c->n && !m.oom; cell++) collect(&m, cell, 0, 0);
    if (m.oom) return NULL;
    size_t bytes = kept.len * m.stride + 1;
    if (kept.spare_cap < bytes) {
        uint8_t *spare = realloc(kept.spare, bytes);
        if (!spare) return NULL;
        kept.spare = spare;
        kept.spare_cap = bytes;
    }
    return make_sum(&m, kept.data, kept.spare, 0, kept.len, 0, 0);
}
