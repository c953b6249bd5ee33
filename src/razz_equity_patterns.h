/*
 * razz_equity_patterns.h - the last receiving player's rank patterns (C99, header only).
 *
 * An exact equity walk (razz_equity.h) does not walk the last player who
 * receives cards deal by deal: his rank patterns are listed and sorted by
 * hand rank once (rz_eq_pats), then weighed under each deck the others
 * leave (rz_eq_pats_against).
 */
#ifndef RAZZ_EQUITY_PATTERNS_H
#define RAZZ_EQUITY_PATTERNS_H

#include <stdint.h>
#include <stdlib.h>
#include "razz_eval.h"
#include "razz_equity_counts.h"

/* The last receiving player's rank patterns (heads-up: player 1; grouped
 * walk: the grouped player), listed once per walk and sorted by hand rank.
 * A pattern's weight under a deck d (the unseen cards once the other players
 * have theirs) is prod_r C(d_r, k_r): a product of entries of T, where
 * T[5r + k] = C(d_r, k) and T[RZ_EQ_ONE] = 1, over the pattern's m slots
 * (one per rank it holds, padded with RZ_EQ_ONE).  Its patterns are listed
 * from the deck before any other player's cards, so every pattern any deck
 * allows is there (the others weigh 0), and their weights add up to
 * C(sum_r d_r, m).  The outcomes against a rank b then take one scan of the
 * patterns below b (or of those above it, whichever is shorter): no hand is
 * looked up and nothing is sorted per deck. */
#define RZ_EQ_ONE 65
typedef struct {
    int n, m, cap;                       /* patterns, cards (slots) each, room */
    uint16_t *rank;                      /* n ranks, ascending */
    uint8_t *slot;                       /* n x m T indices, in rank order */
    uint16_t *rank_tmp;                  /* n ranks, in walk order */
    uint8_t *slot_tmp;                   /* n x m T indices, in walk order */
    uint64_t *cum;                       /* n + 1: window sums (grouped walk) */
    uint32_t first[RZ_NUM_CLASSES + 2];  /* first[x]: patterns of rank < x */
    uint64_t T[RZ_EQ_ONE + 1];
    uint64_t total;                      /* C(cards in the deck, m) */
    uint8_t cur[8];                      /* the pattern being listed */
} rz_eq_pats;

