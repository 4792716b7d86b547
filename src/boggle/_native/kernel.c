/* The compiled core: trie construction, depth-first solving, board parsing. */
#include "kernel.h"

#include "bits.h"

#include <stdlib.h>
#include <string.h>

#define BN_POPCOUNT(x) ((uint32_t)bits_popcount32(x))
#define BN_UNLIKELY(x) BITS_UNLIKELY(x)
#if defined(__GNUC__) || defined(__clang__)
#define BN_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define BN_ALWAYS_INLINE inline
#endif

#define LETTERS(bits) ((bits) & ~BN_WORD_BIT)

/* x86 builds not already made for BMI2 get a second copy of the search that uses it. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__BMI2__)
#define BN_BMI_CLONE 1
#else
#define BN_BMI_CLONE 0
#endif

/* ---------------------------------------------------------------- trie */

/* Construction first builds nodes in depth-first order (children of a node
 * side by side), then copies them level by level into the final layout. */
typedef struct {
    const uint8_t *letters;
    const uint32_t *offsets;
    bn_node *nodes;
    int32_t *words;
    uint32_t n_nodes, cap;
} build_state;

static int reserve_nodes(build_state *st, uint32_t extra) {
    if (st->n_nodes + extra <= st->cap) return 0;
    uint32_t cap = st->cap ? st->cap : 1024;
    while (cap < st->n_nodes + extra) cap *= 2;
    bn_node *nodes = realloc(st->nodes, (size_t)cap * sizeof(bn_node));
    if (nodes) st->nodes = nodes;
    int32_t *words = realloc(st->words, (size_t)cap * sizeof(int32_t));
    if (words) st->words = words;
    if (!nodes || !words) return -1;
    st->cap = cap;
    return 0;
}

static inline uint32_t word_length(const build_state *st, uint32_t w) {
    return st->offsets[w + 1] - st->offsets[w];
}

static inline uint8_t letter_at(const build_state *st, uint32_t w, uint32_t depth) {
    return st->letters[st->offsets[w] + depth];
}

/* Fill node `index` for the words [lo, hi), which share their first `depth` letters. */
static int build_node(build_state *st, uint32_t index, uint32_t lo, uint32_t hi, uint32_t depth) {
    st->nodes[index].bits = 0;
    st->nodes[index].first = 0;
    st->words[index] = -1;
    if (lo < hi && word_length(st, lo) == depth) {
        st->nodes[index].bits = BN_WORD_BIT;
        st->words[index] = (int32_t)lo;
        lo++;
    }
    while (lo < hi && word_length(st, lo) == depth) lo++; /* duplicates */
    if (lo >= hi) return 0;
    uint32_t mask = 0, groups = 0;
    for (uint32_t w = lo; w < hi; w++) {
        uint32_t bit = 1u << letter_at(st, w, depth);
        if (!(mask & bit)) { mask |= bit; groups++; }
    }
    if (reserve_nodes(st, groups) < 0) return -1;
    uint32_t first = st->n_nodes;
    st->n_nodes += groups;
    st->nodes[index].bits |= mask;
    st->nodes[index].first = first;
    uint32_t start = lo, child = first;
    while (start < hi) {
        uint8_t letter = letter_at(st, start, depth);
        uint32_t end = start + 1;
        while (end < hi && letter_at(st, end, depth) == letter) end++;
        if (build_node(st, child, start, end, depth + 1) < 0) return -1;
        child++;
        start = end;
    }
    return 0;
}

/* Copy the depth-first nodes level by level: a breadth-first walk visits each
 * node's block of children in turn, so blocks stay contiguous. */
static int relayout(build_state *st, bn_trie *trie) {
    uint32_t n = st->n_nodes;
    trie->nodes = malloc((size_t)n * sizeof(bn_node));
    trie->node_word = malloc((size_t)n * sizeof(int32_t));
    uint32_t *queue = malloc((size_t)n * sizeof(uint32_t)); /* old index of each new node */
    if (!trie->nodes || !trie->node_word || !queue) { free(queue); return -1; }
    queue[0] = 0;
    uint32_t placed = 1;
    for (uint32_t done = 0; done < placed; done++) {
        const bn_node *old = &st->nodes[queue[done]];
        uint32_t children = BN_POPCOUNT(LETTERS(old->bits));
        trie->nodes[done].bits = old->bits;
        trie->nodes[done].first = children ? placed : 0;
        trie->node_word[done] = st->words[queue[done]];
        for (uint32_t k = 0; k < children; k++) queue[placed++] = old->first + k;
    }
    free(queue);
    trie->n_nodes = n;
    return 0;
}

/* Every word non-empty, its letters inside the alphabet, the words in order. */
static int check_words(const uint8_t *letters, const uint32_t *offsets, uint32_t n_words,
                       int alphabet_size) {
    if (alphabet_size < 0 || alphabet_size > BN_MAX_LETTERS || offsets[0] != 0) return 0;
    for (uint32_t w = 0; w < n_words; w++) {
        uint32_t start = offsets[w], stop = offsets[w + 1];
        if (stop <= start) return 0;
        for (uint32_t i = start; i < stop; i++)
            if (letters[i] >= alphabet_size) return 0;
        if (w == 0) continue;
        uint32_t before = offsets[w - 1], len_before = start - before, len = stop - start;
        uint32_t common = len < len_before ? len : len_before;
        int order = memcmp(letters + before, letters + start, common);
        if (order > 0 || (order == 0 && len_before > len)) return 0;
    }
    return 1;
}

int bn_trie_build(bn_trie *trie, const uint8_t *letters, const uint32_t *offsets,
                  uint32_t n_words, int alphabet_size) {
    memset(trie, 0, sizeof *trie);
    if (!check_words(letters, offsets, n_words, alphabet_size)) return BN_BAD_INPUT;
    trie->alphabet_size = alphabet_size;
    trie->n_words = n_words;
    for (uint32_t w = 0; w < n_words; w++) {
        int len = (int)(offsets[w + 1] - offsets[w]);
        if (len > trie->longest) trie->longest = len;
    }
    build_state st = {letters, offsets, NULL, NULL, 0, 0};
    int status = -1;
    if (reserve_nodes(&st, 1) == 0) {
        st.n_nodes = 1;
        if (build_node(&st, 0, 0, n_words, 0) == 0 && relayout(&st, trie) == 0) status = 0;
    }
    free(st.nodes);
    free(st.words);
    if (status < 0) bn_trie_free(trie);
    return status;
}

void bn_trie_free(bn_trie *trie) {
    free(trie->nodes);
    free(trie->node_word);
    memset(trie, 0, sizeof *trie);
}

/* Image header: magic, version, byte-order mark, nodes, words, alphabet size. */
#define BN_IMAGE_MAGIC 0x544e4f42u /* "BONT" */
#define BN_IMAGE_HEADER 6

size_t bn_trie_image_size(const bn_trie *trie) {
    return BN_IMAGE_HEADER * sizeof(uint32_t) + (size_t)trie->n_nodes * sizeof(bn_node) +
           (size_t)trie->n_nodes * sizeof(int32_t);
}

void bn_trie_write_image(const bn_trie *trie, uint8_t *out) {
    uint32_t header[BN_IMAGE_HEADER] = {BN_IMAGE_MAGIC, BN_IMAGE_VERSION, 0x01020304u,
                                        trie->n_nodes, trie->n_words,
                                        (uint32_t)trie->alphabet_size};
    memcpy(out, header, sizeof header);
    out += sizeof header;
    memcpy(out, trie->nodes, (size_t)trie->n_nodes * sizeof(bn_node));
    out += (size_t)trie->n_nodes * sizeof(bn_node);
    memcpy(out, trie->node_word, (size_t)trie->n_nodes * sizeof(int32_t));
}

