/* Ultimate Texas Hold'em with both dealer hole cards seen (seen=dealer-2): the inner loops.
 *
 * Included by _exposure_two.pyx (which documents the method). Plain C so gcc vectorises the
 * loops over holdings: 16-bit lanes, one holding per lane, a block of X2_W holdings at a time.
 *
 * For one flop, holdings and turn-river boards are both the 1,176 pairs of the 49 cards off
 * the flop ("local pair ids"), and table[X2_AT(b, p)] is the dense 7-card rank of holding
 * p on board b (flop + pair b), or -1 where the two pairs share a card. The table is stored
 * block by block (X2_W holdings by 1,176 boards, 150 KB), so one block's boards stay in the
 * level-2 cache while a group of dealer holdings is counted against them. For one dealer holding
 * d the boards that miss d are sorted into three lists by the dealer's rank there: a
 * qualifying dealer below a straight (most boards), a dealer who does not qualify, and a dealer
 * with a straight or better; the 95 boards that hold a card of d form a fourth list.
 */
#ifndef EDGE_UTH_EXPOSURE_TWO_H
#define EDGE_UTH_EXPOSURE_TWO_H

#include <stdint.h>
#include <string.h>

#define X2_PAIRS 1176          /* C(49, 2): holdings off a flop, and turn-river boards */
#define X2_W 64                /* holdings per block (four 16-lane AVX2 vectors) */
#define X2_BLOCKS 19           /* ceil(1176 / 64) */
#define X2_STRIDE (X2_W * X2_BLOCKS)
#define X2_BLOCK_SIZE (X2_PAIRS * X2_W)   /* elements of one block of the table */
#define X2_AT(b, p) (((int64_t)((p) / X2_W) * X2_PAIRS + (b)) * X2_W + (p) % X2_W)
#define X2_CLASSES 6           /* Blind classes above "below a straight" */
#define X2_CATEGORIES 17
#define X2_ROW 36              /* per state: 17 counts after a flop bet, 17 after a flop
                                  check, flops bet 2x, flops of equal value */
#define X2_RUNOUTS 990         /* C(45, 2) turn-rivers for holding, dealer holding and flop */

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define X2_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define X2_CLONES
#endif

/* Dense ranks: limit[0] the least rank of a pair (the dealer qualifies at or above it),
 * limit[k] for k = 1..6 the least rank of Blind class k (straight .. royal flush). */
typedef struct {
    int16_t limit[X2_CLASSES + 1];
} X2Limits;

/* The boards of one dealer holding: element offsets into the table, and the dealer's rank. */
typedef struct {
    int n_main, n_unqualified, n_strong, n_touching;
    int32_t main_at[X2_PAIRS];
    int16_t main_rank[X2_PAIRS];
    int32_t unqualified_at[X2_PAIRS];
    int16_t unqualified_rank[X2_PAIRS];
    int32_t strong_at[X2_PAIRS];
    int16_t strong_rank[X2_PAIRS];
    int8_t strong_class[X2_PAIRS];
    int32_t touching_at[X2_PAIRS];
} X2Boards;

/* Counters of one block of holdings against one dealer holding. */
enum {
    X2_WIN_Q, X2_SHOW_Q,        /* qualifying dealer: boards won, boards won or tied */
    X2_WIN_U, X2_SHOW_U,        /* dealer does not qualify: the same */
    X2_VALID_U,                 /* dealer does not qualify and the board misses the holding */
    X2_GE_U,                    /* 6: dealer does not qualify, holding of Blind class >= k */
    X2_BEATEN = X2_GE_U + X2_CLASSES,   /* 6: dealer straight+, holding class >= k, not won */
    X2_TOUCH = X2_BEATEN + X2_CLASSES,  /* 6: boards holding a dealer card, class >= k */
    X2_COUNTERS = X2_TOUCH + X2_CLASSES
};

typedef struct {
    int16_t c[X2_COUNTERS][X2_W];
} X2Block;

/* Sort the boards that miss dealer holding d into the lists. */
static void x2_dealer_boards(const int16_t *table, const uint64_t *pair_mask, int d,
                             const X2Limits *limits, X2Boards *out)
{
    int b, k;
    int16_t r;
    out->n_main = out->n_unqualified = out->n_strong = out->n_touching = 0;
    for (b = 0; b < X2_PAIRS; b++) {
        int32_t at = (int32_t)b * X2_W;
        if (pair_mask[b] & pair_mask[d]) {
            out->touching_at[out->n_touching++] = at;
            continue;
        }
        r = table[X2_AT(b, d)];
        if (r < limits->limit[0]) {
            out->unqualified_at[out->n_unqualified] = at;
            out->unqualified_rank[out->n_unqualified++] = r;
        } else if (r < limits->limit[1]) {
            out->main_at[out->n_main] = at;
            out->main_rank[out->n_main++] = r;
        } else {
            k = 1;
            while (k < X2_CLASSES && r >= limits->limit[k + 1])
                k++;
            out->strong_at[out->n_strong] = at;
            out->strong_rank[out->n_strong] = r;
            out->strong_class[out->n_strong++] = (int8_t)k;
        }
    }
}

