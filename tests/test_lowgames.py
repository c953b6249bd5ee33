"""The other games' lows: the N-or-better qualifier (Stud/8, Omaha/8) on
``evaluate``/``evaluate_batch``/``describe``, and the Omaha low
(``evaluate_omaha``, ``evaluate_omaha_batch``), each against the plain brute
force of tests/reference.py (``ref_low``, ``ref_omaha``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations
from typing import Any

import pytest
from reference import RANK_OF_CLASS, rank_multisets, ref_low, ref_omaha

import razzcore
from razzcore import (
    BatchError,
    CardError,
    LowHand,
    describe,
    evaluate,
    evaluate_batch,
    evaluate_omaha,
    evaluate_omaha_batch,
)
from razzcore import _kernels as kernels

np = pytest.importorskip("numpy")

SEED = 20261202
QUALIFIERS = [None, 5, 6, 7, 8, 9, 10, 11, 12, 13]


@pytest.fixture(autouse=True)
def _restore_kernel() -> Iterator[None]:
    before = kernels.kernel_info()["kernel"]
    yield
    kernels.set_kernel(before)


def codes_of(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Card codes of a rank multiset: the k-th card of a rank gets suit k."""
    seen: Counter[int] = Counter()
    out = []
    for r in ranks:
        out.append(4 * r + seen[r])
        seen[r] += 1
    return tuple(out)


def deal(rng: random.Random, n: int) -> tuple[int, ...]:
    return tuple(rng.sample(range(52), n))


# ---------------------------------------------------------------- qualifier


@pytest.mark.parametrize("size", [5, 6])
@pytest.mark.parametrize("qualifier", QUALIFIERS)
def test_qualifier_every_rank_multiset(size: int, qualifier: int | None) -> None:
    for ranks in rank_multisets(size):
        codes = codes_of(ranks)
        assert evaluate(codes, qualifier=qualifier) == ref_low(codes, qualifier), ranks


def test_eight_or_better_every_seven_card_rank_multiset() -> None:
    for ranks in rank_multisets(7):
        codes = codes_of(ranks)
        assert evaluate(codes, qualifier=8) == ref_low(codes, 8), ranks


def test_eight_or_better_is_ranks_1_to_56() -> None:
    qualifying = [m for m in rank_multisets(5) if evaluate(codes_of(m), qualifier=8)]
    assert len(qualifying) == 56
    assert sorted(RANK_OF_CLASS[m] for m in qualifying) == list(range(1, 57))


@pytest.mark.parametrize("cards", ["As 2d 3c 4h 5s", ((0, 4, 8, 12, 16)), [0, 4, 8, 12, 16]])
def test_qualifier_on_every_input_kind(cards: Any) -> None:
    assert evaluate(cards, qualifier=8) == 1
    assert evaluate(cards, qualifier=5) == 1


@pytest.mark.parametrize("qualifier", [4, 14, 0, -8, True, 8.0, "8", [8]])
def test_bad_qualifier(qualifier: Any) -> None:
    with pytest.raises(CardError, match=r"qualifier must be None or a rank 5\.\.13"):
        evaluate("As 2d 3c 4h 5s", qualifier=qualifier)
    with pytest.raises(CardError, match="qualifier"):
        evaluate_batch(bytes([0, 4, 8, 12, 16]), cards_per_hand=5, qualifier=qualifier)
    with pytest.raises(CardError, match="qualifier"):
        evaluate_omaha("As 2d 3c 4h", "5s 6s 7s", qualifier=qualifier)


def test_numpy_integer_qualifier() -> None:
    assert evaluate("As 2d 3c 4h 8s", qualifier=np.int64(8)) == 22


