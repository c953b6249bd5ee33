"""The compiled core of the engine (razzcore/_hand.pxi): the deck shuffle
draws exactly as the plain Python loop it replaced, bad random sources and
oversized chip counts are refused with our errors, and chips are conserved at
the largest supported amounts."""

from __future__ import annotations

import random

import pytest

import razzcore._core as core
from razzcore.dealing import shuffle
from razzcore.engine.hand import Hand
from razzcore.engine.rules import MAX_CHIPS, Rules
from razzcore.errors import IllegalActionError, RulesError


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


class _SubRandom(random.Random):
    pass


@pytest.mark.parametrize("players", [2, 5, 8])
@pytest.mark.parametrize("make", [random.Random, _SubRandom])
def test_a_shared_random_deals_and_advances_as_calls_of_its_method(
    players: int, make: type[random.Random]
) -> None:
    """Hands shuffled from one ``random.Random`` (stepped in C from its own
    state) deal what calls of its ``random()`` deal and leave it where those
    calls leave it, over many refills of its 624-word block."""
    ours, theirs = make(players), random.Random(players)
    for _ in range(150):
        h = Hand(Rules(2, 5, 10, 20), [100] * players, rng=ours)
        deck = list(range(52))
        reference_shuffle(deck, theirs, 7 * players + 5)
        assert h._deck == bytes(deck)
    assert ours.getstate() == theirs.getstate()
    assert ours.random() == theirs.random()


def test_a_random_method_replaced_on_the_instance_is_the_one_called() -> None:
    rng = random.Random(3)
    rng.random = lambda: 0.0  # type: ignore[method-assign]
    h = Hand(Rules(2, 5, 10, 20), [100, 100], rng=rng)
    assert h._deck == bytes(range(52))  # every draw 0: no card moved
    assert rng.getstate() == random.Random(3).getstate()


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


@pytest.mark.parametrize("value", ["x", "0.5", b"0", None, 0.5j, [0.5], 10**400])
def test_shuffle_refuses_non_numbers(value: object) -> None:
    with pytest.raises(RulesError, match="random source"):
        core.shuffle_prefix(list(range(52)), _Source(value), 51)


def test_shuffle_takes_ints_and_passes_errors_on() -> None:
    deck = list(range(52))
    core.shuffle_prefix(deck, _Source(0), 51)  # 0 is a number in [0, 1)
    assert deck == list(range(52))

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


# ---- hostile fields, copies and subclasses


def test_bad_core_fields_raise_instead_of_crashing() -> None:
    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    for name, value in (("_log", "abc"), ("_awards", {"f": 0}), ("_deck", [1, 2]),
                        ("_away", [0])):
        with pytest.raises(TypeError):
            setattr(h, name, value)
    with pytest.raises(TypeError):
        h._copy_core(None)  # type: ignore[arg-type]
    h.act("pb")  # the hand itself is untouched
    assert h.history[-1].endswith(" pb") and len(h.history) == 3


def test_rules_of_a_hand_are_read_only() -> None:
    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    with pytest.raises(AttributeError):
        h.rules = Rules(1, 2, 50, 100)  # type: ignore[misc]
    assert h.rules == Rules(2, 5, 10, 20)


class _Tracked(Hand):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.name = "t7"
        self.notes: list[str] = []


class _Slotted(Hand):
    __slots__ = ("tag",)


