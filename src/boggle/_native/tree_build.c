/* Building a class's orderly sum/choice tree from its paths.
 *
 * A depth-first search like solving lists every path to a word on the class as a record:
 * its key (per cell rank in split order, the face the path takes there or NO_FACE), the
 * trie node of the word and its points.  In the tree a record's path from the root is its
 * (rank, face) pairs in rank order: at a sum node it goes to the choice node of its next
 * rank, there to the sum node of its face, and it ends at the last sum node.  So records
 * sorted by key (rank by rank, faces in order, NO_FACE last) come in the tree's depth-first
 * order, and one pass over them builds the tree: a record shares the path of the one
 * before up to the first rank where their keys differ.  Records ending at one sum node
 * have one key; one word among them counts once (the board finds it once).
 *
 * Keys are one number when a field per rank, just wide enough for the cell's faces
 * (numbered in order) and NO_FACE (all ones), fits in 64 bits (rank 0 highest): numeric
 * order is key order, so a least-significant-digit radix sort sorts them.  When the word's
 * trie node and points fit below the key too, a record is that one number (compact, 8
 * bytes), else a packed_record (16 bytes).  Otherwise a key is a byte per rank, sorted
 * byte by byte (sort_byte_records).
 *
 * The record buffers are kept from one class to the next, in the prover's tree_builder.
 *
 * A forest (for classes walked whole, where building the tree is most of the work): the
 * classes of a proof differ only in some cells (the grouping cells, those without every
 * face), and a path's records depend only on the faces of the cells it goes through.  So
 * records are listed into one group per set of grouping cells their path goes through,
 * each group's tree is built on its own, and the class's tree is their merge.  The trees
 * of groups that a later class may share (all but the group of every grouping cell) are
 * kept at the bottom of the arena, found again by the faces of their cells, and their
 * records are not listed twice.
 */
#include "tree.h"

#include "key_sort.h"

#include <stdlib.h>
#include <string.h>

#define NO_FACE 0xFFu
#define RECORDS_FIRST ((size_t)1 << 16) /* bytes of a record buffer at first */
#define RECORDS_KEEP ((size_t)64 << 20)  /* bytes of record buffers kept for the next class */
#define LIST_BATCH 32 /* records one step of collect_packed may add (a child per letter):
                         room is made for them before the step */
#define TALLY_BATCH ((size_t)1 << 16) /* past the cap: records tallied at a time, at least */
#define TALLY_POLL_PERIOD ((uint64_t)1 << 20) /* records tallied between looks at c->stop */
#define FIELD_VALUES (2 * CB_MAX_FACES) /* values of a numeric key's field: 6 bits at most
                                           (CB_MAX_FACES faces and NO_FACE) */


typedef struct {
    uint8_t *data;  /* records */
    size_t len;     /* records */
    size_t room;    /* records data holds */
    size_t data_cap; /* bytes */
} records;

#define MAX_GROUPERS 6
#define MAX_GROUPS (1 << MAX_GROUPERS)

/* What a kept tree is the tree of: the grid, the split order and the faces of the cells its
 * paths may go through (0 for the others); the word list is the builder's forest_words. */
typedef struct {
    uint64_t around[CB_MAX_CELLS];
    uint32_t faces[CB_MAX_CELLS];
    uint8_t order[CB_MAX_CELLS];
    int n;
} group_key;

typedef struct {
    group_key key;
    uint64_t hash;
    tref root;
} kept_tree;

/* Trees are kept for groups of all but KEEP_BELOW grouping cells or fewer: a group of one
 * fewer than all is seldom shared by classes distinct under symmetry (the 3x3 proof's 21
 * classes use such groups 84 times, of 108 face sets), and its trees are large (keeping
 * them too: 684 MB at most instead of 564, and no faster). */
#define KEEP_BELOW 2
#define FOREST_KEEP ((size_t)256 << 20) /* then every kept tree is forgotten */

/* One group of all but one grouping cells is kept too: the group without the last grouping
 * cell (the *rolling* group), which classes that follow one another in a proof's order share
 * (they differ in the last cell's faces first: on 3x3, 2 or 3 classes in a row use one such
 * tree, 11 of the 84 three-edge trees of the proof).  Its tree is kept on top of the others
 * and given back (the kept region shrunk) when the next class does not find it, unless
 * another kept tree lies above it by then (it then stays kept like the others). */

/* Symmetric classes listed once an orbit.  A class that is its own image under some
 * symmetries of the grid (each cell taken to a cell of the same faces) has, for each path
 * from a cell, the path's image from the image of that cell, with the same faces and word.
 * So only the paths from one cell of each orbit of the symmetries (the least) are listed,
 * and each record of a path from cell s gives a record for each other cell t of s's orbit:
 * its key's fields moved from each cell x to the field of x's image under one symmetry
 * taking s to t, its group (forest) that symmetry's image of its group.  The records are
 * those of every path listed (a path from t is the image of exactly one path from s), so
 * the trees are the same.  The paths from s are listed so in turn under the symmetries
 * that leave s in place (the centre of a square, a cell on a mirror's axis): those into
 * one cell of each orbit of s's next cells only, and so on while some symmetry leaves the
 * path's cells in place (list_orbits).  A group whose tree is kept, so not listed, is listed when an
 * image of it is not kept (its records then only make images).  The 3x3 proof's 21
 * classes are their own images under 1, 2, 4 or 8 symmetries: listed so, they take 0.60 of
 * the listing's steps.  Not used under a cap (a capped listing may tally and drop its
 * records as it goes). */
#define MAX_SYMMETRIES 8

typedef struct {
    int n;                                  /* symmetries, the identity first; 1: none */
    uint8_t cell[MAX_SYMMETRIES][CB_MAX_CELLS]; /* by symmetry: each cell's image */
    uint8_t group[MAX_SYMMETRIES][MAX_GROUPS];  /* by symmetry: each group's image */
    int low_byte, high_byte;                /* the bytes of a record's key (image_bytes) */
} image_plan;

/* Paths waiting to go on: the trie node they reached, their key and cells, and the cells
 * they still go into, one at a time (collect_packed).  For a forest, the bits of `used` from
 * GROUP_SHIFT up are the path's group (its grouping cells, one bit each). */
typedef struct {
    uint64_t key, used, next;
    uint32_t node_mask, node_first;
} bundle;

#define GROUP_SHIFT (64 - MAX_GROUPERS) /* a forest's cells are below it */

/* At most 31 children wait per cell of a path. */
#define BUNDLE_STACK (CB_MAX_CELLS * 32 + 2)

/* The open nodes of the path of the last record read: sum node 0 (the root), then for
 * each of the record's (rank, face) pairs j = 1.. a choice node and a sum node, each with
 * the children closed so far. */
typedef struct {
    tkid sum_kids[CB_MAX_CELLS + 1][CB_MAX_CELLS];
    tkid choice_kids[CB_MAX_CELLS + 1][CB_MAX_FACES];
    uint64_t kid_ranks[CB_MAX_CELLS + 1]; /* sum nodes: the ranks of their children */
    int n_sum_kids[CB_MAX_CELLS + 1], n_choice_kids[CB_MAX_CELLS + 1];
    int64_t points[CB_MAX_CELLS + 1], bound[CB_MAX_CELLS + 1]; /* sum nodes */
    int64_t best[CB_MAX_CELLS + 1];                            /* choice nodes */
    uint32_t mask[CB_MAX_CELLS + 1];
    uint8_t rank[CB_MAX_CELLS + 1], face[CB_MAX_CELLS + 1];
} open_path;

struct tree_builder {
    records listed[MAX_GROUPS]; /* by group of paths (one group when there is no forest) */
    uint8_t *spare;             /* room for the radix sort */
    size_t spare_cap;
    key_sorter sorter;
    kept_tree *forest; /* the kept trees; their nodes are the arena's first `kept` bytes */
    size_t forest_len, forest_cap;
    size_t rolling_at, rolling_end; /* the rolling group's kept tree: its arena bytes [at,
                                       end), the last of the forest; at 0 when none */
    group_key keys[MAX_GROUPS]; /* of a class's keepable groups */
    uint64_t image_bytes[MAX_SYMMETRIES][8][256]; /* by symmetry and byte of a record's first
                                                     number: its bits moved (image_plan) */
    bundle bundle_stack[BUNDLE_STACK];
    open_path path;
    size_t stride; /* bytes of a record in the class listed last */
};

