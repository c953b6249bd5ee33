/*
 * razz_pokerstars_lines.h - the line kinds of a PokerStars razz hand, read
 * by rz_ps_seats and rz_ps_read (included by razz_pokerstars.h, which holds
 * the state, the errors and the text helpers).  Each function returns 0, or
 * the error code it reported (ps->err).
 */
#ifndef RAZZ_POKERSTARS_LINES_H
#define RAZZ_POKERSTARS_LINES_H

/* Self-contained on its own too: razz_pokerstars.h includes this file at
 * its end, after the state and helpers these functions use. */
#include "razz_pokerstars.h"

static int rz_ps_marker(rz_ps *ps, const char *s, int64_t n)
{
    int k = 0, p, any;
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
    if (k && ps->section <= RZ_PS_STREETS && k == (ps->street + 1 > 3 ? ps->street + 1 : 3)) {
        rz_ps_all_called(ps);
        if (k == 3) { /* dealt in: who posted the ante; without antes, who has chips */
            for (any = 0, p = 0; p < ps->n; p++)
                any |= ps->ante_line[p] >= 0;
            for (p = 0; p < ps->n; p++)
                ps->dealt[p] = any ? ps->ante_line[p] >= 0 : ps->stacks[p] > 0 && !ps->out[p];
        }
        ps->street = k;
        ps->section = RZ_PS_STREETS;
        memset(ps->bets, 0, sizeof ps->bets);
        ps->high = 0;
        ps->street_line[k] = ps->line;
        ps->nrecv[k] = 0;
        for (p = 0; p < ps->n; p++)
            if (ps->dealt[p] && !ps->folded[p])
                ps->recv[k][ps->nrecv[k]++] = (uint8_t)p;
        return rz_ps_event_add(ps, RZ_PS_DEAL, k, 0, 0);
    }
    if (rz_ps_is(s, n, "*** SHOW DOWN ***") && ps->section == RZ_PS_STREETS) {
        rz_ps_all_called(ps);
        ps->section = RZ_PS_SHOWDOWN;
        return 0;
    }
    if (rz_ps_is(s, n, "*** SUMMARY ***") &&
        (ps->section == RZ_PS_STREETS || ps->section == RZ_PS_SHOWDOWN)) {
        rz_ps_all_called(ps);
        ps->section = RZ_PS_SUMMARY;
        return 0;
    }
    return rz_ps_fail(ps, RZ_PSE_marker, 0, 0, 0, 0);
}

/* Whether text[0:len] is the seat's last cards (last_a, or last_a " " last_b). */
static int rz_ps_is_last(const rz_ps *ps, int p, const char *text, int64_t len)
{
    if (ps->last_a[p] == NULL)
        return len == 0;
    if (ps->last_b[p] == NULL)
        return len == ps->last_al[p] && memcmp(text, ps->last_a[p], (size_t)len) == 0;
    return len == ps->last_al[p] + 1 + ps->last_bl[p] &&
           memcmp(text, ps->last_a[p], (size_t)ps->last_al[p]) == 0 &&
           text[ps->last_al[p]] == ' ' &&
           memcmp(text + ps->last_al[p] + 1, ps->last_b[p], (size_t)ps->last_bl[p]) == 0;
}

/* Card c in slot of seat p, as a "Dealt to" line deals it. */
static int rz_ps_deal_slot(rz_ps *ps, int p, int slot, int c)
{
    if (ps->known[p][slot] != RZ_PS_NONE)
        return rz_ps_fail(ps, RZ_PSE_already, 0, 0, 0, 0);
    if (rz_ps_take(ps, c))
        return ps->err.code;
    ps->seen[p][slot] = ps->known[p][slot] = (uint8_t)c;
    return 0;
}

