"""The observation encoder and the action space of the learning environments:
the tensor against a plain reference written from docs/agents.md, a known hand's
fields, other seats' down cards never in it, bad input refused, the action mask
and strings."""

from __future__ import annotations

import dataclasses
import random

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from razzcore import _core  # noqa: E402
from razzcore.engine.hand import Hand  # noqa: E402
from razzcore.engine.rules import Rules  # noqa: E402
from razzcore.engine.view import HandView  # noqa: E402
from razzcore.envs import ACTIONS, action_mask, encode, observation_size  # noqa: E402
from razzcore.envs._encoding import action_string  # noqa: E402
from razzcore.errors import IllegalActionError, RulesError  # noqa: E402

RULES = Rules(2, 5, 10, 20)


# ------------------------------------------------------------ plain reference

def reference_encode(view: HandView, unit: int = 1) -> list[float]:
    """The layout of docs/agents.md, written out plainly from the view."""
    n = len(view.cards)
    out: list[float] = []
    out += [1.0 if s == view.seat else 0.0 for s in range(n)]
    out += [1.0 if s == view.actor else 0.0 for s in range(n)]
    out += [1.0 if st_ == view.street else 0.0 for st_ in range(3, 8)]

    def card(c: int | None, dealt: bool) -> list[float]:
        v = [0.0] * 18
        if dealt and c is None:
            v[17] = 1.0
        elif c is not None:
            v[c // 4] = 1.0
            v[13 + c % 4] = 1.0
        return v

    for s in range(n):
        row = view.cards[s]
        for k in range(7):
            out += card(row[k] if k < len(row) else None, k < len(row))
    out += card(view.community_card, False)[:17]
    out += [1.0 if f else 0.0 for f in view.folded]
    out += [x / unit for x in view.stacks]
    out += [x / unit for x in view.bets]
    out.append(sum(p.amount for p in view.pots) / unit)
    to_call = 0 if view.is_over else min(max(view.bets) - view.bets[view.seat],
                                         view.stacks[view.seat])
    out.append(to_call / unit)
    counts = [[[0.0] * 3 for _ in range(n)] for _ in range(5)]
    received = [0] * n
    street = 3
    for e in view.history:
        parts = e.split()
        if parts[:2] == ["d", "dh"]:
            s = int(parts[2][1:]) - 1
            received[s] += len(parts[3]) // 2
            street = received[s]
        elif parts[:2] == ["d", "db"]:
            street = 7
        elif parts[1] in ("cbr", "cc", "pb"):
            s = int(parts[0][1:]) - 1
            counts[street - 3][s][("cbr", "cc", "pb").index(parts[1])] += 1
    for st_ in range(5):
        for s in range(n):
            out += counts[st_][s]
    return out


def random_hands(seed: int, players: int, rules: Rules = RULES, stacks: int = 300):
    """Yield (hand, seat) at every decision of a random hand, and at its end."""
    rnd = random.Random(seed)
    hand = Hand(rules, [stacks] * players, seed=seed)
    while True:
        yield hand
        if hand.actor is None:
            return
        hand.act(rnd.choice(hand.legal_actions()))


# ------------------------------------------------------------------- encoder

def test_observation_size_and_actions() -> None:
    assert ACTIONS == ("fold", "check_call", "bet_raise")
    assert [observation_size(p) for p in (2, 6, 8)] == [316, 900, 1192]
    for bad in (1, 9, "2", True, 2.0):
        with pytest.raises(RulesError):
            observation_size(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 6, 8])
@pytest.mark.parametrize("profile", ["online", "tda"])
def test_encode_matches_the_plain_reference(players: int, profile: str) -> None:
    rules = Rules(2, 5, 10, 20, profile=profile)
    checked = 0
    for seed in range(12 if players <= 3 else 4):
        stacks = 60 if seed % 3 == 0 else 400  # short stacks: all-ins, side pots
        for hand in random_hands(seed, players, rules, stacks):
            for seat in range(players):
                view = hand.view(seat)
                obs = encode(view, unit=20)
                assert obs.dtype == np.float32 and obs.shape == (observation_size(players),)
                assert obs.tolist() == pytest.approx(reference_encode(view, 20))
                checked += 1
    assert checked > 100


def test_encode_fields_of_a_known_hand() -> None:
    hand = Hand(RULES, [100, 100], deck="2c 3c 4c 5c Kd Qd")
    hand.act("pb")  # seat 0 (door Kd) brings in 5
    obs = encode(hand.view(1))
    assert obs[0:2].tolist() == [0, 1]  # seat 1 observes
    assert obs[2:4].tolist() == [0, 1]  # seat 1 to act
    assert obs[4:9].tolist() == [1, 0, 0, 0, 0]  # 3rd street
    base = 9
    seat0_slot0 = obs[base : base + 18]
    assert seat0_slot0[17] == 1 and seat0_slot0[:17].sum() == 0  # hidden down card
    door0 = obs[base + 2 * 18 : base + 3 * 18]
    assert door0[12] == 1 and door0[13 + 1] == 1  # Kd: rank K, suit d
    own = obs[base + 7 * 18 : base + 8 * 18]
    assert own[2] == 1 and own[13] == 1  # 3c: rank 3 (A = 0), suit c
    after_cards = base + 2 * 7 * 18 + 17
    folded, stacks = obs[after_cards : after_cards + 2], obs[after_cards + 2 : after_cards + 4]
    assert folded.tolist() == [0, 0] and stacks.tolist() == [93, 98]
    bets = obs[after_cards + 4 : after_cards + 6]
    pot, to_call = obs[after_cards + 6], obs[after_cards + 7]
    assert bets.tolist() == [5, 0] and pot == 4 and to_call == 5
    betting = obs[after_cards + 8 :].reshape(5, 2, 3)
    assert betting[0, 0].tolist() == [0, 0, 1] and betting.sum() == 1


