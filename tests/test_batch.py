"""Correctness of the high-throughput entry points: ``evaluate_batch``,
``evaluate_mask`` and ``rank_histogram``.  Speed lives in ``benchmarks/``.

The reference evaluator here is written from the rules text (R19) alone: the rank
of a hand is the position of its best five-card rank pattern in the sorted list of
all 6,175 patterns, brute-forced over every five-card subset.
"""

from __future__ import annotations

import array
import itertools
import math
import os
import random
import threading
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from reference import RANK_OF_CLASS, ref_evaluate, ref_rank

import razzcore
from razzcore import BatchError, CardError, evaluate, evaluate_batch, evaluate_mask

np = pytest.importorskip("numpy")

SEED = 20261129


# ---------------------------------------------------------------- reference


def ref_rank_of_ranks(ranks: tuple[int, ...]) -> int:
    """Best rank over every five-card subset of 5..7 ranks (tests/reference.py)."""
    return ref_rank(tuple(sorted(ranks)))


def random_hands(n: int, width: int, seed: int = SEED) -> Any:
    """``n`` rows of ``width`` distinct random card codes, as a uint8 numpy array."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


def single(hands: Any) -> list[int]:
    return [evaluate(tuple(int(c) for c in row)) for row in hands]


def test_reference_agrees_with_evaluate() -> None:
    assert len(RANK_OF_CLASS) == razzcore.NUM_CLASSES
    assert RANK_OF_CLASS[(0, 1, 2, 3, 4)] == 1
    assert RANK_OF_CLASS[(11, 12, 12, 12, 12)] == 6175
    rng = random.Random(SEED)
    for width in (5, 6, 7):
        for _ in range(400):
            codes = tuple(rng.sample(range(52), width))
            assert evaluate(codes) == ref_evaluate(codes), codes


# ---------------------------------------------------------------- equals single


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_equals_single_numpy(width: int) -> None:
    hands = random_hands(3000, width, SEED + width)
    got = evaluate_batch(hands)
    assert isinstance(got, np.ndarray)
    assert got.dtype == np.uint16 and got.shape == (3000,)
    assert got.tolist() == single(hands)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_accepts_every_buffer_kind(width: int) -> None:
    hands = random_hands(500, width, SEED + 10 + width)
    want = single(hands)
    flat = hands.tobytes()
    kinds: list[tuple[str, Any]] = [
        ("array.array", array.array("B", flat)),
        ("bytes", flat),
        ("bytearray", bytearray(flat)),
        ("memoryview", memoryview(flat)),
        ("flat numpy", hands.reshape(-1)),
    ]
    for name, buf in kinds:
        assert evaluate_batch(buf, cards_per_hand=width).tolist() == want, name
    # A 2-D memoryview carries its own width; cards_per_hand may repeat it.
    view2d = memoryview(flat).cast("B", (500, width))
    assert evaluate_batch(view2d).tolist() == want
    assert evaluate_batch(view2d, cards_per_hand=width).tolist() == want
    assert evaluate_batch(hands, cards_per_hand=width).tolist() == want


def test_batch_fills_out() -> None:
    hands = random_hands(1000, 7, SEED + 20)
    want = single(hands)
    out_np = np.zeros(1000, dtype=np.uint16)
    assert evaluate_batch(hands, out_np) is out_np
    assert out_np.tolist() == want
    out_arr = array.array("H", bytes(2000))
    assert evaluate_batch(hands, out=out_arr) is out_arr
    assert out_arr.tolist() == want
    out_ba = bytearray(2000)
    evaluate_batch(hands, out=memoryview(out_ba).cast("H"))
    assert array.array("H", bytes(out_ba)).tolist() == want
    # A contiguous slice of a larger buffer: only that slice is written.
    big = np.full(1010, 0xBEEF, dtype=np.uint16)
    evaluate_batch(hands, big[5:1005])
    assert big[5:1005].tolist() == want
    assert (big[:5] == 0xBEEF).all() and (big[1005:] == 0xBEEF).all()


def test_batch_without_numpy_returns_array(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins
    import sys

    real_import = builtins.__import__

    def no_numpy(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("numpy hidden by the test")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "numpy")
    monkeypatch.setattr(builtins, "__import__", no_numpy)
    hands = bytes([0, 4, 8, 12, 16, 20, 24, 51, 50, 49, 48, 47, 46, 45])
    got = evaluate_batch(hands, cards_per_hand=7)
    assert isinstance(got, array.array) and got.typecode == "H"
    assert got.tolist() == [1, evaluate((51, 50, 49, 48, 47, 46, 45))]


def test_batch_extremes() -> None:
    five = np.array([[0, 4, 8, 12, 16], [48, 49, 50, 51, 44]], dtype=np.uint8)
    assert evaluate_batch(five).tolist() == [1, 6175]
    assert evaluate_batch(five, check=False).tolist() == [1, 6175]
    seven = np.array([[0, 4, 8, 12, 16, 20, 24], [51, 50, 49, 48, 47, 46, 45]], dtype=np.uint8)
    want = [1, ref_evaluate((51, 50, 49, 48, 47, 46, 45))]  # Q-Q-Q-K-K, a full house
    assert want[1] == RANK_OF_CLASS[(11, 11, 11, 12, 12)]
    assert evaluate_batch(seven).tolist() == want
    assert evaluate_batch(seven, check=False).tolist() == want


# ---------------------------------------------------------------- threads


@pytest.fixture(scope="module")
def big_batch() -> tuple[Any, Any]:
    hands = random_hands(200_000, 7, SEED + 30)
    return hands, evaluate_batch(hands, threads=1)


def test_big_batch_matches_reference_sample(big_batch: tuple[Any, Any]) -> None:
    hands, serial = big_batch
    for i in range(0, len(hands), 997):
        assert int(serial[i]) == ref_evaluate(tuple(int(c) for c in hands[i])), i


@pytest.mark.parametrize("threads", [1, 2, 3, 7, None])
@pytest.mark.parametrize("check", [True, False])
def test_threads_identical_to_serial(
    big_batch: tuple[Any, Any], threads: int | None, check: bool
) -> None:
    hands, serial = big_batch
    got = evaluate_batch(hands, threads=threads, check=check)
    assert np.array_equal(got, serial)


def test_more_threads_than_rows() -> None:
    hands = random_hands(5, 7, SEED + 31)
    for threads in (1, 2, 3, 7, 64):
        assert evaluate_batch(hands, threads=threads).tolist() == single(hands)


@pytest.mark.parametrize("threads", [1, 2, 3, 7])
def test_threads_report_the_first_bad_row(threads: int) -> None:
    hands = random_hands(10_000, 7, SEED + 32)
    hands[9_000, 3] = 60  # a bad row late in the buffer (in the last chunk)
    hands[6_543, 0] = hands[6_543, 6]  # an earlier duplicate, in a middle chunk
    with pytest.raises(BatchError, match="6543") as info:
        evaluate_batch(hands, threads=threads)
    assert info.value.row == 6_543


@pytest.mark.parametrize("threads", [0, -1, True, 2.0, "2"])
def test_bad_threads(threads: Any) -> None:
    with pytest.raises(BatchError, match="threads"):
        evaluate_batch(random_hands(10, 7), threads=threads)


def _run_together(workers: int, job: Callable[[int], Any]) -> list[Any]:
    """Run ``job(i)`` in ``workers`` threads released at the same moment."""
    results: list[Any] = [None] * workers
    errors: list[BaseException] = []
    barrier = threading.Barrier(workers)

    def body(i: int) -> None:
        try:
            barrier.wait()
            results[i] = job(i)
        except BaseException as exc:  # re-raised in the main thread
            errors.append(exc)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def test_concurrent_python_threads(big_batch: tuple[Any, Any]) -> None:
    """Eight Python threads at once, each mixing single calls and (threaded)
    batches over shared input, get exactly the serial results."""
    hands, serial = big_batch
    part = hands[:50_000]
    tuples = [tuple(int(c) for c in row) for row in hands[:2_000]]
    want_single = [int(r) for r in serial[:2_000]]
    masks = [razzcore.cards_to_mask(t) for t in tuples]

    def job(i: int) -> bool:
        ok = True
        for _ in range(3):
            ok &= [evaluate(t) for t in tuples] == want_single
            ok &= [evaluate_mask(m) for m in masks] == want_single
            ok &= np.array_equal(evaluate_batch(part, threads=1 + i % 3), serial[:50_000])
            out = np.empty(50_000, dtype=np.uint16)
            evaluate_batch(part, out, threads=2)
            ok &= np.array_equal(out, serial[:50_000])
        return ok

    assert _run_together(8, job) == [True] * 8


def test_concurrent_errors_do_not_leak_between_threads() -> None:
    good = random_hands(20_000, 7, SEED + 33)
    bad = good.copy()
    bad[123, 4] = 52
    want = evaluate_batch(good)

    def job(i: int) -> int | None:
        for _ in range(5):
            if i % 2:
                try:
                    evaluate_batch(bad, threads=2)
                except BatchError as exc:
                    if exc.row != 123:
                        return -2
                else:
                    return -1
            elif not np.array_equal(evaluate_batch(good, threads=2), want):
                return -3
        return None

    assert _run_together(8, job) == [None] * 8


# ---------------------------------------------------------------- malformed input


@pytest.mark.parametrize(
    "dtype", [np.int8, np.int16, np.uint16, np.int64, np.float32, np.float64, np.bool_]
)
def test_wrong_dtype(dtype: Any) -> None:
    """Only uint8 (buffer format 'B') is accepted: int8 would let -1 pass as 255,
    and silently converting other types would hide a caller's bug."""
    hands = random_hands(4, 7).astype(dtype)
    with pytest.raises(BatchError, match="uint8"):
        evaluate_batch(hands)


