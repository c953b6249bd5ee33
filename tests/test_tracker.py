"""The tracker: each statistic pinned by hands worked out by hand, the
invariants on real hands (the WSOP PHH files and PokerStars texts), agreement
with simulate's totals, parts merged into the whole, and any executor."""

from __future__ import annotations

import glob
import os
import random
import subprocess
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import razzcore
from razzcore import Rules, phh, pokerstars, simulate
from razzcore.engine.hand import Hand
from razzcore.errors import RazzError
from razzcore.tracker import COLUMNS, HandRecord, StatsRow, StatsTable, merge, stats

HERE = Path(__file__).parent
WSOP = sorted(glob.glob(str(HERE / "conformance" / "phh-razz" / "data" / "**" / "*.phh"),
                        recursive=True))
STARS = sorted(glob.glob(str(HERE / "data" / "pokerstars" / "*.txt")))


def hand(players: list[str] | None, stacks: list[int], actions: list[str], extra: str = "",
         **fields: object) -> phh.HandHistory:
    """A PHH hand at antes 2, bring-in 5, bets 10/20 (profile tda)."""
    names = "" if players is None else f"players = {players}\n"
    more = "".join(f"{k} = {v!r}\n" for k, v in fields.items())
    return phh.loads(f"variant = 'FR'\nantes = {[2] * len(stacks)}\nbring_in = 5\n"
                     f"small_bet = 10\nbig_bet = 20\nstarting_stacks = {stacks}\n{names}"
                     f"actions = {actions}\n{more}{extra}\n")


THREE = ["Ann", "Bob", "Cy"]
# Bob's door card (Kd) is the highest: Bob brings in, then Cy, then Ann act.
DEAL = ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "d dh p3 7c8c9d"]

STEAL = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 f", "p1 cbr 10", "p2 f"], hand="steal")
LIMPED = hand(THREE, [200] * 3, [
    *DEAL, "p2 pb", "p3 cc", "p1 cbr 10", "p2 cc", "p3 f",
    "d dh p1 5d", "d dh p2 Qh", "p1 cbr 10", "p2 cc",
    "d dh p1 6d", "d dh p2 Jh", "p1 cc", "p2 cbr 20", "p1 cbr 40", "p2 cc",
    "d dh p1 7d", "d dh p2 Th", "p1 cc", "p2 cc",
    "d dh p1 8d", "d dh p2 9h", "p1 cc", "p2 cc",
    "p1 sm 2c3c4c5d6d7d8d", "p2 sm 5c6cKdQhJhTh9h"], hand="limped")
BRING_IN_COMPLETES = hand(THREE, [200] * 3, [*DEAL, "p2 cbr 10", "p3 f", "p1 f"])
# Both all-in on 3rd street with the same low: the pot, less a rake of 2, split.
SPLIT = hand(["Ann", "Bob"], [27, 27], [
    "d dh p1 2c3c4c", "d dh p2 2d3d4d", "p2 pb", "p1 cbr 10", "p2 cbr 20", "p1 cbr 25",
    "p2 cc", "d dh p1 5c", "d dh p2 5d", "d dh p1 6c", "d dh p2 6d", "d dh p1 7c",
    "d dh p2 7d", "d dh p1 8c", "d dh p2 8d"], "_razzcore_rake = 2")
RIVER_FOLD = hand(["Ann", "Bob"], [200, 200], [
    "d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cc",
    "d dh p1 5d", "d dh p2 Qh", "p1 cc", "p2 cc", "d dh p1 6d", "d dh p2 Jh", "p1 cc", "p2 cc",
    "d dh p1 7d", "d dh p2 Th", "p1 cc", "p2 cc", "d dh p1 8d", "d dh p2 9h", "p1 cbr 20",
    "p2 f"])


def rows(source: object, **kw: object) -> dict[str, StatsRow]:
    return {r.player: r for r in stats(source, **kw).rows}  # type: ignore[arg-type]


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


# ------------------------------------------------------------- malformed input


