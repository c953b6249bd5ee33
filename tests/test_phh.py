"""PHH hand histories: conformance replays, round trips, malformed input."""

from __future__ import annotations

import datetime
import io
import random
import tomllib
from pathlib import Path

import pytest
from engine_support import play_random
from hypothesis import given, settings
from hypothesis import strategies as st
from phh_support import FILES, MINI, read

from razzcore import PHHError, RulesError, phh
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules


def test_ten_conformance_files_present() -> None:
    assert len(FILES) == 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_conformance_hand_replays_to_finishing_stacks(path: Path) -> None:
    hh = phh.loads(path.read_text())
    hand = hh.replay()
    assert hand.is_over
    assert hh.finishing_stacks is not None
    assert list(hand.stacks) == hh.finishing_stacks
    assert hh.verify().stacks == hand.stacks
    assert hand.rules.profile == "tda"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_conformance_round_trip(path: Path) -> None:
    hh = phh.loads(path.read_bytes())
    text = phh.dumps(hh)
    assert tomllib.loads(text) == tomllib.loads(path.read_text())
    assert phh.loads(text) == hh
    assert phh.dumps(phh.loads(text)) == text


def test_raise_to_an_opponents_all_in_is_accepted() -> None:
    hh = read("03-50-24.phh")
    assert "p2 cbr 750000" in hh.actions
    hand = hh.replay()
    assert hand.stacks == (0, 29700000)
    # Any other amount short of the full raise is still refused, naming the action.
    i = hh.actions.index("p2 cbr 750000")
    hh.actions[i] = "p2 cbr 700000"
    with pytest.raises(PHHError, match=r"action 19 'p2 cbr 700000'") as info:
        hh.replay()
    assert info.value.action_index == i
    assert info.value.field == "actions"


def test_wrong_actor_is_refused() -> None:
    hh = read("01-02-14.phh")
    i = hh.actions.index("p5 f")
    hh.actions[i] = "p1 f"
    with pytest.raises(PHHError, match=r"action 7 'p1 f': it is p5's turn, not p1's") as info:
        hh.replay()
    assert info.value.action_index == 6


def test_wrong_card_dealt_to_a_folded_player_is_refused() -> None:
    hh = read("01-02-14.phh")
    hh.actions.insert(hh.actions.index("d dh p1 Ts"), "d dh p2 2s")
    with pytest.raises(PHHError, match=r"action 11 'd dh p2 2s': the dealer deals no card "
                                       r"to p2 here: p2 has folded"):
        hh.replay()


def test_replay_options_can_be_overridden() -> None:
    hh = read("01-13-57.phh")
    assert hh.replay(profile="online").rules.profile == "online"
    assert hh.replay(burn_cards=False).rules.burn_cards is False
    assert list(hh.replay(profile="roberts").stacks) == hh.finishing_stacks


def test_unknown_down_cards_revealed_at_showdown() -> None:
    hh = read("01-13-57.phh")
    hidden = []
    for a in hh.actions:
        if a.startswith(("d dh p3 ", "d dh p5 ")) and len(a) == len("d dh p3 6c4c7h"):
            a = a[:8] + "????" + a[12:]
        hidden.append(a)
    assert "d dh p3 ????7h" in hidden
    hh.actions = hidden
    hand = hh.verify()
    assert hand.hole_cards(2)[:2] == tuple(phh.parse_action("d dh p1 6c4c").cards)


def test_history_stopping_at_the_showdown_is_finished() -> None:
    hh = read("01-13-57.phh")
    hh.actions = [a for a in hh.actions if " sm " not in a]
    assert list(hh.replay().stacks) == hh.finishing_stacks
    hh.actions = [a.replace("d dh p5 7s3c5d", "d dh p5 ????5d") for a in hh.actions]
    with pytest.raises(PHHError, match="p5's cards are not all known"):
        hh.replay()


def test_mucking_is_replayed() -> None:
    hh = read("01-07-20.phh")
    hand = hh.replay()
    assert [(e.seat, e.shown) for e in hand.showdown] == [(2, True), (1, False)]


def test_duplicate_card_is_refused() -> None:
    hh = phh.loads(MINI.replace("7c8c9d", "7c8c2c"))
    with pytest.raises(PHHError, match="2c was already dealt") as info:
        hh.replay()
    assert info.value.action_index == 2