tree_builder *tree_builder_new(void) { return calloc(1, sizeof(tree_builder)); }

void tree_builder_free(tree_builder *b) {
    if (!b) return;
    for (int g = 0; g < MAX_GROUPS; g++) free(b->listed[g].data);
    free(b->spare);
    free(b->forest);
    free(b);
}


/* A pair of a symmetric cut as fields of a numeric key: a value is (key >> shift) & width;
 * `next`: the first pair of the next symmetry (where a pair that decides nothing goes). */
typedef struct {
    uint64_t width;
    uint16_t next;
    uint8_t shift_x, shift_y;
} cut_field;

#define MAX_CUT_FIELDS (MAX_SYMMETRIES * CB_MAX_CELLS)

typedef struct {
    const cb_class *c;
    tree_builder *b;
    pv_prover *p;
    records *r;
    int packed;     /* keys are numbers, else bytes */
    int low_bits;    /* compact records: the bits below the key, else 0... */
    int points_bits; /* ...the word's trie node above its points in the lowest bits */
    size_t stride;  /* bytes of a record */
    size_t word_at; /* not compact: offset of its word (uint32), then its points (int32) */
    uint8_t rank[CB_MAX_CELLS];
    uint8_t key[CB_MAX_CELLS];
    uint64_t key64;
    uint64_t around[CB_MAX_CELLS];               /* by cell: its neighbours */
    uint64_t keep[CB_MAX_CELLS];                 /* by cell: the key bits of the other ranks */
    uint64_t code[CB_MAX_CELLS][CB_MAX_FACES];   /* by cell and face: the face's field */
    uint64_t letter_code[CB_MAX_CELLS][32];      /* by cell and first letter: that face's */
    uint32_t longer[CB_MAX_CELLS];               /* by cell: first letters of longer faces */
    uint64_t reach[4][256];                      /* by byte of a letter mask: cells (plan_reach) */
    int forest;                                  /* records go to groups (listed[g]) */
    uint64_t grouping;                           /* the grouping cells */
    uint64_t cell_bits[CB_MAX_CELLS];            /* by cell: its bit, and its group bit */
    uint8_t wanted[MAX_GROUPS];                  /* groups whose records are kept */
    uint8_t listing[MAX_GROUPS];                 /* ...and those whose images are (listed) */
    uint8_t keepable[MAX_GROUPS];                /* groups whose trees are kept */
    int rolling;                                 /* the rolling group, -1 when none */
    uint64_t field[CB_MAX_CELLS + 1];            /* by rank: its bits */
    uint64_t below[CB_MAX_CELLS + 1];            /* by rank: its bits and later ranks' */
    uint8_t shift[CB_MAX_CELLS];                 /* by rank: the field's lowest bit */
    uint8_t rank_of_bit[64];
    uint8_t face_of[CB_MAX_CELLS][CB_MAX_FACES]; /* by rank and field value: the face */
    arena *a;
    int oom;
    int capped;           /* past max_records records, no tree: the records are tallied */
    uint64_t max_records;
    int past_cap;         /* it was passed: records are tallied into `cap` and dropped */
    int interrupted;      /* c->stop asked to stop while tallying */
    tree_cap *cap;
    uint64_t polled;      /* records tallied when c->stop was last looked at */
    const uint8_t *order;
    /* numeric keys past the cap: by rank and field value (NO_FACE's too), the records
       tallied, turned into cap->through by faces at the end (tally_done) */
    uint64_t by_value[CB_MAX_CELLS][FIELD_VALUES];
    image_plan images;
    /* symmetric: the class's own symmetries (maps of the grid, by number in cuts), each as
       the pairs of ranks (a cell's, its image's) in split order, cells left in place skipped */
    uint32_t cuts;
    int n_cuts;
    int cut_group; /* a forest's group whose tree is not kept is read (every record of it
                      may be cut: the kept trees, never cut, serve any class) */
    uint8_t cut_len[MAX_SYMMETRIES];
    uint8_t cut_pairs[MAX_SYMMETRIES][CB_MAX_CELLS][2];
    /* numeric keys: the pairs of every symmetry in a row, their fields read off the key
       alone (a pair's two cells have the same faces, so field values order as faces do and
       NO_FACE is the all-ones value); the last pair of each cycle of a symmetry left out */
    cut_field cut_fields[MAX_CUT_FIELDS];
    int n_cut_fields;
} maker;

static int more_records(maker *m, records *r);

static void add_record(maker *m, uint32_t word, int32_t points) {
    records *r = m->r;
    if (r->len + 1 > r->room && more_records(m, r) < 0) return;
    uint8_t *at = r->data + r->len++ * m->stride;
    if (m->low_bits) {
        uint64_t record = m->key64 | (uint64_t)word << m->points_bits | (uint32_t)points;
        memcpy(at, &record, sizeof record);
        return;
    }
    if (m->packed) {
        memcpy(at, &m->key64, sizeof m->key64);
    } else {
        memcpy(at, m->key, (size_t)m->c->n);
        memset(at + m->c->n, 0, m->stride - (size_t)m->c->n);
    }
    memcpy(at + m->word_at, &word, sizeof word);
    memcpy(at + m->word_at + sizeof word, &points, sizeof points);
}

/* Lists the paths that go on from trie `node` into `cell` (not in `used`; the caller saw
 * that one of its faces may follow). */
static void collect(maker *m, int cell, uint32_t node, uint64_t used) {
    const cb_class *c = m->c;
    const cb_node *nodes = c->t->nodes;
    const int32_t *word_points = c->t->points;
    uint32_t letters = nodes[node].bits & c->starts[cell];
    if (m->oom || m->interrupted) return;
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
        uint32_t follow = nodes[at].bits & CB_LETTERS;
        if (!follow) continue;
        for (uint64_t next = open_cells; next; next &= next - 1) {
            int to = bits_ctz64(next);
            if (follow & c->starts[to]) collect(m, to, (uint32_t)at, used);
        }
    }
    if (m->packed)
        m->key64 |= ~m->keep[cell];
    else
        m->key[m->rank[cell]] = NO_FACE;
}

/* The records a buffer of `bytes` is used for: under a cap, no more than one step past it,
 * so that the step after asks more_records for room, which finds the cap passed. */
static size_t room_in(const maker *m, size_t bytes) {
    const size_t room = bytes / m->stride;
    if (!m->capped || room <= m->max_records + LIST_BATCH + 1) return room;
    return (size_t)m->max_records + LIST_BATCH + 1;
}

static int tally(maker *m, records *r);

/* The bytes of the record buffers b holds. */
static size_t records_held(const tree_builder *b) {
    size_t held = b->spare_cap;
    for (int g = 0; g < MAX_GROUPS; g++) held += b->listed[g].data_cap;
    return held;
}

static void forget_records(tree_builder *b, size_t keep);

/* Room for the work of `records` records of b's stride beside the arena's pages and, with
 * cap->hold_records, the record buffers held past what those records take (two buffers of
 * them: the records and the sort's); those are freed when they would not fit beside the
 * work and `between` (no class is being listed: none of their records are wanted). */
static void make_room(tree_builder *b, arena *a, uint64_t records, const tree_cap *cap,
                      int between) {
    size_t bytes = records * cap->bytes_per_record, excess = 0;
    if (cap->hold_records) {
        const size_t held = records_held(b), own = 2 * records * b->stride;
        excess = held > own ? held - own : 0;
        if (between && excess && bytes + excess > cap->max_bytes) {
            forget_records(b, 0);
            excess = 0;
        }
    }
    arena_make_room(a, bytes + excess, cap->max_bytes);
}

void tree_make_room(pv_prover *p, uint64_t records, const tree_cap *cap) {
    make_room(p->builder, &p->arena, records, cap, 1);
}

/* Makes room for more records in r: a larger buffer or, past the cap, the records in it
 * tallied and dropped; -1 when out of memory or stopped. */