/* "Dealt to NAME [cards]" (3rd street), "Dealt to NAME [so far] [new]". */
static int rz_ps_dealt(rz_ps *ps, const char *s, int64_t n)
{
    int64_t j = rz_ps_rfind(s, n, " ["), j2 = -1, old_len, new_len;
    int p, k, street = ps->street, count, count2, first, slot, c;
    uint8_t cards[7], old[7];
    const char *old_text, *new_text;
    if (street == 3) {
        p = j >= 9 ? rz_ps_seat(ps, s + 9, j - 9) : -1;
    } else {
        j2 = j > 0 ? rz_ps_rfind(s, j, " [") : -1;
        p = j2 >= 9 && s[j - 1] == ']' ? rz_ps_seat(ps, s + 9, j2 - 9) : -1;
    }
    if (p < 0 || s[n - 1] != ']')
        return rz_ps_fail(ps, RZ_PSE_dealt_form, 0, 0, 0, 0);
    if (ps->out[p])
        return rz_ps_fail(ps, RZ_PSE_sitting_out, p, 0, 0, 0);
    for (k = 0; k < ps->nrecv[street] && ps->recv[street][k] != p; k++)
        ;
    if (k == ps->nrecv[street])
        return rz_ps_fail(ps, RZ_PSE_not_in_hand, 0, 0, 0, 0);
    new_text = s + j + 2;
    new_len = n - 1 - (j + 2);
    if (street == 3) {
        ps->last_a[p] = new_text;
        ps->last_al[p] = new_len;
        ps->last_b[p] = NULL;
        count = rz_ps_cards(ps, s, new_text, new_len, cards, 7);
        if (count < 0)
            return ps->err.code;
        if (count != 1 && count != 3)
            return rz_ps_fail(ps, RZ_PSE_third, 0, 0, 0, 0);
        for (k = 0; k < count; k++)
            if (rz_ps_deal_slot(ps, p, count == 1 ? 2 : k, cards[k]))
                return ps->err.code;
        return 0;
    }
    old_text = s + j2 + 2;
    old_len = j - 1 - (j2 + 2);
    if (rz_ps_is_last(ps, p, old_text, old_len)) { /* the cards of the last line, and one more */
        count = rz_ps_cards(ps, s, new_text, new_len, cards, 7);
        if (count < 0)
            return ps->err.code;
        if (count != 1 || ps->known[p][street - 1] != RZ_PS_NONE)
            return rz_ps_fail(ps, RZ_PSE_one_new, 0, 0, 0, 0);
        if (rz_ps_take(ps, cards[0]))
            return ps->err.code;
        ps->seen[p][street - 1] = ps->known[p][street - 1] = cards[0];
        ps->last_a[p] = old_text;
        ps->last_al[p] = old_len;
        ps->last_b[p] = new_text;
        ps->last_bl[p] = new_len;
        return 0;
    }
    ps->last_a[p] = old_text; /* cards revealed: the line says more than the last one */
    ps->last_al[p] = old_len;
    ps->last_b[p] = new_text;
    ps->last_bl[p] = new_len;
    count = rz_ps_cards(ps, s, old_text, old_len, old, 7);
    if (count < 0 || (count2 = rz_ps_cards(ps, s, new_text, new_len, cards, 7)) < 0)
        return ps->err.code;
    if (count2 != 1)
        return rz_ps_fail(ps, RZ_PSE_one_per_street, 0, 0, 0, 0);
    if (count == street - 1)
        first = 0;
    else if (count == street - 3)
        first = 2;
    else
        return rz_ps_fail(ps, RZ_PSE_so_far, count, street, 0, 0);
    for (k = 0; k < count; k++) {
        slot = first + k;
        c = old[k];
        if (ps->known[p][slot] == c)
            continue;
        if (ps->known[p][slot] == RZ_PS_NONE && slot < 2) {
            if (rz_ps_take(ps, c))
                return ps->err.code;
            ps->seen[p][slot] = ps->known[p][slot] = (uint8_t)c;
        } else {
            return rz_ps_fail(ps, RZ_PSE_not_dealt_to, c, 0, 0, 0);
        }
    }
    return rz_ps_deal_slot(ps, p, street - 1, cards[0]);
}

