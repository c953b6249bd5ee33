"""PokerStars hands with side pots and a rake: the collected lines pot by
pot, the total line's ``Main pot X. Side pot Y. | Rake R``, what the reader
accepts and refuses, and what ``hh.replay()`` pays from each pot."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from engine_support import play_random

from razzcore import phh, pokerstars
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.histories.pokerstars import PokerStarsError

DATA = Path(__file__).parent / "data" / "pokerstars"
SIDE_POTS = (DATA / "side-pots-rake.txt").read_text(encoding="utf-8")
HANDS = SIDE_POTS.split("\n\n\n\n")


# ------------------------------------------------------- plain references


def cents(word: str) -> int:
    word = word.lstrip("$").replace(",", "")
    whole, _, frac = word.partition(".")
    return int(whole) * 100 + int(frac.ljust(2, "0"))


def pot_lines(hand: str) -> tuple[dict[tuple[int, str], int], list[int] | None, int, int]:
    """What one hand's text says of the pots, read with plain regexes:
    ``({(pot, name): collected}, [main, side...] or None, total, rake)``."""
    collected: dict[tuple[int, str], int] = {}
    for name, amount, where in re.findall(r"^(.+) collected (\S+) from (.+)$", hand, re.M):
        pot = {"pot": 0, "main pot": 0, "side pot": 1}.get(where)
        if pot is None:
            pot = int(where.removeprefix("side pot-"))
        collected[pot, name] = collected.get((pot, name), 0) + cents(amount)
    m = re.search(r"^Total pot (\S+)(.*) \| Rake (\S+)$", hand, re.M)
    assert m is not None
    stated = [cents(a) for a in re.findall(r"(?:Main|Side) pot(?:-\d+)? (\S+)\.", m.group(2))]
    return collected, stated or None, cents(m.group(1)), cents(m.group(3))


def main_pot_first(sizes: list[int], rake: int) -> list[int]:
    """The rake each pot gives when the house takes it from the main pot
    first, then each side pot in order."""
    out = []
    for size in sizes:
        take = min(size, rake)
        out.append(take)
        rake -= take
    return out


def paid(hand: Hand, players: list[str]) -> dict[tuple[int, str], int]:
    out: dict[tuple[int, str], int] = {}
    for award in hand.awards:
        if award.amount:
            key = (award.pot, players[award.seat])
            out[key] = out.get(key, 0) + award.amount
    return out


def error_of(text: str) -> PokerStarsError:
    with pytest.raises(PokerStarsError) as info:
        pokerstars.loads(text)
    return info.value


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


# ------------------------------------------------------------ good hands


def test_every_side_pot_hand_replays_to_its_money_lines() -> None:
    hands = pokerstars.loads(SIDE_POTS)
    assert [hh.hand for hh in hands] == [300000000001, 300000000002, 300000000003,
                                         300000000004]
    for hh, text in zip(hands, HANDS, strict=True):
        collected, stated, total, rake = pot_lines(text)
        hand = hh.replay()
        assert list(hand.stacks) == hh.finishing_stacks
        assert hh.rake == rake == sum(hh.starting_stacks) - sum(hh.finishing_stacks)
        # pot by pot: what the engine pays is what the collected lines say
        assert paid(hand, hh.players) == collected
        assert stated is not None and len(stated) == len(hand.pots)
        assert sum(stated) + rake == total
        for k in range(len(hand.pots)):
            assert sum(v for (j, _), v in collected.items() if j == k) == stated[k]
        # and the rake each pot gave is the house's main-pot-first rule
        sizes = [pot.amount for pot in hand.pots]
        assert [s - v for s, v in zip(sizes, stated, strict=True)] == main_pot_first(sizes,
                                                                                     rake)


def test_main_pot_to_the_all_in_player_side_pot_to_another() -> None:
    hh = pokerstars.loads(HANDS[0])[0]
    hand = hh.replay()
    # 3 x $1.35 = $4.05 main pot less the $0.30 rake to Ann; the $5.50 side pot to Cat.
    assert [pot.amount for pot in hand.pots] == [405, 550]
    assert paid(hand, hh.players) == {(0, "Ann"): 375, (1, "Cat"): 550}
    assert hh.finishing_stacks == [375, 590, 1140]


def test_rake_larger_than_the_main_pot_takes_it_whole() -> None:
    hh = pokerstars.loads(HANDS[1])[0]
    hand = hh.replay()
    # Ann is all-in with the ante: a $0.30 main pot, wholly raked; $0.20 more
    # of the $0.50 rake comes from the side pot.  "Main pot $0." and Ann,
    # who has the best low, collects nothing.
    assert [pot.amount for pot in hand.pots] == [30, 800]
    assert paid(hand, hh.players) == {(1, "Cat"): 780}
    assert hh.finishing_stacks[0] == 0 and hand.rake == 50


def test_two_side_pots_are_numbered() -> None:
    hh = pokerstars.loads(HANDS[2])[0]
    assert paid(hh.replay(), hh.players) == {
        (0, "Ann"): 300, (1, "Cat"): 450, (2, "Dee Dee"): 200}


def test_one_player_wins_main_and_side_pot() -> None:
    hh = pokerstars.loads(HANDS[3])[0]
    assert paid(hh.replay(), hh.players) == {(0, "Ben [b]"): 375, (1, "Ben [b]"): 550}
    assert hh.finishing_stacks == [0, 1515, 590]


def test_side_pot_hands_round_trip() -> None:
    hands = pokerstars.loads(SIDE_POTS)
    again = pokerstars.loads(pokerstars.dumps(hands))
    assert again == hands
    # the text written has the same money lines, pot by pot
    for text, hand in zip(pokerstars.dumps(hands).split("\n\n\n\n"), HANDS, strict=True):
        assert pot_lines(text) == pot_lines(hand)


def test_simulated_all_in_hands_with_rake_pot_by_pot() -> None:
    """Engine-played hands with short stacks and a rake, written by ``dumps``:
    the text's pots, read back by ``loads`` and replayed, agree pot by pot."""
    rng = random.Random(11)
    rules = Rules(10, 25, 50, 100, profile="online")
    hands = []
    while len(hands) < 120:
        players = rng.randint(2, 7)
        stacks = [rng.choice([10, 40, 85, 135, 235, 400, 1000]) for _ in range(players)]
        hand = play_random(Hand(rules, stacks, seed=rng.random(),
                                rake=rng.choice([0, 5, 30, 60, 500])), rng)
        if hand.community_card is not None or sum(stacks) == 0:
            continue
        hh = phh.HandHistory.from_hand(hand)
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        hands.append((hh, hand))
    text = pokerstars.dumps([hh for hh, _ in hands])
    read = pokerstars.loads(text)
    side = 0
    for (_, hand), back, block in zip(hands, read, text.split("\n\n\n\n"), strict=True):
        collected, stated, total, rake = pot_lines(block)
        assert paid(back.replay(), back.players) == collected == paid(hand, back.players)
        sizes = [pot.amount for pot in hand.pots]
        if len(sizes) > 1:
            side += 1
            assert stated is not None
            assert [s - v for s, v in zip(sizes, stated, strict=True)] == main_pot_first(
                sizes, hand.rake)
        else:
            assert stated is None
        assert total - rake == sum(collected.values())
    assert side >= 20  # the stacks make side pots often