static int more_records(maker *m, records *r) {
    if (m->capped && !m->past_cap && r->len > m->max_records) {
        m->past_cap = 1;
        size_t batch = m->max_records > TALLY_BATCH ? (size_t)m->max_records : TALLY_BATCH;
        batch += LIST_BATCH + 1;
        r->room = r->data_cap / m->stride < batch ? r->data_cap / m->stride : batch;
    }
    if (m->past_cap && r->room > LIST_BATCH) return tally(m, r);
    /* the records so far say the class's work would not fit beside the arena's pages left
       from the class before: they are given back before the records grow further */
    if (m->capped) make_room(m->b, m->a, r->len, m->cap, 0);
    size_t cap = r->data_cap ? r->data_cap * 2 : RECORDS_FIRST;
    uint8_t *data = realloc(r->data, cap);
    if (!data) return m->oom = 1, -1;
    r->data = data;
    r->data_cap = cap;
    r->room = room_in(m, cap);
    return 0;
}

/* The trie node reached from `at`, the node of a multi-letter face's first letter (the
 * face of `cell` that begins with `letter`), by the face's other letters; -1 when the word
 * list has no such node.  Example: from the node of "q", the face "qu" reaches "qu". */
BITS_INLINE int64_t face_rest(const cb_class *c, const cb_node *nodes, int cell, int letter,
                              int64_t at) {
    const uint8_t *rest = c->t->face_letters[c->start_face[cell][letter]];
    for (int i = 1; i < BN_FACE_MAX && rest[i] != BN_NO_LETTER && at >= 0; i++)
        at = rest[i] == BN_DEAD_LETTER ? -1 : child_of(nodes, (uint32_t)at, rest[i]);
    return at;
}

/* Writes record `len` of `data`: a path's key `here`, its trie node `at` and the node's
 * points; compact, all three in one 8-byte number (the node above `points_bits` bits of
 * points, under the key's low bits), else a packed_record. */
BITS_INLINE void put_record(uint8_t *data, size_t len, int compact, uint64_t here, uint32_t at,
                            int points_bits, const int32_t *word_points) {
    if (compact)
        ((uint64_t *)(void *)data)[len] =
            here | (uint64_t)at << points_bits | (uint32_t)word_points[at];
    else
        ((packed_record *)(void *)data)[len] = (packed_record){here, at, word_points[at]};
}

/* The cells next to cell (r, q) of a rows x cols grid (the 8 around it). */
static uint64_t grid_around(int rows, int cols, int r, int q) {
    uint64_t around = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dq = -1; dq <= 1; dq++)
            if ((dr || dq) && r + dr >= 0 && r + dr < rows && q + dq >= 0 && q + dq < cols)
                around |= 1ull << ((r + dr) * cols + q + dq);
    return around;
}

/* The class's grid shape, found from its cells' neighbours: whether it is a grid. */
static int grid_shape(const maker *m, int *rows, int *cols) {
    const int n = m->c->n;
    for (int r = 1; r <= n; r++) {
        if (n % r) continue;
        int ok = 1;
        for (int cell = 0; cell < n && ok; cell++)
            ok = grid_around(r, n / r, cell / (n / r), cell % (n / r)) == m->around[cell];
        if (ok) {
            *rows = r, *cols = n / r;
            return 1;
        }
    }
    return 0;
}

/* m->images for the class: the symmetries of its grid (its shape found from the cells'
 * neighbours) that take each cell to one of the same faces, the groups listed, the cells
 * listed (the least of each orbit) and the tables moving a key's fields (image_bytes). */
static void plan_images(maker *m, int groups) {
    const cb_class *c = m->c;
    image_plan *plan = &m->images;
    memset(plan, 0, sizeof *plan);
    plan->n = 1;
    memcpy(m->listing, m->wanted, sizeof m->listing);
    int rows = 0, cols = 0;
    if (!grid_shape(m, &rows, &cols)) return;
    for (int cell = 0; cell < c->n; cell++) plan->cell[0][cell] = (uint8_t)cell;
    for (int g = 0; g < groups; g++) plan->group[0][g] = (uint8_t)g;
    int grouper_bit[CB_MAX_CELLS];
    for (int cell = 0, bit = 0; cell < c->n; cell++)
        grouper_bit[cell] = (m->grouping >> cell) & 1u ? bit++ : -1;
    /* the maps (r, q) -> ... other than the identity: turns and mirrors (a square's 7,
       else the 3 that keep the shape) */
    for (int map = 1; map < 8; map++) {
        uint8_t *to = plan->cell[plan->n];
        int ok = grid_symmetry(c, rows, cols, map, to);
        for (int cell = 0; cell < c->n && ok; cell++) {
            uint64_t image = 0;
            for (uint64_t x = m->around[cell]; x; x &= x - 1) image |= 1ull << to[bits_ctz64(x)];
            ok = image == m->around[to[cell]];
        }
        for (int sym = 0; sym < plan->n && ok; sym++) /* one row or column: maps repeat */
            ok = memcmp(plan->cell[sym], to, (size_t)c->n) != 0;
        uint8_t *group_to = plan->group[plan->n];
        for (int g = 0; g < groups && ok; g++) {
            int image = 0;
            for (int cell = 0; cell < c->n; cell++)
                if (grouper_bit[cell] >= 0 && ((g >> grouper_bit[cell]) & 1))
                    image |= 1 << grouper_bit[to[cell]];
            group_to[g] = (uint8_t)image;
        }
        if (ok) plan->n++;
    }
    /* a group's records are listed when the group or an image of it is wanted (a kept
       tree's group may have an image that is not kept) */
    for (int sym = 1; sym < plan->n; sym++)
        for (int g = 0; g < groups; g++) m->listing[g] |= m->wanted[plan->group[sym][g]];
    if (plan->n == 1) return;
    /* the key's bits moved: field by field, each cell's field to its image's (the same
       width: the same faces), the bits outside the key kept */
    int low = 64, high = 0;
    for (int rank = 0; rank < c->n; rank++) {
        if (!m->field[rank]) continue;
        low = m->shift[rank] < low ? m->shift[rank] : low;
        high = 63 - bits_clz64(m->field[rank]) > high ? 63 - bits_clz64(m->field[rank]) : high;
    }
    plan->low_byte = low / 8;
    plan->high_byte = high / 8;
    for (int sym = 1; sym < plan->n; sym++) {
        int to_bit[64];
        for (int bit = 0; bit < 64; bit++) to_bit[bit] = bit;
        for (int rank = 0; rank < c->n; rank++) {
            const int image_rank = m->rank[plan->cell[sym][m->order[rank]]];
            for (uint64_t x = m->field[rank]; x; x &= x - 1) {
                int bit = bits_ctz64(x);
                to_bit[bit] = bit - m->shift[rank] + m->shift[image_rank];
            }
        }
        uint64_t(*bytes)[256] = m->b->image_bytes[sym];
        for (int b = 0; b < 8; b++) {
            bytes[b][0] = 0;
            for (int v = 1; v < 256; v++)
                bytes[b][v] = bytes[b][v & (v - 1)] | 1ull << to_bit[8 * b + bits_ctz32((uint32_t)v)];
        }
    }
}

/* A record's first number with its key's fields moved by the image_bytes of a symmetry
 * (the bits below the key's lowest byte kept as they are). */
BITS_INLINE uint64_t image_number(const uint64_t (*bytes)[256], uint64_t number, int low_byte,
                                  int high_byte) {
    uint64_t image = low_byte ? number & ~(~0ull << (8 * low_byte)) : 0;
    for (int b = low_byte; b <= high_byte; b++) image |= bytes[b][(number >> (8 * b)) & 0xFFu];
    return image;
}

/* After the paths from listed cell s: for each other cell of its orbit, the images of the
 * records they added (those of group g from marks[g] on) into the image groups; -1 when out
 * of memory. */