@pytest.mark.parametrize("typecode", ["b", "h", "H", "i", "l", "q", "f", "d"])
def test_wrong_array_typecode(typecode: str) -> None:
    hands = array.array(typecode, [0, 4, 8, 12, 16, 20, 24])
    with pytest.raises(BatchError):
        evaluate_batch(hands, cards_per_hand=7)


@pytest.mark.parametrize("shape", [(7,), (2, 7, 1), (1, 2, 7), ()])
def test_wrong_ndim(shape: tuple[int, ...]) -> None:
    hands = np.zeros(shape, dtype=np.uint8)
    with pytest.raises(BatchError):
        evaluate_batch(hands)


@pytest.mark.parametrize("width", [0, 1, 4, 8, 52])
def test_wrong_width(width: int) -> None:
    hands = np.arange(3 * width, dtype=np.uint8).reshape(3, width) % 52
    with pytest.raises(BatchError, match="5, 6 or 7"):
        evaluate_batch(hands)


@pytest.mark.parametrize("cards_per_hand", [4, 8, 0, -7])
def test_wrong_cards_per_hand(cards_per_hand: int) -> None:
    with pytest.raises(BatchError):
        evaluate_batch(bytes(range(56)), cards_per_hand=cards_per_hand)


@pytest.mark.parametrize(
    "cards_per_hand",
    ["7", b"7", 7.0, True],
)
def test_non_int_cards_per_hand(cards_per_hand: Any) -> None:
    with pytest.raises(BatchError):
        evaluate_batch(bytes(range(14)), cards_per_hand=cards_per_hand)