/* "shows [cards] ...", "mucks hand", "doesn't show hand": 0 or the error
 * code when it is one of these, 2 for a line of none of these kinds. */
static int rz_ps_show(rz_ps *ps, int p, const char *line, const char *r, int64_t n)
{
    int64_t end;
    int count, k, j;
    uint8_t cards[52];
    if (rz_ps_starts(r, n, "shows [")) {
        end = rz_ps_find(r, n, 0, "]");
        if (end < 0)
            return rz_ps_fail(ps, RZ_PSE_show_bracket, 0, 0, 0, 0);
        if (ps->show_line[p] >= 0)
            return rz_ps_fail(ps, RZ_PSE_showed, 0, 0, 0, 0);
        count = rz_ps_cards(ps, line, r + 7, end - 7, cards, 52);
        if (count < 0)
            return ps->err.code;
        if (count > 52)
            return rz_ps_fail(ps, RZ_PSE_show_twice, 0, 0, 0, 0);
        for (k = 0; k < count; k++)
            for (j = k + 1; j < count; j++)
                if (cards[k] == cards[j])
                    return rz_ps_fail(ps, RZ_PSE_show_twice, 0, 0, 0, 0);
        memcpy(ps->shown[p], cards, (size_t)count);
        ps->nshown[p] = (uint8_t)count;
        ps->show_line[p] = ps->line;
        return 0;
    }
    if (rz_ps_starts(r, n, "mucks hand") || rz_ps_is(r, n, "doesn't show hand")) {
        ps->muck_line[p] = ps->line;
        return 0;
    }
    return 2;
}

/* A betting action of seat p ("folds", "calls $1" ...) on a street. */
static int rz_ps_action(rz_ps *ps, int p, const char *s, const char *r, int64_t n)
{
    int allin, code, sit = rz_ps_is(r, n, "is sitting out") || rz_ps_is(r, n, "sits out"), got;
    int64_t high = ps->high;
    int64_t amount = 0, total = 0, to, k, verb;
    if (ps->out[p] && !sit)
        return rz_ps_fail(ps, RZ_PSE_sitting_out, p, 0, 0, 0);
    allin = rz_ps_ends(r, n, " and is all-in");
    if (allin)
        n -= 14;
    for (verb = 0; verb < n && r[verb] != ' '; verb++)
        ;
    if (rz_ps_is(r, n, "folds") || rz_ps_is(r, n, "checks")) {
        if (allin)
            return rz_ps_fail(ps, RZ_PSE_allin, 0, 0, 0, 0);
        if (r[0] == 'f')
            ps->folded[p] = 1;
        return rz_ps_event_add(ps, r[0] == 'f' ? RZ_PS_F : RZ_PS_CC, p, 0, 0);
    }
    if (rz_ps_starts(r, n, "brings in for ") || rz_ps_starts(r, n, "brings-in low for ")) {
        for (k = n - 1; r[k] != ' '; k--) /* the last word */
            ;
        if (rz_ps_amount_at(ps, s, r + k + 1, r + n, &amount))
            return ps->err.code;
        if (allin) /* short: the structure's bring-in is what the others call */
            ps->short_bring_in = amount;
        else if (amount > ps->bring_in)
            ps->bring_in = amount;
        code = RZ_PS_PB;
    } else if (rz_ps_is(r, verb, "calls")) {
        if (rz_ps_amount_at(ps, s, r + (verb < n ? verb + 1 : n), r + n, &amount))
            return ps->err.code;
        if (ps->street == 3 && ps->short_bring_in && amount > ps->bring_in && !ps->raised) {
            if (!allin)
                ps->bring_in = amount;
            else if (amount > ps->short_calls) /* all-in for no more than the bring-in */
                ps->short_calls = amount;
        }
        code = RZ_PS_CC;
    } else if (rz_ps_is(r, verb, "bets")) {
        if (rz_ps_amount_at(ps, s, r + (verb < n ? verb + 1 : n), r + n, &amount))
            return ps->err.code;
        code = RZ_PS_CBR;
    } else if (rz_ps_is(r, verb, "raises")) {
        to = verb < n ? rz_ps_find(r, n, verb + 1, " to ") : -1;
        if (to < 0)
            return rz_ps_fail(ps, RZ_PSE_raise_form, 0, 0, 0, 0);
        if (rz_ps_amount_at(ps, s, r + to + 4, r + n, &total) ||
            rz_ps_amount_at(ps, s, r + verb + 1, r + to, &amount))
            return ps->err.code;
        if (ps->street == 3 && ps->bring_in < 0 && ps->short_bring_in > 0 &&
            ps->short_bring_in <= ps->high && ps->high <= total - amount && amount > 0 &&
            !ps->raised)
            ps->bring_in = total - amount; /* after a short bring-in: the completion says */
        else if (amount != total - high) {
            got = rz_ps_fail_span(ps, RZ_PSE_raise_by, s, r + to + 4, r + n, high, total - high);
            ps->err.v[2] = amount;
            return got;
        }
        amount = total - ps->bets[p];
        code = RZ_PS_CBR;
    } else {
        got = rz_ps_show(ps, p, s, r, n); /* a show or muck before the showdown */
        if (got != 2)
            return got;
        if (rz_ps_is(r, n, "is sitting out") || rz_ps_is(r, n, "sits out"))
            return 0; /* no game information */
        return rz_ps_fail(ps, RZ_PSE_action, 0, 0, 0, 0);
    }
    if (amount <= 0)
        return rz_ps_fail(ps, RZ_PSE_positive, 0, 0, 0, 0);
    if (code == RZ_PS_CBR)
        ps->raised = 1;
    ps->bets[p] = rz_ps_add(ps->bets[p], amount);
    ps->put[p] = rz_ps_add(ps->put[p], amount);
    if (ps->bets[p] > ps->high)
        ps->high = ps->bets[p];
    return rz_ps_event_add(ps, code, p, allin, code == RZ_PS_CBR ? ps->bets[p] : amount);
}

