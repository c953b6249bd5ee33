"""Whole hands played in the compiled engine: :func:`simulate` (see its
docstring and docs/engine.md).  Hand ``i`` is shuffled and decided by a
generator seeded with ``(seed, i)`` alone, so the payoffs depend on the seed
only: not on ``threads``, the executor, or how the hands are split.

>>> from razzcore import Rules
>>> r = simulate(Rules(2, 5, 10, 20), [400, 400], 1000, seed=1)
>>> bool((simulate(Rules(2, 5, 10, 20), [400, 400], 1000, seed=1, threads=3).payoffs
...       == r.payoffs).all())
True
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import _core
from .._parallel import SubmitExecutor, check_executor, progress_bar
from ..engine.packing import check_player_count, pack_rules, pack_stacks
from ..engine.rules import MAX_CHIPS, Rules
from ..errors import RazzError, as_int, brief

if TYPE_CHECKING:
    import numpy as np

    from ..engine.hand import Hand
    from ..histories.phh import HandHistory

__all__ = ["POLICIES", "SimulationResult", "simulate"]

POLICIES = tuple(_core.ENGINE_POLICIES)
"""The built-in policies, by name."""
#: Largest ``hands`` accepted.
MAX_HANDS = 1 << 40
#: Most hands ``record`` keeps as histories.
MAX_RECORD = 100_000
#: Work is cut into at most this many tasks for an executor (and progress).
MAX_TASKS = 64
#: Hands per step of a run (one call of the C loop, tens of ms at most: the
#: run checks for Ctrl-C between steps).
STEP_HANDS = 1 << 14
#: The largest per-hand payoff array ``simulate(..., payoffs=True)`` makes.
MAX_PAYOFF_BYTES = 2 << 30
#: How often (seconds) a threaded run's main thread wakes to take a signal.
WAKE_SECONDS = 0.05
#: Below this many hands ``threads=None`` stays on one thread.
PARALLEL_MIN_HANDS = 1 << 15


@dataclass(frozen=True)
class SimulationResult:
    """What :func:`simulate` played.

    ``payoffs[i, s]`` is seat ``s``'s net chips in hand ``i`` (an int64
    numpy array, ``hands`` rows); ``histories`` the first ``record`` hands as
    :class:`~razzcore.histories.phh.HandHistory` (each replays on
    :class:`~razzcore.engine.hand.Hand` to the same payoffs); ``seconds`` the wall
    time of the hands (recording excluded); ``seed`` the run's seed;
    ``pots_won[s]`` the hands in which seat ``s`` collected chips;
    ``showdowns`` the hands that reached a showdown; ``totals`` (int64) and
    ``sum_squares`` (exact ints) each seat's sum of payoffs and of squared
    payoffs, for means and standard errors (``stderr``).  With
    ``simulate(..., payoffs=False)`` ``payoffs`` is ``None`` and the run keeps
    only these per-seat sums, in constant memory.

    >>> from razzcore import Rules, simulate
    >>> r = simulate(Rules(1, 2, 4, 8), [100, 100], 50, policy=["basic", "calldown"],
    ...              seed=3, record=1)
    >>> r.payoffs.shape, r.winnings, r.pots_won, r.showdowns
    ((50, 2), (38, -38), (11, 39), 27)
    >>> r.histories[0].finishing_stacks, [round(e, 2) for e in r.stderr]
    ([111, 89], [1.38, 1.38])
    """

    payoffs: np.ndarray[Any, Any] | None
    histories: tuple[HandHistory, ...]
    hands: int
    seconds: float
    seed: int
    policies: tuple[str, ...]
    rules: Rules = field(repr=False)
    starting_stacks: tuple[int, ...] = field(repr=False)
    pots_won: tuple[int, ...] = field(repr=False, default=())
    showdowns: int = field(repr=False, default=0)
    totals: np.ndarray[Any, Any] | None = field(repr=False, default=None)
    sum_squares: tuple[int, ...] = field(repr=False, default=())

    @property
    def winnings(self) -> tuple[int, ...]:
        """Each seat's net chips over all hands."""
        if self.totals is not None:
            return tuple(int(v) for v in self.totals)
        assert self.payoffs is not None
        return tuple(int(v) for v in self.payoffs.sum(axis=0))

    @property
    def stderr(self) -> tuple[float, ...]:
        """Each seat's standard error of its mean payoff per hand (from
        ``totals`` and ``sum_squares``; 0 for fewer than 2 hands)."""
        n = self.hands
        if n < 2 or not self.sum_squares:
            return tuple(0.0 for _ in self.starting_stacks)
        return tuple(
            math.sqrt(max(0.0, (sq - t * t / n) / (n - 1)) / n)
            for t, sq in zip(self.winnings, self.sum_squares, strict=True)
        )


