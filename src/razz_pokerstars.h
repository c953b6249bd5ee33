/*
 * razz_pokerstars.h - the compiled reader of a PokerStars razz hand: the
 * seat lines and the body are read here (rz_ps_seats, rz_ps_read); the hand
 * is then replayed on the engine and every amount checked
 * (razz_pokerstars_replay.h); razz_pokerstars_split.h finds the hands of a
 * file and razz_pokerstars_py.h makes the Python objects.
 *
 * It reads every line kind of a valid hand (antes, street markers, "Dealt
 * to" lines, betting actions, uncalled bets, collected pots, shows and mucks,
 * the lines without game information, the summary; seats sitting out, names
 * holding ": ", short and unposted bring-ins, a rake split pot by pot).  A
 * check that fails (and a rare shape it does not read) is answered
 * RZ_PS_DEFER: the reference reader (razzcore/histories/_pokerstars_read.py),
 * which words every error, reads the hand instead.  So this reader only ever accepts what
 * the reference accepts, with the same result: tests/test_pokerstars_compiled.py
 * and fuzz/fuzz_pokerstars.py compare the two on every hand they make.
 *
 * The caller (razzcore/_pokerstars.pxi) gives the seats (names as UTF-8,
 * stacks) and the stakes read from the header and seat lines, and the body:
 * the hand's remaining lines, each already stripped and non-empty, joined by
 * '\n'.  Every index into a table below is a value this file bounded first.
 */
#ifndef RAZZ_POKERSTARS_H
#define RAZZ_POKERSTARS_H

#include <stdint.h>
#include <string.h>
#include "razz_engine.h"

#define RZ_PS_DEFER 1
#define RZ_PS_NONE 0xFF
#define RZ_PS_EVENTS 512
#define RZ_PS_COLLECTED 32
#define RZ_PS_CHIPS ((int64_t)1 << 53) /* MAX_CHIPS: the engine's bound */

enum { RZ_PS_ANTES, RZ_PS_STREETS, RZ_PS_SHOWDOWN, RZ_PS_SUMMARY }; /* sections */
enum { RZ_PS_F, RZ_PS_CC, RZ_PS_PB, RZ_PS_CBR, RZ_PS_DEAL };        /* event codes */

typedef struct {
    uint8_t code, p, allin; /* p: the seat, or the street of an RZ_PS_DEAL */
    int64_t amount;         /* chips of pb/cc, the street total of cbr */
} rz_ps_event;

typedef struct {
    /* given by the caller */
    int n, cents;
    int plain; /* set by rz_ps_seats: no name holds ": " (the first ": " ends a name) */
    const char *names[RZ_SEATS];
    int64_t name_len[RZ_SEATS];
    int64_t numbers[RZ_SEATS]; /* PokerStars seat numbers */
    int64_t stacks[RZ_SEATS];
    uint8_t out[RZ_SEATS]; /* listed "is sitting out": dealt no cards, takes no part */
    const char *symbol;
    int64_t symbol_len;
    int64_t small;
    /* read from the lines */
    int section, street, ndealt, nev, ncol, nstated, have_total;
    int64_t high, bring_in, total, rake;
    int64_t short_bring_in, short_calls; /* an all-in bring-in for less, all-in calls of it */
    int raised;                          /* a completion, bet or raise was read */
    int64_t antes[RZ_SEATS], put[RZ_SEATS], back[RZ_SEATS], won[RZ_SEATS], bets[RZ_SEATS];
    int64_t stated[RZ_SEATS];
    uint8_t posted[RZ_SEATS], folded[RZ_SEATS], mucked[RZ_SEATS], nshown[RZ_SEATS];
    uint8_t known[RZ_SEATS][7], seen[RZ_SEATS][7], shown[RZ_SEATS][7];
    char last[RZ_SEATS][24]; /* each seat's cards as its last "Dealt to" line shows them */
    uint8_t last_len[RZ_SEATS];
    uint8_t dealt[RZ_SEATS], recv[8][RZ_SEATS], nrecv[8];
    uint64_t used; /* cards seen, one bit per card code */
    rz_ps_event ev[RZ_PS_EVENTS];
    struct {
        uint8_t p, bare_side; /* bare_side: "side pot" without its number */
        int8_t pot;           /* -1 "pot", 0 main, k side pot k */
        int64_t amount;
    } col[RZ_PS_COLLECTED];
    /* the result */
    int64_t ante, expected[RZ_SEATS];
    uint8_t absent[RZ_SEATS];
    uint8_t deck[52];   /* laid out by rz_ps_prepare */
    int nbring;         /* no whole bring-in posted: the bring-ins to try (bring) */
    int64_t bring[8];
    int nrake_pots;                /* pots the rake is split over (0: main pot first) */
    int64_t rake_pots[RZ_SEATS];
} rz_ps;

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
        colon = rz_ps_find(s, n, 1, ": ");
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
 * time-outs, sitting out, returns, "Betting is capped"), as the reference's
 * IGNORED pattern reads it: 1, else 0. */
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