/* "Uncalled bet (X) returned to NAME", "NAME collected X from ...pot": 0 or
 * the error code when it is one of these, 2 for a line of neither kind. */
static int rz_ps_money(rz_ps *ps, const char *s, int64_t n)
{
    int64_t amount, back, sp, best = -1, k, number = 0, a = -1;
    int p, top = -1, pot;
    const char *t;
    int64_t m;
    if (rz_ps_starts(s, n, "Uncalled bet (")) {
        sp = rz_ps_word_end(s, n, 14);
        p = -1;
        if (sp > 15 && s[sp - 1] == ')' && rz_ps_starts(s + sp, n - sp, " returned to ") &&
            n > sp + 13)
            p = rz_ps_seat(ps, s + sp + 13, n - sp - 13);
        if (p < 0)
            return rz_ps_fail(ps, RZ_PSE_uncalled_form, 0, 0, 0, 0);
        if (rz_ps_amount_at(ps, s, s + 14, s + sp - 1, &amount))
            return ps->err.code;
        back = rz_ps_uncalled(ps, &top);
        if (!back)
            rz_ps_set(&ps->pending, RZ_PSE_no_uncalled, ps->line, 0, 0, 0, 0);
        else if (p != top || amount != back)
            rz_ps_set(&ps->pending, RZ_PSE_uncalled_wrong, ps->line, back, top, 0, 0);
        ps->bets[top] -= back;
        ps->back[p] = rz_ps_add(ps->back[p], amount);
        ps->money_line[p] = ps->line;
        return 0;
    }
    p = -1;
    for (k = 0; k < ps->n; k++) /* the longest name the line starts with */
        if (ps->name_len[k] > best && n > ps->name_len[k] &&
            memcmp(s, ps->names[k], (size_t)ps->name_len[k]) == 0 &&
            rz_ps_starts(s + ps->name_len[k], n - ps->name_len[k], " collected ")) {
            best = ps->name_len[k];
            p = (int)k;
        }
    if (p < 0)
        return 2;
    rz_ps_all_called(ps); /* the betting is over by a collected line */
    t = s + best + 11;
    m = n - best - 11;
    sp = rz_ps_word_end(t, m, 0);
    if (sp <= 0 || !rz_ps_starts(t + sp, m - sp, " from "))
        return rz_ps_fail(ps, RZ_PSE_collected_form, 0, 0, 0, 0);
    t += sp + 6;
    m -= sp + 6;
    if (rz_ps_is(t, m, "pot")) {
        pot = -1;
    } else if (rz_ps_is(t, m, "main pot")) {
        pot = 0;
    } else if (rz_ps_is(t, m, "side pot")) {
        pot = 1;
    } else if (rz_ps_starts(t, m, "side pot-") && m > 9) {
        for (k = 9; k < m; k++) {
            if (t[k] < '0' || t[k] > '9')
                return rz_ps_fail(ps, RZ_PSE_collected_form, 0, 0, 0, 0);
            number = number < 1000000 ? number * 10 + (t[k] - '0') : number;
        }
        pot = (int)number;
        a = t + 9 - s;
    } else {
        return rz_ps_fail(ps, RZ_PSE_collected_form, 0, 0, 0, 0);
    }
    if (rz_ps_amount_at(ps, s, s + best + 11, s + best + 11 + sp, &amount))
        return ps->err.code;
    ps->won[p] = rz_ps_add(ps->won[p], amount);
    ps->money_line[p] = ps->line;
    if (pot == 0 && !rz_ps_is(t, m, "main pot"))
        return rz_ps_fail(ps, RZ_PSE_side_zero, 0, 0, 0, 0);
    if (ps->ncol >= RZ_PS_COLLECTED)
        return rz_ps_fail(ps, RZ_PSE_too_many_collected, RZ_PS_COLLECTED, 0, 0, 0);
    ps->col[ps->ncol].p = (uint8_t)p;
    ps->col[ps->ncol].pot = pot;
    ps->col[ps->ncol].bare_side = rz_ps_is(t, m, "side pot");
    ps->col[ps->ncol].line = ps->line;
    ps->col[ps->ncol].a = a;
    ps->col[ps->ncol].b = a < 0 ? -1 : n;
    ps->col[ps->ncol++].amount = amount;
    return 0;
}

