/* A class proved within a memory cap: its size learnt before its tree is built and, when
 * that is past the cap, the class split into parts (one cell's faces in two halves) proved
 * one after the other.
 *
 * A class's tree is built from a record per path to a scoring word (tree_build.c); the
 * records, the sort's second buffer, the tree read from them and the trees merged while
 * forcing all grow with the number of records, so that number is the estimate
 * (pv_bytes_per_record bytes a record).  A class is listed under the cap (tree_cap): most
 * classes are under it, and their records are listed once, as their tree is built.  Once a
 * class passes the cap no tree is built: its listing goes on to the end counting its
 * records, by cell and face, without keeping them, and those counts make the split.
 * A part holds the boards of the class whose split cell takes one of its half of the faces:
 * the parts hold every board of the class once, so the boards found are the same, and
 * each part's records are the class's less those through the other half's faces.  The
 * cell split is the one whose faces cut into two halves of records as even as possible
 * leave the larger part fewest records; parts still past the cap are split again.
 */
#include "tree.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Halvings at most: a class is proved in 2^PV_SPLIT_DEPTH parts at most, each proved whole
 * past the cap when it cannot be cut further (a cut leaves the records of the paths that
 * do not go through the cell split in both parts). */
#define PV_SPLIT_DEPTH 8
#define RECORDS_UNKNOWN UINT64_MAX /* split_search: a class not counted yet */

int pv_class_records(const pv_words *words, int rows, int cols, const uint32_t *faces,
                     const pv_stop *stop, uint64_t *records,
                     uint64_t (*through)[PV_MAX_FACES]) {
    *records = 0;
    int status = pv_check_class(words, rows, cols, faces, NULL);
    if (status != PV_OK) return status;
    cb_class c;
    cb_load(&c, words, rows, cols, faces);
    c.stop = stop;
    uint8_t order[PV_MAX_CELLS];
    for (int cell = 0; cell < c.n; cell++) order[cell] = (uint8_t)cell;
    pv_prover *prover = pv_prover_new();
    if (!prover) return PV_NO_MEMORY;
    /* a cap of no record: the listing counts every record and keeps none */
    tree_cap cap = {0, SIZE_MAX, PV_BYTES_PER_RECORD, through, 0, 0};
    const tsum *tree;
    status = tree_build(prover, &c, order, 0, &cap, 0, &tree);
    tree_reset(prover);
    pv_prover_free(prover);
    if (status == TREE_PAST_CAP) *records = cap.records;
    return status == TREE_PAST_CAP ? PV_OK : status; /* PV_OK: a tree, so no record */
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
    size_t bytes_per_record; /* pv_bytes_per_record of the class */
    int hold_records;        /* tree_cap.hold_records */
    const pv_stop *stop;
    pv_search_result *result;
    uint64_t (*through)[PV_MAX_FACES];
} splitter;

/* The boards of one part (or the whole class) added to the result; TREE_PAST_CAP, the
 * result as it was, when `cap` (NULL: none) holds fewer records than the part has. */
static int prove_part(splitter *s, const uint32_t *faces, tree_cap *cap) {
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
    result->pair_searches += part.pair_searches;
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

/* The class of `faces` proved whole when under the cap, else split.  It is first built
 * under the cap, its records listed as its tree is built: most classes are under it and
 * listed once.  Past the cap the listing counts its records, by cell and face, without
 * keeping them, and the class is split in two parts by those counts.  `records`: the
 * class's records when known (RECORDS_UNKNOWN when not), for a part not to be cut
 * further. */
static int split_search(splitter *s, uint32_t *faces, uint64_t records, int depth) {
    const int n = s->rows * s->cols;
    /* a part's records are known: room for its whole work before its listing, not after */
    tree_cap cap = {s->max_records, s->max_bytes, s->bytes_per_record, s->through, 0,
                    s->hold_records};
    if (records != RECORDS_UNKNOWN) tree_make_room(s->p, records, &cap);
    if (depth >= PV_SPLIT_DEPTH && records != RECORDS_UNKNOWN) /* cut no further */
        return prove_part(s, faces, NULL);
    int status = prove_part(s, faces, &cap);
    if (status != TREE_PAST_CAP) return status;
    records = cap.records;
    s->result->counted += records;
    uint32_t half = 0;
    const int cell = depth < PV_SPLIT_DEPTH ? split_cell(s->through, faces, n, &half) : -1;
    if (cell < 0) { /* past the cap, and no cut takes a record */
        tree_make_room(s->p, records, &cap);
        return prove_part(s, faces, NULL);
    }
    /* each part has the records of the class but those through the other half's faces */
    const uint32_t whole = faces[cell];
    uint64_t through_first = 0, through_second = 0;
    for (uint32_t f = whole; f; f &= f - 1) {
        const uint64_t count = s->through[cell][bits_ctz32(f)];
        if ((half >> bits_ctz32(f)) & 1u) through_first += count;
        else through_second += count;
    }
    faces[cell] = half;
    status = split_search(s, faces, records - through_second, depth + 1);
    faces[cell] = whole & ~half;
    if (status == PV_OK && !s->result->full)
        status = split_search(s, faces, records - through_first, depth + 1);
    faces[cell] = whole;
    return status;
}

size_t pv_bytes_per_record(int cells, int walk_cells) {
    return (int64_t)cells - walk_cells <= PV_FEW_FORCED ? PV_BYTES_PER_RECORD_FEW_FORCED
                                                        : PV_BYTES_PER_RECORD;
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
    const size_t bytes_per_record = pv_bytes_per_record(rows * cols, options->walk_cells);
    splitter s = {prover, words, rows, cols, order, options, max_class_bytes / bytes_per_record,
                  max_class_bytes, bytes_per_record,
                  bytes_per_record == PV_BYTES_PER_RECORD_FEW_FORCED, stop, result, NULL};
    s.through = calloc(PV_MAX_CELLS, sizeof *s.through);
    if (!s.through) return PV_NO_MEMORY;
    uint32_t own[PV_MAX_CELLS];
    memcpy(own, faces, (size_t)(rows * cols) * sizeof own[0]);
    status = split_search(&s, own, RECORDS_UNKNOWN, 0);
    free(s.through);
    if (result->full) status = PV_OK; /* stopped at max_bytes: the boards found before */
    return status;
}
