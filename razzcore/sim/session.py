"""A session: hand after hand at one table, the stacks carried over —
:class:`Session`, the table a person sits at (``razzcore play --human``,
``razzcore serve``).

A seat whose player is ``None`` is played from outside: :meth:`Session.advance`
asks the other players for their decisions (through the same loop as
:func:`~razzcore.sim.playing.play`, :func:`~razzcore.sim.playing.play_turns`)
until that seat is to act, and :meth:`Session.act` takes its decision.  Hand
``j`` of a session seeded with ``s`` is shuffled and its players reseeded as
hand ``j`` of :func:`~razzcore.sim.playing.play` with seed ``s``; unlike
``play``, each hand starts from the stacks the last one left.  A seat that
runs out of chips is topped up to the starting stack with ``rebuy=True``;
otherwise the session ends there.

>>> s = Session([None, "basic"], seed=3, stack=100)
>>> hand = s.deal()
>>> seat = s.advance()               # the basic player acts until seat 0 is to act
>>> while seat is not None:
...     s.act("cc" if "cc" in hand.legal_actions() else hand.legal_actions()[0])
...     seat = s.advance()
>>> len(s.hands), sum(s.stacks), sum(s.results)
(1, 200, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.players import Player, is_builtin, make_player
from ..errors import IllegalActionError, RazzError, as_int, brief
from .playing import (
    DEFAULT_RULES,
    DEFAULT_STACK,
    _check_act_signature,
    _player_label,
    _player_name,
    hand_seed,
    play_turns,
    reseed_players,
)

if TYPE_CHECKING:
    from ..engine.hand import Hand
    from ..engine.rules import Rules
    from ..histories.phh import HandHistory

__all__ = ["MAX_SESSION_HANDS", "Session"]

#: The most hands one session deals (a person's session is hours, not days).
MAX_SESSION_HANDS = 100_000


class Session:
    """A table playing hand after hand, stacks carried over.

    * ``players``: one per seat (2..8): a built-in name, ``"package.module:Name"``,
      an object with ``act(view, legal_actions)``, or ``None`` for a seat
      played from outside (:meth:`act`).
    * ``names``: each seat's name in the histories (default ``p1 basic``...;
      ``p1 you`` for a seat played from outside).
    * ``rules`` (default ``Rules(1, 3, 10, 20, profile=profile)``), ``stack``:
      every seat's chips at the start; ``seed``: the shuffles (``None``
      draws one, kept in :attr:`seed`); ``hands``: the most hands dealt.
    * ``rebuy``: top a seat that ran out of chips back up to ``stack`` before
      the next hand; without it the session is over when a seat is broke.

    >>> s = Session(["basic", "calldown"], seed=2, stack=50, hands=3, rebuy=True)
    >>> while not s.is_over:
    ...     _ = s.deal()
    ...     _ = s.advance()          # no outside seat: plays the hand to its end
    >>> len(s.hands), s.ended, sum(s.results)
    (3, 'all 3 hands were played', 0)
    """

    def __init__(
        self,
        players: Sequence[Player | str | None],
        *,
        names: Sequence[str] | None = None,
        rules: Rules | None = None,
        profile: str = "online",
        stack: int = DEFAULT_STACK,
        seed: int | None = None,
        hands: int = MAX_SESSION_HANDS,
        rebuy: bool = False,
    ) -> None:
        from ..engine.hand import Hand
        from ..engine.rules import Rules
        from .simulation import check_seed

        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise RazzError(f"players must be a list of players, one per seat, "
                            f"not {brief(players)}")
        if not 2 <= len(players) <= 8:
            raise RazzError(f"a razz table has 2 to 8 players, not {len(players)}")
        table: list[Player | None] = []
        labels: list[str] = []  # how errors name each seat's player
        for p in players:
            if p is None:
                table.append(None)
                labels.append("you")
            elif isinstance(p, str):
                player = make_player(p)
                if not is_builtin(p):
                    _check_act_signature(player, p)
                table.append(player)
                labels.append(p)
            elif callable(getattr(p, "act", None)):
                _check_act_signature(p)
                table.append(p)
                labels.append(_player_label(p))
            else:
                raise RazzError(f"a player needs an act(view, legal_actions) method: {brief(p)}")
        self.players: tuple[Player | None, ...] = tuple(table)
        self._labels = tuple(labels)
        n = len(table)
        if names is None:
            names = [f"p{s + 1} {'you' if p is None else _player_name(p)}"
                     for s, p in enumerate(table)]
        elif (isinstance(names, (str, bytes)) or len(names) != n
              or not all(isinstance(x, str) and x.strip() for x in names)):
            raise RazzError(f"names must be {n} non-empty strings, not {brief(names)}")
        if len({x.strip() for x in names}) != n:
            raise RazzError(f"names must differ from each other: {brief(list(names))}")
        self.names: tuple[str, ...] = tuple(x.strip() for x in names)
        if rules is None:
            rules = Rules(*DEFAULT_RULES, profile=profile)
        elif not isinstance(rules, Rules):
            raise RazzError(f"rules must be a razzcore Rules, not {type(rules).__name__}")
        self.rules: Rules = rules
        chips = as_int(stack)
        if chips is None or chips < 1 or isinstance(stack, bool):
            raise RazzError(f"stack must be a positive int, not {brief(stack)}")
        self.stack = chips
        limit = as_int(hands)
        if limit is None or not 1 <= limit <= MAX_SESSION_HANDS or isinstance(hands, bool):
            raise RazzError(f"hands must be an int in 1..{MAX_SESSION_HANDS:,}, "
                            f"not {brief(hands)}")
        self.max_hands = limit
        if not isinstance(rebuy, bool):
            raise RazzError(f"rebuy must be True or False, not {brief(rebuy)}")
        self.rebuy = rebuy
        self.seed: int = check_seed(seed)
        Hand(rules, [chips] * n, seed=0)  # a bad table fails here, not at the first deal
        self.stacks: tuple[int, ...] = (chips,) * n
        """Each seat's chips now (the current hand's when one is running)."""
        self.bought: list[int] = [chips] * n
        """Chips each seat has taken to the table (the stack, plus every rebuy)."""
        self.hands: list[Hand] = []
        """The finished hands, in order."""
        self.hand: Hand | None = None
        """The hand being played, or the last one once it is over."""
        self.ended: str | None = None
        """Why the session is over (``None`` while it is not)."""

    # ------------------------------------------------------------ reading

    @property
    def outside_seats(self) -> tuple[int, ...]:
        """The seats played from outside (player ``None``)."""
        return tuple(s for s, p in enumerate(self.players) if p is None)

    @property
    def results(self) -> tuple[int, ...]:
        """Each seat's net chips so far: its stack now less what it bought."""
        return tuple(v - b for v, b in zip(self.stacks, self.bought, strict=True))

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played."""
        return self.hand is not None and not self.hand.is_over

    @property
    def is_over(self) -> bool:
        """Whether no further hand will be dealt."""
        return self.ended is not None

    # ------------------------------------------------------------ playing

    def deal(self) -> Hand:
        """Deal the next hand from the current stacks (topping up broke seats
        first when ``rebuy``).  Refused while a hand is running or once the
        session is over."""
        from ..engine.hand import Hand

        if self.in_hand:
            raise RazzError(f"hand {len(self.hands) + 1} is still being played")
        if self.ended is not None:
            raise RazzError(f"the session is over: {self.ended}")
        stacks = list(self.stacks)
        for s, chips in enumerate(stacks):
            if chips == 0:  # only with rebuy: otherwise the session ended
                stacks[s] = self.stack
                self.bought[s] += self.stack
        self.stacks = tuple(stacks)
        j = len(self.hands)
        reseed_players(self.players, self.seed, j)
        self.hand = Hand(self.rules, self.stacks, rng=random.Random(hand_seed(self.seed, j)))
        self._settle()
        return self.hand

    def advance(self, limit: int | None = None) -> int | None:
        """Let the players decide until a seat played from outside is to act
        (returns it), the hand ends (``None``) or ``limit`` decisions were made
        (returns the seat to act next).  Once the hand is over it returns
        ``None`` and does nothing."""
        if self.hand is not None and self.hand.is_over:
            return None
        hand = self._running()
        seat = play_turns(hand, self.players, limit, labels=self._labels,
                          number=len(self.hands) + 1)
        self._settle()
        return seat

    def act(self, action: str) -> None:
        """The decision of the seat played from outside whose turn it is (a
        PHH action: ``"f"``, ``"cc"``, ``"pb"``, ``"cbr 20"``).  An action that
        is not legal now raises :class:`~razzcore.errors.IllegalActionError`
        and changes nothing."""
        hand = self._running()
        seat = hand.actor
        if seat is None or self.players[seat] is not None:
            who = "nobody" if seat is None else f"{self.names[seat]}"
            raise IllegalActionError(f"it is not an outside seat's turn ({who} is to act)")
        hand.act(action)
        self._settle()

    def _running(self) -> Hand:
        if self.hand is None or self.hand.is_over:
            raise RazzError("no hand is being played: deal the next one")
        return self.hand

    def _settle(self) -> None:
        """Read the stacks; a finished hand joins :attr:`hands` (once) and may
        end the session."""
        hand = self.hand
        if hand is None:
            return
        self.stacks = hand.stacks
        if not hand.is_over or (self.hands and self.hands[-1] is hand):
            return
        self.hands.append(hand)
        broke = [self.names[s] for s, v in enumerate(self.stacks) if v == 0]
        if broke and not self.rebuy:
            self.ended = f"{', '.join(broke)} {'is' if len(broke) == 1 else 'are'} out of chips"
        elif len(self.hands) >= self.max_hands:
            self.ended = ("the one hand was played" if self.max_hands == 1 else
                          f"all {self.max_hands:,} hands were played")

    def stop(self, why: str = "the session was stopped") -> None:
        """End the session (a hand being played is abandoned: it is not in
        :attr:`hands`, and the stacks go back to where it started)."""
        if self.in_hand and self.hand is not None:
            self.stacks = self.hand.starting_stacks
            self.hand = self.hands[-1] if self.hands else None
        if self.ended is None:
            self.ended = why

    # ------------------------------------------------------------ records

    def histories(self, seat: int | None = None) -> list[HandHistory]:
        """The finished hands as hand histories, numbered from 1, with the
        seats' names (write them with ``phh.dumps_all`` or
        ``pokerstars.dumps``).  With ``seat``, as that seat saw them: the
        other seats' down cards it never saw are written ``??`` (the replay
        still gives every stack: unseen cards decide nothing).

        >>> s = Session(["basic", "calldown"], seed=4)
        >>> _ = s.deal(); _ = s.advance()
        >>> "??" in s.histories(seat=0)[0].actions[1], "??" in s.histories()[0].actions[1]
        (True, False)
        """
        import dataclasses

        from ..histories.phh import HandHistory

        if seat is not None and (isinstance(seat, bool) or as_int(seat) is None
                                 or not 0 <= seat < len(self.players)):
            raise RazzError(f"seat must be a seat of the table (0..{len(self.players) - 1}), "
                            f"not {brief(seat)}")
        out = []
        for j, h in enumerate(self.hands):
            hh = HandHistory.from_hand(h)
            if seat is not None:
                hh = dataclasses.replace(hh, actions=list(h.view(seat).history))
            out.append(dataclasses.replace(hh, players=list(self.names), hand=j + 1))
        return out