def test_non_uniform_antes_refused_at_replay() -> None:
    hh = phh.loads(MINI.replace("antes = [2, 2, 2]", "antes = [0, 2, 2]"))
    with pytest.raises(PHHError, match="same ante") as info:
        hh.replay()
    assert info.value.field == "antes"


# ------------------------------------------------------------------ engine hands


def _random_hand(rng: random.Random, profile: str) -> Hand:
    n = rng.randint(2, 8)
    stacks = [rng.choice([1, 3, 6, 20, 60, 200, 400]) for _ in range(n)]
    return play_random(Hand(Rules(2, 5, 10, 20, profile=profile), stacks,
                            seed=rng.getrandbits(32)), rng)


@pytest.mark.parametrize("profile", ["online", "tda", "roberts"])
def test_engine_hands_round_trip_exactly(profile: str) -> None:
    rng = random.Random(hash(profile) & 0xFFFF)
    for _ in range(150):
        hand = _random_hand(rng, profile)
        text = phh.dumps(hand)
        assert tomllib.loads(text) == phh.loads(text).to_mapping()
        again = phh.loads(text).replay()
        assert again.history == hand.history
        assert again.stacks == hand.stacks
        assert again.payoffs == hand.payoffs
        assert again.showdown == hand.showdown
        assert again.rules == hand.rules
        assert phh.dumps(again) == text


def test_community_card_hand_round_trips() -> None:
    hand = Hand(Rules(1, 2, 4, 8, profile="tda"), [500] * 8, seed=11)
    while hand.actor is not None:
        hand.act("cc" if "cc" in hand.legal_actions() else "pb")
    assert hand.community_card is not None
    text = phh.dumps(hand)
    assert "'d db " in text
    again = phh.loads(text).replay()
    assert again.history == hand.history and again.stacks == hand.stacks
    lines = phh.loads(text).to_text().splitlines()
    assert lines[lines.index("*** 7th street ***") + 1].startswith("Community card: ")


def test_running_hand_is_written_without_finishing_stacks() -> None:
    hand = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
    hand.act("pb")
    hh = phh.loads(phh.dumps(hand))
    assert hh.finishing_stacks is None
    again = hh.replay()
    assert again.actor == 1 and again.history == hand.history


def test_from_hand_metadata() -> None:
    hand = play_random(Hand(Rules(2, 5, 10, 20), [80, 80], seed=2), random.Random(2))
    hh = phh.HandHistory.from_hand(hand, players=["Ann", "Bob"], hand=7, _note="test")
    assert hh.players == ["Ann", "Bob"] and hh.hand == 7
    assert hh.user_fields["_note"] == "test"
    assert hh.user_fields["_razzcore_rules"] == {"profile": "online"}
    assert phh.loads(phh.dumps(hh)) == hh
    with pytest.raises(PHHError, match="unknown field 'colour'"):
        phh.HandHistory.from_hand(hand, colour="red")


# ------------------------------------------------------------------------ TOML


def test_toml_writer_handles_awkward_values() -> None:
    hh = phh.loads(MINI)
    hh.event = 'quote " and apostrophe \' and back\\slash\nnew line\ttab \x01 é ♠'
    hh.players = ["O'Neil", "", "Ζ"]
    hh.time = datetime.time(12, 30, 5)
    hh.time_limit = 1.5
    hh.time_banks = [30, 2.5, 0]
    hh.user_fields = {
        "_nested": {"a key": [1, 2.0, "x"], "b": {"c": True}},
        "_when": datetime.datetime(2023, 6, 22, 20, 1, tzinfo=datetime.UTC),
        "_day": datetime.date(2023, 6, 22),
        "_big": 10**18,
        "_inf": float("inf"),
    }
    text = phh.dumps(hh)
    assert phh.loads(text) == hh
    assert tomllib.loads(text)["event"] == hh.event


def test_user_tables_and_comments_kept() -> None:
    text = MINI + "_score = 3  # a TOML comment\n[_extra]\nwho = 'me'\nlist = [1, 2]\n"
    hh = phh.loads(text)
    assert hh.user_fields == {"_score": 3, "_extra": {"who": "me", "list": [1, 2]}}
    assert phh.loads(phh.dumps(hh)) == hh