/* An amount as parse_amount reads it (the currency symbol, digits with
 * commas as thousands separators, two decimals in cash games), at most
 * MAX_CHIPS: 0, or -1 for anything else. */
static int rz_ps_amount(const rz_ps *ps, const char *s, int64_t n, int64_t *out)
{
    int64_t i, v = 0, start, k, frac = 0;
    if (n < ps->symbol_len || memcmp(s, ps->symbol, (size_t)ps->symbol_len) != 0)
        return -1;
    i = start = ps->symbol_len;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        v = v * 10 + (s[i++] - '0');
        if (v > RZ_PS_CHIPS)
            return -1;
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
            if (v > RZ_PS_CHIPS)
                return -1;
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
    if (v > RZ_PS_CHIPS)
        return -1;
    *out = v;
    return 0;
}

/* Cards written "As 2d 3c" (one space between): how many (at most max), or -1. */
static int rz_ps_cards(const char *s, int64_t n, uint8_t *out, int max)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "cdhs";
    const char *r, *u;
    int count = 0;
    int64_t i;
    if (n == 0)
        return 0;
    if ((n + 1) % 3 != 0 || (n + 1) / 3 > max)
        return -1;
    for (i = 0; i < n; i += 3) {
        if (s[i] == 0 || s[i + 1] == 0 || (i + 2 < n && s[i + 2] != ' '))
            return -1;
        r = strchr(ranks, s[i]);
        u = strchr(suits, s[i + 1]);
        if (r == NULL || u == NULL)
            return -1;
        out[count++] = (uint8_t)(4 * (r - ranks) + (u - suits));
    }
    return count;
}

RZ_INLINE int rz_ps_take(rz_ps *ps, int c)
{
    uint64_t bit = (uint64_t)1 << (c & 63);
    if (c < 0 || c >= 52 || (ps->used & bit))
        return -1;
    ps->used |= bit;
    return 0;
}

static int rz_ps_event_add(rz_ps *ps, int code, int p, int allin, int64_t amount)
{
    rz_ps_event *e;
    if (ps->nev >= RZ_PS_EVENTS)
        return -1;
    e = &ps->ev[ps->nev++];
    e->code = (uint8_t)code;
    e->p = (uint8_t)p;
    e->allin = (uint8_t)allin;
    e->amount = amount;
    return 0;
}

/* The part of the street's top bet nobody called (0 if it was called). */
static int64_t rz_ps_uncalled(const rz_ps *ps, int *top)
{
    int64_t high = 0, other = 0;
    int p, count = 0;
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
    return count > 1 ? 0 : high - other;
}

/* ------------------------------------------------------------ line kinds */