def test_flat_buffer_needs_a_whole_number_of_rows() -> None:
    with pytest.raises(BatchError, match="cards_per_hand"):
        evaluate_batch(bytes(range(14)))
    with pytest.raises(BatchError, match="rows"):
        evaluate_batch(bytes(range(15)), cards_per_hand=7)
    with pytest.raises(BatchError, match="disagrees"):
        evaluate_batch(random_hands(3, 7), cards_per_hand=6)


@pytest.mark.parametrize("hands", [None, 7, "0 4 8 12 16", [[0, 4, 8, 12, 16]], (0, 4, 8, 12, 16)])
def test_not_a_buffer(hands: Any) -> None:
    with pytest.raises(BatchError, match="buffer"):
        evaluate_batch(hands, cards_per_hand=5)


def test_non_contiguous_hands() -> None:
    wide = random_hands(20, 14)
    views = [
        wide[:, ::2],  # strided columns
        random_hands(40, 7)[::2],  # strided rows
        np.asfortranarray(random_hands(20, 7)),  # Fortran order
        wide.T[:7].T,  # transposed view
    ]
    for view in views:
        assert not view.flags.c_contiguous
        with pytest.raises(BatchError, match="contiguous"):
            evaluate_batch(view)
    # memoryview slicing with a step is non-contiguous too
    with pytest.raises(BatchError, match="contiguous"):
        evaluate_batch(memoryview(bytes(range(28)))[::2], cards_per_hand=7)


