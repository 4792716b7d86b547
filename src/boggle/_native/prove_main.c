/* prove_main: the prover from the command line, without Python (for perf, callgrind and
 * the sanitizers).  Built by scripts/build-prove-main; not installed.
 *
 *     prove_main [options] WORDS ROWSxCOLS ABOVE [CELL ...]
 *
 * WORDS: a word list in UTF-8, one lowercase word a line (a-z and letters past ASCII; other
 * lines are skipped), in any order; its letters are the faces, q as Qu where the list has a
 * u (as boggle prove), at most 31 of them (boggle prove takes a longer alphabet's rare
 * letters as one face; prove_main refuses it).  CELL: the letters a cell may
 * take ("*": every face), rows x cols of them; without cells, classes are read from the
 * standard input, one a line (cells separated by spaces), e.g. the top-level classes of a
 * proof.  Every board of each class scoring more than ABOVE is printed ("board score", q for
 * a Qu face), then a line per class on standard error: its boards, bounds computed, the
 * bound of its tree (the largest part's), CPU seconds, the parts it was proved in and the
 * records counted to split it (of the class and its parts past --max-bytes; 0 when whole).
 *
 * Options: --order I,J,...   the split order (default: as boggle prove, most neighbours
 *                            first, then fewest letters once there are more than
 *                            --walk-cells cells)
 *          --min-len N       shortest word that scores (default 3)
 *          --points P,P,...  points by word length from 0, the last for longer words
 *                            (default classic: 0,0,0,1,1,2,3,5,11)
 *          --walk-cells N    walk the tree with N cells or fewer left (default 9)
 *          --walk-below X    walk once a tree's bound is at most X times ABOVE (default 2.5)
 *          --max-bytes N     split a class whose work would take more than N bytes into
 *                            parts proved one after the other (default as boggle
 *                            prove: 800000000 up to 12 cells, else 400000000; 0: never
 *                            split)
 *          --symmetric 0|1   keep only the least of the boards that are images of one
 *                            another under the class's own turns and mirrors (default 1,
 *                            as boggle prove)
 * Exit status: 0 done, 1 out of memory or unreadable file, 2 bad arguments.
 *
 * Example: printf 'a e r s t\n' ... | prove_main enable.txt 3x3 540
 */
#include "bits.h"
#include "prover.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_LINE 4096       /* a word or a class line */
#define WALK_CELLS 9        /* boggle.search.prove.WALK_CELLS */
#define WALK_BELOW 2.5      /* boggle.search.prove.WALK_BELOW */

typedef struct {
    pv_words words;
    char faces[PV_MAX_FACES][5]; /* each face's text, UTF-8 (q for Qu) */
    long letters[PV_MAX_FACES];  /* each face's letter, a code point, in increasing order */
    int n_faces;
    int min_len;
    int32_t points[PV_MAX_POINTS];
    int n_points;
    int walk_cells;
    double walk_below;
    uint8_t order[PV_MAX_CELLS];
    int has_order;
    size_t max_class_bytes;
    int has_max_bytes;
    int symmetric;
} setup;

static int usage(const char *why) {
    fprintf(stderr, "prove_main: %s\nusage: prove_main [--order I,J,...] [--min-len N] "
                    "[--points P,P,...] [--walk-cells N] [--walk-below X] [--max-bytes N] [--symmetric 0|1] WORDS "
                    "ROWSxCOLS "
                    "ABOVE [CELL ...]\n", why);
    return 2;
}

/* Numbers separated by commas into out (at most `room`); how many, -1 when not numbers. */
static int read_numbers(const char *text, long *out, int room) {
    int n = 0;
    while (*text) {
        char *end;
        long value = strtol(text, &end, 10);
        if (end == text || n == room || (*end && *end != ',')) return -1;
        out[n++] = value;
        text = *end ? end + 1 : end;
    }
    return n;
}

