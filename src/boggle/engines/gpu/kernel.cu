/* The GPU scorer of boggle: one board per thread, plain CUDA C++.
 *
 * The same source compiles three ways: by NVRTC (through CuPy's RawModule) for
 * the GPU, and by any C++ compiler (g++ -x c++) for the CPU, where the thread
 * index becomes a loop over the boards.  The CPU build is what the test suite
 * runs on every machine, so the kernel's logic is checked without a GPU.
 *
 * Inputs (all flat arrays, no structs, so the host side is a few buffers):
 *   nodes      the native core's trie, 2 words a node: the letters that follow
 *              (bits 0..30; bit 31 when a word ends there) and the index of the
 *              first child; children sit side by side in letter order.
 *   faces      BG_FACE_MAX letter codes per cell, row by row, board after board
 *              (255 pads a face; 254 is a letter no word uses; 0x40 marks a
 *              code that continues the previous letter: the escaped letters of
 *              alphabets beyond 31 letters and nothing else).
 *   neighbours 8 cells per cell, -1 padded, for the boards' shape.
 *   points     points by word length in letters, 0 below the rules' shortest
 *              word, `points_len` entries (longer words take the last one).
 * Output: scores[b], or BG_OVERFLOW when board b holds more words than the
 * per-thread word set keeps (the host scores such a board on the CPU).
 *
 * Each board is a depth-first search with an explicit stack of frames (node,
 * cell, next neighbour to try, letters so far), the cells in use one 64-bit
 * mask, and each word counted once through a small open-addressing hash set of
 * the trie nodes where words ended, cleared after the board from the list of
 * the slots it filled.
 */

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define BG_GPU 1
#define BG_KERNEL extern "C" __global__
#define BG_INLINE __device__ __forceinline__
#define BG_POPCOUNT(x) ((unsigned int)__popc(x))
#else
#define BG_GPU 0
#define BG_KERNEL extern "C"
#define BG_INLINE static inline
#define BG_POPCOUNT(x) ((unsigned int)__builtin_popcount(x))
#endif

typedef unsigned char bg_u8;
typedef unsigned short bg_u16;
typedef unsigned int bg_u32;
typedef int bg_i32;
typedef long long bg_i64;
typedef unsigned long long bg_u64;

#define BG_FACE_MAX 4
#define BG_MAX_CELLS 64
#define BG_MAX_LETTERS 31
#define BG_WORD_BIT 0x80000000u
#define BG_NO_LETTER 255
#define BG_SILENT 0x40
#define BG_OVERFLOW (-0x7fffffffffffffffLL - 1)

#ifndef BG_SET_BITS
#define BG_SET_BITS 12 /* the word set: 4,096 slots, filled to 3/4 at most */
#endif
#define BG_SET_SLOTS (1u << BG_SET_BITS)
#define BG_SET_LIMIT (BG_SET_SLOTS / 4 * 3)

/* One step of the search: at `node`, standing on `cell`, with `letters` board
 * letters read; `next` is the neighbour slot (0..8) to try next. */
typedef struct {
    bg_u32 node;
    bg_u8 cell;
    bg_u8 next;
    bg_u8 letters;
    bg_u8 unused;
} bg_frame;

/* The node reached from `index` by reading one face's codes (-1 if none); *letters
 * grows by the board letters read (a BG_SILENT code continues a letter). */
BG_INLINE bg_i64 bg_follow(const bg_u32 *nodes, bg_i64 index, bg_u32 face, int *letters) {
    for (int k = 0; k < BG_FACE_MAX; k++) {
        bg_u32 code = (face >> (8 * k)) & 0xffu;
        if (code == BG_NO_LETTER) break;
        bg_u32 letter = code & ~(bg_u32)BG_SILENT;
        if (letter >= BG_MAX_LETTERS) return -1;
        bg_u32 mask = nodes[2 * index] & ~BG_WORD_BIT;
        bg_u32 bit = 1u << letter;
        if (!(mask & bit)) return -1;
        index = nodes[2 * index + 1] + BG_POPCOUNT(mask & (bit - 1));
        *letters += !(code & BG_SILENT);
    }
    return index;
}

/* Add the word ending at `node` to the set: 1 if it is new, 0 if it was there,
 * -1 when the set is full. */
