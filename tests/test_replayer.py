"""The hand replayer's data and page (without a browser; see test_replayer_browser.py)."""

from __future__ import annotations

import html
import itertools
import json
import pathlib
import re
import subprocess
import sys
from typing import Any

import pytest

from razzcore import phh
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.errors import PHHError
from razzcore.show import replayer

ROOT = pathlib.Path(__file__).resolve().parent
WSOP = ROOT / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"
WSOP_FILES = sorted(WSOP.glob("*.phh"))
EVIL = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">&amp;'


def page_data(page: str) -> list[dict[str, Any]]:
    """The JSON the page embeds, read back as a browser would."""
    m = re.search(r'<script type="application/json" id="rz-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: list[dict[str, Any]] = json.loads(m.group(1))
    return data


def chips(n: int) -> str:
    return f"{n:,}"


def seat_cards_count(actions: list[str], upto: int, seat: int) -> int:
    """Plain reference: cards dealt to ``seat`` by actions[0..upto]."""
    count = 0
    for text in actions[: upto + 1]:
        words = text.split("#")[0].split()
        if words[:2] == ["d", "dh"] and words[2] == f"p{seat + 1}":
            count += len(words[3]) // 2
    return count


# ------------------------------------------------------------------ the observe hook


def test_observe_sees_every_action_in_order() -> None:
    hh = phh.load(WSOP_FILES[0].open("rb"))
    seen: list[int] = []
    stacks: list[tuple[int, ...]] = []
    hand = hh.replay(observe=lambda i, h: (seen.append(i), stacks.append(h.stacks)))
    assert seen == list(range(-1, len(hh.actions) + 1))
    assert stacks[0] == tuple(s - 50000 for s in hh.starting_stacks)  # antes in
    assert stacks[-1] == hand.stacks


# ------------------------------------------------------------------ steps vs the engine


@pytest.mark.parametrize("path", WSOP_FILES, ids=lambda p: p.name)
def test_steps_agree_with_a_replay_of_each_prefix(path: pathlib.Path) -> None:
    """Every player-action step shows the stacks and bets of the engine after
    replaying the history up to that action (an independent replay)."""
    hh = phh.load(path.open("rb"))
    data = replayer.hand_data(hh)
    steps = data["steps"]
    # Consecutive dealer actions make one step; each other action one step.
    kinds = ["d" if t.split()[0] == "d" else "p" for t in hh.actions]
    groups = [k for i, k in enumerate(kinds) if k == "p" or i == 0 or kinds[i - 1] != "d"]
    assert len(steps) == len(groups)
    k = -1
    for i, kind in enumerate(kinds):
        if kind == "p" or i == 0 or kinds[i - 1] != "d":
            k += 1
        step = steps[k]
        if kind == "d" or " sm" in hh.actions[i]:
            continue
        prefix = phh.HandHistory(hh.antes, hh.bring_in, hh.small_bet, hh.big_bet,
                                 hh.starting_stacks, hh.actions[: i + 1])
        ref = prefix.replay()
        if ref.is_over and any(" sm" in t for t in hh.actions[i + 1 :]):
            continue  # the prefix stops at the showdown: its replay shows down by itself
        assert step["stacks"] == [chips(v) for v in ref.stacks], hh.actions[i]
        assert step["bets"] == [chips(v) if v else "" for v in ref.bets], hh.actions[i]
        assert step["folded"] == list(ref.folded)
        for s in range(hh.player_count):
            assert len(step["cards"][s]) == seat_cards_count(hh.actions, i, s)
    final = steps[-1]
    assert final["over"]
    assert final["stacks"] == [chips(v) for v in hh.finishing_stacks or ()]
    assert data["matches"] is True
    assert [row[2] for row in data["result"]["stacks"]] == final["stacks"]


def test_action_words() -> None:
    hh = phh.load((WSOP / "03-50-24.phh").open("rb"))
    texts = [s["text"] for s in replayer.hand_data(hh)["steps"]]
    assert texts[:6] == [
        "3rd street dealt",
        "Brian Rast brings in for 100,000",
        "Talal Shakerchi completes to 300,000",
        "Brian Rast raises to 600,000",
        "Talal Shakerchi calls 300,000",
        "4th street dealt",
    ]
    assert "Talal Shakerchi calls 150,000, all-in" in texts
    assert texts[-1] == "Brian Rast shows Eight-Seven low, 8-7-4-3-2"
    data = replayer.hand_data(hh)
    assert data["steps"][-1]["won"] == ["", "wins 5,300,000"]
    assert all(not any(step["won"]) for step in data["steps"][:-1])
    result = data["result"]
    assert result["awards"] == ["Brian Rast wins 5,300,000 from the pot"]
    assert result["showdown"] == ["Talal Shakerchi: Jack-Eight low, J-8-4-2-A",
                                  "Brian Rast: Eight-Seven low, 8-7-4-3-2"]


def test_unknown_cards_stay_backs_until_shown() -> None:
    """A history written from one seat's view: the opponent's down cards are
    ``??`` and stay backs, even though the engine fills them in, until the
    showdown names them."""
    hand = Hand(Rules(2, 5, 10, 20), [200, 200], seed=11, manual_showdown=True)
    while hand.actor is not None and not hand.legal_actions()[0].startswith("sm"):
        hand.act("cc" if "cc" in hand.legal_actions() else hand.legal_actions()[0])
    seen_by_p1 = list(hand.view(0).history)
    # p1 shows then p2 shows; the p2 show names p2's cards.
    while hand.actor is not None:
        hand.act(f"p{hand.actor + 1} sm -")
    shows = [t for t in hand.history if " sm" in t]
    p2_down = [c for c in hand.hole_cards(1) if c not in hand.board(1)]
    hh = phh.HandHistory([2, 2], 5, 10, 20, [200, 200], seen_by_p1 + shows)
    steps = replayer.hand_data(hh)["steps"]
    from razzcore.cards import format_card

    hidden = {format_card(c) for c in p2_down}
    show_step = next(k for k, s in enumerate(steps) if s["text"].startswith("Seat 2 shows"))
    for step in steps[:show_step]:
        assert not hidden & set(step["cards"][1])
        assert None in step["cards"][1]
        assert None not in step["cards"][0]  # p1's own cards are known
    assert set(steps[show_step]["cards"][1]) >= hidden
    assert None not in steps[show_step]["cards"][1]
    assert steps[show_step]["lows"][1] is not None


def test_a_show_of_unknown_cards_names_no_low() -> None:
    """``p2 sm ????...``: the engine shows the cards it filled in; the page
    keeps them as backs and names no low (it would be invented)."""
    hand = Hand(Rules(2, 5, 10, 20), [200, 200], seed=11, manual_showdown=True)
    while hand.actor is not None and not hand.legal_actions()[0].startswith("sm"):
        hand.act("cc" if "cc" in hand.legal_actions() else hand.legal_actions()[0])
    seen_by_p1 = list(hand.view(0).history)
    shows = []
    while hand.actor is not None:
        seat = hand.actor
        hand.act(f"p{seat + 1} sm -")
        shows.append(hand.history[-1] if seat == 0 else "p2 sm " + "??" * 7)
    hh = phh.HandHistory([2, 2], 5, 10, 20, [200, 200], seen_by_p1 + shows)
    steps = replayer.hand_data(hh)["steps"]
    p2_show = next(s for s in steps if s["text"].startswith("Seat 2 shows"))
    assert p2_show["text"] == "Seat 2 shows"
    assert p2_show["cards"][1].count(None) == 3  # two first and the last down card
    assert p2_show["lows"][1] is None
    assert steps[-1]["lows"][1] is None


def test_a_history_of_unknown_cards_shows_backs() -> None:
    hh = phh.HandHistory([1, 1], 2, 5, 10, [50, 50],
                         ["d dh p1 ??????", "d dh p2 ??????", "p2 pb", "p1 f"])
    steps = replayer.hand_data(hh)["steps"]
    assert steps[0]["cards"] == [[None, None, None], [None, None, None]]


@pytest.mark.parametrize(("profile", "deal_in_absent"),
                         [("online", False), ("tda", False), ("tda", True)])
def test_random_hands_of_every_size(profile: str, deal_in_absent: bool) -> None:
    """Random play from 2 to 8 seats, short stacks (all-ins, side pots), seats
    sitting out: every page ends on the engine's finishing stacks, every step
    is one action or one deal, and cards only ever appear."""
    import random

    from engine_support import play_random

    for seed in range(40):
        rng = random.Random(seed)
        n = 2 + seed % 7
        stacks = [rng.choice([0, 9, 30, 60, 200]) if s > 1 else 200 for s in range(n)]
        absent = [s for s in range(2, n) if stacks[s] and rng.random() < 0.2]
        rules = Rules(2, 5, 10, 20, profile=profile, deal_in_absent_players=deal_in_absent)
        hand = Hand(rules, stacks, seed=seed, absent=absent)
        play_random(hand, rng)
        # The history names the seats sitting out (R23) for its replay.
        hh = phh.HandHistory.from_hand(hand, _razzcore_absent=[s + 1 for s in absent])
        data = replayer.hand_data(hh)
        steps = data["steps"]
        assert [seat["out"] for seat in data["seats"]] == [not d for d in hand.dealt_in]
        assert steps[-1]["over"] and not any(s["over"] for s in steps[:-1] if s["who"] is None)
        assert steps[-1]["stacks"] == [chips(v) for v in hand.stacks]
        assert data["matches"] is True
        kinds = ["d" if t.startswith("d ") else "p" for t in hh.actions]
        groups = sum(1 for i, k in enumerate(kinds) if k == "p" or i == 0 or kinds[i - 1] != "d")
        assert len(steps) in (groups, groups + 1)  # + the engine's finishing showdown
        for before, after in itertools.pairwise(steps):
            for a, b in zip(before["cards"], after["cards"], strict=True):
                assert b[: len(a)] == a
        community = hand.community_card
        if community is not None:
            from razzcore.cards import format_card

            assert steps[-1]["community"] == format_card(community)


def test_a_community_card_when_the_deck_runs_short() -> None:
    """Eight players to 7th street: 56 cards do not exist, the last card is
    dealt face up to the middle (R18) and the page shows it."""
    hand = Hand(Rules(1, 2, 5, 10), [500] * 8, seed=3)
    while hand.actor is not None:
        legal = hand.legal_actions()
        hand.act("cc" if "cc" in legal else legal[0])
    assert hand.community_card is not None
    data = replayer.hand_data(phh.HandHistory.from_hand(hand))
    seventh = [s for s in data["steps"] if s["street"] == "7th street"]
    assert seventh and all(s["community"] for s in seventh)
    assert all(s["community"] == "" for s in data["steps"] if s["street"] != "7th street")


# ------------------------------------------------------------------ the page


def test_an_unfinished_hand_has_no_result() -> None:
    hh = phh.HandHistory([1, 1], 2, 5, 10, [50, 50],
                         ["d dh p1 ??????", "d dh p2 ??????", "p2 pb"], players=["A", "B"])
    data = replayer.hand_data(hh)
    assert data["result"] is None
    assert data["complete"] is False and data["label"] == "Hand 1 · 2 players · incomplete"
    assert data["incomplete"] == ("Incomplete: the history stops before the hand ends "
                                  "(A to act).")
    assert data["outcome"] == "" and data["matches"] is None
    assert [s["text"] for s in data["steps"]] == ["3rd street dealt", "B brings in for 2"]
    assert data["steps"][-1]["actor"] is None and not data["steps"][-1]["over"]
    assert data["steps"][0]["actor"] == 1


def test_the_pot_is_empty_once_awarded_and_the_list_keeps_the_winner() -> None:
    hh = phh.load(WSOP / "03-50-24.phh")
    data = replayer.hand_data(hh)
    over = [s for s in data["steps"] if s["over"]]
    assert over and all(s["pots"] == ["Pot 0"] for s in over)
    assert data["steps"][-2]["pots"] == ["Pot 5,300,000"]
    assert "Brian Rast" not in data["label"] and data["outcome"] == "Brian Rast +2,650,000"
    page = replayer.page(hh)
    assert 'data-spoilers="false"' in page and "+2,650,000" not in page.split("<script")[0]
    assert 'data-spoilers="true"' in replayer.page(hh, spoilers=True)


def test_page_is_self_contained() -> None:
    hh = phh.load(WSOP_FILES[-1].open("rb"))
    page = replayer.page(hh)
    assert page == replayer.page([hh])
    assert page.startswith("<!DOCTYPE html>")
    assert "default-src 'none'" in page  # the page may load nothing
    # No reference to anything outside the page.
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", page)
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "").replace(
        '"http://www.w3.org/2000/svg"', "")
    assert "https://" not in page
    data = page_data(page)
    assert len(data) == 1 and data[0]["seats"][0]["name"] == "Talal Shakerchi"
    used = {c for step in data[0]["steps"] for row in step["cards"] for c in row if c}
    for c in used:
        assert f'id="rz-{c}"' in page and f'id="rz-{c}-down"' in page
    assert 'id="rz-back"' in page