int bn_trie_view_image(bn_trie *trie, const uint8_t *image, size_t len, uint32_t n_words) {
    memset(trie, 0, sizeof *trie);
    uint32_t header[BN_IMAGE_HEADER];
    if (len < sizeof header || (uintptr_t)image % sizeof(uint32_t) != 0) return BN_BAD_INPUT;
    memcpy(header, image, sizeof header);
    uint32_t n = header[3];
    if (header[0] != BN_IMAGE_MAGIC || header[1] != BN_IMAGE_VERSION ||
        header[2] != 0x01020304u || header[4] != n_words || header[5] > BN_MAX_LETTERS ||
        n == 0 || n > (UINT32_MAX - 64) / sizeof(bn_node))
        return BN_BAD_INPUT;
    bn_trie view = {(bn_node *)(uintptr_t)(image + sizeof header), NULL, n, n_words, 0,
                    (int)header[5]};
    view.node_word = (int32_t *)(view.nodes + n);
    if (len != bn_trie_image_size(&view)) return BN_BAD_INPUT;
    uint32_t outside = view.alphabet_size >= BN_MAX_LETTERS
                           ? 0 : ~BN_WORD_BIT & ~((1u << view.alphabet_size) - 1);
    /* Exactly the layout relayout() writes: level by level, each node's children the next
     * block not yet placed, so every node but the root is the child of one earlier node
     * (a tree, no cycle), and the depth of the last level is the longest word. */
    uint32_t word_nodes = 0; /* at most one per word: the marks have room for n_words */
    uint32_t placed = 1, level_end = 1, depth = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i == level_end) {
            if (placed == i || ++depth >= UINT16_MAX) return BN_BAD_INPUT; /* nothing leads here */
            level_end = placed;
        }
        const bn_node node = view.nodes[i];
        int32_t word = view.node_word[i];
        if (node.bits & outside) return BN_BAD_INPUT;
        if (node.bits & BN_WORD_BIT) {
            if ((uint32_t)word >= n_words) return BN_BAD_INPUT;
            word_nodes++;
        } else if (word != -1) {
            return BN_BAD_INPUT;
        }
        uint32_t children = BN_POPCOUNT(LETTERS(node.bits));
        if (node.first != (children ? placed : 0) || children > n - placed) return BN_BAD_INPUT;
        placed += children;
    }
    if (placed != n || word_nodes > n_words) return BN_BAD_INPUT;
    view.longest = (int)depth;
    *trie = view;
    return BN_OK;
}

size_t bn_trie_bytes(const bn_trie *trie) {
    return (size_t)trie->n_nodes * (sizeof(bn_node) + sizeof(int32_t));
}

/* ------------------------------------------------------------- scratch */

int bn_scratch_init(bn_scratch *s, uint32_t n_nodes) {
    memset(s, 0, sizeof *s);
    s->n_nodes = n_nodes;
    s->stamps = calloc((size_t)n_nodes + 1, sizeof(uint16_t));
#if BN_BMI_CLONE
    const char *plain = getenv("BOGGLE_PLAIN_SEARCH"); /* for tests: the other copy */
    __builtin_cpu_init();
    s->fast_bits = !(plain && *plain) && __builtin_cpu_supports("bmi") &&
                   __builtin_cpu_supports("bmi2");
#endif
    return s->stamps ? 0 : -1;
}

void bn_scratch_free(bn_scratch *s) {
    free(s->stamps);
    free(s->used);
    free(s->neighbours);
    free(s->path);
    free(s->points);
    free(s->rules_points);
    free(s->found_words);
    free(s->found_path_start);
    free(s->found_cells);
    free(s->open_marks);
    free(s->pair_marks);
    memset(s, 0, sizeof *s);
}

/* s->points: `lengths` entries under the rules (kept while the rules repeat). */
static int set_points(bn_scratch *s, int lengths, int min_len, const int32_t *points,
                      int max_len) {
    size_t given = ((size_t)max_len + 1) * sizeof(int32_t);
    if (s->points_len == lengths && s->rules_min_len == min_len && s->rules_max_len == max_len &&
        memcmp(s->rules_points, points, given) == 0)
        return 0;
    s->points_len = 0;
    if (s->points_cap < lengths) {
        free(s->points);
        s->points = malloc((size_t)lengths * sizeof(int32_t));
        if (!s->points) { s->points_cap = 0; return -1; }
        s->points_cap = lengths;
    }
    if (s->rules_cap < max_len + 1) {
        free(s->rules_points);
        s->rules_points = malloc(given);
        if (!s->rules_points) { s->rules_cap = 0; return -1; }
        s->rules_cap = max_len + 1;
    }
    for (int k = 0; k < lengths; k++)
        s->points[k] = k < min_len ? 0 : points[k < max_len ? k : max_len];
    memcpy(s->rules_points, points, given);
    s->rules_min_len = min_len;
    s->rules_max_len = max_len;
    s->points_len = lengths;
    return 0;
}

/* Neighbour tables for the board's shape (kept while the shape repeats), a
 * fresh board number for the word marks, and the points of every length under
 * the rules. */
static int prepare_board(bn_scratch *s, const bn_trie *trie, const bn_board *b, int min_len,
                         const int32_t *points, int max_len) {
    if (++s->board_stamp == 0) { /* every 65,535 boards */
        memset(s->stamps, 0, ((size_t)s->n_nodes + 1) * sizeof(uint16_t));
        s->board_stamp = 1;
    }
    if (set_points(s, trie->longest + 2, min_len, points, max_len) < 0) return -1;
    if (s->capacity && b->rows == s->shape_rows && b->cols == s->shape_cols) return 0;
    if (b->n > s->capacity) {
        free(s->used);
        free(s->neighbours);
        s->used = calloc((size_t)b->n, 1);
        s->neighbours = malloc((size_t)b->n * 8 * sizeof(int32_t));
        if (!s->used || !s->neighbours) { s->capacity = 0; return -1; }
        s->capacity = b->n;
    }
    for (int r = 0; r < b->rows; r++) {
        for (int c = 0; c < b->cols; c++) {
            int cell = r * b->cols + c;
            int32_t *nb = &s->neighbours[cell * 8];
            uint64_t near = 0;
            int k = 0;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    int nr = r + dr, nc = c + dc;
                    if ((dr || dc) && nr >= 0 && nr < b->rows && nc >= 0 && nc < b->cols) {
                        nb[k++] = nr * b->cols + nc;
                        near |= 1ULL << ((nr * b->cols + nc) & 63);
                    }
                }
            }
            while (k < 8) nb[k++] = -1;
            if (cell < 64) s->near[cell] = near;
        }
    }
    s->shape_rows = b->rows;
    s->shape_cols = b->cols;
    return 0;
}

/* Count the word ending at node `index` once per board: 1 if it is new. */
static inline int mark_node(bn_scratch *s, uint32_t index) {
    int fresh = s->stamps[index] != s->board_stamp;
    s->stamps[index] = s->board_stamp;
    return fresh;
}

/* ---------------------------------------------------------------- solve */

#define BN_CTZ64(x) bits_ctz64(x)
#define BN_CTZ32(x) bits_ctz32(x)
#define BN_POPCOUNT64(x) ((uint32_t)bits_popcount64(x))

/* The node reached from node `index` (whose value is `node`) by reading a
 * face's codes, or -1; *letters grows by the board letters read (a BN_SILENT
 * code continues a letter). */
static inline int64_t follow(const bn_node *nodes, int64_t index, bn_node node,
                             const uint8_t *face, int *letters) {
    for (int k = 0; k < BN_FACE_MAX; k++) {
        uint8_t code = face[k];
        if (code == BN_NO_LETTER) break;
        uint32_t letter = (uint32_t)(code & ~BN_SILENT);
        if (BN_UNLIKELY(letter >= BN_MAX_LETTERS)) return -1;
        uint32_t mask = LETTERS(node.bits);
        uint32_t bit = 1u << letter;
        if (!(mask & bit)) return -1;
        index = node.first + BN_POPCOUNT(mask & (bit - 1));
        node = nodes[index];
        *letters += !(code & BN_SILENT);
    }
    return index;
}

/* Score only, boards of at most 64 cells: the cells used so far are one
 * 64-bit word; per board, the cells showing each letter alone are one mask
 * and each cell knows the first letters of its neighbours, so the search
 * walks only letters that both follow the node and lie next to the cell.
 * A child is counted (when a word ends there) once for all the cells that
 * reach it, and entered only when one of its letters lies next to the cell.
 * Steps still to take wait on an explicit stack, each one complete in itself
 * (a node, its cell and the cells used), so a step needs no state to resume. */
typedef struct {
    uint64_t near[64];         /* neighbours of each cell */
    uint64_t letter_cells[32]; /* cells showing each letter alone */
    uint32_t beside[64];       /* letters shown alone next to each cell */
    uint32_t reach[64];        /* first letters of every face next to each cell */
    uint64_t multi_cells;      /* cells with a multi-letter face */
} board_tables;

typedef struct {
    bn_node node;
    uint64_t used;   /* cells on the path, `cell` included */
    uint32_t cell, letters;
} score_step;

/* The roots (at most 64), then each step taken leaves at most one step per
 * neighbour (8) on the stack, itself gone; and one more slot, written (then
 * left) when a cell cannot go on: the push has no branch to mispredict. */
#define BN_STEPS (64 + 64 * 7 + 1)

/* Cells of a board of up to 64 cells with a border around: (1 + 2) * (64 + 2) at most. */
#define BN_GRID 198

