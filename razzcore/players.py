"""Players for simulations: a small policy interface and two built-in players.

A *policy* is any object with ``act(view, legal_actions) -> str``: it gets
exactly what its seat may see (a :class:`~razzcore.view.HandView`, never an
opponent's hidden down cards) and the legal actions as PHH strings (``"pb"``,
``"f"``, ``"cc"``, ``"cbr N"``), and returns one of them.  A policy may also
define ``reseed(seed)``: :func:`razzcore.play` calls it before every hand so
that results do not depend on how the hands were split over workers.

>>> from razzcore.hand import Hand
>>> from razzcore.rules import Rules
>>> from razzcore.players import BasicRazzPlayer, RandomPlayer, play_hand
>>> hand = Hand(Rules(1, 2, 4, 8), [100, 100, 100], seed=5)
>>> play_hand(hand, [RandomPlayer(1), BasicRazzPlayer(), BasicRazzPlayer()]).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .errors import IllegalActionError, RazzError, brief

if TYPE_CHECKING:
    from .hand import Hand
    from .view import HandView

__all__ = [
    "PLAYER_TYPES",
    "BasicRazzPlayer",
    "Player",
    "Policy",
    "RandomPlayer",
    "make_player",
    "play_hand",
]


@runtime_checkable
class Policy(Protocol):
    """What :func:`play_hand` and :func:`razzcore.play` need from a player.

    >>> class AlwaysCall:
    ...     def act(self, view, legal_actions):
    ...         return "cc" if "cc" in legal_actions else legal_actions[0]
    >>> isinstance(AlwaysCall(), Policy)
    True
    """

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """Return one of ``legal_actions`` for the seat ``view.seat``."""
        ...


class Player:
    """Convenience base class of the built-in players (subclassing is optional).

    ``name`` labels the player in summaries; :meth:`reseed` does nothing here.

    >>> Player().name
    'Player'
    """

    name: str = "Player"

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """Return one of ``legal_actions`` (subclasses decide)."""
        raise NotImplementedError

    def reseed(self, seed: int) -> None:
        """Reset any randomness from ``seed`` (called before every hand by
        :func:`razzcore.play`)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomPlayer(Player):
    """Chooses uniformly among the legal actions.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], seed=1)
    >>> RandomPlayer(7).act(h.view(h.actor), h.legal_actions()) in h.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """A uniformly random legal action."""
        return legal_actions[self._rng.randrange(len(legal_actions))]

    def reseed(self, seed: int) -> None:
        """Restart the random stream from ``seed``."""
        self._rng.seed(seed)

    def __repr__(self) -> str:
        return f"RandomPlayer({self.seed!r})"


def _low_ranks(cards: Sequence[int]) -> list[int]:
    """Distinct ranks of ``cards`` (0 = ace .. 12 = king), lowest first."""
    return sorted({c >> 2 for c in cards})


def _paired(cards: Sequence[int]) -> bool:
    ranks = [c >> 2 for c in cards]
    return len(set(ranks)) < len(ranks)


def _board_key(cards: Sequence[int]) -> tuple[int, ...]:
    """Smaller is better: pairs first, then the ranks from the highest down."""
    ranks = [c >> 2 for c in cards]
    return (len(ranks) - len(set(ranks)), *sorted(ranks, reverse=True))


class BasicRazzPlayer(Player):
    """A simple, sensible razz player (deterministic; no bluffs).

    * 3rd street: plays three unpaired cards of eight or lower, raises with
      three of six or lower, may call a cheap bring-in with a nine; folds the
      rest (posts the bring-in when forced, never completes with a bad hand).
    * Later streets: its *hand* is the lowest distinct ranks among its cards;
      the hand is *dead* when it can no longer make five cards of ``limit`` or
      lower (default 8).  It bets or raises when its board is the best board at
      the table and its hand is not dead, or when it holds a made low better
      than every opponent board can show; it calls when its hand is live and
      at least as good as the best opposing board; otherwise it checks or
      folds (so it folds paired or high boards against a low board).

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [100, 100], deck="Ac 9c 2c Kd 3c Qd")
    >>> h.act("pb")  # seat 1 brings in with the queen
    >>> BasicRazzPlayer().act(h.view(0), h.legal_actions())  # A-2-3: raise
    'cbr 4'
    """

    name = "basic"

    def __init__(self, limit: int = 8) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or not 5 <= limit <= 13:
            raise RazzError(f"limit is the highest rank kept (5..13), not {brief(limit)}")
        self.limit = limit

    def __repr__(self) -> str:
        return f"BasicRazzPlayer(limit={self.limit})"

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """Decide from the cards this seat sees (see the class docstring)."""
        legal = list(legal_actions)
        raise_action = next((a for a in legal if a.startswith("cbr")), None)
        can_check = "cc" in legal and max(view.bets) == view.bets[view.seat]
        if "pb" in legal:
            # Forced bring-in (or an opening for it): complete only with a premium hand.
            strength = self._third_street(view)
            if strength >= 2 and raise_action is not None:
                return raise_action
            if "f" in legal and strength == 0:
                return "f"
            return "pb"
        if any(a.startswith("sm") for a in legal):
            # Manual showdown: show when allowed to (cards speak).
            return next((a for a in legal if a.startswith("sm ")), legal[0])
        if view.street == 3:
            strength = self._third_street(view)
            to_call = max(view.bets) - view.bets[view.seat]
            if strength >= 2 and raise_action is not None:
                return raise_action
            if strength >= 1 or (strength == 0.5 and to_call <= self._bring_in(view)):
                return "cc" if "cc" in legal else _passive(legal)
            return "cc" if can_check else _passive(legal)
        decision = self._later_street(view)
        if decision == "raise" and raise_action is not None:
            return raise_action
        if decision in ("raise", "call") and "cc" in legal:
            return "cc"
        return "cc" if can_check else _passive(legal)

    @staticmethod
    def _bring_in(view: HandView) -> int:
        nonzero = [b for b in view.bets if b > 0]
        return min(nonzero) if nonzero else 0

    def _third_street(self, view: HandView) -> float:
        """2 = raise, 1 = play, 0.5 = call a bring-in only, 0 = fold."""
        mine = [c for c in view.cards[view.seat] if c is not None]
        ranks = [c >> 2 for c in mine]
        if _paired(mine):
            return 0
        top = max(ranks) + 1  # 1 = ace .. 13 = king
        if top <= 6:
            return 2
        if top <= self.limit:
            return 1
        if top <= self.limit + 1:
            return 0.5
        return 0

    def _later_street(self, view: HandView) -> str:
        seat = view.seat
        mine = [c for c in view.cards[seat] if c is not None]
        to_come = 7 - len(mine)
        good = [r for r in _low_ranks(mine) if r < self.limit]
        dead = len(good) + to_come < 5
        my_board = view.boards[seat]
        others = [
            s for s in range(len(view.boards))
            if s != seat and not view.folded[s] and view.cards[s]
        ]
        if not others:
            return "call"
        best_other = min(_board_key(view.boards[s]) for s in others)
        board_best = _board_key(my_board) < best_other
        if dead:
            return "fold"
        # A made low (five low cards): compare with the best opposing board.
        if len(good) >= 5:
            my_high = good[4]
            if board_best or my_high + 1 <= 7:
                return "raise"
            return "call"
        if board_best:
            return "raise"
        # My whole hand (down cards too) against their board: are my low cards
        # at least as good as what they show?
        my_key = (0, *sorted(good[: len(my_board)], reverse=True))
        if my_key <= best_other and not _paired(my_board):
            return "call"
        return "fold"


def _passive(legal: Sequence[str]) -> str:
    """Fold when allowed, else check or call (never leave an empty choice)."""
    if "f" in legal:
        return "f"
    return "cc" if "cc" in legal else legal[0]


PLAYER_TYPES: dict[str, type[Player]] = {"random": RandomPlayer, "basic": BasicRazzPlayer}
"""Built-in players by name (used by ``razzcore play``)."""


def make_player(name: str, seed: int | None = None) -> Player:
    """A built-in player by name: ``"random"`` or ``"basic"``.

    >>> make_player("basic"), make_player("random", 3)
    (BasicRazzPlayer(limit=8), RandomPlayer(3))
    """
    if name == "random":
        return RandomPlayer(seed)
    if name == "basic":
        return BasicRazzPlayer()
    raise RazzError(f"unknown player {brief(name)}; choose one of {', '.join(PLAYER_TYPES)}")


def play_hand(hand: Hand, players: Sequence[Policy]) -> Hand:
    """Play ``hand`` to the end, asking ``players[seat]`` for every decision.

    Each player sees only ``hand.view(seat)``.  A returned action that is not
    legal raises :class:`~razzcore.IllegalActionError` naming the player.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> h = play_hand(Hand(Rules(1, 2, 4, 8), [50, 50], seed=2), [RandomPlayer(1)] * 2)
    >>> h.is_over, sum(h.stacks)
    (True, 100)
    """
    n = len(hand.starting_stacks)
    if len(players) != n:
        raise RazzError(f"{len(players)} players for a table of {n} seats")
    while True:
        seat = hand.actor
        if seat is None:
            return hand
        action = players[seat].act(hand.view(seat), tuple(hand.legal_actions()))
        try:
            hand.act(action)
        except IllegalActionError as exc:
            raise IllegalActionError(
                f"player {brief(players[seat])} at p{seat + 1}: {exc}"
            ) from None