def test_names_are_escaped() -> None:
    hh = phh.load(WSOP_FILES[-1].open("rb"))
    hh.players = [EVIL, "O'Neil \u2028 & co"]
    hh.event = "<b>event</b>"
    page = replayer.page([hh], title="</title><script>x</script>")
    assert "<script>window.pwned" not in page
    assert "<img" not in page
    assert "<b>event" not in page
    assert page.count("</script>") == 2  # the data block and the script
    assert "<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>" in page
    data = page_data(page)
    assert data[0]["seats"][0]["name"] == EVIL
    assert data[0]["seats"][1]["name"] == "O'Neil \u2028 & co"
    assert data[0]["title"].startswith("<b>event</b>")


def test_notebook_frame_holds_the_page() -> None:
    hh = phh.load(WSOP_FILES[0].open("rb"))
    frame = hh._repr_html_()
    m = re.fullmatch(r'<iframe srcdoc="([^"]*)" style="[^"]*" title="[^"]*"></iframe>', frame)
    assert m is not None
    assert html.unescape(m.group(1)) == replayer.page(hh)


def test_several_hands_and_errors() -> None:
    good = [phh.load(p.open("rb")) for p in WSOP_FILES[:3]]
    data = page_data(replayer.page(good))
    assert [d["title"].split(" · ")[-1] for d in data] == ["Hand 20", "Hand 21", "Hand 22"]
    bad = phh.HandHistory([1, 1], 2, 5, 10, [50, 50], ["p1 pb"])
    with pytest.raises(PHHError, match=r"^hand 2: action 1 'p1 pb'"):
        replayer.page([good[0], bad])
    with pytest.raises(PHHError, match="at least one hand"):
        replayer.page([])
    with pytest.raises(PHHError, match="HandHistory"):
        replayer.hand_data("variant = 'FR'")  # type: ignore[arg-type]