/* C(n, k) for n <= 52, k <= 7 (every step exact in 64 bits). */
RZ_INLINE uint64_t rz_eq_choose(unsigned n, unsigned k)
{
    uint64_t c = 1;
    unsigned i;
    if (k > n)
        return 0;
    for (i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* A hand rank as an index of first[] (ranks are 1..RZ_NUM_CLASSES). */
RZ_INLINE unsigned rz_eq_rank_index(unsigned rank)
{
    return rank <= RZ_NUM_CLASSES ? rank : RZ_NUM_CLASSES;
}

RZ_INLINE void rz_eq_pats_free(rz_eq_pats *P)
{
    if (P == NULL)
        return;
    free(P->rank);
    free(P->slot);
    free(P->rank_tmp);
    free(P->slot_tmp);
    free(P->cum);
    free(P);
}

/* Room for the patterns of m (1..7) cards: at most C(m + 12, 12) multisets.
 * NULL when memory is short. */
RZ_INLINE rz_eq_pats *rz_eq_pats_new(int m)
{
    rz_eq_pats *P = (rz_eq_pats *)calloc(1, sizeof(rz_eq_pats));
    size_t cap;
    if (P == NULL)
        return NULL;
    if (m < 1)
        m = 1;
    if (m > 7)
        m = 7;
    cap = (size_t)rz_eq_choose((unsigned)m + 12u, 12u);
    P->m = m;
    P->cap = (int)cap;
    P->rank = (uint16_t *)malloc(cap * sizeof(uint16_t));
    P->rank_tmp = (uint16_t *)malloc(cap * sizeof(uint16_t));
    P->slot = (uint8_t *)malloc(cap * (size_t)m);
    P->slot_tmp = (uint8_t *)malloc(cap * (size_t)m);
    P->cum = (uint64_t *)malloc((cap + 1) * sizeof(uint64_t));
    if (!P->rank || !P->rank_tmp || !P->slot || !P->slot_tmp || !P->cum) {
        rz_eq_pats_free(P);
        return NULL;
    }
    return P;
}

/* List the patterns: `left` more cards of ranks r..12 (at most rem[r] each),
 * `j` slots and hand key `key` so far. */
RZ_INLINE void rz_eq_pats_list(rz_eq_pats *P, const uint8_t *rem, int r, int left, int j,
                               uint32_t key)
{
    int k, kmax;
    if (left == 0) {
        uint8_t *sl;
        int q;
        if (P->n >= P->cap)
            return; /* cannot happen: cap counts every multiset */
        sl = P->slot_tmp + (size_t)P->n * (size_t)P->m;
        P->rank_tmp[P->n++] = rz_lookup(key);
        for (q = 0; q < P->m; q++)
            sl[q] = q < j ? P->cur[q] : (uint8_t)RZ_EQ_ONE;
        return;
    }
    if (r == 13 || j >= P->m)
        return;
    rz_eq_pats_list(P, rem, r + 1, left, j, key);
    kmax = left < rem[r] ? left : rem[r];
    for (k = 1; k <= kmax; k++) {
        P->cur[j] = (uint8_t)(5 * r + k);
        rz_eq_pats_list(P, rem, r + 1, left - k, j + 1, key + (uint32_t)k * RZ_RANK_KEY[r]);
    }
}

/* List the patterns of P->m cards out of rem onto the key `base` and sort
 * them by rank (counting sort, which leaves first[] behind). */
RZ_INLINE void rz_eq_pats_build(rz_eq_pats *P, const uint8_t *rem, uint32_t base)
{
    int i, x, q, m = P->m;
    P->n = 0;
    rz_eq_pats_list(P, rem, 0, m, 0, base);
    for (x = 0; x < RZ_NUM_CLASSES + 2; x++)
        P->first[x] = 0;
    for (i = 0; i < P->n; i++)
        P->first[rz_eq_rank_index(P->rank_tmp[i]) + 1]++;
    for (x = 0; x < RZ_NUM_CLASSES + 1; x++)
        P->first[x + 1] += P->first[x];
    for (i = 0; i < P->n; i++) { /* first[x] moves on to the patterns of rank <= x */
        unsigned rk = rz_eq_rank_index(P->rank_tmp[i]);
        uint32_t at = P->first[rk]++;
        P->rank[at] = (uint16_t)rk;
        for (q = 0; q < m; q++)
            P->slot[(size_t)at * (size_t)m + (size_t)q] = P->slot_tmp[(size_t)i * (size_t)m + (size_t)q];
    }
    for (x = RZ_NUM_CLASSES + 1; x > 0; x--) /* back to: patterns of rank < x */
        P->first[x] = P->first[x - 1];
    P->first[0] = 0;
}

/* The deck d the patterns are now drawn from. */
RZ_INLINE void rz_eq_pats_deck(rz_eq_pats *P, const uint8_t *d)
{
    unsigned cards = 0;
    int r, k;
    for (r = 0; r < 13; r++) {
        for (k = 0; k < 5; k++)
            P->T[5 * r + k] = RZ_EQ_BINOM[d[r]][k];
        cards += d[r];
    }
    P->T[RZ_EQ_ONE] = 1;
    P->total = rz_eq_choose(cards, (unsigned)P->m);
}

/* Weight of patterns a..b-1 under the deck; with cum, also cum[i - a + 1] =
 * weight of patterns a..i. */
RZ_INLINE uint64_t rz_eq_pats_sum(const rz_eq_pats *P, uint32_t a, uint32_t b, uint64_t *cum)
{
    const uint64_t *T = P->T;
    const uint8_t *sl = P->slot + (size_t)a * (size_t)P->m;
    uint64_t sum = 0;
    uint32_t i;
    int q, m = P->m;
    if (m == 4 && cum == NULL) {
        for (i = a; i < b; i++, sl += 4)
            sum += T[sl[0]] * T[sl[1]] * T[sl[2]] * T[sl[3]];
        return sum;
    }
    for (i = a; i < b; i++, sl += m) {
        uint64_t w = T[sl[0]];
        for (q = 1; q < m; q++)
            w *= T[sl[q]];
        sum += w;
        if (cum != NULL)
            cum[i - a + 1] = sum;
    }
    return sum;
}

/* Weight of the patterns ranked below b (*less) and equal to b (*eq): one
 * scan of those below or of those above, whichever is shorter. */
RZ_INLINE void rz_eq_pats_against(const rz_eq_pats *P, unsigned b, uint64_t *less, uint64_t *eq)
{
    unsigned x = rz_eq_rank_index(b);
    uint32_t lt = P->first[x], le = P->first[x + 1], n = (uint32_t)P->n;
    *eq = rz_eq_pats_sum(P, lt, le, NULL);
    if (lt <= n - le)
        *less = rz_eq_pats_sum(P, 0, lt, NULL);
    else
        *less = P->total - *eq - rz_eq_pats_sum(P, le, n, NULL);
}

#endif /* RAZZ_EQUITY_PATTERNS_H */