BG_INLINE int bg_remember(bg_u32 *slots, bg_u16 *filled, int *n_filled, bg_u32 node) {
    bg_u32 key = node + 1;
    bg_u32 at = (key * 2654435761u) >> (32 - BG_SET_BITS);
    while (slots[at]) {
        if (slots[at] == key) return 0;
        at = (at + 1) & (BG_SET_SLOTS - 1);
    }
    if (*n_filled >= (int)BG_SET_LIMIT) return -1;
    slots[at] = key;
    filled[(*n_filled)++] = (bg_u16)at;
    return 1;
}

/* The score of one board of `n` cells (at most 64), or BG_OVERFLOW. */
BG_INLINE bg_i64 bg_score_board(const bg_u32 *nodes, const bg_u8 *board_faces, int n,
                                const signed char *neighbours, const bg_i32 *points,
                                int points_len, bg_u32 *slots, bg_u16 *filled) {
    bg_u32 faces[BG_MAX_CELLS];
    for (int c = 0; c < n; c++) {
        const bg_u8 *f = board_faces + c * BG_FACE_MAX;
        faces[c] = (bg_u32)f[0] | (bg_u32)f[1] << 8 | (bg_u32)f[2] << 16 | (bg_u32)f[3] << 24;
    }
    bg_frame stack[BG_MAX_CELLS];
    bg_i64 score = 0;
    int n_filled = 0, full = 0;
    for (int start = 0; start < n && !full; start++) {
        int letters = 0;
        bg_i64 first = bg_follow(nodes, 0, faces[start], &letters);
        if (first < 0) continue;
        bg_u32 bits = nodes[2 * first];
        if (bits & BG_WORD_BIT) {
            int fresh = bg_remember(slots, filled, &n_filled, (bg_u32)first);
            if (fresh < 0) { full = 1; break; }
            if (fresh) score += points[letters < points_len ? letters : points_len - 1];
        }
        if (!(bits & ~BG_WORD_BIT)) continue;
        bg_u64 used = 1ULL << start;
        int depth = 1;
        stack[0].node = (bg_u32)first;
        stack[0].cell = (bg_u8)start;
        stack[0].next = 0;
        stack[0].letters = (bg_u8)letters;
        while (depth > 0) {
            bg_frame *top = &stack[depth - 1];
            int to = top->next < 8 ? neighbours[top->cell * 8 + top->next] : -1;
            if (to < 0) { /* every neighbour tried: step back */
                used &= ~(1ULL << top->cell);
                depth--;
                continue;
            }
            top->next++;
            if (used >> to & 1) continue;
            int more = top->letters;
            bg_i64 child = bg_follow(nodes, top->node, faces[to], &more);
            if (child < 0) continue;
            bg_u32 child_bits = nodes[2 * child];
            if (child_bits & BG_WORD_BIT) {
                int fresh = bg_remember(slots, filled, &n_filled, (bg_u32)child);
                if (fresh < 0) { full = 1; break; }
                if (fresh) score += points[more < points_len ? more : points_len - 1];
            }
            if (!(child_bits & ~BG_WORD_BIT)) continue;
            used |= 1ULL << to;
            bg_frame *pushed = &stack[depth++];
            pushed->node = (bg_u32)child;
            pushed->cell = (bg_u8)to;
            pushed->next = 0;
            pushed->letters = (bg_u8)more;
        }
    }
    for (int i = 0; i < n_filled; i++) slots[filled[i]] = 0;
    return full ? BG_OVERFLOW : score;
}

/* Score boards first .. first + count - 1 of `faces` (each `n` cells) into scores[].
 * On the GPU each thread takes every (threads in the grid)-th board from its own
 * index on, so its word set is cleared once per launch; on the CPU one loop. */
BG_KERNEL void bg_score_boards(const bg_u32 *nodes, const bg_u8 *faces, int n,
                               const signed char *neighbours, const bg_i32 *points,
                               int points_len, bg_u64 first, bg_u64 count, bg_i64 *scores) {
    bg_u32 slots[BG_SET_SLOTS];
    bg_u16 filled[BG_SET_LIMIT];
#if BG_GPU
    bg_u64 board = first + (bg_u64)blockIdx.x * blockDim.x + threadIdx.x;
    const bg_u64 stride = (bg_u64)gridDim.x * blockDim.x;
#else
    bg_u64 board = first;
    const bg_u64 stride = 1;
#endif
    if (board >= first + count) return;
    for (bg_u32 i = 0; i < BG_SET_SLOTS; i++) slots[i] = 0;
    for (; board < first + count; board += stride)
        scores[board] = bg_score_board(nodes, faces + board * (bg_u64)n * BG_FACE_MAX, n,
                                       neighbours, points, points_len, slots, filled);
}
