"""Razz equity: how often each hand wins, exactly or by Monte Carlo.

Razz ignores suits, so :func:`equity` enumerates the *rank patterns* of the
cards still to come, each weighted by the number of card combinations it
stands for; heads-up 3rd street (18.3 billion deals) takes about a
millisecond.  When exact enumeration would take too long (multiway early
streets), it deals random boards in C instead, seeded and reproducible, on any
:class:`concurrent.futures.Executor` with identical results.

>>> from razzcore import equity
>>> r = equity(["As 2d 3c", "Kh Qd Js"])
>>> r.exact, r.outcomes
(True, 18265297050)
>>> [round(e, 4) for e in r.equity]
[0.9221, 0.0779]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

from .. import _core
from .._parallel import SubmitExecutor, check_executor, progress_bar
from ..cards import UNKNOWN, CardLike, CardsLike, format_card, parse_cards_or_unknown
from ..errors import CardError, EquityError, as_int, brief, counted
from .ranges import Range

__all__ = ["EquityResult", "player_error"]

#: Pot shares are counted in units of ``1 / UNITS`` (lcm(1..8): any split is exact).
UNITS = 840
#: Monte Carlo trials per chunk; each chunk has its own generator.
CHUNK_TRIALS = 1 << 16
#: Trials when Monte Carlo runs and ``trials`` is not given.
DEFAULT_TRIALS = 1_000_000
#: Largest ``trials`` accepted.
MAX_TRIALS = 1 << 40
#: ``exact=None`` enumerates when the estimated work (nanoseconds on one core,
#: see :func:`estimate_work`) is at most this: a few tenths of a second.
AUTO_EXACT_WORK = 300_000_000
#: ``exact=True`` refuses work above this (two minutes on one core).
MAX_EXACT_WORK = 120_000_000_000
# Nanoseconds (one core) of the steps of the exact walks, fitted to the CPU
# times of a sample of spots (docs/benchmarks.md, "Exact equity": the estimate
# is within 3x of every one of them).
#: A call of :func:`equity`: the plan, and the kernel calls that time its pieces.
CALL_NS = 160_000
#: Heads-up: a pattern of the first player (the second's weighed under its deck).
HU_PATTERN_NS = 110
#: Heads-up: per pattern of the first player, a slot of the second's patterns
#: (the short side of his best rank is scanned: a small share of the list).
HU_SLOT_NS = 0.046
#: Grouped walk: a union of the others' cards (the last player's deck weighed).
UNION_NS = 90
#: Grouped walk: per union, a slot of the last player's patterns (the window summed).
UNION_SLOT_NS = 0.11
#: Grouped walk: a step of the splits of the unions (two passes).
SPLIT_NS = 8.4
#: Direct walk (one or two players receive cards, not heads-up): a leaf.
LEAF_NS = 7.5
#: Work is cut into at most this many tasks (executor jobs and progress steps).
MAX_TASKS = 64
#: Street positions (0-based) of the down cards; only these may be unknown.
DOWN_CARD_POSITIONS = (0, 1, 6)

_Num = TypeVar("_Num", int, float)

HandLike = str | Iterable[CardLike] | Range
"""One player's cards in street order: ``"?? ?? 7h 2c"`` or ``["??", "??", "7h", 8]``,
or a :class:`~razzcore.Range` of them."""


# ------------------------------------------------------------------ parsing


def player_error(player: int, exc: Exception) -> EquityError:
    """``exc`` said of the hand of player ``player`` (counted from 1).

    >>> print(player_error(2, ValueError("bad card 'Zz'")))
    player 2: bad card 'Zz'
    """
    return EquityError(f"player {player}: {exc}")


def _parse_hand(player: int, hand: HandLike) -> tuple[tuple[int, ...], int, str]:
    """Known codes, number of unknown down cards and display text of one hand."""
    if isinstance(hand, Range) or not isinstance(hand, (str, Iterable)):
        raise EquityError(f"player {player}: expected cards, not {brief(hand)}")
    assert not isinstance(hand, Range)
    try:
        cards = parse_cards_or_unknown(hand)
    except CardError as exc:
        raise player_error(player, exc) from None
    if not 3 <= len(cards) <= 7:
        raise EquityError(
            f"player {player}: a razz hand has 3 to 7 cards (use '??' for unknown down "
            f"cards), got {len(cards)}: {brief(hand)}"
        )
    known: list[int] = []
    unknown = 0
    text: list[str] = []
    for pos, code in enumerate(cards):
        if code is None:
            if pos not in DOWN_CARD_POSITIONS:
                raise EquityError(
                    f"player {player}: card {pos + 1} is an upcard and cannot be unknown "
                    f"('??' stands for a down card: cards 1, 2 and 7)"
                )
            unknown += 1
            text.append(UNKNOWN)
        else:
            known.append(code)
            text.append(format_card(code))
    return tuple(known), unknown, " ".join(text)


class _Plan(NamedTuple):
    """A validated request: per-player known rank counts, cards to come (not
    counting the community card) and whether the community card is his 7th."""

    hands: tuple[str, ...]
    known: tuple[tuple[int, ...], ...]
    missing: tuple[int, ...]
    community: tuple[int, ...]
    remaining: tuple[int, ...]

    def players(self, order: Sequence[int]) -> list[tuple[tuple[int, ...], int, int]]:
        return [(self.known[i], self.missing[i], self.community[i]) for i in order]

    def exact_order(self) -> list[int]:
        """Players with the most cards to come first (the outer loop is split)."""
        return sorted(range(len(self.missing)), key=lambda i: -self.missing[i])

    def community_ranks(self) -> list[int]:
        """Ranks the community card can have (none when there is no community card)."""
        return [r for r in range(13) if self.remaining[r]] if any(self.community) else []

    def grouped(self) -> bool:
        """Whether the exact walk groups the last player's outcomes (the kernel
        does when 3 or more players receive cards)."""
        return sum(1 for m in self.missing if m) >= 3

    def _per_community(self, count: Callable[[list[int]], _Num]) -> _Num:
        """``count`` of the unseen ranks, summed over the community card's ranks."""
        ranks = self.community_ranks()
        if not ranks:
            return count(list(self.remaining))
        rems = [list(self.remaining) for _ in ranks]
        for rem, r in zip(rems, ranks, strict=True):
            rem[r] -= 1
        return sum(count(rem) for rem in rems)

    def outer_patterns(self, order: Sequence[int]) -> int:
        """Outer patterns of the exact walk with the players in ``order``: the
        first player's rank patterns, or when grouped the patterns of the union
        of the cards of every receiving player but the last."""
        active = [self.missing[i] for i in order if self.missing[i]]
        m = sum(active[:-1]) if self.grouped() else self.missing[order[0]]
        return self._per_community(lambda rem: _patterns(m, rem))

    def work(self) -> int:
        """Estimated CPU time of the exact walk in nanoseconds (one core):
        :data:`CALL_NS` plus :meth:`walk_ns`."""
        return CALL_NS + self.walk_ns()

    def walk_ns(self) -> int:
        """Estimated time of the kernel's walks (src/razz_equity.h), for each
        community rank: heads-up, the first player's patterns, each weighing
        the second's (n0 * (HU_PATTERN_NS + m1 * n1 * HU_SLOT_NS)); grouped
        (3+ players receive cards), the unions U of the others' cards, each
        weighing the last player's patterns, then their splits between the
        others (U * (UNION_NS + mL * nL * UNION_SLOT_NS) + splits * steps *
        SPLIT_NS); otherwise the leaves of the direct walk.  Pattern counts
        are the multisets the unseen ranks allow; the splits and leaves are
        bounded by the card deals they stand for."""
        active = sorted((m for m in self.missing if m), reverse=True)
        heads_up = len(self.missing) == 2 and len(active) == 2

        def cost(rem: list[int]) -> float:
            if self.grouped():
                others, last = active[:-1], active[-1]
                unions, n_last = _patterns(sum(others), rem), _patterns(last, rem)
                splits = min(math.prod(_patterns(m, rem) for m in others), _deals(others, rem))
                return (unions * (UNION_NS + last * n_last * UNION_SLOT_NS)
                        + splits * _split_steps(others) * SPLIT_NS)
            if heads_up:
                n0, n1 = _patterns(active[0], rem), _patterns(active[1], rem)
                return n0 * (HU_PATTERN_NS + active[1] * n1 * HU_SLOT_NS)
            leaves = min(math.prod(_patterns(m, rem) for m in active), _deals(active, rem))
            return leaves * LEAF_NS

        return round(self._per_community(cost))

    def outcomes(self) -> int:
        """Number of deals the exact walk stands for."""
        unseen, out = sum(self.remaining), 1
        if any(self.community):
            out, unseen = unseen, unseen - 1
        for m in self.missing:
            out *= math.comb(unseen, m)
            unseen -= m
        return out


