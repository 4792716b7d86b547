/* The GPU scorer of boggle: one board per thread, plain CUDA C++.
 *
 * The same source compiles two ways: by NVRTC (through CuPy's RawModule) for
 * the GPU, and by any C++ compiler (g++ -x c++) for the CPU, where the grid of
 * threads becomes one thread walking its items in order.  The CPU build is what
 * the test suite runs on every machine, so the kernel's logic is checked
 * without a GPU.  No headers: the few GPU-only words are the macros below.
 *
 * Inputs (all flat arrays, no structs, so the host side is a few buffers):
 *   nodes      the native core's trie, 2 words a node: the letters that follow
 *              (bits 0..30; bit 31 when a word ends there) and the index of the
 *              first child; children sit side by side in letter order, so the
 *              child for a letter is first + popcount(mask & (bit - 1)).
 *   faces      BG_FACE_MAX letter codes per cell (one 32-bit word, lowest byte
 *              first), row by row, board after board (255 pads a face; 254 is a
 *              letter no word uses; 0x40 marks a code that continues the
 *              previous letter: the escaped letters of alphabets beyond 31
 *              letters and nothing else).
 *   near       each cell's neighbours as a 64-bit mask of cells.
 *   points     points by word length in letters, 0 below the rules' shortest
 *              word, `points_len` entries (longer words take the last one).
 * Output: scores[i], or BG_OVERFLOW when board i holds more words than the
 * per-thread word set keeps (the host scores it again with the large set, and
 * on the CPU if even that is full).
 *
 * Every kernel takes the range of its items last (start, end): on the GPU each
 * thread takes the items start + its index, + the grid's size, ...; on the CPU
 * the host may cut a range into slices run in parallel.
 *
 * A thread's boards are one loop of single steps (a board ends, the next one
 * begins in the same loop), so the threads of a warp do not wait for the
 * slowest board of each round.  Each board is a depth-first search from every
 * cell with an explicit stack of frames (the node's letters and first child,
 * the neighbour cells still to try, letters so far), the cells in use one
 * 64-bit mask, and each word counted once through a small open-addressing
 * hash set of the trie nodes where words ended, cleared after the board from
 * the list of the slots it filled.  (The options below change much of this; with
 * BG_LANES_PER_BOARD, several lanes of a warp share each board of the first pass.)
 *
 * Random boards (for `stats --random`) are made here too, exactly as
 * boggle.random_boards makes them with NumPy: Philox4x64-10 keyed by the
 * seed, board b reading counter values b * blocks + 1 .. b * blocks + blocks
 * (NumPy increments the counter before each block), 8 32-bit words a block,
 * low half of each 64-bit output first; dice boards sort the first `n` words
 * (stable) to place the cubes and turn face (word * faces) >> 32 up with the
 * next `n`; uniform boards take face (word * 26) >> 32 of one 26-face cube.
 */

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define BG_GPU 1
#define BG_KERNEL extern "C" __global__ BG_BOUNDS
#define BG_DEVICE __device__
#define BG_INLINE __device__ __forceinline__
#define BG_POPCOUNT(x) ((unsigned int)__popc(x))
#define BG_CTZ64(x) (__ffsll((long long)(x)) - 1)
#define BG_MULHI64(a, b) __umul64hi((a), (b))
#define BG_ATOMIC_ADD(p, v) atomicAdd((p), (v))
#define BG_ATOMIC_CAS(p, expected, desired) atomicCAS((p), (expected), (desired))
#define BG_THREAD ((bg_u64)blockIdx.x * blockDim.x + threadIdx.x)
#define BG_THREADS ((bg_u64)gridDim.x * blockDim.x)
#define BG_LOAD_NODE(nodes, i) __ldg((const unsigned long long *)(nodes) + (i))
#if defined(BG_BLOCK) && defined(BG_MIN_BLOCKS)
#define BG_BOUNDS __launch_bounds__(BG_BLOCK, BG_MIN_BLOCKS)
#else
#define BG_BOUNDS
#endif
#else
#define BG_GPU 0
#define BG_KERNEL extern "C"
#define BG_DEVICE
#define BG_INLINE static inline
#define BG_POPCOUNT(x) ((unsigned int)__builtin_popcount(x))
#define BG_CTZ64(x) __builtin_ctzll(x)
#define BG_MULHI64(a, b) ((bg_u64)(((unsigned __int128)(a) * (b)) >> 64))
#define BG_ATOMIC_ADD(p, v) __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)
#define BG_ATOMIC_CAS(p, expected, desired) bg_cas32((p), (expected), (desired))
#define BG_THREAD 0
#define BG_THREADS 1
#define BG_LOAD_NODE(nodes, i) \
    (BG_COUNT(reads), (bg_u64)(nodes)[2 * (i)] | (bg_u64)(nodes)[2 * (i) + 1] << 32)
#endif

typedef unsigned char bg_u8;
typedef unsigned short bg_u16;
typedef unsigned int bg_u32;
typedef int bg_i32;
typedef long long bg_i64;
typedef unsigned long long bg_u64;

/* The CPU build's counts of the search's work, with BG_COUNT_STEPS (benchmarks/gpu_steps.py):
 * steps of the search loop, trie node reads and prefetches, over every board scored. */
#if !BG_GPU && defined(BG_COUNT_STEPS)
extern "C" {
bg_u64 bg_count_steps, bg_count_reads, bg_count_prefetches;
}
#define BG_COUNT(what) ((void)bg_count_##what++)
#else
#define BG_COUNT(what) ((void)0)
#endif

#if !BG_GPU
/* atomicCAS for the CPU build: the word at p before, desired stored there if it was expected. */
static inline bg_u32 bg_cas32(bg_u32 *p, bg_u32 expected, bg_u32 desired) {
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return expected;
}
#endif

#define BG_FACE_MAX 4
#define BG_MAX_CELLS 64
#define BG_MAX_LETTERS 31
#define BG_WORD_BIT 0x80000000u
#define BG_NO_LETTER 255
#define BG_SILENT 0x40
#define BG_OVERFLOW (-0x7fffffffffffffffLL - 1)

#ifndef BG_SMALL_SET_BITS
#define BG_SMALL_SET_BITS 9 /* the fast pass's word set: 512 slots, 384 words */
#endif
#ifndef BG_LARGE_SET_BITS
#define BG_LARGE_SET_BITS 12 /* the second pass's: 4,096 slots, 3,072 words */
#endif
#ifndef BG_ONE_LOOP
#define BG_ONE_LOOP 1 /* 1: one loop of steps for all of a thread's boards; 0: one per board */
#endif
#ifndef BG_TOP_IN_REGISTERS
#define BG_TOP_IN_REGISTERS 1 /* 1: the top frame in registers, only those below in memory */
#endif

/* The options below are what the static analysis of the first kernel pointed at: every step
 * of its search loaded and stored a 24-byte frame and the cell's face in local memory, and
 * the word set's count lived there too (docs/gpu.md).  The defaults are the combination
 * measured fastest on an H100 (`lean-shared-faces`, 2.3x the first kernel on 4x4 and 5x5);
 * the variant `first` sets them all to 0. */
#ifndef BG_LEAN_FRAME
#define BG_LEAN_FRAME 1 /* 1: 16-byte frames (the path's letters kept in a register) */
#endif
#ifndef BG_SET_EPOCH
#define BG_SET_EPOCH 1 /* 1: word sets of tagged slots, no list to clear after a board */
#endif
#ifndef BG_SHARED_SET
#define BG_SHARED_SET 0 /* 1: the first pass's word set in shared memory (tagged slots) */
#endif
#ifndef BG_SHARED_FACES
#define BG_SHARED_FACES 1 /* 1: the board's faces in shared memory */
#endif
#ifndef BG_PRUNE_LETTERS
#define BG_PRUNE_LETTERS 1 /* 1: no frame for a node none of whose letters is on the board */
#endif
#ifndef BG_SKIP_ZERO
#define BG_SKIP_ZERO 1 /* 1: words worth 0 points (too short) kept out of the word set */
#endif
#ifndef BG_SHARED_TOP
#define BG_SHARED_TOP 0 /* N > 0: the trie's first N nodes (its top levels) in shared memory */
#endif
#ifndef BG_READONLY_TABLES
#define BG_READONLY_TABLES 1 /* 1: neighbour masks and points through the read-only cache */
#endif
/* Cooperative boards (timed on an H100 and an H200 since): L > 1 lanes of a warp score each
 * board of the first pass together, lane j searching from cells j, j + L, ...; the board's
 * word set is one per group of L lanes in shared memory (tagged slots claimed with atomicCAS,
 * the count of words added shared too), its faces beside it, and its score the sum of the
 * lanes' (warp shuffles), written by lane 0.  The CPU build runs the L lanes of a board one
 * after another over the same set: only the set is shared, so the scores are the GPU's.  The
 * boards that fill the set go to the second pass (one board a thread) as in every variant. */
