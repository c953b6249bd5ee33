"""Players for :func:`razzcore.play`: the :class:`Player` protocol and the built-in players.

A *player* is any object with ``act(view, legal_actions) -> str``: it gets
exactly what its seat may see (a :class:`~razzcore.engine.view.HandView`, never an
opponent's hidden down cards) and the legal actions as PHH strings (``"pb"``,
``"f"``, ``"cc"``, ``"cbr N"``), and returns one of them.  A player may also
have a ``name`` (its label in results) and ``reseed(seed)``:
:func:`razzcore.play` calls it before every hand so that results do not depend
on how the hands were split over workers.

>>> from razzcore import play
>>> play([RandomPlayer(1), BasicRazzPlayer(), "basic"], 5, seed=5).players
('random', 'basic', 'basic')
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from .._core import basic_decide
from ..errors import RazzError, as_int, brief

if TYPE_CHECKING:
    from .view import HandView

__all__ = [
    "PLAYER_TYPES",
    "BasicRazzPlayer",
    "CalldownPlayer",
    "Player",
    "RandomPlayer",
    "is_builtin",
    "load_player",
    "make_player",
]


@runtime_checkable
class Player(Protocol):
    """What :func:`razzcore.play` needs from a player: ``act``.

    Any object with this method is a player (no base class needed); the
    built-in players subclass it.  Optional: ``name`` (a ``str``, the label
    in :class:`~razzcore.sim.playing.PlayResult`) and ``reseed(seed)``.

    >>> class AlwaysCall:
    ...     def act(self, view, legal_actions):
    ...         return "cc" if "cc" in legal_actions else legal_actions[0]
    >>> isinstance(AlwaysCall(), Player)
    True
    """

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """Return one of ``legal_actions`` for the seat ``view.seat``."""
        ...


class RandomPlayer(Player):
    """Chooses uniformly among the legal actions.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
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