/* 16 holdings' 16-bit lanes (GCC/Clang vector extensions: one AVX2 register, or two SSE2
 * registers on the default target); a comparison gives -1 where true, so subtracting it
 * counts. */
typedef int16_t x2_lanes __attribute__((vector_size(32)));
typedef int16_t x2_lanes_u __attribute__((vector_size(32), aligned(2)));
#define X2_V (X2_W / 16)

#define x2_load(at) (*(const x2_lanes_u *)(at))
#define x2_store(at, value) (*(x2_lanes_u *)(at) = (value))

/* Every counter of one block of holdings (table already offset to the block's first lane). */
X2_CLONES
static void x2_block(const int16_t *table, const X2Boards *boards, const X2Limits *limits,
                     X2Block *out)
{
    int i, v, k;
    x2_lanes win[X2_V], show[X2_V], valid[X2_V], ge[X2_CLASSES][X2_V];
    x2_lanes zero = {0};
    for (v = 0; v < X2_V; v++)
        win[v] = show[v] = zero;
    /* qualifying dealer below a straight: every holding of Blind class >= 1 wins, and those
     * wins are counted from the flop's per-class totals, so only win and show here */
    for (i = 0; i < boards->n_main; i++) {
        const int16_t *row = table + boards->main_at[i];
        const int16_t r = boards->main_rank[i], r1 = (int16_t)(r - 1);
        for (v = 0; v < X2_V; v++) {
            x2_lanes x = x2_load(row + 16 * v);
            win[v] -= x > r;
            show[v] -= x > r1;
        }
    }
    /* qualifying dealer with a straight or better: also the hands of class >= k that do
     * not win (rank between the class's least and the dealer's) */
    for (k = 0; k < X2_CLASSES; k++)
        for (v = 0; v < X2_V; v++)
            ge[k][v] = zero;
    for (i = 0; i < boards->n_strong; i++) {
        const int16_t *row = table + boards->strong_at[i];
        const int16_t r = boards->strong_rank[i], r1 = (int16_t)(r - 1);
        const int top = boards->strong_class[i];
        for (v = 0; v < X2_V; v++) {
            x2_lanes x = x2_load(row + 16 * v);
            win[v] -= x > r;
            show[v] -= x > r1;
            for (k = 0; k < top; k++) {
                const int16_t low = (int16_t)(limits->limit[k + 1] - 1);
                ge[k][v] -= (x > low) & (x <= r);
            }
        }
    }
    for (v = 0; v < X2_V; v++) {
        x2_store(out->c[X2_WIN_Q] + 16 * v, win[v]);
        x2_store(out->c[X2_SHOW_Q] + 16 * v, show[v]);
        for (k = 0; k < X2_CLASSES; k++)
            x2_store(out->c[X2_BEATEN + k] + 16 * v, ge[k][v]);
    }
    /* dealer does not qualify */
    for (v = 0; v < X2_V; v++) {
        win[v] = show[v] = valid[v] = zero;
        for (k = 0; k < X2_CLASSES; k++)
            ge[k][v] = zero;
    }
    for (i = 0; i < boards->n_unqualified; i++) {
        const int16_t *row = table + boards->unqualified_at[i];
        const int16_t r = boards->unqualified_rank[i], r1 = (int16_t)(r - 1);
        for (v = 0; v < X2_V; v++) {
            x2_lanes x = x2_load(row + 16 * v);
            win[v] -= x > r;
            show[v] -= x > r1;
            valid[v] -= x > -1;
            for (k = 0; k < X2_CLASSES; k++)
                ge[k][v] -= x > (int16_t)(limits->limit[k + 1] - 1);
        }
    }
    for (v = 0; v < X2_V; v++) {
        x2_store(out->c[X2_WIN_U] + 16 * v, win[v]);
        x2_store(out->c[X2_SHOW_U] + 16 * v, show[v]);
        x2_store(out->c[X2_VALID_U] + 16 * v, valid[v]);
        for (k = 0; k < X2_CLASSES; k++) {
            x2_store(out->c[X2_GE_U + k] + 16 * v, ge[k][v]);
            ge[k][v] = zero;
        }
    }
    /* boards holding a dealer card: taken off the flop's per-class totals */
    for (i = 0; i < boards->n_touching; i++) {
        const int16_t *row = table + boards->touching_at[i];
        for (v = 0; v < X2_V; v++) {
            x2_lanes x = x2_load(row + 16 * v);
            for (k = 0; k < X2_CLASSES; k++)
                ge[k][v] -= x > (int16_t)(limits->limit[k + 1] - 1);
        }
    }
    for (v = 0; v < X2_V; v++)
        for (k = 0; k < X2_CLASSES; k++)
            x2_store(out->c[X2_TOUCH + k] + 16 * v, ge[k][v]);
}