/* "Total pot X [Main pot Y. Side pot[-k] Z. ...] | Rake R" */
static int rz_ps_total(rz_ps *ps, const char *s, int64_t n)
{
    int64_t i = 10, sp, number, k, rake_at;
    int64_t pot_a[RZ_PS_SEAT_LINES], pot_b[RZ_PS_SEAT_LINES], pot_no[RZ_PS_SEAT_LINES];
    int count = 0, bare = 0, shape = 1;
    int64_t total_end = rz_ps_word_end(s, n, i);
    /* the shape first (as one pattern would match it), then the amounts */
    if (total_end == i)
        shape = 0;
    i = total_end;
    if (shape && rz_ps_starts(s + i, n - i, " Main pot ")) {
        i += 10;
        for (;;) { /* the pot's amount and its '.', then " Side pot[-k] " or the end */
            sp = rz_ps_word_end(s, n, i);
            if (sp < i + 2 || s[sp - 1] != '.' || count >= RZ_PS_SEAT_LINES) {
                shape = 0;
                break;
            }
            pot_a[count] = i;
            pot_b[count] = sp - 1;
            pot_no[count] = count == 0 ? 0 : pot_no[count];
            count++;
            i = sp;
            if (!rz_ps_starts(s + i, n - i, " Side pot"))
                break;
            k = i + 9;
            if (k < n && s[k] == '-' && k + 1 < n && s[k + 1] >= '0' && s[k + 1] <= '9') {
                for (number = 0, k++; k < n && s[k] >= '0' && s[k] <= '9'; k++)
                    number = number < 1000000 ? number * 10 + (s[k] - '0') : number;
            } else {
                number = -1; /* bare: side pot 1 */
            }
            if (k >= n || s[k] != ' ') {
                break; /* not a pot: the rake part must follow (it does not) */
            }
            if (count < RZ_PS_SEAT_LINES)
                pot_no[count] = number;
            i = k + 1;
        }
    }
    rake_at = i + 8;
    if (!shape || !rz_ps_starts(s + i, n - i, " | Rake ") || rake_at >= n ||
        rz_ps_word_end(s, n, rake_at) != n || ps->have_total)
        return rz_ps_fail(ps, RZ_PSE_total_once, 0, 0, 0, 0);
    if (rz_ps_amount_at(ps, s, s + 10, s + total_end, &ps->total) ||
        rz_ps_amount_at(ps, s, s + rake_at, s + n, &ps->rake))
        return ps->err.code;
    ps->have_total = 1;
    ps->total_at = ps->line;
    if (count) {
        for (k = 0; k < count; k++) {
            number = pot_no[k] < 0 ? 1 : pot_no[k];
            bare |= k > 0 && pot_no[k] < 0;
            if (number != k)
                shape = 0;
        }
        if (!shape || (count > 2 && bare))
            return rz_ps_fail(ps, RZ_PSE_pots_order, 0, 0, 0, 0);
        for (k = 0; k < count; k++)
            if (rz_ps_amount_at(ps, s, s + pot_a[k], s + pot_b[k],
                                k < RZ_SEATS ? &ps->stated[k] : &number))
                return ps->err.code;
        ps->nstated = count;
    }
    return 0;
}

