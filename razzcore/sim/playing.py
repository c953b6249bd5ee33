"""Play many hands between players: :func:`play`, the library side of ``razzcore play``.

A table of built-in players only (the names ``"basic"``, ``"random"``,
``"calldown"``, or the objects ``BasicRazzPlayer()`` and ``CalldownPlayer()``)
is played wholly in the compiled engine by :func:`~razzcore.sim.simulation.simulate`'s
runner: the same seed gives the same hands and results as ``razzcore play`` and
``simulate``.  A table with any other player (an object with
``act(view, legal_actions)``, a ``RandomPlayer`` object included) is played in
Python, every decision asked through a :class:`~razzcore.engine.view.HandView`.

Either way, hand ``j`` of a run with seed ``s`` draws from seeds derived from
``(s, j)`` alone (in Python: one for the deck, one per seat for the players'
``reseed`` method, when they have one), and every hand starts from the same
stacks, so the result does not depend on the threads, the executor or the
chunks that run the hands.

>>> from razzcore.sim.playing import play
>>> r = play(3, 20, seed=1)
>>> r.hands, sum(r.winnings), len(r.players)
(20, 0, 3)
>>> r.winnings == play(3, 20, seed=1, threads=2).winnings
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .._parallel import SubmitExecutor, check_executor, progress_bar
from ..engine.players import BasicRazzPlayer, CalldownPlayer, Player, is_builtin, make_player
from ..errors import IllegalActionError, RazzError, as_int, brief

if TYPE_CHECKING:
    from ..engine.hand import Hand
    from ..engine.rules import Rules

# The engine (razzcore.engine.hand, razzcore.engine.rules), hashlib and secrets load on first
# use, so that `import razzcore` stays fast for evaluation alone.

__all__ = [
    "DEFAULT_RULES", "DEFAULT_STACK", "MAX_HANDS", "PlayResult", "SubmitExecutor", "hand_seed",
    "play", "play_turns", "reseed_players",
]

DEFAULT_RULES = (1, 3, 10, 20)
"""Ante, bring-in, small bet and big bet of :func:`play` when no rules are given."""
DEFAULT_STACK = 1000
"""Starting stack of every seat (50 big bets) when none is given."""

#: The most hands one :func:`play` call deals (minutes of built-in players in C,
#: a day of Python players): a larger count is a typing slip, not a run anyone waits for.
#: It bounds time only: a run keeps per-seat sums, so its memory does not grow
#: with the hands (built-in tables sum in the engine's steps, Python tables per chunk).
MAX_HANDS = 100_000_000


def hand_seed(seed: int, index: int, part: int = 0) -> int:
    """The 64-bit seed of part ``part`` (0 = deck, ``1 + seat`` = a player) of
    hand ``index`` of a run seeded with ``seed``.

    >>> hand_seed(1, 0) == hand_seed(1, 0), hand_seed(1, 0) == hand_seed(1, 1)
    (True, False)
    """
    import hashlib

    digest = hashlib.blake2b(f"razzcore.play/{seed}/{index}/{part}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "little")


class _Job(NamedTuple):
    """Everything a worker needs (picklable)."""

    rules: Rules
    stacks: tuple[int, ...]
    players: tuple[Player, ...]
    seed: int
    keep: int
    labels: tuple[str, ...]


class _Chunk:
    """One chunk's totals, returned by a worker (picklable)."""

    __slots__ = ("hands", "pots_won", "showdowns", "winnings")

    def __init__(self, winnings: list[int], pots_won: list[int], showdowns: int,
                 hands: list[Hand]) -> None:
        self.winnings, self.pots_won, self.showdowns, self.hands = (
            winnings, pots_won, showdowns, hands)