def test_unwritable_value() -> None:
    hh = phh.loads(MINI)
    hh.user_fields["_bad"] = object()
    with pytest.raises(PHHError, match="'_bad'") as info:
        phh.dumps(hh)
    assert info.value.field == "_bad"


def test_integral_float_amounts_accepted() -> None:
    hh = phh.loads(MINI.replace("bring_in = 5", "bring_in = 5.0"))
    assert hh.bring_in == 5 and isinstance(hh.bring_in, int)


# ------------------------------------------------------------------ files and .phhs


def test_load_and_dump_files(tmp_path: Path) -> None:
    hh = phh.loads(MINI)
    path = tmp_path / "x.phh"
    with open(path, "w", encoding="utf-8") as fp:
        phh.dump(hh, fp)
    with open(path, encoding="utf-8") as fp:
        assert phh.load(fp) == hh
    with open(path, "rb") as fp:
        assert phh.load(fp) == hh
    with open(path, "wb") as fp:
        phh.dump(hh, fp)
    assert phh.loads(path.read_bytes()) == hh


def test_phhs_many_hands(tmp_path: Path) -> None:
    hands = [phh.loads(p.read_text()) for p in FILES]
    buf = io.StringIO()
    phh.dump_all(hands, buf)
    text = buf.getvalue()
    assert text.startswith("[1]\n") and "\n[10]\n" in text
    assert phh.loads_all(text) == hands
    assert phh.load_all(io.BytesIO(text.encode())) == hands
    assert [list(h.replay().stacks) for h in phh.loads_all(text)] == [
        h.finishing_stacks for h in hands
    ]
    with pytest.raises(PHHError, match=r"read it with razzcore\.phh\.loads_all$"):
        phh.loads(text)
    with pytest.raises(PHHError, match=r"\[2\] missing required field 'actions'"):
        phh.loads_all("[1]\n" + MINI + "[2]\nvariant = 'FR'\nantes = [1]\nbring_in = 1\n"
                      "small_bet = 2\nbig_bet = 4\nstarting_stacks = [5]\n")
    with pytest.raises(PHHError, match="not a table"):
        phh.loads_all("x = 1\n")


# -------------------------------------------------------------------- malformed


@pytest.mark.parametrize(
    ("text", "field", "match"),
    [
        ("variant = ", None, "not valid TOML"),
        (b"\xff\xfe", None, "UTF-8"),
        (MINI.replace("variant = 'FR'", "variant = 'NT'"), "variant", "not 'NT'"),
        (MINI.replace("variant = 'FR'\n", ""), "variant", "missing required field 'variant'"),
        (MINI.replace("small_bet = 10\n", ""), "small_bet", "missing required field"),
        (MINI.replace("bring_in = 5", "bring_in = '5'"), "bring_in", "whole non-negative"),
        (MINI.replace("bring_in = 5", "bring_in = 2.5"), "bring_in", "whole non-negative"),
        (MINI.replace("bring_in = 5", "bring_in = -5"), "bring_in", "whole non-negative"),
        (MINI.replace("antes = [2, 2, 2]", "antes = [2, 2]"), "antes", "2 entries for 3"),
        (MINI.replace("antes = [2, 2, 2]", "antes = 2"), "antes", "array of whole"),
        (MINI + "players = ['a', 'b']\n", "players", "2 entries for 3"),
        (MINI + "players = ['a', 'b', 3]\n", "players", "array of strings"),
        (MINI + "day = 'Monday'\n", "day", "an integer"),
        (MINI + "time = 5\n", "time", "local time"),
        (MINI + "ante_trimming_status = 1\n", "ante_trimming_status", "true or false"),
        (MINI + "colour = 'red'\n", "colour", "start with '_'"),
        (MINI + "min_bet = 10\n", "min_bet", "not used by variant 'FR'"),
        (MINI.replace("'p3 cc']", "'p3 call']"), "actions", "action 8: bad action 'p3 call'"),
        (MINI.replace("'p3 cc']", "'p9 cc']"), "actions", "only 3 players"),
        (MINI.replace("'p3 cc']", "'p3 cbr ten']"), "actions", "whole number of chips"),
        (MINI.replace("'p3 cc']", "'p3 sd']"), "actions", "not a razz action"),
        (MINI.replace("2c3c4c", "2c3c4x"), "actions", "bad card '4x'"),
        (MINI.replace("2c3c4c", "2c3c4"), "actions", "two characters each"),
        (MINI.replace("'p2 pb'", "'x2 pb'"), "actions", "not a player"),
        (MINI.replace("'p2 pb'", "'d db 2h3h'"), "actions", "at most one community card"),
        (MINI.replace("'p2 pb'", "5"), "actions", "array of strings"),
    ],
)
def test_malformed_files_name_the_field(text: str | bytes, field: str | None, match: str) -> None:
    with pytest.raises(PHHError, match=match) as info:
        phh.loads(text)
    assert info.value.field == field


