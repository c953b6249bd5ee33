"""The tracker's counts of a hand read from the engine's event log in plain
Python: the definitions of docs/stats.md written a second time, the oracle
the compiled count (src/razz_tally.h, used by ``razzcore.stats``) is
checked against."""

from __future__ import annotations

from typing import Any

from razzcore.engine.hand import Hand

COUNTS = (
    "hands", "net", "vpip", "complete", "bring_in_faced", "bring_in_fold",
    "steal_chances", "steal", "saw_4th", "saw_5th", "saw_6th", "saw_7th",
    "wtsd", "wsd", "won_without_showdown", "aggressive_actions", "calls",
)
(HANDS, NET, VPIP, COMPLETE, BRING_IN_FACED, BRING_IN_FOLD, STEAL_CHANCES, STEAL,
 SAW_4TH, SAW_5TH, SAW_6TH, SAW_7TH, WTSD, WSD, WON_WITHOUT_SHOWDOWN, AGGRESSIVE,
 CALLS) = range(len(COUNTS))


def oracle_counts(hand: Hand, names: list[str], stacks: list[int]) -> list[tuple[str, list[int]]]:
    """Each dealt-in seat's name and counts (indexed as ``COUNTS``) of the
    finished ``hand``, read from its event log in plain Python."""
    n = len(names)
    dealt = hand.dealt_in
    counts = [[0] * len(COUNTS) for _ in range(n)]
    cards = [0] * n  # hole cards dealt so far, per seat
    street = 3
    acted = [False] * n  # a voluntary action on 3rd street (the bring-in post is not one)
    opened = False  # someone called or completed on 3rd street
    completed = False  # someone completed on 3rd street
    posted = -1  # the seat that posted the bring-in
    left = list(stacks)  # each seat's chips behind, until the bring-in is posted
    can_act = False  # the bring-in has chips left to act with
    live = [True] * n
    away = set(hand.absent)
    log: list[tuple[Any, ...]] = hand._log  # the engine's structured history
    for e in log:
        kind = e[0]
        if kind == "dh":
            s = e[1]
            got = cards[s] + len(e[2])
            cards[s] = got
            if got > street:
                street = got
            continue
        if kind == "db":
            street = 7
            for s in range(n):
                if live[s] and dealt[s]:
                    counts[s][SAW_7TH] = 1
            continue
        if kind == "ante":
            left[e[1]] -= e[2]
            continue
        if kind in ("back", "sm", "pre"):
            continue
        s = e[1]
        c = counts[s]
        if kind == "pb":
            posted = s
            can_act = left[s] > e[2]
            continue
        if kind == "f":
            live[s] = False
            if street == 3:
                if not acted[s] and s != posted:
                    acted[s] = True
                    if not opened and s not in away:
                        c[STEAL_CHANCES] = 1
                if s == posted and completed:
                    c[BRING_IN_FOLD] = 1
            continue
        if kind == "cc":
            if e[2] > 0:
                c[CALLS] += 1
                if street == 3:
                    c[VPIP] = 1
            if street == 3:
                if not acted[s] and s != posted:
                    acted[s] = True
                    if not opened:
                        c[STEAL_CHANCES] = 1
                opened = True
            continue
        # cbr: a completion, bet or raise
        c[AGGRESSIVE] += 1
        if street == 3:
            c[VPIP] = 1
            c[COMPLETE] = 1
            if not acted[s] and s != posted:
                acted[s] = True
                if not opened:
                    c[STEAL_CHANCES] = 1
                    c[STEAL] = 1
            opened = True
            if s != posted and posted >= 0 and live[posted] and can_act:
                counts[posted][BRING_IN_FACED] = 1
            completed = True
    payoffs = hand.payoffs or (0,) * n
    folded = hand.folded
    held = [s for s in range(n) if dealt[s] and not folded[s]]
    showdown = len(held) >= 2
    won = [False] * n  # chips from any pot
    won_shown = [False] * n  # chips from a pot two or more held cards for
    contested = [sum(not folded[s] for s in pot.eligible) >= 2 for pot in hand.pots]
    for award in hand.awards:
        if award.amount > 0:
            won[award.seat] = True
            if award.pot < len(contested) and contested[award.pot]:
                won_shown[award.seat] = True
    out = []
    for s in range(n):
        if not dealt[s]:
            continue
        c = counts[s]
        c[HANDS] = 1
        c[NET] = payoffs[s]
        got = cards[s]
        if got >= 4:
            c[SAW_4TH] = 1
            if got >= 5:
                c[SAW_5TH] = 1
                if got >= 6:
                    c[SAW_6TH] = 1
                    if got >= 7:
                        c[SAW_7TH] = 1
        if showdown and not folded[s]:
            c[WTSD] = 1
            if won_shown[s]:
                c[WSD] = 1
        elif not showdown and won[s]:
            c[WON_WITHOUT_SHOWDOWN] = 1
        out.append((names[s], c))
    return out
