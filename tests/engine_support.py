"""Test helpers for the engine tests.

If the compiled evaluator is not importable yet (it is built by another part
of the project), a tiny brute-force stand-in with the same contract is
installed *for the tests only*.
"""

from __future__ import annotations

import itertools
import sys
import types
from collections import Counter
from collections.abc import Sequence
from typing import Any

from razzcore.cards import parse_cards


def _low_key(ranks: Sequence[int]) -> tuple[int, ...]:
    cnt = Counter(ranks)
    groups = sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = tuple(sorted(cnt.values(), reverse=True))
    cats = {
        (1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5,
        (1,): 0, (1, 1): 0, (1, 1, 1): 0, (1, 1, 1, 1): 0, (2,): 1, (2, 1): 1, (2, 1, 1): 1,
        (2, 2): 2, (3,): 3, (3, 1): 3, (4,): 5,
    }
    out = [cats[shape]]
    for r, c in groups:
        out += [r] * c
    return tuple(out)


def _encode(key: tuple[int, ...]) -> int:
    v = 0
    for k in key:
        v = v * 16 + k
    return v


def _evaluate(cards: object) -> int:
    codes = parse_cards(cards)  # type: ignore[arg-type]
    return min(_encode(_low_key([c >> 2 for c in f])) for f in itertools.combinations(codes, 5))


def _best_five(cards: object) -> tuple[int, ...]:
    codes = parse_cards(cards)  # type: ignore[arg-type]
    best = min(itertools.combinations(codes, 5), key=lambda f: _low_key([c >> 2 for c in f]))
    ranks = sorted((c >> 2 for c in best), reverse=True)
    pool = sorted(codes, reverse=True)
    out: list[int] = []
    for r in ranks:
        c = next(c for c in pool if c >> 2 == r and c not in out)
        out.append(c)
    return tuple(out)


def _rank_board(cards: object) -> tuple[int, ...]:
    codes = parse_cards(cards)  # type: ignore[arg-type]
    return _low_key([c >> 2 for c in codes])


def _bring_in_order(doors: Sequence[int]) -> list[int]:
    return sorted(range(len(doors)), key=lambda i: (-(doors[i] >> 2), -doors[i]))


def _board_order(
    boards: Sequence[Sequence[int]], *, tiebreak: str = "high_card_by_suit"
) -> list[int]:
    def key(i: int) -> tuple[object, ...]:
        k = _rank_board(boards[i])
        if tiebreak == "high_card_by_suit":
            return (k, tuple(-c for c in sorted(boards[i], reverse=True)))
        return (k, i)

    return sorted(range(len(boards)), key=key)


def ensure_evaluator() -> bool:
    """Install the stand-in evaluator if the real one is missing; True if real."""
    try:
        import razzcore.evaluator

        return True
    except ImportError:
        mod = types.ModuleType("razzcore.evaluator")
        mod.evaluate = _evaluate  # type: ignore[attr-defined]
        mod.best_five = _best_five  # type: ignore[attr-defined]
        mod.rank_board = _rank_board  # type: ignore[attr-defined]
        mod.bring_in_order = _bring_in_order  # type: ignore[attr-defined]
        mod.board_order = _board_order  # type: ignore[attr-defined]
        sys.modules["razzcore.evaluator"] = mod
        import razzcore

        razzcore.evaluator = mod
        return False


REAL_EVALUATOR = ensure_evaluator()


def build_deck(
    third: Sequence[str], later: Sequence[Sequence[str]] = (), *, burns: bool = False
) -> list[int]:
    """A stacked deck in R4 order.

    ``third[i]`` is the 3rd-street hand (down, down, up) of the i-th dealt seat
    in deal order; ``later[k]`` the cards of street 4+k in the order the live
    seats receive them (a single card on 7th = the community card).  Burns are
    filled in with unused cards.
    """
    hands = [parse_cards(h) for h in third]
    deck: list[int | None] = []
    for k in range(3):
        deck += [h[k] for h in hands]
    for street in later:
        if burns:
            deck.append(None)
        deck += list(parse_cards(list(street)))
    used = {c for c in deck if c is not None}
    spare = [c for c in range(52) if c not in used]
    out = []
    for c in deck:
        out.append(spare.pop() if c is None else c)
    return out


def play(hand: object, steps: str) -> None:
    """Apply ``"p2 cbr 10, p3 cc, ..."`` checking that each named seat is the actor."""
    for step in steps.split(","):
        step = step.strip()
        if not step:
            continue
        who, action = step.split(" ", 1)
        seat = int(who[1:]) - 1
        actor = hand.actor  # type: ignore[attr-defined]
        assert actor == seat, f"expected p{seat + 1} to act for {step!r}, actor is {actor}"
        hand.act(action)  # type: ignore[attr-defined]


def check_down(hand: object, until_street: int = 8) -> None:
    """Check (or call) with whoever acts until the street reaches ``until_street``."""
    h: Any = hand
    while h.actor is not None and h.street < until_street and "cc" in h.legal_actions():
        h.act("cc")