def test_bad_structure_named_at_replay() -> None:
    hh = phh.loads(MINI.replace("bring_in = 5", "bring_in = 10"))
    with pytest.raises(PHHError, match="field 'bring_in'") as info:
        hh.replay()
    assert info.value.field == "bring_in"
    hh = phh.loads(MINI + "_razzcore_rules = {profile = 'tda', cap = 3}\n")
    with pytest.raises(PHHError, match="unknown rule option 'cap'") as info:
        hh.replay()
    assert info.value.field == "_razzcore_rules"
    with pytest.raises(PHHError, match="unknown profile"):
        phh.loads(MINI).replay(profile="vegas")
    hh = phh.loads(MINI.replace("[100, 100, 100]", "[100, 0, 0]"))
    with pytest.raises(PHHError, match="cannot start the hand") as info:
        hh.replay()
    assert info.value.field == "starting_stacks"


def test_mutated_files_fail_only_with_phherror() -> None:
    """Random damage to real files: every failure is a PHHError."""
    rng = random.Random(5)
    texts = [p.read_text() for p in FILES]
    outcomes = {"ok": 0, "error": 0}
    for _ in range(400):
        text = rng.choice(texts)
        lines = text.splitlines()
        i = rng.randrange(len(lines))
        kind = rng.randrange(4)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            j = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:j] + rng.choice("0p?'[]#, =dhcbrfsm9Ks-") + lines[i][j:]
        elif kind == 2 and lines[i].startswith("actions"):
            acts = tomllib.loads(lines[i])["actions"]
            k = rng.randrange(len(acts))
            acts[k] = rng.choice(["p1 f", "p2 cc", "p3 cbr 400000", "d dh p1 2h", "p2 sm", ""])
            lines[i] = "actions = " + repr(acts)
        else:
            j = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:j] + lines[i][j + 1 :]
        try:
            phh.loads("\n".join(lines)).verify()
            outcomes["ok"] += 1
        except PHHError:
            outcomes["error"] += 1
    assert outcomes["error"] > 100


# ------------------------------------------------------------------ actions, text


def test_parse_action_grammar() -> None:
    a = phh.parse_action("  p3   cbr  40   # big raise ")
    assert (a.verb, a.seat, a.amount, a.commentary) == ("cbr", 2, 40, "big raise")
    assert phh.parse_action("# just a note").verb == ""
    assert phh.parse_action("").verb == ""
    assert phh.parse_action("p1 sm").show is False
    assert phh.parse_action("d db 4h").cards == (phh.parse_action("d dh p1 4h").cards)
    assert phh.parse_action("d dh p2 ??").cards == (None,)


def test_commented_actions_replay() -> None:
    hh = phh.loads(MINI.replace("'p2 f'", "'p2 f # gives up', '# a no-op'"))
    history = hh.replay().history
    assert history[history.index("p2 f") + 1] == "p3 cc"


def test_readable_text() -> None:
    text = read("01-13-57.phh").to_text()
    lines = text.splitlines()
    assert lines[0].startswith("2023 World Series of Poker Event #43")
    assert lines[0].endswith(" - Hand #26 - 2023-06-22")
    assert lines[1].startswith("Razz (fixed limit): ante 50,000, bring-in 50,000")
    assert "Seat 3: Brian Rast (7,875,000 in chips)" in lines
    assert "James Obst brings in for 50,000" in lines
    assert "Talal Shakerchi completes to 200,000" in lines
    assert "*** 7th street ***" in lines
    assert "Brian Rast: (6c 4c) 7h Qh 5s 3s (2s)" in lines
    assert "Brian Rast shows (6c 4c) 7h Qh 5s 3s (2s): Six-Five low, 6-5-4-3-2" in lines
    assert "Pot 3,900,000: Brian Rast wins 3,900,000" in lines
    assert lines[-1] == "Kristopher Tong: 5,750,000 -> 4,100,000 (-1,650,000)"
    allin = read("03-50-24.phh").to_text().splitlines()
    assert "Talal Shakerchi calls 150,000, all-in" in allin
    assert "Brian Rast raises to 750,000" in allin