@pytest.mark.parametrize("kernel", kernels.kernel_info()["supported"])
@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("qualifier", [None, 6, 8, 9, 13])
def test_batch_qualifier_equals_single(kernel: str, width: int, qualifier: int | None) -> None:
    kernels.set_kernel(kernel)
    rng = random.Random(SEED + width)
    rows = [deal(rng, width) for _ in range(9_001)]  # past a limit chunk of 4,096
    got = evaluate_batch(np.array(rows, dtype=np.uint8), qualifier=qualifier, threads=1)
    want = [evaluate(r, qualifier=qualifier) or 0 for r in rows]
    assert got.tolist() == want


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_batch_qualifier_bad_row_keeps_rows_before_it(threads: int) -> None:
    rng = random.Random(SEED)
    rows = np.array([deal(rng, 7) for _ in range(5_000)], dtype=np.uint8)
    rows[4_321, 3] = rows[4_321, 5]
    out = np.full(len(rows), 0xABCD, dtype=np.uint16)
    with pytest.raises(BatchError, match="row 4321 holds card code") as err:
        evaluate_batch(rows, out, qualifier=8, threads=threads)
    assert err.value.row == 4321
    want = [evaluate(tuple(r), qualifier=8) or 0 for r in rows[:4_321].tolist()]
    assert out[:4_321].tolist() == want


def test_unchecked_batch_qualifier_never_above_the_limit() -> None:
    garbage = np.frombuffer(random.Random(SEED).randbytes(7 * 3_000), dtype=np.uint8)
    got = evaluate_batch(garbage.reshape(-1, 7), qualifier=8, check=False)
    assert int(got.max()) <= 56


# ---------------------------------------------------------------- describing "no low"


def test_describe_no_low() -> None:
    for style in ("long", "short", "name"):
        assert describe(None, style) == "no low"  # type: ignore[arg-type]
        assert describe(0, style) == "no low"  # type: ignore[arg-type]
        assert describe("9s 5d 4c 3h As", style, qualifier=8) == "no low"  # type: ignore[arg-type]
        assert describe(57, style, qualifier=8) == "no low"  # type: ignore[arg-type]
    assert describe("8s 5d 4c 3h As", qualifier=8) == "Eight-Five low, 8-5-4-3-A"
    assert describe(LowHand("9s 5d 4c 3h As"), qualifier=9) == "Nine-Five low, 9-5-4-3-A"
    assert describe(np.uint16(0)) == "no low"


def test_describe_keeps_rejecting_bad_ranks() -> None:
    for bad in (-1, 6176, True):
        with pytest.raises(CardError):
            describe(bad)


def test_low_hand_qualifies() -> None:
    assert LowHand("8s 7d 6c 5h 4s Kd").qualifies()
    assert not LowHand("8s 8d 6c 6h 4s Kd").qualifies()
    assert not LowHand("9s 7d 6c 5h 4s").qualifies(8)
    assert LowHand("9s 7d 6c 5h 4s").qualifies(9)
    assert LowHand.from_rank(56).qualifies() and not LowHand.from_rank(57).qualifies()


# ---------------------------------------------------------------- Omaha, one hand


SHAPES = [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]


@pytest.mark.parametrize(("h", "b"), SHAPES)
def test_omaha_random_deals_against_brute_force(h: int, b: int) -> None:
    rng = random.Random(SEED + 10 * h + b)
    for _ in range(700):
        cards = deal(rng, h + b)
        hole, board = cards[:h], cards[h:]
        for qualifier in (None, 8, 9):
            assert evaluate_omaha(hole, board, qualifier=qualifier) == \
                ref_omaha(hole, board, qualifier), (hole, board, qualifier)


def test_omaha_needs_exactly_two_from_the_hole() -> None:
    # The board's 5-4-3-2-A is no Omaha low: two of the hole must play.
    board = "As 2s 3s 4s 5s"
    assert evaluate_omaha("Kd Kc Qh Qd", board) == evaluate("Kd Qh As 2s 3s")
    assert evaluate_omaha("Kd Kc Qh Qd", board, qualifier=8) is None
    # Four low hole cards make no low with a board of one low card.
    assert evaluate_omaha("As 2d 3c 4h", "Ks Kd 8c", qualifier=8) is None
    # Pairs matter unqualified: the hole pair plays when it must.
    assert evaluate_omaha("Kd Kc Kh Ks", "Ah 2h 3h") == evaluate("Kd Kc Ah 2h 3h")
    assert evaluate_omaha("Ad Ac Kh Kc", "Ah 2h 3h") == evaluate("Ad Kc Ah 2h 3h")


