#!/usr/bin/env bash
# Compile razzcore's C kernel (src/*.h, header-only C99; the *_py.h headers also need
# Python.h) on its own, outside the
# Cython build, to catch what the extension build would hide or only break on
# another platform:
#
#   * gcc and clang at -std=c99 -Wall -Wextra -Werror -pedantic (-O2): every
#     header must compile as its own translation unit, and a driver program that
#     exercises the whole API must build, run, and reproduce known figures
#     (5-4-3-2-A = 1, K-K-K-K-Q = 6175, the 2,598,960-hand histogram, an exact
#     and a Monte Carlo equity, a razz hand of the engine and 2,000 zero-sum
#     simulated hands);
#   * the mingw-w64 cross compiler (x86_64-w64-mingw32-gcc), same flags: what
#     would break on Windows (LLP64 long, MSVC-ish headers) breaks here;
#   * the batch kernels (razz_simd.h): the driver runs every kernel this CPU
#     supports against the scalar one (random rows, every size around the
#     64-row block, misaligned, garbage codes, repeated cards), also in a
#     build without them (-DRZ_NO_SIMD); the ARM64 build (NEON) is
#     cross-compiled with aarch64-linux-gnu-gcc and run under qemu-aarch64;
#     MSVC's code path (cpuid through __cpuidex, no target attributes) and
#     clang-cl's are compiled with clang for the x86_64-pc-windows-msvc
#     target (syntax only, against stand-in CRT headers: no MSVC here).
#
# The table header comes from the generator, exactly as setup.py makes it:
#   python src/tablegen.py OUT.h
#
# Installs clang, gcc-mingw-w64-x86-64, gcc-aarch64-linux-gnu and qemu-user with
# apt-get when missing (root).
# Usage: bash tools/compile_kernel.sh        (exit status != 0 on any failure)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PYTHON:-python3}
MINGW=x86_64-w64-mingw32-gcc
ARM64=aarch64-linux-gnu-gcc
CFLAGS=(-std=c99 -Wall -Wextra -Werror -pedantic -O2)

log() { echo "--- compile_kernel: $*"; }