def test_a_malformed_hand_is_skipped_and_named(tmp_path: Path) -> None:
    bad = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 f", "p1 cbr 10", "p2 f"])
    bad.actions = [*DEAL, "p2 pb", "p1 cc"]  # p3 is to act
    table = stats([STEAL, bad])
    assert table.hand_count == 1
    assert [s.where for s in table.skipped] == ["hand 2"]
    assert "p3's turn" in table.skipped[0].error
    text = (HERE / "data" / "pokerstars" / "three-players.txt").read_text()
    broken = tmp_path / "broken.txt"
    broken.write_text(text + "\n\n" + text.replace("C: calls $0.50", "C: calls $0.40", 1)
                      .replace("Hand #1:", "Hand #2:"))
    junk = tmp_path / "junk.phh"
    junk.write_text("variant = 'FR'\n")
    table = stats([broken, junk])
    assert table.hand_count == 1
    assert [s.where for s in table.skipped] == [str(broken), str(junk)]
    assert "hand #2" in table.skipped[0].error and "antes" in table.skipped[1].error


def test_an_unfinished_hand_is_skipped() -> None:
    unfinished = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 cbr 10"], hand="cut")
    table = stats([STEAL, unfinished])
    assert table.hand_count == 1 and set(table.players()) == set(THREE)
    assert [str(s) for s in table.skipped] == [
        "hand 2 (#cut): the hand is not finished: its actions stop before the end"]
    assert table.row("Cy").hands == 1 and table.row("Cy").wtsd == 0.0


def test_a_name_used_twice_skips_the_hand() -> None:
    twice = hand(["Ann", "Ann", "Cy"], [200] * 3, STEAL.actions)
    blank = hand(["p2", "", "Cy"], [200] * 3, STEAL.actions)  # the blank seat 2 is "p2"
    table = stats([twice, blank, STEAL])
    assert table.hand_count == 1 and table.row("Ann").hands == 1
    assert [s.where for s in table.skipped] == ["hand 1", "hand 2"]
    assert "'Ann' is used twice" in table.skipped[0].error
    assert "'p2' is used twice" in table.skipped[1].error