def _parse_dead(dead: CardsLike) -> tuple[list[int], int]:
    """Known dead codes and the number of unknown dead cards ('??')."""
    try:
        cards = parse_cards_or_unknown(dead)
    except CardError as exc:
        raise EquityError(f"dead cards: {exc}") from None
    return [c for c in cards if c is not None], cards.count(None)


def deal_shape(
    known: Sequence[int], unknown: Sequence[int], unseen: int, dead_unknown: int = 0
) -> tuple[int, ...]:
    """Which players' 7th card is the face-up community card (1) when the
    rest of the deal is dealt as the engine deals it (R18, no burns): each
    player has ``known[p]`` known and ``unknown[p]`` unknown cards; ``unseen``
    cards are unseen, ``dead_unknown`` of them dead.  The stub at 7th street
    is the unseen cards less the unknown dead cards, the players' unknown
    down cards and their 4th-6th street cards; when it holds fewer cards than
    players waiting for a 7th, they share one community card.

    >>> deal_shape([3] * 7, [0] * 7, 31), deal_shape([3] + [0] * 7, [0] * 8, 49)
    ((0, 0, 0, 0, 0, 0, 0), (1, 1, 1, 1, 1, 1, 1, 1))
    """
    sizes = [k + u for k, u in zip(known, unknown, strict=True)]
    before_seventh = sum(unknown) + sum(max(0, 6 - n) for n in sizes)
    stub = unseen - dead_unknown - before_seventh
    waiting = [int(n < 7) for n in sizes]
    if stub < 0 or (any(waiting) and stub < 1):
        raise EquityError(
            f"the deck runs out: {unseen} cards are unseen, {dead_unknown} of them dead, but "
            f"the players need {before_seventh + min(1, sum(waiting))} more"
        )
    shared = sum(waiting) > stub
    return tuple(w if shared else 0 for w in waiting)


