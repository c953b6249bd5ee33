"""The Razz starting-hand chart: every three-card start ranked by its equity.

Razz ignores suits, so a start is one of 455 *rank classes* (``"A23"``,
``"KKK"``).  :func:`starting_hands` gives each class's equity all-in to the
river against ``players - 1`` random hands, best first.  Heads-up the chart is
exact: the compiled kernel walks every 7-card rank multiset of the first
player against every one of the second and credits each to the three-card
classes it contains (49,205 x ~26,000 pairs standing for every deal), in
seconds.  With more players each class is sampled by Monte Carlo, seeded per
chunk as in :func:`razzcore.equity`, with its standard error.

>>> from razzcore import starting_hands
>>> chart = starting_hands(3, trials=20_000, seed=1)
>>> len(chart), chart.get("A23").rank <= 5, chart[-1].ranks
(455, True, 'KKK')
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, overload

from .. import _core
from .._parallel import SubmitExecutor
from ..cards import RANKS
from ..errors import EquityError, as_int, brief, counted
from .hand_equity import (
    CHUNK_TRIALS,
    UNITS,
    _check_options,
    _Counts,
    _parts,
    _run,
    _split,
    deal_shape,
)

__all__ = [
    "DEFAULT_CLASS_TRIALS", "MAX_CLASS_TRIALS", "StartingHand", "StartingHands", "starting_hands",
]

#: Monte Carlo trials per class when ``trials`` is not given.
DEFAULT_CLASS_TRIALS = 200_000
#: The most Monte Carlo trials per class (455 classes: hours of CPU already).
MAX_CLASS_TRIALS = 100_000_000
#: The 455 classes in the kernels' order (lexicographic rank triples), as text.
CLASSES = tuple(
    RANKS[a] + RANKS[b] + RANKS[c]
    for a in range(13) for b in range(a, 13) for c in range(b, 13)
)


def _class_key(ranks: str) -> str:
    if not isinstance(ranks, str) or len(ranks) != 3:
        raise EquityError(f"a starting hand is three ranks such as 'A23', not {brief(ranks)}")
    idx = []
    for ch in ranks.upper():
        if ch not in RANKS:
            raise EquityError(f"{brief(ranks)}: {ch!r} is not a rank (A, 2-9, T, J, Q, K)")
        idx.append(RANKS.index(ch))
    return "".join(RANKS[i] for i in sorted(idx))


def _class_counts(text: str) -> tuple[int, ...]:
    counts = [0] * 13
    for ch in text:
        counts[RANKS.index(ch)] += 1
    return tuple(counts)


def _combos(counts: Sequence[int]) -> int:
    return math.prod(math.comb(4, k) for k in counts)


#: Added (times the class index + 1) to the seed of a Monte Carlo chart to
#: seed each class's run (the golden-ratio increment of splitmix64).
CLASS_SEED_STEP = 0x9E3779B97F4A7C15


class _ChartTask(NamedTuple):
    """Exact: outer patterns lo..hi of the heads-up chart.  Monte Carlo: chunks
    lo..hi of class ``cls``'s run.  Picklable plain data."""

    exact: bool
    lo: int
    hi: int
    cls: int = 0
    nplayers: int = 2
    seed: int = 0
    trials: int = 0

    @property
    def players(self) -> tuple[int, ...]:
        """One slot per class (the task runner sizes its sums from this)."""
        return (0,) * len(CLASSES)

    @property
    def size(self) -> int:
        if self.exact:
            return self.hi - self.lo
        return min(self.hi * CHUNK_TRIALS, self.trials) - self.lo * CHUNK_TRIALS


def _class_players(counts: tuple[int, ...], nplayers: int) -> list[tuple[Any, int, int]]:
    """The kernel's players for a class against ``nplayers - 1`` unseen hands,
    dealt as the engine deals (R18): with 8 players the 49 unseen cards give
    every hand its 4th-6th street but leave 4 for 7th, so the 7th card is the
    one community card, as :func:`razzcore.equity` deals it."""
    shared = deal_shape([3] + [0] * (nplayers - 1), [0] * nplayers, 49)
    return [(counts, 4 - shared[0], shared[0])] + [
        ((0,) * 13, 7 - c, c) for c in shared[1:]
    ]