/* Per-class totals of a flop: totals[k][p] = boards where holding p is of Blind class > k. */
X2_CLONES
static void x2_class_totals(const int16_t *table, const X2Limits *limits, int16_t *totals)
{
    int b, j, k;
    int blk;
    memset(totals, 0, sizeof(int16_t) * X2_CLASSES * X2_STRIDE);
    for (blk = 0; blk < X2_BLOCKS; blk++) {
        for (b = 0; b < X2_PAIRS; b++) {
            const int16_t *restrict row = table + X2_AT(b, blk * X2_W);
            for (k = 0; k < X2_CLASSES; k++) {
                const int16_t low = limits->limit[k + 1];
                int16_t *total = totals + k * X2_STRIDE + blk * X2_W;
                for (j = 0; j < X2_W; j++)
                    total[j] += (int16_t)(row[j] >= low);
            }
        }
    }
}

/* The 17 outcome counts of holding lane j of a block (categories as in the UTH kernels:
 * 0..6 wins over a qualifying dealer by Blind class, 7..13 wins over one who does not
 * qualify, 14 tie, 15 and 16 losses to a qualifying and a non-qualifying dealer). */
static inline void x2_categories(const X2Block *block, int j,
                                 const int16_t *totals, int p,
                                 int32_t *count)
{
    int32_t won_q[X2_CLASSES + 1], won_u[X2_CLASSES + 1];
    int k;
    for (k = 0; k < X2_CLASSES; k++) {
        won_q[k] = (int32_t)totals[k * X2_STRIDE + p] - block->c[X2_TOUCH + k][j]
                   - block->c[X2_GE_U + k][j] - block->c[X2_BEATEN + k][j];
        won_u[k] = block->c[X2_GE_U + k][j];
    }
    won_q[X2_CLASSES] = won_u[X2_CLASSES] = 0;
    count[0] = block->c[X2_WIN_Q][j] - won_q[0];
    count[7] = block->c[X2_WIN_U][j] - won_u[0];
    for (k = 1; k <= X2_CLASSES; k++) {
        count[k] = won_q[k - 1] - won_q[k];
        count[7 + k] = won_u[k - 1] - won_u[k];
    }
    count[14] = block->c[X2_SHOW_Q][j] - block->c[X2_WIN_Q][j]
                + block->c[X2_SHOW_U][j] - block->c[X2_WIN_U][j];
    count[15] = X2_RUNOUTS - block->c[X2_VALID_U][j] - block->c[X2_SHOW_Q][j];
    count[16] = block->c[X2_VALID_U][j] - block->c[X2_SHOW_U][j];
}

/* Finish one block against one dealer holding: the flop decision of every holding and its
 * counts, weighted by the orbit of (flop, dealer holding), added to its state's row.
 * Returns the number of holdings whose counts did not add up (0 unless a bug). */
static int x2_finish(const X2Block *block, int first, const int16_t *totals,
                     const uint64_t *pair_mask, int d, const int32_t *state_of,
                     const int64_t *net2, const int64_t *river, int ties_larger, int32_t weight,
                     int32_t *rows)
{
    int j, k, bad = 0;
    int32_t count[X2_CATEGORIES];
    for (j = 0; j < X2_W; j++) {
        int p = first + j, total = 0, negative = 0;
        int64_t bet = 0, check = 0;
        int32_t *row;
        if (p >= X2_PAIRS || (pair_mask[p] & pair_mask[d]))
            continue;
        x2_categories(block, j, totals, p, count);
        for (k = 0; k < X2_CATEGORIES; k++) {
            if (count[k] < 0)
                negative = 1;
            total += count[k];
            bet += count[k] * net2[k];
            check += count[k] * river[k];
        }
        if (total != X2_RUNOUTS || negative) {
            bad++;
            continue;
        }
        row = rows + (int64_t)state_of[p] * X2_ROW;
        if (bet > check || (bet == check && ties_larger)) {
            for (k = 0; k < X2_CATEGORIES; k++)
                row[k] += weight * count[k];
            row[34] += weight;
        } else {
            for (k = 0; k < X2_CATEGORIES; k++)
                row[X2_CATEGORIES + k] += weight * count[k];
        }
        if (bet == check)
            row[35] += weight;
    }
    return bad;
}

#endif
