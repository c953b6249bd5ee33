"""The tracker's table: its rows by player and unit, its text, dicts,
pandas frame and merges, the error for a player no hand has, the result
graph, and the ``razzcore stats`` command."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from tracker_support import DEAL, HERE, LIMPED, RIVER_FOLD, STEAL, THREE, hand

import razzcore
from razzcore import phh, pokerstars
from razzcore.errors import RazzError
from razzcore.tracker import COLUMNS, PlayerNotFoundError, StatsTable, merge, stats

# ------------------------------------------------------------- the table's faces


def test_table_text_dicts_and_pandas() -> None:
    table = stats([STEAL, LIMPED])
    text = str(table)
    assert text.splitlines()[0].split()[:5] == ["player", "unit", "hands", "net", "bb/100"]
    assert text.splitlines()[1].split()[:4] == ["Ann", "chips", "2", "+78"]
    assert "Ann" in text and "78" in text  # 9 + 69
    dicts = table.to_dicts()
    assert list(dicts[0]) == list(COLUMNS)
    assert dicts[0]["player"] == "Ann" and dicts[0]["hands"] == 2
    assert dicts[0]["unit"] == "chips"
    pd = pytest.importorskip("pandas")
    frame = table.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert frame.loc["Ann", "net"] == 78 and frame.loc["Bob", "vpip_count"] == 1
    assert razzcore.stats is stats and razzcore.StatsTable is StatsTable


def test_the_text_table_aligns_wide_names() -> None:
    wide = hand(["\u674e\u96f7", "Bob", "\u5c71\u7530\u592a\u90ce"], [200] * 3, STEAL.actions)
    from razzcore.show.columns import width

    lines = str(stats([wide])).splitlines()
    assert {line.split()[0] for line in lines[1:]} == {"\u674e\u96f7", "Bob",
                                                       "\u5c71\u7530\u592a\u90ce"}
    # every column ends at the same screen column: the widths up to "hands" agree
    ends = {width(line[: line.index(" 1 ") + 2]) for line in lines[1:]}
    assert len(ends) == 1
    assert width(lines[0][: lines[0].index("hands") + 5]) == ends.pop()


def test_the_counts_are_summed_in_blocks() -> None:
    from razzcore.tracker.counting import count_hand
    from razzcore.tracker.table import BLOCK_HANDS

    table = StatsTable()
    ((name, counts),) = [seat for seat in count_hand(STEAL) if seat[0] == "Ann"]
    for _ in range(2 * BLOCK_HANDS + 5):
        table._add_hand([(name, counts)], 20, "chips", None, None, None)
        kept = table._units["chips"]["Ann"]
        assert len(kept.hands) == len(kept.bets) < BLOCK_HANDS  # the rest summed
    assert len(kept.hands) == 5
    ann = table.row("Ann")
    assert (ann.hands, ann.net, ann.steal_count) == (2 * BLOCK_HANDS + 5,
                                                     9 * (2 * BLOCK_HANDS + 5),
                                                     2 * BLOCK_HANDS + 5)
    whole = stats([STEAL] * (2 * BLOCK_HANDS + 5))
    assert whole.row("Ann") == ann
    assert whole == stats([STEAL] * BLOCK_HANDS) + stats([STEAL] * (BLOCK_HANDS + 5))


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
    # few hands: the hands are numbered 1, 2, 3 (no 1.5); the net drawn over its parts
    picture = tmp_path / "ann.svg"
    plot_results(table.hands, picture, player="Ann")
    svg = picture.read_text()
    x_axis = svg[svg.index('id="matplotlib.axis_1"'): svg.index('id="matplotlib.axis_2"')]
    assert re.findall(r"<!-- (\S+) -->", x_axis) == ["1", "2", "3", "hands"]
    net, shown, unshown = (svg.index(f"stroke: {c}") for c in ("#1b7837", "#2166ac",
                                                               "#b2182b"))
    assert net > shown and net > unshown
    with pytest.raises(PlayerNotFoundError,
                       match="no player 'Zed', nor any close to it, among the 3 players: 'Ann'"):
        plot_results(table.hands, out, player="Zed")

# ------------------------------------------------------------- units


def _three_units(tmp_path: Path) -> list[Path]:
    """alpha's hands in three units: chips (a PHH file without a currency),
    euro cents and dollar cents (PokerStars cash games)."""
    chips = tmp_path / "tournament.phh"
    chips.write_text(phh.dumps(hand(["alpha", "bravo [x]", "charlie"], [200] * 3,
                                    STEAL.actions)))  # alpha wins 9
    dollars = tmp_path / "dollars.txt"
    dollars.write_text(pokerstars.dumps([pokerstars.EXAMPLE]))  # alpha loses 35 cents
    euros = tmp_path / "euros.txt"
    euros.write_text(dollars.read_text().replace("$", "\u20ac").replace("USD", "EUR"))
    return [chips, euros, dollars]


def test_rows_are_kept_per_player_and_unit(tmp_path: Path) -> None:
    files = _three_units(tmp_path)
    table = stats(files)
    alpha = [r for r in table.rows if r.player == "alpha"]
    assert [(r.unit, r.hands, r.net) for r in alpha] == [
        ("EUR", 1, -35), ("USD", 1, -35), ("chips", 1, 9)]
    assert [r.big_bets_per_100 for r in alpha] == pytest.approx([-35.0, -35.0, 45.0])
    for r in table.rows:
        assert (r.net > 0) == (r.big_bets_per_100 > 0) and (r.net < 0) == (
            r.big_bets_per_100 < 0)
    assert table.units() == table.units("alpha") == ["EUR", "USD", "chips"]
    assert [h.unit for h in table.hands if h.player == "alpha"] == ["chips", "EUR", "USD"]
    assert table.players() == ["alpha", "bravo [x]", "charlie"]
    assert repr(table) == "<StatsTable: 3 players in 3 units, 3 hands, 0 skipped>"
    assert len(table) == 9
    with pytest.raises(RazzError, match=r"'alpha' has hands in 3 units \(EUR, USD, chips\)"):
        table.row("alpha")
    assert table.row("alpha", "EUR").net == -35
    with pytest.raises(RazzError, match="'alpha' has no hands in 'GBP': only in EUR, USD"):
        table.row("alpha", "GBP")
    # any cut of the files gives the same table
    assert stats(files[:1]) + stats(files[1:]) == table == stats(files[:2]) + stats(files[2:])
    one = stats(files, player="alpha")
    assert [(r.player, r.unit) for r in one.rows] == [(r.player, r.unit) for r in alpha]


def test_a_player_s_hands_in_every_unit_count_for_min_hands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli.commands import main

    files = [str(f) for f in _three_units(tmp_path)]
    table = stats(files)
    assert table.hands_by_player() == {"alpha": 3, "bravo [x]": 3, "charlie": 3}
    assert main(["stats", *files, "--min-hands", "3"]) == 0
    shown = [ln.split()[0] for ln in capsys.readouterr().out.splitlines()[1:10]]
    assert shown.count("alpha") == 3  # a row per unit, each of a player with 3 hands
    assert main(["stats", *files, "--min-hands", "4", "--player", "alpha"]) == 0
    assert capsys.readouterr().out.startswith("'alpha' has 3 hands, fewer than --min-hands 4")


def test_the_plot_draws_the_player_with_the_most_hands_in_every_unit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    from razzcore.cli.commands import main

    files = [str(f) for f in _three_units(tmp_path)]
    kay = tmp_path / "kay.phhs"  # kay: 2 hands in chips, more in a unit than anyone
    kay.write_text(phh.dumps_all([hand(["kay", f"x{i}", f"y{i}"], [200] * 3, STEAL.actions)
                                  for i in range(2)]))
    picture = tmp_path / "p.svg"
    assert main(["stats", *files, str(kay), "--plot", str(picture), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["plot"]["player"] == "alpha"  # 3 hands


@pytest.mark.parametrize("bad", [None, 5, ["alpha"]])
def test_a_player_that_is_not_a_name_is_refused(bad: object, tmp_path: Path) -> None:
    from razzcore.show.tracker import plot_results

    table = stats([STEAL])
    with pytest.raises(RazzError, match="player must be a name, not"):
        table.row(bad)  # type: ignore[arg-type]
    with pytest.raises(RazzError, match="player must be a name, not"):
        plot_results(table.hands, tmp_path / "x.svg", player=bad)  # type: ignore[arg-type]
    with pytest.raises(RazzError, match="unit must be a unit's name"):
        table.row("Ann", 5)  # type: ignore[arg-type]


def test_twenty_chips_twenty_cents_and_twenty_dollars_are_not_one_big_bet() -> None:
    """A PHH file's own currency counts in whole units of it, never added to
    the cents a PokerStars cash game counts in."""
    cents = hand(THREE, [200] * 3, STEAL.actions, "_pokerstars = {unit = 'cent'}",
                 currency="USD")
    dollars = hand(THREE, [200] * 3, STEAL.actions, currency="USD")
    table = stats([STEAL, cents, dollars])
    assert [(r.unit, r.net, r.big_bets_per_100) for r in table.rows if r.player == "Ann"] == [
        ("USD", 9, 45.0), ("chips", 9, 45.0), ("whole USD", 9, 45.0)]


def test_the_command_shows_the_units(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from razzcore.cli.commands import main

    files = [str(f) for f in _three_units(tmp_path)]
    assert main(["stats", *files, "--player", "alpha"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[:4] for ln in lines[1:4]] == [
        ["alpha", "EUR", "1", "-0.35"], ["alpha", "USD", "1", "-0.35"],
        ["alpha", "chips", "1", "+9"]]
    assert main(["stats", *files, "--json", "--sort", "unit", "--player", "alpha"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["unit"], r["net"]) for r in rows] == [("EUR", -35), ("USD", -35), ("chips", 9)]


# ------------------------------------------------------------- a player no hand has


def test_a_player_no_hand_has_is_an_error(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(PlayerNotFoundError) as caught:
        stats([STEAL, LIMPED], player="nobody")
    assert str(caught.value) == (
        "no player 'nobody' in the 2 hands counted, nor any close to it, among the 3 players: "
        "'Ann', 'Bob', 'Cy'")
    with pytest.raises(RazzError, match=r"^no player 'ann' in the 2 hands counted; did you "
                                        r"mean 'Ann'\? \(3 players\)$"):
        stats([STEAL, LIMPED], player="ann")
    many = [hand([f"p{i}", f"q{i}", "Cy"], [200] * 3, STEAL.actions) for i in range(4)]
    with pytest.raises(RazzError, match=r"among the 9 players: 'p0', 'q0', 'Cy', 'p1', 'q1', "
                                        r"\.\.\.$"):
        stats(many, player="nobody")
    with pytest.raises(RazzError, match=r"^no player 'nobody': no hand was counted$"):
        stats([], player="nobody")
    # the same when each hand is a part of its own
    import razzcore.tracker.reading as reading

    monkeypatch.setattr(reading, "CHUNK_HANDS", 1)
    with pytest.raises(RazzError, match=r"among the 9 players: 'p0', 'q0', 'Cy', 'p1', 'q1', "
                                        r"\.\.\.$"):
        stats(many, player="nobody")
    with pytest.raises(RazzError, match=r"did you mean 'p3'\? \(9 players\)$"):
        stats(many, player="P3")
    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED]))
    run = _run_stats(str(path), "--player", "nobody")
    assert run.returncode == 2
    assert run.stderr.strip() == f"razzcore stats: error: {caught.value}"


@pytest.mark.parametrize(("asked", "meant"), [
    (" zed", "zed"), ("ZED ", "zed"), ("old", "old timer"), ("timer", "old timer"),
    ("brian", "Brian Rast"), ("Rast", "Brian Rast"), ("brain rast", "Brian Rast"),
    ("old  Timer", "old timer"),
])
def test_a_missing_player_suggests_the_closest_names(asked: str, meant: str) -> None:
    players = ["Ann", "zed", "old timer", "Brian Rast", "Bob", "Cy", "Dee", "Eve", "Flo"]
    many = [hand(players[i:i + 3], [200] * 3, STEAL.actions) for i in range(0, 9, 3)]
    with pytest.raises(PlayerNotFoundError) as caught:
        stats(many, player=asked)
    message = str(caught.value)
    assert f"did you mean {meant!r}" in message and message.endswith("? (9 players)")
    table = stats(many)
    with pytest.raises(PlayerNotFoundError, match=f"did you mean {meant!r}"):
        table.row(asked)


def test_suggestions_rank_the_closest_first_and_are_few() -> None:
    from razzcore.tracker.table import suggestions

    names = ["Joanna", "Anne Lee", *(f"ann{i}" for i in range(9)), "Ann"]
    # equal but for case; then a word starting with it, the closest first
    assert suggestions("ANN", names) == ["Ann", "ann0", "ann1", "ann2", "ann3"]
    assert suggestions("lee", names) == ["Anne Lee"]
    assert suggestions("oann", names)[0] == "Joanna"  # then the close ones difflib finds
    assert suggestions("  ", names) == [] and suggestions("xyzzy", names) == []


def test_suggestions_survive_the_bounded_memory_of_names(monkeypatch: pytest.MonkeyPatch) -> None:
    import razzcore.tracker.reading as reading
    import razzcore.tracker.table as table_module

    # few names kept: past them only the names close to the one asked for
    monkeypatch.setattr(table_module, "_NAMES_KEPT", 4)
    many = [hand([f"p{i}", f"q{i}", "Cy"], [200] * 3, STEAL.actions) for i in range(6)]
    many.append(hand(["Old Timer", "Zed", "Cy"], [200] * 3, STEAL.actions))
    for chunk in (2000, 1):  # one part, or a part per hand merged
        monkeypatch.setattr(reading, "CHUNK_HANDS", chunk)
        with pytest.raises(PlayerNotFoundError) as caught:
            stats(many, player="old")
        assert str(caught.value) == ("no player 'old' in the 7 hands counted; did you mean "
                                     "'Old Timer'? (more than 5 players)")
        table = stats(many)
        assert len(table._seen) == 0  # no player asked for: nothing kept
    with pytest.raises(PlayerNotFoundError, match="among more than 4 players: 'p0', 'q0', "
                                                  r"'Cy', 'p1', \.\.\.$"):
        stats(many, player="nobody")


# ------------------------------------------------------------- the command


def test_the_stats_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from razzcore.cli.commands import main

    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED, RIVER_FOLD]))
    assert main(["stats", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[0] for ln in lines[1:4]] == ["Ann", "Bob", "Cy"]
    assert lines[4].startswith("3 hands; ")
    footer = " ".join(lines[4:])
    # the footer says what every abbreviated header means
    for header in ("bb/100", "vpip", "compl", "bi fold", "steal", "4th..7th", "wtsd", "wsd",
                   "wwsd", "agg"):
        assert f"{header}: " in footer
    assert "wwsd: won without showdown" in footer and max(map(len, lines[4:])) <= 100
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


def test_the_text_table_shows_cash_nets_in_currency_units(tmp_path: Path) -> None:
    files = [str(f) for f in _three_units(tmp_path)]
    table = stats(files)
    lines = {(ln.split()[0], ln.split()[1]): ln.split()[3] for ln in str(table).splitlines()[1:]}
    assert lines[("alpha", "USD")] == "-0.35" and lines[("alpha", "chips")] == "+9"
    assert lines[("charlie", "EUR")] == "-3.20"
    # the rows and JSON keep whole cents
    assert table.row("charlie", "EUR").net == -320
    # a PHH file's own currency counts whole units: no decimals
    whole = stats([hand(["alpha", "bravo", "charlie"], [200] * 3, STEAL.actions,
                        currency="USD")])
    line = str(whole).splitlines()[1].split()
    assert line[:5] == ["alpha", "whole", "USD", "1", "+9"]


def test_min_hands_with_a_player_speaks_of_that_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli.commands import main

    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED, RIVER_FOLD]))  # Ann 3 hands, Cy 2
    assert main(["stats", str(path), "--player", "Cy", "--min-hands", "3"]) == 0
    assert capsys.readouterr().out == (
        "'Cy' has 2 hands, fewer than --min-hands 3 (of 3 hands read)\n")


def test_a_closed_pipe_ends_every_command_with_status_141(tmp_path: Path) -> None:
    # output far past a pipe's buffer: the reader (head) stops early
    text = pokerstars.dumps([pokerstars.EXAMPLE])
    many = "\n\n".join(text.replace("alpha", f"alpha{i}").replace("charlie", f"charlie{i}")
                        for i in range(600))
    broken = (HERE.parent / "examples" / "broken.txt").read_text()
    path = tmp_path / "many.txt"
    path.write_text(f"{many}\n\n{broken}")
    commands = {
        "stats": ["stats", str(path)],
        "play": ["play", "--players", "2", "--hands", "300", "--show", "300", "--seed", "1"],
        "replay": ["replay", str(path)],
    }
    for words in commands.values():
        line = " ".join(map(shlex.quote, [sys.executable, "-m", "razzcore", *words]))
        proc = subprocess.run(["bash", "-c", f"{line} 2>/dev/null | head -1 >/dev/null; "
                                             "echo ${PIPESTATUS[0]}"],
                              capture_output=True, text=True, timeout=300, check=False)
        assert proc.stdout.strip() == "141", (words, proc.stdout, proc.stderr)
    # read whole, the status is the command's own: a hand left out
    assert _run_stats(str(path)).returncode == 2


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
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1
    assert "did you mean" not in run.stderr and len(run.stderr) < 420
    listed = run.stderr.replace("saw_4th..saw_7th", "saw_4th saw_5th saw_6th saw_7th")
    for name in [*HEADERS, *COLUMNS]:
        assert name.removesuffix("_count") in listed
    assert "<name>_count" in listed


@pytest.mark.parametrize(("given", "near"), [
    ("vpipp", "vpip"), ("wwsdd", "wwsd"), ("aggresion", "aggression"), ("bb100", "bb/100"),
])
def test_the_stats_command_names_the_sort_column_nearest_a_wrong_one(
        given: str, near: str, tmp_path: Path) -> None:
    run = _run_stats(str(tmp_path / "none.txt"), "--sort", given)
    assert run.returncode == 2
    assert f"--sort: no column {given!r}; did you mean {near!r}?" in run.stderr


@pytest.mark.parametrize(("given", "column"), [
    ("VPIP", "vpip"), ("BB/100", "big_bets_per_100"), ("Net", "net"), (" wtsd ", "wtsd"),
    ("Bi Fold", "bring_in_fold"), ("SAW_4TH", "saw_4th"),
])
def test_sort_columns_are_taken_in_any_case(given: str, column: str) -> None:
    from razzcore.cli.tracker import sort_column

    assert sort_column(given) == column


def test_the_stats_command_hints_a_player_named_in_another_case(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([STEAL, LIMPED]))
    run = _run_stats(str(path), "--player", "ann")
    assert run.returncode == 2
    assert run.stderr.strip() == ("razzcore stats: error: no player 'ann' in the 2 hands counted; "
                                  "did you mean 'Ann'? (3 players)")
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