class CalldownPlayer(Player):
    """Stays in every hand: posts the bring-in, checks or calls, and where
    calling is not offered (facing only the bring-in's completion) completes
    rather than fold; it shows at a manual showdown.  The ``"calldown"``
    policy of :func:`razzcore.simulate`, move for move.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], seed=1)
    >>> CalldownPlayer().act(h.view(h.actor), h.legal_actions())
    'pb'
    """

    name = "calldown"

    def __repr__(self) -> str:
        return "CalldownPlayer()"

    def reseed(self, seed: int) -> None:
        """Nothing to reset: the strategy is deterministic."""

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """Post, else check or call, else complete (see the class docstring)."""
        legal = list(legal_actions)
        if any(a.startswith("sm") for a in legal):
            return next((a for a in legal if a.startswith("sm ")), legal[0])
        for verb in ("pb", "cc", "cbr"):
            for a in legal:
                if a.split(" ", 1)[0] == verb:
                    return a
        return legal[0]


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
    * It never makes a round's fifth wager: once a round holds 4 completions,
      bets or raises it calls instead (the usual cap, also where the rules
      leave heads-up betting uncapped).

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [100, 100], deck="Ac 9c 2c Kd 3c Qd")
    >>> h.act("pb")  # seat 1 brings in with the queen
    >>> BasicRazzPlayer().act(h.view(0), h.legal_actions())  # A-2-3: raise
    'cbr 4'
    """

    name = "basic"

    def __init__(self, limit: int = 8) -> None:
        rank = as_int(limit)
        if rank is None or not 5 <= rank <= 13:
            raise RazzError(f"limit is the highest rank kept (5..13), not {brief(limit)}")
        self.limit = rank

    def __repr__(self) -> str:
        return f"BasicRazzPlayer(limit={self.limit})"

    def reseed(self, seed: int) -> None:
        """Nothing to reset: the strategy is deterministic."""

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """Decide from the cards this seat sees (see the class docstring); the
        strategy is compiled (``rz_basic_decide``), shared with :func:`razzcore.simulate`."""
        legal = list(legal_actions)
        if any(a.startswith("sm") for a in legal):
            # Manual showdown: show when allowed to (cards speak).
            return next((a for a in legal if a.startswith("sm ")), legal[0])
        mask = 0
        for a in legal:
            bit = _KIND_BITS.get(a.split(" ", 1)[0])
            if bit is None:
                raise RazzError(f"BasicRazzPlayer does not know the action {brief(a)}")
            mask |= bit
        seat = view.seat
        n = len(view.boards)
        mine = bytes(c for c in view.cards[seat] if c is not None)
        boards = bytearray(56)
        for s, board in enumerate(view.boards):
            boards[7 * s : 7 * s + len(board)] = bytes(board)
        packed = bytearray(160)  # the layout basic_decide reads (razzcore/_engine.pxi)
        wagers = view.wagers  # the round's full wagers, as the engine counts them
        packed[0:7] = bytes([seat, n, view.street, self.limit, mask, len(mine), min(wagers, 255)])
        packed[8 : 8 + len(mine)] = mine
        packed[15:71] = boards
        packed[71 : 71 + n] = bytes(len(b) for b in view.boards)
        packed[79 : 79 + n] = bytes(not view.folded[s] and len(view.cards[s]) > 0
                                    for s in range(n))
        packed[96 : 96 + 8 * n] = array("q", view.bets).tobytes()
        kind = basic_decide(bytes(packed))
        verb = _KIND_VERBS[kind]
        return next(a for a in legal if a.split(" ", 1)[0] == verb)


_KIND_BITS = {"f": 1, "pb": 2, "cc": 4, "cbr": 8}
_KIND_VERBS = ("f", "pb", "cc", "cbr")


_BuiltIn = RandomPlayer | CalldownPlayer | BasicRazzPlayer

PLAYER_TYPES: dict[str, type[_BuiltIn]] = {
    "random": RandomPlayer,
    "calldown": CalldownPlayer,
    "basic": BasicRazzPlayer,
}
"""Built-in players by name: the names ``razzcore play --lineup`` and
:func:`razzcore.play` take, the policies of :func:`razzcore.simulate` too."""


def make_player(name: str, seed: int | None = None) -> Player:
    """A player by name: a built-in one, in any case (``"random"``,
    ``"calldown"``, ``"basic"``), or ``"package.module:Name"``, where
    ``Name`` is a player class or a factory in an importable module, called
    with no argument (each call makes a new player, one per seat).

    >>> make_player("basic"), make_player("Random", 3), make_player("calldown")
    (BasicRazzPlayer(limit=8), RandomPlayer(3), CalldownPlayer())
    >>> make_player("razzcore.engine.players:CalldownPlayer")
    CalldownPlayer()
    >>> make_player("razzcore.engine.players:Nobody")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: player 'razzcore.engine.players:Nobody': module ... has no Nobody
    """
    if isinstance(name, str) and ":" in name:
        return load_player(name)
    kind = PLAYER_TYPES.get(name.strip().lower()) if isinstance(name, str) else None
    if kind is None:
        raise RazzError(f"unknown player {brief(name)}; choose one of {', '.join(PLAYER_TYPES)} "
                        f"or give package.module:Name")
    return RandomPlayer(seed) if kind is RandomPlayer else kind()


def is_builtin(name: object) -> bool:
    """Whether ``name`` names a built-in player (any case).

    >>> is_builtin("Basic"), is_builtin("mybots:Bot")
    (True, False)
    """
    return isinstance(name, str) and name.strip().lower() in PLAYER_TYPES


def load_player(spec: str) -> Player:
    """A new player from ``"package.module:Name"``: the module is imported
    and ``Name`` (a dotted path inside it is allowed) is called with no
    argument; what it returns must have ``act(view, legal_actions)``.  Any
    failure is a :class:`~razzcore.errors.RazzError` naming the spec.

    >>> load_player("razzcore.engine.players:BasicRazzPlayer")
    BasicRazzPlayer(limit=8)
    >>> load_player("no.such.module:Bot")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: player 'no.such.module:Bot': cannot import no.such.module: ...
    """
    import importlib

    def fail(why: str) -> RazzError:
        return RazzError(f"player {brief(spec)}: {why}")

    if not isinstance(spec, str):
        raise RazzError(f"a player spec is a string package.module:Name, not {brief(spec)}")
    module_name, _, attr = spec.strip().partition(":")
    if not module_name or not attr or ":" in attr:
        raise fail("write it package.module:Name (a module path, one colon, a name)")
    try:
        target: object = importlib.import_module(module_name)
    except ImportError as exc:
        raise fail(f"cannot import {module_name}: {exc}") from None
    except Exception as exc:  # the module itself failed while loading
        raise fail(f"importing {module_name} raised {type(exc).__name__}: {exc}") from None
    for part in attr.split("."):
        if not part.isidentifier() or not hasattr(target, part):
            raise fail(f"module {module_name} has no {attr}")
        target = getattr(target, part)
    if not callable(target):
        raise fail(f"{attr} is a {type(target).__name__}, not a player class or factory")
    try:
        player = target()
    except Exception as exc:
        raise fail(f"{attr}() raised {type(exc).__name__}: {exc} (it is called with no "
                   f"argument)") from None
    if not callable(getattr(player, "act", None)):
        raise fail(f"{attr}() gave {brief(player)}, which has no act(view, legal_actions)")
    return cast(Player, player)
