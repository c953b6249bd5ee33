"""The compiled core of the engine (razzcore/_betting.pxi): the deck shuffle
draws exactly as the plain Python loop it replaced, bad random sources and
oversized chip counts are refused with our errors, and chips are conserved at
the largest supported amounts."""

from __future__ import annotations

import random

import pytest

import razzcore._core as core
from razzcore.dealing import shuffle
from razzcore.errors import IllegalActionError, RulesError
from razzcore.hand import Hand
from razzcore.rules import MAX_CHIPS, Rules


def reference_shuffle(cards: list[int], rng: random.Random, count: int | None) -> None:
    """The Python loop seeded deals were defined by (razzcore 0.1)."""
    rnd = rng.random
    size = len(cards)
    last = size - 1 if count is None else min(count, size - 1)
    for i in range(last):
        j = i + int(rnd() * (size - i))
        cards[i], cards[j] = cards[j], cards[i]


@pytest.mark.parametrize("count", [None, 0, 1, 19, 33, 51, 61, 1000])
def test_shuffle_matches_the_python_loop(count: int | None) -> None:
    for seed in range(60):
        ours, theirs = list(range(52)), list(range(52))
        shuffle(ours, random.Random(seed), count)
        reference_shuffle(theirs, random.Random(seed), count)
        assert ours == theirs, (seed, count)


def test_shuffle_of_short_and_empty_lists() -> None:
    for n in range(5):
        ours, theirs = list(range(n)), list(range(n))
        shuffle(ours, random.Random(n))
        reference_shuffle(theirs, random.Random(n), None)
        assert ours == theirs


def test_seeded_hands_deal_as_before() -> None:
    """A seeded hand draws the same cards as the Python shuffle would."""
    for players in (2, 5, 8):
        h = Hand(Rules(2, 5, 10, 20), [100] * players, seed=11)
        deck = list(range(52))
        reference_shuffle(deck, random.Random(11), 7 * players + 5)
        assert h.hole_cards(0) == tuple(deck[0 : 3 * players : players])


class _Source:
    def __init__(self, value: object) -> None:
        self.value = value

    def __call__(self) -> object:
        return self.value


@pytest.mark.parametrize("value", [1.0, 1.5, -0.25, float("nan"), float("inf")])
def test_shuffle_refuses_values_outside_the_unit_interval(value: float) -> None:
    deck = list(range(52))
    with pytest.raises(RulesError, match="outside"):
        core.shuffle_prefix(deck, _Source(value), 51)
    assert sorted(deck) == list(range(52))


def test_shuffle_refuses_non_numbers_and_passes_errors_on() -> None:
    with pytest.raises(TypeError):
        core.shuffle_prefix(list(range(52)), _Source("x"), 51)

    def broken() -> float:
        raise RuntimeError("entropy ran out")

    with pytest.raises(RuntimeError, match="entropy"):
        core.shuffle_prefix(list(range(52)), broken, 51)


def test_a_custom_rng_with_a_bad_random_is_refused() -> None:
    class Bad(random.Random):
        def random(self) -> float:
            return 2.0

    with pytest.raises(RulesError, match="outside"):
        Hand(Rules(2, 5, 10, 20), [50, 50], rng=Bad())


def test_hands_use_the_compiled_core() -> None:
    h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1)
    assert isinstance(h, core.HandCore)
    assert Hand.act is core.HandCore.act
    assert Hand.legal_actions is core.HandCore.legal_actions


@pytest.mark.parametrize(
    "amounts",
    [
        (MAX_CHIPS + 1, 5, 10, 20),
        (2, 5, 10, MAX_CHIPS + 1),
        (0, 1, MAX_CHIPS + 1, MAX_CHIPS + 1),
    ],
)
def test_rules_refuse_amounts_above_max_chips(amounts: tuple[int, int, int, int]) -> None:
    with pytest.raises(RulesError, match="MAX_CHIPS"):
        Rules(*amounts)


def test_hands_refuse_stacks_above_max_chips() -> None:
    with pytest.raises(RulesError, match="MAX_CHIPS"):
        Hand(Rules(2, 5, 10, 20), [MAX_CHIPS + 1, 50])
    with pytest.raises(RulesError, match="MAX_CHIPS"):
        Hand(Rules(2, 5, 10, 20), [50, 10**40])


def test_the_largest_amounts_play_and_conserve_chips() -> None:
    big = MAX_CHIPS
    rules = Rules(big // 8, big // 4, big // 2, big)
    for seed in range(40):
        stacks = [big] * (2 + seed % 7)
        h = Hand(rules, stacks, seed=seed)
        rng = random.Random(seed)
        while h.actor is not None:
            h.act(rng.choice(h.legal_actions()))
        assert sum(h.stacks) == sum(stacks)
        assert min(h.stacks) >= 0


def test_max_bets_beyond_c_range_is_unlimited_in_practice() -> None:
    rules = Rules(2, 5, 10, 20, max_bets_per_round=10**30, heads_up_max_bets=10**30)
    h = Hand(rules, [10_000, 10_000], seed=3)
    h.act("pb")
    for _ in range(30):
        h.act("cbr")
    assert h.bets[h.actor or 0] >= 0 and h.legal_actions()[-1].startswith("cbr")


def test_illegal_actions_leave_the_core_unchanged() -> None:
    h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
    before = (h.stacks, h.bets, h.actor, h.history, h.legal_actions())
    for bad in ("cc", "f", "cbr 25", "p2 pb", "x", "", b"pb", None, 5):
        with pytest.raises(IllegalActionError):
            h.act(bad)  # type: ignore[arg-type]
        assert (h.stacks, h.bets, h.actor, h.history, h.legal_actions()) == before


def test_core_fields_list_every_compiled_field() -> None:
    from razzcore._state import CORE_FIELDS

    descriptors = {
        name
        for name, value in vars(core.HandCore).items()
        if type(value).__name__ == "getset_descriptor" and name != "actor"
    }
    assert descriptors == set(CORE_FIELDS)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_pickle_and_copy_module_round_trip_mid_hand(players: int) -> None:
    import copy
    import pickle

    rules = Rules(2, 5, 10, 20, profile="tda")
    for seed in range(15):
        h = Hand(rules, [150] * players, seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 9):
            if h.actor is None:
                break
            h.act(rng.choice(h.legal_actions()))
        clones = [pickle.loads(pickle.dumps(h)), copy.deepcopy(h), h.copy()]
        for c in clones:
            assert type(c) is Hand
            assert c.history == h.history and c.legal_actions() == h.legal_actions()
        # Every clone plays on independently and exactly like the original.
        script = random.Random(seed + 100)
        while h.actor is not None:
            a = script.choice(h.legal_actions())
            h.act(a)
            for c in clones:
                c.act(a)
        for c in clones:
            assert c.history == h.history and c.stacks == h.stacks and c.payoffs == h.payoffs