def test_a_phhs_table_that_is_not_toml_is_the_only_hand_left_out(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    good = phh.dumps_all([STEAL, LIMPED, RIVER_FOLD])
    lines = good.splitlines(keepends=True)
    second = lines.index("[2]\n")
    lines.insert(second + 1, "bring_in = = 5\n")  # the second table is not TOML
    path.write_text("".join(lines))
    table = stats(path)
    assert table.hand_count == 2 and table.row("Ann").hands == 2
    assert [s.where for s in table.skipped] == [f"{path}: hand 2"]
    assert "not valid TOML" in table.skipped[0].error
    assert f"line {second + 2}," in table.skipped[0].error  # the file's line


def test_skipped_hands_name_the_file_once_in_file_order(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    readme = tmp_path / "notes.txt"
    readme.write_text("# notes\n")
    path = tmp_path / "hands.phhs"
    unfinished = hand(THREE, [200] * 3, [*DEAL, "p2 pb"])
    text = phh.dumps_all([STEAL, unfinished, LIMPED])
    path.write_text(text.replace("bring_in = 5", "bring_in = -5", 3)
                    .replace("bring_in = -5", "bring_in = 5", 2))  # the third is malformed
    table = stats([empty, readme, path])
    assert [str(s) for s in table.skipped][:2] == [
        f"{empty}: no hands in the file (it is empty)",
        f"{readme} is not a hand history: neither PHH (TOML with a hand's fields, or a "
        f".phh/.phhs file) nor PokerStars text"]
    assert [s.where for s in table.skipped] == [
        str(empty), str(readme), f"{path}: hand 2", f"{path}: hand 3"]


def test_a_pokerstars_files_hands_keep_their_places_whatever_its_line_ends(
        tmp_path: Path) -> None:
    from razzcore.histories.files import read_file

    text = (HERE / "data" / "pokerstars" / "three-players.txt").read_text()
    text = "\n\n".join([text, text.replace("C: calls $0.50", "C: calls $0.40", 1)
                         .replace("Hand #1:", "Hand #2:"), text.replace("Hand #1:", "Hand #3:")])
    unix, windows = tmp_path / "unix.txt", tmp_path / "windows.txt"
    unix.write_bytes(text.encode())
    windows.write_bytes(text.replace("\n", "\r\n").encode())
    for path in (unix, windows):
        found = read_file(path)
        assert [(i, hh.hand) for i, hh in found.hands] == [(0, 1), (2, 3)]
        assert [place for place, _ in found.errors] == [1]


def test_a_phhs_file_with_a_bad_hand_keeps_the_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    text = phh.dumps_all([STEAL, LIMPED])
    path.write_text(text.replace("bring_in = 5", "bring_in = -5", 1))
    table = stats(path)
    assert table.hand_count == 1 and [s.where for s in table.skipped] == [f"{path}: hand 1"]


def test_bad_sources_are_errors(tmp_path: Path) -> None:
    with pytest.raises(RazzError, match="no file"):
        stats(str(tmp_path / "missing.txt"))
    with pytest.raises(RazzError, match="matches"):
        stats(str(tmp_path / "*.phh"))
    with pytest.raises(RazzError, match="not 7"):
        stats([7])
    with pytest.raises(RazzError, match="submit"):
        stats([STEAL], executor=3)  # type: ignore[arg-type]


# ------------------------------------------------------------- real hands


def _check_row(r: StatsRow) -> None:
    assert r.hands > 0
    for name in ("vpip", "complete", "saw_4th", "saw_5th", "saw_6th", "saw_7th", "wtsd",
                 "won_without_showdown"):
        assert 0 <= getattr(r, f"{name}_count") <= r.hands
        assert getattr(r, name) == getattr(r, f"{name}_count") / r.hands
    assert r.complete_count <= r.vpip_count
    assert r.saw_7th_count <= r.saw_6th_count <= r.saw_5th_count <= r.saw_4th_count
    assert r.wtsd_count <= r.saw_7th_count
    assert r.wsd_count <= r.wtsd_count
    assert r.wtsd_count + r.won_without_showdown_count <= r.hands
    assert r.bring_in_fold_count <= r.bring_in_faced <= r.hands
    assert r.steal_count <= r.steal_chances <= r.hands
    assert r.steal_count <= r.complete_count


@pytest.mark.parametrize("files", [WSOP, STARS], ids=["wsop-phh", "pokerstars"])
def test_real_hands_keep_the_invariants(files: list[str]) -> None:
    assert files
    table = stats(files)
    assert not table.skipped
    for r in table.rows:
        _check_row(r)
    for path in files:
        histories = (pokerstars.load(path) if path.endswith(".txt") else [phh.load(path)])
        for hh in histories:
            one = stats([hh])
            game = hh.replay()
            assert sum(r.net for r in one.rows) + game.rake == 0
            got = {r.player: r.net for r in one.rows}
            assert game.payoffs is not None
            assert [got.get(n, 0) for n in _names(hh)] == list(game.payoffs)
            if hh.finishing_stacks is not None:
                want = [f - s for f, s in zip(hh.finishing_stacks, hh.starting_stacks,
                                              strict=True)]
                assert [got.get(n, 0) for n in _names(hh)] == want


def _names(hh: phh.HandHistory) -> list[str]:
    return [n or f"p{s + 1}" for s, n in enumerate(hh.players or [""] * hh.player_count)]


def test_simulated_hands_give_simulates_totals() -> None:
    rules = Rules(2, 5, 10, 20, profile="online")
    result = simulate(rules, [300] * 4, 300, policy="basic", seed=11, record=300)
    table = stats(result.histories)
    assert table.hand_count == 300 and not table.skipped
    assert [table.row(f"p{s + 1}").net for s in range(4)] == list(result.winnings)
    assert sum(r.wtsd_count for r in table.rows) >= result.showdowns * 2
    for r in table.rows:
        _check_row(r)


# ------------------------------------------------------------- parts and executors


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=0, max_size=12), st.integers(0, 12))
def test_parts_merged_give_the_whole(picks: list[int], cut: int) -> None:
    pool = [STEAL, LIMPED, BRING_IN_COMPLETES, SPLIT, RIVER_FOLD]
    histories = [pool[i] for i in picks]
    cut = min(cut, len(histories))
    whole = stats(histories)
    parts = stats(histories[:cut]) + stats(histories[cut:])
    assert parts == whole
    assert parts.rows == whole.rows and parts.to_dicts() == whole.to_dicts()