static int rz_ps_marker(rz_ps *ps, const char *s, int64_t n)
{
    int k = 0, p, top;
    if (rz_ps_is(s, n, "*** 3rd STREET ***"))
        k = 3;
    else if (rz_ps_is(s, n, "*** 4th STREET ***"))
        k = 4;
    else if (rz_ps_is(s, n, "*** 5th STREET ***"))
        k = 5;
    else if (rz_ps_is(s, n, "*** 6th STREET ***"))
        k = 6;
    else if (rz_ps_is(s, n, "*** RIVER ***") || rz_ps_is(s, n, "*** 7th STREET ***"))
        k = 7;
    if (rz_ps_uncalled(ps, &top)) /* an uncalled bet nobody returned */
        return RZ_PS_DEFER;
    if (k && ps->section <= RZ_PS_STREETS && k == (ps->street + 1 > 3 ? ps->street + 1 : 3)) {
        if (k == 3) { /* dealt in: who posted the ante; without antes, who has chips */
            int any = 0;
            for (p = 0; p < ps->n; p++)
                any |= ps->posted[p];
            for (p = 0; p < ps->n; p++)
                ps->dealt[p] = any ? ps->posted[p] : ps->stacks[p] > 0 && !ps->out[p];
        }
        ps->street = k;
        ps->section = RZ_PS_STREETS;
        memset(ps->bets, 0, sizeof ps->bets);
        ps->high = 0;
        ps->nrecv[k] = 0;
        for (p = 0; p < ps->n; p++)
            if (ps->dealt[p] && !ps->folded[p] && !ps->out[p])
                ps->recv[k][ps->nrecv[k]++] = (uint8_t)p;
        return rz_ps_event_add(ps, RZ_PS_DEAL, k, 0, 0) ? RZ_PS_DEFER : 0;
    }
    if (rz_ps_is(s, n, "*** SHOW DOWN ***") && ps->section == RZ_PS_STREETS) {
        ps->section = RZ_PS_SHOWDOWN;
        return 0;
    }
    if (rz_ps_is(s, n, "*** SUMMARY ***") &&
        (ps->section == RZ_PS_STREETS || ps->section == RZ_PS_SHOWDOWN)) {
        ps->section = RZ_PS_SUMMARY;
        return 0;
    }
    return RZ_PS_DEFER;
}

/* "Dealt to NAME [cards]" (3rd street), "Dealt to NAME [so far] [new]". */
static int rz_ps_dealt(rz_ps *ps, const char *s, int64_t n)
{
    int64_t j = rz_ps_rfind(s, n, " ["), j2 = -1, old_len, new_len;
    int p, k, street = ps->street, count, slot;
    uint8_t cards[7];
    char *last;
    if (j < 0 || s[n - 1] != ']' || street < 3 || street > 7)
        return RZ_PS_DEFER;
    if (street == 3) {
        if (j < 9 || (p = rz_ps_seat(ps, s + 9, j - 9)) < 0)
            return RZ_PS_DEFER;
    } else {
        j2 = rz_ps_rfind(s, j, " [");
        if (j2 < 9 || s[j - 1] != ']' || (p = rz_ps_seat(ps, s + 9, j2 - 9)) < 0)
            return RZ_PS_DEFER;
    }
    if (ps->out[p])
        return RZ_PS_DEFER;
    for (k = 0; k < ps->nrecv[street] && ps->recv[street][k] != p; k++)
        ;
    if (k == ps->nrecv[street]) /* not dealt a card on this street */
        return RZ_PS_DEFER;
    last = ps->last[p];
    new_len = n - 1 - (j + 2);
    if (street == 3) {
        count = rz_ps_cards(s + j + 2, new_len, cards, 3);
        if ((count != 1 && count != 3) || new_len > 23)
            return RZ_PS_DEFER;
        for (k = 0; k < count; k++) {
            slot = count == 1 ? 2 : k;
            if (ps->known[p][slot] != RZ_PS_NONE || rz_ps_take(ps, cards[k]))
                return RZ_PS_DEFER;
            ps->seen[p][slot] = ps->known[p][slot] = cards[k];
        }
        memcpy(last, s + j + 2, (size_t)new_len);
        ps->last_len[p] = (uint8_t)new_len;
        return 0;
    }
    /* the cards of the last line, and one more */
    old_len = j - 1 - (j2 + 2);
    if (old_len != ps->last_len[p] || memcmp(s + j2 + 2, last, (size_t)old_len) != 0)
        return RZ_PS_DEFER;
    if (rz_ps_cards(s + j + 2, new_len, cards, 1) != 1 ||
        ps->known[p][street - 1] != RZ_PS_NONE || rz_ps_take(ps, cards[0]))
        return RZ_PS_DEFER;
    ps->seen[p][street - 1] = ps->known[p][street - 1] = cards[0];
    if (old_len + 1 + new_len > 23)
        return RZ_PS_DEFER;
    last[old_len] = ' ';
    memcpy(last + old_len + 1, s + j + 2, (size_t)new_len);
    ps->last_len[p] = (uint8_t)(old_len + 1 + new_len);
    return 0;
}

