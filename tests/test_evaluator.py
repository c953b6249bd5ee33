"""The evaluator against a plain brute-force reference, exhaustively where the space allows."""

from __future__ import annotations

import importlib.util
import pathlib
import random
from collections import Counter

import pytest
from reference import FIVE_RANK_CLASSES, RANK_OF_CLASS, rank_multisets, ref_rank

import razzcore
from razzcore import _core

ROOT = pathlib.Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------- the reference
# tests/reference.py: written from the rules text (R19), independent of the generator.

FIVES = FIVE_RANK_CLASSES
REF_RANK = RANK_OF_CLASS


def ref_best(ranks: tuple[int, ...]) -> int:
    return ref_rank(tuple(sorted(ranks)))


def cards_of(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Distinct cards for a rank multiset (suits assigned in turn)."""
    used: Counter[int] = Counter()
    out = []
    for r in ranks:
        out.append(4 * r + used[r])
        used[r] += 1
    return tuple(out)


multisets = rank_multisets


# ---------------------------------------------------------------- exhaustive checks


def test_six_thousand_one_hundred_seventy_five_classes_in_order() -> None:
    assert len(FIVES) == 6175
    ranks = [razzcore.evaluate(cards_of(m)) for m in FIVES]
    assert ranks == list(range(1, 6176))
    assert FIVES[0] == (0, 1, 2, 3, 4)  # 5-4-3-2-A
    assert sorted(FIVES[-1]) == [11, 12, 12, 12, 12]  # K-K-K-K-Q


@pytest.mark.parametrize("n, count", [(6, 18395), (7, 49205)])
def test_every_rank_multiset_of_six_and_seven_cards(n: int, count: int) -> None:
    ms = multisets(n)
    assert len(ms) == count
    hands = [cards_of(m) for m in ms]
    batch = razzcore.evaluate_batch(bytes(c for h in hands for c in h), cards_per_hand=n)
    for m, h, b in zip(ms, hands, batch, strict=True):
        want = ref_best(m)
        assert razzcore.evaluate(h) == want, m
        assert b == want, m


def test_histograms_match_multiset_weights() -> None:
    from math import comb, prod

    for n in (5, 6):
        want = [0] * 6176
        for m in multisets(n):
            want[ref_best(m)] += prod(comb(4, k) for k in Counter(m).values())
        assert razzcore.rank_histogram(n) == want


def test_twelve_hand_ranking_of_the_rules_pages() -> None:
    # ../shared/sources: worst (1) to best (12)
    pages = [
        "3c 3d 3h 5s 5d", "Kc Kd 4h 3s 2d", "2c 2d 7h 6s 5d", "Ac Ad Th 9s 8d",
        "Kc Qd Jh Ts 9d", "Kc Qd Jh Ts 7d", "9c 8d 7h 6s 5d", "9c 7d 6h 5s 3d",
        "9c 7d 6h 5s Ad", "6c 5d 4h 3s 2d", "6c 4d 3h 2s Ad", "5c 4d 3h 2s Ad",
    ]
    ranks = [razzcore.evaluate(h) for h in pages]
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == 12
    assert ranks[-1] == 1


@pytest.mark.parametrize(
    "seven, best",
    [
        ("Ah 2h 3h 4h 5h Kc Kd", "5-4-3-2-A"),
        ("Ks Qs Jd Tc 9h 2c 2d", "Q-J-T-9-2"),
        ("Ac Ad 2s 2h 3c 3d Kh", "A-A-K-3-2"),
        ("9s 9h 9d 9c 8s 8c 7h", "9-9-8-8-7"),
    ],
)
def test_w13_evaluator_cases(seven: str, best: str) -> None:
    assert razzcore.describe(seven, "short") == best


def test_w13_five_card_comparisons() -> None:
    ev = razzcore.evaluate
    assert ev("Kc Qd Jh Ts 9c") < ev("2c 2d 3h 4s 5c")
    assert ev("8c 6d 4h 3s 2c") < ev("8d 6h 5c 2s Ac")
    assert ev("6c 5d 4h 3s 2c") < ev("7d 5h 3c 2s Ac")
    assert ev("As 2s 3s 4s 6s") == ev("Ah 2d 3c 4h 6d")


# ---------------------------------------------------------------- input forms


def test_random_hands_in_every_input_form() -> None:
    rng = random.Random(2026)
    for _ in range(3000):
        n = rng.choice((5, 6, 7))
        codes = tuple(rng.sample(range(52), n))
        want = ref_best(tuple(sorted(c >> 2 for c in codes)))
        text = razzcore.format_cards(codes)
        forms = [
            codes,
            list(codes),
            text,
            text.replace(" ", ""),
            text.replace("T", "10"),
            text.lower(),
            text.split(),
            iter(codes),
        ]
        for form in forms:
            assert razzcore.evaluate(form) == want, form
        assert razzcore.evaluate_mask(razzcore.cards_to_mask(codes)) == want


@pytest.mark.parametrize(
    "bad, fragment",
    [
        ((0, 4, 8, 12), "5, 6 or 7"),
        ((0, 4, 8, 12, 16, 20, 24, 28), "5, 6 or 7"),
        ((0, 0, 4, 8, 12), "duplicate"),
        ((0, 4, 8, 12, 52), "outside"),
        ((0, 4, 8, 12, -1), "outside"),
        ((0, 4, 8, 12, 2**70), "outside"),
        ((0, 4, 8, 12, 1.0), "int"),
        ((0, 4, 8, 12, True), "int"),
        ("As 2d 3c 4h 5x", "5x"),
        ("As 2d 3c 4h", "5, 6 or 7"),
        ("", "5, 6 or 7"),
        (None, "iterable"),
        (12345, "iterable"),
    ],
)
def test_bad_input_raises_card_error(bad: object, fragment: str) -> None:
    with pytest.raises(razzcore.CardError, match=fragment):
        razzcore.evaluate(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("mask", [-1, 1 << 52, 0b11111, (1 << 8) - 1, "31"])
def test_bad_masks(mask: object) -> None:
    if mask == 0b11111:  # five cards but four of them are the same rank: still valid
        assert razzcore.evaluate_mask(mask) > 0
        return
    with pytest.raises(razzcore.CardError):
        razzcore.evaluate_mask(mask)  # type: ignore[arg-type]


def test_errors_are_value_errors() -> None:
    assert issubclass(razzcore.CardError, ValueError)
    assert issubclass(razzcore.BatchError, razzcore.RazzError)


# ---------------------------------------------------------------- descriptions and values


def test_describe_styles() -> None:
    assert razzcore.describe("7s 5d 4c 3h 2s", "short") == "7-5-4-3-2"
    assert razzcore.describe("7s 5d 4c 3h 2s", "name") == "Seven-Five low"
    assert razzcore.describe("Kc Kd 4h 3s 2d") == "Pair of Kings, K-K-4-3-2"
    assert razzcore.describe(1) == "Five-Four low, 5-4-3-2-A"
    assert razzcore.describe(6175) == "Four Kings, K-K-K-K-Q"
    assert razzcore.describe("3c 3d 3h 5s 5d", "name") == "Threes full of Fives"
    assert razzcore.describe("9s 9h 8d 8c 7h", "name") == "Two Pair, Nines and Eights"
    assert razzcore.describe(0) == "no low"  # a batch's "no qualifying low"
    for bad in (-1, 6176):
        with pytest.raises(razzcore.CardError):
            razzcore.describe(bad)
    with pytest.raises(razzcore.CardError):
        razzcore.describe("7s 5d 4c 3h 2s", "fancy")  # type: ignore[arg-type]


def test_a_rank_may_be_a_numpy_integer() -> None:
    np = pytest.importorskip("numpy")
    assert razzcore.describe(np.int64(4), "name") == razzcore.describe(4, "name")
    low = razzcore.LowHand.from_rank(np.uint16(6175))
    assert low == razzcore.LowHand.from_rank(6175) and type(low.rank) is int
    for bad in (True, 4.0, np.float64(4), np.bool_(True)):
        with pytest.raises(razzcore.CardError):
            razzcore.describe(bad)  # type: ignore[arg-type]
        with pytest.raises(razzcore.CardError):
            razzcore.LowHand.from_rank(bad)  # type: ignore[arg-type]


def test_best_five_is_the_low_and_deterministic() -> None:
    rng = random.Random(7)
    for _ in range(500):
        codes = tuple(rng.sample(range(52), 7))
        five = razzcore.best_five(codes)
        assert len(set(five)) == 5 and set(five) <= set(codes)
        assert razzcore.evaluate(five) == razzcore.evaluate(codes)
        assert razzcore.best_five(tuple(reversed(codes))) == five
    assert razzcore.format_cards(razzcore.best_five("Ks Qs Jd Tc 9h 2c 2d")) == "Qs Jd Tc 9h 2d"


def test_low_hand_value_type() -> None:
    hands = [razzcore.LowHand(h) for h in ("Kc Kd 4h 3s 2d", "5s 4h 3d 2c Ah", "7s 5d 4c 3h 2s")]
    assert [h.short for h in sorted(hands)] == ["5-4-3-2-A", "7-5-4-3-2", "K-K-4-3-2"]
    a, b = razzcore.LowHand("As 2s 3s 4s 6s"), razzcore.LowHand("Ah 2d 3c 4h 6d")
    assert a == b and hash(a) == hash(b) and not a.beats(b)
    assert len({a, b}) == 1
    assert razzcore.LowHand.from_rank(1) == hands[1]
    assert hands[1].beats(hands[0]) and hands[1] < hands[0]
    assert eval(repr(hands[0]), {"LowHand": razzcore.LowHand}) == hands[0]


# ---------------------------------------------------------------- boards (R6, R12, R13)


def test_board_ranking_w5_w6() -> None:
    boards = ["7h 4d", "8c 2d", "7s 4c", "Ac Ad", "Ks Qh"]  # seats 2, 3, 5, 7, 8
    assert razzcore.board_order(boards) == [2, 0, 1, 4, 3]
    assert razzcore.board_order(boards, tiebreak="position") == [0, 2, 1, 4, 3]
    w6 = ["2s 2h As", "Kd Qc Jh", "5h 4h 3h"]
    assert razzcore.board_order(w6) == [2, 1, 0]


def test_board_rules() -> None:
    rb = razzcore.rank_board
    assert rb("7h 4d") < rb("8c 2d")
    assert rb("8c 6d 3h") < rb("8d 7c Ah")
    assert rb("Kc Qd Jh Ts") < rb("2c 2d 3h 4s") < rb("2h 2s 3c 3d") < rb("2c 2d 2h 3s")
    assert rb("3c 3d 4h") < rb("4c 4d 3h")  # lower pair better
    assert rb("9c 9d 2h 2s") < rb("Tc Td 2h 2s")  # two pair: higher pair first
    # R13 tie by suit: A-5 vs A-5 compares the fives
    assert razzcore.board_order(["Ac 5d", "Ah 5s"]) == [1, 0]
    # paired tie: the higher suit of the deciding (highest) rank
    assert razzcore.board_order(["8d 8h 3c", "8s 8c 3d"]) == [1, 0]
    with pytest.raises(razzcore.CardError):
        rb("")
    with pytest.raises(razzcore.CardError):
        rb("As 2s 3s 4s 5s")


def test_bring_in_order_w1() -> None:
    doors = ["7d", "Kc", "As", "Kh", "9s"]
    assert razzcore.bring_in_order(doors)[0] == 3  # K♥ beats K♣
    assert razzcore.bring_in_order([51, 0]) == [0, 1]


# ---------------------------------------------------------------- the build


def _generator():  # type: ignore[no-untyped-def]
    path = ROOT / "src" / "tablegen.py"
    if not path.exists():  # an installed wheel: the build-time generator is not shipped,
        # and the import itself checks the filled table against the compiled digest
        pytest.skip("src/tablegen.py is not beside the tests (installed-wheel run)")
    spec = importlib.util.spec_from_file_location("_tablegen_for_tests", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    import sys

    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_compiled_table_matches_the_generator() -> None:
    gen = _generator()
    table = gen.build()
    info = _core.table_info()
    assert info["digest"] == table.digest()
    assert info["table_size"] == len(table.table)
    assert info["rank_key"] == table.rank_key
    # The slots are filled at import, not compiled in: the fill must equal the
    # generator's table slot for slot, and its digest the one compiled in.
    assert info["slot_digest"] == table.slot_digest()
    assert info["filled_digest"] == info["slot_digest"]
    assert _core.table_sample(0, len(table.table)) == table.table
    assert all(table.lookup_ranks(m) == REF_RANK[m] for m in FIVES[::97])


def test_the_compiled_extension_is_what_got_imported() -> None:
    assert _core.table_info()["compiled"] is True
    suffix = pathlib.Path(_core.__file__).suffix
    assert suffix in (".so", ".pyd"), _core.__file__
    assert importlib.util.find_spec("razzcore._core").origin == _core.__file__  # type: ignore[union-attr]


def test_class_order_agrees_with_pokerkit() -> None:
    """An independent implementation orders all 6,175 classes exactly as we do."""
    pokerkit = pytest.importorskip("pokerkit")
    hands = [
        pokerkit.RegularLowHand.from_game(razzcore.format_cards(cards_of(m), sep=""))
        for m in FIVES
    ]
    for i in range(len(hands) - 1):  # strictly stronger, class by class
        assert hands[i] > hands[i + 1], (FIVES[i], FIVES[i + 1])


def test_numpy_integers_are_card_codes() -> None:
    np = pytest.importorskip("numpy")
    assert razzcore.evaluate(np.array([0, 4, 8, 12, 16])) == 1
    assert razzcore.evaluate([np.uint8(c) for c in (0, 4, 8, 12, 16, 50)]) == 1


@pytest.mark.parametrize(
    "boards, fragment",
    [
        (["7h 4d", "7h 4d"], "duplicate"),
        (["7h 4d", "8c"], "same number"),
        ("7h 4d", "sequence of boards"),
    ],
)
def test_board_order_rejects_impossible_boards(boards: object, fragment: str) -> None:
    with pytest.raises(razzcore.CardError, match=fragment):
        razzcore.board_order(boards)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["7", 7.0, True, 4, 8])
def test_rank_histogram_rejects_bad_sizes(bad: object) -> None:
    with pytest.raises(razzcore.CardError):
        razzcore.rank_histogram(bad)  # type: ignore[arg-type]


def test_one_is_not_an_ace() -> None:
    with pytest.raises(razzcore.CardError, match="1h"):
        razzcore.parse_card("1h")


def test_class_ranks_rebuilt_at_import_match_the_generator() -> None:
    gen = _generator()
    classes = sorted(gen.multisets(5), key=gen.class_key)
    for rank, ranks in enumerate(classes, 1):
        assert _core.class_ranks(rank) == tuple(sorted(ranks, reverse=True))


@pytest.mark.parametrize(
    "call",
    [
        lambda: razzcore.board_order(None),  # type: ignore[arg-type]
        lambda: razzcore.bring_in_order(5),  # type: ignore[arg-type]
        lambda: razzcore.bring_in_order("Kc"),
    ],
)
def test_board_helpers_reject_non_sequences(call: object) -> None:
    with pytest.raises(razzcore.CardError, match="sequence"):
        call()  # type: ignore[operator]