def test_engine_hands_of_eight_players_replay_to_their_stacks() -> None:
    from razzcore.sim.playing import play

    result = play(8, 12, seed=4, keep_hands=True)
    histories = [phh.HandHistory.from_hand(h) for h in result.hand_list]
    for hh, data in zip(histories, page_data(replayer.page(histories)), strict=True):
        assert len(data["seats"]) == 8
        assert data["steps"][-1]["stacks"] == [chips(v) for v in hh.finishing_stacks or ()]
        assert data["matches"] is True
        for step in data["steps"]:  # an engine history knows every card
            assert all(c is not None for row in step["cards"] for c in row)


# ------------------------------------------------------------------ the command


def run(*args: str, cwd: pathlib.Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "razzcore", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120, check=False)


def test_cli_html_from_several_files(tmp_path: pathlib.Path) -> None:
    made = run("play", "--players", "8", "--hands", "3", "--seed", "2", "--phh", "p8.phhs",
               cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    out = tmp_path / "page.html"
    proc = run("replay", str(WSOP_FILES[0]), "p8.phhs", "--html", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"wrote 4 hands to {out}"
    data = page_data(out.read_text(encoding="utf-8"))
    assert [len(d["seats"]) for d in data] == [5, 8, 8, 8]
    assert data[1]["label"].startswith("p8.phhs \u00b7 ")


def test_cli_html_leaves_out_a_bad_hand_and_names_it(tmp_path: pathlib.Path) -> None:
    hands = [phh.load(p.open("rb")) for p in WSOP_FILES[:3]]
    hands[1].actions[6] = "p1 cbr 999"  # hand 2: an illegal amount
    (tmp_path / "h.phhs").write_text(phh.dumps_all(hands), encoding="utf-8")
    proc = run("replay", "h.phhs", "--html", "out.html", cwd=tmp_path)
    assert proc.returncode == 2
    assert re.match(r"razzcore replay: error: h\.phhs:\d+: hand 2: action 7 'p1 cbr 999'",
                    proc.stderr)
    assert "left out of the page" in proc.stderr
    assert len(page_data((tmp_path / "out.html").read_text(encoding="utf-8"))) == 2


def test_cli_html_reports_a_mismatch(tmp_path: pathlib.Path) -> None:
    text = WSOP_FILES[0].read_text(encoding="utf-8").replace(
        "finishing_stacks = [6450000", "finishing_stacks = [6450001")
    (tmp_path / "m.phh").write_text(text, encoding="utf-8")
    proc = run("replay", "m.phh", "--html", "out.html", cwd=tmp_path)
    assert proc.returncode == 1
    assert "finishing_stacks mismatch" in proc.stderr
    data = page_data((tmp_path / "out.html").read_text(encoding="utf-8"))[0]
    assert data["matches"] is False and "6,450,001" in data["result"]["check"]


def _truncated(tmp_path: pathlib.Path, keep_finishing_stacks: bool) -> pathlib.Path:
    """The WSOP all-in hand with its last actions cut (the showdown and the
    river are gone)."""
    hh = phh.load(WSOP / "03-50-24.phh")
    hh.actions = hh.actions[: hh.actions.index("p1 cc", 16)]
    if not keep_finishing_stacks:
        hh.finishing_stacks = None
    path = tmp_path / "short.phh"
    path.write_text(phh.dumps(hh), encoding="utf-8")
    return path


@pytest.mark.parametrize("keep_finishing_stacks", [True, False])
def test_cli_a_truncated_hand_has_one_status_with_and_without_html(
        tmp_path: pathlib.Path, keep_finishing_stacks: bool) -> None:
    path = _truncated(tmp_path, keep_finishing_stacks)
    text = run("replay", str(path), cwd=tmp_path)
    as_json = run("replay", str(path), "--json", cwd=tmp_path)
    page = run("replay", str(path), "--html", "page.html", cwd=tmp_path)
    want = 1 if keep_finishing_stacks else 0  # the file's stacks are not where it stops
    assert [text.returncode, as_json.returncode, page.returncode] == [want] * 3
    for proc in (text, as_json, page):
        assert "short.phh: the hand is incomplete" in proc.stderr
        assert ("finishing_stacks mismatch" in proc.stderr) == keep_finishing_stacks
    assert "*** Incomplete *** (the hand stops before its end: Talal Shakerchi to act)" in (
        text.stdout)
    assert json.loads(as_json.stdout)["complete"] is False
    data = page_data((tmp_path / "page.html").read_text(encoding="utf-8"))[0]
    assert data["complete"] is False and data["label"].endswith(" · incomplete")
    assert data["incomplete"].startswith("Incomplete: the history stops before the hand ends")
    assert ("the replay stops with 150,000 / 24,400,000" in data["incomplete"]) == (
        keep_finishing_stacks)


def test_cli_several_files_as_json(tmp_path: pathlib.Path) -> None:
    proc = run("replay", str(WSOP_FILES[0]), str(WSOP_FILES[1]), "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    files = json.loads(proc.stdout)["files"]
    assert [f["file"] for f in files] == [str(WSOP_FILES[0]), str(WSOP_FILES[1])]
    assert all(f["matches"] for f in files)
    proc = run("replay", str(WSOP_FILES[0]), "--html", "x.html", "--json", cwd=tmp_path)
    assert proc.returncode == 2 and "leave out --json" in proc.stderr


def test_page_accepts_a_single_history_and_refuses_other_types() -> None:
    from razzcore.errors import RazzError
    from razzcore.show import replayer

    single = phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])
    assert replayer.page(single) == replayer.page([single])
    for wrong in (None, "hands.phhs", 5, [single, "x"]):
        with pytest.raises(RazzError, match="page takes"):
            replayer.page(wrong)  # type: ignore[arg-type]