_Part = tuple[Any, ...]  # payoff bytes or None, totals, squares, pots won, showdowns


def _run_range(
    rules: Rules, stacks: tuple[int, ...], policies: bytes, seed: int,
    start: int, stop: int, keep: bool = False,
) -> _Part:
    """Hands ``start..stop-1``: payoff bytes (with ``keep``, else ``None``)
    and the per-seat sums (picklable by name: executors call this)."""
    rules_b, stacks_b = pack_rules(rules), pack_stacks(stacks)
    n = len(stacks)
    parts: list[bytes] = []
    totals, squares, pots, showdowns = [0] * n, [0] * n, [0] * n, 0
    step = _core.SIMULATE_MAX_CHUNK
    for a in range(start, stop, step):
        data, t, sq, won, sd = _core.simulate_sums(rules_b, stacks_b, policies, seed, a,
                                                   min(step, stop - a), keep)
        if data is not None:
            parts.append(data)
        for s in range(n):
            totals[s] += t[s]
            squares[s] += sq[s]
            pots[s] += won[s]
        showdowns += sd
    return (b"".join(parts) if keep else None, totals, squares, pots, showdowns)


def _check_stacks(rules: Rules, stacks: object) -> tuple[int, ...]:
    if (
        isinstance(stacks, (str, bytes, bytearray)) or not isinstance(stacks, Sequence)
    ) and type(stacks).__module__ != "numpy":
        raise RazzError(f"stacks must be a sequence of ints (one per seat), not {brief(stacks)}")
    out = []
    for v in stacks:  # type: ignore[attr-defined]
        chips = as_int(v)
        if chips is None:
            raise RazzError(f"stacks must be non-negative ints, not {brief(v)}")
        if not 0 <= chips <= MAX_CHIPS:
            raise RazzError(f"stacks must be ints in 0..MAX_CHIPS (2**53), not {brief(chips)}")
        out.append(chips)
    n = len(out)
    if not 2 <= n <= 8:
        raise RazzError(f"stacks: a table has 2..8 seats, not {n}")
    check_player_count(rules, out)
    if rules.deal_start_seat > n:
        raise RazzError(f"rules: deal_start_seat {rules.deal_start_seat} is not one of {n} seats")
    return tuple(out)


def _check_policies(policy: object, n: int) -> tuple[str, ...]:
    names = (policy,) * n if isinstance(policy, str) else policy
    if isinstance(names, (bytes, bytearray)) or not isinstance(names, Sequence):
        raise RazzError(f"policy must be one of {', '.join(POLICIES)} or one per seat, "
                        f"not {brief(policy)}")
    if len(names) != n:
        raise RazzError(f"policy: {len(names)} policies for {n} seats")
    out = []
    for name in names:  # names are taken in any case, as play() and --lineup take them
        key = name.strip().lower() if isinstance(name, str) else None
        if key not in _core.ENGINE_POLICIES and isinstance(name, str) and ":" in name:
            raise RazzError(f"policy {brief(name)}: simulate runs the built-in policies in C "
                            f"({', '.join(POLICIES)}); a Python player plays with "
                            f"razzcore.play")
        if key not in _core.ENGINE_POLICIES:
            raise RazzError(f"policy must be one of {', '.join(POLICIES)}, not {brief(name)}")
        out.append(key)
    return tuple(out)