/* Take the steps on the stack (and all they lead to); the score of the words
 * they find.  `with_multi` is a constant in each of the two copies in
 * score_small: boards without multi-letter cubes (most) get a search with no
 * trace of them. */
static BN_ALWAYS_INLINE int64_t search(const board_tables *t, const bn_node *nodes,
                                       const uint8_t *faces, const int32_t *points,
                                       bn_scratch *s, score_step *stack, score_step *top,
                                       int cells, const int with_multi, const int bmi) {
    const uint32_t *reach = with_multi ? t->reach : t->beside;
    uint16_t *const stamps = s->stamps;
    const uint16_t stamp = s->board_stamp;
    int64_t score = 0;
    uint32_t found[65]; /* new words by length (boards without multi-letter cubes) */
    const int longest = cells < s->points_len ? cells : s->points_len - 1;
    if (!with_multi) memset(found, 0, (size_t)(cells + 1) * sizeof(uint32_t)); /* every depth */
    while (top != stack) {
        --top;
        const bn_node node = top->node;
        const uint64_t used = top->used;
        const uint32_t at = top->cell;
        const uint32_t length = with_multi ? top->letters : 0; /* else the cells of `used` */
        const uint64_t open = t->near[at] & ~used;
        const uint32_t first = node.first - !bmi;
        const uint32_t depth = with_multi ? 0 : (uint32_t)BN_POPCOUNT64(used) + 1;
        uint32_t next = node.bits & t->beside[at];
        while (next) {
            uint32_t letter = (uint32_t)BN_CTZ32(next);
            /* the child's rank: the node's letters before this one (one bzhi with
             * BMI2), or up to it (from next - 1, needed anyway) less one */
            uint32_t rank_mask = bmi ? (1u << letter) - 1 : next ^ (next - 1);
            next &= next - 1;
            uint64_t to = open & t->letter_cells[letter];
            if (!to) continue;
            uint32_t index = first + BN_POPCOUNT(node.bits & rank_mask);
            const bn_node child = nodes[index];
            if (with_multi) {
                if (child.bits & BN_WORD_BIT) {
                    int64_t fresh = stamps[index] != stamp;
                    stamps[index] = stamp;
                    score += points[length + 1] & -fresh;
                }
            } else { /* no branch: whether a child is a word is hard to predict */
                found[depth] += (stamps[index] != stamp) & (child.bits >> 31);
                stamps[index] = stamp;
            }
            do {
                uint32_t c = (uint32_t)BN_CTZ64(to);
                to &= to - 1;
                top->node = child;
                top->used = used | (1ULL << c);
                top->cell = c;
                if (with_multi) top->letters = length + 1;
                top += (child.bits & reach[c]) != 0;
            } while (to);
        }
        if (!with_multi) continue;
        for (uint64_t multi = open & t->multi_cells; multi; multi &= multi - 1) {
            uint32_t c = (uint32_t)BN_CTZ64(multi);
            int more = (int)length;
            int64_t index = follow(nodes, -1, node, &faces[c * BN_FACE_MAX], &more);
            if (index < 0) continue;
            const bn_node child = nodes[index];
            if (child.bits & BN_WORD_BIT && stamps[index] != stamp) {
                stamps[index] = stamp;
                score += points[more];
            }
            if (child.bits & reach[c])
                *top++ = (score_step){child, used | (1ULL << c), c, (uint32_t)more};
        }
    }
    if (!with_multi)
        for (int k = 0; k <= longest; k++) score += (int64_t)found[k] * points[k];
    return score;
}

static BN_ALWAYS_INLINE int64_t score_small(const bn_trie *trie, const bn_board *board,
                                            bn_scratch *s, const int bmi) {
    board_tables t;
    const int n = board->n, rows = board->rows, cols = board->cols, wide = cols + 2;
    /* The letter of each cell showing one letter alone, as a bit, on a grid
     * with a border of empty cells, and across: each grid cell with its left
     * and right; a cell's neighbours are then across above and below, left, right. */
    uint32_t grid[BN_GRID], across[BN_GRID];
    memset(grid, 0, (size_t)((rows + 2) * wide) * sizeof(uint32_t));
    memset(t.letter_cells, 0, sizeof t.letter_cells);
    memcpy(t.near, s->near, (size_t)n * sizeof(uint64_t));
    t.multi_cells = 0;
    for (int cell = 0, r = 0, c = 0; cell < n; cell++) {
        const uint8_t *face = &board->faces[cell * BN_FACE_MAX];
        if (face[0] < BN_MAX_LETTERS) { /* else no word uses this cube */
            if (face[1] == BN_NO_LETTER) {
                grid[(r + 1) * wide + c + 1] = 1u << face[0];
                t.letter_cells[face[0]] |= 1ULL << cell;
            } else {
                t.multi_cells |= 1ULL << cell;
            }
        }
        if (++c == cols) { c = 0; r++; }
    }
    for (int i = 1; i < (rows + 2) * wide - 1; i++) across[i] = grid[i - 1] | grid[i] | grid[i + 1];
    for (int r = 0, cell = 0; r < rows; r++)
        for (int c = 0, i = (r + 1) * wide + 1; c < cols; c++, i++, cell++)
            t.beside[cell] = across[i - wide] | across[i + wide] | grid[i - 1] | grid[i + 1];
    if (t.multi_cells) {
        memcpy(t.reach, t.beside, (size_t)n * sizeof(uint32_t));
        for (uint64_t multi = t.multi_cells; multi; multi &= multi - 1) {
            int cell = BN_CTZ64(multi);
            uint32_t bit = 1u << board->faces[cell * BN_FACE_MAX];
            for (uint64_t near = t.near[cell]; near; near &= near - 1)
                t.reach[BN_CTZ64(near)] |= bit;
        }
    }
    const uint32_t *reach = t.multi_cells ? t.reach : t.beside;
    const bn_node *nodes = trie->nodes;
    const bn_node root = nodes[0];
    const int32_t *points = s->points;
    int64_t score = 0;
    score_step stack[BN_STEPS];
    score_step *top = stack;
    for (int cell = 0, r = 0, c = 0; cell < n; cell++) {
        uint32_t bit = grid[(r + 1) * wide + c + 1];
        if (++c == cols) { c = 0; r++; }
        int letters = 1;
        int64_t start;
        if (bit & root.bits) {
            start = root.first + BN_POPCOUNT(root.bits & (bit - 1));
        } else if (t.multi_cells >> cell & 1) {
            letters = 0;
            start = follow(nodes, 0, root, &board->faces[cell * BN_FACE_MAX], &letters);
            if (start < 0) continue;
        } else {
            continue;
        }
        const bn_node first = nodes[start];
        if (first.bits & BN_WORD_BIT && mark_node(s, (uint32_t)start)) score += points[letters];
        if (LETTERS(first.bits) & reach[cell])
            *top++ = (score_step){first, 1ULL << cell, (uint32_t)cell, (uint32_t)letters};
    }
    if (t.multi_cells)
        return score + search(&t, nodes, board->faces, points, s, stack, top, n, 1, bmi);
    return score + search(&t, nodes, board->faces, points, s, stack, top, n, 0, bmi);
}

/* The same search compiled twice: for any processor of the target, and with
 * BMI1/BMI2 (x86 processors since 2013), whose bit instructions (blsr, andn,
 * shlx, ...) take about 10% fewer instructions per board.  bn_scratch_init
 * asks the processor which one to use (BOGGLE_PLAIN_SEARCH=1 in the
 * environment: always the plain one, so tests can hold the two equal). */
static int64_t score_small_plain(const bn_trie *trie, const bn_board *board, bn_scratch *s) {
    return score_small(trie, board, s, 0);
}

#if BN_BMI_CLONE
__attribute__((target("bmi,bmi2"))) static int64_t score_small_bmi(const bn_trie *trie,
                                                                   const bn_board *board,
                                                                   bn_scratch *s) {
    return score_small(trie, board, s, 1);
}
#endif

/* ------------------------------------------------- one cell open (bn_solve_open) */

/* The search of score_small with one cell open: the open cell shows, on the tables, every
 * letter of the faces asked for, and a step's `letters` field holds its mode: 0 while its
 * path avoids the open cell, j + 1 once the path went through it showing face j (then it
 * cannot come back there).  A word counts once per face: open_marks[node] holds the faces
 * that counted it (all of them when found on a path that avoids the open cell). */
typedef struct {
    board_tables t;
    uint32_t mode_of_letter[32]; /* j + 1 for face j's letter, 0 for the others */
    uint32_t all;                /* a bit per face */
    int open;
} open_tables;

/* Counts the word at node `index` (if it is one, reached with `depth` cells) under `mode`:
 * found[depth] for every face when the path avoids the open cell (taking back the faces
 * that had counted it alone), extra[j][depth] for face j alone. */
