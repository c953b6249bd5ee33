"""Thread safety: the compiled entry points and independent hands used from
many threads at once give exactly the serial results; views of one hand read
on many threads at once, and one hand shared under the caller's lock, too
(docs/engine.md, "Threads").

Each test computes the answers serially first, then has several threads start
together (a barrier) and repeat the same work, with a short switch interval so
the interpreter interleaves them as much as it can.  On free-threaded CPython
the threads really run in parallel; elsewhere the kernels still release the GIL
and the tests exercise the same paths (the lazily built view fields, the
hand's shared caches, the worker pool) interleaved by the GIL, which checks
their logic but not the per-object locks that guard them without a GIL.
"""

from __future__ import annotations

import dataclasses
import queue
import random
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import pytest

import razzcore

T = TypeVar("T")
THREADS = 8
SEED = 99


@contextmanager
def _fast_switching() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _together(jobs: list[Callable[[], T]]) -> list[T]:
    """Run ``jobs`` on one thread each, released at the same moment."""
    barrier = threading.Barrier(len(jobs))

    def run(job: Callable[[], T]) -> T:
        barrier.wait()
        return job()

    with _fast_switching(), ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        return list(pool.map(run, jobs))


def test_free_threading_status_is_known() -> None:
    """Records whether this interpreter has a GIL (the tests run either way)."""
    gil = getattr(sys, "_is_gil_enabled", lambda: True)()
    assert gil in (True, False)


def test_evaluate_and_evaluate_mask_from_many_threads() -> None:
    rng = random.Random(SEED)
    hands = [tuple(rng.sample(range(52), rng.choice((5, 6, 7)))) for _ in range(4000)]
    serial = [razzcore.evaluate(h) for h in hands]
    masks = [razzcore.cards_to_mask(h) for h in hands]

    def job(k: int) -> tuple[list[int], list[int]]:
        order = list(range(len(hands)))
        random.Random(k).shuffle(order)
        ev = [0] * len(hands)
        mk = [0] * len(hands)
        for i in order:
            ev[i] = razzcore.evaluate(hands[i] if k % 2 else list(hands[i]))
            mk[i] = razzcore.evaluate_mask(masks[i])
        return ev, mk

    for ev, mk in _together([lambda k=k: job(k) for k in range(THREADS)]):
        assert ev == serial
        assert mk == serial


def test_evaluate_batch_from_many_threads() -> None:
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(SEED)
    batches = []
    for width in (5, 6, 7, 7):
        keys = rng.random((30_000, 52))
        batches.append(np.argsort(keys, axis=1)[:, :width].astype(np.uint8))
    serial = [razzcore.evaluate_batch(b) for b in batches]
    shared = batches[3]

    def job(k: int) -> list[Any]:
        out = []
        for i, b in enumerate(batches):
            out.append(razzcore.evaluate_batch(b, threads=1 + (k + i) % 3))
        # Everyone also reads the same array into a private out= buffer.
        mine = np.empty(len(shared), dtype=np.uint16)
        razzcore.evaluate_batch(shared, mine, check=bool(k % 2))
        out.append(mine)
        return out

    for results in _together([lambda k=k: job(k) for k in range(THREADS)]):
        for got, want in zip(results, [*serial, serial[3]], strict=True):
            assert np.array_equal(got, want)


def test_bad_rows_are_reported_per_call_from_many_threads() -> None:
    np = pytest.importorskip("numpy")
    good = np.tile(np.array([0, 4, 8, 12, 16, 20, 24], dtype=np.uint8), (5000, 1))

    def job(k: int) -> int | None:
        hands = good.copy()
        row = 100 * k + 7
        hands[row, 3] = 52 + k
        try:
            razzcore.evaluate_batch(hands, threads=2)
        except razzcore.BatchError as exc:
            return exc.row
        return None

    assert _together([lambda k=k: job(k) for k in range(THREADS)]) == [
        100 * k + 7 for k in range(THREADS)
    ]


