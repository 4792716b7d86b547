/* The compiled core of boggle: a compact trie and a depth-first solver.
 *
 * Pure C, no Python: module.c binds it.  A trie node is 8 bytes: a mask of the
 * letters that follow it (bits 0..30) with bit 31 set when a word ends there,
 * and the index of its first child.  Children sit side by side in letter
 * order, so the child for letter L is at first + popcount(mask & ((1 << L) - 1)).
 * Nodes are laid out level by level, so the short prefixes every board visits
 * share a few cache lines.
 */
#ifndef BOGGLE_KERNEL_H
#define BOGGLE_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#define BN_MAX_LETTERS 31       /* alphabet size the masks can hold */
#define BN_WORD_BIT 0x80000000u
#define BN_FACE_MAX 4           /* letters on one face */
#define BN_NO_LETTER 255        /* padding after the last letter of a face */
#define BN_DEAD_LETTER 254      /* a letter the word list never uses */
#define BN_SILENT 0x40          /* in a face: this trie letter continues the previous board letter */
#define BN_MAX_CELLS (1 << 24)  /* cells of the largest board an entry point takes */

/* Whether rows x cols is a board of 1 to max_cells cells, checked before any product is
 * formed: no int overflows whatever numbers a caller passes (each entry point checks its
 * shape with this before any arithmetic on it). */
static inline int bn_shape_ok(int rows, int cols, int max_cells) {
    return rows >= 1 && cols >= 1 && rows <= max_cells && cols <= max_cells &&
           (int64_t)rows * (int64_t)cols <= (int64_t)max_cells;
}

typedef struct {
    uint32_t bits;   /* bit L set when a child for letter L exists; BN_WORD_BIT: a word ends */
    uint32_t first;  /* index of the first child */
} bn_node;

typedef struct {
    bn_node *nodes;
    int32_t *node_word; /* id of the word ending at each node, or -1 */
    uint32_t n_nodes;
    uint32_t n_words;
    int longest;        /* letters in the longest word */
    int alphabet_size;
} bn_trie;

/* A board: faces as letter indices (BN_FACE_MAX per cell, padded with BN_NO_LETTER). */
typedef struct {
    int rows, cols, n;
    const uint8_t *faces;
} bn_board;

/* Per-thread scratch: word marks (so each word counts once) and search state. */
typedef struct {
    uint16_t *stamps;     /* per trie node: the number of the board that last found its word */
    uint16_t board_stamp; /* this board's number (all stamps reset when it wraps) */
    uint32_t n_nodes;
    int32_t *points;     /* points by word length under the current rules, 0 below the minimum */
    int points_cap, points_len;
    int32_t *rules_points; /* the rules `points` was made from: their table, minimum, longest */
    int rules_cap, rules_min_len, rules_max_len;
    uint8_t *used;
    int32_t *neighbours; /* 8 per cell, -1 padded */
    uint64_t near[64];   /* boards of up to 64 cells: the neighbours of each cell as a mask */
    int capacity;        /* cells the buffers hold */
    int shape_rows, shape_cols; /* the shape the neighbour tables are for */
    int32_t *path;
    int path_cap;
    /* found words (only when recording): word ids and their paths, flattened */
    int32_t *found_words;
    int32_t *found_path_start;
    int32_t *found_cells;
    size_t n_found, found_cap, cells_len, cells_cap;
    int record;
    int oom;
    int fast_bits;       /* the processor has BMI1 and BMI2: bn_solve uses its copy of the search */
    uint32_t *open_marks; /* bn_solve_open, per trie node: the faces whose board found its word
                             (valid where stamps holds this board's number); made on first use */
    uint64_t *pair_marks; /* bn_solve_pairs, per trie node: the pairs whose board found its
                             word (valid where stamps holds this board's number); made on first use */
    uint8_t open_board[64 * BN_FACE_MAX]; /* bn_solve_open: a board solved face by face */
} bn_scratch;

/* Status codes of bn_trie_build. */
#define BN_OK 0
#define BN_NO_MEMORY (-1)
#define BN_BAD_INPUT (-2)  /* an empty word, a letter outside the alphabet, words out of order */
#define BN_INTERRUPTED (-3) /* a loop over many boards (search_module.c) stopped for Ctrl-C */

/* Build from words sorted in letter-index order: letters[offsets[i] .. offsets[i+1]).
 * Checks its input: returns BN_OK, BN_NO_MEMORY or BN_BAD_INPUT (then `trie` is empty). */
int bn_trie_build(bn_trie *trie, const uint8_t *letters, const uint32_t *offsets,
                  uint32_t n_words, int alphabet_size);
void bn_trie_free(bn_trie *trie);

/* A trie as one block of bytes (for an on-disk cache): a header, the nodes and
 * the word ids, in this machine's byte order.  bn_trie_view_image checks
 * everything it reads (sizes, child indices, word ids, letters, depth), so a
 * damaged image gives BN_BAD_INPUT, never a trie that reads out of bounds; a
 * sound one becomes a trie that reads the image in place, without a copy: the
 * image must be 4-byte aligned (else BN_BAD_INPUT), unchanged and kept for the
 * trie's life, and such a trie is never given to bn_trie_free. */
#define BN_IMAGE_VERSION 1
size_t bn_trie_image_size(const bn_trie *trie);
void bn_trie_write_image(const bn_trie *trie, uint8_t *out);
int bn_trie_view_image(bn_trie *trie, const uint8_t *image, size_t len, uint32_t n_words);
size_t bn_trie_bytes(const bn_trie *trie);