# ------------------------------------------------------------ refused


def proportional(hand: str, main: str, side: str) -> str:
    """``hand`` (main pot $3.75, side pot $5.50, rake $0.30) with the rake
    split across the pots in proportion to their size instead: $0.13 from
    the $4.05 main pot, $0.17 from the $5.50 side pot."""
    text = hand.replace("$3.75 from main pot", "$3.92 from main pot")
    text = text.replace("$5.50 from side pot", "$5.33 from side pot")
    text = text.replace("Main pot $3.75. Side pot $5.50.", "Main pot $3.92. Side pot $5.33.")
    text = text.replace(f"{main} ($3.75)", f"{main} ($3.92)")
    return text.replace(f"{side} ($5.50)", f"{side} ($5.33)")


def test_a_rake_split_pot_by_pot_is_replayed_as_the_text_takes_it() -> None:
    text = proportional(HANDS[0], "won", "won")
    [hh] = pokerstars.loads(text)
    collected, stated, total, rake = pot_lines(text)
    assert total == 955 and hh.rake == rake == 30 and hh.rake_pots == [13, 17]
    hand = hh.replay()
    assert list(hand.stacks) == hh.finishing_stacks
    assert paid(hand, hh.players) == collected and hand.rake == 30
    sizes = [pot.amount for pot in hand.pots]
    assert [sizes[k] - stated[k] for k in range(2)] == [13, 17] != main_pot_first(sizes, 30)
    # written back, the split survives: as PokerStars text and as PHH
    assert pokerstars.loads(pokerstars.dumps([hh])) == [hh]
    assert phh.loads(phh.dumps(hh)).rake_pots == [13, 17]


def test_a_rake_split_is_followed_when_one_player_wins_every_pot() -> None:
    # Ben's stack is the same either way; the pots are not.
    text = HANDS[3].replace("$3.75 from main pot", "$3.92 from main pot").replace(
        "$5.50 from side pot", "$5.33 from side pot").replace(
        "Main pot $3.75. Side pot $5.50.", "Main pot $3.92. Side pot $5.33.")
    [hh] = pokerstars.loads(text)
    assert hh.rake_pots == [13, 17]
    assert paid(hh.replay(), hh.players) == pot_lines(text)[0]