def _check_count(name: str, value: object, low: int, high: int) -> int:
    n = as_int(value)
    if n is None:
        raise RazzError(f"{name} must be an int, not {brief(value)}")
    if not low <= n <= high:
        raise RazzError(f"{name} must be within {low:,}..{high:,}, not {n:,}")
    return n


def _check_record(record: object, hands: int) -> int:
    """How many hands to keep as histories: no more than the run plays, nor
    than :data:`MAX_RECORD`; the error says which bound was passed."""
    n = _check_count("record", record, 0, MAX_RECORD)
    if n > hands:
        raise RazzError(f"record must be at most hands ({hands:,}): the run plays {hands:,} "
                        f"{'hand' if hands == 1 else 'hands'}, so it cannot keep {n:,}")
    return n


def check_seed(seed: object) -> int:
    """A run's seed: ``seed`` as an int, or a fresh 63-bit one for ``None``
    (the one rule of :func:`simulate`, :func:`razzcore.play` and the command)."""
    if seed is None:
        import secrets

        return secrets.randbits(63)
    seed_int = as_int(seed)
    if seed_int is None:
        raise RazzError(f"seed must be an int or None, not {brief(seed)}")
    return seed_int


def _check_workers(threads: object, executor: SubmitExecutor | None, hands: int) -> int | None:
    """The threads of a run (``None`` with an executor): by default one per
    CPU from :data:`PARALLEL_MIN_HANDS` hands on, else one."""
    check_executor(executor)
    if executor is not None:
        if threads is not None:
            raise RazzError("give threads or executor, not both")
        return None
    if threads is None:
        return (os.cpu_count() or 1) if hands >= PARALLEL_MIN_HANDS else 1
    return _check_count("threads", threads, 1, _core.MAX_THREADS)


def simulate(
    rules: Rules,
    stacks: Sequence[int],
    hands: int,
    *,
    policy: str | Sequence[str] = "random",
    seed: int | None = None,
    threads: int | None = None,
    executor: SubmitExecutor | None = None,
    record: int = 0,
    progress: bool | None = None,
    payoffs: bool = True,
) -> SimulationResult:
    """Play ``hands`` independent hands at one table, wholly in the compiled
    engine (the GIL released), every hand from ``stacks``.

    * ``policy``: ``"random"``, ``"calldown"`` or ``"basic"``, or one name per
      seat.  ``"random"`` picks uniformly among the legal actions but makes
      no raise once the street holds 16 wagers, and ``"basic"`` (the
      :class:`~razzcore.engine.players.BasicRazzPlayer` strategy) none past 4, so
      every hand ends even where the rules leave heads-up betting uncapped.
    * ``seed``: the run's seed, any int (``None`` draws one; the result
      records it).  The payoffs depend on it alone.
    * ``threads``: threads in this process (default: one per CPU for runs of
      32,768 hands or more); ``executor``: any object with ``submit`` (a
      :class:`concurrent.futures` pool, dask's ``Client.get_executor()``)
      runs the hands in up to 64 tasks instead.
    * ``record``: keep the first ``record`` hands as PHH histories.
    * ``progress=True``: a tqdm bar on stderr (``pip install 'razzcore[progress]'``).
    * ``payoffs``: keep every hand's payoffs (``hands`` x seats int64, at most
      2 GiB: a larger request raises before any work); ``payoffs=False`` keeps
      only each seat's ``totals``, ``sum_squares``, pots won and the showdowns,
      in constant memory, for runs of any length.

    Ctrl-C stops a run within a step of :data:`STEP_HANDS` hands
    (``KeyboardInterrupt``).  Bad arguments raise :class:`~razzcore.errors.RazzError` naming them.
    numpy is needed for the result (``pip install 'razzcore[numpy]'``).

    >>> from razzcore import Rules
    >>> r = simulate(Rules(2, 5, 10, 20), [400] * 3, 200, policy="basic", seed=2, record=1)
    >>> r.hands, r.payoffs.shape, len(r.histories)
    (200, (200, 3), 1)
    >>> r.histories[0].replay().payoffs == tuple(r.payoffs[0])
    True
    """
    try:
        import numpy as np
    except ImportError as exc:
        raise ImportError("simulate needs numpy: pip install 'razzcore[numpy]'") from exc
    if not isinstance(rules, Rules):
        raise RazzError(f"rules must be a razzcore.Rules, not {brief(rules)}")
    table = _check_stacks(rules, stacks)
    n = len(table)
    names = _check_policies(policy, n)
    hands = _check_count("hands", hands, 0, MAX_HANDS)
    record = _check_record(record, hands)
    seed = check_seed(seed)
    stream = seed % (1 << 64)
    threads = _check_workers(threads, executor, hands)
    if progress is not None and not isinstance(progress, bool):
        raise RazzError(f"progress must be True, False or None, not {brief(progress)}")
    if not isinstance(payoffs, bool):
        raise RazzError(f"payoffs must be True or False, not {brief(payoffs)}")
    size = hands * n * 8
    if payoffs and size > MAX_PAYOFF_BYTES:
        raise RazzError(
            f"payoffs for {hands:,} hands x {n} seats would take {size / 2**30:,.1f} GiB "
            f"(at most {MAX_PAYOFF_BYTES >> 30} GiB): pass payoffs=False to keep per-seat "
            "totals and sums of squares only, in constant memory"
        )
    codes = bytes(_core.ENGINE_POLICIES[name] for name in names)
    array_out = np.empty((hands, n), dtype=np.int64) if payoffs else None

    def store(a: int, b: int, data: bytes) -> None:
        assert array_out is not None
        array_out[a:b] = np.frombuffer(data, dtype=np.int64).reshape(b - a, n)

    run = _run_policies(rules, table, codes, stream, hands, threads, executor, progress,
                        store if payoffs else None)
    histories = tuple(_history(rules, table, codes, stream, i) for i in range(record))
    return SimulationResult(
        array_out, histories, hands, run.seconds, seed, names, rules, table,
        pots_won=run.pots_won, showdowns=run.showdowns,
        totals=np.array(run.totals, dtype=np.int64), sum_squares=run.sum_squares,
    )