#ifndef BG_LANES_PER_BOARD
#define BG_LANES_PER_BOARD 1 /* L: lanes a board in the first pass (1, 2, 4, 8, 16 or 32) */
#endif
#ifndef BG_LANES_NEXT_CELL
#define BG_LANES_NEXT_CELL 0 /* lanes: 0, cells j, j + L, ... for lane j; 1, the next untried */
#endif
/* Lanes: S > 1 parts a start cell, so the lanes' work comes in smaller pieces: part p of a
 * cell tries, from the cell, only its neighbours of rank p, p + S, ... (the task s of a board
 * is part s % S of cell s / S; n * S tasks a board, taken as the cells are without it); part
 * 0 always runs, the cell's own word with it, the others only where they have neighbours.
 * A word several parts find is counted once, by the set the lanes share. */
#ifndef BG_LANES_SPLIT
#define BG_LANES_SPLIT 1 /* S: parts a start cell (1, 2, 4 or 8; lanes only) */
#endif
/* Children at the push (slower on an H200, 2026-11-29: the hypothesis did not hold), for the hypothesis that the
 * search is bound by the latency of its dependent trie reads: each step loads one child node
 * (8 bytes, from a trie that lives in L2) and decides on it before the next.  These options look at a frame's
 * children when it is pushed, so that their reads overlap instead of following each other:
 * BG_PUSH_FILTER keeps in the frame only the neighbours whose face's first letter follows
 * the node (no memory read but the faces; fewer steps, none of them a letter that does not
 * follow); BG_PREFETCH_CHILDREN does that and asks the L1 cache for each kept neighbour's
 * child node (a PTX prefetch, no register held); BG_EAGER_CHILDREN does that and then reads
 * the prefetched children's letters, keeping only the children that end a word or go on
 * with a letter of the board (dead branches are never pushed). */
#ifndef BG_PUSH_FILTER
#define BG_PUSH_FILTER 0 /* 1: a pushed frame keeps the neighbours whose first letter follows */
#endif
#ifndef BG_PREFETCH_CHILDREN
#define BG_PREFETCH_CHILDREN 0 /* 1: the filter, and each kept child's node prefetched */
#endif
#ifndef BG_EAGER_CHILDREN
#define BG_EAGER_CHILDREN 0 /* 1: the prefetch, then the children read and the dead dropped */
#endif
#define BG_CHILDREN_AT_PUSH (BG_PUSH_FILTER || BG_PREFETCH_CHILDREN || BG_EAGER_CHILDREN)
/* A warp's work list (BG_WARP_LIST, with BG_LANES_PER_BOARD 32): the 32 lanes of a warp
 * share a board of the first pass through one list of search states in shared memory
 * (a state: a trie node's letters and first child, the cells in use, the cell and the
 * letters read).  Each round the lanes take up to 32 states from the top of the list, one a
 * lane, and step each into its neighbours whose first letter follows, one neighbour a lane
 * at a time; the children that go on are pushed back together (a ballot gives each its
 * place), so every lane has work while the list holds 32 states, whatever the shape of
 * the board's search, and a warp's 32 trie reads of a step go out together.  A list that
 * would pass BG_WARP_STACK states, or a board of more than 32 cells, sends the board on to
 * the second pass, as a full word set does. */
#ifndef BG_WARP_LIST
#define BG_WARP_LIST 0 /* 1: the first pass's warps share a board through a list of states */
#endif
#ifndef BG_WARP_STACK
#define BG_WARP_STACK 256 /* states a warp's list holds (4 words each, in shared memory) */
#endif
#if BG_WARP_LIST && BG_LANES_PER_BOARD != 32
#error "BG_WARP_LIST needs BG_LANES_PER_BOARD=32"
#endif
#if BG_WARP_LIST && BG_WARP_STACK < 32 /* the start cells (up to 32) are pushed unchecked */
#error "BG_WARP_STACK must be 32 or more"
#endif
#define BG_GROUP_HEADER 2 /* lanes: a board's words added and its next start cell, shared */
#if BG_LANES_PER_BOARD < 1 || 32 % BG_LANES_PER_BOARD || (BG_LANES_PER_BOARD & (BG_LANES_PER_BOARD - 1))
#error "BG_LANES_PER_BOARD must be a power of two dividing 32"
#endif
#if BG_LANES_PER_BOARD > 1 && (BG_SHARED_SET || !BG_ONE_LOOP || !BG_SHARED_FACES)
#error "BG_LANES_PER_BOARD > 1 needs BG_SHARED_FACES=1 and BG_ONE_LOOP=1, not BG_SHARED_SET"
#endif
#if BG_LANES_SPLIT < 1 || BG_LANES_SPLIT > 8 || (BG_LANES_SPLIT & (BG_LANES_SPLIT - 1)) || \
    (BG_LANES_SPLIT > 1 && BG_LANES_PER_BOARD < 2)
#error "BG_LANES_SPLIT must be 1, 2, 4 or 8, and more than 1 only with BG_LANES_PER_BOARD > 1"
#endif
#define BG_TAGGED_SET (BG_SET_EPOCH || BG_SHARED_SET || BG_LANES_PER_BOARD > 1)
#define BG_SHARED_ANY (BG_SHARED_SET || BG_SHARED_FACES || BG_LANES_PER_BOARD > 1)
#define BG_LANES_OF(FIRST_PASS) ((FIRST_PASS) ? BG_LANES_PER_BOARD : 1) /* the second pass: 1 */
#if BG_LANES_PER_BOARD > 1 && BG_GPU
#define BG_GROUP_INDEX(FIRST_PASS) (BG_THREAD / BG_LANES_OF(FIRST_PASS)) /* the thread's group */
#define BG_GROUPS(FIRST_PASS) (BG_THREADS / BG_LANES_OF(FIRST_PASS))
#else /* one thread a board, or the CPU build: one thread for all the lanes of a board */
#define BG_GROUP_INDEX(FIRST_PASS) BG_THREAD
#define BG_GROUPS(FIRST_PASS) BG_THREADS
#endif
#define BG_LEAN_FIRST_LIMIT (1u << 24) /* lean frames: first child in 24 bits */
#define BG_TAG_LIMIT (1u << 24)        /* tagged sets: node + 1 in 24 bits, 8 of tag */

#if BG_GPU
#define BG_UNROLL_FEW _Pragma("unroll 4")
#else
#define BG_UNROLL_FEW
#endif

/* A hint that the trie's node i will be read soon (only NVRTC and nvcc see the PTX; the
 * tests' build of the GPU path on CPU threads takes the compiler's builtin). */
#if defined(__CUDA_ARCH__)
#define BG_PREFETCH_NODE(nodes, i) \
    asm volatile("prefetch.global.L1 [%0];" ::"l"((const bg_u32 *)(nodes) + 2 * (bg_u64)(i)))
#elif defined(__GNUC__)
#define BG_PREFETCH_NODE(nodes, i) \
    (BG_COUNT(prefetches), __builtin_prefetch((const bg_u32 *)(nodes) + 2 * (bg_u64)(i)))
#else
#define BG_PREFETCH_NODE(nodes, i) ((void)(nodes), (void)(i))
#endif
#if BG_GPU
#define BG_LOAD_LETTERS(nodes, i) __ldg((const bg_u32 *)(nodes) + 2 * (bg_u64)(i))
#else
#define BG_LOAD_LETTERS(nodes, i) (BG_COUNT(reads), (nodes)[2 * (bg_u64)(i)])
#endif

#if BG_GPU && BG_READONLY_TABLES
#define BG_LOAD_NEAR(near, i) __ldg((near) + (i))
#define BG_LOAD_POINTS(points, i) __ldg((points) + (i))
#else
#define BG_LOAD_NEAR(near, i) ((near)[i])
#define BG_LOAD_POINTS(points, i) ((points)[i])
#endif