def test_readable_text_side_pots_and_uncalled() -> None:
    from razzcore.histories.text import format_hand

    hand = Hand(Rules(2, 5, 10, 20, profile="tda"), [30, 200, 200], seed=4)
    while hand.actor is not None:
        acts = hand.legal_actions()
        hand.act(acts[-1] if acts[-1].startswith("cbr") else "cc" if "cc" in acts else acts[0])
    text = format_hand(hand)
    assert "Main pot" in text and "Side pot 1" in text
    assert "all-in" in text
    running = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1)
    assert format_hand(running).endswith("to act)")


def test_readable_text_names_the_completion_the_engine_counts() -> None:
    """A short all-in for less than the completion is not a full wager (R15):
    the next cbr completes the bring-in; later streets bet before they raise."""
    from razzcore.histories.text import format_hand

    hand = Hand(Rules(2, 5, 10, 20, short_completion_measure="completion_increment"),
                [100, 9, 100], deck="2c 3c 4c 5c 6c 7c Kd 2d 3d")
    for a in ("pb", "cbr 7", "cbr 10", "cc", "cc"):
        hand.act(a)
    lines = format_hand(hand).splitlines()
    assert "Seat 2 completes to 7, all-in" in lines
    assert "Seat 3 completes to 10" in lines
    assert not any(line.startswith("Seat 3 raises") for line in lines)
    hand.act(hand.legal_actions()[-1])  # the first wager of 4th street
    assert format_hand(hand).splitlines()[-2].split()[2] == "bets"


def test_the_bring_in_player_completing_at_once_is_named_a_completion_everywhere() -> None:
    """R8: the bring-in player may complete instead of posting; that wager is
    the completion in the text history, the replayer and the seat's offer."""
    from razzcore.histories.text import format_hand
    from razzcore.seat.choices import choices
    from razzcore.show.replayer import hand_data

    hand = Hand(Rules(2, 5, 10, 20), [100, 100], deck="2c Kd 3c Qd 4c Jd")
    assert hand.actor == 1
    offered = {c.action: c.label for c in choices(hand.view(1), hand.rules)}
    assert offered["cbr 10"] == "Complete to 10"
    hand.act("cbr 10")
    assert hand.wagers == 1
    assert "Seat 2 completes to 10" in format_hand(hand).splitlines()
    offered = {c.action: c.label for c in choices(hand.view(0), hand.rules)}
    assert offered["cbr 20"] == "Raise to 20"
    texts = [step["text"] for step in hand_data(phh.HandHistory.from_hand(hand))["steps"]]
    assert "Seat 2 completes to 10" in texts


def test_deal_lines_in_any_order_and_split() -> None:
    hh = read("01-13-57.phh")
    acts = hh.actions
    third = acts[:5]
    split = [a[:-2] for a in reversed(third)] + [f"d dh p{i} {third[i - 1][-2:]}" for i in
                                                   range(1, 6)]
    hh.actions = split + acts[5:]
    assert list(hh.replay().stacks) == hh.finishing_stacks


def test_showing_cards_of_another_player_is_refused() -> None:
    hh = read("01-07-20.phh")
    i = hh.actions.index("p2 sm")
    hh.actions[i] = "p2 sm As6h3cJcAh7d5s"  # 5s is p3's card
    with pytest.raises(PHHError, match="p2 shows 5s"):
        hh.replay()


def test_show_after_the_pot_is_pushed_is_ignored() -> None:
    hh = read("01-02-14.phh")
    hh.actions.append("p1 sm 5s4hThTs")
    assert list(hh.replay().stacks) == hh.finishing_stacks