def test_copies_keep_the_subclass_and_its_attributes() -> None:
    import copy
    import pickle

    h = _Tracked(Rules(2, 5, 10, 20), [100] * 3, seed=3)
    for c in (h.copy(), copy.copy(h), copy.deepcopy(h), pickle.loads(pickle.dumps(h))):
        assert type(c) is _Tracked and c.name == "t7" and c.history == h.history
    assert copy.deepcopy(h).notes is not h.notes
    s = _Slotted(Rules(2, 5, 10, 20), [100] * 3, seed=3)
    s.tag = [1]
    for c in (s.copy(), copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert type(c) is _Slotted and c.tag == [1]


def test_copy_copy_is_independent() -> None:
    import copy

    h = Hand(Rules(2, 5, 10, 20), [100, 100, 100], seed=1)
    before = (h.stacks, h.history, h.legal_actions())
    c = copy.copy(h)
    c.act("pb")
    c.act("cbr")
    assert (h.stacks, h.history, h.legal_actions()) == before


def test_hands_can_be_weakly_referenced() -> None:
    import weakref

    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    assert weakref.ref(h)() is h


def test_act_never_goes_through_overridden_methods() -> None:
    calls: list[str] = []

    class Spy(Hand):
        def check_or_call(self) -> None:
            calls.append("cc")
            super().check_or_call()

        def fold(self) -> None:
            calls.append("f")
            super().fold()

    for spelled in ("cc", "p2 cc", " cc ", "cc # comment"):
        h = Spy(Rules(2, 5, 10, 20), [100, 100], deck="2c 3c 4c 5c Kd Qd", seed=1)
        plain = Hand(Rules(2, 5, 10, 20), [100, 100], deck="2c 3c 4c 5c Kd Qd", seed=1)
        for hand in (h, plain):
            hand.act("pb")
            hand.act(spelled)
        assert h.history == plain.history, spelled
        with pytest.raises(IllegalActionError):
            h.act("p1 f")
        with pytest.raises(IllegalActionError):
            h.act("p1 cc")
    assert calls == []


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"seed": [1]}, "seed"),
        ({"seed": 1.5j}, "seed"),
        ({"seed": True}, "seed"),
        ({"rng": 42}, "rng"),
        ({"rng": object()}, "rng"),
    ],
)
def test_bad_seed_or_rng_is_refused(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        Hand(Rules(2, 5, 10, 20), [100, 100], **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("stacks", [b"dd", {0: 100, 1: 100}, "ab", {100, 200}, [100, 1.5]])
def test_stacks_that_are_not_a_sequence_of_ints_are_refused(stacks: object) -> None:
    with pytest.raises(RulesError, match="stacks"):
        Hand(Rules(2, 5, 10, 20), stacks)  # type: ignore[arg-type]


def test_numpy_integers_are_plain_ints_inside() -> None:
    np = pytest.importorskip("numpy")
    h = Hand(Rules(2, 5, 10, 20), np.array([100, 100]), seed=1)
    assert all(type(v) is int for v in h.stacks)
    assert type(h.view(np.int64(1)).seat) is int


def test_infinite_fractions_are_refused() -> None:
    with pytest.raises(RulesError):
        Rules.standard(10, ante_fraction=float("inf"))


# ---- the compiled core against hostile inputs and mutating random sources


def test_shuffle_refuses_a_list_changed_by_the_random_source() -> None:
    cards = list(range(52))

    def shrinking() -> float:
        cards.clear()
        return 0.5

    with pytest.raises(RulesError, match="changed size"):
        core.shuffle_prefix(cards, shrinking, 51)


def test_shuffle_of_other_mutable_sequences_draws_the_same() -> None:
    class Cards(list):  # type: ignore[type-arg]
        pass

    for seq in (Cards(range(52)), bytearray(range(52))):
        expected = list(range(52))
        reference_shuffle(expected, random.Random(4), 20)
        shuffle(seq, random.Random(4), 20)
        assert list(seq) == expected


def test_a_hand_made_with_new_alone_has_no_actor() -> None:
    assert Hand.__new__(Hand).actor is None


def test_pickles_of_the_pure_python_engine_still_load() -> None:
    """Earlier versions pickled a hand by its own fields, ``(None, {slot:
    value})``: the rules, starting stacks, deck, history and options; such a
    pickle loads by replaying its history."""
    for seed in range(10):
        h = Hand(Rules(2, 5, 10, 20), [100] * 3, seed=seed, rake=seed % 3)
        rng = random.Random(seed)
        for _ in range(seed % 5):
            if h.actor is not None:
                h.act(rng.choice(h.legal_actions()))
        slots = {
            "rules": h.rules, "_start": h.starting_stacks, "_deck": list(h._deck),
            "_log": list(h._log), "_away": (), "_manual": False, "_replay": False,
            "_rake": seed % 3, "_opts": None, "_stacks": list(h.stacks),
        }
        old_style = Hand.__new__(Hand)
        old_style.__setstate__((None, slots))
        assert old_style.legal_actions() == h.legal_actions()
        assert old_style._raw() == h._raw()
        script = random.Random(seed + 1)
        while h.actor is not None:
            action = script.choice(h.legal_actions())
            h.act(action)
            old_style.act(action)
        assert old_style.history == h.history and old_style.payoffs == h.payoffs


def test_a_pickle_whose_history_cannot_happen_is_refused() -> None:
    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    h.act("pb")
    state = h.__reduce__()[1][1]
    for log in ([("cc", 0)], [*h._log[:2], ("cbr", 1, 10**12)], [("dh", 0, (1, 2, 3))]):
        with pytest.raises(RulesError, match="not a pickled razzcore Hand"):
            Hand.__new__(Hand).__setstate__({**state, "log": log})
    with pytest.raises(RulesError, match="not a pickled razzcore Hand"):
        Hand.__new__(Hand).__setstate__({**state, "deck": b"\x00" * 52})
    with pytest.raises(RulesError, match="not a pickled razzcore Hand"):
        Hand.__new__(Hand).__setstate__([1, 2, 3])


@pytest.mark.parametrize(
    "bad",
    [("cbr", 0, 2**70), ("cbr", 0, -1), ("cc", 2**70), ("sm", 2**70, None), ("pre", 2**70, (1,))],
)
def test_a_pickle_with_an_out_of_range_number_is_a_rules_error_naming_it(
    bad: tuple[object, ...],
) -> None:
    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    h.act("pb")
    state = h.__reduce__()[1][1]
    log = [*h._log[:-1], bad]
    with pytest.raises(RulesError, match=str(bad[2] if bad[0] == "cbr" else bad[1])):
        Hand.__new__(Hand).__setstate__({**state, "log": log})


# ---- copies, pickles and subclasses of the compiled core


def test_deepcopy_of_a_hand_that_refers_to_itself() -> None:
    import copy

    h = _Tracked(Rules(2, 5, 10, 20), [100, 100], seed=1)
    h.me = h  # type: ignore[attr-defined]
    h.peers = [h]  # type: ignore[attr-defined]
    c = copy.deepcopy(h)
    assert c.me is c and c.peers[0] is c  # type: ignore[attr-defined]


def test_a_pickle_tabling_cards_early_without_a_manual_showdown_is_refused() -> None:
    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    h.act("pb")
    state = h.__reduce__()[1][1]
    log = [*h._log, ("pre", 1, h.hole_cards(1)[:1])]
    with pytest.raises(RulesError, match="needs a manual showdown"):
        Hand.__new__(Hand).__setstate__({**state, "log": log})


class _Node(Hand):
    """A search-tree node: a hand with links to its parent and children."""


def test_pickle_of_a_subclass_whose_attributes_refer_back_to_hands() -> None:
    import copy
    import pickle

    root = _Node(Rules(2, 5, 10, 20), [100, 100], seed=1)
    root.parent = None  # type: ignore[attr-defined]
    child = root.copy()
    child.act("pb")
    child.parent = root  # type: ignore[attr-defined]
    root.children = [child]  # type: ignore[attr-defined]
    for tree in (pickle.loads(pickle.dumps(child)), copy.deepcopy(child)):
        assert type(tree) is _Node and tree.history == child.history
        assert tree.parent.children[0] is tree  # type: ignore[attr-defined]
        assert tree.parent.history == root.history  # type: ignore[attr-defined]


def test_pickle_of_a_hand_that_refers_to_itself() -> None:
    import pickle

    h = _Tracked(Rules(2, 5, 10, 20), [100, 100], seed=1)
    h.me = h  # type: ignore[attr-defined]
    c = pickle.loads(pickle.dumps(h))
    assert c.me is c and c.name == "t7"  # type: ignore[attr-defined]


def test_pickles_with_subclass_attributes_as_call_arguments_still_load() -> None:
    from razzcore.engine.hand import _rebuild

    h = _Tracked(Rules(2, 5, 10, 20), [100, 100], seed=1)
    c = _rebuild(_Tracked, h.__reduce__()[1][1], {"name": "old", "notes": []})
    assert c.name == "old" and c.history == h.history  # type: ignore[attr-defined]


class _Private(Hand):
    __slots__ = ("__secret", "plain")

    def set_secret(self, value: object) -> None:
        self.__secret = value

    def secret(self) -> object:
        return self.__secret


def test_private_subclass_slots_survive_copies() -> None:
    import copy
    import pickle

    h = _Private(Rules(2, 5, 10, 20), [100, 100], seed=1)
    h.set_secret("s")
    h.plain = 3
    for c in (h.copy(), copy.copy(h), copy.deepcopy(h), pickle.loads(pickle.dumps(h))):
        assert c.secret() == "s" and c.plain == 3


def test_rebuild_accepts_the_two_argument_form() -> None:
    from razzcore.engine.hand import _rebuild

    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    h.act("pb")
    assert _rebuild(Hand, h.__reduce__()[1][1]).history == h.history


def test_float_seeds_and_random_only_generators_are_accepted() -> None:
    assert Hand(Rules(2, 5, 10, 20), [100, 100], seed=1.5).hole_cards(0)

    class OnlyRandom:
        def __init__(self) -> None:
            self.rng = random.Random(3)

        def random(self) -> float:
            return self.rng.random()

    h = Hand(Rules(2, 5, 10, 20), [100, 100], rng=OnlyRandom())  # type: ignore[arg-type]
    assert h.hole_cards(1)
    # A TDA 7th-street remix draws nothing more from the generator.
    h = Hand(Rules(2, 5, 10, 20, profile="tda"), [100] * 8, rng=OnlyRandom())  # type: ignore[arg-type]
    while h.actor is not None:
        h.act("pb" if "pb" in h.legal_actions() else "cc")
    assert h.is_over and sum(h.stacks) == 800


def test_shuffle_of_other_sequences_checks_the_random_source() -> None:
    class Bad(random.Random):
        def random(self) -> float:
            return -0.5

    with pytest.raises(RulesError, match="outside"):
        shuffle(bytearray(range(52)), Bad())
