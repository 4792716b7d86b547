/* The prover's C interface: bounds and branch and bound over classes of boards, in plain C
 * (no Python).  prove_module.c binds it as the ClassBound type; prove_main.c runs it from
 * the command line.
 *
 * A class gives each cell a set of faces (a bit mask of face ids); it holds every board
 * that takes one face per cell.  Everything a proof changes lives in a pv_prover (its
 * arena of tree nodes, the trees kept between classes, the sort buffers, the path stack),
 * so that threads each with their own prover share one read-only pv_words.  Functions
 * return a status (PV_OK or a negative code, see pv_status_text), never abort.
 *
 * Example (errors unchecked):
 *     pv_words words;
 *     pv_words_build(&words, letters, n_letters, offsets, n_words, NULL, 3, points, 9,
 *                    faces, 26);
 *     pv_prover *prover = pv_prover_new();
 *     pv_search_result result;
 *     pv_tree_search(prover, &words, 3, 3, masks, order, &options, NULL, &result);
 *     ... result.boards: result.len / 9 boards of 9 face ids ...
 *     pv_search_result_free(&result);
 *     pv_prover_free(prover);
 *     pv_words_free(&words);
 */
#ifndef BOGGLE_PROVER_H
#define BOGGLE_PROVER_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

#define PV_MAX_CELLS 64   /* cells of a class: the cells used are one 64-bit mask */
#define PV_MAX_FACES 32   /* faces of a word list: a cell's faces are one 32-bit mask */
#define PV_MAX_POINTS 64  /* entries of a points table (points by word length) */
#define PV_POLL_PERIOD 4096u /* bounds computed between two looks at pv_stop (a power of 2) */

/* Statuses. */
#define PV_OK 0
#define PV_NO_MEMORY (-1)
#define PV_BAD_WORDS (-2)       /* words empty, out of order or outside the alphabet */
#define PV_BAD_POINTS (-3)      /* a points table of no entry or more than PV_MAX_POINTS */
#define PV_BAD_FACES (-4)       /* more than PV_MAX_FACES faces */
#define PV_BAD_SHAPE (-5)       /* not a board of 1 to PV_MAX_CELLS cells */
#define PV_BAD_CLASS (-6)       /* a cell's face set empty or naming an unknown face */
#define PV_BAD_ORDER (-7)       /* a split order not naming every cell once */
#define PV_INTERRUPTED (-8)     /* pv_stop asked the search to stop */

/* One line saying what a status means. */
const char *pv_status_text(int status);

/* A word list compiled for bounds: its trie (BN_WORD_BIT only on nodes whose word scores),
 * the points of the word ending at each node, and the letters of each face id.
 * Read-only once built: threads share one. */
typedef struct {
    bn_trie trie;
    const bn_node *nodes; /* trie.nodes */
    int32_t *points;      /* by node: the points of its word, 0 when none or too short */
    uint32_t *word_kids;  /* by a node's first child (nodes with children): the letters whose
                             child is a word that scores */
    uint32_t n_nodes;
    int min_len;          /* shortest word that scores */
    int n_points;         /* entries of length_points */
    int32_t length_points[PV_MAX_POINTS]; /* points by word length, as given (for bn_solve) */
    int n_faces;
    uint8_t face_letters[PV_MAX_FACES][BN_FACE_MAX]; /* letter indices, BN_NO_LETTER padded */
} pv_words;

/* Compiles words sorted in letter-index order (letters[offsets[i] .. offsets[i+1]), letter
 * indices below BN_MAX_LETTERS) scored by points[min(length, n_points - 1)] from min_len
 * letters on, or, when word_points is not NULL, by word_points[i] (a list whose rare letters
 * share one letter index gives each merged word the points of all the words it stands for:
 * see branch_and_bound.py's RARE); face_letters: BN_FACE_MAX letter indices per face id
 * (BN_NO_LETTER padded, BN_DEAD_LETTER for a letter no word uses).  PV_OK, PV_NO_MEMORY or
 * PV_BAD_*; on failure `words` holds nothing to free. */
int pv_words_build(pv_words *words, const uint8_t *letters, size_t n_letters,
                   const uint32_t *offsets, uint32_t n_words, const int32_t *word_points,
                   int min_len, const int32_t *points, int n_points,
                   const uint8_t *face_letters, int n_faces);
void pv_words_free(pv_words *words);

/* Whether cells `faces` (one mask per cell, rows x cols of them) make a class of `words`
 * (PV_OK, PV_BAD_SHAPE or PV_BAD_CLASS) and, with `order`, whether it names every cell once
 * (PV_BAD_ORDER).  The shape is checked before any arithmetic on it. */
int pv_check_class(const pv_words *words, int rows, int cols, const uint32_t *faces,
                   const uint8_t *order);

/* The class's max bound (the published "max" bound of hybrid-boggle: a depth-first search
 * like solving where each cell takes its best face on each path) into *bound. */
int pv_max_bound(const pv_words *words, int rows, int cols, const uint32_t *faces,
                 int64_t *bound);

/* How a search stops from outside: `flag` (set by another thread) and `poll` (asked, when
 * not NULL, with `data`; nonzero to stop), both looked at every PV_POLL_PERIOD bounds. */
typedef struct {
    const volatile int *flag;
    int (*poll)(void *data);
    void *data;
} pv_stop;