static int add_images(maker *m, const uint8_t *images, int n_images, const size_t *marks,
                      int groups, int compact, const uint8_t *into_groups) {
    const image_plan *plan = &m->images;
    const int low_byte = plan->low_byte, high_byte = plan->high_byte;
    records *listed = m->b->listed;
    size_t ends[MAX_GROUPS];
    for (int g = 0; g < groups; g++) ends[g] = listed[g].len;
    for (int k = 0; k < n_images; k++) {
        const int sym = images[k];
        const uint64_t(*bytes)[256] = m->b->image_bytes[sym];
        for (int g = 0; g < groups; g++) {
            if (!m->listing[g] || !into_groups[plan->group[sym][g]] || ends[g] == marks[g])
                continue;
            records *into = &listed[plan->group[sym][g]];
            const size_t count = ends[g] - marks[g];
            while (into->len + count > into->room)
                if (more_records(m, into) < 0) return -1;
            const uint8_t *from = listed[g].data + marks[g] * m->stride;
            uint8_t *to = into->data + into->len * m->stride;
            if (compact) {
                const uint64_t *x = (const void *)from;
                uint64_t *y = (void *)to;
                for (size_t i = 0; i < count; i++)
                    y[i] = image_number(bytes, x[i], low_byte, high_byte);
            } else {
                const packed_record *x = (const void *)from;
                packed_record *y = (void *)to;
                for (size_t i = 0; i < count; i++)
                    y[i] = (packed_record){image_number(bytes, x[i].key, low_byte, high_byte),
                                           x[i].word, x[i].points};
            }
            into->len += count;
        }
    }
    return 0;
}

/* collect() for numeric keys when no cell has two faces with one first letter, without
 * recursion and with few branches on the data (they are as likely as not, so mispredicted):
 * each path that may go on is pushed as a bundle of its next cells and always written,
 * and kept only when it has some; each child is always written as a record, and kept only
 * when it is a word (of a wanted group).  What the loop reads of m and c is copied into
 * locals first: stores of records could alias them, and the compiler would read them again
 * at every child. */
BITS_INLINE size_t walk_bundles(maker *m, int forest, int compact, size_t base, size_t top,
                                 int one_step) {
    const cb_class *c = m->c;
    const cb_node *const nodes = c->t->nodes;
    const int32_t *const word_points = c->t->points;
    const uint32_t *const word_kids = c->t->word_kids;
    const uint32_t *const starts = c->starts;
    const uint64_t *const around = m->around;
    const uint64_t *const keep_of = m->keep;
    const uint64_t *const cell_bits = m->cell_bits;
    const uint32_t *const longer_of = m->longer;
    const uint8_t *const wanted_of = m->listing;
    const uint64_t (*const letter_code)[32] = m->letter_code;
    const uint64_t(*const reach)[256] = m->reach;
    const int points_bits = m->points_bits;
    bundle *const stack = m->b->bundle_stack;
    records *const listed = m->b->listed;
    while (top > base) {
        bundle *from = &stack[top - 1];
        const int cell = bits_ctz64(from->next);
        from->next &= from->next - 1;
        const bundle path = *from;
        top -= from->next == 0;
        const uint64_t used = path.used | cell_bits[cell];
        const uint32_t group = forest ? (uint32_t)(used >> GROUP_SHIFT) : 0;
        const uint32_t wanted = forest ? wanted_of[group] : 1u;
        records *r = &listed[group];
        if (r->len + LIST_BATCH > r->room && more_records(m, r) < 0) return base;
        size_t len = r->len;
        uint8_t *const data = r->data;
        uint32_t letters = path.node_mask & starts[cell];
        const uint64_t open_cells = around[cell] & ~used;
        const uint64_t kept_key = path.key & keep_of[cell];
        const uint64_t *const codes = letter_code[cell];
        const uint32_t longer = longer_of[cell];
        if (!open_cells) {
            /* no cell left to go into: only the children that make a record kept (words of
               a wanted group) or begin a longer face are visited, and none is read (a child
               of word_kids is a word) or goes on */
            letters &= (word_kids[path.node_first] & (0u - wanted)) | longer;
            while (letters) {
                int letter = bits_ctz32(letters);
                letters &= letters - 1;
                int64_t at = path.node_first +
                             (uint32_t)bits_popcount32(path.node_mask & ((1u << letter) - 1u));
                uint32_t word = 1u;
                if ((longer >> letter) & 1u) {
                    at = face_rest(c, nodes, cell, letter, at);
                    if (at < 0) continue;
                    word = nodes[at].bits >> 31; /* CB_WORD */
                }
                put_record(data, len, compact, kept_key | codes[letter], (uint32_t)at,
                           points_bits, word_points);
                len += word & wanted;
            }
            r->len = len;
            continue;
        }
        while (letters) {
            int letter = bits_ctz32(letters);
            letters &= letters - 1;
            int64_t at = path.node_first +
                         (uint32_t)bits_popcount32(path.node_mask & ((1u << letter) - 1u));
            if ((longer >> letter) & 1u) {
                at = face_rest(c, nodes, cell, letter, at);
                if (at < 0) continue;
            }
            const uint64_t here = kept_key | codes[letter];
            const uint32_t follow = nodes[at].bits;
            const uint32_t first = nodes[at].first;
            put_record(data, len, compact, here, (uint32_t)at, points_bits, word_points);
            len += (follow >> 31) & wanted; /* CB_WORD */
            const uint64_t next = open_cells &
                                  (reach[0][follow & 0xFFu] | reach[1][(follow >> 8) & 0xFFu] |
                                   reach[2][(follow >> 16) & 0xFFu] |
                                   reach[3][(follow >> 24) & 0x7Fu]);
            bits_prefetch(&nodes[first]); /* read when the bundle's paths go on */
            stack[top] = (bundle){here, used, next, follow, first};
            top += next != 0;
        }
        r->len = len;
        if (one_step) break;
    }
    return top;
}

/* The paths that go on from `path` (its next cells one at a time), listed once for each
 * orbit of the symmetries `fixing` (a bit for each of m->images' symmetries, the identity's
 * among them), which leave the path's cells in place, so take its next cells to its next
 * cells: for each orbit, the paths into its least cell c only, then their records' images
 * by one symmetry taking c to each other cell of the orbit, into the groups whose records
 * `into` keeps.  The paths into c are listed so in turn when some symmetry other than the
 * identity leaves c in place too (then each of their pairs of images is listed once), else
 * all by walk_bundles.  The bundles from stack[base] up are free. -1 when out of memory. */
static int list_orbits(maker *m, int forest, int compact, bundle path, uint32_t fixing,
                       size_t base, const uint8_t *into) {
    const image_plan *plan = &m->images;
    const int groups = forest ? 1 << bits_popcount64(m->grouping) : 1;
    bundle *const stack = m->b->bundle_stack;
    records *const listed = m->b->listed;
    uint64_t seen = 0;
    for (uint64_t next = path.next; next; next &= next - 1) {
        const int cell = bits_ctz64(next);
        if ((seen >> cell) & 1u) continue;
        uint32_t fixed = 0; /* the symmetries of `fixing` that leave cell in place */
        uint8_t images[MAX_SYMMETRIES];
        int n_images = 0;
        seen |= 1ull << cell;
        for (uint32_t x = fixing; x; x &= x - 1) {
            const int sym = bits_ctz32(x);
            const int to = plan->cell[sym][cell];
            if (to == cell) fixed |= 1u << sym;
            if ((seen >> to) & 1u) continue;
            seen |= 1ull << to;
            images[n_images++] = (uint8_t)sym;
        }
        size_t marks[MAX_GROUPS];
        for (int g = 0; g < groups; g++) marks[g] = listed[g].len;
        stack[base] = path;
        stack[base].next = 1ull << cell;
        if (fixed == 1u) {
            walk_bundles(m, forest, compact, base, base + 1, 0);
        } else {
            const size_t top = walk_bundles(m, forest, compact, base, base + 1, 1);
            for (size_t k = base; k < top && !m->oom; k++)
                if (list_orbits(m, forest, compact, stack[k], fixed, top, m->listing) < 0)
                    return -1;
        }
        if (m->oom || add_images(m, images, n_images, marks, groups, compact, into) < 0)
            return -1;
    }
    return 0;
}

/* collect() for numeric keys when no cell has two faces with one first letter: every path
 * by walk_bundles, or with symmetries once an orbit (list_orbits). */