/* A betting action of seat p ("folds", "calls $1" ...). */
static int rz_ps_action(rz_ps *ps, int p, const char *r, int64_t n)
{
    int allin = rz_ps_ends(r, n, " and is all-in"), code;
    int64_t amount = 0, total = 0, to, k;
    if (allin)
        n -= 14;
    if (rz_ps_is(r, n, "folds") || rz_ps_is(r, n, "checks")) {
        if (allin)
            return RZ_PS_DEFER;
        if (r[0] == 'f')
            ps->folded[p] = 1;
        return rz_ps_event_add(ps, r[0] == 'f' ? RZ_PS_F : RZ_PS_CC, p, 0, 0) ? RZ_PS_DEFER : 0;
    }
    if (rz_ps_starts(r, n, "brings in for ") || rz_ps_starts(r, n, "brings-in low for ")) {
        for (k = n - 1; r[k] != ' '; k--) /* the last word */
            ;
        if (rz_ps_amount(ps, r + k + 1, n - k - 1, &amount))
            return RZ_PS_DEFER;
        if (allin) /* short: the structure's bring-in is what the others call */
            ps->short_bring_in = amount;
        else if (amount > ps->bring_in)
            ps->bring_in = amount;
        code = RZ_PS_PB;
    } else if (rz_ps_starts(r, n, "calls ")) {
        if (rz_ps_amount(ps, r + 6, n - 6, &amount))
            return RZ_PS_DEFER;
        if (ps->street == 3 && ps->short_bring_in && amount > ps->bring_in && !ps->raised) {
            if (!allin)
                ps->bring_in = amount;
            else if (amount > ps->short_calls) /* all-in for no more than the bring-in */
                ps->short_calls = amount;
        }
        code = RZ_PS_CC;
    } else if (rz_ps_starts(r, n, "bets ")) {
        if (rz_ps_amount(ps, r + 5, n - 5, &amount))
            return RZ_PS_DEFER;
        code = RZ_PS_CBR;
    } else if (rz_ps_starts(r, n, "raises ")) {
        to = rz_ps_find(r, n, 7, " to ");
        if (to < 0 || rz_ps_amount(ps, r + 7, to - 7, &amount) ||
            rz_ps_amount(ps, r + to + 4, n - to - 4, &total))
            return RZ_PS_DEFER;
        if (ps->street == 3 && ps->bring_in < 0 && ps->short_bring_in > 0 &&
            ps->short_bring_in <= ps->high && ps->high <= total - amount && amount > 0 &&
            !ps->raised)
            ps->bring_in = total - amount; /* after a short bring-in: the completion says */
        else if (amount != total - ps->high)
            return RZ_PS_DEFER;
        amount = total - ps->bets[p];
        code = RZ_PS_CBR;
    } else {
        return RZ_PS_DEFER;
    }
    if (amount <= 0)
        return RZ_PS_DEFER;
    if (code == RZ_PS_CBR)
        ps->raised = 1;
    ps->bets[p] += amount;
    ps->put[p] += amount;
    if (ps->bets[p] > ps->high)
        ps->high = ps->bets[p];
    return rz_ps_event_add(ps, code, p, allin, code == RZ_PS_CBR ? ps->bets[p] : amount)
               ? RZ_PS_DEFER
               : 0;
}

/* "shows [cards] ...", "mucks hand", "doesn't show hand" at the showdown:
 * 0, RZ_PS_DEFER, or 2 for a line of none of these kinds. */
static int rz_ps_show(rz_ps *ps, int p, const char *r, int64_t n)
{
    int64_t end;
    int count, k, j;
    if (rz_ps_starts(r, n, "shows [")) {
        end = rz_ps_find(r, n, 7, "]");
        if (end < 0 || ps->nshown[p])
            return RZ_PS_DEFER;
        count = rz_ps_cards(r + 7, end - 7, ps->shown[p], 7);
        if (count <= 0)
            return RZ_PS_DEFER;
        for (k = 0; k < count; k++)
            for (j = k + 1; j < count; j++)
                if (ps->shown[p][k] == ps->shown[p][j])
                    return RZ_PS_DEFER; /* a card named twice */
        ps->nshown[p] = (uint8_t)count;
        return 0;
    }
    if (rz_ps_starts(r, n, "mucks hand") || rz_ps_is(r, n, "doesn't show hand")) {
        ps->mucked[p] = 1;
        return 0;
    }
    return 2;
}