#if BG_GPU
#define BG_SHARED_BASE (threadIdx.x)  /* a thread's first word in its block's shared arrays */
#define BG_SHARED_STRIDE (blockDim.x) /* word k of a thread at k * stride: no bank conflicts */
#if BG_SHARED_ANY
extern __shared__ bg_u32 bg_shared[];
#endif
#else
#define BG_SHARED_BASE 1u /* the CPU build spreads "shared" words too, to test the indexing */
#define BG_SHARED_STRIDE 2u
#endif

/* One level of the search: the node's letters (word bit cleared) and first child,
 * the neighbour cells not yet tried, the cell, and the letters read so far. */
#if BG_LEAN_FRAME
/* Lean: the neighbours still to try, the node's letters, and `packed`: the first child
 * (bits 0..23), the cell (24..29) and the letters of the cell's face less one (30..31). */
typedef struct {
    bg_u64 todo;
    bg_u32 mask;
    bg_u32 packed;
} bg_frame;
#else
typedef struct {
    bg_u32 mask;
    bg_u32 first;
    bg_u64 todo;
    bg_u16 letters;
    bg_u8 cell;
    bg_u8 unused;
} bg_frame;
#endif

/* The node reached from `index` by reading the codes of `face` (-1 if none); *letters
 * grows by the board letters read (a BG_SILENT code continues a letter). */
BG_INLINE bg_i64 bg_follow(const bg_u32 *nodes, bg_i64 index, bg_u32 face, int *letters) {
    for (int k = 0; k < BG_FACE_MAX; k++) {
        bg_u32 code = (face >> (8 * k)) & 0xffu;
        if (code == BG_NO_LETTER) break;
        bg_u32 letter = code & ~(bg_u32)BG_SILENT;
        if (letter >= BG_MAX_LETTERS) return -1;
        bg_u32 mask = (bg_u32)BG_LOAD_NODE(nodes, index) & ~BG_WORD_BIT;
        bg_u32 bit = 1u << letter;
        if (!(mask & bit)) return -1;
        index = (bg_i64)(BG_LOAD_NODE(nodes, index) >> 32) + BG_POPCOUNT(mask & (bit - 1));
        *letters += !(code & BG_SILENT);
    }
    return index;
}

/* The trie letter bit of a face's first code (0: no word starts with it). */
BG_INLINE bg_u32 bg_lead_bit(bg_u32 face) {
    bg_u32 letter = face & 0xffu & ~(bg_u32)BG_SILENT;
    return letter < BG_MAX_LETTERS ? 1u << letter : 0u;
}

/* A thread's word set: trie nodes where words ended on the current board. */
template <int BITS>
struct bg_word_set {
    enum { SLOTS = 1 << BITS, LIMIT = SLOTS / 4 * 3 };
    bg_u32 slots[SLOTS];
    bg_u16 filled[LIMIT];
    int count;

    BG_DEVICE void clear_all() {
        for (int i = 0; i < SLOTS; i++) slots[i] = 0;
        count = 0;
    }

    /* Empty the slots the board filled. */
    BG_DEVICE void reset() {
        for (int i = 0; i < count; i++) slots[filled[i]] = 0;
        count = 0;
    }

    /* 1 if the node is new, 0 if it was there, -1 when the set is full. */
    BG_DEVICE int add(bg_u32 node) {
        bg_u32 key = node + 1;
        bg_u32 at = (key * 2654435761u) >> (32 - BITS);
        while (slots[at]) {
            if (slots[at] == key) return 0;
            at = (at + 1) & (SLOTS - 1);
        }
        if (count >= LIMIT) return -1;
        slots[at] = key;
        filled[count++] = (bg_u16)at;
        return 1;
    }
};

/* A word set of tagged slots, its slot k at slots[k * stride] (local or shared memory): a
 * slot holds node + 1 (24 bits) and the board's tag (8 bits), so the next board's tag
 * empties them all at once; every 255 boards the slots are cleared.  GROUP: the set of a
 * group of lanes sharing a board (BG_LANES_PER_BOARD), slots side by side in shared memory,
 * claimed with atomicCAS, the words added counted at *shared_count; every lane of the group
 * keeps the same tag, and the caller syncs the group after clear_all and reset. */
template <int BITS, int GROUP = 0>
struct bg_tagged_set {
    enum { SLOTS = 1 << BITS, LIMIT = SLOTS / 4 * 3 };
    bg_u32 *slots;
    bg_u32 stride;
    bg_u32 tag;
    int count;
#if BG_LANES_PER_BOARD > 1
    bg_u32 *shared_count; /* GROUP: the group's count of words, in its shared memory */
    int lane, lanes;      /* GROUP: this lane clears slots lane, lane + lanes, ... */
#endif

    /* (if GROUP ... else: no code after a constant branch's return, which NVRTC warns of) */
    BG_DEVICE void clear_all() {
#if BG_LANES_PER_BOARD > 1
        if (GROUP) {
            for (int i = lane; i < SLOTS; i += lanes) slots[i] = 0;
            if (!lane) *shared_count = 0;
        } else
#endif
        {
            BG_UNROLL_FEW
            for (int i = 0; i < SLOTS; i++) slots[i * stride] = 0;
            count = 0;
        }
        tag = 1;
    }

    BG_DEVICE void reset() {
#if BG_LANES_PER_BOARD > 1
        if (GROUP) { /* every lane of the group is done with the board (synced before) */
            if (++tag == 256)
                clear_all();
            else if (!lane)
                *shared_count = 0;
            return;
        }
#endif
        count = 0;
        if (++tag == 256) clear_all();
    }

    /* 1 if the node is new, 0 if it was there, -1 when the set is full (or the node too
     * large to tag: the board goes to the next pass). */
    BG_DEVICE int add(bg_u32 node) {
        bg_u32 key = node + 1;
        if (key >= BG_TAG_LIMIT) return -1;
        const bg_u32 tagged = key | tag << 24;
        bg_u32 at = (key * 2654435761u) >> (32 - BITS);
#if BG_LANES_PER_BOARD > 1
        if (GROUP) {
            /* A slot holding this board's tag never changes until the board is done, so the
             * lanes adding one node all stop at the same first empty slot of its probes, and
             * one CAS wins it: each word is counted once.  A lane claims at most one slot
             * past the limit before it stops; the probes are bounded all the same. */
            for (int probes = 0; probes < 2 * SLOTS; probes++) {
                const bg_u32 slot = ((volatile bg_u32 *)slots)[at];
                if (slot >> 24 != tag) { /* empty for this board: claim it */
                    if (BG_ATOMIC_CAS(slots + at, slot, tagged) == slot)
                        return BG_ATOMIC_ADD(shared_count, 1u) >= (bg_u32)LIMIT ? -1 : 1;
                    continue; /* a lane of the group wrote it first: read what it wrote */
                }
                if (slot == tagged) return 0;
                at = (at + 1) & (SLOTS - 1);
            }
            return -1;
        } else
#endif
        {
            for (;;) {
                const bg_u32 slot = slots[at * stride];
                if (slot >> 24 != tag) break;
                if (slot == tagged) return 0;
                at = (at + 1) & (SLOTS - 1);
            }
            if (count >= LIMIT) return -1;
            slots[at * stride] = tagged;
            count++;
            return 1;
        }
    }
};

#if BG_LANES_PER_BOARD > 1 && BG_GPU
/* The lanes of this thread's group of `lanes` in its warp (the groups side by side). */
BG_INLINE bg_u32 bg_group_mask(int lanes) {
    return lanes >= 32 ? 0xffffffffu
                       : ((1u << lanes) - 1u) << ((threadIdx.x & 31u) & ~(bg_u32)(lanes - 1));
}

/* The group's score (the sum of its lanes') and whether any lane's search was cut, in every
 * lane of the group. */
template <int LANES>
BG_INLINE void bg_group_total(bg_u32 mask, bg_i64 *score, int *full) {
    for (int offset = LANES / 2; offset > 0; offset >>= 1) {
        *score += __shfl_xor_sync(mask, *score, offset);
        *full |= __shfl_xor_sync(mask, *full, offset);
    }
}
#endif

#if BG_LANES_SPLIT > 1
/* Part `part` of a start cell whose neighbours are `near`: those of rank part, part + S, ... */
BG_INLINE bg_u64 bg_split_part(bg_u64 near, int part) {
    bg_u64 taken = 0;
    for (int rank = 0; near; near &= near - 1, rank++)
        if ((rank & (BG_LANES_SPLIT - 1)) == part) taken |= near & (~near + 1);
    return taken;
}
#endif

