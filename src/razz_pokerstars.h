/*
 * razz_pokerstars.h - the reader of a PokerStars razz hand: the seat lines
 * and the body are read here (rz_ps_seats, rz_ps_read); the hand is then
 * checked and replayed on the engine with every amount compared
 * (razz_pokerstars_replay.h); razz_pokerstars_split.h finds the hands of a
 * file and razz_pokerstars_py.h makes the Python objects.
 *
 * It reads every line kind (antes, street markers, "Dealt to" lines, betting
 * actions, uncalled bets, collected pots, shows and mucks, the lines without
 * game information, the summary; seats sitting out, names holding ": ",
 * short and unposted bring-ins, a rake split pot by pot) and reports every
 * problem itself: the first one found, as an error code (RZ_PS_ERRORS), the
 * index of the hand's line and its values (ints, and one span of the line),
 * which razzcore/histories/_pokerstars_errors.py words.  Problems the text
 * format makes known only once the hand has been replayed (an uncalled bet
 * nobody returned, a summary seat line that disagrees) are kept and
 * reported after the engine's checks, which name the wrong line if one is.
 * tests/pokerstars_oracle.py is a plain reader of the same grammar that the
 * tests compare this one with, message for message.
 *
 * The caller (razzcore/_pokerstars.pxi) gives the stakes read from the
 * header and the hand's lines after the table line, each already stripped
 * and non-empty, joined by '\n' (line 2 of the hand is the first).  Every
 * index into a table below is a value this file bounded first.
 */
#ifndef RAZZ_POKERSTARS_H
#define RAZZ_POKERSTARS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "razz_engine.h"

#define RZ_PS_NONE 0xFF
#define RZ_PS_EVENTS 4096    /* actions and deals of a hand (a limit, reported) */
#define RZ_PS_COLLECTED 128  /* collected lines (a limit, reported) */
#define RZ_PS_SEAT_LINES 64  /* seat lines kept for the "listed once" check */
#define RZ_PS_CHIPS ((int64_t)1 << 53) /* MAX_CHIPS: the engine's bound */

/* The error codes, in one list: rz_ps_error_names gives each its name,
 * razzcore/histories/_pokerstars_errors.py its message. */
#define RZ_PS_ERRORS(X)                                                                     \
    X(truncated) X(seat_line) X(seat_order) X(no_seat) X(amount) X(seats_count)              \
    X(marker) X(summary_seat) X(ante_twice) X(not_here) X(not_understood) X(dealt_form)      \
    X(sitting_out) X(not_in_hand) X(one_new) X(card) X(one_per_street) X(so_far)             \
    X(not_dealt_to) X(third) X(already) X(twice) X(raise_form) X(action) X(allin)            \
    X(raise_by) X(positive) X(show_bracket) X(showed) X(show_twice) X(uncalled_left)         \
    X(no_uncalled) X(uncalled_wrong) X(uncalled_form) X(collected_form) X(side_zero)         \
    X(total_once) X(pots_order) X(summary_line) X(summary_won) X(no_door) X(fewer) X(ante)   \
    X(rules) X(shows_dealt) X(others_card) X(no_dealt_line) X(deck_runs_out) X(start)        \
    X(not_dealing) X(community) X(over) X(brings_in) X(turn) X(refused) X(puts_in)           \
    X(not_allin) X(no_show) X(unfinished) X(pot_total) X(collected_total) X(pot_which)       \
    X(no_pot) X(side_which) X(pots_unnamed) X(pots_count) X(pot_gives) X(pot_holds)         \
    X(engine_gives) X(ends_with) X(too_many_actions) X(too_many_collected) X(street)

#define RZ_PS_ENUM(name) RZ_PSE_##name,
enum { RZ_PSE_NONE = 0, RZ_PS_ERRORS(RZ_PS_ENUM) RZ_PSE_COUNT };
#undef RZ_PS_ENUM
#define RZ_PS_NAME(name) #name,
static const char *const rz_ps_error_names[] = {"", RZ_PS_ERRORS(RZ_PS_NAME)};
#undef RZ_PS_NAME