/* "Seat N: NAME ...": what it says the seat won must be what it collected. */
static int rz_ps_summary_seat(rz_ps *ps, const char *s, int64_t n)
{
    int64_t colon = rz_ps_find(s, n, 5, ": "), i, won = 0, amount, end, number = 0;
    int p = ps->n, found = 0, head;
    /* the seat whose number is written exactly s[5:colon] (as str(number)) */
    if (colon > 5 && colon - 5 <= 18 && s[5] != '0') {
        for (i = 5; i < colon && s[i] >= '0' && s[i] <= '9'; i++)
            number = number * 10 + (s[i] - '0');
        if (i == colon)
            for (p = 0; p < ps->n && ps->numbers[p] != number; p++)
                ;
    }
    if (p >= ps->n || n <= colon + 2 + ps->name_len[p] ||
        memcmp(s + colon + 2, ps->names[p], (size_t)ps->name_len[p]) != 0 ||
        s[colon + 2 + ps->name_len[p]] != ' ')
        return rz_ps_fail(ps, RZ_PSE_summary_seat, 0, 0, 0, 0);
    if (!ps->won[p] && rz_ps_find(s, n, 0, " won (") < 0 && rz_ps_find(s, n, 0, " collected (") < 0)
        return 0;
    /* " won (X)" and " collected (X)" from the space after the name on */
    for (i = colon + 2 + ps->name_len[p]; i < n; i++) {
        if (rz_ps_starts(s + i, n - i, " won ("))
            head = 6;
        else if (rz_ps_starts(s + i, n - i, " collected ("))
            head = 12;
        else
            continue;
        for (end = i + head; end < n && !rz_ps_space(s, n, end) && s[end] != '(' && s[end] != ')';
             end++)
            ;
        if (end == i + head || end >= n || s[end] != ')')
            continue;
        if (rz_ps_amount_at(ps, s, s + i + head, s + end, &amount))
            return ps->err.code;
        won += amount;
        found = 1;
        i = end;
    }
    if (won != ps->won[p] || (ps->won[p] && !found))
        rz_ps_set(&ps->summary_bad, RZ_PSE_summary_won, ps->line, p, won, ps->won[p], 0);
    return 0;
}