#if BG_CHILDREN_AT_PUSH
/* The neighbours of `todo` worth a step from a node (its letters `mask`, its first child
 * `first`): those whose face's first letter follows the node; with BG_EAGER_CHILDREN, of
 * those whose face is one letter, only the ones whose child has a letter of `alive` (the
 * word bit, and the board's letters).  Faces: face c at faces[c * face_stride].
 *
 * E.g. a node followed by `a` and `t` and a todo of cells showing `t`, `x`, `a` keeps the
 * cells of `t` and `a`; eager, the `a` child is dropped when it ends no word and goes on
 * with no letter of the board. */
BG_INLINE bg_u64 bg_children_todo(const bg_u32 *nodes, const bg_u32 *faces, bg_u32 face_stride,
                                  bg_u64 todo, bg_u32 mask, bg_u32 first, bg_u32 alive) {
    (void)nodes;
    (void)first;
    (void)alive;
    bg_u64 kept = 0;
#if BG_EAGER_CHILDREN
    bg_u64 single = 0; /* candidates of one-letter faces: their children read below */
#endif
    for (bg_u64 rest = todo; rest; rest &= rest - 1) {
        const int cell = BG_CTZ64(rest);
        const bg_u32 face = faces[cell * face_stride];
        const bg_u32 bit = bg_lead_bit(face);
        if (!(mask & bit)) continue;
#if BG_PREFETCH_CHILDREN || BG_EAGER_CHILDREN
        BG_PREFETCH_NODE(nodes, first + BG_POPCOUNT(mask & (bit - 1)));
#endif
#if BG_EAGER_CHILDREN
        if (((face >> 8) & 0xffu) == BG_NO_LETTER) {
            single |= rest & (~rest + 1);
            continue;
        }
#endif
        kept |= rest & (~rest + 1);
    }
#if BG_EAGER_CHILDREN
    /* The children's reads, one register at a time: the prefetches above are already on
     * their way together (the loads themselves, held in registers, would not be: at 40
     * registers ptxas issues each one after the one before is used). */
    for (; single; single &= single - 1) {
        const bg_u32 bit = bg_lead_bit(faces[BG_CTZ64(single) * face_stride]);
        if (BG_LOAD_LETTERS(nodes, first + BG_POPCOUNT(mask & (bit - 1))) & alive)
            kept |= single & (~single + 1);
    }
#endif
    return kept;
}
#endif

/* Score the items item, item + stride, ... below `end`, one board each, in one loop of
 * single steps.  `Boards` loads an item's faces and takes its score.  FIRST_PASS: the
 * small word set's kernels (the ones BG_SHARED_SET moves to shared memory, and whose
 * boards BG_LANES_PER_BOARD lanes share: then an item is a group's board, not a thread's). */