@pytest.fixture
def hands7() -> Any:
    return random_hands(10, 7, SEED + 40)


def test_read_only_out(hands7: Any) -> None:
    frozen = np.zeros(10, dtype=np.uint16)
    frozen.flags.writeable = False
    for out in (frozen, bytes(20), memoryview(bytes(20)).cast("H"), memoryview(bytearray(20))
                .cast("H").toreadonly()):
        with pytest.raises(BatchError, match="read-only"):
            evaluate_batch(hands7, out)
    assert not frozen.any()


@pytest.mark.parametrize(
    "out",
    [
        pytest.param(lambda: np.zeros(9, np.uint16), id="short"),
        pytest.param(lambda: np.zeros(11, np.uint16), id="long"),
        pytest.param(lambda: np.zeros(0, np.uint16), id="empty"),
        pytest.param(lambda: np.zeros(10, np.int16), id="int16"),
        pytest.param(lambda: np.zeros(10, np.uint32), id="uint32"),
        pytest.param(lambda: np.zeros(10, np.uint8), id="uint8"),
        pytest.param(lambda: np.zeros(10, np.float16), id="float16"),
        pytest.param(lambda: np.zeros(10, ">u2"), id="big-endian"),
        pytest.param(lambda: np.zeros((10, 1), np.uint16), id="2-D"),
        pytest.param(lambda: np.zeros(20, np.uint16)[::2], id="strided"),
        pytest.param(lambda: array.array("h", [0] * 10), id="array-h"),
        pytest.param(lambda: array.array("I", [0] * 10), id="array-I"),
        pytest.param(lambda: bytearray(20), id="bytearray-B"),
        pytest.param(lambda: [0] * 10, id="list"),
    ],
)
def test_bad_out(hands7: Any, out: Callable[[], Any]) -> None:
    buf = out()
    before = None if isinstance(buf, list) else memoryview(buf).tobytes()
    with pytest.raises(BatchError, match="out"):
        evaluate_batch(hands7, buf)
    if before is not None:  # nothing was written into the rejected buffer
        assert memoryview(buf).tobytes() == before


def test_out_aliasing_hands() -> None:
    """``out`` is a view of the very memory that holds ``hands``: results must be
    those of the untouched input."""
    for threads in (1, 2, 3):
        for width in (5, 6, 7):
            n = 3000
            src = random_hands(n, width, SEED + 50 + width)
            want = single(src)
            # out at the start, inside (aligned or not), at the end
            for offset in (0, 1, 2, 7, n * width - 2 * n):
                mem = np.zeros(n * width + 8, dtype=np.uint8)
                mem[:n * width] = src.reshape(-1)
                hands = mem[:n * width].reshape(n, width)
                out = mem[offset:offset + 2 * n].view(np.uint16)
                evaluate_batch(hands, out, threads=threads)
                assert out.tolist() == want, (threads, width, offset)
    # A partial overlap: out starts in the last row of hands and runs past it.
    mem = np.zeros(7 * 100 + 200, dtype=np.uint8)
    src = random_hands(100, 7, SEED + 59)
    mem[:700] = src.reshape(-1)
    out = mem[694:894].view(np.uint16)
    evaluate_batch(mem[:700].reshape(100, 7), out)
    assert out.tolist() == single(src)


@pytest.mark.parametrize("threads", [1, 2])
def test_unaligned_out(threads: int) -> None:
    """A uint16 ``out`` at an odd address (numpy allows such views) is filled
    correctly, and the bytes around it are untouched."""
    hands = random_hands(999, 7, SEED + 58)
    mem = np.zeros(2 * 999 + 4, dtype=np.uint8)
    out = mem[1:1 + 2 * 999].view(np.uint16)
    assert not out.flags.aligned
    evaluate_batch(hands, out, threads=threads)
    assert out.tolist() == single(hands)
    assert mem[0] == 0 and not mem[1 + 2 * 999:].any()