static int rz_ps_line(rz_ps *ps, const char *s, int64_t n)
{
    int64_t rest = 0, k;
    int p, r;
    if (s[0] == '*' && rz_ps_starts(s, n, "*** "))
        return rz_ps_marker(ps, s, n);
    if (ps->section == RZ_PS_SUMMARY) {
        if (rz_ps_starts(s, n, "Seat "))
            return rz_ps_summary_seat(ps, s, n);
        if (rz_ps_starts(s, n, "Total pot "))
            return rz_ps_total(ps, s, n);
        return rz_ps_fail(ps, RZ_PSE_summary_line, 0, 0, 0, 0);
    }
    if (ps->section == RZ_PS_STREETS && rz_ps_starts(s, n, "Dealt to "))
        return rz_ps_dealt(ps, s, n);
    p = rz_ps_who(ps, s, n, &rest);
    if (p >= 0) {
        const char *r0 = s + rest;
        int64_t m = n - rest;
        if (ps->section == RZ_PS_STREETS)
            return rz_ps_action(ps, p, s, r0, m);
        if (ps->section == RZ_PS_ANTES && rz_ps_starts(r0, m, "posts the ante ")) {
            k = m >= 29 && rz_ps_ends(r0, m, " and is all-in") ? m - 14 : m;
            if (ps->out[p])
                return rz_ps_fail(ps, RZ_PSE_sitting_out, p, 0, 0, 0);
            if (ps->ante_line[p] >= 0)
                return rz_ps_fail(ps, RZ_PSE_ante_twice, 0, 0, 0, 0);
            if (rz_ps_amount_at(ps, s, r0 + 15, r0 + k, &ps->antes[p]))
                return ps->err.code;
            ps->ante_line[p] = ps->line;
            ps->put[p] = rz_ps_add(ps->put[p], ps->antes[p]);
            return 0;
        }
        if (ps->section == RZ_PS_SHOWDOWN && (r = rz_ps_show(ps, p, s, r0, m)) != 2)
            return r;
        return rz_ps_ignored(s, n) ? 0 : rz_ps_fail(ps, RZ_PSE_not_here, 0, 0, 0, 0);
    }
    if ((r = rz_ps_money(ps, s, n)) != 2)
        return r;
    return rz_ps_ignored(s, n) ? 0 : rz_ps_fail(ps, RZ_PSE_not_understood, 0, 0, 0, 0);
}

/* The seat lines "Seat N: NAME (STACK in chips[, ...])[REST]" that open
 * text[0:len] (NAME is greedy: the last " (" the rest of the line fits), in
 * a table of seat_count seats: the seats go to ps (names point into text),
 * *body to where the lines after them start; ps->out marks the seats
 * sitting out, ps->plain says whether no name holds ": ".  Line 2 of the
 * hand is text's first; lines is how many lines text holds.  0, or the
 * error code. */