enum { RZ_PS_ANTES, RZ_PS_STREETS, RZ_PS_SHOWDOWN, RZ_PS_SUMMARY }; /* sections */
enum { RZ_PS_F, RZ_PS_CC, RZ_PS_PB, RZ_PS_CBR, RZ_PS_DEAL };        /* event codes */

typedef struct {
    int code;        /* RZ_PSE_*, 0: none */
    int64_t line;    /* the hand's line index (0: the header) */
    int64_t v[8];    /* its values */
    int64_t a, b;    /* a span of the line [a, b), or -1 */
} rz_ps_error;

typedef struct {
    uint8_t code, p, allin; /* p: the seat, or the street of an RZ_PS_DEAL */
    uint8_t street;         /* the street the text is on */
    int64_t amount;         /* chips of pb/cc, the street total of cbr */
    int64_t line;
} rz_ps_event;

typedef struct {
    /* given by the caller */
    int cents;
    const char *symbol;
    int64_t symbol_len;
    int64_t small;
    /* the seats (rz_ps_seats) */
    int n;
    int plain; /* no name holds ": " (the first ": " ends a name) */
    const char *names[RZ_SEATS];
    int64_t name_len[RZ_SEATS];
    int64_t numbers[RZ_SEATS]; /* PokerStars seat numbers */
    int64_t stacks[RZ_SEATS];
    uint8_t out[RZ_SEATS]; /* listed "is sitting out": takes no part */
    /* read from the lines */
    int64_t line, last_line; /* the line being read; the hand's last line */
    int section, street, ndealt, nev, ncol, nstated, have_total;
    int64_t high, bring_in, total, rake, total_at;
    int64_t short_bring_in, short_calls; /* an all-in bring-in for less, all-in calls of it */
    int raised;                          /* a completion, bet or raise was read */
    int64_t antes[RZ_SEATS], put[RZ_SEATS], back[RZ_SEATS], won[RZ_SEATS], bets[RZ_SEATS];
    int64_t ante_line[RZ_SEATS], money_line[RZ_SEATS], show_line[RZ_SEATS], muck_line[RZ_SEATS];
    int64_t street_line[8];
    int64_t stated[RZ_SEATS];
    uint8_t folded[RZ_SEATS], nshown[RZ_SEATS];
    uint8_t known[RZ_SEATS][7], seen[RZ_SEATS][7], shown[RZ_SEATS][52];
    /* each seat's cards as its last "Dealt to" line shows them: one or two
     * pieces of the text ("A" or "A B") */
    const char *last_a[RZ_SEATS], *last_b[RZ_SEATS];
    int64_t last_al[RZ_SEATS], last_bl[RZ_SEATS];
    uint8_t dealt[RZ_SEATS], recv[8][RZ_SEATS], nrecv[8];
    uint64_t used; /* cards seen, one bit per card code */
    rz_ps_error err, pending, summary_bad;
    /* the result */
    int64_t ante, expected[RZ_SEATS];
    uint8_t absent[RZ_SEATS];
    uint8_t deck[52];   /* laid out by rz_ps_prepare */
    int nbring;         /* no whole bring-in posted: the bring-ins to try (bring) */
    int64_t bring[8];
    int nrake_pots;                /* pots the rake is split over (0: main pot first) */
    int64_t rake_pots[RZ_SEATS];
    /* last, and not cleared (rz_ps_zero): only col[0:ncol] and ev[0:nev]
     * are ever read */
    struct {
        uint8_t p, bare_side; /* bare_side: "side pot" without its number */
        int64_t pot;          /* -1 "pot", 0 main, k side pot k (clamped) */
        int64_t amount, line, a, b; /* [a, b): the side pot's digits, or -1 */
    } col[RZ_PS_COLLECTED];
    int ev_cap;      /* room in ev: at most RZ_PS_EVENTS */
    rz_ps_event *ev; /* the events, one per line at most: the caller's room */
} rz_ps;

/* A new reader's state, with room for cap events at ev: all zero but the
 * collected lines and the events, which are written before they are read. */
RZ_INLINE void rz_ps_zero(rz_ps *ps, rz_ps_event *ev, int64_t cap)
{
    memset(ps, 0, offsetof(rz_ps, col));
    ps->ev = ev;
    ps->ev_cap = (int)(cap < 0 ? 0 : cap < RZ_PS_EVENTS ? cap : RZ_PS_EVENTS);
}