int bn_scratch_init(bn_scratch *s, uint32_t n_nodes);
void bn_scratch_free(bn_scratch *s);

/* The public entry point for C callers (module.c, search.c): the score of one
 * board.  `board->faces` holds BN_FACE_MAX letter codes per cell, row by row,
 * padded with BN_NO_LETTER (BN_DEAD_LETTER: a letter no word uses; a code with
 * BN_SILENT continues the previous letter, see engines/native.py's ESCAPE).
 * Each word of the trie on the board counts once: points[k] for a word of k
 * letters, k in 0..max_len (longer words use points[max_len]); words below
 * min_len do not count; points may be negative.  `s` comes from
 * bn_scratch_init(s, trie->n_nodes), one per thread, reused from board to
 * board (with s->record = 0 for the score alone, the fast path of boards up
 * to 64 cells; 1 to also keep each word's id and path in s->found_*).
 * Returns the score, or BN_SOLVE_FAILED when out of memory: INT64_MIN, which no score
 * reaches (at most 2^32 words of at most 2^31 points each); a score below zero is a score
 * (negative points), never a failure: compare with BN_SOLVE_FAILED, not with 0.
 * Example: scratch once, then for each board
 *     int64_t score = bn_solve(&trie, &board, &scratch, 3, points, max_len); */
#define BN_SOLVE_FAILED INT64_MIN
int64_t bn_solve(const bn_trie *trie, const bn_board *board, bn_scratch *s,
                 int min_len, const int32_t *points, int max_len);

/* The scores of the boards that differ only in cell `open`: board->faces elsewhere (the
 * open cell's own face is not read) and each of `faces` (n_faces faces, BN_FACE_MAX codes
 * each) there, into scores[0 .. n_faces), as bn_solve would give board by board.  One
 * search does the faces of one letter: a word whose path avoids the open cell counts for
 * every face, one through it for the face it was found under, each word once per face.  The
 * other faces (of several letters, or repeated) are solved board by board, and all of them
 * on boards of more than 64 cells, with a multi-letter face off the open cell, or with
 * s->record.  Returns BN_OK, BN_NO_MEMORY when out of memory, or BN_BAD_INPUT for more
 * than BN_OPEN_MAX_FACES faces.
 * Example: the scores of a board with its cell 5 showing each of three faces
 *     int status = bn_solve_open(&trie, &board, 5, faces, 3, &scratch, 3, points, max_len,
 *                                scores); */
#define BN_OPEN_MAX_FACES 32
int bn_solve_open(const bn_trie *trie, const bn_board *board, int open, const uint8_t *faces,
                  int n_faces, bn_scratch *s, int min_len, const int32_t *points, int max_len,
                  int64_t *scores);

/* The scores of the boards that differ only in cells `first` and `last` (distinct): board->faces
 * elsewhere (those two cells' own faces are not read), and pair j showing face
 * first_faces[pairs[2j]] at `first` and last_faces[pairs[2j + 1]] at `last` (n_first and
 * n_last faces, BN_FACE_MAX codes each), into scores[0 .. n_pairs), as bn_solve would give
 * board by board.  One search does the pairs of faces of one letter or several (Qu): a word
 * whose path avoids both cells counts for every pair, one through one of them for the pairs
 * of the face it was found under there, one through both for that pair, each word once per
 * pair; multi-letter faces elsewhere on the board are searched as bn_solve does.  The other
 * pairs (a face repeated in a cell's faces, or whose first letter no word uses) are solved
 * board by board, and all of them on boards of more than 64 cells or with s->record.  Returns BN_OK, BN_NO_MEMORY when out of memory, or
 * BN_BAD_INPUT (more than BN_OPEN_MAX_FACES faces a cell or BN_PAIRS_MAX pairs, a cell off
 * the board, first == last, a pair's index past its faces).
 * Example: the boards with faces 0/1 at cell 5 and 2 at cell 9, pairs (0, 0) and (1, 0)
 *     uint8_t pairs[] = {0, 0, 1, 0};
 *     int status = bn_solve_pairs(&trie, &board, 5, faces5, 2, 9, faces9, 1, pairs, 2,
 *                                 &scratch, 3, points, max_len, scores); */
#define BN_PAIRS_MAX 64
int bn_solve_pairs(const bn_trie *trie, const bn_board *board, int first,
                   const uint8_t *first_faces, int n_first, int last, const uint8_t *last_faces,
                   int n_last, const uint8_t *pairs, int n_pairs, bn_scratch *s, int min_len,
                   const int32_t *points, int max_len, int64_t *scores);

/* Parse the compact text form of a board (ASCII only) into faces.
 * face_of_char maps a byte to a face id (255: not a face), multi lists the
 * bracketed faces ("qu", "th", ...) and face_letters gives each face id's
 * letters.  Returns 0 on success, -1 when the text is not a valid board. */
typedef struct {
    uint8_t face_of_char[256];
    int n_multi;
    char multi[16][BN_FACE_MAX + 1];
    uint8_t multi_face[16];
    uint8_t face_letters[64][BN_FACE_MAX];
} bn_faces;

int bn_parse_board(const bn_faces *faces, const char *text, size_t len, uint8_t **buffer,
                   size_t *buffer_cap, bn_board *out, int max_side, int max_cells);

#endif
