"""Equity with ranges: :func:`razzcore.equity` when a player holds a :class:`Range`.

The equity is the average over the range's combos that collide with no known
or dead card (with several ranges, over their combinations of pairwise
distinct cards), each equally likely.  Razz ignores suits, so a combo matters
only through its ranks: the combos are grouped into *classes* of equal rank
counts, weighted by the number of combos each stands for.  Heads-up with one
range, the exact walk is a single one: the range's variable cards join its
holder's cards to come, and each of his rank patterns is weighted by the
classes it contains (``rz_eq_range_weight`` in src/razz_equity.h).  Otherwise
every class is a request of its own, all enumerated in one call without the
GIL.  By Monte Carlo each trial draws a class with probability proportional
to its combos, then deals the cards to come, seeded per chunk as in
:func:`razzcore.equity`.

>>> from razzcore import Range, equity
>>> r = equity(["As 2d 3c", Range("[A-8] [A-8] 7h")])
>>> r.exact, r.combos, [round(e, 4) for e in r.equity]
(True, 378, [0.6186, 0.3814])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, overload

from .. import _core
from .._parallel import SubmitExecutor
from ..cards import format_cards
from ..errors import EquityError
from .hand_equity import (
    CALL_NS,
    CHUNK_TRIALS,
    DEFAULT_TRIALS,
    UNITS,
    EquityResult,
    _choose_exact,
    _Counts,
    _parse_dead,
    _parse_hand,
    _parts,
    _Plan,
    _plan,
    _result,
    _run,
    _split,
)
from .ranges import Range

if TYPE_CHECKING:
    from ..cards import CardsLike
    from .hand_equity import HandLike

__all__ = ["MAX_COMBINATIONS", "range_equity", "range_work"]

#: Most combinations of several ranges examined (their product of combos).
MAX_COMBINATIONS = 4_000_000

_Spec = tuple[tuple[tuple[tuple[int, ...], int, int], ...], tuple[int, ...]]


@dataclass(frozen=True)
class _Classes:
    """The non-colliding combos of a request, grouped by rank counts."""

    plans: tuple[_Plan, ...]  # one per class (a representative combo each)
    weights: tuple[int, ...]  # combos per class
    hands: tuple[str, ...]  # the players' texts (a range shows its text)
    holder: int | None = None  # the player holding the range, when only one does
    variable: tuple[tuple[int, ...], ...] = ()  # per class: rank counts of the cards
    # that are not in every combo (when one player holds a range)

    @property
    def combos(self) -> int:
        return sum(self.weights)

    def work(self) -> int:
        """Estimated nanoseconds of their walks, all made in one call."""
        return CALL_NS + sum(p.walk_ns() for p in self.plans)

    def specs(self, order: Sequence[int]) -> list[_Spec]:
        return [(tuple(p.players(order)), p.remaining) for p in self.plans]


def _check_compatible(players: Sequence[int], lists: Sequence[Sequence[tuple[int, ...]]]) -> None:
    """Refuse ranges that cannot be dealt together because two of them hold
    the same card in every combo (``[A-8] [A-8] 7h`` twice), before counting
    their combinations.

    >>> _check_compatible([1, 2], [[(0, 4, 26)], [(8, 12, 26), (16, 20, 26)]])
    Traceback (most recent call last):
    ...
    razzcore.errors.EquityError: no compatible combos: every combo of player 2 and of player 3 ...
    """
    always = [set(combos[0]).intersection(*combos[1:]) for combos in lists]
    for a in range(len(lists)):
        for b in range(a + 1, len(lists)):
            shared = always[a] & always[b]
            if shared:
                raise EquityError(
                    f"no compatible combos: every combo of player {players[a] + 1} and of "
                    f"player {players[b] + 1} holds {format_cards(sorted(shared))}"
                )


def _classes(hands: Sequence[HandLike], dead: CardsLike) -> _Classes:
    if not 2 <= len(hands) <= 8:
        raise EquityError(f"razz equity needs 2 to 8 players, got {len(hands)}")
    fixed: set[int] = set()
    ranges: list[tuple[int, Range]] = []
    for i, hand in enumerate(hands):
        if isinstance(hand, Range):
            if len(hand.sizes) != 1:
                raise EquityError(
                    f"player {i + 1}: the range {hand.text!r} mixes patterns of "
                    f"{' and '.join(map(str, sorted(hand.sizes)))} cards; equity needs one length"
                )
            ranges.append((i, hand))
        else:
            fixed.update(_parse_hand(i + 1, hand)[0])
    fixed.update(_parse_dead(dead)[0])
    lists = [[c for c in r if fixed.isdisjoint(c)] for _, r in ranges]
    for (i, _), combos in zip(ranges, lists, strict=True):
        if not combos:
            raise EquityError(
                f"every combo of the range of player {i + 1} collides with known or dead cards"
            )
    _check_compatible([i for i, _ in ranges], lists)
    product = math.prod(len(combos) for combos in lists)
    if product > MAX_COMBINATIONS:
        raise EquityError(
            f"the ranges have {product:,} combinations of combos (at most {MAX_COMBINATIONS:,}"
            f"; see docs/ranges.md)"
        )
    groups: dict[tuple[tuple[int, ...], ...], list[Any]] = {}
    for joint in itertools.product(*lists):
        if len(joint) > 1 and len(set().union(*joint)) != sum(len(c) for c in joint):
            continue
        key = tuple(tuple(sorted(code >> 2 for code in c)) for c in joint)
        entry = groups.get(key)
        if entry is None:
            groups[key] = [joint, 1]
        else:
            entry[1] += 1
    if not groups:
        names = " and ".join(f"player {i + 1}" for i, _ in ranges)
        raise EquityError(f"no compatible combos: the ranges of {names} share a card "
                          f"in every combination")
    plans, weights = [], []
    for joint, weight in groups.values():
        entries: list[Any] = list(hands)
        for (i, _), combo in zip(ranges, joint, strict=True):
            entries[i] = list(combo)
        plans.append(_plan(entries, dead))
        weights.append(weight)
    texts = list(plans[0].hands)
    for i, r in ranges:
        texts[i] = r.text
    if len(ranges) != 1:
        return _Classes(tuple(plans), tuple(weights), tuple(texts))
    common = set(lists[0][0]).intersection(*lists[0])
    variable = []
    for joint, _ in groups.values():
        counts = [0] * 13
        for code in set(joint[0]) - common:
            counts[code >> 2] += 1
        variable.append(tuple(counts))
    return _Classes(tuple(plans), tuple(weights), tuple(texts), ranges[0][0], tuple(variable))


def range_work(hands: Sequence[HandLike], dead: CardsLike = ()) -> int:
    """The estimated cost of the exact walk (see
    :func:`razzcore.odds.calculator.estimate_work`): heads-up with one range a single
    walk, else one walk per class.

    >>> range_work(["As 2d 3c", Range("[A-8] [A-8] 7h")]) // 1_000_000  # milliseconds
    8
    """
    cls = _classes(hands, dead)
    merged = _merged(cls)
    return cls.work() if merged is None else merged.plan.work()


@dataclass(frozen=True)
class _Merged:
    """One walk for every class (see ``rz_eq_range_weight`` in
    src/razz_range_equity.h's base, razz_equity.h): the range holder first,
    receiving the variable cards with his cards to come."""

    plan: _Plan
    order: tuple[int, ...]
    classes: tuple[tuple[int, ...], ...]
    mults: tuple[int, ...]
    scale: int  # D: the counts are D times the sum over classes

    def players(self) -> tuple[tuple[tuple[int, ...], int, int], ...]:
        return tuple(self.plan.players(self.order))


def _merged(cls: _Classes) -> _Merged | None:
    """The single walk for heads-up with one range, when its counts fit."""
    if cls.holder is None or len(cls.plans[0].missing) != 2 or not cls.variable:
        return None
    k = sum(cls.variable[0])
    if k == 0:
        return None
    base, i = cls.plans[0], cls.holder
    c0 = cls.variable[0]
    remaining = tuple(r + c for r, c in zip(base.remaining, c0, strict=True))
    known = list(base.known)
    known[i] = tuple(a - c for a, c in zip(base.known[i], c0, strict=True))
    missing = list(base.missing)
    missing[i] += k
    plan = _Plan(base.hands, tuple(known), tuple(missing), base.community, remaining)
    fracs = [
        Fraction(n, math.prod(math.comb(r, c) for r, c in zip(remaining, var, strict=True)))
        for n, var in zip(cls.weights, cls.variable, strict=True)
    ]
    scale = math.lcm(*(f.denominator for f in fracs))
    mults = tuple(int(f * scale) for f in fracs)
    bound = plan.outcomes() * sum(mults) * math.comb(missing[i], k) * UNITS
    if bound >= 1 << 64:
        return None
    order = (i, 1 - i)
    return _Merged(plan, order, cls.variable, mults, scale)


@dataclass(frozen=True)
class _MergedTask:
    """Outer patterns lo..hi of the merged walk (picklable plain data)."""

    players: tuple[tuple[tuple[int, ...], int, int], ...]
    remaining: tuple[int, ...]
    classes: tuple[tuple[int, ...], ...]
    mults: tuple[int, ...]
    lo: int
    hi: int

    @property
    def size(self) -> int:
        return self.hi - self.lo


def _run_merged_task(task: _MergedTask) -> _Counts:
    """Run one task in this process (executors call it, pickled by name)."""
    counts: _Counts = _core.equity_exact_range(
        task.players, task.remaining, task.classes, task.mults, task.lo, task.hi
    )
    return counts


@dataclass(frozen=True)
class _ClassTask:
    """Some classes, exactly (lo, hi: a slice of them) or by Monte Carlo
    (lo, hi: chunks of the run).  Picklable plain data."""

    exact: bool
    specs: tuple[_Spec, ...]
    weights: tuple[int, ...]
    lo: int
    hi: int
    seed: int = 0
    trials: int = 0

    @property
    def players(self) -> tuple[Any, ...]:
        return self.specs[0][0]

    @property
    def size(self) -> int:
        if self.exact:
            return sum(self.weights[self.lo : self.hi])
        return min(self.hi * CHUNK_TRIALS, self.trials) - self.lo * CHUNK_TRIALS


def _run_class_task(task: _ClassTask) -> _Counts:
    """Run one task in this process (executors call it, pickled by name)."""
    if not task.exact:
        counts: _Counts = _core.equity_mc_classes(
            task.specs, task.weights, task.seed, task.lo, task.hi - task.lo,
            CHUNK_TRIALS, task.trials,
        )
        return counts
    specs = task.specs[task.lo : task.hi]
    weights = task.weights[task.lo : task.hi]
    n = len(task.players)
    acc = [[0] * n for _ in range(4)]
    total = 0
    for weight, counts in zip(weights, _core.equity_exact_classes(specs), strict=True):
        for row, values in zip(acc, counts[:4], strict=True):
            for i, v in enumerate(values):
                row[i] += weight * v
        total += weight * counts[4]
    return (tuple(acc[0]), tuple(acc[1]), tuple(acc[2]), tuple(acc[3]), total)


@overload
def _unscale(v: int, scale: int) -> int: ...
@overload
def _unscale(v: tuple[int, ...], scale: int) -> tuple[int, ...]: ...
def _unscale(v: int | tuple[int, ...], scale: int) -> int | tuple[int, ...]:
    """Counts of the merged walk divided by its scale (exactly)."""
    if isinstance(v, int):
        q, r = divmod(v, scale)
        assert r == 0
        return q
    return tuple(_unscale(x, scale) for x in v)


def range_equity(
    hands: Sequence[HandLike],
    dead: CardsLike,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    executor: SubmitExecutor | None,
    progress: bool,
) -> EquityResult:
    """:func:`razzcore.equity` with one or more players holding a range
    (options already checked)."""
    cls = _classes(hands, dead)
    base = cls.plans[0]
    outcomes = max(p.outcomes() for p in cls.plans)
    merged = _merged(cls)
    if merged is not None:
        exact = _choose_exact(exact, merged.plan.work(), outcomes)
    else:
        exact = _choose_exact(exact, cls.work(), outcomes)
    parts = _parts(executor, progress)
    if not exact:
        merged = None
    if merged is not None:
        order = list(merged.order)
        outer = merged.plan.outer_patterns(order)
        mtasks = [
            _MergedTask(merged.players(), merged.plan.remaining, merged.classes, merged.mults,
                        lo, hi)
            for lo, hi in _split(outer, parts)
        ]
        counts = _run(mtasks, executor, progress, "patterns", _run_merged_task)
        win, tie, share = (_unscale(v, merged.scale) for v in counts[:3])
        total = _unscale(counts[4], merged.scale)
        back = {p: j for j, p in enumerate(order)}
        win, tie, share = (tuple(v[back[p]] for p in range(len(order))) for v in (win, tie, share))
        result = _result(base, True, win, tie, share, None, total, None)
    elif exact:
        order = base.exact_order()
        specs = tuple(cls.specs(order))
        tasks = [
            _ClassTask(True, specs, cls.weights, lo, hi)
            for lo, hi in _split(len(specs), parts)
        ]
        win, tie, share, _, total = _run(tasks, executor, progress, "combos", _run_class_task)
        back = {p: i for i, p in enumerate(order)}
        win, tie, share = (tuple(v[back[p]] for p in range(len(order))) for v in (win, tie, share))
        result = _result(base, True, win, tie, share, None, total, None)
    else:
        if seed is None:
            import secrets

            seed = secrets.randbits(64)
        trials = trials or DEFAULT_TRIALS
        specs = tuple(cls.specs(range(len(base.missing))))
        nchunks = -(-trials // CHUNK_TRIALS)
        tasks = [
            _ClassTask(False, specs, cls.weights, lo, hi, seed & (1 << 64) - 1, trials)
            for lo, hi in _split(nchunks, parts)
        ]
        win, tie, share, share_sq, total = _run(
            tasks, executor, progress, "trials", _run_class_task
        )
        result = _result(base, False, win, tie, share, share_sq, total, seed)
    from dataclasses import replace

    return replace(result, hands=cls.hands, combos=cls.combos)