/* "Uncalled bet (X) returned to NAME", "NAME collected X from ...pot": 0,
 * RZ_PS_DEFER, or 2 for a line of neither kind. */
static int rz_ps_money(rz_ps *ps, const char *s, int64_t n)
{
    int64_t amount, back, sp, best = -1, k, number = 0;
    int p, top = -1, pot;
    if (rz_ps_starts(s, n, "Uncalled bet (")) {
        sp = rz_ps_find(s, n, 14, " ");
        if (sp < 16 || s[sp - 1] != ')' || !rz_ps_starts(s + sp, n - sp, " returned to ") ||
            (p = rz_ps_seat(ps, s + sp + 13, n - sp - 13)) < 0 ||
            rz_ps_amount(ps, s + 14, sp - 15, &amount))
            return RZ_PS_DEFER;
        back = rz_ps_uncalled(ps, &top);
        if (!back || p != top || amount != back || ps->out[p])
            return RZ_PS_DEFER;
        ps->bets[top] -= back;
        ps->back[p] += amount;
        return 0;
    }
    if (rz_ps_find(s, n, 0, " collected ") < 0)
        return 2;
    if (rz_ps_uncalled(ps, &top))
        return RZ_PS_DEFER;
    p = -1;
    for (k = 0; k < ps->n; k++) /* the longest name the line starts with */
        if (ps->name_len[k] > best && n > ps->name_len[k] &&
            memcmp(s, ps->names[k], (size_t)ps->name_len[k]) == 0 &&
            rz_ps_starts(s + ps->name_len[k], n - ps->name_len[k], " collected ")) {
            best = ps->name_len[k];
            p = (int)k;
        }
    if (p < 0 || ps->out[p])
        return RZ_PS_DEFER;
    s += best + 11;
    n -= best + 11;
    sp = rz_ps_find(s, n, 0, " ");
    if (sp <= 0 || rz_ps_amount(ps, s, sp, &amount) || !rz_ps_starts(s + sp, n - sp, " from "))
        return RZ_PS_DEFER;
    s += sp + 6;
    n -= sp + 6;
    if (rz_ps_is(s, n, "pot")) {
        pot = -1;
    } else if (rz_ps_is(s, n, "main pot")) {
        pot = 0;
    } else if (rz_ps_is(s, n, "side pot")) {
        pot = 1;
    } else if (rz_ps_starts(s, n, "side pot-") && n > 9 && n <= 12) {
        for (k = 9; k < n; k++) {
            if (s[k] < '0' || s[k] > '9')
                return RZ_PS_DEFER;
            number = number * 10 + (s[k] - '0');
        }
        if (number < 1 || number >= RZ_SEATS)
            return RZ_PS_DEFER;
        pot = (int)number;
    } else {
        return RZ_PS_DEFER;
    }
    if (ps->ncol >= RZ_PS_COLLECTED)
        return RZ_PS_DEFER;
    ps->col[ps->ncol].p = (uint8_t)p;
    ps->col[ps->ncol].pot = (int8_t)pot;
    ps->col[ps->ncol].bare_side = rz_ps_is(s, n, "side pot");
    ps->col[ps->ncol++].amount = amount;
    ps->won[p] += amount;
    return 0;
}