/* ------------------------------------------------------------ errors */

static int rz_ps_set(rz_ps_error *e, int code, int64_t line, int64_t v0, int64_t v1, int64_t v2,
                     int64_t v3)
{
    if (e->code)
        return e->code;
    memset(e, 0, sizeof *e);
    e->code = code;
    e->line = line;
    e->v[0] = v0;
    e->v[1] = v1;
    e->v[2] = v2;
    e->v[3] = v3;
    e->a = e->b = -1;
    return code;
}

/* The error at the current line (ps->line): returns its code. */
static int rz_ps_fail(rz_ps *ps, int code, int64_t v0, int64_t v1, int64_t v2, int64_t v3)
{
    return rz_ps_set(&ps->err, code, ps->line, v0, v1, v2, v3);
}

/* The same, with the span s[a:b] of the line that starts at line. */
static int rz_ps_fail_span(rz_ps *ps, int code, const char *line, const char *a, const char *b,
                           int64_t v0, int64_t v1)
{
    int got = rz_ps_fail(ps, code, v0, v1, 0, 0);
    if (ps->err.code == code && ps->err.a < 0) {
        ps->err.a = a - line;
        ps->err.b = b - line;
    }
    return got;
}

/* ------------------------------------------------------------ text helpers */

RZ_INLINE int rz_ps_starts(const char *s, int64_t n, const char *lit)
{
    int64_t k = (int64_t)strlen(lit);
    return n >= k && memcmp(s, lit, (size_t)k) == 0;
}

RZ_INLINE int rz_ps_is(const char *s, int64_t n, const char *lit)
{
    return n == (int64_t)strlen(lit) && memcmp(s, lit, (size_t)n) == 0;
}

RZ_INLINE int rz_ps_ends(const char *s, int64_t n, const char *lit)
{
    int64_t k = (int64_t)strlen(lit);
    return n >= k && memcmp(s + n - k, lit, (size_t)k) == 0;
}

/* Index of the first (last: rz_ps_rfind) "lit" in s[from:n], or -1. */
static int64_t rz_ps_find(const char *s, int64_t n, int64_t from, const char *lit)
{
    int64_t k = (int64_t)strlen(lit), i;
    for (i = from; i + k <= n; i++)
        if (s[i] == lit[0] && memcmp(s + i, lit, (size_t)k) == 0)
            return i;
    return -1;
}

static int64_t rz_ps_rfind(const char *s, int64_t n, const char *lit)
{
    int64_t k = (int64_t)strlen(lit), i;
    for (i = n - k; i >= 0; i--)
        if (s[i] == lit[0] && memcmp(s + i, lit, (size_t)k) == 0)
            return i;
    return -1;
}

/* The length of the white space character at s[i] (Python's str \s:
 * \t-\r, \x1c-\x1f, ' ', U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028,
 * U+2029, U+202F, U+205F, U+3000), else 0. */
static int rz_ps_space(const char *s, int64_t n, int64_t i)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned c = u[i];
    if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f))
        return 1;
    if (c == 0xC2 && i + 1 < n && (u[i + 1] == 0x85 || u[i + 1] == 0xA0))
        return 2;
    if (i + 2 >= n)
        return 0;
    if ((c == 0xE1 && u[i + 1] == 0x9A && u[i + 2] == 0x80) ||
        (c == 0xE2 && u[i + 1] == 0x80 &&
         (u[i + 2] <= 0x8A || u[i + 2] == 0xA8 || u[i + 2] == 0xA9 || u[i + 2] == 0xAF)) ||
        (c == 0xE2 && u[i + 1] == 0x81 && u[i + 2] == 0x9F) ||
        (c == 0xE3 && u[i + 1] == 0x80 && u[i + 2] == 0x80))
        return 3;
    return 0;
}

/* The end of the run of non-space characters (\S+) from s[i]. */
static int64_t rz_ps_word_end(const char *s, int64_t n, int64_t i)
{
    while (i < n && !rz_ps_space(s, n, i))
        i++;
    return i;
}

/* The seat called exactly s[0:n], or -1. */
static int rz_ps_seat(const rz_ps *ps, const char *s, int64_t n)
{
    int p;
    for (p = 0; p < ps->n; p++)
        if (ps->name_len[p] == n && memcmp(ps->names[p], s, (size_t)n) == 0)
            return p;
    return -1;
}