class _Run(NamedTuple):
    """The sums of one run, without numpy: each seat's net chips, sum of
    squared payoffs and pots won, the showdowns, and the wall time."""

    totals: tuple[int, ...]
    sum_squares: tuple[int, ...]
    pots_won: tuple[int, ...]
    showdowns: int
    seconds: float

    def winnings(self, seats: int) -> tuple[int, ...]:
        """Each seat's net chips over all hands."""
        return self.totals[:seats]


_Store = Callable[[int, int, bytes], None]


class _Sums:
    """Per-seat running sums of a run (constant memory)."""

    def __init__(self, n: int) -> None:
        self.totals, self.squares, self.pots = [0] * n, [0] * n, [0] * n
        self.showdowns = 0
        self.lock = threading.Lock()

    def add(self, part: _Part) -> None:
        with self.lock:
            for s in range(len(self.totals)):
                self.totals[s] += part[1][s]
                self.squares[s] += part[2][s]
                self.pots[s] += part[3][s]
            self.showdowns += part[4]


def _run_policies(
    rules: Rules, table: tuple[int, ...], codes: bytes, stream: int, hands: int,
    threads: int | None, executor: SubmitExecutor | None, progress: bool | None,
    store: _Store | None = None,
) -> _Run:
    """Play checked arguments (the policy codes, the 64-bit stream) in the
    engine: the one runner of :func:`simulate` and of :func:`razzcore.play`'s
    built-in lineups.  Only per-seat sums are kept; ``store(a, b, payoff
    bytes)`` receives hands ``a..b-1``'s payoffs when given."""
    # The engine can run these rules and stacks (0 hands).
    _core.simulate_chunk(pack_rules(rules), pack_stacks(table), codes, stream, 0, 0)
    bar = progress_bar(hands, "hand") if progress else None
    sums = _Sums(len(table))
    t0 = time.perf_counter()
    try:
        _play(rules, table, codes, stream, hands, threads, executor, bar, sums, store)
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - t0
    return _Run(tuple(sums.totals), tuple(sums.squares), tuple(sums.pots), sums.showdowns,
                seconds)