static BN_ALWAYS_INLINE void count_open(uint16_t *stamps, uint32_t *marks, uint16_t stamp,
                                        uint32_t index, uint32_t mode, uint32_t all,
                                        uint32_t depth, int32_t *found,
                                        int32_t (*extra)[65]) {
    const uint32_t had = stamps[index] == stamp ? marks[index] : 0;
    const uint32_t want = mode ? 1u << (mode - 1) : all;
    if (!(want & ~had)) return;
    stamps[index] = stamp;
    marks[index] = had | want;
    if (mode) {
        extra[mode - 1][depth]++;
        return;
    }
    found[depth]++;
    for (uint32_t alone = had; alone; alone &= alone - 1) extra[BN_CTZ32(alone)][depth]--;
}

static BN_ALWAYS_INLINE void search_open(const open_tables *o, const bn_node *nodes,
                                         bn_scratch *s, score_step *stack, score_step *top,
                                         int32_t *found, int32_t (*extra)[65], const int bmi) {
    const board_tables *t = &o->t;
    uint16_t *const stamps = s->stamps;
    uint32_t *const marks = s->open_marks;
    const uint16_t stamp = s->board_stamp;
    const uint32_t open_cell = (uint32_t)o->open, all = o->all;
    while (top != stack) {
        --top;
        const bn_node node = top->node;
        const uint64_t used = top->used;
        const uint32_t at = top->cell, mode = top->letters;
        const uint64_t open = t->near[at] & ~used;
        const uint32_t first = node.first - !bmi;
        const uint32_t depth = (uint32_t)BN_POPCOUNT64(used) + 1;
        uint32_t next = node.bits & t->beside[at];
        while (next) {
            uint32_t letter = (uint32_t)BN_CTZ32(next);
            uint32_t rank_mask = bmi ? (1u << letter) - 1 : next ^ (next - 1);
            next &= next - 1;
            uint64_t to = open & t->letter_cells[letter];
            if (!to) continue;
            uint32_t index = first + BN_POPCOUNT(node.bits & rank_mask);
            const bn_node child = nodes[index];
            /* the modes of the cells it goes to: this one's, or a face's at the open cell */
            const uint64_t into_open = to & (1ULL << open_cell);
            if (child.bits & BN_WORD_BIT) {
                if (to & ~into_open) count_open(stamps, marks, stamp, index, mode, all, depth,
                                                found, extra);
                if (into_open) count_open(stamps, marks, stamp, index,
                                          o->mode_of_letter[letter], all, depth, found, extra);
            }
            do {
                uint32_t c = (uint32_t)BN_CTZ64(to);
                to &= to - 1;
                top->node = child;
                top->used = used | (1ULL << c);
                top->cell = c;
                top->letters = c == open_cell ? o->mode_of_letter[letter] : mode;
                top += (child.bits & t->beside[c]) != 0;
            } while (to);
        }
    }
}

/* The roots (at most 64 cells, and the open cell once per face), then as BN_STEPS. */
#define BN_OPEN_STEPS (64 + BN_OPEN_MAX_FACES + 64 * 7 + 1)

/* bn_solve_open's search, boards of at most 64 cells without multi-letter faces; `letters`:
 * each face's letter (distinct). */
static BN_ALWAYS_INLINE void score_open(const bn_trie *trie, const bn_board *board, int open,
                                        const uint8_t *letters, int n_faces, bn_scratch *s,
                                        int64_t *scores, const int bmi) {
    open_tables o;
    board_tables *t = &o.t;
    const int n = board->n, rows = board->rows, cols = board->cols, wide = cols + 2;
    uint32_t grid[BN_GRID], across[BN_GRID];
    memset(grid, 0, (size_t)((rows + 2) * wide) * sizeof(uint32_t));
    memset(t->letter_cells, 0, sizeof t->letter_cells);
    memset(o.mode_of_letter, 0, sizeof o.mode_of_letter);
    memcpy(t->near, s->near, (size_t)n * sizeof(uint64_t));
    t->multi_cells = 0;
    for (int cell = 0, r = 0, c = 0; cell < n; cell++) {
        const uint8_t letter = board->faces[cell * BN_FACE_MAX];
        if (cell != open && letter < BN_MAX_LETTERS) { /* else no word uses this cube */
            grid[(r + 1) * wide + c + 1] = 1u << letter;
            t->letter_cells[letter] |= 1ULL << cell;
        }
        if (++c == cols) { c = 0; r++; }
    }
    for (int i = 1; i < (rows + 2) * wide - 1; i++) across[i] = grid[i - 1] | grid[i] | grid[i + 1];
    for (int r = 0, cell = 0; r < rows; r++)
        for (int c = 0, i = (r + 1) * wide + 1; c < cols; c++, i++, cell++)
            t->beside[cell] = across[i - wide] | across[i + wide] | grid[i - 1] | grid[i + 1];
    uint32_t open_letters = 0;
    for (int j = 0; j < n_faces; j++) {
        if (letters[j] >= BN_MAX_LETTERS) continue; /* a letter no word uses */
        open_letters |= 1u << letters[j];
        o.mode_of_letter[letters[j]] = (uint32_t)j + 1;
        t->letter_cells[letters[j]] |= 1ULL << open;
    }
    for (uint64_t near = t->near[open]; near; near &= near - 1)
        t->beside[BN_CTZ64(near)] |= open_letters;
    o.open = open;
    o.all = n_faces == 32 ? ~0u : (1u << n_faces) - 1;
    if (!s->open_marks) { /* the stamps say which marks hold: none are read before set */
        s->open_marks = malloc(((size_t)s->n_nodes + 1) * sizeof(uint32_t));
        if (!s->open_marks) { s->oom = 1; return; }
    }
    const bn_node *nodes = trie->nodes;
    const bn_node root = nodes[0];
    int32_t found[65];
    int32_t extra[BN_OPEN_MAX_FACES][65];
    memset(found, 0, (size_t)(n + 1) * sizeof(int32_t));
    for (int j = 0; j < n_faces; j++) memset(extra[j], 0, (size_t)(n + 1) * sizeof(int32_t));
    score_step stack[BN_OPEN_STEPS];
    score_step *top = stack;
    for (int cell = 0, r = 0, c = 0; cell < n; cell++) {
        uint32_t bit = cell == open ? open_letters : grid[(r + 1) * wide + c + 1];
        if (++c == cols) { c = 0; r++; }
        for (bit &= root.bits; bit; bit &= bit - 1) {
            const uint32_t letter = (uint32_t)BN_CTZ32(bit);
            const uint32_t start = root.first + BN_POPCOUNT(root.bits & ((1u << letter) - 1));
            const uint32_t mode = cell == open ? o.mode_of_letter[letter] : 0;
            const bn_node node = nodes[start];
            if (node.bits & BN_WORD_BIT)
                count_open(s->stamps, s->open_marks, s->board_stamp, start, mode, o.all, 1,
                           found, extra);
            if (LETTERS(node.bits) & t->beside[cell])
                *top++ = (score_step){node, 1ULL << cell, (uint32_t)cell, mode};
        }
    }
    search_open(&o, nodes, s, stack, top, found, extra, bmi);
    const int32_t *points = s->points;
    const int longest = n < s->points_len ? n : s->points_len - 1;
    for (int j = 0; j < n_faces; j++) {
        int64_t score = 0;
        for (int k = 0; k <= longest; k++) score += (int64_t)(found[k] + extra[j][k]) * points[k];
        scores[j] = score;
    }
}

static void score_open_plain(const bn_trie *trie, const bn_board *board, int open,
                             const uint8_t *letters, int n_faces, bn_scratch *s,
                             int64_t *scores) {
    score_open(trie, board, open, letters, n_faces, s, scores, 0);
}

#if BN_BMI_CLONE
__attribute__((target("bmi,bmi2"))) static void score_open_bmi(
    const bn_trie *trie, const bn_board *board, int open, const uint8_t *letters, int n_faces,
    bn_scratch *s, int64_t *scores) {
    score_open(trie, board, open, letters, n_faces, s, scores, 1);
}
#endif

/* Words with paths, or boards over 64 cells: a plain depth-first search over
 * the neighbour table, recording each new word and its path when asked. */
typedef struct {
    const bn_node *nodes;
    const int32_t *node_word;
    const uint8_t *faces;
    const int32_t *neighbours;
    uint8_t *used;
    bn_scratch *s;
    int min_len;
    int64_t score;
    int depth;   /* cells on the path */
} dfs_state;