/* The next character of UTF-8 text at *at (advanced past it); -1 when not well formed. */
static long next_char(const unsigned char **at) {
    const unsigned char *text = *at;
    long c = text[0];
    int more = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2
             : (c & 0xF8) == 0xF0 ? 3 : -1;
    if (more < 0) return -1;
    if (more) c &= 0x3F >> more;
    for (int i = 1; i <= more; i++) {
        if ((text[i] & 0xC0) != 0x80) return -1;
        c = c << 6 | (text[i] & 0x3F);
    }
    *at = text + more + 1;
    return c;
}

/* A lowercase letter: a-z, or a letter past ASCII (Latin-1's lowercase ones, any beyond). */
static int is_letter(long c) {
    return (c >= 'a' && c <= 'z') || (c >= 0xDF && c != 0xF7);
}

/* The face of letter c, -1 when the word list has no such letter. */
static int face_of(const setup *s, long c) {
    for (int f = 0; f < s->n_faces; f++)
        if (s->letters[f] == c) return f;
    return -1;
}

static int by_code(const void *x, const void *y) {
    long a = *(const long *)x, b = *(const long *)y;
    return (a > b) - (a < b);
}

/* Words (offsets into text) in byte order, which is UTF-8's code point order. */
static const char *sort_text;
static int by_bytes(const void *x, const void *y) {
    const uint32_t *a = x, *b = y; /* start, length */
    int order = memcmp(sort_text + a[0], sort_text + b[0], a[1] < b[1] ? a[1] : b[1]);
    return order ? order : (a[1] > b[1]) - (a[1] < b[1]);
}

/* The word list (UTF-8, one lowercase word a line): its letters, in code point order, are
 * the faces and their indices; words sorted, each once, and only those that fit a board of
 * `cells` cells (a letter a cell, "qu" one), as boggle prove compiles them (a longer word is
 * never found there). */