def test_a_rake_taken_main_pot_first_records_no_split() -> None:
    for hh in pokerstars.loads(SIDE_POTS):
        assert hh.rake_pots is None
        assert "_razzcore_rake_pots" not in hh.user_fields


@pytest.mark.parametrize(
    ("hand", "old", "new", "at", "reason"),
    [
        # a pot's collected lines and the total line disagree
        (0, "Main pot $3.75. Side pot $5.50.", "Main pot $3.50. Side pot $5.75.", "Total pot",
         "the collected lines give 375 from the main pot, the total line says 350"),
        # more is collected from a pot than it holds
        (0, "Main pot $3.75. Side pot $5.50.", "Main pot $5.50. Side pot $3.75.", "Total pot",
         "the collected lines give 375 from the main pot, the total line says 550"),
        (0, "Cat collected $5.50 from side pot\nAnn collected $3.75 from main pot\n"
            "*** SUMMARY ***\nTotal pot $9.55 Main pot $3.75. Side pot $5.50.",
         "Cat collected $3.75 from side pot\nAnn collected $5.50 from main pot\n"
         "*** SUMMARY ***\nTotal pot $9.55 Main pot $5.50. Side pot $3.75.",
         "Total pot", "550 is collected from the main pot, which holds 405"),
        (0, "Ann collected $3.75 from main pot\n", "Ann collected $3.75 from side pot\n",
         "Total pot", "the collected lines give 0 from the main pot, the total line says 375"),
        # a side-pot hand says "from pot", or names no pots in the total line
        (0, "Ann collected $3.75 from main pot", "Ann collected $3.75 from pot",
         "Ann collected", "the hand has 2 pots (an all-in): a collected line says which"),
        (0, " Main pot $3.75. Side pot $5.50.", "", "Total pot",
         "the total line names no main and side pots"),
        (0, "Main pot $3.75. Side pot $5.50.", "Main pot $3.75. Side pot $5.50. Side pot-2 $0.",
         "Total pot", "the pots are 'Main pot X. Side pot Y.'"),
        # a pot the hand does not have, an unnumbered side pot among several
        (2, "Dee Dee collected $2 from side pot-2", "Dee Dee collected $2 from side pot-3",
         "Dee Dee collected", "the hand has 3 pots: there is no side pot-3"),
        (2, "Cat collected $4.50 from side pot-1", "Cat collected $4.50 from side pot",
         "Cat collected", "the hand has 2 side pots: say which"),
        (2, "Side pot-1 $4.50. Side pot-2 $2.", "Side pot-2 $2. Side pot-1 $4.50.", "Total pot",
         "in order"),
        (2, "Side pot-1 $4.50. Side pot-2 $2.", "Side pot $4.50. Side pot $2.", "Total pot",
         "in order"),
        (0, "from side pot", "from side pot-0", "Cat collected", "numbered from 1"),
        # the side pot to the wrong player: the showdown says Cat's low wins it
        (0, "Cat collected $5.50 from side pot", "Ben [b] collected $5.50 from side pot",
         "Ben [b] collected", "the engine gives 0 from the side pot to Ben [b], the collected "
         "lines give 550"),
    ],
)
def test_broken_pots(hand: int, old: str, new: str, at: str, reason: str) -> None:
    assert old in HANDS[hand]
    text = HANDS[hand].replace(old, new, 1)
    if "Ben [b] collected" in new:  # keep the summary in line with the collected lines
        text = text.replace("lost with Lo: Q", "won ($5.50) with Lo: Q").replace(
            "Seat 3: Cat showed [2c 3c 4s 6s 7s 8s 9s] and won ($5.50)",
            "Seat 3: Cat showed [2c 3c 4s 6s 7s 8s 9s] and lost")
    exc = error_of(text)
    assert reason in str(exc), str(exc)
    assert exc.line == line_of(text, at), str(exc)
    assert exc.hand == HANDS[hand].split("#")[1].split(":")[0]


def test_a_broken_pot_leaves_the_other_hands() -> None:
    text = SIDE_POTS.replace("Main pot $3. Side pot-1", "Main pot $3.10. Side pot-1", 1)
    with pytest.warns(pokerstars.PokerStarsWarning, match="#300000000003"):
        report = pokerstars.loads_report(text, on_error="skip")
    assert [hh.hand for hh in report.hands] == [300000000001, 300000000002, 300000000004]
    assert len(report.errors) == 1