def test_omaha_text_and_codes_agree() -> None:
    hole, board = razzcore.parse_cards("As 2d 7h 8c"), razzcore.parse_cards("3c 4d 6h Ks Qd")
    assert evaluate_omaha("As 2d 7h 8c", "3c 4d 6h Ks Qd") == evaluate_omaha(hole, list(board))


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As 2d 7h", "3c 4d 6h", "an Omaha hole needs 4, 5 or 6 cards, got 3"),
        ("As 2d 7h 8c 9c Tc Jc", "3c 4d 6h", "an Omaha hole needs 4, 5 or 6 cards, got 7"),
        ("As 2d 7h 8c", "3c 4d", "an Omaha board needs 3, 4 or 5 cards, got 2"),
        ("As 2d 7h 8c", "3c 4d 5d 6d 9d Td", "an Omaha board needs 3, 4 or 5 cards, got 6"),
        ("As 2d 7h 8c", "3c 4d As", "As"),
        ((0, 4, 8, 12), (0, 16, 20), "duplicate card Ac"),
        ((0, 4, 8, 52), (1, 16, 20), "52"),
        ((0, 4, 8, True), (1, 16, 20), "not True"),
    ],
)
def test_omaha_bad_input(hole: Any, board: Any, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate_omaha(hole, board)


# ---------------------------------------------------------------- Omaha by rank patterns


def _choices(h: int, b: int) -> list[tuple[int, ...]]:
    return [two + three for two in combinations(range(h), 2)
            for three in combinations(range(h, h + b), 3)]


def omaha_reference_ranks(hole: Any, board: Any, qualifier: int | None) -> Any:
    """``ref_omaha`` for arrays of rank rows, every 2-from-hole x 3-from-board
    choice tried in turn (the same brute force, vectorised; 0 = no low)."""
    ranks = np.concatenate([hole, board], axis=1).astype(np.int64)
    h, b = hole.shape[1], board.shape[1]
    lookup = np.full(13**5, 0, dtype=np.int64)
    for m, r in RANK_OF_CLASS.items():
        lookup[np.ravel_multi_index(m, (13,) * 5)] = r
    best = np.full(len(ranks), 1 << 20, dtype=np.int64)
    for cols in _choices(h, b):
        five = np.sort(ranks[:, cols], axis=1)
        rank = lookup[np.ravel_multi_index(five.T, (13,) * 5)]
        if qualifier is not None:
            ok = (np.diff(five, axis=1) > 0).all(axis=1) & (five[:, 4] + 1 <= qualifier)
            rank = np.where(ok, rank, 1 << 20)
        best = np.minimum(best, rank)
    return np.where(best == 1 << 20, 0, best)


def cards_from_ranks(ranks: Any) -> Any:
    """Card codes for rows of ranks: the k-th card of a rank in a row gets suit k."""
    out = 4 * ranks.astype(np.uint8)
    for j in range(1, ranks.shape[1]):
        out[:, j] += (ranks[:, :j] == ranks[:, j : j + 1]).sum(axis=1).astype(np.uint8)
    return out


def check_patterns(hole: Any, board: Any) -> None:
    """The batch against the brute force under every batch kernel this CPU runs
    (each kernel brings its own Omaha rows: the AVX2 ones for 5-card boards)."""
    cards = cards_from_ranks(np.concatenate([hole, board], axis=1))
    h = hole.shape[1]
    holes, boards = np.ascontiguousarray(cards[:, :h]), np.ascontiguousarray(cards[:, h:])
    for qualifier in (None, 8, 7, 9, 13):
        want = omaha_reference_ranks(hole, board, qualifier)
        for kernel in kernels.kernel_info()["supported"]:
            kernels.set_kernel(kernel)
            for check in (True, False):
                got = evaluate_omaha_batch(holes, boards, qualifier=qualifier, check=check)
                bad = np.flatnonzero(got != want)
                assert bad.size == 0, (kernel, qualifier, hole[bad[0]], board[bad[0]],
                                       got[bad[0]], want[bad[0]])


def _rank_patterns(n: int) -> Any:
    return np.array(rank_multisets(n), dtype=np.int64)


def _possible(hole: Any, board: Any) -> Any:
    """Rows where no rank appears more than four times in hole and board together."""
    both = np.concatenate([hole, board], axis=1)
    counts = np.zeros((len(both), 13), dtype=np.int64)
    for j in range(both.shape[1]):
        np.add.at(counts, (np.arange(len(both)), both[:, j]), 1)
    return counts.max(axis=1) <= 4


def test_omaha_every_4_card_hole_with_every_3_card_board_pattern() -> None:
    holes, boards = _rank_patterns(4), _rank_patterns(3)
    hole = np.repeat(holes, len(boards), axis=0)
    board = np.tile(boards, (len(holes), 1))
    keep = _possible(hole, board)
    check_patterns(hole[keep], board[keep])


@pytest.mark.parametrize(("h", "b", "per_hole"), [(4, 5, 16), (4, 4, 16), (5, 5, 4), (6, 5, 2)])
def test_omaha_rank_patterns_sample(h: int, b: int, per_hole: int) -> None:
    """Every hole rank pattern, each with random board patterns (stratified by hole)."""
    rng = np.random.default_rng(SEED + h + b)
    holes, boards = _rank_patterns(h), _rank_patterns(b)
    hole = np.repeat(holes, per_hole, axis=0)
    board = boards[rng.integers(0, len(boards), len(hole))]
    keep = _possible(hole, board)
    check_patterns(hole[keep], board[keep])


@pytest.mark.slow
def test_omaha_rank_patterns_million() -> None:
    """Over a million 4-card-hole x 5-card-board rank patterns: every hole pattern
    with 600 random board patterns."""
    rng = np.random.default_rng(SEED)
    holes, boards = _rank_patterns(4), _rank_patterns(5)
    hole = np.repeat(holes, 600, axis=0)
    board = boards[rng.integers(0, len(boards), len(hole))]
    keep = _possible(hole, board)
    assert keep.sum() >= 1_000_000
    for start in range(0, len(hole), 250_000):
        part = slice(start, start + 250_000)
        check_patterns(hole[part][keep[part]], board[part][keep[part]])


# ---------------------------------------------------------------- Omaha batches


def omaha_rows(n: int, h: int, b: int, seed: int = SEED) -> tuple[Any, Any]:
    rng = random.Random(seed)
    rows = [deal(rng, h + b) for _ in range(n)]
    cards = np.array(rows, dtype=np.uint8)
    return np.ascontiguousarray(cards[:, :h]), np.ascontiguousarray(cards[:, h:])


@pytest.mark.parametrize(("h", "b"), SHAPES)
@pytest.mark.parametrize("qualifier", [None, 8, 6, 10])
def test_omaha_batch_equals_single(h: int, b: int, qualifier: int | None) -> None:
    holes, boards = omaha_rows(2_000, h, b)
    got = evaluate_omaha_batch(holes, boards, qualifier=qualifier)
    want = [evaluate_omaha(tuple(x), tuple(y), qualifier=qualifier) or 0
            for x, y in zip(holes.tolist(), boards.tolist(), strict=True)]
    assert got.dtype == np.uint16 and got.tolist() == want


@pytest.mark.parametrize("kernel", kernels.kernel_info()["supported"])
@pytest.mark.parametrize(("h", "b"), [(4, 5), (5, 5), (6, 5), (4, 3)])
def test_omaha_batch_same_under_every_kernel(kernel: str, h: int, b: int) -> None:
    holes, boards = omaha_rows(3_000, h, b)
    kernels.set_kernel("scalar")
    want = {q: evaluate_omaha_batch(holes, boards, qualifier=q) for q in (None, 8, 6)}
    bad_holes = holes.copy()
    bad_holes[2_222, 1] = boards[2_222, 2]
    want_error = None
    try:
        evaluate_omaha_batch(bad_holes, boards, qualifier=8)
    except BatchError as exc:
        want_error = (str(exc), exc.row)
    kernels.set_kernel(kernel)
    for q, ranks in want.items():
        assert (evaluate_omaha_batch(holes, boards, qualifier=q) == ranks).all()
        assert (evaluate_omaha_batch(holes, boards, qualifier=q, check=False) == ranks).all()
    with pytest.raises(BatchError) as err:
        evaluate_omaha_batch(bad_holes, boards, qualifier=8)
    assert (str(err.value), err.value.row) == want_error


@pytest.mark.parametrize("kernel", kernels.kernel_info()["supported"])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_omaha_batch_bad_rows_same_under_every_kernel(kernel: str, h: int) -> None:
    """A bad row anywhere in or around an 8-row block, and every row count: the
    same error and row as the scalar kernel; unchecked garbage (codes >= 52,
    repeated cards): the same bounded ranks."""
    holes, boards = omaha_rows(3_003, h, 5)
    rng = np.random.default_rng(SEED + h)
    garbage_holes = rng.integers(0, 256, holes.shape, dtype=np.uint8)
    garbage_boards = rng.integers(0, 12, boards.shape, dtype=np.uint8)
    cases = []
    for row in (0, 5, 7, 8, 15, 2_222, 3_000, 3_002):
        for which in ("hole", "board"):
            bad_holes, bad_boards = holes.copy(), boards.copy()
            if which == "hole":
                bad_holes[row, h - 1] = 52 + row % 200
            else:
                bad_boards[row, 4] = bad_holes[row, 0]
            cases.append((bad_holes, bad_boards))

    def results() -> list[Any]:
        out: list[Any] = []
        for q in (None, 9, 13):
            for n in (1, 7, 8, 9, 17, 3_003):
                out.append(evaluate_omaha_batch(holes[:n], boards[:n], qualifier=q).tolist())
            out.append(evaluate_omaha_batch(garbage_holes, garbage_boards, qualifier=q,
                                            check=False).tolist())
        for bad_holes, bad_boards in cases:
            with pytest.raises(BatchError) as err:
                evaluate_omaha_batch(bad_holes, bad_boards, threads=1)
            out.append((str(err.value), err.value.row))
        return out

    kernels.set_kernel("scalar")
    want = results()
    kernels.set_kernel(kernel)
    assert results() == want


@pytest.mark.parametrize("threads", [1, 2, 3, 7, None])
@pytest.mark.parametrize("check", [True, False])
def test_omaha_batch_threads_identical(threads: int | None, check: bool) -> None:
    holes, boards = omaha_rows(20_000, 4, 5)
    serial = evaluate_omaha_batch(holes, boards, qualifier=8, threads=1)
    assert (evaluate_omaha_batch(holes, boards, qualifier=8, threads=threads,
                                 check=check) == serial).all()
    out = np.zeros(len(holes), dtype=np.uint16)
    assert evaluate_omaha_batch(holes, boards, out=out, threads=threads) is out
    assert (out == evaluate_omaha_batch(holes, boards, threads=1)).all()


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("hole", 2), 60, "row 777 holds card code 60 \\(hole\\), outside 0..51"),
        (("board", 4), 52, "row 777 holds card code 52 \\(board\\), outside 0..51"),
        (("board", 1), None, "row 777 holds card code \\d+ twice \\(hole and board\\)"),
        (("hole", 3), None, "row 777 holds card code \\d+ twice \\(hole\\)"),
    ],
)
def test_omaha_batch_names_the_bad_row(threads: int, where: tuple[str, int], value: int | None,
                                       message: str) -> None:
    holes, boards = omaha_rows(3_000, 4, 5)
    part, col = where
    if value is None:  # a repeat: copy the hole's first card there
        value = int(holes[777, 0])
    (holes if part == "hole" else boards)[777, col] = value
    out = np.full(len(holes), 0xABCD, dtype=np.uint16)
    with pytest.raises(BatchError, match=message) as err:
        evaluate_omaha_batch(holes, boards, out=out, threads=threads, qualifier=8)
    assert err.value.row == 777
    assert (out[:777] == evaluate_omaha_batch(holes[:777], boards[:777], qualifier=8)).all()
    unchecked = evaluate_omaha_batch(holes, boards, check=False)  # no error, no crash
    assert len(unchecked) == len(holes)