def test_equity_from_many_threads() -> None:
    eq = pytest.importorskip("razzcore.odds")
    requests: list[tuple[list[str], str, dict[str, Any]]] = [
        (["As 2d 3c", "Kh Qd Js"], "", {}),
        (["As 2d 3c 4h", "?? ?? 6s 7d"], "8c 9c Tc", {}),
        (["?? ?? 2c", "?? ?? 5d", "?? ?? 8h"], "", {"exact": False, "trials": 20_000, "seed": 7}),
        (["5c 4d 3h 9s", "6c 6d 2h Ks", "?? ?? Qd Jd"], "Ac", {"exact": False, "trials": 5000,
                                                               "seed": 3}),
    ]
    serial = [eq.equity(h, d, **kw).shares for h, d, kw in requests]

    def job(k: int) -> list[tuple[int, ...]]:
        order = list(range(len(requests)))
        random.Random(k).shuffle(order)
        got: list[tuple[int, ...]] = [()] * len(requests)
        for i in order:
            h, d, kw = requests[i]
            got[i] = eq.equity(h, d, **kw).shares
        return got

    for got in _together([lambda k=k: job(k) for k in range(THREADS)]):
        assert got == serial


def _play(seed: int, hands: int) -> list[tuple[Any, ...]]:
    from engine_support import play_random

    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import PROFILES, Rules

    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        rules = Rules(1, 2, 5, 10, profile=rng.choice(sorted(PROFILES)))
        stacks = [rng.choice((8, 40, 200)) for _ in range(rng.randint(2, 8))]
        hand = play_random(Hand(rules, stacks, seed=rng.getrandbits(32)), rng)
        out.append((tuple(hand.history), hand.stacks, hand.payoffs))
    return out


def test_independent_hands_from_many_threads() -> None:
    pytest.importorskip("razzcore.engine.hand")
    serial = [_play(seed, 40) for seed in range(THREADS)]
    got = _together([lambda s=s: _play(s, 40) for s in range(THREADS)])
    assert got == serial


def test_phh_round_trips_from_many_threads() -> None:
    phh = pytest.importorskip("razzcore.histories.phh")
    from engine_support import play_random

    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import Rules

    texts = [
        phh.dumps(play_random(Hand(Rules(1, 2, 5, 10), [60, 60, 60], seed=s), random.Random(s)))
        for s in range(20)
    ]
    serial = [phh.loads(t).replay().stacks for t in texts]

    def job() -> list[tuple[int, ...]]:
        return [phh.loads(t).replay().stacks for t in texts]

    for got in _together([job] * THREADS):
        assert got == serial


def test_worker_pool_grows_while_other_threads_submit() -> None:
    """Batches asking for ever more threads make the pool grow while other
    batches are still handing work to the smaller one."""
    np = pytest.importorskip("numpy")
    from razzcore import _core

    rng = np.random.default_rng(SEED)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7].astype(np.uint8)
    serial = razzcore.evaluate_batch(hands)
    _core._forget_pool_after_fork()  # start again from no pool at all

    def job(k: int) -> bool:
        return all(
            np.array_equal(razzcore.evaluate_batch(hands, threads=2 + (k + i) % THREADS), serial)
            for i in range(6)
        )

    assert all(_together([lambda k=k: job(k) for k in range(THREADS)]))
    # A pool handed out before it grew still takes the work it is given.
    _core._forget_pool_after_fork()
    smaller = _core._worker_pool(1)
    assert _core._worker_pool(2) is not smaller
    assert smaller.submit(sum, (1, 2)).result() == 3


def _views_of(seed: int) -> list[Any]:
    """Every seat's view (fields unread) at every decision of a random
    six-handed hand, and at its end: views of one hand share what the hand
    keeps for them (boards, pots, the history's words)."""
    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import Rules

    rng = random.Random(seed)
    hand = Hand(Rules(1, 2, 5, 10), [60] * 6, seed=seed)
    views = []
    while hand.actor is not None:
        views.extend(hand.view(s) for s in range(6))
        hand.act(rng.choice(hand.legal_actions()))
    views.extend(hand.view(s) for s in range(6))
    return views


