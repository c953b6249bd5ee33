"""PHH hand histories: where the deal lines may stand among the actions, and
hands whose last cards are not written."""

from __future__ import annotations

from pathlib import Path

import pytest
from phh_support import FILES, MINI, read, run_cli

from razzcore import PHHError, phh

# ------------------------------------------------------- where the deal lines stand


def _multiline(hh: phh.HandHistory) -> tuple[str, int]:
    """PHH text with one action per line, and the file line of action 0."""
    head = phh.dumps(phh.HandHistory.from_mapping(
        {k: v for k, v in hh.to_mapping().items() if k != "actions"} | {"actions": []}
    )).replace("actions = []\n", "")
    body = "".join(f"    {a!r},\n" for a in hh.actions)
    return head + "actions = [\n" + body + "]\n", head.count("\n") + 2


def test_deal_lines_moved_past_the_betting_fail_at_the_first_betting_line(
    tmp_path: Path,
) -> None:
    hh = read("03-50-24.phh")
    acts = hh.actions
    i = acts.index("d dh p1 Ad")
    assert acts[i - 1 : i + 5] == ["p1 cc", "d dh p1 Ad", "d dh p2 2s", "p1 cbr 300000",
                                   "p2 cbr 600000", "p1 cc"]
    # The 4th-street deal lines after the 4th-street betting.
    hh.actions = acts[:i] + acts[i + 2 : i + 5] + acts[i : i + 2] + acts[i + 5 :]
    with pytest.raises(PHHError) as info:
        hh.replay()
    assert info.value.action_index == i
    assert info.value.field == "actions"
    assert str(info.value) == (
        f"action {i + 1} 'p1 cbr 300000': the dealer deals 4th street (p1: 1 card, p2: 1 card) "
        f"first: 3rd street ended at action {i} 'p1 cc'"
    )
    # The command line names the file line of that action and fails (no "matches": true).
    text, first = _multiline(hh)
    path = tmp_path / "moved.phh"
    path.write_text(text)
    assert text.splitlines()[first - 1 + i].strip() == "'p1 cbr 300000',"
    proc = run_cli("replay", str(path), "--json")
    assert proc.returncode == 2, proc.stdout
    assert f"{path}:{first + i}: action {i + 1} 'p1 cbr 300000': the dealer deals 4th street" \
        in proc.stderr
    assert '"matches": true' not in proc.stdout


def test_player_line_after_the_street_ended_fails_at_that_line() -> None:
    hh = read("03-50-24.phh")
    i = hh.actions.index("p2 pb")
    hh.actions.insert(i + 1, "p1 cc")  # calls the bring-in, which ends 3rd street
    with pytest.raises(PHHError) as info:
        hh.replay()
    # 'p1 cc' itself is legal; the line after it cannot happen before the deal,
    # and the message names the inserted line as the one that ended the street.
    assert info.value.action_index == i + 2
    assert str(info.value) == (
        f"action {i + 3} 'p1 cbr 300000': the dealer deals 4th street (p1: 1 card, "
        f"p2: 1 card) first: 3rd street ended at action {i + 2} 'p1 cc'"
    )


def test_deal_lines_before_the_betting_ends_fail_at_the_deal_line() -> None:
    hh = read("03-50-24.phh")
    acts = hh.actions
    i = acts.index("d dh p1 Ad")
    hh.actions = acts[: i - 1] + acts[i : i + 2] + [acts[i - 1]] + acts[i + 2 :]
    with pytest.raises(PHHError) as info:
        hh.replay()
    assert info.value.action_index == i - 1
    assert str(info.value) == (
        f"action {i} 'd dh p1 Ad': the dealer deals no card to p1 here: "
        f"p1 is to act on 3rd street"
    )


def test_player_line_before_the_first_deal_fails() -> None:
    hh = phh.loads(MINI)
    hh.actions = ["p2 pb", *hh.actions[:3], *hh.actions[4:]]
    with pytest.raises(PHHError) as info:
        hh.replay()
    assert info.value.action_index == 0
    assert str(info.value) == ("action 1 'p2 pb': the dealer deals 3rd street (p1: 3 cards, "
                               "p2: 3 cards, p3: 3 cards) first")


def test_all_in_hands_tabled_before_the_last_cards_are_accepted() -> None:
    hh = read("03-50-24.phh")
    acts = hh.actions
    i = acts.index("p2 sm 4h3d8d2sTd8s")
    assert acts[i - 1] == "p1 cc" and acts[i + 2 : i + 4] == ["d dh p1 Kh", "d dh p2 7h"]
    assert list(hh.replay().stacks) == hh.finishing_stacks
    # The early shows may not name a card before its deal line.
    k = acts.index("d dh p1 Kh")
    hh.actions = [*acts[:k], "p1 sm 8c2h4cAdQdJdKh", *acts[k:k + 2], acts[k + 3]]
    with pytest.raises(PHHError) as info:
        hh.replay()
    assert info.value.action_index == k
    assert str(info.value) == (
        f"action {k + 1} 'p1 sm 8c2h4cAdQdJdKh': p1 shows Kh before the dealer's line deals it "
        f"(7th street (p1: 1 card, p2: 1 card) is due)"
    )
    # A show while betting remains is a player line where the dealer deals.
    j = acts.index("d dh p1 Ad")
    hh.actions = [*acts[:j], "p2 sm 4h3d8d", *acts[j:]]
    with pytest.raises(PHHError, match=rf"^action {j + 1} 'p2 sm 4h3d8d': the dealer deals 4th"):
        hh.replay()


def test_history_without_the_last_cards_does_not_decide_the_pot() -> None:
    hh = read("03-50-24.phh")
    acts = hh.actions
    i = acts.index("d dh p1 Kh")
    # Stopping before the 7th-street lines: the hand waits at the showdown.
    hh.actions = acts[:i]
    hand = hh.replay()
    assert not hand.is_over and hand.payoffs is None
    # Showing down without them: the result would rest on cards the file never names.
    hh.actions = [*acts[:i], "p1 sm -", "p2 sm -"]
    with pytest.raises(PHHError) as info:
        hh.replay()
    assert str(info.value) == (
        "the history ends without the dealer's lines for 7th street (p1: 1 card, p2: 1 card), "
        f"dealt when 6th street ended at action {i - 2} 'p1 cc'"
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_unknown_down_cards_of_unshown_hands_replay(path: Path) -> None:
    """Down cards nobody shows written ``??`` (as pokerkit's datasets do)."""
    hh = phh.loads(path.read_text())
    shown = {a.split()[0] for a in hh.actions if " sm " in a}
    count: dict[str, int] = {}
    hidden = []
    for a in hh.actions:
        words = a.split()
        if words[:2] == ["d", "dh"] and words[2] not in shown:
            cards = words[3]
            before = count.get(words[2], 0)
            count[words[2]] = before + len(cards) // 2
            cards = "".join("??" if before + k in (0, 1, 6) else cards[2 * k : 2 * k + 2]
                            for k in range(len(cards) // 2))
            a = f"d dh {words[2]} {cards}"
        hidden.append(a)
    dealt = {a.split()[2] for a in hh.actions if a.startswith("d dh ")}
    assert (hidden != hh.actions) == bool(dealt - shown)  # 03-50-24: both hands shown
    hh.actions = hidden
    assert list(hh.replay().stacks) == hh.finishing_stacks
