/* Bit counts and cache hints for every compiler: the builtins of GCC and Clang, the
 * intrinsics of MSVC, and plain C elsewhere.
 *
 * ctz and clz of 0 are undefined (as the builtins): callers pass a number with a bit set.
 * Example: for (uint32_t m = mask; m; m &= m - 1) visit(bits_ctz32(m));
 */
#ifndef BOGGLE_BITS_H
#define BOGGLE_BITS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define BITS_INLINE static inline __attribute__((always_inline))
#define BITS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define BITS_GNU 1
#elif defined(_MSC_VER)
#include <intrin.h>
#define BITS_INLINE static __forceinline
#define BITS_UNLIKELY(x) (x)
#define BITS_MSVC 1
#else
#define BITS_INLINE static inline
#define BITS_UNLIKELY(x) (x)
#endif

BITS_INLINE int bits_popcount32(uint32_t x) {
#if defined(BITS_GNU)
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

BITS_INLINE int bits_popcount64(uint64_t x) {
#if defined(BITS_GNU)
    return __builtin_popcountll(x);
#else
    return bits_popcount32((uint32_t)x) + bits_popcount32((uint32_t)(x >> 32));
#endif
}

BITS_INLINE int bits_ctz32(uint32_t x) {
#if defined(BITS_GNU)
    return __builtin_ctz(x);
#elif defined(BITS_MSVC)
    unsigned long at;
    _BitScanForward(&at, x);
    return (int)at;
#else
    return bits_popcount32((x & (0u - x)) - 1u);
#endif
}

BITS_INLINE int bits_ctz64(uint64_t x) {
#if defined(BITS_GNU)
    return __builtin_ctzll(x);
#else
    return (uint32_t)x ? bits_ctz32((uint32_t)x) : 32 + bits_ctz32((uint32_t)(x >> 32));
#endif
}

BITS_INLINE int bits_clz32(uint32_t x) {
#if defined(BITS_GNU)
    return __builtin_clz(x);
#elif defined(BITS_MSVC)
    unsigned long at;
    _BitScanReverse(&at, x);
    return 31 - (int)at;
#else
    int n = 0;
    while (!(x & 0x80000000u)) x <<= 1, n++;
    return n;
#endif
}

BITS_INLINE int bits_clz64(uint64_t x) {
#if defined(BITS_GNU)
    return __builtin_clzll(x);
#else
    return x >> 32 ? bits_clz32((uint32_t)(x >> 32)) : 32 + bits_clz32((uint32_t)x);
#endif
}

/* Asks for the cache line at `at` to be read (a hint: nothing where there is none). */
BITS_INLINE void bits_prefetch(const void *at) {
#if defined(BITS_GNU)
    __builtin_prefetch(at);
#elif defined(BITS_MSVC) && (defined(_M_X64) || defined(_M_IX86))
    _mm_prefetch((const char *)at, _MM_HINT_T0);
#else
    (void)at;
#endif
}

#endif