def test_any_executor_gives_the_same_table(monkeypatch: pytest.MonkeyPatch) -> None:
    import razzcore.tracker.reading as reading

    monkeypatch.setattr(reading, "CHUNK_HANDS", 7)  # many parts
    rules = Rules(2, 5, 10, 20)
    histories = list(simulate(rules, [200] * 3, 60, policy="random", seed=5,
                              record=60).histories)
    ref = stats([*histories, *WSOP])
    with ThreadPoolExecutor(2) as pool:
        assert stats([*histories, *WSOP], executor=pool) == ref


def test_dask_cluster_gives_the_same_table() -> None:
    distributed = pytest.importorskip("dask.distributed")
    ref = stats([*WSOP, *STARS])
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        got = stats([*WSOP, *STARS], executor=client.get_executor())
    assert got == ref and got.hand_count == len(WSOP) + sum(
        len(pokerstars.load(p)) for p in STARS)


# ------------------------------------------------------------- the table's faces


def test_table_text_dicts_and_pandas() -> None:
    table = stats([STEAL, LIMPED])
    text = str(table)
    assert text.splitlines()[0].split()[:4] == ["player", "hands", "net", "bb/100"]
    assert "Ann" in text and "78" in text  # 9 + 69
    dicts = table.to_dicts()
    assert list(dicts[0]) == list(COLUMNS)
    assert dicts[0]["player"] == "Ann" and dicts[0]["hands"] == 2
    pd = pytest.importorskip("pandas")
    frame = table.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert frame.loc["Ann", "net"] == 78 and frame.loc["Bob", "vpip_count"] == 1
    assert razzcore.stats is stats and razzcore.StatsTable is StatsTable


def test_merge_keeps_order_and_skips() -> None:
    bad = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 f", "p1 cbr 10", "p2 f"])
    bad.actions = [*DEAL, "p1 cc"]
    a, b = stats([STEAL]), stats([bad, LIMPED])
    both = merge([a, b])
    assert [h.hand for h in both.hands][::3] == ["steal", "limped"]
    assert len(both.skipped) == 1 and both.hand_count == 2