@pytest.mark.parametrize(
    ("holes", "boards", "message"),
    [
        (np.zeros((3, 3), np.uint8), np.zeros((3, 5), np.uint8), "holes must have 4, 5 or 6"),
        (np.zeros((3, 7), np.uint8), np.zeros((3, 5), np.uint8), "holes must have 4, 5 or 6"),
        (np.zeros((3, 4), np.uint8), np.zeros((3, 6), np.uint8), "boards must have 3, 4 or 5"),
        (np.zeros((3, 4), np.uint8), np.zeros((2, 5), np.uint8), "3 rows but boards have 2"),
        (np.zeros(12, np.uint8), np.zeros((3, 5), np.uint8), "holes must be 2-D"),
        (np.zeros((3, 4), np.int32), np.zeros((3, 5), np.uint8), "holes must hold uint8"),
        (np.zeros((3, 4), np.uint8), np.zeros((5, 3), np.uint8).T, "boards must be C-contiguous"),
        ([[0, 1, 2, 3]], np.zeros((1, 5), np.uint8), "holes must support the buffer protocol"),
    ],
)
def test_omaha_batch_bad_arguments(holes: Any, boards: Any, message: str) -> None:
    with pytest.raises(BatchError, match=message):
        evaluate_omaha_batch(holes, boards)