template <int BITS, int FIRST_PASS, class Boards>
BG_INLINE void bg_score_threads_loop(const bg_u32 *nodes, int n, const bg_u64 *near,
                             const bg_i32 *points, int points_len, Boards &boards,
                             bg_u64 item, bg_u64 end, bg_u64 stride, const bg_u64 *top_nodes) {
    (void)top_nodes;
    if (item >= end) return;
#if BG_TAGGED_SET
    enum { IN_SHARED = FIRST_PASS && BG_SHARED_SET };
#if BG_LANES_PER_BOARD > 1
    enum { LANES = BG_LANES_OF(FIRST_PASS), GROUP = LANES > 1 };
    bg_tagged_set<BITS, GROUP> words;
    bg_u32 set_storage[GROUP ? 1 : 1 << BITS];
#else
    bg_tagged_set<BITS> words;
#if BG_SHARED_SET && BG_GPU
    bg_u32 set_storage[IN_SHARED ? 1 : 1 << BITS];
#else
    bg_u32 set_storage[(IN_SHARED ? BG_SHARED_STRIDE : 1) << BITS];
#endif
#endif
    if (IN_SHARED) {
#if BG_SHARED_SET && BG_GPU
        words.slots = bg_shared + BG_SHARED_BASE;
#else
        words.slots = set_storage + BG_SHARED_BASE;
#endif
        words.stride = BG_SHARED_STRIDE;
    } else {
        words.slots = set_storage;
        words.stride = 1;
    }
    const bg_u32 shared_faces_at = IN_SHARED ? (bg_u32)BG_SHARED_STRIDE << BITS : 0;
#else
    bg_word_set<BITS> words;
    const bg_u32 shared_faces_at = 0;
#endif
    (void)shared_faces_at;
#if BG_LANES_PER_BOARD > 1
    /* GROUP: the words of the group in shared memory: the count, the set's slots, the faces */
#if BG_GPU
    const int lane = (int)(threadIdx.x % LANES);
    const bg_u32 group_mask = bg_group_mask(LANES);
    bg_u32 *const group =
        bg_shared + (threadIdx.x / LANES) * (BG_GROUP_HEADER + (1u << BITS) + (bg_u32)n);
#else
    int lane = 0; /* the CPU build runs the lanes of a group one after another */
    bg_u32 group_storage[GROUP ? BG_GROUP_HEADER + (1 << BITS) + BG_MAX_CELLS : 1];
    bg_u32 *const group = group_storage;
#endif
    if (GROUP) {
        words.slots = group + BG_GROUP_HEADER;
        if (!lane) group[1] = 0; /* the next start cell (BG_LANES_NEXT_CELL), synced below */
        words.stride = 1;
        words.shared_count = group;
        words.lane = lane;
        words.lanes = BG_GPU ? LANES : 1;
    }
#define BG_GROUP_FACES(others) (GROUP ? group + BG_GROUP_HEADER + (1u << BITS) : (others))
#else
#define BG_GROUP_FACES(others) others
#endif
    words.clear_all();
#if BG_SHARED_FACES
#if BG_LANES_PER_BOARD > 1
    const bg_u32 face_stride = GROUP ? 1u : BG_SHARED_STRIDE;
#else
    const bg_u32 face_stride = BG_SHARED_STRIDE;
#endif
#if BG_GPU
    bg_u32 *const faces = BG_GROUP_FACES(bg_shared + shared_faces_at + BG_SHARED_BASE);
#else
    bg_u32 face_storage[BG_MAX_CELLS * BG_SHARED_STRIDE];
    bg_u32 *const faces = BG_GROUP_FACES(face_storage + BG_SHARED_BASE);
#endif
#define BG_FACE(c) faces[(c) * face_stride]
#else
    const bg_u32 face_stride = 1;
    bg_u32 faces[BG_MAX_CELLS];
#define BG_FACE(c) faces[c]
#endif
    bg_frame stack[BG_MAX_CELLS];
#if !BG_LEAN_FRAME
    bg_frame top = {0, 0, 0, 0, 0, 0}; /* the top frame, with BG_TOP_IN_REGISTERS */
    (void)top;
#else
    int path_letters = 0; /* letters read along the cells in use */
#if BG_TOP_IN_REGISTERS
    bg_u64 top_todo = 0; /* the top frame; stack[0 .. depth - 2] the ones below */
    bg_u32 top_mask = 0, top_packed = 0;
#endif
#endif
    const bg_u64 root = BG_LOAD_NODE(nodes, 0);
    const bg_u32 root_mask = (bg_u32)root & ~BG_WORD_BIT;
    const bg_u32 root_first = (bg_u32)(root >> 32);
    bg_i64 score = 0;
    bg_u64 used = 0;
    int depth = 0, start = 0, full = 0;
#if BG_LANES_PER_BOARD > 1
    start = lane; /* lane j of a group searches from cells j, j + LANES, ... */
    const int tasks = GROUP ? n * BG_LANES_SPLIT : n; /* start cells, or their parts */
#endif
#if BG_LANES_SPLIT > 1
    bg_u64 root_split = ~0ULL; /* the start cell's neighbours its part tries */
#define BG_NEAR_TODO(cell) (BG_LOAD_NEAR(near, cell) & ~used & (depth == 1 ? root_split : ~0ULL))
#else
#define BG_NEAR_TODO(cell) (BG_LOAD_NEAR(near, cell) & ~used)
#endif
#if BG_CHILDREN_AT_PUSH && BG_PRUNE_LETTERS
#define BG_PUSH_TODO(cell, mask, first_child)                                  \
    bg_children_todo(nodes, &BG_FACE(0), face_stride, BG_NEAR_TODO(cell), mask, first_child, \
                     board_bits | BG_WORD_BIT)
#elif BG_CHILDREN_AT_PUSH
#define BG_PUSH_TODO(cell, mask, first_child)                                  \
    bg_children_todo(nodes, &BG_FACE(0), face_stride, BG_NEAR_TODO(cell), mask, first_child, ~0u)
#else
#define BG_PUSH_TODO(cell, mask, first_child) BG_NEAR_TODO(cell)
#endif
#if BG_PRUNE_LETTERS
    bg_u32 board_bits = 0; /* the lead letters of the board's faces */
#define BG_BOARD_BITS()                                                        \
    do {                                                                       \
        board_bits = 0;                                                        \
        for (int c = 0; c < n; c++) board_bits |= bg_lead_bit(BG_FACE(c));     \
    } while (0)
#else
#define BG_BOARD_BITS() \
    do {                \
    } while (0)
#endif
#if BG_LANES_PER_BOARD > 1 && BG_GPU
#define BG_LOAD_BOARD()                                                        \
    do {                                                                       \
        if (GROUP) { /* the lanes load the faces together, then wait */        \
            boards.load_part(item, faces, lane, LANES);                        \
            __syncwarp(group_mask);                                            \
        } else {                                                               \
            boards.load(item, faces, face_stride);                             \
        }                                                                      \
        BG_BOARD_BITS();                                                       \
    } while (0)
#else
#define BG_LOAD_BOARD()                    \
    boards.load(item, faces, face_stride); \
    BG_BOARD_BITS()
#endif
#if BG_ONE_LOOP
    BG_LOAD_BOARD();
#else
    for (; item < end; item += stride) {
        BG_LOAD_BOARD();
        score = 0;
        used = 0;
        depth = 0;
        start = 0;
        full = 0;
#endif
    for (;;) {
        BG_COUNT(steps);
        bg_u32 mask, first;
        int letters, cell;
        if (depth == 0) {
#if BG_LANES_PER_BOARD > 1
#if BG_LANES_NEXT_CELL
            if (GROUP && !full) start = (int)BG_ATOMIC_ADD(group + 1, 1u); /* the next cell */
#endif
            if (start >= tasks || full) { /* this lane's part of the board is done */
                if (GROUP) {
#if BG_GPU
                    __syncwarp(group_mask); /* the group's set and faces are free again */
                    bg_group_total<LANES>(group_mask, &score, &full);
                    if (!lane) boards.done(item, full ? BG_OVERFLOW : score);
#else
                    if (!full && ++lane < LANES) { /* the group's next lane, on the same set */
                        start = lane;
                        continue;
                    }
                    lane = 0;
                    boards.done(item, full ? BG_OVERFLOW : score);
#endif
                } else {
                    boards.done(item, full ? BG_OVERFLOW : score);
                }
                words.reset();
                if (GROUP && !lane) group[1] = 0;
                score = 0;
                full = 0;
                start = lane;
                used = 0;
                item += stride;
                if (item >= end) break;
                BG_LOAD_BOARD();
                continue;
            }
#else
            if (start == n || full) { /* the board is done: the next one */
#if !BG_ONE_LOOP
                break;
#endif
                boards.done(item, full ? BG_OVERFLOW : score);
                words.reset();
                score = 0;
                full = 0;
                start = 0;
                used = 0;
                item += stride;
                if (item >= end) break;
                BG_LOAD_BOARD();
                continue;
            }
#endif
            mask = root_mask;
            first = root_first;
            letters = 0;
#if BG_LANES_PER_BOARD > 1
            cell = start;
            start += GROUP ? LANES : 1;
#if BG_LANES_SPLIT > 1
            if (GROUP) { /* task cell: part cell % S of start cell cell / S */
                const int part = cell & (BG_LANES_SPLIT - 1);
                cell /= BG_LANES_SPLIT;
                root_split = bg_split_part(BG_LOAD_NEAR(near, cell), part);
                if (part && !root_split) continue; /* no neighbour for this part */
            }
#endif
#else
            cell = start++;
#endif
        } else {
#if BG_LEAN_FRAME && BG_TOP_IN_REGISTERS
            if (!top_todo) { /* every neighbour tried: step back */
                used &= ~(1ULL << ((top_packed >> 24) & 63u));
                path_letters -= (int)(top_packed >> 30) + 1;
                if (--depth) {
                    const bg_frame below = stack[depth - 1];
                    top_todo = below.todo;
                    top_mask = below.mask;
                    top_packed = below.packed;
                }
                continue;
            }
            cell = BG_CTZ64(top_todo);
            top_todo &= top_todo - 1;
            mask = top_mask;
            first = top_packed & (BG_LEAN_FIRST_LIMIT - 1);
            letters = path_letters;
#elif BG_LEAN_FRAME
            bg_frame *at = &stack[depth - 1];
            const bg_u64 todo = at->todo;
            if (!todo) { /* every neighbour tried: step back */
                const bg_u32 packed = at->packed;
                used &= ~(1ULL << ((packed >> 24) & 63u));
                path_letters -= (int)(packed >> 30) + 1;
                depth--;
                continue;
            }
            cell = BG_CTZ64(todo);
            at->todo = todo & (todo - 1);
            mask = at->mask;
            first = at->packed & (BG_LEAN_FIRST_LIMIT - 1);
            letters = path_letters;
#else
#if BG_TOP_IN_REGISTERS
            bg_frame *at = &top;
#else
            bg_frame *at = &stack[depth - 1];
#endif
            if (!at->todo) { /* every neighbour tried: step back */
                used &= ~(1ULL << at->cell);
                depth--;
#if BG_TOP_IN_REGISTERS
                if (depth) top = stack[depth - 1];
#endif
                continue;
            }
            cell = BG_CTZ64(at->todo);
            at->todo &= at->todo - 1;
            mask = at->mask;
            first = at->first;
            letters = at->letters;
#endif
        }
        const bg_u32 face = BG_FACE(cell);
        const bg_u32 bit = bg_lead_bit(face);
        if (!(mask & bit)) continue;
        bg_i64 child = (bg_i64)first + BG_POPCOUNT(mask & (bit - 1));
        letters += !(face & BG_SILENT);
        if (((face >> 8) & 0xffu) != BG_NO_LETTER) { /* a face of several codes */
            child = bg_follow(nodes, child, face >> 8 | 0xff000000u, &letters);
            if (child < 0) continue;
        }
#if BG_SHARED_TOP
        const bg_u64 node = child < BG_SHARED_TOP ? top_nodes[child] : BG_LOAD_NODE(nodes, child);
#else
        const bg_u64 node = BG_LOAD_NODE(nodes, child);
#endif
        const bg_u32 child_mask = (bg_u32)node;
#if BG_SKIP_ZERO
        if (child_mask & BG_WORD_BIT) { /* a word worth nothing needs no place in the set */
            const bg_i32 worth =
                BG_LOAD_POINTS(points, letters < points_len ? letters : points_len - 1);
            if (worth) {
                const int fresh = words.add((bg_u32)child);
                if (fresh < 0) {
                    full = 1;
                    depth = 0;
                    continue;
                }
                if (fresh) score += worth;
            }
        }
#else
        if (child_mask & BG_WORD_BIT) {
            int fresh = words.add((bg_u32)child);
            if (fresh < 0) {
                full = 1;
                depth = 0;
                continue;
            }
            if (fresh)
                score += BG_LOAD_POINTS(points, letters < points_len ? letters : points_len - 1);
        }
#endif
#if BG_PRUNE_LETTERS
        if (!(child_mask & board_bits)) continue;
#else
        if (!(child_mask & ~BG_WORD_BIT)) continue;
#endif
#if BG_LEAN_FRAME
        {
            const bg_u32 child_first = (bg_u32)(node >> 32);
            const int face_letters = letters - (depth ? path_letters : 0);
            if (child_first >= BG_LEAN_FIRST_LIMIT || face_letters < 1 || face_letters > 4) {
                full = 1; /* beyond what a lean frame holds: the next pass scores it */
                depth = 0;
                continue;
            }
            used |= 1ULL << cell;
#if BG_TOP_IN_REGISTERS
            if (depth) {
                bg_frame *below = &stack[depth - 1];
                below->todo = top_todo;
                below->mask = top_mask;
                below->packed = top_packed;
            }
            depth++;
            top_mask = child_mask & ~BG_WORD_BIT;
            top_todo = BG_PUSH_TODO(cell, top_mask, child_first);
            top_packed = child_first | (bg_u32)cell << 24 | (bg_u32)(face_letters - 1) << 30;
#else
            bg_frame *pushed = &stack[depth++];
            pushed->mask = child_mask & ~BG_WORD_BIT;
            pushed->todo = BG_PUSH_TODO(cell, pushed->mask, child_first);
            pushed->packed =
                child_first | (bg_u32)cell << 24 | (bg_u32)(face_letters - 1) << 30;
#endif
            path_letters = letters;
        }
#else
        used |= 1ULL << cell;
#if BG_TOP_IN_REGISTERS
        if (depth) stack[depth - 1] = top;
        bg_frame *pushed = &top;
        depth++;
#else
        bg_frame *pushed = &stack[depth++];
#endif
        pushed->mask = child_mask & ~BG_WORD_BIT;
        pushed->first = (bg_u32)(node >> 32);
        pushed->todo = BG_PUSH_TODO(cell, pushed->mask, pushed->first);
        pushed->letters = (bg_u16)letters;
        pushed->cell = (bg_u8)cell;
#endif
    }
#if !BG_ONE_LOOP
        boards.done(item, full ? BG_OVERFLOW : score);
        words.reset();
    }
#endif
#undef BG_FACE
#undef BG_NEAR_TODO
#undef BG_PUSH_TODO
#undef BG_BOARD_BITS
#undef BG_LOAD_BOARD
#undef BG_GROUP_FACES
}