static int load_words(setup *s, const char *path, int cells) {
    FILE *file = fopen(path, "r");
    if (!file) {
        perror(path);
        return 1;
    }
    size_t cap = 1 << 20, len = 0, n_words = 0, words_cap = 1 << 16;
    char *text = malloc(cap), *codes = NULL;
    uint32_t *words = malloc(words_cap * 2 * sizeof *words), *offsets = NULL;
    char line[MAX_LINE];
    int status = 1;
    s->n_faces = 0;
    if (!text || !words) goto no_memory;
    while (fgets(line, sizeof line, file)) {
        size_t n = strcspn(line, "\r\n");
        line[n] = 0;
        const unsigned char *at = (const unsigned char *)line;
        int plain = n > 0;
        while (plain && *at) {
            long c = next_char(&at);
            plain = c >= 0 && is_letter(c);
            if (plain && face_of(s, c) < 0) {
                if (s->n_faces == BN_MAX_LETTERS) {
                    fprintf(stderr, "prove_main: %s: more than %d letters (boggle prove takes the "
                                    "rare ones as one face; prove_main does not)\n",
                            path, BN_MAX_LETTERS);
                    status = 2;
                    goto done;
                }
                s->letters[s->n_faces++] = c;
            }
        }
        if (!plain) continue;
        if (len + n > cap) {
            char *more = realloc(text, cap *= 2);
            if (!more) goto no_memory;
            text = more;
        }
        if (n_words == words_cap) {
            uint32_t *more = realloc(words, (words_cap *= 2) * 2 * sizeof *more);
            if (!more) goto no_memory;
            words = more;
        }
        memcpy(text + len, line, n);
        words[2 * n_words] = (uint32_t)len;
        words[2 * n_words++ + 1] = (uint32_t)n;
        len += n;
    }
    qsort(s->letters, (size_t)s->n_faces, sizeof s->letters[0], by_code);
    sort_text = text;
    qsort(words, n_words, 2 * sizeof *words, by_bytes);
    codes = malloc(len + 1);
    offsets = malloc((n_words + 1) * sizeof *offsets);
    if (!codes || !offsets) goto no_memory;
    size_t kept = 0, used = 0;
    offsets[0] = 0;
    for (size_t w = 0; w < n_words; w++) {
        if (w && by_bytes(&words[2 * w - 2], &words[2 * w]) == 0) continue; /* each word once */
        const unsigned char *at = (const unsigned char *)text + words[2 * w];
        const unsigned char *end = at + words[2 * w + 1];
        const size_t start = used;
        int needed = 0;
        long before = -1;
        while (at < end) {
            const long c = next_char(&at);
            needed += !(before == 'q' && c == 'u');
            before = c;
            codes[used++] = (char)face_of(s, c);
        }
        if (needed > cells) {
            used = start; /* too long for the board */
            continue;
        }
        offsets[++kept] = (uint32_t)used;
    }
    uint8_t face_letters[PV_MAX_FACES][BN_FACE_MAX];
    memset(face_letters, BN_NO_LETTER, sizeof face_letters);
    const int u = face_of(s, 'u');
    for (int f = 0; f < s->n_faces; f++) {
        face_letters[f][0] = (uint8_t)f;
        if (s->letters[f] == 'q' && u >= 0) face_letters[f][1] = (uint8_t)u;
        unsigned char *out = (unsigned char *)s->faces[f];
        long c = s->letters[f];
        if (c < 0x80) *out++ = (unsigned char)c;
        else if (c < 0x800) *out++ = (unsigned char)(0xC0 | c >> 6);
        else if (c < 0x10000) *out++ = (unsigned char)(0xE0 | c >> 12);
        else *out++ = (unsigned char)(0xF0 | c >> 18);
        for (int shift = c < 0x80 ? -6 : c < 0x800 ? 0 : c < 0x10000 ? 6 : 12; shift >= 0;
             shift -= 6)
            *out++ = (unsigned char)(0x80 | ((c >> shift) & 0x3F));
        *out = 0;
    }
    int built = pv_words_build(&s->words, (const uint8_t *)codes, used, offsets, (uint32_t)kept,
                               NULL, s->min_len, s->points, s->n_points, &face_letters[0][0],
                               s->n_faces);
    if (built != PV_OK)
        fprintf(stderr, "prove_main: %s: %s\n", path, pv_status_text(built));
    else
        status = 0;
    goto done;
no_memory:
    fprintf(stderr, "prove_main: out of memory\n");
done:
    fclose(file);
    free(text);
    free(words);
    free(codes);
    free(offsets);
    return status;
}

/* Each cell's letters (UTF-8) as a mask of faces; -1 when a letter is not a face. */
static int read_cells(const setup *s, char **cells, int n, uint32_t *masks) {
    for (int cell = 0; cell < n; cell++) {
        masks[cell] = 0;
        const unsigned char *at = (const unsigned char *)cells[cell];
        while (*at) {
            const char *from = (const char *)at;
            long c = next_char(&at);
            int f = c < 0 ? -1 : face_of(s, c);
            if (c == '*') {
                masks[cell] = s->n_faces >= 32 ? ~0u : (1u << s->n_faces) - 1u;
            } else if (f >= 0) {
                masks[cell] |= 1u << f;
            } else {
                int bytes = c < 0 ? 1 : (int)((const char *)at - from);
                fprintf(stderr, "prove_main: letter '%.*s' is not in the word list\n", bytes,
                        from);
                return -1;
            }
        }
    }
    return 0;
}

/* boggle.search.grid.split_order: most neighbours first, then (with letter counts) fewest
 * letters, then the cell's index. */