def play_turns(hand: Hand, players: Sequence[Player | None], limit: int | None = None,
               *, labels: Sequence[str] | None = None, number: int | None = None
               ) -> int | None:
    """Ask ``players[seat]`` for each decision of ``hand`` (each sees only
    ``hand.view(seat)``) until the hand ends (returns ``None``), a seat whose
    player is ``None`` (played from outside: a person) is to act, or
    ``limit`` decisions were made; returns the seat to act then.  The one
    loop of :func:`play` and of a :class:`~razzcore.sim.session.Session`.

    A player whose ``act`` raises, or returns an action that is not legal,
    is one :class:`~razzcore.errors.RazzError` (an
    :class:`~razzcore.errors.IllegalActionError` for the action, listing the
    legal ones) naming the hand (``number``, counted from 1, when given), the
    seat and the player: ``labels[seat]`` (such as the ``package.module:Name``
    it was made from), else its name or repr; what ``act`` raised is the
    error's ``__cause__``.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")
    >>> play_turns(h, [None, BasicRazzPlayer()])   # p2 brings in, then p1 decides
    0
    >>> h.history[-1]
    'p2 pb'
    >>> class Broken:
    ...     def act(self, view, legal_actions):
    ...         raise KeyError("no plan")
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")
    >>> play_turns(h, [BasicRazzPlayer(), Broken()], labels=["basic", "mybots:Broken"],
    ...            number=3)
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: hand 3, p2: player mybots:Broken raised KeyError: 'no plan'
    """
    n = len(hand.starting_stacks)
    if len(players) != n:
        raise RazzError(f"{len(players)} players for a table of {n} seats")
    if labels is not None and len(labels) != n:
        raise RazzError(f"{len(labels)} labels for a table of {n} seats")
    made = 0
    view_of, act = hand.view, hand.act  # looked up once per call, not per decision
    while True:
        seat = hand.actor
        if seat is None:
            return None
        player = players[seat]
        if player is None or (limit is not None and made >= limit):
            return seat
        view = view_of(seat)
        try:
            action = player.act(view, view.legal_actions)  # the same legal actions
        except Exception as exc:  # the player's own code: named, its traceback the cause
            raise RazzError(f"{_where(player, seat, labels, number)} raised "
                            f"{_exception_line(exc)}") from exc
        try:
            act(action)
        except RazzError as exc:
            raise IllegalActionError(
                f"{_where(player, seat, labels, number)} chose an illegal action: {exc}"
            ) from None
        made += 1


def _where(player: object, seat: int, labels: Sequence[str] | None, number: int | None
           ) -> str:
    """How an error names the player at ``seat``: ``hand 3, p2: player mybots:Bot``."""
    label = labels[seat] if labels is not None else _player_label(player)
    hand = f"hand {number:,}, " if number is not None else ""
    return f"{hand}p{seat + 1}: player {label}"


def _exception_line(exc: BaseException) -> str:
    """``exc`` in one line: its type and the first line of its message.

    >>> _exception_line(ValueError("bad\\nmore")), _exception_line(KeyError())
    ('ValueError: bad', 'KeyError')
    """
    lines = str(exc).splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines and lines[0] else type(exc).__name__


def reseed_players(players: Sequence[Player | None], seed: int, index: int) -> None:
    """Before hand ``index`` of a run seeded with ``seed``: each player with a
    ``reseed`` method restarts from its own seed (:func:`hand_seed`).

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.players import RandomPlayer
    >>> from razzcore.engine.rules import Rules
    >>> h, bot = Hand(Rules(1, 2, 4, 8), [50, 50], seed=1), RandomPlayer()
    >>> def decisions():
    ...     reseed_players([bot, None], 7, 3)  # hand 3 of a run seeded with 7
    ...     return [bot.act(h.view(h.actor), h.legal_actions()) for _ in range(6)]
    >>> decisions() == decisions()
    True
    """
    for s, p in enumerate(players):
        reseed = getattr(p, "reseed", None)
        if reseed is not None:
            reseed(hand_seed(seed, index, 1 + s))


def _play_chunk(job: _Job, start: int, stop: int) -> _Chunk:
    """Play hands ``start..stop-1`` of ``job`` (runs in a worker)."""
    import copy

    from ..engine.hand import Hand

    players = copy.deepcopy(job.players)
    n = len(job.stacks)
    out = _Chunk([0] * n, [0] * n, 0, [])
    for j in range(start, stop):
        reseed_players(players, job.seed, j)
        hand = Hand(job.rules, job.stacks, rng=random.Random(hand_seed(job.seed, j)))
        play_turns(hand, players, labels=job.labels, number=j + 1)
        payoffs = hand.payoffs or (0,) * n
        for s in range(n):
            out.winnings[s] += payoffs[s]
        for s in {a.seat for a in hand.awards}:
            out.pots_won[s] += 1
        if any(e.shown for e in hand.showdown):
            out.showdowns += 1
        if j < job.keep:
            out.hands.append(hand)
    return out


def _check_act_signature(player: object, label: str | None = None) -> None:
    """A policy's ``act`` must accept ``(view, legal_actions)``: say so up front
    rather than fail deep inside the first hand (naming the player by
    ``label``, such as the ``package.module:Name`` it was made from)."""
    import inspect

    try:
        inspect.signature(player.act).bind(None, ())  # type: ignore[attr-defined]
    except TypeError:
        raise RazzError(
            f"player {label or _player_label(player)}: its act must take (view, "
            f"legal_actions) and return one of the legal action strings"
        ) from None
    except ValueError:  # no signature to inspect (a builtin): trust it
        pass


