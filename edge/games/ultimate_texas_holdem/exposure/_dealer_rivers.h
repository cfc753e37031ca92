/* The river kernels' bit counting (_dealer_rivers.pyx, dealer_two_river_flop): how many of a
 * row's bits (dealer holdings, 1,326 bits in 21 words) fall in each of four sets.
 *
 * The four counts are popcounts of AND-ed words. Where the compiler targets x86 and the CPU
 * has the POPCNT instruction (every x86-64 processor since 2008) a copy compiled for it is
 * used, chosen once at run time; elsewhere the same loop counts bits with shifts and masks. */

#ifndef EDGE_DEALER_RIVERS_H
#define EDGE_DEALER_RIVERS_H

#include <stdint.h>

#define DR_WORDS 21               /* 64-bit words of a row of 1,326 holdings */

typedef void (*dr_counts_fn)(const uint64_t *row, const uint64_t *a, const uint64_t *b,
                             const uint64_t *c, const uint64_t *d, int32_t *out);

static inline int dr_pop_plain(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* out[i]: the bits of row that set i (a, b, c, d) holds too */
#define DR_COUNTS(POP)                                                                       \
    int32_t n0 = 0, n1 = 0, n2 = 0, n3 = 0;                                                  \
    int w;                                                                                   \
    for (w = 0; w < DR_WORDS; w++) {                                                         \
        uint64_t r = row[w];                                                                 \
        if (r == 0)                                                                          \
            continue;                                                                        \
        n0 += POP(r & a[w]);                                                                 \
        n1 += POP(r & b[w]);                                                                 \
        n2 += POP(r & c[w]);                                                                 \
        n3 += POP(r & d[w]);                                                                 \
    }                                                                                        \
    out[0] = n0;                                                                             \
    out[1] = n1;                                                                             \
    out[2] = n2;                                                                             \
    out[3] = n3;

static void dr_counts_plain(const uint64_t *row, const uint64_t *a, const uint64_t *b,
                            const uint64_t *c, const uint64_t *d, int32_t *out)
{
    DR_COUNTS(dr_pop_plain)
}

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
__attribute__((target("popcnt")))
static void dr_counts_popcnt(const uint64_t *row, const uint64_t *a, const uint64_t *b,
                             const uint64_t *c, const uint64_t *d, int32_t *out)
{
    DR_COUNTS(__builtin_popcountll)
}

static dr_counts_fn dr_pick_counts(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? dr_counts_popcnt : dr_counts_plain;
}
#else
static dr_counts_fn dr_pick_counts(void)
{
    return dr_counts_plain;
}
#endif

#endif
