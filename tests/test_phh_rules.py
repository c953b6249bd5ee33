"""PHH hand histories: the rule set the file carries, through the user field
and the command line."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from engine_support import play_random
from phh_support import MINI, run_cli

from razzcore import PHHError, phh
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules

# ------------------------------------------------------------ the rules in the file


def _uncapped_hand() -> Hand:
    """Heads-up with six raises on 3rd street (the tda cap is four) under a
    rule set that differs from its profile."""
    rules = Rules(2, 5, 10, 20, profile="roberts", burn_cards=False, odd_chip_rule="position",
                  max_bets_per_round=5, suit_order=("s", "h", "d", "c"), deal_start_seat=2)
    hand = Hand(rules, [1000, 1000], seed=4)
    hand.act("pb")
    for _ in range(6):
        hand.act("cbr")
    return play_random(hand, random.Random(4))


def test_rule_set_round_trips_through_the_user_field() -> None:
    hand = _uncapped_hand()
    text = phh.dumps(hand)
    hh = phh.loads(text)
    assert hh.user_fields["_razzcore_rules"] == {
        "profile": "roberts", "burn_cards": False,
        "seventh_street_shortage": "community_when_short", "odd_chip_rule": "position",
        "max_bets_per_round": 5, "suit_order": ["s", "h", "d", "c"], "deal_start_seat": 2,
    }
    again = hh.replay()
    assert again.rules == hand.rules
    assert again.history == hand.history and again.stacks == hand.stacks
    assert phh.dumps(again) == text
    # Rules given by the caller win: a profile replaces the file's rule set.
    assert hh.replay(odd_chip_rule="high_card_in_hand").rules.odd_chip_rule == \
        "high_card_in_hand"
    with pytest.raises(PHHError, match="capped"):
        hh.replay(profile="tda")


def test_rule_set_round_trips_through_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "uncapped.phh"
    path.write_text(phh.dumps(_uncapped_hand()))
    proc = run_cli("replay", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    assert '"matches": true' in proc.stdout
    proc = run_cli("replay", str(path), "--profile", "tda")
    assert proc.returncode == 2 and "capped" in proc.stderr


def test_play_phh_files_replay_without_flags(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    proc = run_cli("play", "--players", "3", "--hands", "30", "--seed", "5",
                    "--profile", "roberts", "--phh", str(path))
    assert proc.returncode == 0, proc.stderr
    hands = phh.loads_all(path.read_bytes())
    assert len(hands) == 30
    assert all(hh.user_fields["_razzcore_rules"] == {"profile": "roberts"} for hh in hands)
    proc = run_cli("replay", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    assert "30 hands" not in proc.stdout  # JSON only
    assert proc.stdout.count('"matches": true') == 30


@pytest.mark.parametrize(
    ("value", "match"),
    [
        ("'tda'", "must be a table such as {profile = 'tda'}, not 'tda'"),
        ("[1, 2]", "must be a table"),
        ("{profile = 'vegas'}", "unknown profile 'vegas'"),
        ("{profile = 3}", "unknown profile 3"),
        ("{cap = 3}", "unknown rule option 'cap'"),
        ("{ante = 3}", "unknown rule option 'ante'"),
        ("{burn_cards = 'yes'}", "burn_cards must be True or False, not 'yes'"),
        ("{max_bets_per_round = -1}", "max_bets_per_round must be at least 1"),
        ("{max_bets_per_round = 2.5}", "max_bets_per_round must be an int"),
        ("{suit_order = [1, 2]}", "suit_order must list the suits"),
        ("{odd_chip_rule = {a = 1}}", "odd_chip_rule must be one of"),
        ("{deal_start_seat = 9223372036854775807}", "deal_start_seat must be a seat number"),
        ("{burn_cards = false, seventh_street_shortage = 'tda_rp10h'}", "needs burn_cards=True"),
    ],
)
def test_hostile_rule_field_is_named(value: str, match: str, tmp_path: Path) -> None:
    hh = phh.loads(MINI + f"_razzcore_rules = {value}\n")
    with pytest.raises(PHHError, match=r"^field '_razzcore_rules': .*" + re.escape(match)) \
            as info:
        hh.replay()
    assert info.value.field == "_razzcore_rules"
    # A profile given by the caller replaces the field, which is then not read.
    assert hh.replay(profile="tda").rules.profile == "tda"
    path = tmp_path / "hostile.phh"
    path.write_text(MINI + f"_razzcore_rules = {value}\n")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 2
    assert f"{path}:{MINI.count(chr(10)) + 1}: field '_razzcore_rules': " in proc.stderr


def test_unknown_rule_option_from_the_caller_is_named() -> None:
    with pytest.raises(PHHError, match=r"unknown rule option 'ante'.*come from the file"):
        phh.loads(MINI).replay(ante=3)


def test_actions_the_engine_takes_for_absent_seats_stand_where_it_takes_them() -> None:
    """R23: a seat sitting out but dealt in posts its bring-in and is killed by
    the engine; the history lists those actions where the engine takes them."""
    rules = Rules(2, 5, 10, 20, profile="tda", deal_in_absent_players=True)
    hand = play_random(Hand(rules, [100] * 4, seed=3, absent=[1]), random.Random(3))
    hh = phh.loads(phh.dumps(hand))
    acts = hh.actions
    i = next(k for k, a in enumerate(acts) if a.startswith("p2 "))
    assert acts[i] == "p2 f" and not acts[i + 1].startswith(("d ", "p2 "))
    assert list(hh.replay().stacks) == hh.finishing_stacks
    hh.actions = [*acts[:i], acts[i + 1], acts[i], *acts[i + 2 :]]
    with pytest.raises(PHHError) as info:
        hh.replay()
    assert info.value.action_index == i
    assert str(info.value) == (
        f"action {i + 1} {acts[i + 1]!r}: the history must first list 'p2 f', which the engine "
        f"played for a seat sitting out (R23)"
    )