def _fields(view: Any, backwards: bool = False) -> dict[str, Any]:
    names = [f.name for f in dataclasses.fields(view)]
    return {name: getattr(view, name) for name in (names[::-1] if backwards else names)}


def test_views_of_one_hand_read_on_many_threads_at_once() -> None:
    pytest.importorskip("razzcore.engine.hand")
    serial = [[_fields(v) for v in _views_of(seed)] for seed in range(4)]
    shared = [_views_of(seed) for seed in range(4)]  # the same, fields unread

    def job(k: int) -> list[list[dict[str, Any]]]:
        # Each thread reads the views in its own order, fields in its own order.
        got: list[list[Any]] = [[None] * len(views) for views in shared]
        for views, out in zip(shared, got, strict=True):
            order = list(range(len(views)))
            order = order[k:] + order[:k] if k % 2 else order[::-1]
            for i in order:
                out[i] = _fields(views[i], backwards=bool(k & 2))
        return got

    for got in _together([lambda k=k: job(k) for k in range(THREADS)]):
        assert got == serial


def test_views_read_on_other_threads_while_the_hand_plays_on() -> None:
    pytest.importorskip("razzcore.engine.hand")
    serial = [_fields(v) for seed in range(3) for v in _views_of(seed)]
    readers: list[queue.Queue[Any]] = [queue.Queue() for _ in range(THREADS - 1)]

    def play() -> list[dict[str, Any]]:
        for seed in range(3):  # each view handed out as soon as it is taken
            for view in _views_of(seed):
                for q in readers:
                    q.put(view)
        for q in readers:
            q.put(None)
        return serial

    def read(q: queue.Queue[Any]) -> list[dict[str, Any]]:
        out = []
        while (view := q.get()) is not None:
            out.append(_fields(view))
        return out

    jobs = [play] + [lambda q=q: read(q) for q in readers]
    for got in _together(jobs):
        assert got == serial


def _seat_choice(seat: int, turn: int, legal: list[str]) -> str:
    return legal[(7 * seat + turn) % len(legal)]


def test_one_hand_shared_under_a_lock_while_others_read_it() -> None:
    """Six threads play the six seats of one hand, each acting under the
    caller's lock when it is its turn, while two more read the hand (its
    properties, history and views) without the lock: the hand ends as the
    same decisions played on one thread end it, and every read succeeds."""
    pytest.importorskip("razzcore.engine.hand")
    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import Rules

    def serial_play(seed: int) -> tuple[Any, ...]:
        hand = Hand(Rules(1, 2, 5, 10), [60] * 6, seed=seed)
        turns = [0] * 6
        while hand.actor is not None:
            seat = hand.actor
            hand.act(_seat_choice(seat, turns[seat], hand.legal_actions()))
            turns[seat] += 1
        return tuple(hand.history), hand.payoffs

    for seed in range(3):
        hand = Hand(Rules(1, 2, 5, 10), [60] * 6, seed=seed)
        lock = threading.Lock()
        done = threading.Event()

        def seat_job(seat: int, hand: Any = hand, lock: Any = lock, done: Any = done) -> int:
            turn = 0
            while not done.is_set():
                with lock:
                    if hand.actor is None:
                        done.set()
                    elif hand.actor == seat:
                        hand.act(_seat_choice(seat, turn, hand.legal_actions()))
                        turn += 1
            return turn

        def read_job(hand: Any = hand, done: Any = done) -> int:
            reads = 0
            while not done.is_set() or reads == 0:
                assert len(hand.stacks) == 6 and len(hand.bets) == 6
                assert all(isinstance(a, str) for a in hand.legal_actions())
                assert len(hand.history) >= 0 and hand.view(reads % 6).history is not None
                reads += 1
            return reads

        jobs: list[Callable[[], int]] = [lambda s=s: seat_job(s) for s in range(6)]
        turns = _together([*jobs, read_job, read_job])
        assert sum(turns[:6]) > 0 and min(turns[6:]) > 0
        assert (tuple(hand.history), hand.payoffs) == serial_play(seed)
