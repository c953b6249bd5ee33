"""A view of a hand (``Hand.view``) builds its fields later from the hand's
history list and a source kept in the view: entries that are not the
engine's, a history cut short after the view was taken, or a source that is
not the view's own raise a clear error and never crash."""

from __future__ import annotations

import pytest

from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.errors import RazzError

RULES = Rules(2, 5, 10, 20)


def manual_hand() -> Hand:
    """A hand at its manual showdown (the view's other way of wording)."""
    h = Hand(RULES, [50, 50], seed=3, manual_showdown=True)
    while h.actor is not None and not h.legal_actions()[0].startswith("sm"):
        legal = h.legal_actions()
        h.act("pb" if "pb" in legal else "cc")
    return h


@pytest.mark.parametrize("make", [lambda: Hand(RULES, [50, 50], seed=1), manual_hand])
@pytest.mark.parametrize("entry", [(), ("f",), None, ["f", 0], "f 0"])
def test_an_entry_that_is_not_the_engines_is_named(make: object, entry: object) -> None:
    h = make()  # type: ignore[operator]
    h._log.append(entry)
    at = len(h._log) - 1
    view = h.view(0)
    with pytest.raises(RazzError, match=rf"_log\) entry {at} is not an entry"):
        _ = view.history


@pytest.mark.parametrize("make", [lambda: Hand(RULES, [50, 50], seed=1), manual_hand])
def test_a_history_cut_after_the_view_was_taken_is_named(make: object) -> None:
    h = make()  # type: ignore[operator]
    view = h.view(0)
    del h._log[1:]
    with pytest.raises(RazzError, match=r"_log\) lost entries since the view was taken"):
        _ = view.history


def test_cards_shown_early_at_a_manual_showdown_need_whole_entries() -> None:
    h = manual_hand()
    h._log.append(("pre", 1))  # a "pre" entry names its cards
    assert len(h.view(0).cards) == 2


@pytest.mark.parametrize("source", [5, None, object(), "x"])
def test_a_source_that_is_not_the_views_own_reads_as_no_field(source: object) -> None:
    view = Hand(RULES, [50, 50], seed=1).view(0)
    object.__setattr__(view, "_unread", source)
    with pytest.raises(AttributeError, match="has no attribute 'street'"):
        _ = view.street


def test_an_empty_source_reads_as_no_field() -> None:
    from razzcore._core import _ViewSource

    view = Hand(RULES, [50, 50], seed=1).view(0)
    object.__setattr__(view, "_unread", _ViewSource())
    with pytest.raises(AttributeError, match="has no attribute 'pots'"):
        _ = view.pots


def test_views_of_two_states_keep_their_own_cards() -> None:
    """The cards a view reads come from the cache of its own state, however
    reads of views of the hand at other states are interleaved with it."""
    h, same = Hand(RULES, [50, 50, 50], seed=4), Hand(RULES, [50, 50, 50], seed=4)
    early = [h.view(s) for s in range(3)]
    want = [same.view(s).cards for s in range(3)]
    h.act("pb")
    while h.street == 3 and h.actor is not None:
        h.act("cc")
    late = [h.view(s) for s in range(3)]
    for a, b in zip(late, early, strict=True):  # each read refreshes the hand's cache
        assert len(a.cards[a.seat]) == 4 and len(b.cards[b.seat]) == 3
    assert [v.cards for v in early] == want
    assert [v.cards for v in late] == [h.view(s).cards for s in range(3)]