def _plan(hands: Sequence[HandLike], dead: CardsLike) -> _Plan:
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise EquityError("hands must be a list with one entry (the player's cards) per player")
    if not 2 <= len(hands) <= 8:
        raise EquityError(f"razz equity needs 2 to 8 players, got {len(hands)}")
    owner: dict[int, str] = {}

    def claim(code: int, who: str) -> None:
        if code in owner:
            raise EquityError(f"card {format_card(code)} appears twice ({owner[code]} and {who})")
        owner[code] = who

    parsed = [_parse_hand(i + 1, h) for i, h in enumerate(hands)]
    for i, (known, _, _) in enumerate(parsed):
        for code in known:
            claim(code, f"player {i + 1}")
    dead_codes, dead_unknown = _parse_dead(dead)
    for code in dead_codes:
        claim(code, "dead")
    remaining = [4] * 13
    for code in owner:
        remaining[code >> 2] -= 1
    known_counts = []
    for known, _, _ in parsed:
        counts = [0] * 13
        for code in known:
            counts[code >> 2] += 1
        known_counts.append(tuple(counts))
    community = deal_shape(
        [len(known) for known, _, _ in parsed], [unknown for _, unknown, _ in parsed],
        sum(remaining), dead_unknown,
    )
    missing = tuple(7 - len(known) - c for (known, _, _), c in zip(parsed, community, strict=True))
    hands_text = tuple(t for _, _, t in parsed)
    return _Plan(hands_text, tuple(known_counts), missing, community, tuple(remaining))


# ------------------------------------------------------------------ work


def _patterns(m: int, remaining: Sequence[int]) -> int:
    """How many rank multisets of ``m`` cards the unseen ranks allow."""
    ways = [1] + [0] * m
    for have in remaining:
        ways = [sum(ways[j - k] for k in range(min(have, j) + 1)) for j in range(m + 1)]
    return ways[m]


def _deals(missing: Sequence[int], remaining: Sequence[int]) -> int:
    """How many ways to deal ``missing[i]`` cards to each player in turn out of
    the unseen cards (a bound on their rank patterns' tuples)."""
    unseen, out = sum(remaining), 1
    for m in missing:
        out *= math.comb(unseen, m)
        unseen -= m
    return out