/* "Total pot X [Main pot Y. Side pot[-k] Z. ...] | Rake R" */
static int rz_ps_total(rz_ps *ps, const char *s, int64_t n)
{
    int64_t i = 10, sp, number, bare = 0;
    int count = 0;
    if (ps->have_total || (sp = rz_ps_find(s, n, i, " ")) <= i ||
        rz_ps_amount(ps, s + i, sp - i, &ps->total))
        return RZ_PS_DEFER;
    i = sp;
    if (rz_ps_starts(s + i, n - i, " Main pot ")) {
        i += 10;
        for (;;) { /* the pot's amount, then its '.' */
            sp = rz_ps_find(s, n, i, " ");
            if (sp < i + 2 || s[sp - 1] != '.' || count >= RZ_SEATS ||
                rz_ps_amount(ps, s + i, sp - 1 - i, &ps->stated[count]))
                return RZ_PS_DEFER;
            count++;
            i = sp;
            if (!rz_ps_starts(s + i, n - i, " Side pot"))
                break;
            i += 9;
            if (i < n && s[i] == '-') { /* numbered: 1, 2, ... in order */
                for (number = 0, i++; i < n && s[i] >= '0' && s[i] <= '9' && number < 100; i++)
                    number = number * 10 + (s[i] - '0');
                if (number != count)
                    return RZ_PS_DEFER;
            } else if (count != 1) {
                return RZ_PS_DEFER;
            } else {
                bare = 1;
            }
            if (i >= n || s[i] != ' ')
                return RZ_PS_DEFER;
            i++;
        }
        if (bare && count > 2)
            return RZ_PS_DEFER;
        ps->nstated = count;
    }
    if (!rz_ps_starts(s + i, n - i, " | Rake ") || i + 8 >= n ||
        rz_ps_find(s, n, i + 8, " ") >= 0 || rz_ps_amount(ps, s + i + 8, n - i - 8, &ps->rake))
        return RZ_PS_DEFER;
    ps->have_total = 1;
    return 0;
}

/* "Seat N: NAME ...": what it says the seat won must be what it collected. */
static int rz_ps_summary_seat(rz_ps *ps, const char *s, int64_t n)
{
    int64_t colon = rz_ps_find(s, n, 5, ": "), i, number = 0, won = 0, amount, end;
    int p, found = 0, head;
    if (colon <= 5 || colon > 8 || s[5] == '0')
        return RZ_PS_DEFER;
    for (i = 5; i < colon; i++) {
        if (s[i] < '0' || s[i] > '9')
            return RZ_PS_DEFER;
        number = number * 10 + (s[i] - '0');
    }
    for (p = 0; p < ps->n && ps->numbers[p] != number; p++)
        ;
    if (p == ps->n)
        return RZ_PS_DEFER;
    i = colon + 2;
    if (n <= i + ps->name_len[p] || memcmp(s + i, ps->names[p], (size_t)ps->name_len[p]) != 0 ||
        s[i + ps->name_len[p]] != ' ')
        return RZ_PS_DEFER;
    /* " won (X)" and " collected (X)" from the space after the name on */
    for (i += ps->name_len[p]; i < n; i++) {
        if (rz_ps_starts(s + i, n - i, " won ("))
            head = 6;
        else if (rz_ps_starts(s + i, n - i, " collected ("))
            head = 12;
        else
            continue;
        for (end = i + head; end < n && s[end] != ' ' && s[end] != '(' && s[end] != ')' &&
                             s[end] != '\t' && s[end] != '\r' && s[end] != '\f' && s[end] != '\v';
             end++)
            ;
        if (end == i + head || end >= n || s[end] != ')')
            continue;
        if (rz_ps_amount(ps, s + i + head, end - i - head, &amount))
            return RZ_PS_DEFER;
        won += amount;
        found = 1;
        i = end;
    }
    return won != ps->won[p] || (ps->won[p] && !found) ? RZ_PS_DEFER : 0;
}