def _play(
    rules: Rules, table: tuple[int, ...], codes: bytes, stream: int, hands: int,
    threads: int | None, executor: SubmitExecutor | None, bar: Any, sums: _Sums,
    store: _Store | None,
) -> None:
    """Play every hand in steps, adding each step's sums (and payoffs to
    ``store``).  Ctrl-C: the main thread takes the signal between steps (or
    while it waits, waking every :data:`WAKE_SECONDS`), tells the workers to
    stop after their step, waits for them and raises ``KeyboardInterrupt``."""
    keep = store is not None

    def done(a: int, b: int, part: _Part) -> None:
        sums.add(part)
        if store is not None:
            store(a, b, part[0])
        if bar is not None:
            bar.update(b - a)

    if executor is not None:
        ranges = _split(hands, MAX_TASKS)
        futures = [executor.submit(_run_range, rules, table, codes, stream, a, b, keep)
                   for a, b in ranges]
        try:
            for (a, b), fut in zip(ranges, futures, strict=True):
                done(a, b, fut.result())
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise
        return
    steps = [(a, min(a + STEP_HANDS, hands)) for a in range(0, hands, STEP_HANDS)]
    if threads == 1 or len(steps) <= 1:
        for a, b in steps:
            done(a, b, _run_range(rules, table, codes, stream, a, b, keep))
        return
    # Each of the k workers plays every k-th step (the chunk loop releases the GIL).
    k = min(threads or 1, len(steps))
    pool = _core._worker_pool(k)
    stop = threading.Event()

    def worker(first: int) -> None:
        for j in range(first, len(steps), k):
            if stop.is_set():
                return
            a, b = steps[j]
            done(a, b, _run_range(rules, table, codes, stream, a, b, keep))

    futures = [pool.submit(worker, w) for w in range(k)]
    try:
        for fut in futures:
            while True:
                try:
                    fut.result(timeout=WAKE_SECONDS)
                    break
                except TimeoutError:
                    continue
    except BaseException:
        stop.set()
        for fut in futures:  # the workers stop after their step; the first error is raised
            with contextlib.suppress(BaseException):
                fut.result()
        raise


def _split(n: int, parts: int) -> list[tuple[int, int]]:
    """``n`` hands as at most ``parts`` contiguous ranges."""
    parts = max(1, min(parts, n))
    size, rest = divmod(n, parts)
    out, a = [], 0
    for i in range(parts):
        b = a + size + (1 if i < rest else 0)
        out.append((a, b))
        a = b
    return out if n else []


def _replay_hand(
    rules: Rules, table: tuple[int, ...], codes: bytes, stream: int, index: int
) -> Hand:
    """Hand ``index`` of a run, replayed on :class:`~razzcore.engine.hand.Hand`
    from the engine's record (its deck and actions)."""
    from ..engine.hand import Hand

    packed = pack_rules(rules)
    deck, kinds, totals, payoffs = _core.simulate_chunk(packed, pack_stacks(table), codes,
                                                        stream, index, 1, True)
    hand = Hand(rules, table, deck=list(deck))
    for kind, total in zip(kinds, array("q", totals), strict=True):
        hand.act(f"cbr {total}" if kind == 3 else _VERBS[kind])
    if hand.payoffs != payoffs:  # the two engines disagree: never hand out such a record
        raise RazzError(f"hand {index}: Hand replays to {hand.payoffs}, the engine gave {payoffs}")
    return hand


def _history(
    rules: Rules, table: tuple[int, ...], codes: bytes, stream: int, index: int
) -> HandHistory:
    """Hand ``index`` replayed on Hand from the engine's record, as PHH."""
    from ..histories.phh import HandHistory

    return HandHistory.from_hand(_replay_hand(rules, table, codes, stream, index))


_VERBS = ("f", "pb", "cc", "cbr")