BITS_INLINE void collect_packed_as(maker *m, int forest, int compact) {
    const cb_class *c = m->c;
    const uint64_t cells = c->n == 64 ? ~0ull : (1ull << c->n) - 1u;
    const bundle start = {m->key64, 0, cells, c->t->nodes[0].bits, c->t->nodes[0].first};
    if (m->images.n > 1) {
        list_orbits(m, forest, compact, start, (1u << m->images.n) - 1u, 0, m->wanted);
        return;
    }
    m->b->bundle_stack[0] = start;
    walk_bundles(m, forest, compact, 0, 1, 0);
}

static void collect_packed(maker *m) {
    if (m->forest && m->low_bits)
        collect_packed_as(m, 1, 1);
    else if (m->forest)
        collect_packed_as(m, 1, 0);
    else if (m->low_bits)
        collect_packed_as(m, 0, 1);
    else
        collect_packed_as(m, 0, 0);
}

/* The key of a record with numeric keys (compact: above its word and points). */
static uint64_t key_of(const uint8_t *record) {
    uint64_t key;
    memcpy(&key, record, sizeof key);
    return key;
}

/* How records are stored: read_tree is made once for each, so none asks at every record. */
enum { BYTE_KEYS, WIDE_RECORDS, COMPACT_RECORDS };

static inline uint32_t word_of(const maker *m, const uint8_t *record, int form) {
    if (form == COMPACT_RECORDS) {
        uint64_t low = key_of(record) & ~(~0ull << m->low_bits);
        return (uint32_t)(low >> m->points_bits);
    }
    uint32_t word;
    memcpy(&word, record + m->word_at, sizeof word);
    return word;
}

static inline int32_t points_of(const maker *m, const uint8_t *record, int form) {
    if (form == COMPACT_RECORDS) return (int32_t)(key_of(record) & ~(~0ull << m->points_bits));
    int32_t points;
    memcpy(&points, record + m->word_at + sizeof(uint32_t), sizeof points);
    return points;
}

/* The first rank where the keys of records x and y differ; n when they are the same. */
static inline int first_difference(const maker *m, const uint8_t *x, const uint8_t *y,
                                   int form) {
    if (form != BYTE_KEYS) {
        uint64_t differ = (key_of(x) ^ key_of(y)) & m->below[0];
        return differ ? m->rank_of_bit[63 - bits_clz64(differ)] : m->c->n;
    }
    int r = 0;
    while (r < m->c->n && x[r] == y[r]) r++;
    return r;
}

/* The first rank from `from` on where the record takes a face; n when none. */
static inline int next_rank(const maker *m, const uint8_t *record, int from, int form) {
    if (form != BYTE_KEYS) {
        uint64_t open = ~key_of(record) & m->below[from];
        return open ? m->rank_of_bit[63 - bits_clz64(open)] : m->c->n;
    }
    while (from < m->c->n && record[from] == NO_FACE) from++;
    return from;
}

/* The face the record takes at rank r, or NO_FACE. */
static inline unsigned face_at(const maker *m, const uint8_t *record, int r, int form) {
    if (form == BYTE_KEYS) return record[r];
    uint64_t value = key_of(record) & m->field[r];
    return value == m->field[r] ? NO_FACE : m->face_of[r][value >> m->shift[r]];
}

/* Past the cap: the records of r added to the cap's count and, by the cell and face of each
 * rank their key takes a face at, to the cap's through (numeric keys: to m->by_value, every
 * rank's field counted whatever it holds, with no branch; see tally_done); then dropped.
 * -1 when c->stop asks to stop (looked at every TALLY_POLL_PERIOD records). */
BITS_INLINE void tally_numbers(maker *m, const uint8_t *data, size_t n, size_t stride) {
    uint64_t(*const by_value)[FIELD_VALUES] = m->by_value;
    const uint64_t *const field = m->field;
    const uint8_t *const shift = m->shift;
    const int cells = m->c->n;
    for (size_t i = 0; i < n; i++) {
        const uint64_t key = key_of(data + i * stride);
        for (int r = 0; r < cells; r++) by_value[r][(key & field[r]) >> shift[r]]++;
    }
}

static void tally_bytes(maker *m, const uint8_t *data, size_t n) {
    uint64_t(*const through)[PV_MAX_FACES] = m->cap->through;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *record = data + i * m->stride;
        for (int r = 0; r < m->c->n; r++)
            if (record[r] != NO_FACE) through[m->order[r]][record[r]]++;
    }
}

static int tally(maker *m, records *r) {
    if (m->cap->through && m->packed)
        tally_numbers(m, r->data, r->len, m->low_bits ? sizeof(uint64_t) : sizeof(packed_record));
    else if (m->cap->through)
        tally_bytes(m, r->data, r->len);
    m->cap->records += r->len;
    r->len = 0;
    const pv_stop *stop = m->c->stop;
    if (!stop || m->cap->records - m->polled < TALLY_POLL_PERIOD) return 0;
    m->polled = m->cap->records;
    if ((stop->flag && *stop->flag) || (stop->poll && stop->poll(stop->data)))
        return m->interrupted = 1, -1;
    return 0;
}

/* Numeric keys: m->by_value's counts by field value turned into the cap's through by face
 * (a field of the cell's k faces holds 0 .. k-1 for them, all ones for NO_FACE). */
static void tally_done(maker *m) {
    if (!m->cap->through || !m->packed) return;
    for (int r = 0; r < m->c->n; r++) {
        const int cell = m->order[r];
        const int faces = bits_popcount32(m->c->faces[cell]);
        for (int value = 0; value < faces; value++)
            m->cap->through[cell][m->face_of[r][value]] += m->by_value[r][value];
    }
}

/* A node of `n_kids` children (a choice node when `mask` is not 0, else a sum node whose
 * children are for `ranks`), as its parent holds it. */
static tkid finish(maker *m, const tkid *kids, int n_kids, uint8_t key, int64_t points,
                   int64_t bound, uint32_t mask, uint64_t ranks) {
    arena *a = m->a;
    tkid made = {0, (int32_t)bound};
    void *t;
    if (mask) {
        tchoice *choice = arena_take(a, choice_bytes(n_kids));
        if (!choice) { m->oom = 1; return made; }
        choice->mask = mask;
        choice->key = key;
        for (int k = 0; k < n_kids; k++) choice->kids[k] = kids[k]; /* few: no call */
        t = choice;
    } else {
        tsum *sum = arena_take(a, sum_bytes(n_kids));
        if (!sum) { m->oom = 1; return made; }
        sum->points = (int32_t)points;
        set_sum_ranks(sum, ranks);
        for (int k = 0; k < n_kids; k++) sum->kids[k] = kids[k];
        t = sum;
    }
    made.ref = tree_ref(a, t);
    return made;
}