#if BG_WARP_LIST
/* Shared words of a warp's board with BG_WARP_LIST: the header, the set, the faces (rounded
 * up to 4 words), then the list's 4 arrays of BG_WARP_STACK words. */
#define BG_WARP_LIST_WORDS(BITS, n) \
    (((BG_GROUP_HEADER + (1u << (BITS)) + (bg_u32)(n) + 3u) & ~3u) + 4u * BG_WARP_STACK)

/* A state of the warp's list: the node's letters (word bit cleared) and first child, the
 * cells in use, and the cell (bits 0..7) with the letters read (8..15). */
typedef struct {
    bg_u32 mask, first, used, cell_letters;
} bg_wl_state;

/* The neighbours of a state worth a step: not in use, their face's first letter following.
 * E.g. a node followed by `a` and `t`, next to free cells showing `t`, `x`, `a`: the cells
 * of `t` and `a`. */
BG_INLINE bg_u32 bg_wl_todo(const bg_u64 *near, const bg_u32 *faces, const bg_wl_state &s) {
    bg_u32 todo = (bg_u32)BG_LOAD_NEAR(near, s.cell_letters & 0xffu) & ~s.used, kept = 0;
    for (; todo; todo &= todo - 1) {
        const int cell = BG_CTZ64(todo);
        if (s.mask & bg_lead_bit(faces[cell])) kept |= todo & (~todo + 1);
    }
    return kept;
}

/* Step from a node (letters `mask`, first child `first`, `letters` read, cells `used`) into
 * `cell`: the word it ends is added to the set (its points to *score; a full set sets
 * *full), and 1 with the child's state in *out when the search goes on from it. */
template <class Set>
BG_INLINE int bg_wl_visit(const bg_u32 *nodes, const bg_u32 *faces, const bg_i32 *points,
                          int points_len, Set &words, bg_u32 board_bits, bg_u32 mask,
                          bg_u32 first, int letters, bg_u32 used, int cell, bg_i64 *score,
                          int *full, bg_wl_state *out) {
    const bg_u32 face = faces[cell];
    const bg_u32 bit = bg_lead_bit(face);
    if (!(mask & bit)) return 0;
    bg_i64 child = (bg_i64)first + BG_POPCOUNT(mask & (bit - 1));
    letters += !(face & BG_SILENT);
    if (((face >> 8) & 0xffu) != BG_NO_LETTER) { /* a face of several codes */
        child = bg_follow(nodes, child, face >> 8 | 0xff000000u, &letters);
        if (child < 0) return 0;
    }
    BG_COUNT(steps);
    const bg_u64 node = BG_LOAD_NODE(nodes, child);
    const bg_u32 child_mask = (bg_u32)node;
    if (child_mask & BG_WORD_BIT) {
        const bg_i32 worth = BG_LOAD_POINTS(points, letters < points_len ? letters : points_len - 1);
        if (worth) {
            const int fresh = words.add((bg_u32)child);
            if (fresh < 0) {
                *full = 1;
                return 0;
            }
            if (fresh) *score += worth;
        }
    }
    if (!(child_mask & board_bits)) return 0;
    if (letters > 255) { /* more than a state's 8 bits of letters: the next pass scores it */
        *full = 1;
        return 0;
    }
    out->mask = child_mask & ~BG_WORD_BIT;
    out->first = (bg_u32)(node >> 32);
    out->used = used | 1u << cell;
    out->cell_letters = (bg_u32)cell | (bg_u32)letters << 8;
    return 1;
}

/* The first pass with BG_WARP_LIST: the items item, item + stride, ... below `end` (a warp's
 * boards on the GPU), each scored by the warp's 32 lanes through one list of states (see the
 * options).  The CPU build runs the same rounds with the lanes one after another in each
 * step, so the list grows in the same order as on the GPU. */
