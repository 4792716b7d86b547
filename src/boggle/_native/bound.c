/* Classes of boards and their max bound, and the word list compiled for the prover.
 *
 * A class gives each cell a set of faces (a bit mask of face ids); it holds
 * every board that takes one face per cell.  Its max bound (the published
 * "max" bound of hybrid-boggle) is a depth-first search like solving, where a
 * cell's value is the best of its faces and the values of the neighbours
 * reached from it are added.  A word found along several paths is counted
 * each time and different paths may choose different faces for one cell, so
 * the bound is never below the score of any board of the class; for a class
 * of one board it is that board's "multi" score (words counted per path).
 *
 * The trie is the solver's (kernel.c's bn_trie_build), with the word bit kept only on the
 * nodes whose word scores and the points of that word beside each node.
 */
#include "bound.h"

#include <stdlib.h>
#include <string.h>

const char *pv_status_text(int status) {
    switch (status) {
    case PV_OK: return "done";
    case PV_NO_MEMORY: return "out of memory";
    case PV_BAD_WORDS: return "words are not sorted, or are empty, or use a letter outside the alphabet";
    case PV_BAD_POINTS: return "bad points table (1 to 64 entries)";
    case PV_BAD_FACES: return "bad faces (at most 32, 4 letters each, in the alphabet)";
    case PV_BAD_SHAPE: return "masks do not match the board shape (at most 64 cells)";
    case PV_BAD_CLASS: return "a cell's face set is empty or unknown";
    case PV_BAD_ORDER: return "the split order must name every cell once";
    case PV_INTERRUPTED: return "interrupted";
    default: return "unknown status";
    }
}

/* Whether every face letter is a letter index of the trie, BN_NO_LETTER or BN_DEAD_LETTER
 * (a BN_SILENT mark is refused: the prover reads faces as trie letters only). */
static int faces_ok(const uint8_t *face_letters, int n_faces) {
    for (int i = 0; i < n_faces * BN_FACE_MAX; i++) {
        uint8_t letter = face_letters[i];
        if (letter >= BN_MAX_LETTERS && letter != BN_NO_LETTER && letter != BN_DEAD_LETTER)
            return 0;
    }
    return 1;
}

int pv_words_build(pv_words *words, const uint8_t *letters, size_t n_letters,
                   const uint32_t *offsets, uint32_t n_words, const int32_t *word_points,
                   int min_len, const int32_t *points, int n_points,
                   const uint8_t *face_letters, int n_faces) {
    memset(words, 0, sizeof *words);
    if (n_points < 1 || n_points > PV_MAX_POINTS) return PV_BAD_POINTS;
    if (n_faces < 0 || n_faces > PV_MAX_FACES || !faces_ok(face_letters, n_faces))
        return PV_BAD_FACES;
    if (offsets[n_words] > n_letters) return PV_BAD_WORDS;
    for (uint32_t w = 0; w < n_words; w++)
        if (offsets[w + 1] < offsets[w]) return PV_BAD_WORDS;
    int status = bn_trie_build(&words->trie, letters, offsets, n_words, BN_MAX_LETTERS);
    if (status != BN_OK) return status == BN_NO_MEMORY ? PV_NO_MEMORY : PV_BAD_WORDS;
    words->n_nodes = words->trie.n_nodes;
    words->points = malloc((size_t)words->n_nodes * sizeof(int32_t));
    words->word_kids = calloc(words->n_nodes + 1u, sizeof(uint32_t));
    if (!words->points || !words->word_kids) {
        free(words->points);
        free(words->word_kids);
        bn_trie_free(&words->trie);
        return PV_NO_MEMORY;
    }
    for (uint32_t node = 0; node < words->n_nodes; node++) {
        int32_t word = words->trie.node_word[node], score = 0;
        if (word >= 0) {
            int len = (int)(offsets[word + 1] - offsets[word]);
            if (word_points)
                score = word_points[word];
            else if (len >= min_len)
                score = points[len < n_points - 1 ? len : n_points - 1];
        }
        words->points[node] = score;
        if (score <= 0) words->trie.nodes[node].bits &= ~BN_WORD_BIT;
    }
    words->nodes = words->trie.nodes;
    for (uint32_t node = 0; node < words->n_nodes; node++) {
        const bn_node *t = &words->nodes[node];
        uint32_t kid = t->first;
        for (uint32_t letters = t->bits & CB_LETTERS; letters; letters &= letters - 1, kid++)
            if (words->nodes[kid].bits & CB_WORD) words->word_kids[t->first] |= letters & (0u - letters);
    }
    words->min_len = min_len;
    words->n_points = n_points;
    memcpy(words->length_points, points, (size_t)n_points * sizeof(int32_t));
    words->n_faces = n_faces;
    memcpy(words->face_letters, face_letters, (size_t)n_faces * BN_FACE_MAX);
    return PV_OK;
}

