/* A class proved within a memory cap: its size learnt before its tree is built and, when
 * that is past the cap, the class split into parts (one cell's faces in two halves) proved
 * one after the other.
 *
 * A class's tree is built from a record per path to a scoring word (tree_build.c); the
 * records, the sort's second buffer, the tree read from them and the trees merged while
 * forcing all grow with the number of records, so that number is the estimate
 * (PV_BYTES_PER_RECORD bytes a record).  The listing of a class's records stops soon after
 * it passes the cap (tree_cap), before any tree is built: a class under the cap (most of
 * them) is listed once.  A class past it is counted by a search like the listing that
 * stores nothing but the records through each cell's faces, which the split is made from.
 * A part holds the boards of the class whose split cell takes one of its half of the faces:
 * the parts hold every board of the class once, so the boards found are the same, and
 * each part's records are the class's less those through the other half's faces.  The
 * cell split is the one whose faces cut into two halves of records as even as possible
 * leave the larger part fewest records; parts still past the cap are split again.
 */
#include "tree.h"

#include <stdlib.h>
#include <string.h>

#define COUNT_POLL_PERIOD ((uint64_t)1 << 16) /* trie steps between two looks at pv_stop */
/* Halvings at most: a class is proved in 2^PV_SPLIT_DEPTH parts at most, each proved whole
 * past the cap when it cannot be cut further (a cut leaves the records of the paths that
 * do not go through the cell split in both parts). */
#define PV_SPLIT_DEPTH 8
#define RECORDS_UNKNOWN UINT64_MAX /* split_search: a class not counted yet */

typedef struct {
    const cb_class *c;
    uint64_t records;
    uint64_t steps;
    uint64_t (*through)[PV_MAX_FACES]; /* by cell and face: records whose path takes it */
    const pv_stop *stop;
    int stopped;
} counter;

static int count_stopped(counter *k) {
    const pv_stop *stop = k->stop;
    if (!stop || (++k->steps & (COUNT_POLL_PERIOD - 1u)) != 0) return k->stopped;
    if ((stop->flag && *stop->flag) || (stop->poll && stop->poll(stop->data))) k->stopped = 1;
    return k->stopped;
}

/* Counts the records of the paths that go on from trie `node` into `cell` (not in `used`). */
static void count_from(counter *k, int cell, uint32_t node, uint64_t used) {
    const cb_class *c = k->c;
    const cb_node *nodes = c->t->nodes;
    const int32_t *points = c->t->points;
    if (count_stopped(k)) return;
    used |= 1ull << cell;
    const int simple = !((c->shared_starts >> cell) & 1u);
    uint32_t letters = nodes[node].bits & c->starts[cell];
    uint32_t faces = c->faces[cell];
    int f;
    int64_t at;
    while (simple ? next_start_child(c, cell, &letters, node, &f, &at)
                  : next_face_child(c->t, &faces, node, &f, &at)) {
        const uint64_t before = k->records;
        k->records += points[at] > 0;
        const uint32_t follow = nodes[at].bits & CB_LETTERS;
        if (follow)
            for (int j = 0; j < c->n_neighbours[cell]; j++) {
                const int to = c->neighbours[cell][j];
                if (!((used >> to) & 1u) && (follow & c->starts[to]))
                    count_from(k, to, (uint32_t)at, used);
            }
        k->through[cell][f] += k->records - before;
    }
}

int pv_class_records(const pv_words *words, int rows, int cols, const uint32_t *faces,
                     const pv_stop *stop, uint64_t *records,
                     uint64_t (*through)[PV_MAX_FACES]) {
    cb_class c;
    int status = cb_load(&c, words, rows, cols, faces);
    if (status != PV_OK) return status;
    cb_set_starts(&c);
    uint64_t (*own)[PV_MAX_FACES] = NULL;
    if (!through && !(through = own = calloc(PV_MAX_CELLS, sizeof *own))) return PV_NO_MEMORY;
    memset(through, 0, (size_t)c.n * sizeof *through);
    counter k = {&c, 0, 0, through, stop, 0};
    for (int cell = 0; cell < c.n && !k.stopped; cell++)
        if (words->nodes[0].bits & c.starts[cell]) count_from(&k, cell, 0, 0);
    free(own);
    *records = k.records;
    return k.stopped ? PV_INTERRUPTED : PV_OK;
}

/* The faces of `cell` cut into two halves of records as even as possible (heaviest face
 * first into the lighter half): the first half in *half, the lighter half's records
 * returned. */
static uint64_t halve(const uint64_t *through, uint32_t faces, uint32_t *half) {
    uint64_t sums[2] = {0, 0};
    uint32_t halves[2] = {0, 0};
    while (faces) {
        int heaviest = bits_ctz32(faces);
        for (uint32_t rest = faces; rest; rest &= rest - 1)
            if (through[bits_ctz32(rest)] > through[heaviest]) heaviest = bits_ctz32(rest);
        faces &= ~(1u << heaviest);
        /* into the lighter half; on a tie the one of fewer faces, so neither is empty */
        const int to = sums[1] < sums[0] ||
                       (sums[1] == sums[0] &&
                        bits_popcount32(halves[1]) < bits_popcount32(halves[0]));
        sums[to] += through[heaviest];
        halves[to] |= 1u << heaviest;
    }
    *half = halves[0];
    return sums[0] < sums[1] ? sums[0] : sums[1];
}

/* The cell to split and its first half of faces: the cut that takes most records off the
 * larger part; -1 when no cut takes any (no cell of two faces on a path). */
