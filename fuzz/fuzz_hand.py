#!/usr/bin/env python3
"""Fuzz ``Hand.act`` (and the action methods) with arbitrary strings at
arbitrary moments of a hand, under fuzzed rules, stacks and decks.

Checked after every step: an illegal action raises IllegalActionError and
changes nothing; no stack goes negative; chips are conserved (each seat's stack
plus what it put in equals its starting stack while the hand runs, the total
is unchanged at the end); the hand always ends.
"""

from __future__ import annotations

import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    import razzcore
    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import OPTION_CHOICES, PROFILES, Rules

BOOL_OPTIONS = [k for k, v in PROFILES["online"].items() if isinstance(v, bool)]
WORDS = ["f", "cc", "pb", "cbr", "sm", "-", "#", "p1", "p2", "p3", "p9", "p0", "p-1", "d", "dh",
         "db", "10", "20", "5", "0", "-5", "99999999999999999999", "AcAd", "??", "Kd",
         "2c3c4c", "\x00", "\u0661", "²", " ", "\t", "\n", "cbr 1e3", "p" + "9" * 30,
         "9" * 4301]


def _sane_rules(inp: Input) -> Rules:
    small = inp.between(2, 10)
    options: dict[str, Any] = {}
    for _ in range(inp.below(5)):
        if inp.flag():
            name = inp.pick(list(OPTION_CHOICES))
            options[name] = inp.pick(OPTION_CHOICES[name])
        else:
            options[inp.pick(BOOL_OPTIONS)] = inp.flag()
    if options.get("burn_cards") is False or (
            "burn_cards" not in options and "seventh_street_shortage" in options):
        options["seventh_street_shortage"] = "community_when_short"
    if inp.below(4) == 0:
        options["max_bets_per_round"] = inp.between(1, 5)
    try:
        return Rules(inp.between(0, 3), inp.between(1, small - 1), small,
                     inp.pick([small, 2 * small]), profile=inp.pick(list(PROFILES)), **options)
    except razzcore.RulesError:
        return Rules(1, 1, small, 2 * small, profile=inp.pick(list(PROFILES)))


def _rules(inp: Input) -> Rules:
    if inp.below(4):
        return _sane_rules(inp)
    profile = inp.pick([*list(PROFILES), "", "ONLINE"])
    small = inp.between(0, 12)
    options: dict[str, Any] = {}
    for _ in range(inp.below(4)):
        which = inp.below(4)
        if which == 0:
            name = inp.pick(list(OPTION_CHOICES))
            options[name] = inp.pick([*OPTION_CHOICES[name], "bogus"])
        elif which == 1:
            options[inp.pick(BOOL_OPTIONS)] = inp.pick([True, False, 1, None])
        elif which == 2:
            name = inp.pick(["max_bets_per_round", "heads_up_max_bets", "deal_start_seat",
                             "max_players", "min_players"])
            options[name] = inp.pick([None, -1, 0, 1, 2, 3, 4, 8, 9, 2**70, "3", 2.0])
        else:
            options["suit_order"] = inp.pick([("c", "d", "h", "s"), ("s", "h", "d", "c"),
                                              ("c", "c", "h", "s"), "cdhs", None])
    return Rules(inp.between(0, 3), inp.between(0, small), small,
                 inp.between(small, 3 * small), profile=profile, **options)


def _stacks(inp: Input) -> list[Any]:
    n = inp.between(2, 8) if inp.below(8) else inp.between(0, 9)
    out: list[Any] = []
    for _ in range(n):
        k = inp.below(16)
        if k == 0:
            out.append(0)
        elif k == 1:
            out.append(inp.pick([-1, 2**80, True, 1.5, "100", None]))
        elif k <= 5:
            out.append(inp.between(1, 12))  # short stacks: all-ins and side pots
        else:
            out.append(inp.between(1, 400))
    return out


def _snapshot(h: Hand) -> tuple[Any, ...]:
    return (tuple(h.history), h.stacks, h.bets, h.contributions, h.actor, h.street,
            h.is_over, tuple(h.legal_actions()), h.payoffs)


def _invariants(h: Hand, start: tuple[int, ...]) -> None:
    stacks = h.stacks
    assert all(s >= 0 for s in stacks), stacks
    if h.is_over:
        assert sum(stacks) == sum(start), (stacks, start)
        changes = tuple(s - t for s, t in zip(stacks, start, strict=True))
        assert h.payoffs == changes, (h.payoffs, stacks)
        assert h.actor is None and h.legal_actions() == []
    else:
        contrib = h.contributions
        for s, (a, c, t) in enumerate(zip(stacks, contrib, start, strict=True)):
            assert a + c == t, f"seat {s}: stack {a} + contributed {c} != start {t}"
        assert h.actor is not None and h.legal_actions()


def _fuzz_action(inp: Input, h: Hand) -> Any:
    kind = inp.below(8)
    legal = h.legal_actions()
    if kind <= 2 and legal:
        return inp.pick(legal)
    if kind == 3 and legal:  # a legal action with a seat prefix (right or wrong seat)
        return f"p{inp.between(0, 9)} {inp.pick(legal)}"
    if kind == 4:
        return " ".join(inp.pick(WORDS) for _ in range(inp.between(0, 4)))
    if kind == 5:
        return inp.text(24)
    if kind == 6:
        return inp.pick_or_hostile([None, 5, b"cc", ["cc"], "cbr " + str(inp.big_int())])
    return ("method", inp.below(4), inp.pick([None, 0, 5, 10, 20, -10, 2**70, True, "10", 10.0]))


def one_input(data: bytes) -> None:
    inp = Input(data)
    rules = _rules(inp)
    stacks = _stacks(inp)
    deck: Any = None
    if inp.below(4) == 0:
        deck = inp.pick([inp.text(40), [inp.below(60) for _ in range(inp.below(60))]])
    h = Hand(rules, stacks, deck=deck, seed=inp.uint(4), manual_showdown=inp.flag())
    start = h.starting_stacks
    _invariants(h, start)
    steps = 0
    while h.actor is not None:
        steps += 1
        assert steps < 2000, "the hand does not end"
        if inp.remaining() == 0:  # input used up: finish the hand sensibly
            legal = h.legal_actions()
            h.act("cc" if "cc" in legal else legal[-1] if legal[0] == "f" else legal[0])
            _invariants(h, start)
            continue
        action = _fuzz_action(inp, h)
        before = _snapshot(h)
        try:
            if isinstance(action, tuple):
                _, which, amount = action
                if which == 0:
                    h.fold()
                elif which == 1:
                    h.check_or_call()
                elif which == 2:
                    h.post_bring_in()
                else:
                    h.complete_bet_or_raise(amount)
            else:
                h.act(action)
        except razzcore.IllegalActionError:
            assert _snapshot(h) == before, f"{action!r} was refused but changed the hand"
        _invariants(h, start)
    # Over: every action is refused and nothing changes.
    before = _snapshot(h)
    for action in ("cc", "f", "pb", "cbr", "sm", "p1 cc"):
        try:
            h.act(action)
        except razzcore.IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action!r} accepted after the end")
    assert _snapshot(h) == before


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