def _split_steps(missing: Sequence[int]) -> float:
    """Steps of the grouped walk per split of a union among players receiving
    ``missing`` cards (each walks the ranks the union has left, the last takes
    the rest; counted as if the union's cards had distinct ranks).

    >>> round(_split_steps([4, 4]), 2), round(_split_steps([3, 3, 3]), 2)
    (3.33, 3.18)
    """
    cards, splits, steps = sum(missing), 1, 0
    for m in missing[:-1]:
        steps += splits * sum(math.comb(cards, k) for k in range(m + 1))
        splits *= math.comb(cards, m)
        cards -= m
    return (steps + splits) / splits


class _Task(NamedTuple):
    """One unit of work for an executor (picklable, plain data)."""

    exact: bool
    players: tuple[tuple[tuple[int, ...], int, int], ...]
    remaining: tuple[int, ...]
    lo: int  # exact: first outer pattern; Monte Carlo: first chunk
    hi: int  # exact: end of outer patterns; Monte Carlo: end chunk
    seed: int = 0
    trials: int = 0

    @property
    def size(self) -> int:
        if self.exact:
            return self.hi - self.lo
        return min(self.hi * CHUNK_TRIALS, self.trials) - self.lo * CHUNK_TRIALS


_Counts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


def _run_task(task: _Task) -> _Counts:
    """Run one task in this process (executors call this, pickled by name)."""
    counts: _Counts
    if task.exact:
        counts = _core.equity_exact(task.players, task.remaining, task.lo, task.hi)
    else:
        nchunks = task.hi - task.lo
        counts = _core.equity_mc(
            task.players, task.remaining, task.seed, task.lo, nchunks, CHUNK_TRIALS, task.trials
        )
    return counts