/* The seat of a line "NAME: rest" (the longest seated name that fits when
 * a name holds ": ", else the text before the first ": "), *rest where rest
 * starts; or -1. */
static int rz_ps_who(const rz_ps *ps, const char *s, int64_t n, int64_t *rest)
{
    int64_t colon, best = -1;
    int p, found = -1;
    if (ps->plain) {
        colon = rz_ps_find(s, n, 0, ": ");
        found = colon > 0 ? rz_ps_seat(ps, s, colon) : -1;
        *rest = colon + 2;
        return found;
    }
    for (p = 0; p < ps->n; p++)
        if (ps->name_len[p] > best && n >= ps->name_len[p] + 2 &&
            memcmp(s, ps->names[p], (size_t)ps->name_len[p]) == 0 &&
            s[ps->name_len[p]] == ':' && s[ps->name_len[p] + 1] == ' ') {
            best = ps->name_len[p];
            found = p;
        }
    *rest = best + 2;
    return found;
}

/* A line with no game information (chat, joins, leaves, connections,
 * time-outs, sitting out, returns, "Betting is capped"): 1, else 0. */
static int rz_ps_ignored(const char *s, int64_t n)
{
    static const char *const tails[] = {
        " leaves the table", " is disconnected", " is connected", " has timed out",
        " has timed out while disconnected", " has timed out while being disconnected",
        " is sitting out", " has returned", " will be allowed to play after the button",
        ": sits out", " was removed from the table for failing to post"};
    int64_t k, i;
    size_t t;
    if (rz_ps_is(s, n, "Betting is capped"))
        return 1;
    for (t = 0; t < sizeof tails / sizeof tails[0]; t++)
        if (n > (int64_t)strlen(tails[t]) && rz_ps_ends(s, n, tails[t]))
            return 1;
    k = rz_ps_find(s, n, 1, " said, \""); /* NAME said, "..." */
    if (k > 0 && n >= k + 9 && s[n - 1] == '"')
        return 1;
    k = rz_ps_rfind(s, n, " joins the table at seat #");
    if (k < 1 || k + 26 >= n)
        return 0;
    for (i = k + 26; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

/* An amount (the currency symbol, digits with commas as thousands
 * separators, two decimals in cash games): 0; -1 for anything else (the
 * caller reports it, RZ_PSE_amount), -2 past MAX_CHIPS (reported the same:
 * parse_amount, which words it, refuses such an amount too). */
static int rz_ps_amount(const rz_ps *ps, const char *s, int64_t n, int64_t *out)
{
    int64_t i, v = 0, start, k, frac = 0;
    int big = 0;
    if (n < ps->symbol_len || memcmp(s, ps->symbol, (size_t)ps->symbol_len) != 0)
        return -1;
    i = start = ps->symbol_len;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        v = v * 10 + (s[i++] - '0');
        if (v > RZ_PS_CHIPS) {
            big = 1;
            v = RZ_PS_CHIPS;
        }
    }
    if (i == start)
        return -1;
    if (i < n && s[i] == ',') {
        if (i - start > 3)
            return -1;
        while (i < n && s[i] == ',') {
            if (i + 4 > n)
                return -1;
            for (k = 1; k <= 3; k++) {
                if (s[i + k] < '0' || s[i + k] > '9')
                    return -1;
                v = v * 10 + (s[i + k] - '0');
            }
            if (v > RZ_PS_CHIPS) {
                big = 1;
                v = RZ_PS_CHIPS;
            }
            i += 4;
        }
    }
    if (i < n && s[i] == '.') {
        if (!ps->cents || i + 3 != n || s[i + 1] < '0' || s[i + 1] > '9' || s[i + 2] < '0' ||
            s[i + 2] > '9')
            return -1;
        frac = (s[i + 1] - '0') * 10 + (s[i + 2] - '0');
        i += 3;
    }
    if (i != n)
        return -1;
    v = ps->cents ? v * 100 + frac : v;
    if (big || v > RZ_PS_CHIPS)
        return -2;
    *out = v;
    return 0;
}

/* rz_ps_amount of s[a:b] of the current line (which starts at line), the
 * error reported: 0 or the error code. */
static int rz_ps_amount_at(rz_ps *ps, const char *line, const char *a, const char *b,
                           int64_t *out)
{
    int r = rz_ps_amount(ps, a, b - a, out);
    if (r == 0)
        return 0;
    return rz_ps_fail_span(ps, RZ_PSE_amount, line, a, b, 0, 0);
}

/* The cards of a bracket's text (words split at white space, each "Ac"):
 * how many (the first max of them go to out), or -1 (RZ_PSE_card reported
 * on the span). */
static int rz_ps_cards(rz_ps *ps, const char *line, const char *s, int64_t n, uint8_t *out,
                       int max)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "cdhs";
    const char *r, *u;
    int count = 0, w;
    int64_t i = 0, end;
    while (i < n) {
        if ((w = rz_ps_space(s, n, i)) > 0) {
            i += w;
            continue;
        }
        end = rz_ps_word_end(s, n, i);
        r = end - i == 2 && s[i] ? strchr(ranks, s[i]) : NULL;
        u = end - i == 2 && s[i + 1] ? strchr(suits, s[i + 1]) : NULL;
        if (r == NULL || u == NULL) {
            rz_ps_fail_span(ps, RZ_PSE_card, line, s, s + n, 0, 0);
            return -1;
        }
        if (count < max)
            out[count] = (uint8_t)(4 * (r - ranks) + (u - suits));
        count++;
        i = end;
    }
    return count;
}

