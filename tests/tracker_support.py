"""What the tracker's tests share: the hand-history files they read, hands
at antes 2, bring-in 5, bets 10/20 worked out by hand, and the checks every
row keeps."""

from __future__ import annotations

import glob
from pathlib import Path

from razzcore import phh
from razzcore.tracker import StatsRow, stats

HERE = Path(__file__).parent
WSOP = sorted(glob.glob(str(HERE / "conformance" / "phh-razz" / "data" / "**" / "*.phh"),
                        recursive=True))
STARS = sorted(glob.glob(str(HERE / "data" / "pokerstars" / "*.txt")))


def hand(players: list[str] | None, stacks: list[int], actions: list[str], extra: str = "",
         **fields: object) -> phh.HandHistory:
    """A PHH hand at antes 2, bring-in 5, bets 10/20 (profile tda)."""
    named = "" if players is None else f"players = {players}\n"
    more = "".join(f"{k} = {v!r}\n" for k, v in fields.items())
    return phh.loads(f"variant = 'FR'\nantes = {[2] * len(stacks)}\nbring_in = 5\n"
                     f"small_bet = 10\nbig_bet = 20\nstarting_stacks = {stacks}\n{named}"
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
    """Each player's row of the table of ``source``."""
    return {r.player: r for r in stats(source, **kw).rows}  # type: ignore[arg-type]


def names(hh: phh.HandHistory) -> list[str]:
    """Each seat's name, as the tracker names it."""
    return [n or f"p{s + 1}" for s, n in enumerate(hh.players or [""] * hh.player_count)]


def check_row(r: StatsRow) -> None:
    """The invariants of any row: each fraction from its counts, and the
    counts nested as their definitions nest them."""
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