static int rz_ps_line(rz_ps *ps, const char *s, int64_t n)
{
    int64_t rest = 0, k;
    int p, r;
    if (rz_ps_starts(s, n, "*** "))
        return rz_ps_marker(ps, s, n);
    if (ps->section == RZ_PS_SUMMARY) {
        if (rz_ps_starts(s, n, "Seat "))
            return rz_ps_summary_seat(ps, s, n);
        return rz_ps_starts(s, n, "Total pot ") ? rz_ps_total(ps, s, n) : RZ_PS_DEFER;
    }
    if (ps->section == RZ_PS_STREETS && rz_ps_starts(s, n, "Dealt to "))
        return rz_ps_dealt(ps, s, n);
    p = rz_ps_who(ps, s, n, &rest);
    if (p >= 0) {
        const char *r0 = s + rest;
        int64_t m = n - rest;
        if (ps->section == RZ_PS_STREETS) {
            if (rz_ps_is(r0, m, "is sitting out") || rz_ps_is(r0, m, "sits out"))
                return 0; /* no game information, even from a seat sitting out */
            if (m <= 0 || ps->out[p])
                return RZ_PS_DEFER;
            if ((r = rz_ps_show(ps, p, r0, m)) != 2) /* a show or muck before the showdown */
                return r;
            return rz_ps_action(ps, p, r0, m);
        }
        if (ps->section == RZ_PS_SHOWDOWN) {
            if ((r = rz_ps_show(ps, p, r0, m)) != 2)
                return r || ps->out[p] ? RZ_PS_DEFER : 0;
        } else if (rz_ps_starts(r0, m, "posts the ante ")) {
            if (ps->posted[p] || ps->out[p])
                return RZ_PS_DEFER;
            k = rz_ps_ends(r0, m, " and is all-in") ? m - 14 : m;
            if (rz_ps_amount(ps, r0 + 15, k - 15, &ps->antes[p]))
                return RZ_PS_DEFER;
            ps->posted[p] = 1;
            ps->put[p] += ps->antes[p];
            return 0;
        }
        return rz_ps_ignored(s, n) ? 0 : RZ_PS_DEFER;
    }
    if (ps->section != RZ_PS_ANTES) {
        if ((r = rz_ps_money(ps, s, n)) != 2)
            return r;
    } else if (rz_ps_starts(s, n, "Uncalled bet (") || rz_ps_find(s, n, 0, " collected ") >= 0) {
        return RZ_PS_DEFER; /* money lines before 3rd street: the reference says what */
    }
    return rz_ps_ignored(s, n) ? 0 : RZ_PS_DEFER;
}

/* The seat lines "Seat N: NAME (STACK in chips[, ...])[REST]" that open
 * text[0:len], as the reference's SEAT pattern reads them (NAME is greedy:
 * the last " (" the rest of the line fits), in a table of seat_count seats:
 * the seats go to ps (names point into text), *body to where the lines
 * after them start; ps->out marks the seats sitting out, ps->plain says
 * whether no name holds ": ".  0, or RZ_PS_DEFER. */
RZ_ENTRY int rz_ps_seats(rz_ps *ps, const char *text, int64_t len, int64_t seat_count,
                         int64_t *body)
{
    int64_t at = 0, end, i, j, pos, number, stack = 0;
    const char *s;
    int64_t n;
    int p;
    ps->n = 0;
    ps->plain = 1;
    while (at < len && rz_ps_starts(text + at, len - at, "Seat ")) {
        for (end = at; end < len && text[end] != '\n'; end++)
            ;
        s = text + at;
        n = end - at;
        for (i = 5, number = 0; i < n && s[i] >= '0' && s[i] <= '9' && i < 9; i++)
            number = number * 10 + (s[i] - '0');
        if (i == 5 || !rz_ps_starts(s + i, n - i, ": ") || number < 1 || number > seat_count ||
            (ps->n > 0 && number <= ps->numbers[ps->n - 1]) || ps->n >= RZ_SEATS)
            return RZ_PS_DEFER;
        i += 2; /* the name starts here */
        for (pos = n - 2; pos > i; pos--) { /* the last " (" the rest fits */
            if (s[pos] != ' ' || s[pos + 1] != '(')
                continue;
            for (j = pos + 2; j < n && s[j] != ' ' && s[j] != '(' && s[j] != ')'; j++)
                ;
            if (j == pos + 2 || !rz_ps_starts(s + j, n - j, " in chips"))
                continue;
            j += 9;
            if (j < n && s[j] == ',') {
                for (j++; j < n && s[j] != '(' && s[j] != ')'; j++)
                    ;
            }
            if (j < n && s[j] == ')')
                break;
        }
        if (pos <= i || rz_ps_amount(ps, s + pos + 2, rz_ps_find(s, n, pos + 2, " ") - pos - 2,
                                     &stack) ||
            ps->n >= RZ_SEATS)
            return RZ_PS_DEFER;
        p = ps->n;
        ps->out[p] = rz_ps_find(s, n, j, "sitting out") >= 0;
        if (rz_ps_find(s, pos, i, ": ") >= 0)
            ps->plain = 0;
        if (rz_ps_seat(ps, s + i, pos - i) >= 0) /* listed twice */
            return RZ_PS_DEFER;
        ps->names[p] = s + i;
        ps->name_len[p] = pos - i;
        ps->numbers[p] = number;
        ps->stacks[p] = stack;
        ps->n = p + 1;
        at = end + 1;
    }
    *body = at < len ? at : len;
    return ps->n >= 2 ? 0 : RZ_PS_DEFER;
}