def test_bad_codes_name_the_first_bad_row() -> None:
    hands = random_hands(1000, 7, SEED + 60)
    hands[700, 2] = 52
    hands[300, 6] = 255
    with pytest.raises(BatchError, match=r"row 300\b.*255") as info:
        evaluate_batch(hands)
    assert info.value.row == 300
    assert isinstance(info.value, CardError) and isinstance(info.value, ValueError)
    hands[300, 6] = hands[300, 0]  # now a duplicate instead
    with pytest.raises(BatchError, match=r"row 300\b.*twice") as info:
        evaluate_batch(hands)
    assert info.value.row == 300
    hands[300, 6] = 52 if hands[300, 0] != 52 else 53
    with pytest.raises(BatchError, match=r"row 300\b.*5[23]"):
        evaluate_batch(hands)


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("code", [52, 53, 63, 64, 127, 128, 255])
def test_each_bad_code_is_caught(width: int, code: int) -> None:
    hands = random_hands(50, width, SEED + code)
    hands[49, width - 1] = code
    with pytest.raises(BatchError) as info:
        evaluate_batch(hands)
    assert info.value.row == 49


def test_buffer_errors_have_no_row() -> None:
    with pytest.raises(BatchError) as info:
        evaluate_batch(np.zeros((3, 8), np.uint8))
    assert info.value.row is None


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_unchecked_bad_input_stays_in_bounds(threads: int) -> None:
    """check=False on garbage: no crash, no write outside ``out``; valid rows are
    still evaluated correctly."""
    rng = np.random.default_rng(SEED + 70)
    for width in (5, 6, 7):
        n = 20_000
        hands = rng.integers(0, 256, size=(n, width), dtype=np.uint8)
        hands[::4] = random_hands(len(hands[::4]), width, SEED + 71)
        big = np.full(n + 64, 0xA5A5, dtype=np.uint16)
        out = big[32:32 + n]
        evaluate_batch(hands, out, threads=threads, check=False)
        assert (big[:32] == 0xA5A5).all() and (big[32 + n:] == 0xA5A5).all()
        assert out[::4].tolist() == single(hands[::4])
        # Duplicates only (all codes valid): also no crash.
        dup = np.full((1000, width), 17, dtype=np.uint8)
        evaluate_batch(dup, check=False, threads=threads)


def test_empty_batch() -> None:
    for hands in (np.empty((0, 7), np.uint8), np.empty((0, 5), np.uint8)):
        got = evaluate_batch(hands)
        assert len(got) == 0
    assert len(evaluate_batch(b"", cards_per_hand=7)) == 0
    assert len(evaluate_batch(array.array("B"), cards_per_hand=6, threads=2)) == 0
    out = np.empty(0, np.uint16)
    assert evaluate_batch(np.empty((0, 6), np.uint8), out) is out
    with pytest.raises(BatchError):
        evaluate_batch(np.empty((0, 8), np.uint8))
    with pytest.raises(BatchError):
        evaluate_batch(np.empty((0, 7), np.uint8), np.empty(1, np.uint16))


# ---------------------------------------------------------------- masks


def test_mask_agrees_with_evaluate() -> None:
    rng = random.Random(SEED + 80)
    for width in (5, 6, 7):
        for _ in range(2000):
            codes = tuple(rng.sample(range(52), width))
            mask = razzcore.cards_to_mask(codes)
            assert mask == sum(1 << c for c in codes)
            assert evaluate_mask(mask) == evaluate(codes), codes


def test_mask_extremes() -> None:
    assert evaluate_mask(0b1_0001_0001_0001_0001) == 1  # Ac 2c 3c 4c 5c
    kings = sum(1 << c for c in (48, 49, 50, 51, 44))  # K K K K Q
    assert evaluate_mask(kings) == 6175
    assert evaluate_mask((1 << 52) - 1 - ((1 << 45) - 1)) == evaluate(tuple(range(45, 52)))