RZ_ENTRY int rz_ps_seats(rz_ps *ps, const char *text, int64_t len, int64_t seat_count,
                         int64_t lines, int64_t *body)
{
    int64_t at = 0, end, i, j, pos, number, stack = 0, start, count = 0;
    const char *s;
    const char *seen[RZ_PS_SEAT_LINES];
    int64_t seen_len[RZ_PS_SEAT_LINES], last = 0;
    int64_t n, q;
    int p;
    ps->n = 0;
    ps->plain = 1;
    ps->last_line = lines + 1;
    ps->line = 2;
    while (at < len && rz_ps_starts(text + at, len - at, "Seat ")) {
        for (end = at; end < len && text[end] != '\n'; end++)
            ;
        s = text + at;
        n = end - at;
        for (i = 5, number = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
            number = number < 1000000000000LL ? number * 10 + (s[i] - '0') : number;
        start = i;
        pos = -1;
        if (i > 5 && rz_ps_starts(s + i, n - i, ": ")) {
            for (pos = n - 2; pos > i + 2; pos--) { /* the last " (" the rest fits */
                if (s[pos] != ' ' || s[pos + 1] != '(')
                    continue;
                for (j = pos + 2; j < n && !rz_ps_space(s, n, j) && s[j] != '(' && s[j] != ')';
                     j++)
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
        }
        if (pos <= i + 2)
            return rz_ps_fail(ps, RZ_PSE_seat_line, 0, 0, 0, 0);
        i += 2; /* the name starts here */
        for (q = 0; q < count && q < RZ_PS_SEAT_LINES; q++)
            if (seen_len[q] == pos - i && memcmp(seen[q], s + i, (size_t)(pos - i)) == 0)
                break;
        if ((count > 0 && number <= last) || q < count)
            return rz_ps_fail(ps, RZ_PSE_seat_order, 0, 0, 0, 0);
        if (number < 1 || number > seat_count)
            return rz_ps_fail_span(ps, RZ_PSE_no_seat, s, s + 5, s + start, seat_count, 0);
        if (count < RZ_PS_SEAT_LINES) {
            seen[count] = s + i;
            seen_len[count] = pos - i;
        }
        last = number;
        for (j = pos + 2; j < n && s[j] != ' '; j++)
            ;
        if (rz_ps_amount_at(ps, s, s + pos + 2, s + j, &stack))
            return ps->err.code;
        if (count < RZ_SEATS) {
            p = (int)count;
            for (j = pos + 2; j < n && s[j] != ')'; j++)
                ;
            ps->out[p] = rz_ps_find(s, n, j, "sitting out") >= 0;
            if (rz_ps_find(s, pos, i, ": ") >= 0)
                ps->plain = 0;
            ps->names[p] = s + i;
            ps->name_len[p] = pos - i;
            ps->numbers[p] = number;
            ps->stacks[p] = stack;
            ps->n = p + 1;
        }
        count++;
        at = end + 1;
        ps->line++;
    }
    *body = at < len ? at : len;
    if (count < 2 && ps->line >= lines + 1) { /* the lines end among the seats */
        ps->line = lines + 1;
        return rz_ps_fail(ps, RZ_PSE_truncated, 0, 0, 0, 0);
    }
    if (count < 2 || count > RZ_SEATS) {
        ps->line--;
        return rz_ps_fail(ps, RZ_PSE_seats_count, count, 0, 0, 0);
    }
    return 0;
}

/* Read the body (the lines after the seats, line ps->line of the hand on):
 * 0, or the error code. */
RZ_ENTRY int rz_ps_read(rz_ps *ps, const char *body, int64_t len)
{
    int64_t at = 0, end;
    int p;
    if (ps->n < 2 || ps->n > RZ_SEATS || ps->symbol_len < 0 || ps->small < 0)
        return rz_ps_fail(ps, RZ_PSE_seats_count, ps->n, 0, 0, 0);
    ps->section = RZ_PS_ANTES;
    ps->bring_in = -1;
    ps->nstated = -1;
    memset(ps->known, RZ_PS_NONE, sizeof ps->known);
    memset(ps->seen, RZ_PS_NONE, sizeof ps->seen);
    for (p = 0; p < RZ_SEATS; p++)
        ps->ante_line[p] = ps->money_line[p] = ps->show_line[p] = ps->muck_line[p] = -1;
    for (p = 0; p < 8; p++)
        ps->street_line[p] = -1;
    while (at < len) {
        for (end = at; end < len && body[end] != '\n'; end++)
            ;
        if (end > at && rz_ps_line(ps, body + at, end - at))
            return ps->err.code;
        at = end + 1;
        ps->line++;
    }
    if (ps->section != RZ_PS_SUMMARY || !ps->have_total) {
        ps->line = ps->last_line;
        return rz_ps_fail(ps, RZ_PSE_truncated, 0, 0, 0, 0);
    }
    return 0;
}

#endif /* RAZZ_POKERSTARS_LINES_H */