/* Keep a word found and the first `cells` cells of the current path. */
static int record_found(bn_scratch *s, int32_t word, int cells) {
    if (s->n_found == s->found_cap) {
        size_t cap = s->found_cap ? s->found_cap * 2 : 256;
        int32_t *w = realloc(s->found_words, cap * sizeof(int32_t));
        if (w) s->found_words = w;
        int32_t *p = realloc(s->found_path_start, (cap + 1) * sizeof(int32_t));
        if (p) s->found_path_start = p;
        if (!w || !p) return -1;
        s->found_cap = cap;
    }
    if (s->cells_len + (size_t)cells > s->cells_cap) {
        size_t cap = s->cells_cap ? s->cells_cap * 2 : 2048;
        while (cap < s->cells_len + (size_t)cells) cap *= 2;
        int32_t *c = realloc(s->found_cells, cap * sizeof(int32_t));
        if (!c) return -1;
        s->found_cells = c;
        s->cells_cap = cap;
    }
    s->found_words[s->n_found] = word;
    s->found_path_start[s->n_found] = (int32_t)s->cells_len;
    memcpy(s->found_cells + s->cells_len, s->path, (size_t)cells * sizeof(int32_t));
    s->cells_len += (size_t)cells;
    s->n_found++;
    s->found_path_start[s->n_found] = (int32_t)s->cells_len;
    return 0;
}

static void dfs(dfs_state *st, int cell, uint32_t index, int letters) {
    bn_node node = st->nodes[index];
    if ((node.bits & BN_WORD_BIT) && letters >= st->min_len && mark_node(st->s, index)) {
        st->score += st->s->points[letters];
        if (st->s->record && record_found(st->s, st->node_word[index], st->depth) < 0)
            st->s->oom = 1;
    }
    if (!LETTERS(node.bits)) return;
    st->used[cell] = 1;
    const int32_t *nb = &st->neighbours[cell * 8];
    for (int k = 0; k < 8; k++) {
        int next = nb[k];
        if (next < 0) break;
        if (st->used[next]) continue;
        int more = letters;
        int64_t child = follow(st->nodes, index, node, &st->faces[next * BN_FACE_MAX], &more);
        if (child < 0) continue;
        if (st->s->record) st->s->path[st->depth] = next;
        st->depth++;
        dfs(st, next, (uint32_t)child, more);
        st->depth--;
    }
    st->used[cell] = 0;
}

int64_t bn_solve(const bn_trie *trie, const bn_board *board, bn_scratch *s,
                 int min_len, const int32_t *points, int max_len) {
    if (prepare_board(s, trie, board, min_len, points, max_len) < 0) return BN_SOLVE_FAILED;
    if (s->record) {
        int need = trie->longest + 2;
        if (need > s->path_cap) {
            free(s->path);
            s->path = malloc((size_t)need * sizeof(int32_t));
            if (!s->path) { s->path_cap = 0; return BN_SOLVE_FAILED; }
            s->path_cap = need;
        }
        s->n_found = 0;
        s->cells_len = 0;
    }
    int64_t score;
    if (board->n <= 64 && !s->record) {
#if BN_BMI_CLONE
        if (s->fast_bits) score = score_small_bmi(trie, board, s);
        else
#endif
            score = score_small_plain(trie, board, s);
    } else {
        s->oom = 0;
        dfs_state st = {trie->nodes, trie->node_word, board->faces, s->neighbours, s->used,
                        s, min_len, 0, 0};
        for (int cell = 0; cell < board->n; cell++) {
            int letters = 0;
            int64_t node = follow(trie->nodes, 0, trie->nodes[0], &board->faces[cell * BN_FACE_MAX],
                                  &letters);
            if (node < 0) continue;
            if (s->record) s->path[0] = cell;
            st.depth = 1;
            dfs(&st, cell, (uint32_t)node, letters);
        }
        score = s->oom ? BN_SOLVE_FAILED : st.score;
    }
    return score;
}

/* Whether bn_solve_open's one search takes this board (at most 64 cells, one letter a cell
 * but the open one's, no recording). */
static int open_search_fits(const bn_board *board, int open, const bn_scratch *s) {
    if (board->n > 64 || s->record) return 0;
    for (int cell = 0; cell < board->n; cell++)
        if (cell != open && board->faces[cell * BN_FACE_MAX + 1] != BN_NO_LETTER &&
            board->faces[cell * BN_FACE_MAX] < BN_MAX_LETTERS)
            return 0;
    return 1;
}

int bn_solve_open(const bn_trie *trie, const bn_board *board, int open, const uint8_t *faces,
                  int n_faces, bn_scratch *s, int min_len, const int32_t *points, int max_len,
                  int64_t *scores) {
    uint8_t letters[BN_OPEN_MAX_FACES]; /* the faces of one letter searched together... */
    int64_t together[BN_OPEN_MAX_FACES];
    int at[BN_OPEN_MAX_FACES], m = 0;   /* ...and their places in `faces` */
    uint32_t seen = 0, alone = 0;       /* letters taken; the faces solved alone */
    if (n_faces > BN_OPEN_MAX_FACES) return BN_BAD_INPUT;
    const int fits = open_search_fits(board, open, s);
    for (int j = 0; j < n_faces; j++) {
        const uint8_t *face = &faces[j * BN_FACE_MAX];
        if (fits && face[1] == BN_NO_LETTER && face[0] < BN_MAX_LETTERS &&
            !(seen >> face[0] & 1u)) {
            seen |= 1u << face[0];
            letters[m] = face[0];
            at[m++] = j;
        } else {
            alone |= 1u << j;
        }
    }
    if (m == 1) { /* one face: the kernel's own search */
        alone |= 1u << at[0];
        m = 0;
    }
    if (m) {
        if (prepare_board(s, trie, board, min_len, points, max_len) < 0) return BN_NO_MEMORY;
        s->oom = 0;
#if BN_BMI_CLONE
        if (s->fast_bits) score_open_bmi(trie, board, open, letters, m, s, together);
        else
#endif
            score_open_plain(trie, board, open, letters, m, s, together);
        if (s->oom) return BN_NO_MEMORY;
        for (int i = 0; i < m; i++) scores[at[i]] = together[i];
    }
    if (!alone) return BN_OK;
    const size_t size = (size_t)board->n * BN_FACE_MAX;
    uint8_t *work = board->n <= 64 ? s->open_board : malloc(size);
    if (!work) return BN_NO_MEMORY;
    memcpy(work, board->faces, size);
    bn_board one = {board->rows, board->cols, board->n, work};
    int status = BN_OK;
    for (; alone && status == BN_OK; alone &= alone - 1) {
        const int j = bits_ctz32(alone);
        memcpy(work + (size_t)open * BN_FACE_MAX, &faces[j * BN_FACE_MAX], BN_FACE_MAX);
        scores[j] = bn_solve(trie, &one, s, min_len, points, max_len);
        if (scores[j] == BN_SOLVE_FAILED) status = BN_NO_MEMORY;
    }
    if (work != s->open_board) free(work);
    return status;
}

/* ------------------------------------------------- two cells open (bn_solve_pairs) */

/* The search of score_open with two cells open, `first` and `last`, for a set of pairs of
 * their faces (at most 64 boards).  A step's `letters` field holds its mode: the face index
 * + 1 the path took at `first` (0 while it avoids it) in its low byte, that at `last` in
 * the next (and, on a board with multi-letter faces, the letters of the path from bit 16).
 * The boards a path's word counts for are row[low byte] & col[next byte]: every pair while
 * it avoids both, the pairs of its face at one cell once it went through it, the one pair
 * of both faces once through both (none when that pair was not asked for: the path goes no
 * further).  pair_marks[node] holds the pairs that counted the word. */
typedef struct {
    board_tables t;
    uint32_t mode_first[32];  /* per letter: its face's index + 1 at `first`, else 0 */
    uint32_t mode_last[32];   /* the same at `last`, shifted left by 8 */
    uint64_t row[BN_OPEN_MAX_FACES + 1]; /* [0]: every pair; [a + 1]: the pairs of face a */
    uint64_t col[BN_OPEN_MAX_FACES + 1]; /* the same for the faces of `last` */
    uint64_t opens;           /* the two open cells */
    uint32_t first, last;
    uint32_t multi_first, multi_last; /* the multi-letter faces some pair takes, by index */
    const uint8_t *faces, *first_faces, *last_faces; /* the board's, each open cell's */
} pair_tables;

#define PAIR_MODE 0xffffu   /* a step's mode, below its letters */
#define PAIR_LETTERS 16     /* where a step's letters start (boards with multi-letter faces) */
#define PAIR_MULTI 254      /* pair_letters: a multi-letter face the search takes */
#define PAIR_ALONE 255      /* pair_letters: a face whose boards are solved alone */