static int split_cell(const uint64_t (*through)[PV_MAX_FACES], const uint32_t *faces, int n,
                      uint32_t *half) {
    int best = -1;
    uint64_t best_cut = 0;
    for (int cell = 0; cell < n; cell++) {
        if (bits_popcount32(faces[cell]) < 2) continue;
        uint32_t first;
        uint64_t cut = halve(through[cell], faces[cell], &first);
        if (cut > best_cut) {
            best = cell;
            best_cut = cut;
            *half = first;
        }
    }
    return best;
}

typedef struct {
    pv_prover *p;
    const pv_words *words;
    int rows, cols;
    const uint8_t *order;
    const pv_search_options *options;
    uint64_t max_records;
    size_t max_bytes;
    const pv_stop *stop;
    pv_search_result *result;
    uint64_t (*through)[PV_MAX_FACES];
} splitter;

/* The boards of one part (or the whole class) added to the result; TREE_PAST_CAP, the
 * result as it was, when `cap` (NULL: none) holds fewer records than the part has. */
static int prove_part(splitter *s, const uint32_t *faces, const tree_cap *cap) {
    pv_search_result *result = s->result;
    pv_search_options options = *s->options;
    if (options.max_bytes) /* the room left for boards; 1 byte when none (0: no limit) */
        options.max_bytes = options.max_bytes > result->len ? options.max_bytes - result->len : 1;
    pv_search_result part;
    int status = tree_search(s->p, s->words, s->rows, s->cols, faces, s->order, &options, cap,
                             s->stop, &part);
    if (status == TREE_PAST_CAP) {
        pv_search_result_free(&part);
        return status;
    }
    if (result->parts == 0) { /* the first part's boards as they are */
        part.counted = result->counted;
        part.parts = 1;
        *result = part;
        return status;
    }
    result->bounds += part.bounds;
    result->scored += part.scored;
    result->full |= part.full;
    result->parts++;
    if (part.root_bound > result->root_bound) result->root_bound = part.root_bound;
    if (part.len) {
        uint8_t *more = realloc(result->boards, result->len + part.len);
        if (!more) {
            pv_search_result_free(&part);
            return PV_NO_MEMORY;
        }
        memcpy(more + result->len, part.boards, part.len);
        result->boards = more;
        result->len += part.len;
    }
    pv_search_result_free(&part);
    return status;
}

/* The class of `faces` (of `records` records, RECORDS_UNKNOWN when not known, counted by
 * cell and face in s->through when `counted`) proved whole when under the cap, else split.
 * A class of unknown size is first built under the cap, its records listed as its tree is
 * built: most are under it and never counted.  Past it, its records are counted. */
static int split_search(splitter *s, uint32_t *faces, uint64_t records, int counted,
                        int depth) {
    const int n = s->rows * s->cols;
    const tree_cap cap = {s->max_records, s->max_bytes};
    if (records == RECORDS_UNKNOWN) {
        int status = prove_part(s, faces, &cap);
        if (status != TREE_PAST_CAP) return status;
    }
    if (records > s->max_records && !counted) {
        int status = pv_class_records(s->words, s->rows, s->cols, faces, s->stop, &records,
                                      s->through);
        if (status != PV_OK) return status;
        s->result->counted += records;
    }
    uint32_t half = 0;
    const int cell = records > s->max_records && depth < PV_SPLIT_DEPTH
                         ? split_cell(s->through, faces, n, &half)
                         : -1;
    if (cell < 0 && records > s->max_records) { /* past the cap, and cut no further */
        arena_make_room(&s->p->arena, records * PV_BYTES_PER_RECORD, s->max_bytes);
        return prove_part(s, faces, NULL);
    }
    if (cell < 0) return prove_part(s, faces, &cap);
    /* each part has the records of the class but those through the other half's faces */
    const uint32_t whole = faces[cell];
    uint64_t through_first = 0, through_second = 0;
    for (uint32_t f = whole; f; f &= f - 1) {
        const uint64_t count = s->through[cell][bits_ctz32(f)];
        if ((half >> bits_ctz32(f)) & 1u) through_first += count;
        else through_second += count;
    }
    faces[cell] = half;
    int status = split_search(s, faces, records - through_second, 0, depth + 1);
    faces[cell] = whole & ~half;
    if (status == PV_OK && !s->result->full)
        status = split_search(s, faces, records - through_first, 0, depth + 1);
    faces[cell] = whole;
    return status;
}

int pv_class_search(pv_prover *prover, const pv_words *words, int rows, int cols,
                    const uint32_t *faces, const uint8_t *order,
                    const pv_search_options *options, size_t max_class_bytes,
                    const pv_stop *stop, pv_search_result *result) {
    memset(result, 0, sizeof *result);
    int status = pv_check_class(words, rows, cols, faces, order);
    if (status != PV_OK) return status;
    /* a class walked whole is built from a forest of group trees shared with other classes
     * (tree_build.c) and forced without new trees: not split */
    if (max_class_bytes == 0 || rows * cols <= options->walk_cells) {
        status = pv_tree_search(prover, words, rows, cols, faces, order, options, stop, result);
        result->parts = 1;
        return status;
    }
    splitter s = {prover, words, rows, cols, order, options,
                  max_class_bytes / PV_BYTES_PER_RECORD, max_class_bytes, stop, result, NULL};
    s.through = calloc(PV_MAX_CELLS, sizeof *s.through);
    if (!s.through) return PV_NO_MEMORY;
    uint32_t own[PV_MAX_CELLS];
    memcpy(own, faces, (size_t)(rows * cols) * sizeof own[0]);
    status = split_search(&s, own, RECORDS_UNKNOWN, 0, 0);
    free(s.through);
    if (result->full) status = PV_OK; /* stopped at max_bytes: the boards found before */
    return status;
}