def _swap_down_cards(deck: list[int], cards: list[int]) -> list[int]:
    """``deck`` with each card of ``cards`` swapped with one from the bottom
    (never dealt at these table sizes)."""
    new = deck[:]
    for i, c in enumerate(cards):
        a, b = new.index(c), len(new) - 1 - i
        new[a], new[b] = new[b], new[a]
    return new


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    deck=st.permutations(range(52)),
    choices=st.lists(st.integers(0, 2), max_size=40),
    seat=st.integers(0, 4),
    other=st.integers(0, 4),
    stacks=st.sampled_from([40, 120, 1000]),
)
def test_other_seats_down_cards_never_reach_the_observation(
    players: int, deck: list[int], choices: list[int], seat: int, other: int, stacks: int
) -> None:
    seat, other = seat % players, other % players
    if seat == other:
        other = (other + 1) % players
    rules = Rules(2, 5, 10, 20, face_up_all_in=False)
    hand = Hand(rules, [stacks] * players, deck=deck)
    actions: list[str] = []
    for pick in choices:
        if hand.actor is None:
            break
        legal = hand.legal_actions()
        actions.append(legal[pick % len(legal)])
        hand.act(actions[-1])
    down = [c for c in hand.hole_cards(other) if c not in hand.board(other)]
    changed = _swap_down_cards(deck, down)
    a = Hand(rules, [stacks] * players, deck=deck)
    b = Hand(rules, [stacks] * players, deck=changed)
    for text in [None, *actions]:
        if text is not None:
            a.act(text)
            b.act(text)
        if a.is_over:
            break  # the showdown's result depends on the cards, as it should
        assert np.array_equal(encode(a.view(seat)), encode(b.view(seat)))
    assert a.hole_cards(other) != b.hole_cards(other) or not down


def test_encode_rejects_bad_input() -> None:
    view = Hand(RULES, [100, 100], seed=1).view(0)
    with pytest.raises(RulesError, match="unit"):
        encode(view, unit=0)
    bad = dataclasses.replace(view, cards=((99, 1, 2), (None, None, 3)))
    with pytest.raises(RulesError, match="card code"):
        encode(bad)
    bad = dataclasses.replace(view, history=("p9 cc",))
    with pytest.raises(RulesError, match="seat outside"):
        encode(bad)
    bad = dataclasses.replace(view, history=("hello",))
    with pytest.raises(RulesError, match="not PHH"):
        encode(bad)
    bad = dataclasses.replace(view, stacks=(-1, 5))
    with pytest.raises(RulesError, match="chip count"):
        encode(bad)
    out = np.zeros(observation_size(2), np.float64)
    with pytest.raises(RulesError, match="float32"):
        _core.encode_view(view, out)
    with pytest.raises(RulesError, match="floats"):
        _core.encode_view(view, np.zeros(5, np.float32))


def test_action_mask_and_strings() -> None:
    hand = Hand(RULES, [100, 100], deck="2c 3c 4c 5c Kd Qd")
    assert action_mask(hand.legal_actions()).tolist() == [0, 1, 1]
    assert action_string(hand, 1) == "pb" and action_string(hand, np.int64(2)) == "cbr 10"
    with pytest.raises(IllegalActionError, match="fold"):
        action_string(hand, 0)
    for bad in (3, -1, 1.5, "1", True, None):
        with pytest.raises(IllegalActionError):
            action_string(hand, bad)
    hand.act("pb")
    assert action_mask(hand.legal_actions()).tolist() == [1, 1, 1]


def test_encode_takes_a_pot_past_one_seats_max_chips() -> None:
    # Three seats of MAX_CHIPS (2**53) raising all-in: the pot reaches 3 * 2**53.
    hand = Hand(Rules(2**48, 2**49, 2**50, 2**51), [2**53] * 3, seed=1)
    most = 0
    while hand.actor is not None:
        legal = hand.legal_actions()
        hand.act(next((a for a in legal if a.startswith("cbr")), None)
                 or next(a for a in legal if a in ("cc", "pb")))
        for seat in range(3):
            obs = encode(hand.view(seat))
            assert np.isfinite(obs).all()
        most = max(most, hand.total_pot)
    assert most > 2**53


def test_encode_refuses_what_is_not_a_view() -> None:
    from razzcore.envs import encode
    from razzcore.errors import RazzError

    with pytest.raises(RazzError, match="HandView"):
        encode(None)  # type: ignore[arg-type]