static BN_ALWAYS_INLINE uint64_t pairs_of_mode(const pair_tables *o, uint32_t mode) {
    return o->row[mode & 0xffu] & o->col[(mode >> 8) & 0xffu];
}

/* Counts the word at node `index` (if new for some of `want`, of `length` letters):
 * found[length] when it counts for every pair (taking back the pairs that had counted it),
 * else extra[j] += its points for each pair j new to it. */
static BN_ALWAYS_INLINE void count_pairs(uint16_t *stamps, uint64_t *marks, uint16_t stamp,
                                         uint32_t index, uint64_t want, uint64_t all,
                                         uint32_t length, int32_t *found, int64_t *extra,
                                         const int32_t *points) {
    const uint64_t had = stamps[index] == stamp ? marks[index] : 0;
    uint64_t fresh = want & ~had;
    if (!fresh) return;
    stamps[index] = stamp;
    marks[index] = had | want;
    if (want == all) {
        found[length]++;
        for (uint64_t alone = had; alone; alone &= alone - 1)
            extra[BN_CTZ64(alone)] -= points[length];
        return;
    }
    for (; fresh; fresh &= fresh - 1) extra[BN_CTZ64(fresh)] += points[length];
}

/* The steps from node `node` (a path of `length` letters in mode `mode`, the cells `used`)
 * into the multi-letter faces next to it, `free` its free neighbours: those of the board's
 * cells and those of the open cells that some pair with the path's faces takes.  Returns
 * the new top of the stack. */
static BN_ALWAYS_INLINE score_step *into_multi(const pair_tables *o, const bn_node *nodes,
                                               bn_scratch *s, score_step *top, bn_node node,
                                               uint64_t used, uint64_t free, uint32_t mode,
                                               uint32_t length, uint64_t all, int32_t *found,
                                               int64_t *extra) {
    const board_tables *t = &o->t;
    for (uint64_t multi = free & t->multi_cells; multi; multi &= multi - 1) {
        const uint32_t c = (uint32_t)BN_CTZ64(multi);
        int more = (int)length;
        const int64_t index = follow(nodes, -1, node, &o->faces[c * BN_FACE_MAX], &more);
        if (index < 0) continue;
        const bn_node child = nodes[index];
        if (child.bits & BN_WORD_BIT)
            count_pairs(s->stamps, s->pair_marks, s->board_stamp, (uint32_t)index,
                        pairs_of_mode(o, mode), all, (uint32_t)more, found, extra, s->points);
        if (child.bits & t->reach[c])
            *top++ = (score_step){child, used | (1ULL << c), c,
                                  mode | (uint32_t)more << PAIR_LETTERS};
    }
    for (int side = 0; side < 2; side++) {
        const uint32_t c = side ? o->last : o->first;
        if (!(free >> c & 1u)) continue;
        const uint8_t *faces = side ? o->last_faces : o->first_faces;
        for (uint32_t left = side ? o->multi_last : o->multi_first; left; left &= left - 1) {
            const uint32_t a = (uint32_t)BN_CTZ32(left);
            const uint32_t m = mode | (a + 1) << (side ? 8 : 0);
            const uint64_t want = pairs_of_mode(o, m);
            if (!want) continue;
            int more = (int)length;
            const int64_t index = follow(nodes, -1, node, &faces[a * BN_FACE_MAX], &more);
            if (index < 0) continue;
            const bn_node child = nodes[index];
            if (child.bits & BN_WORD_BIT)
                count_pairs(s->stamps, s->pair_marks, s->board_stamp, (uint32_t)index, want,
                            all, (uint32_t)more, found, extra, s->points);
            if (child.bits & t->reach[c])
                *top++ = (score_step){child, used | (1ULL << c), c,
                                      m | (uint32_t)more << PAIR_LETTERS};
        }
    }
    return top;
}

/* `with_multi` is a constant in each copy, as in search: a board with no multi-letter face
 * counts a path's letters by its cells. */
static BN_ALWAYS_INLINE void search_pairs(const pair_tables *o, const bn_node *nodes,
                                          bn_scratch *s, score_step *stack, score_step *top,
                                          uint64_t all, int32_t *found, int64_t *extra,
                                          const int with_multi, const int bmi) {
    const board_tables *t = &o->t;
    const uint32_t *reach = with_multi ? t->reach : t->beside;
    uint16_t *const stamps = s->stamps;
    uint64_t *const marks = s->pair_marks;
    const uint16_t stamp = s->board_stamp;
    const int32_t *const points = s->points;
    const uint64_t opens = o->opens, first_bit = 1ULL << o->first;
    while (top != stack) {
        --top;
        const bn_node node = top->node;
        const uint64_t used = top->used;
        const uint32_t at = top->cell;
        const uint32_t mode = with_multi ? top->letters & PAIR_MODE : top->letters;
        const uint64_t open = t->near[at] & ~used;
        const uint32_t first = node.first - !bmi;
        const uint32_t depth = with_multi ? (top->letters >> PAIR_LETTERS) + 1
                                          : (uint32_t)BN_POPCOUNT64(used) + 1;
        const uint32_t carry = with_multi ? depth << PAIR_LETTERS : 0;
        uint32_t next = node.bits & t->beside[at];
        while (next) {
            uint32_t letter = (uint32_t)BN_CTZ32(next);
            uint32_t rank_mask = bmi ? (1u << letter) - 1 : next ^ (next - 1);
            next &= next - 1;
            uint64_t to = open & t->letter_cells[letter];
            if (!to) continue;
            uint32_t index = first + BN_POPCOUNT(node.bits & rank_mask);
            const bn_node child = nodes[index];
            /* the modes of the cells it goes to: this one's, or with a face of an open cell */
            const uint32_t into_first = mode | o->mode_first[letter];
            const uint32_t into_last = mode | o->mode_last[letter];
            if (child.bits & BN_WORD_BIT) {
                if (to & ~opens)
                    count_pairs(stamps, marks, stamp, index, pairs_of_mode(o, mode), all, depth,
                                found, extra, points);
                if (to & opens & first_bit)
                    count_pairs(stamps, marks, stamp, index, pairs_of_mode(o, into_first), all,
                                depth, found, extra, points);
                if (to & opens & ~first_bit)
                    count_pairs(stamps, marks, stamp, index, pairs_of_mode(o, into_last), all,
                                depth, found, extra, points);
            }
            do {
                uint32_t c = (uint32_t)BN_CTZ64(to);
                to &= to - 1;
                uint32_t m = mode;
                int goes_on = (child.bits & reach[c]) != 0;
                if (BN_UNLIKELY(opens >> c & 1u)) {
                    m = c == o->first ? into_first : into_last;
                    goes_on &= pairs_of_mode(o, m) != 0;
                }
                top->node = child;
                top->used = used | (1ULL << c);
                top->cell = c;
                top->letters = m | carry;
                top += goes_on;
            } while (to);
        }
        if (with_multi)
            top = into_multi(o, nodes, s, top, node, used, open, mode, depth - 1, all, found,
                             extra);
    }
}

/* The roots (at most 64 cells, and each open cell once per face), then at most 8 per step
 * on a path of at most 64 cells, and each open cell's faces from its 8 neighbours. */
#define BN_PAIR_STEPS (64 + 2 * BN_OPEN_MAX_FACES + 64 * 8 + 16 * BN_OPEN_MAX_FACES + 1)

/* A path's letters at the most: every cell's face of BN_FACE_MAX letters. */
#define BN_PAIR_LETTERS (64 * BN_FACE_MAX)

/* bn_solve_pairs' search, boards of at most 64 cells: pair j is face first_faces[pairs[2j]]
 * at `first` and last_faces[pairs[2j + 1]] at `last`, whose letters first_letters and
 * last_letters give (pair_letters: a single letter, each once a cell, or PAIR_MULTI). */