@pytest.mark.parametrize(
    "mask",
    [
        -1,
        -(1 << 52),
        1 << 52,
        (1 << 52) | 0b11111,
        (1 << 63) | 0b11111,
        1 << 64,
        (1 << 200) | 0b11111,
        0,
        0b1111,  # 4 cards
        0xFF,  # 8 cards
        (1 << 52) - 1,  # 52 cards
    ],
)
def test_bad_masks(mask: int) -> None:
    with pytest.raises(CardError):
        evaluate_mask(mask)


@pytest.mark.parametrize("mask", [31.0, "31", None, b"\x1f", [31], True])
def test_non_int_masks(mask: Any) -> None:
    with pytest.raises(CardError, match="int"):
        evaluate_mask(mask)


# ---------------------------------------------------------------- enumeration


def _multisets(n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of ``n`` ranks (each at most 4 times) with the number of
    card combinations that realise it: prod C(4, count)."""
    for ranks in itertools.combinations_with_replacement(range(13), n):
        counts = [ranks.count(r) for r in set(ranks)]
        if max(counts) <= 4:
            yield ranks, math.prod(math.comb(4, k) for k in counts)


@cache
def reference_histogram(n: int) -> tuple[int, ...]:
    hist = [0] * (razzcore.NUM_CLASSES + 1)
    for ranks, weight in _multisets(n):
        hist[ref_rank_of_ranks(ranks)] += weight
    return tuple(hist)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_rank_histogram_matches_reference(n: int) -> None:
    hist = razzcore.rank_histogram(n)
    assert len(hist) == razzcore.NUM_CLASSES + 1
    assert hist[0] == 0
    assert sum(hist) == math.comb(52, n)
    assert list(hist) == list(reference_histogram(n))
    if n == 5:  # every class is reachable with exactly five cards
        assert min(hist[1:]) > 0


def test_rank_histogram_known_values() -> None:
    h7 = razzcore.rank_histogram(7)
    assert sum(h7) == 133_784_560
    assert h7 == razzcore.rank_histogram()  # seven is the default
    # Wheels: seven cards holding each of A, 2, 3, 4, 5 at least once
    # (inclusion-exclusion over the ranks missing).
    wheels = sum((-1) ** k * math.comb(5, k) * math.comb(52 - 4 * k, 7) for k in range(6))
    assert h7[1] == wheels == 781_824
    assert h7[6175] == 0  # K-K-K-K-Q is never the best five of seven cards


@pytest.mark.parametrize("n", [0, 4, 8, 52, -1, 2**70, True, 5.0, "5"])
def test_rank_histogram_bad_n(n: int) -> None:
    with pytest.raises(CardError, match="ncards must be 5, 6 or 7"):
        razzcore.rank_histogram(n)


def test_counts_take_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    assert razzcore.rank_histogram(np.int64(5)) == razzcore.rank_histogram(5)
    flat = np.array([0, 4, 8, 12, 16, 51, 47, 43, 39, 35], np.uint8)
    assert list(evaluate_batch(flat, cards_per_hand=np.int8(5))) == [
        evaluate([0, 4, 8, 12, 16]), evaluate([51, 47, 43, 39, 35])]
    with pytest.raises(BatchError, match="cards_per_hand must be 5, 6 or 7"):
        evaluate_batch(flat, cards_per_hand=np.float64(5))


def test_rank_histogram_concurrent() -> None:
    want = list(reference_histogram(6))
    assert _run_together(4, lambda _i: razzcore.rank_histogram(6)) == [want] * 4


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_threaded_batches_work_in_a_forked_child() -> None:
    """The worker pool does not survive fork(); a child must get a new one."""
    hands = np.random.default_rng(5).permuted(
        np.tile(np.arange(52, dtype=np.uint8), (4000, 1)), axis=1
    )[:, :7].copy()
    want = evaluate_batch(hands, threads=2)  # the parent's pool now exists
    pid = os.fork()
    if pid == 0:  # child: must not hang on the parent's dead threads
        ok = bool((evaluate_batch(hands, threads=2) == want).all())
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