def _split(n: int, parts: int) -> list[tuple[int, int]]:
    """Cut ``range(n)`` into at most ``parts`` consecutive ranges.  The cut
    never changes a result (counts add up), only how the work is spread."""
    k = max(1, min(n, parts))
    return [(n * i // k, n * (i + 1) // k) for i in range(k)]


def _parts(executor: SubmitExecutor | None, progress: bool) -> int:
    """One task in process without a bar; else enough to share and to show."""
    return 1 if executor is None and not progress else MAX_TASKS


#: Seconds one call of a kernel aims at when a task runs in this process: the
#: task is cut into calls this long, and Ctrl-C is taken between them.
PIECE_SECONDS = 0.05
#: How often (seconds) the main thread waits on an executor before waking.
WAKE_SECONDS = 0.05


def _pieces(task: Any, runner: Callable[[Any], _Counts],
            add: Callable[[_Counts, int], None]) -> None:
    """Run ``task`` (its ``lo .. hi`` a range whose cuts add up) in calls of
    about :data:`PIECE_SECONDS`, growing or shrinking the cut as the calls
    time, and ``add`` each call's counts: the sums are those of one call,
    only the cut changes (Monte Carlo chunks are seeded by their index)."""
    from dataclasses import is_dataclass, replace

    def cut(lo: int, hi: int) -> Any:
        if is_dataclass(task) and not isinstance(task, type):
            return replace(task, lo=lo, hi=hi)
        return task._replace(lo=lo, hi=hi)

    lo, step = task.lo, 1
    while lo < task.hi:
        hi = min(task.hi, lo + step)
        t0 = time.perf_counter()
        add(runner(cut(lo, hi)), 0)
        spent = time.perf_counter() - t0
        lo = hi
        if spent < PIECE_SECONDS / 2:
            step *= 2
        elif spent > PIECE_SECONDS * 2 and step > 1:
            step //= 2


def _run(
    tasks: Sequence[Any],
    executor: SubmitExecutor | None,
    progress: bool,
    unit: str,
    runner: Callable[[Any], _Counts] = _run_task,
) -> _Counts:
    """Run ``tasks`` (objects with a ``size``) with ``runner`` (a module-level
    function, so that process pools can pickle it) and add up their counts."""
    bar = None
    if progress:
        bar = progress_bar(sum(t.size for t in tasks), unit, "razz equity", scale=True, leave=True)
    n = len(tasks[0].players)
    acc = [[0] * n for _ in range(4)]
    total = 0

    def add(counts: _Counts, size: int) -> None:
        nonlocal total
        for row, values in zip(acc, counts[:4], strict=True):
            for i, v in enumerate(values):
                row[i] += v
        total += counts[4]
        if bar is not None:
            bar.update(size)

    try:
        if executor is None:
            for task in tasks:
                _pieces(task, runner, add)
                if bar is not None:
                    bar.update(task.size)
        else:
            futures: dict[Any, _Task] = {}
            try:
                for task in tasks:
                    futures[executor.submit(runner, task)] = task
                from concurrent.futures import FIRST_COMPLETED, Future, wait

                if all(isinstance(f, Future) for f in futures):
                    pending = set(futures)
                    while pending:  # wake regularly: the main thread takes Ctrl-C
                        finished, pending = wait(pending, WAKE_SECONDS, FIRST_COMPLETED)
                        for f in finished:
                            add(f.result(), futures[f].size)
                else:
                    for f, task in futures.items():
                        add(f.result(), task.size)
            except BaseException:
                for f in futures:
                    cancel = getattr(f, "cancel", None)
                    if callable(cancel):
                        cancel()
                raise
    finally:
        if bar is not None:
            bar.close()
    return (tuple(acc[0]), tuple(acc[1]), tuple(acc[2]), tuple(acc[3]), total)


# ------------------------------------------------------------------ API


def _check_options(
    exact: object, trials: object, seed: object, executor: object, progress: object
) -> tuple[int | None, int | None]:
    """Raise :class:`EquityError` for a bad option of :func:`equity`; return
    ``trials`` and ``seed`` as plain ints (or ``None``)."""
    if exact is not None and not isinstance(exact, bool):
        raise EquityError(f"exact must be True, False or None, not {brief(exact)}")
    if progress is not None and not isinstance(progress, bool):
        raise EquityError(f"progress must be True, False or None, not {brief(progress)}")
    count = seed_int = None
    if trials is not None:
        count = as_int(trials)
        if count is None:
            raise EquityError(f"trials must be a positive int, not {brief(trials)}")
        if not 1 <= count <= MAX_TRIALS:
            raise EquityError(f"trials must be within 1..{MAX_TRIALS:,}, not {count:,}")
        if exact is True:
            raise EquityError("trials applies to Monte Carlo; it cannot be used with exact=True")
    if seed is not None:
        seed_int = as_int(seed)
        if seed_int is None:
            raise EquityError(f"seed must be an int or None, not {brief(seed)}")
    check_executor(executor, EquityError)
    return count, seed_int


def _choose_exact(
    exact: bool | None, work: int, outcomes: int, auto: int = AUTO_EXACT_WORK
) -> bool:
    """Whether to enumerate: ``exact`` as asked, ``None`` when ``work`` is at
    most ``auto``; an exact walk must stay below the limits."""
    outcomes_fit = outcomes * UNITS < 1 << 64
    if exact is None:
        return work <= auto and outcomes_fit
    if exact and work > MAX_EXACT_WORK:
        raise EquityError(
            f"exact enumeration would take about {_seconds(work)} on one core (limit "
            f"{_seconds(MAX_EXACT_WORK)}); use Monte Carlo (exact=False or exact=None)"
        )
    if exact and not outcomes_fit:
        raise EquityError(
            f"exact enumeration would count {outcomes:,} outcomes, too many for its "
            f"64-bit counters; use Monte Carlo (exact=False or exact=None)"
        )
    return bool(exact)


def _seconds(ns: int) -> str:
    """An estimated time in words.

    >>> _seconds(3_000_000_000), _seconds(600_000_000_000), _seconds(7_200_000_000_000)
    ('3 s', '10 min', '2 h')
    """
    s = ns / 1e9
    if s < 120:
        return f"{s:,.0f} s"
    if s < 7200:
        return f"{s / 60:,.0f} min"
    return f"{s / 3600:,.0f} h"


def _exact(plan: _Plan, executor: SubmitExecutor | None, progress: bool) -> EquityResult:
    order = plan.exact_order()
    players = tuple(plan.players(order))
    outer = plan.outer_patterns(order)
    ranges = _split(outer, _parts(executor, progress))
    tasks = [_Task(True, players, plan.remaining, lo, hi) for lo, hi in ranges]
    win, tie, share, _, total = _run(tasks, executor, progress, "patterns")
    back = {p: i for i, p in enumerate(order)}
    win, tie, share = (tuple(v[back[p]] for p in range(len(order))) for v in (win, tie, share))
    return _result(plan, True, win, tie, share, None, total, None)


def _monte_carlo(
    plan: _Plan, trials: int, seed: int, executor: SubmitExecutor | None, progress: bool
) -> EquityResult:
    players = tuple(plan.players(range(len(plan.missing))))
    nchunks = -(-trials // CHUNK_TRIALS)
    tasks = [
        _Task(False, players, plan.remaining, lo, hi, seed & (1 << 64) - 1, trials)
        for lo, hi in _split(nchunks, _parts(executor, progress))
    ]
    win, tie, share, share_sq, total = _run(tasks, executor, progress, "trials")
    return _result(plan, False, win, tie, share, share_sq, total, seed)


def _result(
    plan: _Plan,
    exact: bool,
    win: tuple[int, ...],
    tie: tuple[int, ...],
    share: tuple[int, ...],
    share_sq: tuple[int, ...] | None,
    total: int,
    seed: int | None,
) -> EquityResult:
    if share_sq is None:
        stderr = tuple(0.0 for _ in share)
    else:
        stderr = tuple(
            math.sqrt(max(0.0, sq / total - (s / total) ** 2) / total) / UNITS
            for s, sq in zip(share, share_sq, strict=True)
        )
    return EquityResult(
        hands=plan.hands,
        equity=tuple(s / (UNITS * total) for s in share),
        win=tuple(w / total for w in win),
        tie=tuple(t / total for t in tie),
        exact=exact,
        outcomes=total,
        stderr=stderr,
        seed=seed,
        wins=win,
        ties=tie,
        shares=share,
        community=any(plan.community),
    )




@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`.

    ``equity[i]`` is player ``i``'s expected share of the pot (ties split
    evenly; the values sum to 1), ``win[i]`` the share of outcomes player ``i``
    wins alone, ``tie[i]`` the share where he ties for best.  ``outcomes`` is
    the number of deals enumerated (``exact``) or the number of trials (Monte
    Carlo), ``stderr[i]`` the standard error of ``equity[i]`` (0 when exact).
    ``wins``, ``ties`` and ``shares`` are the raw integer counts (``shares`` in
    units of 1/840 of a pot).  ``community`` tells whether the deck ran short
    and the players share a face-up 7th-street community card.  ``combos``
    is the number of range combos averaged over (``None`` without a
    :class:`~razzcore.Range`; with several ranges, their compatible
    combinations).

    >>> from razzcore import equity
    >>> r = equity(["As 2d 3c 4h 5s 6d", "8c 8d 9h Ts Jc Qd"], exact=True)
    >>> r.equity, r.win, r.tie
    ((1.0, 0.0), (1.0, 0.0), (0.0, 0.0))
    """

    hands: tuple[str, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    exact: bool
    outcomes: int
    stderr: tuple[float, ...]
    seed: int | None
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    shares: tuple[int, ...]
    community: bool
    combos: int | None = None

    @property
    def equity_fractions(self) -> tuple[Fraction, ...]:
        """Each player's equity as an exact fraction of the pot.

        >>> from razzcore import equity
        >>> equity(["As 2d 3c 4h 5s 6d", "8c 8d 9h Ts Jc Qd"]).equity_fractions
        (Fraction(1, 1), Fraction(0, 1))
        """
        from fractions import Fraction


        return tuple(Fraction(s, UNITS * self.outcomes) for s in self.shares)

    def __str__(self) -> str:
        if self.exact:
            head = f"exact, {counted(self.outcomes, 'outcome')}"
        else:
            head = f"Monte Carlo, {counted(self.outcomes, 'trial')}, seed {self.seed}"
        if self.community:
            head += ", community card on 7th street"
        if self.combos is not None:
            head += f", {self.combos:,} range combos"
        width = max(len(h) for h in self.hands)
        lines = [head]
        for i, hand in enumerate(self.hands):
            line = (
                f"{hand:<{width}}  equity {100 * self.equity[i]:6.2f}%"
                f"  win {100 * self.win[i]:6.2f}%  tie {100 * self.tie[i]:5.2f}%"
            )
            if not self.exact:
                line += f"  ±{100 * self.stderr[i]:.2f}%"
            lines.append(line)
        return "\n".join(lines)