typedef struct {
    int64_t above;        /* the boards scoring more than this are wanted */
    int merge_always;     /* force cells by merging trees whatever the bound... */
    int64_t switch_bound; /* ...else only while a tree's bound is above this */
    int walk_cells;       /* and while more cells than this are left; then walk the tree */
    size_t max_bytes;     /* stop once the boards would pass this many bytes (0: no limit) */
    int score_boards;     /* keep only the boards that score more than above (each board
                             whose bound passes is solved as it is found), not every board
                             whose bound passes */
    int symmetric;        /* keep, of each set of boards that are images of one another under
                             the class's own turns and mirrors (those taking every cell to a
                             cell of the same faces), only the least (in split order, face ids
                             compared): a board whose image is less is cut before its bound */
} pv_search_options;

typedef struct {
    uint8_t *boards;    /* n face ids per board, for the boards whose bound passes `above`
                           (with score_boards: whose score passes it) */
    size_t len;         /* bytes of boards */
    uint64_t bounds;    /* bounds computed */
    int64_t root_bound; /* the bound of the class's whole tree */
    int full;           /* stopped at max_bytes: boards holds the boards found before */
    uint64_t scored;    /* with score_boards: the boards solved (their bound passed) */
    uint64_t pair_searches; /* with score_boards: the searches of boards with two cells open
                               (tree.c found_pairs, bn_solve_pairs) */
    uint32_t parts;     /* pv_class_search: the parts the class was proved in (1: whole) */
    uint64_t counted;   /* pv_class_search: the records counted, the parts' included */
} pv_search_result;

typedef struct pv_prover pv_prover;

/* A prover (its arena, kept trees and buffers), or NULL when out of memory. */
pv_prover *pv_prover_new(void);
void pv_prover_free(pv_prover *prover);

/* Branch and bound over one class with its orderly sum/choice tree, cells split in `order`:
 * every single board of the class whose bound stays above options->above (with
 * options->score_boards, only those of them that score more than it), in *result
 * (free it with pv_search_result_free, whatever the status).  `stop` may be NULL. */
int pv_tree_search(pv_prover *prover, const pv_words *words, int rows, int cols,
                   const uint32_t *faces, const uint8_t *order,
                   const pv_search_options *options, const pv_stop *stop,
                   pv_search_result *result);
void pv_search_result_free(pv_search_result *result);

/* The bound of the class's orderly tree (cells in `order`), without branching. */
int pv_tree_bound(pv_prover *prover, const pv_words *words, int rows, int cols,
                  const uint32_t *faces, const uint8_t *order, int64_t *bound);

/* The records of the class's tree (tree_build.c: one per path to a scoring word) counted
 * without building it, into *records, and when `through` is not NULL, by cell and face the
 * records whose path takes that face there (rows x cols rows of it).  PV_INTERRUPTED when
 * `stop` (may be NULL) says so. */
int pv_class_records(const pv_words *words, int rows, int cols, const uint32_t *faces,
                     const pv_stop *stop, uint64_t *records,
                     uint64_t (*through)[PV_MAX_FACES]);

/* The memory a class's work takes per record of its tree, at most (the records, the sort's
 * other buffer, the tree and the trees merged while forcing): 4x4 classes above 3625 took
 * 43-48 bytes a record whole, 30-33 for their trees alone, and a part of a heavy one 56
 * (docs/search.md). */
#define PV_BYTES_PER_RECORD 56u

/* The same where at most PV_FEW_FORCED cells are forced by merging (cells - walk_cells: 3x4
 * with 9 cells walked), so that few trees are merged: 3x4 classes above 1650 of 9-18
 * million records took 23-29 bytes a record whole, and the arena's pages kept from the class
 * before fill the cap up to the estimate, so the estimate keeps a margin (prover-notes.md). */
#define PV_BYTES_PER_RECORD_FEW_FORCED 34u
#define PV_FEW_FORCED 3

/* The bytes a record of a class of `cells` cells, walked from `walk_cells` cells left, is
 * taken to cost against the cap: PV_BYTES_PER_RECORD_FEW_FORCED or PV_BYTES_PER_RECORD. */
size_t pv_bytes_per_record(int cells, int walk_cells);

/* The default cap of one class's work on a board of more than PV_SMALL_BOARD_CELLS cells
 * (4x4, 5x5): 400 MB; up to that many cells (3x3, 3x4) PV_SMALL_CLASS_BYTES, 800 MB, as
 * boggle prove's default_class_memory (a 3x4 class then keeps its pages, none is split). */
#define PV_CLASS_BYTES ((size_t)400 * 1000 * 1000)
#define PV_SMALL_CLASS_BYTES ((size_t)800 * 1000 * 1000)
#define PV_SMALL_BOARD_CELLS 12

/* pv_tree_search within max_class_bytes (0: no cap): a class of more records than
 * max_class_bytes / pv_bytes_per_record(rows * cols, options->walk_cells) is split in two parts by one cell's faces (again
 * while a part has more), the parts searched one after the other, so that no tree past the
 * cap is built; a class walked whole (no more cells than options->walk_cells: built from
 * a forest of shared trees) is not split.  The same boards as pv_tree_search (in another
 * order when split); bounds are the parts' added, root_bound the largest part's,
 * result->parts and ->counted say how it went (see class_split.c). */
int pv_class_search(pv_prover *prover, const pv_words *words, int rows, int cols,
                    const uint32_t *faces, const uint8_t *order,
                    const pv_search_options *options, size_t max_class_bytes,
                    const pv_stop *stop, pv_search_result *result);

#endif