def test_early_tabling_of_unknown_cards_then_auto_showdown() -> None:
    hh = read("03-50-24.phh")
    acts = [a.replace("d dh p1 8c2h4c", "d dh p1 ????4c") for a in hh.actions]
    # Keep the early (6-card) shows, drop the final ones: the replay finishes the showdown.
    hh.actions = acts[:-2]
    assert list(hh.replay().stacks) == hh.finishing_stacks


def test_edited_record_is_checked_before_replay() -> None:
    hh = phh.loads(MINI)
    hh.bring_in = "5"  # type: ignore[assignment]
    with pytest.raises(PHHError, match="field 'bring_in'") as info:
        hh.replay()
    assert info.value.field == "bring_in"
    with pytest.raises(PHHError, match="TOML table"):
        phh.HandHistory.from_mapping([1, 2])  # type: ignore[arg-type]


def test_lists_edited_in_place_are_checked_before_replay() -> None:
    hh = phh.loads(MINI)
    hh.replay()  # validated once
    hh.antes[0] = 2.5  # type: ignore[call-overload]
    with pytest.raises(PHHError, match="field 'antes'"):
        hh.replay()
    hh.antes[0] = hh.antes[1]
    hh.starting_stacks.append(100)
    with pytest.raises(PHHError, match="field 'antes' has 3 entries for 4 players"):
        hh.check()


def test_from_mapping_keeps_no_list_of_the_callers_mapping() -> None:
    data = phh.loads(MINI).to_mapping()
    data["antes"] = list(data["antes"])
    hh = phh.HandHistory.from_mapping(data)
    assert hh.antes is not data["antes"] and hh.antes == data["antes"]
    data["antes"].append(7)
    assert len(hh.antes) == hh.player_count


def test_absent_players_round_trip() -> None:
    """R23: seats sitting out are kept in ``_razzcore_absent`` (player numbers)."""
    tda = Rules(2, 5, 10, 20, profile="tda")
    hand = play_random(Hand(tda, [100] * 4, seed=8, absent=[0]), random.Random(8))
    hh = phh.loads(phh.dumps(hand))
    assert hh.user_fields["_razzcore_absent"] == [1]
    again = hh.replay()
    assert again.history == hand.history and again.stacks == hand.stacks
    # Dealt in and killed: the engine posts the bring-in / folds for the absent seat and
    # the history lists those actions; replay matches them instead of acting.
    deal_in = tda.replace(deal_in_absent_players=True)
    for seed in range(20):
        hand = play_random(Hand(deal_in, [100] * 4, seed=seed, absent=[0, 2]),
                           random.Random(seed))
        hh = phh.loads(phh.dumps(hand))
        hh.user_fields["_razzcore_absent"] = [1, 3]
        again = hh.replay()
        assert again.history == hand.history and again.stacks == hand.stacks
    hh.user_fields["_razzcore_absent"] = [5]
    with pytest.raises(PHHError, match=r"player numbers 1\.\.4") as info:
        hh.replay()
    assert info.value.field == "_razzcore_absent"


def test_round_trip_with_random_rule_options() -> None:
    from razzcore.engine.rules import OPTION_CHOICES

    rng = random.Random(99)
    flags = ["burn_cards", "heads_up_uncapped", "face_up_all_in", "bring_in_may_complete",
             "allow_call_bring_in", "allow_open_fold", "losers_may_muck",
             "reveal_all_at_showdown"]
    for _ in range(150):
        options: dict[str, object] = {k: rng.choice(v) for k, v in OPTION_CHOICES.items()
                                      if rng.random() < 0.5}
        options.update({k: rng.random() < 0.5 for k in flags if rng.random() < 0.5})
        if options.get("burn_cards") is False:
            options["seventh_street_shortage"] = "community_when_short"
        elif options.get("seventh_street_shortage") == "tda_rp10h":
            options["burn_cards"] = True
        if rng.random() < 0.3:
            options["max_bets_per_round"] = rng.choice([3, 5])
        if rng.random() < 0.2:
            options["suit_order"] = ("s", "h", "d", "c")
        try:
            rules = Rules(2, rng.choice([0, 5]), 10, 20,
                          profile=rng.choice(["online", "tda", "roberts"]), **options)
        except RulesError:  # an inconsistent random combination: not this test's subject
            continue
        n = rng.randint(2, 8)
        hand = play_random(Hand(rules, [rng.choice([3, 30, 300]) for _ in range(n)],
                                seed=rng.getrandbits(32)), rng)
        again = phh.loads(phh.dumps(hand)).replay()
        assert again.rules == rules
        assert again.history == hand.history and again.stacks == hand.stacks