def test_omaha_batch_bad_out() -> None:
    holes, boards = omaha_rows(10, 4, 5)
    with pytest.raises(BatchError, match="out has room for 9 ranks"):
        evaluate_omaha_batch(holes, boards, out=np.zeros(9, np.uint16))
    with pytest.raises(BatchError, match="uint16"):
        evaluate_omaha_batch(holes, boards, out=np.zeros(10, np.int32))
    ro = np.zeros(10, np.uint16)
    ro.flags.writeable = False
    with pytest.raises(BatchError, match="read-only"):
        evaluate_omaha_batch(holes, boards, out=ro)


def test_omaha_batch_out_overlapping_the_input() -> None:
    holes, boards = omaha_rows(64, 4, 5)
    want = evaluate_omaha_batch(holes, boards, qualifier=8)
    shared = np.concatenate([boards.reshape(-1), np.zeros(64 * 2, np.uint8)])
    view = shared[: boards.size].reshape(boards.shape)
    out = shared[: 2 * 64].view(np.uint16)
    got = evaluate_omaha_batch(holes, view, qualifier=8, out=out)
    assert (got == want).all()


def test_omaha_batch_empty_and_unaligned_out() -> None:
    empty = evaluate_omaha_batch(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8))
    assert len(empty) == 0
    holes, boards = omaha_rows(33, 4, 5)
    raw = np.zeros(2 * 33 + 1, np.uint8)
    out = raw[1:].view(np.uint16)
    evaluate_omaha_batch(holes, boards, out=out)
    assert (out == evaluate_omaha_batch(holes, boards)).all()