def _run_chart_task(task: _ChartTask) -> _Counts:
    """Per-class ``(win, tie, share, share_sq, 0)`` of 455 entries; exact
    tasks carry each class's outcomes in the ``share_sq`` slot.  Executors
    call this, pickled by name."""
    if task.exact:
        win, tie, share, total = _core.equity_chart_hu(task.lo, task.hi)
        return (win, tie, share, total, 0)
    counts = _class_counts(CLASSES[task.cls])
    players = _class_players(counts, task.nplayers)
    remaining = tuple(4 - k for k in counts)
    w, t, s, sq, _ = _core.equity_mc(
        players, remaining, task.seed, task.lo, task.hi - task.lo, CHUNK_TRIALS, task.trials
    )

    def at(v: int) -> tuple[int, ...]:
        row = [0] * len(CLASSES)
        row[task.cls] = v
        return tuple(row)

    return (at(w[0]), at(t[0]), at(s[0]), at(sq[0]), 0)


def starting_hands(
    players: int = 2,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    executor: SubmitExecutor | None = None,
    progress: bool | None = None,
) -> StartingHands:
    """Every three-card Razz start (455 rank classes) with its equity all-in
    to the river against ``players - 1`` random hands (2 to 8 players), best
    first.

    ``exact=None`` is exact heads-up (1-2 s of CPU, the work cut in
    pieces for ``executor``) unless ``trials`` is given, and Monte Carlo
    otherwise; ``exact=True`` is refused for more than 2 players;
    ``exact=False`` samples ``trials`` deals per class (default 200,000,
    at most :data:`MAX_CLASS_TRIALS`:
    a standard error of about 0.1% or less) from ``seed`` (random when
    ``None``), identical on any ``executor``.  ``progress=True`` shows a tqdm
    bar.  A row's ``ranks`` put the ace first (``"A23"``, ``"A8K"``).

    >>> chart = starting_hands(exact=False, trials=10_000, seed=7)
    >>> chart.exact, chart.get("32a").rank <= 20, chart.get("KKK").rank
    (False, True, 455)
    """
    count = as_int(players)
    if count is None or not 2 <= count <= 8:
        raise EquityError(f"players must be an int within 2..8, not {brief(players)}")
    players = count
    trials, seed = _check_options(exact, trials, seed, executor, progress)
    if trials is not None and trials > MAX_CLASS_TRIALS:
        raise EquityError(f"trials must be at most {MAX_CLASS_TRIALS:,} per class "
                          f"(455 classes), not {trials:,}")
    if exact and players > 2:
        raise EquityError(
            f"an exact chart is heads-up only ({players} players would take days); "
            "use Monte Carlo (exact=False or exact=None)"
        )
    if exact is None:
        exact = players == 2 and trials is None
    parts = _parts(executor, bool(progress))
    if exact:
        tasks = [_ChartTask(True, lo, hi) for lo, hi in _split(_core.CHART_PATTERNS, parts)]
        win, tie, share, total, _ = _run(tasks, executor, bool(progress), "patterns",
                                         _run_chart_task)
        per_class = [(w, t, s, 0, n) for w, t, s, n in zip(win, tie, share, total, strict=True)]
        return _chart(players, True, None, None, per_class)
    trials = trials or DEFAULT_CLASS_TRIALS
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    nchunks = -(-trials // CHUNK_TRIALS)
    tasks = [
        _ChartTask(False, 0, nchunks, i, players,
                   (seed + (i + 1) * CLASS_SEED_STEP) & (1 << 64) - 1, trials)
        for i in range(len(CLASSES))
    ]
    win, tie, share, share_sq, _ = _run(tasks, executor, bool(progress), "trials",
                                        _run_chart_task)
    per_class = [
        (w, t, s, sq, trials) for w, t, s, sq in zip(win, tie, share, share_sq, strict=True)
    ]
    return _chart(players, False, trials, seed, per_class)


def _chart(
    players: int,
    exact: bool,
    trials: int | None,
    seed: int | None,
    per_class: list[tuple[int, int, int, int, int]],
) -> StartingHands:
    rows = []
    outcomes = 0
    for text, (w, t, s, sq, n) in zip(CLASSES, per_class, strict=True):
        outcomes += n
        mean = s / n
        stderr = 0.0 if exact else math.sqrt(max(0.0, sq / n - mean * mean) / n) / UNITS
        rows.append((text, s / (UNITS * n), w / n, t / n, stderr))
    rows.sort(key=lambda r: (-r[1], r[0]))
    out = tuple(
        StartingHand(
            ranks=text, equity=eq, rank=i + 1, win=w, tie=t, stderr=se,
            combos=_combos(_class_counts(text)),
        )
        for i, (text, eq, w, t, se) in enumerate(rows)
    )
    return StartingHands(out, players, exact, trials, seed, outcomes)




@dataclass(frozen=True)
class StartingHand:
    """One row of the chart: ``ranks`` (``"A23"``, ace first then ascending),
    ``equity`` (share of the pot, ties split), ``rank`` (1 = best), ``win``
    and ``tie`` (shares of outcomes won alone / tied), ``stderr`` (0 when
    exact) and ``combos`` (card combinations of the class: 4 to 64).

    >>> from razzcore import starting_hands
    >>> row = starting_hands(exact=False, trials=2_000, seed=1).get("32a")
    >>> row.ranks, row.rank, row.combos, round(row.equity, 3), round(row.stderr, 3)
    ('A23', 5, 64, 0.735, 0.01)
    """

    ranks: str
    equity: float
    rank: int
    win: float
    tie: float
    stderr: float
    combos: int


@dataclass(frozen=True)
class StartingHands(Sequence[StartingHand]):
    """The chart: a sequence of :class:`StartingHand`, best first, with how it
    was computed (``players``, ``exact``, ``trials`` per class and ``seed`` for
    Monte Carlo, ``outcomes``: deals or trials per class summed).

    >>> from razzcore import starting_hands
    >>> chart = starting_hands(exact=False, trials=2_000, seed=1)
    >>> len(chart), chart.players, chart.exact, chart.trials, chart[-1].ranks
    (455, 2, False, 2000, 'KKK')
    >>> print(str(chart).splitlines()[0])
    starting hands vs 1 random hand, Monte Carlo, 2,000 trials per class, seed 1
    """

    rows: tuple[StartingHand, ...]
    players: int
    exact: bool
    trials: int | None
    seed: int | None
    outcomes: int

    @overload
    def __getitem__(self, i: int) -> StartingHand: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[StartingHand]: ...
    def __getitem__(self, i: int | slice) -> StartingHand | Sequence[StartingHand]:
        return self.rows[i]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[StartingHand]:
        return iter(self.rows)

    def get(self, ranks: str) -> StartingHand:
        """The row of a class, its ranks in any order (``"32A"``, ``"t9j"``).

        >>> from razzcore import starting_hands
        >>> starting_hands(3, trials=20_000, seed=1).get("KKK").rank
        455
        """

        key = _class_key(ranks)
        return next(r for r in self.rows if r.ranks == key)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        return {
            "players": self.players, "exact": self.exact, "trials": self.trials,
            "seed": self.seed, "outcomes": self.outcomes,
            "hands": [
                {"rank": r.rank, "ranks": r.ranks, "equity": r.equity, "win": r.win,
                 "tie": r.tie, "stderr": r.stderr, "combos": r.combos}
                for r in self.rows
            ],
        }

    def __str__(self) -> str:
        if self.exact:
            head = f"exact, {counted(self.outcomes, 'outcome')}"
        else:
            head = f"Monte Carlo, {counted(self.trials or 0, 'trial')} per class, seed {self.seed}"
        lines = [f"starting hands vs {counted(self.players - 1, 'random hand')}, {head}",
                 " rank  hand  equity" + ("" if self.exact else "   ±stderr")]
        for r in self.rows:
            line = f"{r.rank:5}  {r.ranks}  {100 * r.equity:6.2f}%"
            if not self.exact:
                line += f"  ±{100 * r.stderr:.2f}%"
            lines.append(line)
        return "\n".join(lines)