def test_the_result_graph(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from razzcore.show.tracker import plot_results, result_lines

    table = stats([STEAL, LIMPED, RIVER_FOLD])
    total, shown, unshown = result_lines([h for h in table.hands if h.player == "Ann"])
    assert total == pytest.approx([9 / 20, 78 / 20, 85 / 20])
    assert shown == pytest.approx([0, 69 / 20, 69 / 20])
    assert unshown == pytest.approx([9 / 20, 9 / 20, 16 / 20])
    out = tmp_path / "ann.png"
    plot_results(table.hands, out, player="Ann")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(RazzError, match="Zed"):
        plot_results(table.hands, out, player="Zed")


def test_paths_and_globs_read_either_kind(tmp_path: Path) -> None:
    (tmp_path / "a.phhs").write_text(phh.dumps_all([STEAL, LIMPED]))
    (tmp_path / "b.phh").write_text(phh.dumps(RIVER_FOLD))
    (tmp_path / "c.txt").write_text(pokerstars.dumps([pokerstars.EXAMPLE]))
    table = stats(str(tmp_path / "*"))
    assert table.hand_count == 4
    assert stats(os.fspath(tmp_path / "b.phh")).rows == stats([RIVER_FOLD]).rows
    assert table.rows == merge([stats([STEAL, LIMPED]), stats([RIVER_FOLD]),
                                stats([pokerstars.loads(pokerstars.dumps(
                                    [pokerstars.EXAMPLE]))[0]])]).rows


# ------------------------------------------------------------- the command


def test_the_stats_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from razzcore.cli.commands import main

    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED, RIVER_FOLD]))
    assert main(["stats", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[0] for ln in lines[1:4]] == ["Ann", "Bob", "Cy"]
    assert lines[-1].startswith("3 hands")
    assert main(["stats", str(path), "--json", "--sort", "net", "--min-hands", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["player"] for r in out["rows"]] == ["Ann", "Bob"]
    assert list(out["rows"][0]) == list(COLUMNS) and out["hands"] == 3
    assert out["rows"] == [r for r in stats(path).to_dicts() if r["hands"] >= 3]
    assert main(["stats", str(path), "--player", "Cy", "--json"]) == 0
    assert [r["player"] for r in json.loads(capsys.readouterr().out)["rows"]] == ["Cy"]


def test_the_stats_command_errors_and_left_out(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli.commands import main

    assert main(["stats", str(tmp_path / "none.txt")]) == 2
    assert "no file" in capsys.readouterr().err
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'FR'\n")
    good = tmp_path / "good.phh"
    good.write_text(phh.dumps(STEAL))
    assert main(["stats", str(bad), str(good)]) == 2  # as replay: a hand left out
    captured = capsys.readouterr()
    assert "bad.phh" in captured.err and "(left out)" in captured.err
    assert "1 hand, 1 left out" in captured.out
    assert main(["stats", str(good), "--player", "Zed"]) == 2
    assert "Zed" in capsys.readouterr().err


def test_the_stats_command_when_no_player_has_min_hands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli.commands import main

    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED, RIVER_FOLD]))
    assert main(["stats", str(path), "--min-hands", "100"]) == 0
    assert capsys.readouterr().out == (
        "no player has 100 hands or more (--min-hands): the most any player has is 3, of "
        "3 hands read\n")


@pytest.mark.parametrize("kind", ["phhs", "pokerstars"])
def test_the_stats_command_reads_standard_input(kind: str, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import json

    from razzcore.cli.commands import main

    if kind == "phhs":
        text, want = phh.dumps_all([STEAL, LIMPED]), stats([STEAL, LIMPED]).to_dicts()
    else:
        text = (HERE / "data" / "pokerstars" / "three-players.txt").read_text()
        want = stats(pokerstars.loads(text)).to_dicts()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["stats", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == want


def test_the_stats_command_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    from razzcore.cli.commands import main

    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED, RIVER_FOLD]))
    out = tmp_path / "bob.png"
    assert main(["stats", str(path), "--player", "Bob", "--plot", str(out)]) == 0
    assert "Bob's results drawn" in capsys.readouterr().out
    assert out.read_bytes()[:4] == b"\x89PNG"


def _run_stats(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "razzcore", "stats", *words],
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_stats_command_refuses_a_plot_it_cannot_write(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED]))
    run = _run_stats(str(path), "--plot", str(tmp_path / "out.xyz"))
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr
    assert "'.xyz'" in run.stderr and "png, " in run.stderr and "svg" in run.stderr
    run = _run_stats(str(path), "--plot", str(tmp_path))
    assert run.returncode == 2 and "is a folder" in run.stderr
    assert not (tmp_path.parent / (tmp_path.name + ".png")).exists()
    # checked before any reading: a missing file is not reached
    run = _run_stats(str(tmp_path / "none.txt"), "--plot", str(tmp_path / "a.xyz"))
    assert run.returncode == 2 and "'.xyz'" in run.stderr


def test_the_stats_command_names_the_plot_it_writes(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED]))
    run = _run_stats(str(path), "--plot", str(tmp_path / "noext"), "--player", "Ann")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == f"Ann's results drawn in {tmp_path / 'noext.png'}"
    assert (tmp_path / "noext.png").read_bytes()[:4] == b"\x89PNG"
    assert not (tmp_path / "noext").exists()