# ---------------------------------------------------------------- against pokerkit


@cache
def _pokerkit() -> Any:
    return pytest.importorskip("pokerkit")


@pytest.mark.slow
def test_eight_or_better_matches_pokerkit() -> None:
    pk = _pokerkit()
    rng = random.Random(SEED)
    for _ in range(20_000):
        cards = deal(rng, 7)
        text = razzcore.format_cards(cards, "")
        try:
            theirs: Any = pk.EightOrBetterLowHand.from_game(text)
        except ValueError:
            theirs = None
        ours = evaluate(cards, qualifier=8)
        assert (ours is None) == (theirs is None), text
        if ours is not None:
            assert evaluate(razzcore.parse_cards(str(theirs).split("(")[1].rstrip(")"))) == ours


@pytest.mark.slow
def test_omaha_eight_or_better_matches_pokerkit() -> None:
    pk = _pokerkit()
    rng = random.Random(SEED + 1)
    for _ in range(20_000):
        cards = deal(rng, 9)
        hole, board = cards[:4], cards[4:]
        try:
            theirs: Any = pk.OmahaEightOrBetterLowHand.from_game(
                razzcore.format_cards(hole, ""), razzcore.format_cards(board, ""))
        except ValueError:
            theirs = None
        ours = evaluate_omaha(hole, board, qualifier=8)
        assert (ours is None) == (theirs is None), (hole, board)
        if ours is not None:
            assert evaluate(razzcore.parse_cards(str(theirs).split("(")[1].rstrip(")"))) == ours


def test_pokerkit_small_sample_agrees() -> None:
    """A quick slice of the two pokerkit comparisons above, in the fast suite."""
    pk = _pokerkit()
    rng = random.Random(SEED + 2)
    for _ in range(300):
        cards = deal(rng, 9)
        hole, board = cards[:4], cards[4:]
        try:
            theirs: Any = pk.OmahaEightOrBetterLowHand.from_game(
                razzcore.format_cards(hole, ""), razzcore.format_cards(board, ""))
        except ValueError:
            theirs = None
        ours = evaluate_omaha(hole, board, qualifier=8)
        assert (ours is None) == (theirs is None)
        if ours is not None:
            assert evaluate(razzcore.parse_cards(str(theirs).split("(")[1].rstrip(")"))) == ours