static BN_ALWAYS_INLINE void score_pairs(const bn_trie *trie, const bn_board *board, int first,
                                         const uint8_t *first_faces,
                                         const uint8_t *first_letters, int last,
                                         const uint8_t *last_faces, const uint8_t *last_letters,
                                         const uint8_t *pairs, int n_pairs, bn_scratch *s,
                                         int64_t *scores, const int bmi) {
    pair_tables o;
    board_tables *t = &o.t;
    const int n = board->n, rows = board->rows, cols = board->cols, wide = cols + 2;
    uint32_t grid[BN_GRID], across[BN_GRID];
    memset(grid, 0, (size_t)((rows + 2) * wide) * sizeof(uint32_t));
    memset(t->letter_cells, 0, sizeof t->letter_cells);
    memset(o.mode_first, 0, sizeof o.mode_first);
    memset(o.mode_last, 0, sizeof o.mode_last);
    memcpy(t->near, s->near, (size_t)n * sizeof(uint64_t));
    t->multi_cells = 0;
    for (int cell = 0, r = 0, c = 0; cell < n; cell++) {
        const uint8_t *face = &board->faces[cell * BN_FACE_MAX];
        if (cell != first && cell != last && face[0] < BN_MAX_LETTERS) {
            if (face[1] == BN_NO_LETTER) {
                grid[(r + 1) * wide + c + 1] = 1u << face[0];
                t->letter_cells[face[0]] |= 1ULL << cell;
            } else {
                t->multi_cells |= 1ULL << cell;
            }
        }
        if (++c == cols) { c = 0; r++; }
    }
    for (int i = 1; i < (rows + 2) * wide - 1; i++) across[i] = grid[i - 1] | grid[i] | grid[i + 1];
    for (int r = 0, cell = 0; r < rows; r++)
        for (int c = 0, i = (r + 1) * wide + 1; c < cols; c++, i++, cell++)
            t->beside[cell] = across[i - wide] | across[i + wide] | grid[i - 1] | grid[i + 1];
    const uint64_t all = n_pairs == 64 ? ~0ULL : (1ULL << n_pairs) - 1;
    memset(o.row, 0, sizeof o.row);
    memset(o.col, 0, sizeof o.col);
    o.row[0] = o.col[0] = all;
    uint32_t letters_first = 0, letters_last = 0; /* the letters of faces some pair takes */
    o.multi_first = o.multi_last = 0;
    for (int j = 0; j < n_pairs; j++) {
        const uint8_t a = pairs[2 * j], b = pairs[2 * j + 1];
        o.row[a + 1] |= 1ULL << j;
        o.col[b + 1] |= 1ULL << j;
        if (first_letters[a] == PAIR_MULTI) {
            o.multi_first |= 1u << a;
        } else {
            letters_first |= 1u << first_letters[a];
            o.mode_first[first_letters[a]] = (uint32_t)a + 1;
        }
        if (last_letters[b] == PAIR_MULTI) {
            o.multi_last |= 1u << b;
        } else {
            letters_last |= 1u << last_letters[b];
            o.mode_last[last_letters[b]] = ((uint32_t)b + 1) << 8;
        }
    }
    for (uint32_t l = letters_first; l; l &= l - 1) t->letter_cells[BN_CTZ32(l)] |= 1ULL << first;
    for (uint32_t l = letters_last; l; l &= l - 1) t->letter_cells[BN_CTZ32(l)] |= 1ULL << last;
    for (uint64_t near = t->near[first]; near; near &= near - 1)
        t->beside[BN_CTZ64(near)] |= letters_first;
    for (uint64_t near = t->near[last]; near; near &= near - 1)
        t->beside[BN_CTZ64(near)] |= letters_last;
    o.first = (uint32_t)first;
    o.last = (uint32_t)last;
    o.opens = (1ULL << first) | (1ULL << last);
    o.faces = board->faces;
    o.first_faces = first_faces;
    o.last_faces = last_faces;
    const int with_multi = t->multi_cells || o.multi_first || o.multi_last;
    if (with_multi) { /* reach: beside and the first letters of the multi-letter faces */
        memcpy(t->reach, t->beside, (size_t)n * sizeof(uint32_t));
        for (uint64_t multi = t->multi_cells; multi; multi &= multi - 1) {
            const int cell = BN_CTZ64(multi);
            const uint32_t bit = 1u << board->faces[cell * BN_FACE_MAX];
            for (uint64_t near = t->near[cell]; near; near &= near - 1)
                t->reach[BN_CTZ64(near)] |= bit;
        }
        uint32_t firsts = 0, lasts = 0;
        for (uint32_t left = o.multi_first; left; left &= left - 1)
            firsts |= 1u << first_faces[BN_CTZ32(left) * BN_FACE_MAX];
        for (uint32_t left = o.multi_last; left; left &= left - 1)
            lasts |= 1u << last_faces[BN_CTZ32(left) * BN_FACE_MAX];
        for (uint64_t near = t->near[first]; near; near &= near - 1)
            t->reach[BN_CTZ64(near)] |= firsts;
        for (uint64_t near = t->near[last]; near; near &= near - 1)
            t->reach[BN_CTZ64(near)] |= lasts;
    }
    const uint32_t *reach = with_multi ? t->reach : t->beside;
    if (!s->pair_marks) { /* the stamps say which marks hold: none are read before set */
        s->pair_marks = malloc(((size_t)s->n_nodes + 1) * sizeof(uint64_t));
        if (!s->pair_marks) { s->oom = 1; return; }
    }
    const bn_node *nodes = trie->nodes;
    const bn_node root = nodes[0];
    const int32_t *points = s->points;
    /* the longest path's letters: a cell's (each face one letter) or its faces' */
    const int letters = with_multi ? n * BN_FACE_MAX : n;
    const int longest = letters < s->points_len ? letters : s->points_len - 1;
    int32_t found[BN_PAIR_LETTERS + 1];
    int64_t extra[64];
    memset(found, 0, (size_t)(longest + 1) * sizeof(int32_t));
    memset(extra, 0, (size_t)n_pairs * sizeof(int64_t));
    score_step stack[BN_PAIR_STEPS];
    score_step *top = stack;
    const uint32_t one_letter = with_multi ? 1u << PAIR_LETTERS : 0;
    for (int cell = 0, r = 0, c = 0; cell < n; cell++) {
        uint32_t bit = cell == first  ? letters_first
                       : cell == last ? letters_last
                                      : grid[(r + 1) * wide + c + 1];
        if (++c == cols) { c = 0; r++; }
        for (bit &= root.bits; bit; bit &= bit - 1) {
            const uint32_t letter = (uint32_t)BN_CTZ32(bit);
            const uint32_t start = root.first + BN_POPCOUNT(root.bits & ((1u << letter) - 1));
            const uint32_t mode = cell == first  ? o.mode_first[letter]
                                  : cell == last ? o.mode_last[letter]
                                                 : 0;
            const bn_node node = nodes[start];
            if (node.bits & BN_WORD_BIT)
                count_pairs(s->stamps, s->pair_marks, s->board_stamp, start,
                            pairs_of_mode(&o, mode), all, 1, found, extra, points);
            if (LETTERS(node.bits) & reach[cell])
                *top++ = (score_step){node, 1ULL << cell, (uint32_t)cell, mode | one_letter};
        }
    }
    if (with_multi) { /* the multi-letter faces as roots: the steps from the root into them */
        top = into_multi(&o, nodes, s, top, root, 0, n == 64 ? ~0ULL : (1ULL << n) - 1, 0, 0,
                         all, found, extra);
        search_pairs(&o, nodes, s, stack, top, all, found, extra, 1, bmi);
    } else {
        search_pairs(&o, nodes, s, stack, top, all, found, extra, 0, bmi);
    }
    int64_t shared = 0;
    for (int k = 0; k <= longest; k++) shared += (int64_t)found[k] * points[k];
    for (int j = 0; j < n_pairs; j++) scores[j] = shared + extra[j];
}

static void score_pairs_plain(const bn_trie *trie, const bn_board *board, int first,
                              const uint8_t *first_faces, const uint8_t *first_letters, int last,
                              const uint8_t *last_faces, const uint8_t *last_letters,
                              const uint8_t *pairs, int n_pairs, bn_scratch *s, int64_t *scores) {
    score_pairs(trie, board, first, first_faces, first_letters, last, last_faces, last_letters,
                pairs, n_pairs, s, scores, 0);
}

#if BN_BMI_CLONE
__attribute__((target("bmi,bmi2"))) static void score_pairs_bmi(
    const bn_trie *trie, const bn_board *board, int first, const uint8_t *first_faces,
    const uint8_t *first_letters, int last, const uint8_t *last_faces,
    const uint8_t *last_letters, const uint8_t *pairs, int n_pairs, bn_scratch *s,
    int64_t *scores) {
    score_pairs(trie, board, first, first_faces, first_letters, last, last_faces, last_letters,
                pairs, n_pairs, s, scores, 1);
}
#endif

/* What the pair search makes of each face of `faces`: its letter index (one letter, used by
 * some word, the first face of its letter), PAIR_MULTI (several letters, the first used by
 * some word, the first such face), else PAIR_ALONE: its boards are solved alone. */