need=()
command -v gcc >/dev/null || need+=(gcc)
command -v clang >/dev/null || need+=(clang)
command -v "$MINGW" >/dev/null || need+=(gcc-mingw-w64-x86-64)
command -v "$ARM64" >/dev/null || need+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
command -v qemu-aarch64 >/dev/null || need+=(qemu-user)
if [ ${#need[@]} -gt 0 ]; then
    log "installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/razz-kernel.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

PYINC=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')

log "generating razz_table.h"
"$PY" src/tablegen.py "$WORK/razz_table.h"

# One translation unit per header: each must be self-contained.
for h in src/*.h; do
    name=$(basename "$h" .h)
    printf '#include "%s"\nint main(void) { return 0; }\n' "$(basename "$h")" >"$WORK/tu_$name.c"
done

have_equity=0
[ -f src/razz_equity.h ] && have_equity=1
have_engine=0
[ -f src/razz_engine.h ] && have_engine=1

# The driver: uses every entry point and checks results that are known exactly.
cat >"$WORK/driver.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include "razz_eval.h"
#include "razz_simd.h"
#if RZ_HAVE_EQUITY
#include "razz_equity.h"
#include "razz_range_equity.h"
#endif
#if RZ_HAVE_ENGINE
#include "razz_engine.h"
#endif

static int failures = 0;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

static unsigned long long hist[6176];
#if RZ_HAVE_EQUITY
static rz_eq_chart chart;
#endif

/* The batch kernels against the scalar one. */
#define KN 4200
static uint8_t khands[8 + 7 * KN];
static uint16_t kwant[KN], kgot[KN];
static uint32_t kseed = 12345u;

static unsigned krand(void)
{
    kseed = kseed * 1103515245u + 12345u;
    return (kseed >> 8) & 0xffffffu;
}

static void fill_rows(uint8_t *h, int n, int w)
{
    int i, k;
    for (i = 0; i < n; i++) {
        uint64_t seen = 0;
        for (k = 0; k < w;) {
            unsigned c = krand() % 52u;
            if ((seen >> c) & 1u)
                continue;
            seen |= (uint64_t)1 << c;
            h[w * i + k++] = (uint8_t)c;
        }
    }
}

static int same(int kernel, const uint8_t *h, int n, int w, int chk)
{
    ptrdiff_t a, b;
    memset(kwant, 0xab, sizeof kwant);
    memset(kgot, 0xab, sizeof kgot);
    a = rz_batch(h, n, w, kwant, chk);
    b = rz_batch_kernel(kernel, h, n, w, kgot, chk);
    return a == b && memcmp(kwant, kgot, sizeof kwant) == 0;
}

static void test_kernels(void)
{
    unsigned sup = rz_simd_init();
    int k, w, n, off, chk, i, ok;
    printf("batch kernels this CPU runs:");
    for (k = 0; k < RZ_K_COUNT; k++)
        if ((sup >> k) & 1u)
            printf(" %s", rz_kernel_name(k));
    printf("; picked: %s (%s)\n", rz_kernel_name(RZ_SIMD.picked), RZ_SIMD.reason);
    check((sup & 1u) == 1u, "the scalar kernel is always there");
    for (k = 1; k < RZ_K_COUNT; k++) {
        if (!((sup >> k) & 1u))
            continue;
        ok = 1;
        for (w = 5; w <= 7; w++) {
            for (off = 0; off < 8; off += 3) {
                uint8_t *h = khands + off;
                fill_rows(h, KN, w);
                for (chk = 0; chk < 2; chk++) {
                    for (n = 0; n < 3 * RZ_SIMD_BLOCK + 12; n++)
                        ok &= same(k, h, n, w, chk);
                    ok &= same(k, h, KN, w, chk);
                }
                for (i = 0; i < 40; i++) { /* a repeated card, then a code >= 52 */
                    int row = (int)(krand() % KN), p = (int)(krand() % (unsigned)w);
                    uint8_t keep = h[w * row + p];
                    h[w * row + p] = h[w * row + (p + 1 + (int)(krand() % (unsigned)(w - 1))) % w];
                    ok &= same(k, h, KN, w, 1) && same(k, h, KN, w, 0);
                    h[w * row + p] = (uint8_t)(52u + krand() % 204u);
                    ok &= same(k, h, KN, w, 1) && same(k, h, KN, w, 0);
                    h[w * row + p] = keep;
                }
                for (i = 0; i < w * KN; i++) /* garbage: same unspecified ranks */
                    h[i] = (uint8_t)krand();
                ok &= same(k, h, KN, w, 0) && same(k, h, KN, w, 1);
            }
        }
        printf("kernel %s: %s\n", rz_kernel_name(k), ok ? "same as scalar" : "DIFFERS");
        check(ok, "a kernel gives the scalar kernel's results");
    }
}

/* The Omaha batch (razz_lowgames.h) under every kernel against the scalar
 * rows: shapes 4..6 + 5 (the vector rows) and 4 + 4, every limit kind, row
 * counts around the 8-row block, bad rows and garbage. */
static uint8_t ocards[11 * KN], oholes[6 * KN], oboards[5 * KN];

static int omaha_same(int kernel, int h, int b, int n, int chk, unsigned limit)
{
    ptrdiff_t a, c;
    memset(kwant, 0xab, sizeof kwant);
    memset(kgot, 0xab, sizeof kgot);
    rz_simd_use(RZ_K_SCALAR);
    a = rz_omaha_batch_auto(oholes, h, oboards, b, n, kwant, chk, limit);
    rz_simd_use(kernel);
    c = rz_omaha_batch_auto(oholes, h, oboards, b, n, kgot, chk, limit);
    return a == c && memcmp(kwant, kgot, sizeof kwant) == 0;
}

static void test_omaha_kernels(void)
{
    static const unsigned limits[4] = {RZ_NO_LIMIT, 56u, 126u, 1287u};
    int k, h, b, n, chk, i, l, ok;
    check(rz_lowgames_init() == 0, "Omaha tables filled");
    for (k = 1; k < RZ_K_COUNT; k++) {
        if (!((RZ_SIMD.supported >> k) & 1u))
            continue;
        ok = 1;
        for (h = 4; h <= 6; h++)
            for (b = 4; b <= 5; b++) {
                fill_rows(ocards, KN, h + b);
                for (i = 0; i < KN; i++) {
                    memcpy(oholes + h * i, ocards + (h + b) * i, (size_t)h);
                    memcpy(oboards + b * i, ocards + (h + b) * i + h, (size_t)b);
                }
                for (l = 0; l < 4; l++)
                    for (chk = 0; chk < 2; chk++) {
                        for (n = 0; n < 40; n++)
                            ok &= omaha_same(k, h, b, n, chk, limits[l]);
                        ok &= omaha_same(k, h, b, KN, chk, limits[l]);
                    }
                for (i = 0; i < 20; i++) { /* a repeated card, then a code >= 52 */
                    int row = (int)(krand() % KN);
                    uint8_t keep = oboards[b * row + b - 1];
                    oboards[b * row + b - 1] = oholes[h * row + (int)(krand() % (unsigned)h)];
                    ok &= omaha_same(k, h, b, KN, 1, RZ_NO_LIMIT) &&
                          omaha_same(k, h, b, KN, 0, RZ_NO_LIMIT);
                    oboards[b * row + b - 1] = (uint8_t)(52u + krand() % 204u);
                    ok &= omaha_same(k, h, b, KN, 1, 126u) && omaha_same(k, h, b, KN, 0, 126u);
                    oboards[b * row + b - 1] = keep;
                }
                for (i = 0; i < h * KN; i++) /* garbage: same unspecified ranks */
                    oholes[i] = (uint8_t)krand();
                ok &= omaha_same(k, h, b, KN, 0, RZ_NO_LIMIT) && omaha_same(k, h, b, KN, 1, 126u);
            }
        printf("kernel %s, Omaha rows: %s\n", rz_kernel_name(k), ok ? "same as scalar" : "DIFFERS");
        check(ok, "a kernel gives the scalar Omaha rows' results");
    }
    rz_simd_use(RZ_SIMD.picked);
}

int main(void)
{
    /* codes: 4 * rank + suit, rank 0 = ace */
    const uint8_t wheel[7] = {0, 5, 10, 15, 16, 48, 49}; /* A 2 3 4 5 K K */
    const uint8_t quads[5] = {48, 49, 50, 51, 44};        /* K K K K Q */
    uint8_t counts[13] = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    uint64_t mask = 0, total = 0;
    int a, b, c, d, e, i, r, missing_class = 0;

    /* The slot table is filled at start-up, not compiled in. */
    r = rz_table_init();
    check(r == 0, "rz_table_init fills the table and it matches RZ_SLOT_DIGEST");
    if (r != 0) {
        printf("rz_table_init failed at step %d\n", r);
        return 1;
    }
    check(rz_table_init() == 0, "rz_table_init: a second call is a no-op");
    check(rz_table_digest() == RZ_SLOT_DIGEST, "the filled table's digest");

    for (i = 0; i < 7; i++)
        mask |= (uint64_t)1 << wheel[i];
    check(rz_eval_n(wheel, 5) == 1, "5-4-3-2-A is rank 1 (rz_eval_n)");
    check(rz_eval7(wheel) == 1, "A-2-3-4-5-K-K is rank 1 (rz_eval7)");
    check(rz_eval_n(quads, 5) == RZ_NUM_CLASSES, "K-K-K-K-Q is the last rank");
    check(rz_mask_count(mask) == 7, "rz_mask_count");
    check(rz_eval_mask(mask) == 1, "rz_eval_mask");
    check(rz_eval_counts(counts) == 1, "rz_eval_counts");

    /* Every 5-card hand of the deck, keys summed incrementally. */
    memset(hist, 0, sizeof hist);
    for (a = 0; a < 52; a++)
        for (b = a + 1; b < 52; b++)
            for (c = b + 1; c < 52; c++)
                for (d = c + 1; d < 52; d++)
                    for (e = d + 1; e < 52; e++) {
                        uint32_t key = RZ_SIZE_BASE[5] + rz_card_key((unsigned)a) +
                                       rz_card_key((unsigned)b) + rz_card_key((unsigned)c) +
                                       rz_card_key((unsigned)d) + rz_card_key((unsigned)e);
                        hist[rz_lookup(key)]++;
                    }
    for (r = 0; r <= RZ_NUM_CLASSES; r++)
        total += hist[r];
    for (r = 1; r <= RZ_NUM_CLASSES; r++)
        missing_class += hist[r] == 0;
    check(total == 2598960u, "C(52, 5) hands counted");
    check(hist[0] == 0, "no valid hand lands on an empty slot");
    check(hist[1] == 1024u, "1,024 wheels");
    check(hist[RZ_NUM_CLASSES] == 4u, "4 hands of K-K-K-K-Q");
    check(missing_class == 0, "every rank 1..6175 occurs");

#if RZ_HAVE_EQUITY
    {
        /* A-2-3-4-5-6-7 complete vs four kings with three to come; the unseen
         * cards are four each of 8, 9, T: player 1 wins all C(12, 3) = 220. */
        rz_eq_spec s;
        rz_eq_counts out;
        memset(&s, 0, sizeof s);
        s.nplayers = 2;
        for (r = 0; r < 7; r++)
            s.known[0][r] = 1;
        s.known[1][12] = 4;
        s.missing[0] = 0;
        s.missing[1] = 3;
        s.remaining[7] = s.remaining[8] = s.remaining[9] = 4;
        /* Players still to draw must come first. */
        {
            rz_eq_spec t = s;
            memcpy(t.known[0], s.known[1], 13);
            memcpy(t.known[1], s.known[0], 13);
            t.missing[0] = 3;
            t.missing[1] = 0;
            rz_eq_counts_init(&out);
            check(rz_eq_exact(&t, 0, (uint64_t)-1, &out) == 0, "exact: the direct walk ran");
            check(out.total == 220u, "exact: 220 outcomes");
            check(out.win[1] == 220u && out.win[0] == 0u, "exact: the made seven wins all");
            check(out.share[1] == 220u * RZ_EQ_UNITS, "exact: shares add up");
            rz_eq_counts_init(&out);
            rz_eq_mc_chunk(&t, 7u, 0u, 1000u, &out);
            check(out.total == 1000u, "Monte Carlo: 1,000 trials");
            check(out.win[1] == 1000u, "Monte Carlo: the made seven wins all");
            rz_eq_counts_init(&out);
            {
                uint64_t cum[2] = {3u, 5u};
                rz_eq_spec two[2];
                two[0] = two[1] = t;
                rz_eq_mc_classes_chunk(two, cum, 2, 7u, 0u, 1000u, &out);
            }
            check(out.total == 1000u && out.win[1] == 1000u, "Monte Carlo over classes");
        }
        {
            /* Player 0 holds "two aces" (6 combos) and 5 more cards; player 1
             * three kings and 4 more; one king unseen.  The range walk counts
             * 6 times the walk of the class A-A. */
            rz_eq_spec u, v;
            rz_eq_counts one, all;
            const uint8_t rk[7] = {0, 13, 13, 13, 13, 13, 13};
            const uint8_t ct[7] = {2, 0, 0, 0, 0, 0, 0};
            const uint64_t mult[1] = {1u};
            rz_eq_range g;
            memset(&u, 0, sizeof u);
            u.nplayers = 2;
            u.missing[0] = 7;
            u.known[1][12] = 3;
            u.missing[1] = 4;
            for (r = 0; r < 12; r++)
                u.remaining[r] = 4;
            u.remaining[12] = 1;
            v = u;
            v.known[0][0] = 2;
            v.missing[0] = 5;
            v.remaining[0] = 2;
            g.nclass = 1;
            g.rank = rk;
            g.count = ct;
            g.mult = mult;
            rz_eq_counts_init(&all);
            check(rz_eq_exact_range(&u, &g, 0, (uint64_t)-1, &all) == 0,
                  "range walk: ran (its pattern list allocated)");
            rz_eq_counts_init(&one);
            check(rz_eq_exact(&v, 0, (uint64_t)-1, &one) == 0,
                  "exact: the heads-up walk ran (its pattern list allocated)");
            check(all.total == 6u * one.total && all.share[0] == 6u * one.share[0],
                  "range walk: 6 combos of A-A");
        }
        /* The chart's first 7-card multiset, Q-Q-Q-K-K-K-K: K-K-K is credited
         * C(4,3) * C(4,3) * C(45,7) deals. */
        memset(&chart, 0, sizeof chart);
        check(rz_eq_chart_hu(0, 1, &chart) == 0, "chart: ran (its pattern list allocated)");
        check(chart.total[454] == 16u * 45379620u, "chart: K-K-K from Q-Q-Q-K-K-K-K");
        check(rz_eq_class3_index(0, 1, 2) == 14, "chart: A-2-3 follows A-A-x and A-2-2");
    }
#endif
    test_kernels();
    test_omaha_kernels();
#if RZ_HAVE_ENGINE
    {
        /* Online rules 2/5/10/20, heads-up, deck 2c 3c 4c 5c Kd Qd ...: p1
         * (Kd door) brings in, p2 folds: p1 wins the antes (+2, -2). */
        rz_rules rules;
        rz_hand h;
        rz_rng g;
        uint8_t deck[52];
        const uint8_t top[6] = {4, 8, 12, 16, 49, 45};
        const int64_t stacks[2] = {50, 50};
        int64_t cbr, pay[8], sum = 0, total = 0;
        int policy[8] = {0, 0, 0, 0, 0, 0, 0, 0}, k = 6, nf;
        unsigned mask;
        rz_init_class_ranks();
        memset(&rules, 0, sizeof rules);
        rules.ante = 2; rules.bring_in = 5; rules.small_bet = 10; rules.big_bet = 20;
        rules.max_bets = 4; rules.hu_max = -1; rules.may_complete = 1; rules.half_bet = 1;
        rules.call_bring_in = 1; rules.has_bring = 1; rules.forced_next = 1;
        rules.later_suit = 1; rules.face_up_all_in = 1; rules.bring_suit = 1;
        rules.losers_may_muck = 1;
        for (i = 0; i < 4; i++)
            rules.suit_rank[i] = (uint8_t)i;
        memcpy(deck, top, 6);
        for (i = 0; i < 52; i++)
            if (!memchr(top, i, 6))
                deck[k++] = (uint8_t)i;
        check(rz_hand_start(&h, &rules, 2, stacks, NULL, deck, 0, NULL, 0, NULL) == 0, "engine: start");
        mask = rz_hand_options(&h, &cbr);
        check(h.actor == 0 && mask == (1u << RZ_POST | 1u << RZ_RAISE) && cbr == 10,
              "engine: p1 posts or completes to 10");
        check(rz_hand_apply(&h, RZ_CALL, 0, 0, NULL) == RZ_ERR_CALL_BRING, "engine: no call yet");
        check(rz_hand_apply(&h, RZ_POST, 0, 0, NULL) == RZ_OK, "engine: bring-in");
        check(rz_hand_apply(&h, RZ_FOLD, 0, 0, NULL) == RZ_OK, "engine: fold");
        rz_hand_payoffs(&h, pay);
        check(h.phase == RZ_OVER && pay[0] == 2 && pay[1] == -2, "engine: payoffs +2 -2");
        check(rz_hand_fields(&nf) != NULL && nf > 10, "engine: field table");
        for (i = 0; i < 2000; i++) {
            int64_t eight[8] = {400, 400, 400, 400, 400, 400, 400, 400};
            rz_rng_seed(&g, 7u, (uint64_t)i);
            check(rz_play_hand(&h, &rules, 8, eight, policy, &g, pay, NULL) == 0, "engine: a hand");
            for (k = 0; k < 8; k++) {
                sum += pay[k];
                total += pay[k] > 0 ? pay[k] : -pay[k];
            }
        }
        check(sum == 0 && total > 0, "engine: 2,000 random 8-handed hands are zero-sum");
    }
#endif
    printf("table %s: %s\n", RZ_TABLE_DIGEST, failures ? "FAILED" : "ok");
    return failures != 0;
}
EOF

# The environments' driver: the observation encoder's bounds and a few
# thousand hands stepped at vectorized tables (chips conserved, every
# observation row written, an illegal action caught before anything moves).
have_envs=0
[ -f src/razz_vecenv.h ] && have_envs=1
cat >"$WORK/envs_driver.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include "razz_vecenv.h"

#define TABLES 64

static rz_table tables[TABLES];
static float obs[TABLES * (146 * 6 + 24)];
static float fresh[146 * 6 + 24];
static int8_t mask[TABLES * 3];
static int32_t actor[TABLES];
static float rewards[TABLES * 6];
static uint8_t done[TABLES];
static int64_t actions[TABLES];

int main(void)
{
    rz_obs_input in;
    rz_vec_cfg c;
    float small[10];
    int failures = 0, step, i, s, hands = 0;
    double total = 0.0;
    if (rz_table_init() != 0) { /* the slot table is filled at start-up */
        printf("envs driver: rz_table_init failed\n");
        return 1;
    }
    rz_init_class_ranks();
    rz_obs_clear(&in, 2, 0);
    failures += rz_obs_size(1) != 0 || rz_obs_size(9) != 0 || rz_obs_size(2) != 316;
    failures += rz_obs_write(&in, small, 10) != -1; /* too small */
    in.seat = 2;
    failures += rz_obs_write(&in, obs, 316) != -1; /* seat outside the table */
    in.seat = 0;
    in.cards[1][0] = 200;
    failures += rz_obs_write(&in, obs, 316) != -1; /* not a card */
    for (s = 0; s < 3 * 7; s++) /* every byte in every slot (seat 2: past the table) */
        for (i = 0; i < 256; i++) {
            rz_obs_clear(&in, 2, 0);
            in.cards[s / 7][s % 7] = (uint8_t)i;
            failures += (rz_obs_check(&in) == 0) != (s >= 14 || i < 52 || i >= 254);
        }
    rz_obs_clear(&in, 2, 0);
    in.cards[1][0] = RZ_OBS_HIDDEN;
    failures += rz_obs_write(&in, obs, 316) != 0 || obs[0] != 1.0f || obs[9 + 7 * 18 + 17] != 1.0f;

    memset(&c, 0, sizeof c);
    c.rules.ante = 2;
    c.rules.bring_in = 5;
    c.rules.small_bet = 10;
    c.rules.big_bet = 20;
    c.rules.max_bets = 4;
    c.rules.hu_max = -1;
    c.rules.has_bring = 1;
    c.rules.call_bring_in = 1;
    c.rules.may_complete = 1;
    c.rules.forced_next = 1;
    c.rules.face_up_all_in = 1;
    c.rules.later_suit = 1;
    c.rules.bring_suit = 1;
    for (s = 0; s < 4; s++)
        c.rules.suit_rank[s] = (uint8_t)s;
    c.n = 6;
    for (s = 0; s < 6; s++)
        c.stacks[s] = 100;
    c.unit = 20;
    c.obs_size = rz_obs_size(6);
    failures += rz_vec_reset(tables, 0, TABLES, &c, 7u, obs, mask, actor, rewards, done) != -1;
    actions[0] = 3;
    failures += rz_vec_check(tables, 0, TABLES, actions) != 0; /* 3 is no action */
    for (step = 0; step < 400; step++) {
        for (i = 0; i < TABLES; i++)
            actions[i] = mask[3 * i + 2] && (step + i) % 3 == 0 ? 2 : mask[3 * i + 1] ? 1 : 0;
        failures += rz_vec_check(tables, 0, TABLES, actions) != -1;
        failures +=
            rz_vec_step(tables, 0, TABLES, &c, actions, obs, mask, actor, rewards, done) != -1;
        for (i = 0; i < TABLES; i++) {
            /* the row kept up to date field by field is the tensor written whole */
            const rz_table *t = &tables[i];
            rz_obs_from_hand(&t->h, actor[i], t->betting, c.unit, &in);
            failures += rz_obs_write(&in, fresh, c.obs_size) != 0 ||
                        memcmp(fresh, obs + (size_t)i * c.obs_size, sizeof fresh) != 0;
        }
        for (i = 0; i < TABLES; i++) {
            double sum = 0.0;
            for (s = 0; s < 6; s++)
                sum += rewards[i * 6 + s];
            total += sum < 0 ? -sum : sum;
            hands += done[i];
            failures += actor[i] < 0 || actor[i] > 5 ||
                        obs[(size_t)i * c.obs_size + (size_t)actor[i]] != 1.0f;
        }
        if (step % 5 == 0) { /* rows written by someone else, then forgotten */
            memset(obs, 0xff, sizeof obs / 2);
            rz_vec_forget(tables, 0, TABLES / 2);
        }
    }
    failures += total > 1e-3 || hands < 100;
    printf("environments: %d hands, %s\n", hands, failures ? "FAILED" : "ok");
    return failures != 0;
}
EOF

compile_all() { # compiler, extra flags...
    local cc=$1
    shift
    local out="$WORK/$cc"
    mkdir -p "$out"
    for tu in "$WORK"/tu_*.c; do
        local extra=()
        if [ "${tu%_py.c}" != "$tu" ]; then
            # razz_py.h and razz_pokerstars_py.h build Python objects: they
            # need Python.h, which only the native compilers can use.
            [ "$cc" = "$MINGW" ] && continue
            extra=(-I "$PYINC")
        fi
        "$cc" "${CFLAGS[@]}" "$@" "${extra[@]}" -I "$ROOT/src" -I "$WORK" -c "$tu" \
            -o "$out/$(basename "$tu" .c).o"
    done
    "$cc" "${CFLAGS[@]}" "$@" -DRZ_HAVE_EQUITY=$have_equity -DRZ_HAVE_ENGINE=$have_engine \
        -I "$ROOT/src" -I "$WORK" \
        "$WORK/driver.c" -o "$out/driver$EXE"
    if [ "$have_envs" = 1 ]; then
        "$cc" "${CFLAGS[@]}" "$@" -I "$ROOT/src" -I "$WORK" \
            "$WORK/envs_driver.c" -o "$out/envs_driver$EXE"
    fi
}

for cc in gcc clang; do
    log "$cc $($cc -dumpversion): ${CFLAGS[*]}"
    EXE="" compile_all "$cc"
    "$WORK/$cc/driver"
    log "$cc: the driver without the vector kernels (-DRZ_NO_SIMD)"
    "$cc" "${CFLAGS[@]}" -DRZ_NO_SIMD -DRZ_HAVE_EQUITY=$have_equity -I "$ROOT/src" -I "$WORK" \
        "$WORK/driver.c" -o "$WORK/$cc/driver-nosimd"
    "$WORK/$cc/driver-nosimd"
    [ "$have_envs" = 0 ] || "$WORK/$cc/envs_driver"
done

# A header whose RZ_SLOT_DIGEST is off by one: the fill must be refused (non-zero,
# table left all zero), as the extension then refuses to import.
log "gcc: a wrong RZ_SLOT_DIGEST makes rz_table_init fail"
mkdir -p "$WORK/tampered"
sed -E 's/^#define RZ_SLOT_DIGEST (0x[0-9a-f]+ull)$/#define RZ_SLOT_DIGEST (\1 ^ 1ull)/' "$WORK/razz_table.h" \
    >"$WORK/tampered/razz_table.h"
grep -q '^#define RZ_SLOT_DIGEST (0x[0-9a-f]*ull ^ 1ull)$' "$WORK/tampered/razz_table.h"
cat >"$WORK/tampered/t.c" <<'EOF'
#include <stdio.h>
#include "razz_eval.h"
int main(void)
{
    uint32_t i, nonzero = 0;
    int r = rz_table_init();
    for (i = 0; i < RZ_TABLE_SIZE; i++)
        nonzero += RZ_TABLE[i] != 0u;
    printf("tampered digest: rz_table_init -> %d, %u slots left non-zero\n", r, nonzero);
    return !(r != 0 && nonzero == 0 && rz_table_init() == r);
}
EOF
gcc "${CFLAGS[@]}" -I "$ROOT/src" -I "$WORK/tampered" "$WORK/tampered/t.c" -o "$WORK/tampered/t"
"$WORK/tampered/t"

log "$ARM64 $($ARM64 -dumpversion) (cross, Linux ARM64: NEON): ${CFLAGS[*]}"
mkdir -p "$WORK/arm64"
for h in src/*.h; do
    [ "${h%_py.h}" != "$h" ] && continue # Python.h: native compilers only
    "$ARM64" "${CFLAGS[@]}" -I "$ROOT/src" -I "$WORK" -c "$WORK/tu_$(basename "$h" .h).c" \
        -o "$WORK/arm64/$(basename "$h" .h).o"
done
"$ARM64" "${CFLAGS[@]}" -static -DRZ_HAVE_EQUITY=$have_equity -I "$ROOT/src" -I "$WORK" \
    "$WORK/driver.c" -o "$WORK/arm64/driver"
qemu-aarch64 "$WORK/arm64/driver"

# MSVC is not available here: its code path (_MSC_VER without __clang__) and
# clang-cl's are compiled by clang for the MSVC target, against stand-in CRT
# headers (clang brings the intrinsics headers).  The -m flags stand for
# MSVC, which declares every intrinsic whatever /arch says.
log "MSVC code paths (clang --target=x86_64-pc-windows-msvc, syntax only)"
mkdir -p "$WORK/msvcinc"
printf '#include <stddef.h>\nvoid *memcpy(void *, const void *, size_t);\nvoid *memset(void *, int, size_t);\nint memcmp(const void *, const void *, size_t);\nsize_t strlen(const char *);\n' \
    >"$WORK/msvcinc/string.h"
printf '#include <stddef.h>\nvoid *malloc(size_t);\nvoid free(void *);\nvoid *_aligned_malloc(size_t, size_t);\nvoid _aligned_free(void *);\n' \
    >"$WORK/msvcinc/stdlib.h"
cp "$WORK/msvcinc/stdlib.h" "$WORK/msvcinc/malloc.h"
printf 'typedef struct { unsigned long long p[16]; } jmp_buf[1];\n' >"$WORK/msvcinc/setjmp.h"
MSVC=(clang --target=x86_64-pc-windows-msvc -fms-compatibility -fms-extensions -std=c99 -Wall
    -Wextra -Werror -O2 -I "$ROOT/src" -I "$WORK" -isystem "$WORK/msvcinc" -fsyntax-only)
"${MSVC[@]}" -U__clang__ -mavx2 -mavx512f -mavx512bw -mavx512vbmi "$WORK/tu_razz_simd.c"
"${MSVC[@]}" "$WORK/tu_razz_simd.c" # clang-cl: the scalar kernel only

log "$MINGW $($MINGW -dumpversion) (cross, Windows x86-64): ${CFLAGS[*]}"
EXE=".exe" compile_all "$MINGW" -static
file "$WORK/$MINGW/driver.exe" 2>/dev/null || ls -l "$WORK/$MINGW/driver.exe"
if command -v wine >/dev/null; then
    wine "$WORK/$MINGW/driver.exe"
else
    log "(wine absent: the Windows driver is compiled and linked, not run)"
fi
log "ok"