/* Read the body: 0, or RZ_PS_DEFER.  On 0, ps->ante and ps->bring_in give
 * the structure to replay the hand with (rz_ps_replay). */
RZ_ENTRY int rz_ps_read(rz_ps *ps, const char *body, int64_t len)
{
    int64_t at = 0, end, ante = 0, least, first, smaller;
    int p, dealt = 0, k, j, posted = 0;
    if (ps->n < 2 || ps->n > RZ_SEATS || ps->symbol_len < 0 || ps->small < 0)
        return RZ_PS_DEFER;
    for (p = 0; p < ps->n; p++)
        if (ps->stacks[p] < 0 || ps->stacks[p] > RZ_PS_CHIPS || ps->name_len[p] <= 0)
            return RZ_PS_DEFER;
    ps->section = RZ_PS_ANTES;
    ps->bring_in = -1;
    ps->nstated = -1;
    memset(ps->known, RZ_PS_NONE, sizeof ps->known);
    memset(ps->seen, RZ_PS_NONE, sizeof ps->seen);
    while (at < len) {
        for (end = at; end < len && body[end] != '\n'; end++)
            ;
        if (end == at || rz_ps_line(ps, body + at, end - at))
            return RZ_PS_DEFER;
        at = end + 1;
    }
    if (ps->section != RZ_PS_SUMMARY || !ps->have_total)
        return RZ_PS_DEFER;
    for (p = 0; p < ps->n; p++) {
        if (ps->antes[p] > ante)
            ante = ps->antes[p];
        posted |= ps->posted[p];
    }
    for (p = 0; p < ps->n; p++) {
        if (!ps->dealt[p])
            continue;
        if (ps->known[p][2] == RZ_PS_NONE && !posted) {
            /* no antes in this game: a seat waiting for the next hand */
            ps->dealt[p] = 0;
            for (k = 3; k < 8; k++) {
                for (j = 0; j < ps->nrecv[k] && ps->recv[k][j] != p; j++)
                    ;
                if (j == ps->nrecv[k])
                    continue;
                memmove(&ps->recv[k][j], &ps->recv[k][j + 1], (size_t)(ps->nrecv[k] - j - 1));
                ps->nrecv[k]--;
            }
            continue;
        }
        dealt++;
        if (ps->known[p][2] == RZ_PS_NONE || ps->stacks[p] == 0 ||
            ps->antes[p] != (ante < ps->stacks[p] ? ante : ps->stacks[p]))
            return RZ_PS_DEFER; /* no door card or chips, or not the table's ante */
    }
    ps->ndealt = dealt;
    ps->ante = ante;
    ps->nbring = 0;
    if (ps->bring_in < 0) { /* no whole bring-in posted: the ones to try, in order */
        least = ps->short_bring_in > ps->short_calls ? ps->short_bring_in : ps->short_calls;
        first = least > ps->small / 2 ? least : ps->small / 2;
        least = least > 1 ? least : 1;
        ps->bring[ps->nbring++] = first;
        for (k = 0; k < 5; k++) { /* a third, a quarter, a fifth, a tenth, the least */
            smaller = k == 4 ? least : ps->small / (k == 3 ? 10 : k + 3);
            for (j = 0; j < ps->nbring && ps->bring[j] != smaller; j++)
                ;
            if (j == ps->nbring && least <= smaller && smaller < first)
                ps->bring[ps->nbring++] = smaller;
        }
        for (k = 2; k < ps->nbring; k++) /* largest first (the first stays first) */
            for (j = k; j > 1 && ps->bring[j] > ps->bring[j - 1]; j--) {
                smaller = ps->bring[j];
                ps->bring[j] = ps->bring[j - 1];
                ps->bring[j - 1] = smaller;
            }
        ps->bring_in = first;
    }
    return dealt < 2 ? RZ_PS_DEFER : 0;
}


#endif /* RAZZ_POKERSTARS_H */