/* Opens sum node j (face `face`) under choice node j. */
static void open_sum(open_path *p, int j, uint8_t face) {
    p->face[j] = face;
    p->n_sum_kids[j] = 0;
    p->kid_ranks[j] = 0;
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

/* Closes sum node j into choice node j (made only when it has points and children or
 * several children, see tree.h). */
BITS_INLINE void close_sum(maker *m, open_path *p, int j) {
    tkid sum = {0, (int32_t)p->points[j]};
    if (p->n_sum_kids[j] == 1 && !p->points[j])
        sum = (tkid){BRIDGE | p->sum_kids[j][0].ref, p->sum_kids[j][0].bound};
    else if (p->n_sum_kids[j])
        sum = finish(m, p->sum_kids[j], p->n_sum_kids[j], p->face[j], p->points[j],
                     p->points[j] + p->bound[j], 0, p->kid_ranks[j]);
    p->choice_kids[j][p->n_choice_kids[j]++] = sum;
    p->mask[j] |= 1u << p->face[j];
    p->best[j] = sum.bound > p->best[j] ? sum.bound : p->best[j];
}

/* Closes choice node j into sum node j - 1 (a lone leaf when its only child is a leaf). */
BITS_INLINE void close_choice(maker *m, open_path *p, int j) {
    tkid choice = {lone_leaf(p->rank[j], bits_ctz32(p->mask[j])), (int32_t)p->best[j]};
    if (p->n_choice_kids[j] > 1 || p->choice_kids[j][0].ref)
        choice = finish(m, p->choice_kids[j], p->n_choice_kids[j], p->rank[j], 0, p->best[j],
                        p->mask[j], 0);
    p->sum_kids[j - 1][p->n_sum_kids[j - 1]++] = choice;
    p->kid_ranks[j - 1] |= 1ull << p->rank[j];
    p->bound[j - 1] += p->best[j];
}

#define RELEASE_RECORDS ((size_t)1 << 16) /* records read between two releases of pages */

/* The tree of the n sorted records in `data` of the given form, read in one pass (see the
 * top).  With `release`, the pages of the records read are given back as it goes (the
 * buffer is not kept for the next class), so the tree grows in their room. */
BITS_INLINE const tsum *read_tree_as(maker *m, const uint8_t *data, size_t n, int form,
                                     int release) {
    const size_t stride = m->stride;
    open_path *p = &m->b->path;
    int depth = 0;
    open_sum(p, 0, 0);
    size_t same_from = 0; /* the first record with this record's key */
    size_t released = 0;  /* records whose pages are given back (none read again) */
    for (size_t i = 0; i < n; i++) {
        const uint8_t *record = data + i * stride;
        if (release && (i & (RELEASE_RECORDS - 1)) == 0 && same_from > released) {
            pages_release(data + released * stride, (same_from - released) * stride);
            released = same_from;
        }
        int from = 0; /* the rank this record's new pairs start from */
        if (i > 0) {
            int r = first_difference(m, record - stride, record, form);
            if (r == m->c->n) { /* the same sum node: each word once */
                size_t j = same_from;
                while (j < i && word_of(m, data + j * stride, form) != word_of(m, record, form))
                    j++;
                if (j == i) p->points[depth] += points_of(m, record, form);
                continue;
            }
            for (; depth > 0 && p->rank[depth] > r; depth--) {
                close_sum(m, p, depth);
                close_choice(m, p, depth);
            }
            /* the record before took a face at rank r, this one a later face or none */
            close_sum(m, p, depth);
            unsigned face = face_at(m, record, r, form);
            if (face == NO_FACE) {
                close_choice(m, p, depth);
                depth--;
            } else {
                open_sum(p, depth, (uint8_t)face);
            }
            from = r + 1;
        }
        for (int r = next_rank(m, record, from, form); r < m->c->n;
             r = next_rank(m, record, r + 1, form))
            open_pair(p, ++depth, r, (uint8_t)face_at(m, record, r, form));
        p->points[depth] += points_of(m, record, form);
        same_from = i;
        if (m->oom) return NULL;
    }
    for (; depth > 0; depth--) {
        close_sum(m, p, depth);
        close_choice(m, p, depth);
    }
    tkid root = finish(m, p->sum_kids[0], p->n_sum_kids[0], 0, p->points[0],
                       p->points[0] + p->bound[0], 0, p->kid_ranks[0]);
    return m->oom ? NULL : tree_at(m->a->base, root.ref);
}

static const tsum *read_tree(maker *m, const uint8_t *data, size_t n, int release) {
    if (m->low_bits) return read_tree_as(m, data, n, COMPACT_RECORDS, release);
    if (m->packed) return read_tree_as(m, data, n, WIDE_RECORDS, release);
    return read_tree_as(m, data, n, BYTE_KEYS, release);
}

/* Lays out one key field per rank from bit `from` up, rank 0 highest, each just wide
 * enough for the cell's faces (numbered in order) and NO_FACE (all ones); returns the key's
 * bits, 0 when they need more than 64 - from. */
static int plan_fields(maker *m, const uint8_t *order, int from) {
    const cb_class *c = m->c;
    int bits = from;
    for (int r = c->n - 1; r >= 0; r--) {
        uint32_t faces = c->faces[order[r]];
        int width = faces ? 32 - bits_clz32((uint32_t)bits_popcount32(faces)) : 0;
        if (bits + width > 64) return 0;
        m->shift[r] = (uint8_t)bits;
        m->field[r] = width ? (~0ull >> (64 - width)) << bits : 0;
        for (int b = bits; b < bits + width; b++) m->rank_of_bit[b] = (uint8_t)r;
        bits += width;
        m->below[r] = bits > from ? (~0ull >> (64 - bits)) & (~0ull << from) : 0;
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
    return bits > from ? bits - from : 1;
}

/* For collect_packed: by each byte of a trie node's mask, the cells whose faces begin with
 * one of its letters. */
static void plan_reach(maker *m) {
    const cb_class *c = m->c;
    uint64_t with_letter[32] = {0};
    for (int cell = 0; cell < c->n; cell++)
        for (uint32_t s = c->starts[cell] & CB_LETTERS; s; s &= s - 1)
            with_letter[bits_ctz32(s)] |= 1ull << cell;
    for (int k = 0; k < 4; k++)
        for (unsigned b = 1; b < 256; b++)
            m->reach[k][b] = m->reach[k][b & (b - 1)] | with_letter[8 * k + bits_ctz32(b)];
}

/* The bits numbers below `limit` need. */
static int bits_for(uint32_t limit) {
    return limit > 1 ? 32 - bits_clz32(limit - 1) : 1;
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

/* The grouping cells of group g. */
static uint64_t expand_group(int g, uint64_t grouping) {
    uint64_t cells = 0;
    for (int bit = 0; grouping; grouping &= grouping - 1, bit++)
        if ((g >> bit) & 1) cells |= grouping & (0 - grouping);
    return cells;
}

/* Forgets every kept tree (their nodes go with the arena's next reset). */
static void forest_forget(tree_builder *b, arena *a) {
    b->forest_len = 0;
    b->rolling_at = b->rolling_end = 0;
    a->kept = 0;
}

static uint64_t key_hash(const group_key *key) {
    const uint8_t *bytes = (const uint8_t *)key;
    uint64_t hash = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof *key; i++) hash = (hash ^ bytes[i]) * 1099511628211ull;
    return hash;
}

/* The key of group g's tree: its grid, order and the faces of its cells. */
static void group_key_of(const maker *m, const uint8_t *order, int g, group_key *key,
                         uint64_t *hash) {
    const cb_class *c = m->c;
    memset(key, 0, sizeof *key);
    key->n = c->n;
    memcpy(key->order, order, (size_t)c->n);
    memcpy(key->around, m->around, (size_t)c->n * sizeof key->around[0]);
    uint64_t outside = m->grouping & ~expand_group(g, m->grouping);
    for (int cell = 0; cell < c->n; cell++)
        key->faces[cell] = (outside >> cell) & 1u ? 0 : c->faces[cell];
    *hash = key_hash(key);
}

/* The kept tree of group key, or 0. */
static tref find_kept(const tree_builder *b, const group_key *key, uint64_t hash) {
    for (size_t i = 0; i < b->forest_len; i++)
        if (b->forest[i].hash == hash && !memcmp(&b->forest[i].key, key, sizeof *key))
            return b->forest[i].root;
    return 0;
}

#define FOREST_FIRST 64 /* kept trees made room for at first */

static int keep_tree(tree_builder *b, const group_key *key, uint64_t hash, tref root) {
    if (b->forest_len == b->forest_cap) {
        size_t cap = b->forest_cap ? b->forest_cap * 2 : FOREST_FIRST;
        kept_tree *more = realloc(b->forest, cap * sizeof *more);
        if (!more) return -1;
        b->forest = more;
        b->forest_cap = cap;
    }
    b->forest[b->forest_len].key = *key;
    b->forest[b->forest_len].hash = hash;
    b->forest[b->forest_len++].root = root;
    return 0;
}

/* The bytes of a record buffer kept once `n` records are sorted: RECORDS_KEEP, or all of
 * them where the cap holds them for the next class (tree_cap.hold_records: make_room counts
 * them against the cap and frees them when they would not fit beside a class's work) and
 * the buffers held beside the class's whole work fit in the cap. */
static size_t records_keep(const maker *m, size_t n) {
    if (!m->cap || !m->cap->hold_records) return RECORDS_KEEP;
    const size_t work = n * m->cap->bytes_per_record;
    return records_held(m->b) + work <= m->cap->max_bytes ? SIZE_MAX : RECORDS_KEEP;
}

/* Group g's records sorted, read into a tree; NULL when out of memory. */
/* m->cuts for tree_build's `symmetric`: the grid's turns and mirrors (its shape found from
 * the cells' neighbours) that take every cell to a cell of the same faces. */
static void plan_cuts(maker *m) {
    const cb_class *c = m->c;
    int rows = 0, cols = 0;
    if (!grid_shape(m, &rows, &cols)) return;
    uint8_t maps[MAX_SYMMETRIES][CB_MAX_CELLS];
    for (int map = 1; map < 8; map++) {
        uint8_t *to = maps[m->n_cuts];
        int ok = grid_symmetry(c, rows, cols, map, to), moved = 0;
        for (int cell = 0; cell < c->n && ok; cell++) moved |= to[cell] != cell;
        for (int s = 0; s < m->n_cuts && ok; s++) /* one row or column: maps repeat */
            ok = memcmp(maps[s], to, (size_t)c->n) != 0;
        if (!ok || !moved) continue;
        int len = 0;
        for (int r = 0; r < c->n; r++) {
            const int x = m->order[r];
            if (to[x] == x) continue;
            m->cut_pairs[m->n_cuts][len][0] = (uint8_t)r;
            m->cut_pairs[m->n_cuts][len][1] = m->rank[to[x]];
            len++;
        }
        /* a cycle's last pair in rank order is reached only when the others of its cycle
           found their faces equal, so its own are too: it decides nothing */
        const int first = m->n_cut_fields;
        for (int i = 0; i < len; i++) {
            const int r = m->cut_pairs[m->n_cuts][i][0], y = m->cut_pairs[m->n_cuts][i][1];
            int last = 1;
            for (int cell = to[m->order[r]]; cell != m->order[r] && last; cell = to[cell])
                last = m->rank[cell] < r;
            if (last) continue;
            m->cut_fields[m->n_cut_fields++] =
                (cut_field){m->field[r] >> m->shift[r], 0, m->shift[r], m->shift[y]};
        }
        for (int i = first; i < m->n_cut_fields; i++)
            m->cut_fields[i].next = (uint16_t)m->n_cut_fields;
        m->cut_len[m->n_cuts++] = (uint8_t)len;
        m->cuts |= 1u << map;
    }
}

/* cut_record for a numeric key, on its fields alone: no face table read (`whole`: the
 * group is one a forest does not keep, m->cut_group, made a constant). */
BITS_INLINE int cut_key(const maker *m, uint64_t key, int whole) {
    if (!whole) { /* one tree: only records of groups a forest would not keep */
        int missed = 0;
        for (uint64_t cells = m->grouping; cells; cells &= cells - 1) {
            const uint64_t field = m->field[m->rank[bits_ctz64(cells)]];
            if ((key & field) == field && (!(cells & (cells - 1)) || ++missed > 1)) return 0;
        }
    }
    const cut_field *const pairs = m->cut_fields;
    for (int i = 0, n = m->n_cut_fields; i < n;) {
        const uint64_t width = pairs[i].width;
        const uint64_t x = (key >> pairs[i].shift_x) & width;
        const uint64_t y = (key >> pairs[i].shift_y) & width;
        if (x == y && x != width) { /* both taken, alike: the symmetry's next pair */
            i++;
            continue;
        }
        if (x > y && x != width) return 1; /* (y == width: y's cell not taken) */
        i = pairs[i].next;
    }
    return 0;
}

/* Whether the record's group is one a forest does not keep (its path takes the last
 * grouping cell, those without every face, and misses at most one other: `keepable`) and
 * every board taking its faces is greater than one of its images (tree.c cuts them all):
 * for some symmetry, at the first of its pairs whose faces differ, both cells taken by the
 * record, the cell's face is the greater.  (The records of the other groups are kept: in a
 * forest they make the trees kept for other classes, whatever their symmetries.) */
BITS_INLINE int cut_record(const maker *m, const uint8_t *record, int form, int whole) {
    if (form != BYTE_KEYS) return cut_key(m, key_of(record), whole);
    if (!whole) { /* one tree: only records of groups a forest would not keep */
        int missed = 0;
        for (uint64_t cells = m->grouping; cells; cells &= cells - 1)
            if (face_at(m, record, m->rank[bits_ctz64(cells)], form) == NO_FACE &&
                (!(cells & (cells - 1)) || ++missed > 1))
                return 0;
    }
    for (int s = 0; s < m->n_cuts; s++)
        for (int i = 0; i < m->cut_len[s]; i++) {
            const unsigned x = face_at(m, record, m->cut_pairs[s][i][0], form);
            const unsigned y = face_at(m, record, m->cut_pairs[s][i][1], form);
            if (x == NO_FACE || y == NO_FACE) break;
            if (x != y) {
                if (x > y) return 1;
                break;
            }
        }
    return 0;
}

BITS_INLINE size_t cut_records_as(const maker *m, uint8_t *data, size_t n, int form,
                                   int whole) {
    const size_t stride = form == COMPACT_RECORDS ? sizeof(uint64_t)
                          : form == WIDE_RECORDS  ? sizeof(packed_record)
                                                  : m->stride;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *record = data + i * stride;
        if (cut_record(m, record, form, whole)) continue;
        if (kept != i) memcpy(data + kept * stride, record, stride);
        kept++;
    }
    return kept;
}

/* The records of r left when those cut_record cuts are left out. */
static size_t cut_records(const maker *m, records *r) {
    if (m->low_bits && m->cut_group)
        return cut_records_as(m, r->data, r->len, COMPACT_RECORDS, 1);
    if (m->low_bits) return cut_records_as(m, r->data, r->len, COMPACT_RECORDS, 0);
    if (m->packed) return cut_records_as(m, r->data, r->len, WIDE_RECORDS, m->cut_group);
    return cut_records_as(m, r->data, r->len, BYTE_KEYS, m->cut_group);
}

static const tsum *group_tree(maker *m, records *r, int bits) {
    tree_builder *b = m->b;
    if (m->n_cuts && r->len && (!m->forest || m->cut_group)) r->len = cut_records(m, r);
    const uint8_t *sorted;
    if (m->packed) {
        sorted = sort_records(&b->sorter, r->data, &b->spare, &b->spare_cap, r->len, m->stride,
                              m->low_bits, bits);
    } else {
        if (!room(&b->spare, &b->spare_cap, r->len * m->stride + 1)) return NULL;
        sorted = sort_byte_records(&b->sorter, r->data, b->spare, r->len, m->stride,
                                   (size_t)m->c->n);
    }
    if (!sorted && r->len) return NULL; /* out of memory (no records: data may be NULL) */
    /* buffers past records_keep are freed once the tree is built (forget_records): the
     * one not holding the sorted records now, the other's pages as they are read */
    int in_spare = sorted == b->spare;
    size_t other_cap = in_spare ? r->data_cap : b->spare_cap, keep = records_keep(m, r->len);
    if (other_cap > keep) pages_release(in_spare ? r->data : b->spare, other_cap);
    return read_tree(m, sorted, r->len, (in_spare ? b->spare_cap : r->data_cap) > keep);
}

/* Gives back record buffers past `keep` bytes: a class's tree is built, they are not read
 * again, and the forcing to come needs the memory (a large 4x4 class's are a GB). */
static void forget_records(tree_builder *b, size_t keep) {
    for (int g = 0; g < MAX_GROUPS; g++) {
        records *r = &b->listed[g];
        if (r->data_cap <= keep) continue;
        free(r->data);
        r->data = NULL;
        r->len = r->room = r->data_cap = 0;
    }
    if (b->spare_cap > keep) {
        free(b->spare);
        b->spare = NULL;
        b->spare_cap = 0;
    }
}

/* The class's tree as the merge of its groups' trees, kept ones found, the others built
 * (and kept when another class may share them). */
static const tsum *forest_tree(maker *m, int bits, const tref *kept_roots,
                                const group_key *keys, const uint64_t *hashes, int groups) {
    arena *a = m->a;
    const tsum *trees[MAX_GROUPS];
    /* first the trees to keep, so that they lie side by side at the arena's bottom */
    for (int g = 0; g < groups; g++) {
        if (!m->wanted[g]) {
            trees[g] = tree_at(a->base, kept_roots[g]);
        } else if (m->keepable[g] && g != m->rolling) {
            if (!(trees[g] = group_tree(m, &m->b->listed[g], bits))) return NULL;
            if (keep_tree(m->b, &keys[g], hashes[g], tree_ref(a, trees[g])) < 0) return NULL;
            a->kept = a->used;
        }
    }
    const int rolling = m->rolling;
    if (rolling >= 0 && m->wanted[rolling]) { /* on top of the others */
        const size_t at = a->used;
        if (!(trees[rolling] = group_tree(m, &m->b->listed[rolling], bits))) return NULL;
        if (keep_tree(m->b, &keys[rolling], hashes[rolling], tree_ref(a, trees[rolling])) < 0)
            return NULL;
        a->kept = a->used;
        m->b->rolling_at = at;
        m->b->rolling_end = a->kept;
    }
    m->cut_group = 1; /* the groups whose trees are not kept */
    for (int g = 0; g < groups; g++)
        if (m->wanted[g] && !m->keepable[g] && !(trees[g] = group_tree(m, &m->b->listed[g], bits)))
            return NULL;
    m->cut_group = 0;
    int n = 0;
    for (int g = 0; g < groups; g++)
        if (sum_ranks(trees[g]) || trees[g]->points) trees[n++] = trees[g];
    if (n == 0) return trees[groups - 1];
    for (; n > 1; n = (n + 1) / 2) {
        for (int i = 0; i < n / 2; i++)
            if (!(trees[i] = tree_merge(m->p, trees[2 * i], trees[2 * i + 1]))) return NULL;
        if (n % 2) trees[n / 2] = trees[n - 1];
    }
    return trees[0];
}

int tree_build(pv_prover *p, cb_class *c, const uint8_t *order, int forest, tree_cap *cap,
               int symmetric, const tsum **tree) {
    tree_builder *b = p->builder;
    arena *a = &p->arena;
    maker m;
    memset(&m, 0, sizeof m);
    m.c = c;
    m.b = b;
    m.p = p;
    m.r = &b->listed[0];
    m.a = a;
    for (int k = 0; k < c->n; k++) m.rank[order[k]] = (uint8_t)k;
    memset(m.key, NO_FACE, sizeof m.key);
    int32_t most = 0;
    for (uint32_t node = 0; node < c->t->n_nodes; node++)
        if (c->t->points[node] > most) most = c->t->points[node];
    m.points_bits = bits_for((uint32_t)most + 1u);
    m.low_bits = bits_for(c->t->n_nodes) + m.points_bits;
    int bits = m.low_bits < 64 ? plan_fields(&m, order, m.low_bits) : 0;
    if (!bits) m.low_bits = 0, bits = plan_fields(&m, order, 0);
    m.packed = bits > 0;
    m.word_at = m.packed ? sizeof(uint64_t) : (size_t)c->n;
    m.stride = m.low_bits ? sizeof(uint64_t)
               : m.packed  ? sizeof(packed_record)
                           : ((size_t)c->n + 2 * sizeof(uint32_t) + 7u) & ~(size_t)7u;
    b->stride = m.stride;
    cb_set_starts(c);
    for (int cell = 0; cell < c->n; cell++)
        for (int k = 0; k < c->n_neighbours[cell]; k++)
            m.around[cell] |= 1ull << c->neighbours[cell][k];
    m.order = order;
    if (symmetric) plan_cuts(&m);
    const uint32_t every_face = c->t->n_faces >= 32 ? ~0u : (1u << c->t->n_faces) - 1u;
    for (int cell = 0; cell < c->n; cell++)
        if (c->faces[cell] != every_face) m.grouping |= 1ull << cell;
    const int groupers = bits_popcount64(m.grouping);
    m.forest = forest && m.packed && !c->shared_starts && groupers > KEEP_BELOW &&
               groupers <= MAX_GROUPERS && c->n <= GROUP_SHIFT;
    for (int cell = 0, bit = 0; cell < c->n; cell++) {
        m.cell_bits[cell] = 1ull << cell;
        if (m.forest && ((m.grouping >> cell) & 1u))
            m.cell_bits[cell] |= 1ull << (GROUP_SHIFT + bit++);
    }
    const int groups = m.forest ? 1 << groupers : 1;
    tref kept_roots[MAX_GROUPS] = {0};
    group_key *keys = b->keys;
    uint64_t hashes[MAX_GROUPS];
    if (!m.forest || a->kept > FOREST_KEEP || p->forest_words != c->t) {
        forest_forget(b, a);
        a->used = a->base ? ARENA_FIRST : a->used;
        p->forest_words = c->t;
    }
    /* a forest's records are in groups, some not listed (their trees kept): no cap */
    m.capped = cap && !m.forest;
    m.order = order;
    if (m.capped) {
        m.cap = cap;
        m.max_records = cap->max_records;
        cap->records = 0;
        if (cap->through) memset(cap->through, 0, (size_t)c->n * sizeof cap->through[0]);
    }
    m.rolling = m.forest ? (groups >> 1) - 1 : -1;
    for (int g = 0; g < groups; g++) {
        b->listed[g].len = 0;
        b->listed[g].room = room_in(&m, b->listed[g].data_cap);
        m.wanted[g] = 1;
        m.keepable[g] = m.forest && (bits_popcount32((unsigned)g) <= groupers - KEEP_BELOW ||
                                     g == m.rolling);
        if (!m.keepable[g]) continue;
        group_key_of(&m, order, g, &keys[g], &hashes[g]);
        kept_roots[g] = find_kept(b, &keys[g], hashes[g]);
        m.wanted[g] = kept_roots[g] == 0;
    }
    /* the rolling tree of the classes before, not this class's: given back when it is the
       last kept (its entry the forest's last) and nothing of this class is made yet */
    if (m.forest && m.wanted[m.rolling] && b->rolling_at && b->rolling_end == a->kept &&
        a->used == a->kept) {
        b->forest_len--;
        a->kept = a->used = b->rolling_at;
    }
    if (m.forest && m.wanted[m.rolling]) b->rolling_at = b->rolling_end = 0;
    memcpy(m.listing, m.wanted, sizeof m.listing);
    if (m.packed && !c->shared_starts) {
        plan_reach(&m);
        for (int cell = 0; cell < c->n; cell++) {
            for (uint32_t s = c->starts[cell]; s; s &= s - 1) {
                int letter = bits_ctz32(s), f = c->start_face[cell][letter];
                m.letter_code[cell][letter] = m.code[cell][f];
                if (c->t->face_letters[f][1] != BN_NO_LETTER) m.longer[cell] |= 1u << letter;
            }
        }
        if (!m.capped) plan_images(&m, groups);
        collect_packed(&m);
    } else {
        for (int cell = 0; cell < c->n && !m.oom; cell++)
            if (c->t->nodes[0].bits & c->starts[cell]) collect(&m, cell, 0, 0);
    }
    const size_t listed = b->listed[0].len;
    if (m.capped && !m.oom && !m.interrupted && (m.past_cap || listed > m.max_records)) {
        m.past_cap = 1;
        tally(&m, &b->listed[0]); /* the last records (a stop asked then is kept: the poll
                                     may have raised an error for it) */
        tally_done(&m);
    } else if (m.capped && !m.oom && !m.interrupted) { /* the class's whole work */
        make_room(b, a, listed, cap, 0);
    }
    *tree = NULL;
    if (!m.oom && !m.interrupted && !m.past_cap && m.forest)
        *tree = forest_tree(&m, bits, kept_roots, keys, hashes, groups);
    else if (!m.oom && !m.interrupted && !m.past_cap)
        *tree = group_tree(&m, &b->listed[0], bits);
    forget_records(b, records_keep(&m, listed));
    if (m.oom) return PV_NO_MEMORY;
    if (m.interrupted) return PV_INTERRUPTED;
    if (m.past_cap) return TREE_PAST_CAP;
    return *tree ? PV_OK : PV_NO_MEMORY;
}