static void pair_letters(const uint8_t *faces, int n_faces, uint8_t *letters) {
    uint32_t seen = 0;
    for (int j = 0; j < n_faces; j++) {
        const uint8_t *face = &faces[j * BN_FACE_MAX];
        letters[j] = PAIR_ALONE;
        if (face[0] >= BN_MAX_LETTERS) continue;
        if (face[1] == BN_NO_LETTER) {
            if (seen >> face[0] & 1u) continue;
            seen |= 1u << face[0];
            letters[j] = face[0];
            continue;
        }
        int again = 0;
        for (int i = 0; i < j && !again; i++)
            again = letters[i] == PAIR_MULTI &&
                    memcmp(&faces[i * BN_FACE_MAX], face, BN_FACE_MAX) == 0;
        if (!again) letters[j] = PAIR_MULTI;
    }
}

int bn_solve_pairs(const bn_trie *trie, const bn_board *board, int first,
                   const uint8_t *first_faces, int n_first, int last, const uint8_t *last_faces,
                   int n_last, const uint8_t *pairs, int n_pairs, bn_scratch *s, int min_len,
                   const int32_t *points, int max_len, int64_t *scores) {
    if (n_first < 0 || n_first > BN_OPEN_MAX_FACES || n_last < 0 ||
        n_last > BN_OPEN_MAX_FACES || n_pairs < 0 || n_pairs > BN_PAIRS_MAX || first == last ||
        first < 0 || last < 0 || first >= board->n || last >= board->n)
        return BN_BAD_INPUT;
    for (int j = 0; j < n_pairs; j++)
        if (pairs[2 * j] >= n_first || pairs[2 * j + 1] >= n_last) return BN_BAD_INPUT;
    uint8_t first_letters[BN_OPEN_MAX_FACES], last_letters[BN_OPEN_MAX_FACES];
    uint8_t together[2 * BN_PAIRS_MAX]; /* the pairs searched together... */
    int at[BN_PAIRS_MAX], m = 0;       /* ...and their places in `pairs` */
    uint64_t alone = 0;                /* the pairs solved board by board */
    pair_letters(first_faces, n_first, first_letters);
    pair_letters(last_faces, n_last, last_letters);
    const int fits = board->n <= 64 && !s->record;
    for (int j = 0; j < n_pairs; j++) {
        const uint8_t a = pairs[2 * j], b = pairs[2 * j + 1];
        if (fits && first_letters[a] != PAIR_ALONE && last_letters[b] != PAIR_ALONE) {
            together[2 * m] = a;
            together[2 * m + 1] = b;
            at[m++] = j;
        } else {
            alone |= 1ULL << j;
        }
    }
    if (m == 1) { /* one board: the kernel's own search */
        alone |= 1ULL << at[0];
        m = 0;
    }
    if (m) {
        int64_t got[BN_PAIRS_MAX];
        if (prepare_board(s, trie, board, min_len, points, max_len) < 0) return BN_NO_MEMORY;
        s->oom = 0;
#if BN_BMI_CLONE
        if (s->fast_bits)
            score_pairs_bmi(trie, board, first, first_faces, first_letters, last, last_faces,
                            last_letters, together, m, s, got);
        else
#endif
            score_pairs_plain(trie, board, first, first_faces, first_letters, last, last_faces,
                              last_letters, together, m, s, got);
        if (s->oom) return BN_NO_MEMORY;
        for (int i = 0; i < m; i++) scores[at[i]] = got[i];
    }
    if (!alone) return BN_OK;
    const size_t size = (size_t)board->n * BN_FACE_MAX;
    uint8_t *work = board->n <= 64 ? s->open_board : malloc(size);
    if (!work) return BN_NO_MEMORY;
    memcpy(work, board->faces, size);
    bn_board one = {board->rows, board->cols, board->n, work};
    int status = BN_OK;
    for (; alone && status == BN_OK; alone &= alone - 1) {
        const int j = bits_ctz64(alone);
        memcpy(work + (size_t)first * BN_FACE_MAX, &first_faces[pairs[2 * j] * BN_FACE_MAX],
               BN_FACE_MAX);
        memcpy(work + (size_t)last * BN_FACE_MAX, &last_faces[pairs[2 * j + 1] * BN_FACE_MAX],
               BN_FACE_MAX);
        scores[j] = bn_solve(trie, &one, s, min_len, points, max_len);
        if (scores[j] == BN_SOLVE_FAILED) status = BN_NO_MEMORY;
    }
    if (work != s->open_board) free(work);
    return status;
}

/* ---------------------------------------------------------------- parse */

static inline int is_separator(unsigned char ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v' ||
           ch == '/' || ch == ',';
}

/* The common form: one face letter per cell, nothing else (a square board);
 * 0 when `text` is that, else -1 and the full parser reads it. */
static int parse_plain(const bn_faces *faces, const char *text, size_t n, uint8_t **buffer,
                       size_t *buffer_cap, bn_board *out, int max_side) {
    if (n * BN_FACE_MAX > *buffer_cap) {
        uint8_t *grown = realloc(*buffer, n * BN_FACE_MAX);
        if (!grown) return -1;
        *buffer = grown;
        *buffer_cap = n * BN_FACE_MAX;
    }
    uint8_t *cells = *buffer;
    for (size_t i = 0; i < n; i++) {
        uint8_t face = faces->face_of_char[(unsigned char)text[i]];
        if (face == 255) return -1;
        memcpy(cells + i * BN_FACE_MAX, faces->face_letters[face], BN_FACE_MAX);
    }
    int side = 0;
    while ((size_t)(side + 1) * (size_t)(side + 1) <= n) side++;
    if ((size_t)side * (size_t)side != n || side > max_side) return -1;
    out->rows = out->cols = side;
    out->n = (int)n;
    out->faces = cells;
    return 0;
}

int bn_parse_board(const bn_faces *faces, const char *text, size_t len, uint8_t **buffer,
                   size_t *buffer_cap, bn_board *out, int max_side, int max_cells) {
    size_t begin = 0, end = len;
    while (begin < end && (text[begin] == ' ' || (text[begin] >= '\t' && text[begin] <= '\r')))
        begin++;
    while (end > begin && (text[end - 1] == ' ' || (text[end - 1] >= '\t' && text[end - 1] <= '\r')))
        end--;
    if (begin == end) return -1;
    if (end - begin <= (size_t)max_cells && parse_plain(faces, text + begin, end - begin, buffer,
                                                        buffer_cap, out, max_side) == 0)
        return 0;
    int explicit_rows = 0;
    int rows = 0, cols = -1, n = 0, row_len = 0;
    size_t i = begin;
    while (i < end) {
        unsigned char ch = (unsigned char)text[i];
        if (is_separator(ch)) {
            explicit_rows = 1;
            if (row_len) {
                if (cols >= 0 && row_len != cols) return -1;
                cols = row_len;
                rows++;
                row_len = 0;
            }
            i++;
            continue;
        }
        int face;
        if (ch == '[') {
            size_t close = i + 1;
            char name[BN_FACE_MAX + 1];
            int k = 0;
            while (close < end && text[close] != ']') {
                unsigned char c = (unsigned char)text[close];
                if (k >= BN_FACE_MAX) return -1;
                if (c >= 'A' && c <= 'Z') c = (unsigned char)(c - 'A' + 'a');
                name[k++] = (char)c;
                close++;
            }
            if (close >= end) return -1;
            name[k] = 0;
            face = -1;
            if (k == 1 && name[0] == 'q') face = faces->face_of_char['q'];
            else if (k == 1 && faces->face_of_char[(unsigned char)name[0]] != 255)
                face = faces->face_of_char[(unsigned char)name[0]];
            for (int m = 0; face < 0 && m < faces->n_multi; m++)
                if (strcmp(name, faces->multi[m]) == 0) face = faces->multi_face[m];
            if (face < 0) return -1;
            i = close + 1;
        } else {
            face = faces->face_of_char[ch];
            if (face == 255) return -1;
            i++;
        }
        if ((size_t)(n + 1) * BN_FACE_MAX > *buffer_cap) {
            size_t cap = *buffer_cap ? *buffer_cap * 2 : 256;
            uint8_t *grown = realloc(*buffer, cap);
            if (!grown) return -1;
            *buffer = grown;
            *buffer_cap = cap;
        }
        memcpy(*buffer + (size_t)n * BN_FACE_MAX, faces->face_letters[face], BN_FACE_MAX);
        n++;
        row_len++;
        if (n > max_cells) return -1;
    }
    if (row_len) {
        if (cols >= 0 && row_len != cols) return -1;
        cols = row_len;
        rows++;
    }
    if (n == 0) return -1;
    if (rows == 1 && !explicit_rows) {
        int side = 0;
        while ((side + 1) * (side + 1) <= n) side++;
        if (side * side != n) return -1;
        rows = cols = side;
    }
    if (rows > max_side || cols > max_side) return -1;
    out->rows = rows;
    out->cols = cols;
    out->n = n;
    out->faces = *buffer;
    return 0;
}