def test_the_stats_command_fails_when_files_are_left_out(tmp_path: Path) -> None:
    picture = tmp_path / "s.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    notes = tmp_path / "notes.md"
    notes.write_text("# notes\n\nnot a hand\n")
    whole = (HERE / "data" / "pokerstars" / "three-players.txt").read_text()
    cut = tmp_path / "cut.txt"
    cut.write_text(whole[: whole.index("*** 6th STREET ***") + 20])
    for source in (picture, notes, cut):
        run = _run_stats(str(source))
        assert run.returncode == 2, source
        assert "0 hands, 1 left out" in run.stdout
        (line,) = run.stderr.splitlines()
        assert line.count(source.name) == 1 and line.endswith("(left out)")
        assert subprocess.run([sys.executable, "-m", "razzcore", "replay", str(source)],
                              capture_output=True, check=False).returncode == 2
    good = tmp_path / "good.phh"
    good.write_text(phh.dumps(STEAL))
    run = _run_stats(str(good), str(picture))
    assert run.returncode == 2 and "1 hand, 1 left out" in run.stdout
    assert _run_stats(str(good)).returncode == 0


@pytest.mark.parametrize(("given", "column"), [
    ("bb/100", "big_bets_per_100"), ("4th", "saw_4th"), ("agg", "aggression"),
    ("bi fold", "bring_in_fold"), ("net", "net"), ("saw_4th", "saw_4th"),
])
def test_the_stats_command_sorts_by_a_header_or_a_json_key(
        given: str, column: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from razzcore.cli.commands import main

    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED, RIVER_FOLD]))
    assert main(["stats", str(path), "--json", "--sort", given]) == 0
    got = [r["player"] for r in json.loads(capsys.readouterr().out)["rows"]]
    want = sorted(stats(path).to_dicts(), key=lambda r: (r[column] is None,
                                                         -(r[column] or 0), r["player"]))
    assert got == [r["player"] for r in want]


def test_the_stats_command_lists_every_sort_column(tmp_path: Path) -> None:
    from razzcore.show.tracker import HEADERS

    run = _run_stats(str(tmp_path / "none.txt"), "--sort", "size")
    assert run.returncode == 2 and "..." not in run.stderr and "…" not in run.stderr
    for name in [*HEADERS, *COLUMNS]:
        assert name in run.stderr


def test_the_stats_command_hints_a_player_named_in_another_case(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED]))
    run = _run_stats(str(path), "--player", "ann")
    assert run.returncode == 2
    assert run.stderr.strip() == "razzcore stats: error: no player 'ann'; did you mean 'Ann'?"
    run = _run_stats(str(path), "--player", "Zed")
    assert run.returncode == 2 and "did you mean" not in run.stderr and "'Zed'" in run.stderr


@pytest.mark.parametrize("name", [
    "razzcore.tracker", "razzcore.tracker.counting", "razzcore.tracker.table",
    "razzcore.tracker.reading", "razzcore.histories.files", "razzcore.show.tracker",
    "razzcore.show.columns", "razzcore.cli.tracker",
])
def test_docstring_examples_of_the_tracker_modules(name: str) -> None:
    import doctest
    import importlib

    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.IGNORE_EXCEPTION_DETAIL
    result = doctest.testmod(importlib.import_module(name), optionflags=flags)
    assert result.failed == 0


def test_progress_bar_leaves_the_table_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    assert stats([STEAL, LIMPED], progress=True) == stats([STEAL, LIMPED])
    assert "part" in capsys.readouterr().err
    with pytest.raises(RazzError, match="progress"):
        stats([STEAL], progress="yes")  # type: ignore[arg-type]


# ------------------------------------------------------------- an oracle from the text


def oracle_counts(hh: phh.HandHistory) -> dict[str, dict[str, int]]:
    """The counts of one hand read from its PHH action lines in plain Python
    (no engine): the definitions of docs/stats.md written a second time."""
    n = hh.player_count
    names = _names(hh)
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
    return {names[s]: c[s] for s in range(n)}


def _oracle_table(histories: list[phh.HandHistory]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for hh in histories:
        dealt = set(stats([hh]).players())  # who was dealt in: the engine says
        for name, counts in oracle_counts(hh).items():
            if name in dealt:
                mine = out.setdefault(name, dict.fromkeys(counts, 0))
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
    got = {r.player: r for r in stats(histories).rows}
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