/* a + b for the sums of amounts (a >= 0, 0 <= b <= MAX_CHIPS), held at
 * 2**58: thousands of lines of the largest amount never overflow (such a
 * hand is refused by the replay's checks). */
RZ_INLINE int64_t rz_ps_add(int64_t a, int64_t b)
{
    const int64_t limit = (int64_t)1 << 58;
    return a > limit - b ? limit : a + b;
}

/* Take card c (not seen before): 0, or RZ_PSE_twice. */
static int rz_ps_take(rz_ps *ps, int c)
{
    uint64_t bit = (uint64_t)1 << (c & 63);
    if (c < 0 || c >= 52)
        return rz_ps_fail(ps, RZ_PSE_card, 0, 0, 0, 0);
    if (ps->used & bit)
        return rz_ps_fail(ps, RZ_PSE_twice, c, 0, 0, 0);
    ps->used |= bit;
    return 0;
}

static int rz_ps_event_add(rz_ps *ps, int code, int p, int allin, int64_t amount)
{
    rz_ps_event *e;
    if (ps->nev >= ps->ev_cap)
        return rz_ps_fail(ps, RZ_PSE_too_many_actions, RZ_PS_EVENTS, 0, 0, 0);
    e = &ps->ev[ps->nev++];
    e->code = (uint8_t)code;
    e->p = (uint8_t)p;
    e->allin = (uint8_t)allin;
    e->street = (uint8_t)ps->street;
    e->amount = amount;
    e->line = ps->line;
    return 0;
}

/* The part of the street's top bet nobody called (0 if it was called). */
static int64_t rz_ps_uncalled(const rz_ps *ps, int *top)
{
    int64_t high = 0, other = 0;
    int p, count = 0;
    *top = 0;
    for (p = 0; p < ps->n; p++)
        if (ps->bets[p] > high)
            high = ps->bets[p];
    if (high == 0)
        return 0;
    *top = -1;
    for (p = 0; p < ps->n; p++) {
        if (ps->bets[p] == high) {
            count++;
            if (*top < 0)
                *top = p;
        } else if (ps->bets[p] > other) {
            other = ps->bets[p];
        }
    }
    if (count > 1) {
        *top = 0;
        return 0;
    }
    return high - other;
}

/* The betting is over at this line: an uncalled bet must have been
 * returned by then (reported after the replay). */
static void rz_ps_all_called(rz_ps *ps)
{
    int top;
    int64_t back = rz_ps_uncalled(ps, &top);
    if (back) {
        rz_ps_set(&ps->pending, RZ_PSE_uncalled_left, ps->line, back, top, 0, 0);
        ps->bets[top] -= back;
    }
}

#include "razz_pokerstars_lines.h"

#endif /* RAZZ_POKERSTARS_H */