static void split_order(int rows, int cols, const uint32_t *masks, int by_letters,
                        uint8_t *order) {
    int n = rows * cols, key[PV_MAX_CELLS];
    for (int cell = 0; cell < n; cell++) {
        int r = cell / cols, q = cell % cols, degree = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int dq = -1; dq <= 1; dq++)
                degree += (dr || dq) && r + dr >= 0 && r + dr < rows && q + dq >= 0 &&
                          q + dq < cols;
        int letters = by_letters ? bits_popcount32(masks[cell]) : 0;
        key[cell] = (8 - degree) * 64 + letters;
        order[cell] = (uint8_t)cell;
    }
    for (int i = 1; i < n; i++) /* insertion sort, stable: ties stay in cell order */
        for (int j = i; j > 0 && key[order[j - 1]] > key[order[j]]; j--) {
            uint8_t swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
        }
}

/* Proves one class: its boards above `above` with their scores on stdout. */
static int prove_class(setup *s, pv_prover *prover, bn_scratch *scratch, int rows, int cols,
                       int64_t above, const uint32_t *masks, int index) {
    int n = rows * cols;
    uint8_t order[PV_MAX_CELLS];
    if (s->has_order)
        memcpy(order, s->order, (size_t)n);
    else
        split_order(rows, cols, masks, n > s->walk_cells, order);
    pv_search_options options = {above, 0, (int64_t)((double)above * s->walk_below),
                                 s->walk_cells, 0, 1, s->symmetric};
    pv_search_result result;
    clock_t started = clock();
    int status = pv_class_search(prover, &s->words, rows, cols, masks, order, &options,
                                 s->max_class_bytes, NULL, &result);
    if (status != PV_OK) {
        fprintf(stderr, "prove_main: class %d: %s\n", index, pv_status_text(status));
        pv_search_result_free(&result);
        return status == PV_NO_MEMORY ? 1 : 2;
    }
    uint8_t faces[PV_MAX_CELLS * BN_FACE_MAX];
    size_t kept = 0;
    for (size_t at = 0; at + (size_t)n <= result.len; at += (size_t)n) {
        for (int cell = 0; cell < n; cell++)
            memcpy(faces + cell * BN_FACE_MAX, s->words.face_letters[result.boards[at + cell]],
                   BN_FACE_MAX);
        bn_board board = {rows, cols, n, faces};
        int64_t score = bn_solve(&s->words.trie, &board, scratch, s->min_len, s->points,
                                 s->n_points - 1);
        if (score == BN_SOLVE_FAILED) {
            pv_search_result_free(&result);
            fprintf(stderr, "prove_main: out of memory\n");
            return 1;
        }
        if (score <= above) continue;
        kept++;
        for (int cell = 0; cell < n; cell++) fputs(s->faces[result.boards[at + cell]], stdout);
        printf(" %lld\n", (long long)score);
    }
    fprintf(stderr,
            "class %d: %zu boards, %llu bounds, root bound %lld, %.3f s, %u part%s, "
            "%llu records counted, %llu pair searches\n",
            index, kept, (unsigned long long)result.bounds, (long long)result.root_bound,
            (double)(clock() - started) / CLOCKS_PER_SEC, result.parts,
            result.parts == 1 ? "" : "s", (unsigned long long)result.counted,
            (unsigned long long)result.pair_searches);
    pv_search_result_free(&result);
    return 0;
}