_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
_SCALARS = (
    _TEXT | st.booleans() | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False) | st.times() | st.dates()
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.from_regex(r"_[a-z0-9_ .-]{0,8}", fullmatch=True), _VALUES,
                       max_size=4), _TEXT)
def test_written_toml_reads_back(user: dict[str, object], event: str) -> None:
    hh = phh.loads(MINI)
    hh.user_fields = dict(user)
    hh.event = event
    text = phh.dumps(hh)
    assert tomllib.loads(text) == hh.to_mapping()
    assert phh.loads(text) == hh


def test_text_writes_unknown_down_cards_as_unknown_until_shown() -> None:
    hh = read("01-13-57.phh")
    hh.actions = [a.replace("d dh p3 6c4c7h", "d dh p3 ????7h") for a in hh.actions]
    lines = hh.to_text().splitlines()
    p3 = hh.players[2] if hh.players else "Seat 3"
    deals = [line for line in lines if line.startswith(f"{p3}: (")]
    assert deals[0] == f"{p3}: (?? ??) 7h"  # the replay's filler cards are not shown
    assert all(line.startswith(f"{p3}: (?? ??) 7h") for line in deals)
    assert f"{p3} shows (6c 4c) 7h Qh 5s 3s (2s): Six-Five low, 6-5-4-3-2" in lines  # shown
    hh2 = read("03-50-24.phh")
    seven = list(hh2.actions)
    hh2.actions = [a.replace("d dh p1 Kh", "d dh p1 ??") for a in seven]
    p1 = hh2.players[0] if hh2.players else "Seat 1"
    lines = hh2.to_text().splitlines()
    assert f"{p1}: (8c 2h) 4c Ad Qd Jd (??)" in lines  # 7th street, named by the last show
    assert any(line.startswith(f"{p1} shows (8c 2h) 4c Ad Qd Jd (Kh)") for line in lines)


def test_text_of_a_fully_known_history_names_every_card() -> None:
    hh = read("01-13-57.phh")
    assert "??" not in hh.to_text()
    assert all(None not in cards for cards in hh.dealt_cards())


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_phh_deeply_nested_toml_is_a_phh_error(depth: int) -> None:
    """tomllib recurses once per nesting level; a hostile file used to escape
    ``phh.loads`` as RecursionError."""
    for text in ("x = " + "[" * depth + "]" * depth,
                 "x = " + "{a=" * depth + "1" + "}" * depth):
        with pytest.raises(PHHError, match="nested too deeply"):
            phh.loads(text)
        with pytest.raises(PHHError):
            phh.loads_all(text.encode())


# ------------------------------------------------------------ parsing actions once


def test_replay_follows_actions_edited_after_loading() -> None:
    hand = Hand(Rules(2, 5, 10, 20), [200, 200, 200], seed=3)
    text = phh.dumps(play_random(hand, random.Random(3)))
    hh = phh.loads(text)
    first = hh.replay()
    hh.actions = [*hh.actions[:-1], "p9 cc"]
    with pytest.raises(PHHError, match=rf"action {len(hh.actions)} 'p9 cc'"):
        hh.replay()
    hh.actions = phh.loads(text).actions
    assert hh.replay().history == first.history


def test_parsed_actions_are_shared_and_equal_to_a_fresh_parse() -> None:
    from razzcore.engine import notation

    notation._PARSED.clear()
    first = notation.parse_action("p2 cbr 30 # raise")
    assert notation.parse_action("p2 cbr 30 # raise") is first
    notation._PARSED.clear()
    assert notation.parse_action("p2 cbr 30 # raise") == first
    with pytest.raises(PHHError, match="bad action 'p2 cbr x'"):
        notation.parse_action("p2 cbr x")


def test_one_hand_reader_given_many_hands_says_what_to_do() -> None:
    text = "".join(f"[{k}]\n" + MINI for k in (1, 2))
    with pytest.raises(PHHError, match=r"holds 2 tables \(\[1\], \[2\]\).*read it with "
                                       r"razzcore\.phh\.loads_all$"):
        phh.loads(text)