template <int BITS, class Boards>
BG_INLINE void bg_warp_list_loop(const bg_u32 *nodes, int n, const bg_u64 *near,
                                 const bg_i32 *points, int points_len, Boards &boards,
                                 bg_u64 item, bg_u64 end, bg_u64 stride) {
    if (item >= end) return;
    if (n > 32) { /* the list's cells in use are 32 bits: the second pass scores these */
#if BG_GPU
        if (threadIdx.x % 32) return;
#endif
        for (; item < end; item += stride) boards.done(item, BG_OVERFLOW);
        return;
    }
    bg_tagged_set<BITS, 1> words;
#if BG_GPU
    const int lane = (int)(threadIdx.x % 32);
    bg_u32 *const group = bg_shared + (threadIdx.x / 32) * BG_WARP_LIST_WORDS(BITS, n);
    words.lane = lane;
    words.lanes = 32;
#else
    bg_u32 group[BG_WARP_LIST_WORDS(BITS, BG_MAX_CELLS)];
    words.lane = 0;
    words.lanes = 1;
#endif
    words.slots = group + BG_GROUP_HEADER;
    words.stride = 1;
    words.shared_count = group;
    bg_u32 *const faces = group + BG_GROUP_HEADER + (1u << BITS);
    bg_u32 *const list = group + ((BG_GROUP_HEADER + (1u << BITS) + (bg_u32)n + 3u) & ~3u);
    bg_u32 *const list_mask = list, *const list_first = list + BG_WARP_STACK;
    bg_u32 *const list_used = list + 2 * BG_WARP_STACK, *const list_cell = list + 3 * BG_WARP_STACK;
    words.clear_all();
    const bg_u64 root = BG_LOAD_NODE(nodes, 0);
    const bg_u32 root_mask = (bg_u32)root & ~BG_WORD_BIT, root_first = (bg_u32)(root >> 32);
    for (; item < end; item += stride) {
#if BG_GPU
        boards.load_part(item, faces, lane, 32);
        __syncwarp();
#else
        boards.load(item, faces, 1);
#endif
        bg_u32 board_bits = 0;
        for (int c = 0; c < n; c++) board_bits |= bg_lead_bit(faces[c]);
        bg_i64 score = 0;
        int full = 0, top = 0;
#if BG_GPU
        /* the start cells: lane j steps from the root into cell j */
        {
            bg_wl_state child;
            const int go = lane < n && bg_wl_visit(nodes, faces, points, points_len, words,
                                                   board_bits, root_mask, root_first, 0, 0u,
                                                   lane, &score, &full, &child);
            const bg_u32 going = __ballot_sync(0xffffffffu, go);
            if (go) { /* n <= 32 <= BG_WARP_STACK: room for every start cell */
                const int at = BG_POPCOUNT(going & ((1u << lane) - 1u));
                list_mask[at] = child.mask;
                list_first[at] = child.first;
                list_used[at] = child.used;
                list_cell[at] = child.cell_letters;
            }
            top = BG_POPCOUNT(going);
            __syncwarp();
        }
        while (top > 0 && !__any_sync(0xffffffffu, full)) {
            const int taken = top < 32 ? top : 32;
            top -= taken;
            bg_wl_state s = {0, 0, 0, 0};
            bg_u32 todo = 0;
            if (lane < taken) {
                s.mask = list_mask[top + lane];
                s.first = list_first[top + lane];
                s.used = list_used[top + lane];
                s.cell_letters = list_cell[top + lane];
                todo = bg_wl_todo(near, faces, s);
            }
            __syncwarp(); /* the states taken are read before children take their places */
            while (__any_sync(0xffffffffu, todo)) {
                bg_wl_state child;
                int go = 0;
                if (todo) {
                    const int cell = BG_CTZ64(todo);
                    todo &= todo - 1;
                    go = bg_wl_visit(nodes, faces, points, points_len, words, board_bits, s.mask,
                                     s.first, (int)(s.cell_letters >> 8), s.used, cell, &score,
                                     &full, &child);
                }
                const bg_u32 going = __ballot_sync(0xffffffffu, go);
                if (top + BG_POPCOUNT(going) > BG_WARP_STACK) { /* the list is full */
                    full = 1;
                    break;
                }
                if (go) {
                    const int at = top + (int)BG_POPCOUNT(going & ((1u << lane) - 1u));
                    list_mask[at] = child.mask;
                    list_first[at] = child.first;
                    list_used[at] = child.used;
                    list_cell[at] = child.cell_letters;
                }
                top += (int)BG_POPCOUNT(going);
            }
            __syncwarp(); /* the children are written before the next round reads them */
        }
        bg_group_total<32>(0xffffffffu, &score, &full);
        if (!lane) boards.done(item, full ? BG_OVERFLOW : score);
        words.reset();
        __syncwarp(); /* the set is cleared and the faces free before the next board */
#else
        for (int cell = 0; cell < n; cell++) { /* the start cells, as the GPU's lanes */
            bg_wl_state child;
            if (bg_wl_visit(nodes, faces, points, points_len, words, board_bits, root_mask,
                            root_first, 0, 0u, cell, &score, &full, &child)) {
                list_mask[top] = child.mask;
                list_first[top] = child.first;
                list_used[top] = child.used;
                list_cell[top] = child.cell_letters;
                top++;
            }
        }
        while (top > 0 && !full) {
            const int taken = top < 32 ? top : 32;
            top -= taken;
            bg_wl_state s[32];
            bg_u32 todo[32], any = 0;
            for (int k = 0; k < taken; k++) {
                s[k].mask = list_mask[top + k];
                s[k].first = list_first[top + k];
                s[k].used = list_used[top + k];
                s[k].cell_letters = list_cell[top + k];
                todo[k] = bg_wl_todo(near, faces, s[k]);
                any |= todo[k];
            }
            while (any && !full) { /* a step: each lane one neighbour, in the lanes' order */
                bg_wl_state child[32];
                int go[32], going = 0;
                any = 0;
                for (int k = 0; k < taken; k++) {
                    go[k] = 0;
                    if (!todo[k]) continue;
                    const int cell = BG_CTZ64(todo[k]);
                    todo[k] &= todo[k] - 1;
                    any |= todo[k];
                    go[k] = bg_wl_visit(nodes, faces, points, points_len, words, board_bits,
                                        s[k].mask, s[k].first, (int)(s[k].cell_letters >> 8),
                                        s[k].used, cell, &score, &full, &child[k]);
                    going += go[k];
                }
                if (top + going > BG_WARP_STACK) {
                    full = 1;
                    break;
                }
                for (int k = 0; k < taken; k++) {
                    if (!go[k]) continue;
                    list_mask[top] = child[k].mask;
                    list_first[top] = child[k].first;
                    list_used[top] = child[k].used;
                    list_cell[top] = child[k].cell_letters;
                    top++;
                }
            }
        }
        boards.done(item, full ? BG_OVERFLOW : score);
        words.reset();
#endif
    }
}
#endif

/* The first pass's loop, or the second's (FIRST_PASS 0): the warp's list (BG_WARP_LIST) for
 * the first pass, else a thread's (or a group of lanes') depth-first searches. */
template <int ON> struct bg_pass_kind {};

template <int BITS, int FIRST_PASS, class Boards>
BG_INLINE void bg_score_pass(bg_pass_kind<0>, const bg_u32 *nodes, int n, const bg_u64 *near,
                             const bg_i32 *points, int points_len, Boards &boards, bg_u64 item,
                             bg_u64 end, bg_u64 stride, const bg_u64 *top_nodes) {
    bg_score_threads_loop<BITS, FIRST_PASS>(nodes, n, near, points, points_len, boards, item,
                                            end, stride, top_nodes);
}

#if BG_WARP_LIST
template <int BITS, int FIRST_PASS, class Boards>
BG_INLINE void bg_score_pass(bg_pass_kind<1>, const bg_u32 *nodes, int n, const bg_u64 *near,
                             const bg_i32 *points, int points_len, Boards &boards, bg_u64 item,
                             bg_u64 end, bg_u64 stride, const bg_u64 *top_nodes) {
    (void)top_nodes;
    bg_warp_list_loop<BITS>(nodes, n, near, points, points_len, boards, item, end, stride);
}
#endif

template <int BITS, int FIRST_PASS, class Boards>
BG_INLINE void bg_score_loop(const bg_u32 *nodes, int n, const bg_u64 *near,
                             const bg_i32 *points, int points_len, Boards &boards,
                             bg_u64 item, bg_u64 end, bg_u64 stride, const bg_u64 *top_nodes) {
    bg_score_pass<BITS, FIRST_PASS>(bg_pass_kind<(FIRST_PASS && BG_WARP_LIST) ? 1 : 0>(), nodes,
                                    n, near, points, points_len, boards, item, end, stride,
                                    top_nodes);
}

/* The trie's first BG_SHARED_TOP nodes copied into the block's shared memory (the host
 * pads the trie with that many empty nodes, so the copy never reads past it); a kernel
 * declares the table with BG_TOP_NODES before anything else, every thread taking part. */
#if BG_SHARED_TOP && BG_GPU
#define BG_TOP_NODES(nodes)                                                    \
    __shared__ bg_u64 bg_top_nodes[BG_SHARED_TOP];                             \
    for (int k = threadIdx.x; k < BG_SHARED_TOP; k += blockDim.x)              \
        bg_top_nodes[k] = BG_LOAD_NODE(nodes, k);                              \
    __syncthreads()
#elif BG_SHARED_TOP
#define BG_TOP_NODES(nodes)                                                    \
    bg_u64 bg_top_nodes[BG_SHARED_TOP];                                        \
    for (int k = 0; k < BG_SHARED_TOP; k++) bg_top_nodes[k] = BG_LOAD_NODE(nodes, k)
#else
#define BG_TOP_NODES(nodes) const bg_u64 *bg_top_nodes = 0
#endif

/* ---------------------------------------------------------------- boards given */

/* Boards read from an array of faces; scores written by item. */
struct bg_given_boards {
    const bg_u8 *faces;
    int n;
    bg_i64 *scores;

    BG_DEVICE void load(bg_u64 item, bg_u32 *out, bg_u32 out_stride) const {
        const bg_u8 *f = faces + item * (bg_u64)n * BG_FACE_MAX;
#if BG_GPU
        const bg_u32 *words = (const bg_u32 *)f;
        for (int c = 0; c < n; c++) out[c * out_stride] = words[c];
#else
        for (int c = 0; c < n; c++, f += BG_FACE_MAX)
            out[c * out_stride] =
                (bg_u32)f[0] | (bg_u32)f[1] << 8 | (bg_u32)f[2] << 16 | (bg_u32)f[3] << 24;
#endif
    }

#if BG_LANES_PER_BOARD > 1
    /* Cells lane, lane + lanes, ... of the item's faces (lanes sharing a board; GPU only). */
    BG_DEVICE void load_part(bg_u64 item, bg_u32 *out, int lane, int lanes) const {
        const bg_u32 *words = (const bg_u32 *)(faces + item * (bg_u64)n * BG_FACE_MAX);
        for (int c = lane; c < n; c += lanes) out[c] = words[c];
    }
#endif

    BG_DEVICE void done(bg_u64 item, bg_i64 score) const { scores[item] = score; }
};