def _make_players(
    players: int | Sequence[Player | str], lineup: Sequence[str]
) -> list[tuple[Player, str | None, str]]:
    """Each seat's player, for a built-in one the engine policy that plays
    exactly like it (``None``: the seat needs the Python loop), and how
    errors name it (a name or ``package.module:Name`` as given)."""
    if isinstance(players, bool):
        raise RazzError(f"players must be a count or a list of players, not {brief(players)}")
    count = as_int(players)
    if count is not None:
        players = count
    if isinstance(lineup, str):  # "basic,random" as the command line takes it
        lineup = [name for name in lineup.split(",")]
    if isinstance(players, int):
        if not 2 <= players <= 8:
            raise RazzError(f"a razz table has 2 to 8 players, not {players}")
        if not lineup:
            raise RazzError("the lineup of built-in players is empty")
        if len(lineup) > players:
            extra = len(lineup) - players
            raise RazzError(
                f"the lineup names {len(lineup)} players for {players} seats: the last "
                f"{extra} would never sit" if extra > 1 else
                f"the lineup names {len(lineup)} players for {players} seats: the last "
                "would never sit")
        players = [lineup[s % len(lineup)] for s in range(players)]
    elif isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise RazzError(f"players must be a count or a list of players, not {brief(players)}")
    out: list[tuple[Player, str | None, str]] = []
    for p in players:
        if isinstance(p, str) and is_builtin(p):
            player = make_player(p)
            out.append((player, getattr(player, "name", None), p))
        elif isinstance(p, str):  # package.module:Name
            player = make_player(p)
            _check_act_signature(player, p)
            out.append((player, _builtin_policy(player), p))
        elif callable(getattr(p, "act", None)):
            _check_act_signature(p)
            out.append((p, _builtin_policy(p), _player_label(p)))
        else:
            raise RazzError(f"player {_player_label(p)} has no act(view, legal_actions) method: "
                            f"a player needs one")
    if not 2 <= len(out) <= 8:
        raise RazzError(f"a razz table has 2 to 8 players, not {len(out)}")
    return out


def _builtin_policy(player: object) -> str | None:
    """The engine policy that decides exactly as ``player`` does, if any.

    ``BasicRazzPlayer()`` (the default limit 8) and ``CalldownPlayer()`` are
    the ``"basic"`` and ``"calldown"`` policies move for move (the basic
    strategy is one compiled function).  A ``RandomPlayer`` object is not: it
    draws from its own Python stream (its ``seed``) and has no raise cap, so
    it plays in Python; the name ``"random"`` is the engine's policy.
    Subclasses may decide differently and play in Python too.
    """
    kind = type(player)
    if kind is BasicRazzPlayer and player.limit == 8:  # type: ignore[attr-defined]
        return "basic"
    if kind is CalldownPlayer:
        return "calldown"
    return None


def _player_label(p: object) -> str:
    """How an error names a player: its ``name`` when it has one (quoted),
    else a short repr."""
    name = getattr(p, "name", None)
    return brief(name) if isinstance(name, str) and name else brief(p)


def _player_name(p: Player) -> str:
    name = getattr(p, "name", None)
    return name if isinstance(name, str) else type(p).__name__