int main(int argc, char **argv) {
    setup s;
    memset(&s, 0, sizeof s);
    static const int32_t classic[] = {0, 0, 0, 1, 1, 2, 3, 5, 11};
    memcpy(s.points, classic, sizeof classic);
    s.n_points = (int)(sizeof classic / sizeof classic[0]);
    s.min_len = 3;
    s.walk_cells = WALK_CELLS;
    s.walk_below = WALK_BELOW;
    s.symmetric = 1;
    int at = 1;
    for (; at + 1 < argc && strncmp(argv[at], "--", 2) == 0; at += 2) {
        long numbers[PV_MAX_POINTS];
        const char *value = argv[at + 1];
        int count = read_numbers(value, numbers, PV_MAX_POINTS);
        if (!strcmp(argv[at], "--walk-below")) {
            char *end;
            s.walk_below = strtod(value, &end);
            if (*end || !(s.walk_below >= 0)) return usage("--walk-below takes a number");
        } else if (!strcmp(argv[at], "--order")) {
            if (count < 1 || count > PV_MAX_CELLS) return usage("--order takes cell numbers");
            for (int k = 0; k < count; k++) s.order[k] = (uint8_t)numbers[k];
            s.has_order = count;
        } else if (!strcmp(argv[at], "--points")) {
            if (count < 1) return usage("--points takes numbers");
            for (int k = 0; k < count; k++) s.points[k] = (int32_t)numbers[k];
            s.n_points = count;
        } else if (!strcmp(argv[at], "--max-bytes") && count == 1 && numbers[0] >= 0) {
            s.max_class_bytes = (size_t)numbers[0];
            s.has_max_bytes = 1;
        } else if (!strcmp(argv[at], "--min-len") && count == 1) {
            s.min_len = (int)numbers[0];
        } else if (!strcmp(argv[at], "--symmetric") && count == 1 &&
                   (numbers[0] == 0 || numbers[0] == 1)) {
            s.symmetric = (int)numbers[0];
        } else if (!strcmp(argv[at], "--walk-cells") && count == 1) {
            s.walk_cells = (int)numbers[0];
        } else {
            return usage("unknown option or bad value");
        }
    }
    if (argc - at < 3) return usage("give WORDS ROWSxCOLS ABOVE");
    int rows, cols;
    char tail;
    long long above;
    if (sscanf(argv[at + 1], "%dx%d%c", &rows, &cols, &tail) != 2 ||
        !bn_shape_ok(rows, cols, PV_MAX_CELLS))
        return usage("ROWSxCOLS: a board of 1 to 64 cells");
    if (sscanf(argv[at + 2], "%lld%c", &above, &tail) != 1 || above < 0)
        return usage("ABOVE: a whole number");
    const int n = rows * cols;
    if (!s.has_max_bytes) /* boggle prove's default for the board's size */
        s.max_class_bytes = n <= PV_SMALL_BOARD_CELLS ? PV_SMALL_CLASS_BYTES : PV_CLASS_BYTES;
    if (s.has_order && s.has_order != n) return usage("--order names every cell once");
    for (int k = 0; k < s.n_points; k++)
        if (s.points[k] < 0) return usage("--points: no negative points");
    int status = load_words(&s, argv[at], n);
    if (status) return status;
    pv_prover *prover = pv_prover_new();
    bn_scratch scratch;
    if (!prover || bn_scratch_init(&scratch, s.words.n_nodes) < 0) {
        fprintf(stderr, "prove_main: out of memory\n");
        pv_prover_free(prover);
        pv_words_free(&s.words);
        return 1;
    }
    uint32_t masks[PV_MAX_CELLS];
    char *cells[PV_MAX_CELLS];
    at += 3;
    if (argc > at) {
        if (argc - at != n) status = usage("give one CELL per cell, or none");
        else if (read_cells(&s, argv + at, n, masks) < 0) status = 2;
        else status = prove_class(&s, prover, &scratch, rows, cols, above, masks, 0);
    } else {
        char line[MAX_LINE];
        for (int index = 0; !status && fgets(line, sizeof line, stdin); index++) {
            int count = 0;
            for (char *word = strtok(line, " \t\r\n"); word; word = strtok(NULL, " \t\r\n"))
                if (count < PV_MAX_CELLS) cells[count++] = word;
            if (count == 0) {
                index--;
                continue;
            }
            if (count != n) status = usage("a class line needs one CELL per cell");
            else if (read_cells(&s, cells, n, masks) < 0) status = 2;
            else status = prove_class(&s, prover, &scratch, rows, cols, above, masks, index);
        }
    }
    bn_scratch_free(&scratch);
    pv_prover_free(prover);
    pv_words_free(&s.words);
    return status;
}
