"""The tracker's counts: each statistic pinned by hands worked out by hand,
the invariants on real hands (the WSOP PHH files and PokerStars texts),
agreement with simulate's totals, and two oracles (the PHH action lines read
in plain Python, and the engine's event log)."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest
from tracker_support import (
    BRING_IN_COMPLETES,
    DEAL,
    LIMPED,
    RIVER_FOLD,
    SPLIT,
    STARS,
    STEAL,
    THREE,
    WSOP,
    check_row,
    hand,
    names,
    rows,
)

from razzcore import Rules, phh, pokerstars, simulate
from razzcore.engine.hand import Hand
from razzcore.errors import RazzError
from razzcore.histories.money import hand_unit
from razzcore.tracker import HandRecord, stats

# ------------------------------------------------------------- worked hands


def test_a_steal_and_the_bring_in_folding_to_it() -> None:
    r = rows([STEAL])
    ann, bob, cy = r["Ann"], r["Bob"], r["Cy"]
    # Ann: ante 2 and 10 in, 5 of it uncalled and returned; the pot of 16 is hers.
    assert (ann.net, bob.net, cy.net) == (9, -7, -2)
    assert (ann.vpip_count, ann.complete_count, ann.steal_count, ann.steal_chances) == (1, 1, 1, 1)
    assert ann.steal == 1.0 and ann.won_without_showdown == 1.0 and ann.wtsd == 0.0
    assert (ann.aggressive_actions, ann.calls, ann.aggression) == (1, 0, None)
    # Cy folded first, when nobody had come in: a chance to steal, not taken.
    assert (cy.steal_chances, cy.steal_count, cy.steal, cy.vpip) == (1, 0, 0.0, 0.0)
    # Bob posted the bring-in (forced: not VPIP), faced the completion and folded.
    assert (bob.vpip_count, bob.bring_in_faced, bob.bring_in_fold_count) == (0, 1, 1)
    assert bob.bring_in_fold == 1.0 and bob.steal_chances == 0
    assert all(x.saw_4th_count == 0 for x in r.values())
    assert ann.big_bets_per_100 == pytest.approx(100 * 9 / 20)


def test_a_limped_pot_to_the_showdown() -> None:
    r = rows([LIMPED])
    ann, bob, cy = r["Ann"], r["Bob"], r["Cy"]
    assert (ann.net, bob.net, cy.net) == (69, -62, -7)
    # Cy limped: VPIP, a chance to steal (nobody in before), no completion.
    assert (cy.vpip_count, cy.complete_count, cy.steal_chances, cy.steal_count) == (1, 0, 1, 0)
    assert (cy.calls, cy.saw_4th_count, cy.wtsd_count) == (1, 0, 0)
    # Ann completed behind a limper: not a steal, nor a chance of one.
    assert (ann.complete_count, ann.steal_chances, ann.steal) == (1, 0, None)
    # The bring-in who calls the completion: VPIP; faced it and did not fold.
    assert (bob.vpip_count, bob.bring_in_faced, bob.bring_in_fold_count) == (1, 1, 0)
    assert bob.bring_in_fold == 0.0
    for x in (ann, bob):
        assert (x.saw_4th_count, x.saw_5th_count, x.saw_6th_count, x.saw_7th_count) == (1,) * 4
        assert x.wtsd_count == 1 and x.won_without_showdown_count == 0
    assert (ann.wsd_count, bob.wsd_count) == (1, 0)
    # Ann: complete, bet on 4th, raise on 5th; checks are not calls.
    assert (ann.aggressive_actions, ann.calls, ann.aggression) == (3, 0, None)
    # Bob: called 3rd, 4th, 5th; bet 5th.
    assert (bob.aggressive_actions, bob.calls) == (1, 3)
    assert bob.aggression == pytest.approx(1 / 3)


def test_the_bring_in_who_calls_then_folds_to_a_raise_folded_on_3rd_street() -> None:
    h = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 cbr 10", "p1 cbr 20", "p2 cc",
                                "p3 cbr 30", "p1 f", "p2 f"])
    r = rows([h])
    bob, cy, ann = r["Bob"], r["Cy"], r["Ann"]
    assert (bob.vpip_count, bob.bring_in_faced, bob.bring_in_fold_count, bob.calls) == (1, 1, 1, 1)
    assert (cy.steal_count, cy.steal_chances, cy.aggressive_actions) == (1, 1, 2)
    assert (ann.steal_chances, ann.complete_count, ann.aggressive_actions) == (0, 1, 1)
    # Cy's last 10 are uncalled and come back: the pot of 66 less Cy's 22.
    assert (cy.net, bob.net, ann.net) == (44, -22, -22) and cy.won_without_showdown_count == 1


def test_the_bring_in_who_completes_is_voluntary() -> None:
    r = rows([BRING_IN_COMPLETES])
    bob = r["Bob"]
    assert (bob.net, r["Ann"].net, r["Cy"].net) == (4, -2, -2)
    assert (bob.vpip_count, bob.complete_count, bob.bring_in_faced) == (1, 1, 0)
    # Nobody acted before the completion: it is a steal.
    assert (bob.steal_chances, bob.steal_count) == (1, 1)
    assert r["Cy"].steal_chances == 0 and r["Ann"].steal_chances == 0


def test_all_in_split_pot_and_rake() -> None:
    r = rows([SPLIT])
    ann, bob = r["Ann"], r["Bob"]
    assert (ann.net, bob.net) == (-1, -1)  # 54 in, 2 raked, 26 back to each
    assert SPLIT.replay().rake == 2
    for x in (ann, bob):
        assert (x.wtsd_count, x.wsd_count, x.saw_7th_count, x.vpip_count) == (1, 1, 1, 1)
    assert (ann.aggressive_actions, ann.calls) == (2, 0)
    assert (bob.aggressive_actions, bob.calls, bob.bring_in_faced) == (1, 1, 1)


def test_wsd_counts_only_pots_contested_at_the_showdown() -> None:
    # Ann is all-in on 3rd street; Bob bets 4th (Cy calls: a side pot) and
    # the river (Cy folds): Bob's side pot is uncontested, Ann wins the main.
    three_way = hand(THREE, [12, 200, 200], [
        "d dh p1 2c3c4c", "d dh p2 5c6c7c", "d dh p3 8c9cKd", "p3 pb", "p1 cbr 10", "p2 cc",
        "p3 cc", "d dh p1 5d", "d dh p2 8d", "d dh p3 Qh", "p2 cbr 10", "p3 cc",
        "d dh p1 6d", "d dh p2 9d", "d dh p3 Jh", "p2 cc", "p3 cc",
        "d dh p1 7d", "d dh p2 Td", "d dh p3 Th", "p2 cc", "p3 cc",
        "d dh p1 8h", "d dh p2 Js", "d dh p3 9h", "p2 cbr 20", "p3 f",
        "p1 sm 2c3c4c5d6d7d8h", "p2 sm 5c6c7c8d9dTdJs"])
    r = rows([three_way])
    ann, bob, cy = r["Ann"], r["Bob"], r["Cy"]
    assert (ann.net, bob.net, cy.net) == (24, -2, -22)
    assert (ann.wtsd_count, ann.wsd_count) == (1, 1)
    assert (bob.wtsd_count, bob.wsd_count, bob.won_without_showdown_count) == (1, 0, 0)
    assert (cy.wtsd_count, cy.wsd_count) == (0, 0)


def test_a_bring_in_all_in_from_the_post_faces_no_completion() -> None:
    # Ann's stack is her ante and the bring-in: she cannot act after posting.
    short = hand(THREE, [7, 200, 200], [
        "d dh p1 5c6cKd", "d dh p2 2c3c4c", "d dh p3 7c8c9d", "p1 pb", "p2 cbr 10", "p3 f",
        "d dh p1 Qh", "d dh p2 5d", "d dh p1 Jh", "d dh p2 6d", "d dh p1 Th", "d dh p2 7d",
        "d dh p1 9h", "d dh p2 8d"])
    ann = rows([short])["Ann"]
    assert (ann.bring_in_faced, ann.bring_in_fold_count, ann.bring_in_fold) == (0, 0, None)
    assert rows([STEAL])["Bob"].bring_in_faced == 1  # with chips behind, she faces it


def test_a_fold_on_the_river_is_no_showdown() -> None:
    r = rows([RIVER_FOLD])
    ann, bob = r["Ann"], r["Bob"]
    assert (ann.net, bob.net) == (7, -7)
    assert (ann.wtsd_count, bob.wtsd_count, ann.won_without_showdown_count) == (0, 0, 1)
    assert ann.saw_7th_count == bob.saw_7th_count == 1
    # Calling the bring-in is voluntary; nobody completed, so Bob faced no completion.
    assert (ann.vpip_count, ann.calls, ann.aggressive_actions) == (1, 1, 1)
    assert ann.aggression == 1.0
    assert (bob.bring_in_faced, bob.bring_in_fold) == (0, None)
    table = stats([RIVER_FOLD])
    assert [(h.player, h.showdown) for h in table.hands] == [("Ann", False), ("Bob", False)]


def test_absent_players() -> None:
    sitting_out = hand(THREE, [200] * 3, [*DEAL[:2], "p2 pb", "p1 cbr 10", "p2 f"],
                       "_razzcore_absent = [3]")
    assert set(rows([sitting_out])) == {"Ann", "Bob"}  # Cy was not dealt in
    dealt_in = hand(THREE, [200] * 3, [*DEAL, "p3 f", "p2 pb", "p1 cbr 10", "p2 f"],
                    "_razzcore_absent = [3]\n"
                    "_razzcore_rules = {profile = 'tda', deal_in_absent_players = true}")
    r = rows([dealt_in])
    cy = r["Cy"]
    # Dealt in and killed: the hand and the ante count, no choice was made.
    assert (cy.hands, cy.net, cy.vpip_count, cy.steal_chances) == (1, -2, 0, 0)
    assert (r["Ann"].steal_count, r["Ann"].steal_chances) == (1, 1)


def test_players_who_leave_between_hands() -> None:
    later = hand(["Ann", "Dee"], [200, 200], ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb",
                                              "p1 cbr 10", "p2 f"])
    r = rows([STEAL, later])
    assert {p: x.hands for p, x in r.items()} == {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 1}
    assert r["Ann"].net == 9 + 7 and r["Ann"].steal_count == 2


def test_players_without_names_are_named_by_seat() -> None:
    h = hand(None, [200] * 3, [*DEAL, "p2 pb", "p3 f", "p1 cbr 10", "p2 f"])
    assert sorted(rows([h])) == ["p1", "p2", "p3"]


def test_one_players_row_and_records() -> None:
    table = stats([STEAL, LIMPED], player="Bob")
    assert [r.player for r in table.rows] == ["Bob"]
    assert [(h.hand, h.net, h.showdown) for h in table.hands] == [("steal", -7, False),
                                                                  ("limped", -62, True)]
    assert table.row("Bob").hands == 2
    with pytest.raises(RazzError, match="Ann"):
        table.row("Ann")


def test_hand_records_carry_the_date() -> None:
    h = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 f", "p1 cbr 10", "p2 f"],
             year=2023, month=6, day=22)
    record = stats([h], player="Ann").hands[0]
    assert record == HandRecord("Ann", None, record.date, 9, False, 20)
    assert str(record.date) == "2023-06-22"
    assert record.to_dict()["date"] == "2023-06-22"

# ------------------------------------------------------------- real hands

@pytest.mark.parametrize("files", [WSOP, STARS], ids=["wsop-phh", "pokerstars"])
def test_real_hands_keep_the_invariants(files: list[str]) -> None:
    assert files
    table = stats(files)
    assert not table.skipped
    for r in table.rows:
        check_row(r)
    for path in files:
        histories = (pokerstars.load(path) if path.endswith(".txt") else [phh.load(path)])
        for hh in histories:
            one = stats([hh])
            game = hh.replay()
            assert sum(r.net for r in one.rows) + game.rake == 0
            got = {r.player: r.net for r in one.rows}
            assert game.payoffs is not None
            assert [got.get(n, 0) for n in names(hh)] == list(game.payoffs)
            if hh.finishing_stacks is not None:
                want = [f - s for f, s in zip(hh.finishing_stacks, hh.starting_stacks,
                                              strict=True)]
                assert [got.get(n, 0) for n in names(hh)] == want

def test_simulated_hands_give_simulates_totals() -> None:
    rules = Rules(2, 5, 10, 20, profile="online")
    result = simulate(rules, [300] * 4, 300, policy="basic", seed=11, record=300)
    table = stats(result.histories)
    assert table.hand_count == 300 and not table.skipped
    assert [table.row(f"p{s + 1}").net for s in range(4)] == list(result.winnings)
    assert sum(r.wtsd_count for r in table.rows) >= result.showdowns * 2
    for r in table.rows:
        check_row(r)

# ------------------------------------------------------------- an oracle from the text


def oracle_counts(hh: phh.HandHistory) -> dict[str, dict[str, int]]:
    """The counts of one hand read from its PHH action lines in plain Python
    (no engine): the definitions of docs/stats.md written a second time."""
    n = hh.player_count
    seats = names(hh)
    cards = [0] * n
    bets = [0] * n
    high = 0
    street = 3
    folded = [False] * n
    absent = {s - 1 for s in hh.user_fields.get("_razzcore_absent", [])}
    c = [dict.fromkeys(("vpip", "complete", "bring_in_faced", "bring_in_fold",
                        "steal_chances", "steal", "aggressive_actions", "calls"), 0)
         for _ in range(n)]
    acted = [False] * n
    opened = completed = False
    posted = -1
    for line in hh.actions:
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "d":
            if words[1] == "db":
                street, bets, high = 7, [0] * n, 0
                continue
            s = int(words[2][1:]) - 1
            cards[s] += len(words[3]) // 2
            if cards[s] > street:
                street, bets, high = cards[s], [0] * n, 0
            continue
        s, verb = int(words[0][1:]) - 1, words[1]
        first = street == 3 and not acted[s] and s != posted
        if verb == "pb":
            posted, bets[s] = s, hh.bring_in
            high = max(high, bets[s])
        elif verb == "f":
            folded[s] = True
            if first:
                acted[s] = True
                c[s]["steal_chances"] = int(not opened and s not in absent)
            if street == 3 and s == posted and completed:
                c[s]["bring_in_fold"] = 1
        elif verb == "cc":
            if high > bets[s]:
                c[s]["calls"] += 1
                if street == 3:
                    c[s]["vpip"] = 1
            bets[s] = high
            if first:
                acted[s] = True
                c[s]["steal_chances"] = int(not opened)
            opened = opened or street == 3
        elif verb == "cbr":
            c[s]["aggressive_actions"] += 1
            bets[s] = high = int(words[2])
            if street == 3:
                c[s]["vpip"] = c[s]["complete"] = 1
                if first:
                    acted[s] = True
                    c[s]["steal_chances"] = c[s]["steal"] = int(not opened)
                if (s != posted and posted >= 0 and not folded[posted]
                        and hh.starting_stacks[posted] > hh.antes[posted] + hh.bring_in):
                    c[posted]["bring_in_faced"] = 1
                opened = completed = True
    return {seats[s]: c[s] for s in range(n)}


def _oracle_table(histories: list[phh.HandHistory]) -> dict[tuple[str, str], dict[str, int]]:
    """The oracle's counts of each player in each unit (as the histories'
    money names it: :func:`razzcore.histories.money.hand_unit`)."""
    out: dict[tuple[str, str], dict[str, int]] = {}
    for hh in histories:
        dealt = set(stats([hh]).players())  # who was dealt in: the engine says
        unit = hand_unit(hh)
        for name, counts in oracle_counts(hh).items():
            if name in dealt:
                mine = out.setdefault((name, unit), dict.fromkeys(counts, 0))
                for k, v in counts.items():
                    mine[k] += v
    return out


@pytest.mark.parametrize("source", ["wsop", "pokerstars", "simulated"])
def test_the_counts_agree_with_a_plain_reading_of_the_actions(source: str) -> None:
    if source == "wsop":
        histories = [phh.load(p) for p in WSOP]
    elif source == "pokerstars":
        histories = [hh for p in STARS for hh in pokerstars.load(p)]
    else:
        histories = [hh for policy, profile in (("random", "tda"), ("basic", "online"))
                     for hh in simulate(Rules(2, 5, 10, 20, profile=profile), [120] * 5, 150,
                                        policy=policy, seed=3, record=150).histories]
    want = _oracle_table(histories)
    got = {(r.player, r.unit): r for r in stats(histories).rows}
    assert set(got) == set(want)
    for name, counts in want.items():
        row = got[name]
        assert {k: getattr(row, k if k in ("bring_in_faced", "steal_chances",
                                           "aggressive_actions", "calls") else f"{k}_count")
                for k in counts} == counts, name


# ------------------------------------- the compiled count against the engine-log oracle


def _simulated_as_pokerstars() -> list[phh.HandHistory]:
    """Simulated hands of 2 to 7 players (profile online, as PokerStars hands
    are replayed), several policies and stacks short enough for all-ins and
    side pots, read back from PokerStars text."""
    histories = []
    for players, policy, stack, seed in ((2, "random", 60, 1), (3, "basic", 150, 2),
                                         (5, "random", 90, 3), (6, "calldown", 200, 4),
                                         (7, "random", 45, 5), (4, ["basic", "random"] * 2, 70, 6)):
        rules = Rules(2, 5, 10, 20, profile="online")
        histories += simulate(rules, [stack] * players, 120, policy=policy, seed=seed,
                              record=120).histories
    rng = random.Random(7)
    for _ in range(150):  # raked hands of random legal actions, uneven stacks
        players = rng.randint(2, 7)
        game = Hand(Rules(10, 25, 50, 100, profile="online"),
                    [rng.randint(1, 30) * 50 for _ in range(players)], seed=rng.random(),
                    rake=rng.choice([0, 5, 30]))
        while game.actor is not None:
            game.act(rng.choice(game.legal_actions()))
        histories.append(phh.HandHistory.from_hand(game))
    text = pokerstars.dumps([hh for hh in histories if hh.replay().community_card is None])
    return pokerstars.loads(text)


def test_the_readers_counts_agree_with_the_engine_log_oracle() -> None:
    from tracker_oracle import oracle_counts

    from razzcore.tracker.counting import COUNTS, count_hand, player_names, seat_counts

    histories = _simulated_as_pokerstars()
    text = pokerstars.dumps(histories)
    read = list(pokerstars.tally(text))
    assert [place for place, _ in read] == list(range(len(histories)))
    hands = [hand for _, hand in read if isinstance(hand, pokerstars.Tallied)]
    assert len(hands) == len(histories) > 600
    seen = dict.fromkeys(COUNTS, 0)
    for got, hh in zip(hands, histories, strict=True):
        want = [(name, tuple(c)) for name, c in
                oracle_counts(hh.replay(), player_names(hh), hh.starting_stacks)]
        assert seat_counts(got.names, got.counts) == want, hh.hand
        assert count_hand(hh) == want, hh.hand
        for _, counts in want:
            for name, value in zip(COUNTS, counts, strict=True):
                seen[name] += value != 0
    assert all(seen.values()), seen  # every count is exercised (none is 0 throughout)


@pytest.mark.parametrize("source", ["simulated", *STARS])
def test_a_pokerstars_file_gives_the_table_of_its_histories(source: str,
                                                             tmp_path: Path) -> None:
    if source == "simulated":
        path = tmp_path / "session.txt"
        path.write_text(pokerstars.dumps(_simulated_as_pokerstars()[:300]), encoding="utf-8")
    else:
        path = Path(source)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pokerstars.PokerStarsWarning)
        histories = pokerstars.loads_report(path.read_text(encoding="utf-8-sig"),
                                            on_error="skip").hands
    from_file = stats(path)  # each hand counted as the reader replays it
    from_histories = stats(histories)  # each history replayed again and counted
    assert from_file.rows == from_histories.rows
    assert from_file.hand_count == from_histories.hand_count == len(histories)
    assert [(r.player, r.hand, r.net, r.showdown, r.big_bet, r.date) for r in from_file.hands] \
        == [(r.player, r.hand, r.net, r.showdown, r.big_bet, r.date)
            for r in from_histories.hands]