void pv_words_free(pv_words *words) {
    bn_trie_free(&words->trie);
    free(words->points);
    free(words->word_kids);
    memset(words, 0, sizeof *words);
}

/* The best value of `cell` reached from trie `node`, over the cell's faces. */
static int64_t choice(cb_class *c, int cell, uint32_t node, uint64_t used) {
    const cb_node *nodes = c->t->nodes;
    if (!(nodes[node].bits & c->starts[cell])) return 0;
    used |= 1ull << cell;
    int64_t best = 0;
    uint32_t faces = c->faces[cell];
    int f;
    int64_t at;
    while (next_face_child(c->t, &faces, node, &f, &at)) {
        int64_t value = c->t->points[at];
        if (nodes[at].bits & CB_LETTERS) {
            for (int k = 0; k < c->n_neighbours[cell]; k++) {
                int next = c->neighbours[cell][k];
                if (!((used >> next) & 1u)) value += choice(c, next, (uint32_t)at, used);
            }
        }
        if (value > best) best = value;
    }
    return best;
}

void cb_set_starts(cb_class *c) {
    c->shared_starts = 0;
    for (int cell = 0; cell < c->n; cell++) {
        uint32_t starts = 0, faces = c->faces[cell];
        while (faces) {
            int f = bits_ctz32(faces);
            faces &= faces - 1;
            uint8_t first = c->t->face_letters[f][0];
            if (first >= 32) continue;
            if ((starts >> first) & 1u) c->shared_starts |= 1ull << cell;
            starts |= 1u << first;
            c->start_face[cell][first] = (uint8_t)f;
        }
        c->starts[cell] = starts;
    }
}

static int64_t class_bound(cb_class *c) {
    cb_set_starts(c);
    int64_t total = 0;
    for (int cell = 0; cell < c->n; cell++) total += choice(c, cell, 0, 0);
    return total;
}

int cb_append(byte_buffer *b, const uint8_t *bytes, size_t n) {
    if (b->limit && b->len + n > b->limit) {
        b->full = 1;
        return PV_NO_MEMORY;
    }
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->len + n) cap *= 2;
        uint8_t *data = realloc(b->data, cap);
        if (!data) return PV_NO_MEMORY;
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
    return PV_OK;
}

int cb_load(cb_class *c, const pv_words *words, int rows, int cols, const uint32_t *faces) {
    /* the shape is checked before rows * cols is formed: no overflow whatever is passed */
    if (!bn_shape_ok(rows, cols, CB_MAX_CELLS)) return PV_BAD_SHAPE;
    int n = rows * cols;
    memset(c, 0, sizeof *c);
    c->t = words;
    c->n = n;
    memcpy(c->faces, faces, (size_t)n * sizeof faces[0]);
    uint32_t allowed = words->n_faces >= 32 ? 0xffffffffu : (1u << words->n_faces) - 1u;
    for (int cell = 0; cell < n; cell++) {
        if (c->faces[cell] == 0 || (c->faces[cell] & ~allowed)) return PV_BAD_CLASS;
        int r = cell / cols, q = cell % cols;
        for (int dr = -1; dr <= 1; dr++)
            for (int dq = -1; dq <= 1; dq++) {
                int rr = r + dr, qq = q + dq;
                if ((dr || dq) && rr >= 0 && rr < rows && qq >= 0 && qq < cols)
                    c->neighbours[cell][c->n_neighbours[cell]++] = rr * cols + qq;
            }
    }
    return PV_OK;
}

int pv_check_class(const pv_words *words, int rows, int cols, const uint32_t *faces,
                   const uint8_t *order) {
    cb_class c;
    int status = cb_load(&c, words, rows, cols, faces);
    if (status != PV_OK || !order) return status;
    uint64_t seen = 0;
    for (int i = 0; i < c.n; i++)
        if (order[i] < c.n) seen |= 1ull << order[i];
    return seen == (c.n == 64 ? ~0ull : (1ull << c.n) - 1) ? PV_OK : PV_BAD_ORDER;
}

int pv_max_bound(const pv_words *words, int rows, int cols, const uint32_t *faces,
                 int64_t *bound) {
    cb_class c;
    int status = cb_load(&c, words, rows, cols, faces);
    if (status == PV_OK) *bound = class_bound(&c);
    return status;
}