#define BG_SCORE_BOARDS(NAME, BITS, FIRST)                                                     \
    BG_KERNEL void NAME(const bg_u32 *nodes, const bg_u8 *faces, int n, const bg_u64 *near,    \
                        const bg_i32 *points, int points_len, bg_i64 *scores, bg_u64 start,    \
                        bg_u64 end) {                                                          \
        BG_TOP_NODES(nodes);                                                                   \
        bg_given_boards boards = {faces, n, scores};                                           \
        bg_score_loop<BITS, FIRST>(nodes, n, near, points, points_len, boards,                 \
                                   start + BG_GROUP_INDEX(FIRST), end, BG_GROUPS(FIRST),       \
                                   bg_top_nodes);                                              \
    }

/* Score boards start .. end - 1 of `faces` (n cells each) into scores[]. */
BG_SCORE_BOARDS(bg_score_boards_small, BG_SMALL_SET_BITS, 1)
BG_SCORE_BOARDS(bg_score_boards_large, BG_LARGE_SET_BITS, 0)

/* ---------------------------------------------------------------- random boards */

#define BG_PHILOX_M0 0xD2E7470EE14C6C93ULL
#define BG_PHILOX_M1 0xCA5A826395121157ULL
#define BG_PHILOX_W0 0x9E3779B97F4A7C15ULL
#define BG_PHILOX_W1 0xBB67AE8584CAA73BULL
#define BG_MAX_BLOCKS 16 /* 2 words a cell, 8 words a block, 64 cells */

/* Philox4x64-10 of the 256-bit counter (c0, c1, 0, 0) under the key (k0, 0). */
BG_INLINE void bg_philox(bg_u64 c0, bg_u64 c1, bg_u64 k0, bg_u64 *out) {
    bg_u64 x0 = c0, x1 = c1, x2 = 0, x3 = 0, key0 = k0, key1 = 0;
    for (int r = 0; r < 10; r++) {
        if (r) {
            key0 += BG_PHILOX_W0;
            key1 += BG_PHILOX_W1;
        }
        const bg_u64 hi0 = BG_MULHI64(BG_PHILOX_M0, x0), lo0 = BG_PHILOX_M0 * x0;
        const bg_u64 hi1 = BG_MULHI64(BG_PHILOX_M1, x2), lo1 = BG_PHILOX_M1 * x2;
        x0 = hi1 ^ x1 ^ key0;
        x1 = lo1;
        x2 = hi0 ^ x3 ^ key1;
        x3 = lo0;
    }
    out[0] = x0;
    out[1] = x1;
    out[2] = x2;
    out[3] = x3;
}

/* The faces of random board `board` (as boggle.random_boards rolls it; see the top).
 * cube_faces: `width` packed faces a cube; face_counts: faces of each cube; dice 0: one
 * cube for every cell, no shuffle. */
BG_INLINE void bg_roll(const bg_u32 *cube_faces, const bg_u32 *face_counts, int dice, int width,
                       int n, bg_u64 seed, bg_u64 board, bg_u32 *out, bg_u32 out_stride) {
    const int words_needed = dice ? 2 * n : n;
    const int blocks = (words_needed + 7) / 8;
    bg_u32 words[BG_MAX_BLOCKS * 8];
    const bg_u64 base_lo = board * (bg_u64)blocks, base_hi = BG_MULHI64(board, (bg_u64)blocks);
    for (int b = 0; b < blocks; b++) {
        const bg_u64 step = (bg_u64)b + 1;
        const bg_u64 lo = base_lo + step;
        const bg_u64 hi = base_hi + (lo < step);
        bg_u64 v[4];
        bg_philox(lo, hi, seed, v);
        for (int k = 0; k < 4; k++) {
            words[8 * b + 2 * k] = (bg_u32)v[k];
            words[8 * b + 2 * k + 1] = (bg_u32)(v[k] >> 32);
        }
    }
    if (!dice) {
        const bg_u64 count = face_counts[0];
        for (int c = 0; c < n; c++) out[c * out_stride] = cube_faces[(words[c] * count) >> 32];
        return;
    }
    bg_u8 cube_at[BG_MAX_CELLS];
    for (int c = 0; c < n; c++) { /* a stable argsort: the cube of rank r goes to cell r */
        const bg_u32 key = words[c];
        int rank = 0;
        for (int k = 0; k < n; k++) rank += words[k] < key || (words[k] == key && k < c);
        cube_at[rank] = (bg_u8)c;
    }
    for (int c = 0; c < n; c++) {
        const int cube = cube_at[c];
        const bg_u64 pick = words[n + c];
        out[c * out_stride] = cube_faces[cube * width + (int)((pick * face_counts[cube]) >> 32)];
    }
}

/* The generator's tables and a run's seed: what makes board b. */
struct bg_roller {
    const bg_u32 *cube_faces;
    const bg_u32 *face_counts;
    int dice, width, n;
    bg_u64 seed;

    BG_DEVICE void roll(bg_u64 board, bg_u32 *out, bg_u32 out_stride = 1) const {
        bg_roll(cube_faces, face_counts, dice, width, n, seed, board, out, out_stride);
    }
};

/* Item i is board base + i, or indices[i] when a list is given. */
BG_INLINE bg_u64 bg_board_number(const bg_u64 *indices, bg_u64 base, bg_u64 item) {
    return indices ? indices[item] : base + item;
}

/* The faces of boards (base + i, or indices[i]) for items start .. end - 1, n words each. */
BG_KERNEL void bg_roll_boards(const bg_u32 *cube_faces, const bg_u32 *face_counts, int dice,
                              int width, int n, bg_u64 seed, bg_u64 base, const bg_u64 *indices,
                              bg_u32 *faces, bg_u64 start, bg_u64 end) {
    bg_roller roller = {cube_faces, face_counts, dice, width, n, seed};
    for (bg_u64 item = start + BG_THREAD; item < end; item += BG_THREADS)
        roller.roll(bg_board_number(indices, base, item), faces + item * (bg_u64)n);
}

/* Random boards made on the spot; each score written by item and, when `hist` is given
 * and the score lies in [low, low + bins), counted there. */
struct bg_random_boards {
    bg_roller roller;
    bg_u64 base;
    const bg_u64 *indices;
    bg_i64 *scores;
    bg_u64 *hist;
    bg_i64 low;
    bg_u64 bins;

    BG_DEVICE void load(bg_u64 item, bg_u32 *out, bg_u32 out_stride) const {
        roller.roll(bg_board_number(indices, base, item), out, out_stride);
    }

#if BG_LANES_PER_BOARD > 1
    /* The whole board, made by the first of the lanes sharing it. */
    BG_DEVICE void load_part(bg_u64 item, bg_u32 *out, int lane, int lanes) const {
        (void)lanes;
        if (!lane) load(item, out, 1);
    }
#endif

    BG_DEVICE void done(bg_u64 item, bg_i64 score) const {
        scores[item] = score;
        if (hist && score != BG_OVERFLOW && score >= low && (bg_u64)(score - low) < bins)
            BG_ATOMIC_ADD(hist + (score - low), 1ULL);
    }
};

#define BG_RANDOM_STATS(NAME, BITS, FIRST)                                                     \
    BG_KERNEL void NAME(const bg_u32 *nodes, int n, const bg_u64 *near, const bg_i32 *points,  \
                        int points_len, const bg_u32 *cube_faces, const bg_u32 *face_counts,   \
                        int dice, int width, bg_u64 seed, bg_u64 base, const bg_u64 *indices,  \
                        bg_i64 *scores, bg_u64 *hist, bg_i64 low, bg_u64 bins, bg_u64 start,   \
                        bg_u64 end) {                                                          \
        BG_TOP_NODES(nodes);                                                                   \
        bg_random_boards boards = {{cube_faces, face_counts, dice, width, n, seed},            \
                                   base, indices, scores, hist, low, bins};                    \
        bg_score_loop<BITS, FIRST>(nodes, n, near, points, points_len, boards,                 \
                                   start + BG_GROUP_INDEX(FIRST), end, BG_GROUPS(FIRST),       \
                                   bg_top_nodes);                                              \
    }

/* Make and score boards (base + i, or indices[i]) for items start .. end - 1. */
BG_RANDOM_STATS(bg_random_stats_small, BG_SMALL_SET_BITS, 1)
BG_RANDOM_STATS(bg_random_stats_large, BG_LARGE_SET_BITS, 0)