def play(
    players: int | Sequence[Player | str] = 2,
    hands: int = 1,
    *,
    seed: int | None = None,
    rules: Rules | None = None,
    profile: str = "online",
    stacks: int | Sequence[int] = DEFAULT_STACK,
    lineup: Sequence[str] = ("basic", "random"),
    threads: int | None = None,
    executor: SubmitExecutor | None = None,
    chunk_size: int | None = None,
    progress: bool | None = None,
    keep_hands: bool | int = False,
) -> PlayResult:
    """Play ``hands`` hands (0..:data:`MAX_HANDS`) at one table and total the results.

    * ``players``: a seat count (2..8, seated from ``lineup`` in turn:
      ``"basic"`` then ``"random"`` by default) or one player per seat: built-in
      names or any object with ``act(view, legal_actions)`` (see
      :mod:`razzcore.engine.players`).
    * Built-in players only (names, ``BasicRazzPlayer()``, ``CalldownPlayer()``):
      the hands run in the compiled engine, exactly as ``razzcore play`` and
      :func:`~razzcore.sim.simulation.simulate` with the same seed, on
      ``threads`` threads (default: one per CPU from 32,768 hands on) or
      ``executor``.  Any other player: the hands run in Python (players are
      copied for each chunk of ``chunk_size`` hands, on ``executor`` if given),
      and the built-in names at that table are Python players, drawing from
      their own streams (see :mod:`razzcore.sim.playing`).
    * ``seed``: the run's seed (``None`` draws one, reported in the result).
    * ``rules`` (default ``Rules(1, 3, 10, 20, profile=profile)``) and
      ``stacks``: every hand starts from these stacks.
    * ``executor``: any object with ``submit``, such as a
      :class:`concurrent.futures.Executor` or dask's ``Client.get_executor()``;
      results do not depend on it.
    * ``progress=True``: a tqdm bar on stderr (``pip install
      'razzcore[progress]'``); off by default.
    * ``keep_hands=True`` keeps every finished hand in ``hand_list``; an int
      ``k`` keeps the first ``k`` hands.  Hands played in the engine are
      replayed on :class:`~razzcore.engine.hand.Hand` from its record (deck and
      actions) to the same payoffs, so they cost Python time: keep few.

    >>> r = play(["basic", "random"], 50, seed=7)
    >>> r.players, r.hands, sum(r.winnings)
    (('basic', 'random'), 50, 0)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     r2 = play(["basic", "random"], 50, seed=7, executor=pool)
    >>> r2.winnings == r.winnings and r2.showdowns == r.showdowns
    True
    """
    from ..engine.hand import Hand
    from ..engine.rules import Rules
    from .simulation import check_seed

    seats = _make_players(players, lineup)
    table = [p for p, _, _ in seats]
    n = len(table)
    count = as_int(hands)
    if count is None or count < 0 or isinstance(hands, bool):
        raise RazzError(f"hands must be a non-negative int, not {brief(hands)}")
    hands = count
    if hands > MAX_HANDS:
        raise RazzError(f"hands must be at most {MAX_HANDS:,} per call, not {hands:,}")
    if rules is None:
        rules = Rules(*DEFAULT_RULES, profile=profile)
    elif not isinstance(rules, Rules):
        raise RazzError(f"rules must be a razzcore Rules, not {type(rules).__name__}")
    stack = as_int(stacks)
    given: list[int | None] = []
    if stack is not None:
        given = [stack] * n
    elif isinstance(stacks, Iterable) and not isinstance(stacks, (str, bytes)):
        given = [as_int(v) for v in stacks]
    stack_list = tuple(v for v in given if v is not None and v > 0)
    if len(stack_list) != n or len(given) != n:
        raise RazzError(f"stacks must be {n} positive ints, not {brief(stacks)}")
    seed = check_seed(seed)
    if chunk_size is not None:
        size = as_int(chunk_size)
        if size is None or size < 1:
            raise RazzError(f"chunk_size must be a positive int, not {brief(chunk_size)}")
        chunk_size = size
    if progress is not None and not isinstance(progress, bool):
        raise RazzError(f"progress must be True, False or None, not {brief(progress)}")
    check_executor(executor)
    # Validate the table once before farming it out (a bad rule set fails here).
    Hand(rules, stack_list, seed=0)
    if keep_hands is True:
        keep = hands
    elif keep_hands is False:
        keep = 0
    elif (kept := as_int(keep_hands)) is not None and kept >= 0:
        keep = min(kept, hands)
    else:
        raise RazzError(f"keep_hands must be True, False or a count, not {brief(keep_hands)}")
    policies = [name for _, name, _ in seats]
    if all(name is not None for name in policies):
        return _play_in_engine(rules, stack_list, tuple(policies),  # type: ignore[arg-type]
                               tuple(_player_name(p) for p in table), hands, seed, threads,
                               executor, progress, keep)
    if threads is not None and threads != 1:
        custom = "player " + next(label for _, name, label in seats if name is None)
        raise RazzError(f"threads runs tables of built-in players in the compiled engine; "
                        f"{custom} plays in Python: give an executor instead")
    if chunk_size is None:
        chunk_size = min(2000, max(100, hands // 64))
    job = _Job(rules, stack_list, tuple(table), seed, keep,
               tuple(label for _, _, label in seats))
    bounds = [(a, min(a + chunk_size, hands)) for a in range(0, hands, chunk_size)]
    bar = progress_bar(hands, "hand") if progress else None
    t0 = time.perf_counter()
    chunks: list[_Chunk] = []
    try:
        if executor is None:
            for a, b in bounds:
                chunks.append(_play_chunk(job, a, b))
                if bar is not None:
                    bar.update(b - a)
        else:
            futures = [executor.submit(_play_chunk, job, a, b) for a, b in bounds]
            for (a, b), fut in zip(bounds, futures, strict=True):
                chunks.append(fut.result())
                if bar is not None:
                    bar.update(b - a)
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - t0
    return PlayResult(
        players=tuple(_player_name(p) for p in table),
        hands=hands,
        seed=seed,
        seconds=seconds,
        rules=rules,
        starting_stacks=stack_list,
        winnings=tuple(sum(c.winnings[s] for c in chunks) for s in range(n)),
        pots_won=tuple(sum(c.pots_won[s] for c in chunks) for s in range(n)),
        showdowns=sum(c.showdowns for c in chunks),
        hand_list=tuple(h for c in chunks for h in c.hands),
    )


def _play_in_engine(
    rules: Rules, stacks: tuple[int, ...], policies: tuple[str, ...], names: tuple[str, ...],
    hands: int, seed: int, threads: int | None, executor: SubmitExecutor | None,
    progress: bool | None, keep: int,
) -> PlayResult:
    """A table of built-in players, played by :func:`simulate`'s runner (the
    same stream for the same seed); kept hands are replayed on ``Hand``."""
    from .. import _core
    from .simulation import _check_stacks, _check_workers, _replay_hand, _run_policies

    table = _check_stacks(rules, stacks)
    workers = _check_workers(threads, executor, hands)
    codes = bytes(_core.ENGINE_POLICIES[name] for name in policies)
    stream = seed % (1 << 64)
    run = _run_policies(rules, table, codes, stream, hands, workers, executor, progress)
    return PlayResult(
        players=names,
        hands=hands,
        seed=seed,
        seconds=run.seconds,
        rules=rules,
        starting_stacks=table,
        winnings=run.winnings(len(table)),
        pots_won=run.pots_won,
        showdowns=run.showdowns,
        hand_list=tuple(_replay_hand(rules, table, codes, stream, j) for j in range(keep)),
    )


@dataclass(frozen=True)
class PlayResult:
    """What :func:`play` measured.

    ``winnings[s]`` is seat ``s``'s net chips over all hands; ``pots_won[s]``
    the number of hands in which it collected chips; ``showdowns`` the number
    of hands that reached a showdown.  ``hand_list`` holds the finished
    :class:`~razzcore.engine.hand.Hand` objects when ``keep_hands=True``.

    >>> from razzcore import play
    >>> r = play(["basic", "random"], 20, seed=3)
    >>> r.players, r.winnings, r.pots_won, r.showdowns
    (('basic', 'random'), (110, -110), (8, 12), 1)
    >>> r.big_bets_per_100, r.showdown_share
    ((27.5, -27.5), 0.05)
    """

    players: tuple[str, ...]
    hands: int
    seed: int
    seconds: float
    rules: Rules
    starting_stacks: tuple[int, ...]
    winnings: tuple[int, ...]
    pots_won: tuple[int, ...]
    showdowns: int
    hand_list: tuple[Hand, ...] = field(default=(), repr=False)

    @property
    def hands_per_second(self) -> float:
        """Hands dealt and played per second of wall time."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def showdown_share(self) -> float:
        """The fraction of hands that reached a showdown."""
        return self.showdowns / self.hands if self.hands else 0.0

    @property
    def big_bets_per_100(self) -> tuple[float, ...]:
        """Each seat's winnings in big bets per 100 hands."""
        if not self.hands:
            return tuple(0.0 for _ in self.winnings)
        return tuple(100 * w / self.rules.big_bet / self.hands for w in self.winnings)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (no hands).

        >>> from razzcore import play
        >>> sorted(play(2, 3, seed=4).to_dict())[:4]
        ['big_bets_per_100', 'hands', 'hands_per_second', 'players']
        """
        return {
            "players": list(self.players),
            "hands": self.hands,
            "seed": self.seed,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "rules": {"ante": self.rules.ante, "bring_in": self.rules.bring_in,
                      "small_bet": self.rules.small_bet, "big_bet": self.rules.big_bet,
                      "profile": self.rules.profile},
            "starting_stacks": list(self.starting_stacks),
            "winnings": list(self.winnings),
            "big_bets_per_100": list(self.big_bets_per_100),
            "pots_won": list(self.pots_won),
            "showdowns": self.showdowns,
            "showdown_share": self.showdown_share,
        }
