"""Many razz tables stepped together in the compiled core, EnvPool style.

:class:`VectorEnv` keeps ``num_envs`` tables of the C hand state machine.
``reset()`` deals at every table; ``step(actions)`` applies one action per
table for its seat to act, deals a new hand at once wherever a hand ended,
and returns the observation of the next seat to act at each table - the
same tensor as ``encode(env.hand(i).view(actor[i]), unit=big_bet)``, written
by the same C encoder.  The stepping runs without the GIL, over ``threads``
worker threads.

>>> from razzcore.envs import VectorEnv
>>> env = VectorEnv(4, players=2, seed=1)
>>> obs, mask, actor = env.reset()
>>> obs.shape, mask.shape, actor.shape
((4, 316), (4, 3), (4,))
>>> import numpy as np
>>> actions = np.ones(4, np.int64)  # check, call or post the bring-in everywhere
>>> obs, mask, actor, rewards, done = env.step(actions)
>>> rewards.shape, done.dtype.name
((4, 2), 'bool')
"""

from __future__ import annotations

import os
import secrets
import threading
from typing import Any, ClassVar

import numpy as np

from .. import _core
from ..engine.hand import Hand
from ..engine.packing import check_player_count, pack_rules, pack_stacks
from ..engine.rules import Rules
from ..errors import IllegalActionError, RulesError, as_int, brief
from ._encoding import (
    DEFAULT_STACK,
    check_players,
    check_stacks,
    default_rules,
    observation_size,
)

__all__ = ["VectorEnv"]

_KIND_TEXT = ("f", "pb", "cc", "cbr")  # the C engine's action kinds as PHH

Array = np.ndarray[Any, Any]


def _check_seed(seed: object) -> int | None:
    if seed is None:
        return None
    value = as_int(seed)
    if value is None:
        raise RulesError(f"seed must be an int or None, not {brief(seed)}")
    return value


class VectorEnv:
    """``VectorEnv(num_envs, players=2, rules=None, *, seed=None, threads=None,
    stacks=1000)``: ``num_envs`` razz tables (default rules ante 2, bring-in
    5, 10/20; every hand starts from ``stacks`` chips a seat).

    * ``reset() -> (obs, mask, actor)``: ``obs`` float32 ``num_envs x
      observation_size(players)`` (amounts in big bets), ``mask`` int8
      ``num_envs x 3`` (legal :data:`~razzcore.envs.ACTIONS`), ``actor`` int32
      (the seat to act at each table).
    * ``step(actions) -> (obs, mask, actor, rewards, done)``: ``actions`` is
      one index 0..2 per table (any integer array or a list; read once, so
      the values checked are the values played); ``rewards`` float32 ``num_envs x players``,
      each seat's net result in big bets at the tables whose hand ended on
      this step (``done`` True; those tables have already dealt the next
      hand, which ``obs``/``mask``/``actor`` describe), zero elsewhere.  An
      action the mask rules out raises :class:`~razzcore.IllegalActionError`
      naming the table, and no table moves.
    * ``hand(i)``: a :class:`~razzcore.Hand` copy of table ``i``'s hand.

    The returned arrays are the environment's own buffers, overwritten by the
    next ``step``: copy what you keep.  ``obs`` is read-only: each step writes
    into a table's row only what changed since that table's last decision.
    Setting ``obs.flags.writeable = True`` and writing into it is allowed;
    the next ``step`` then writes every row whole (and makes it read-only
    again).  ``seed`` makes every table's deals
    reproducible (table ``i`` draws from stream ``i``); ``threads`` (default:
    one per 1,024 tables, at most the usable CPUs) splits the tables.  Calls
    from several threads are serialised by a lock.  ``num_envs`` is at most
    :attr:`MAX_ENVS` (16,777,216); a count the memory cannot hold raises
    :class:`~razzcore.RulesError` naming it, as a count past the limit does.

    >>> env = VectorEnv(2, players=3, seed=7)
    >>> _, mask, actor = env.reset()
    >>> env.hand(0).actor == int(actor[0])
    True
    """

    MAX_ENVS: ClassVar[int] = 1 << 24
    """The most tables one environment holds (the compiled core's limit)."""

    def __init__(
        self,
        num_envs: int,
        players: int = 2,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        threads: int | None = None,
        stacks: int | list[int] = DEFAULT_STACK,
    ) -> None:
        count = as_int(num_envs)
        if count is None or count < 1:
            raise RulesError(f"num_envs must be a positive int, not {brief(num_envs)}")
        if count > self.MAX_ENVS:
            raise RulesError(f"num_envs must be at most {self.MAX_ENVS:,}, not {count:,}")
        num_envs = count
        players = check_players(players)
        if rules is None:
            rules = default_rules()
        elif not isinstance(rules, Rules):
            raise RulesError(f"rules must be a razzcore.Rules or None, not {brief(rules)}")
        seed = _check_seed(seed)
        if threads is None:
            cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
            threads = max(1, min(cpus or os.cpu_count() or 1, num_envs // 1024))
        else:
            count = as_int(threads)
            if count is None or count < 1:
                raise RulesError(f"threads must be a positive int or None, not {brief(threads)}")
            threads = count
        self.num_envs = num_envs
        self.players = players
        self.rules = rules
        self.stacks = check_stacks(stacks, players)
        check_player_count(rules, self.stacks)
        self.threads = min(threads, num_envs, 256)
        self.seed = seed
        size = observation_size(players)
        try:
            self._obs = np.zeros((num_envs, size), np.float32)
            self._mask = np.zeros((num_envs, 3), np.int8)
            self._actor = np.zeros(num_envs, np.int32)
            self._rewards = np.zeros((num_envs, players), np.float32)
            self._done = np.zeros(num_envs, np.uint8)
            self._core = _core._VecCore(
                pack_rules(rules), players, pack_stacks(self.stacks), num_envs,
                self._obs, self._mask, self._actor, self._rewards, self._done, rules.big_bet,
            )
        except MemoryError:
            mib = num_envs * (4 * size + 4 * players + 16) / 2**20
            raise RulesError(
                f"no memory for num_envs={num_envs:,} tables (their arrays alone take "
                f"{mib:,.0f} MiB); give fewer tables"
            ) from None
        # Rows are updated in place, field by field: the caller only reads them
        # (step() sees a caller who made the array writeable, and rewrites).
        self._obs.flags.writeable = False
        # One caller at a time steps the tables (they are shared C state).
        self._lock = threading.Lock()

    # The spaces as Gymnasium's vector API names them; gymnasium is needed
    # only to read them (the environment itself runs on numpy alone).

    @property
    def single_observation_space(self) -> Any:
        """``gymnasium.spaces.Box`` of one table's observation (big bets)."""
        from ._gym import observation_space

        return observation_space(self.players, self.rules, self.stacks)

    @property
    def single_action_space(self) -> Any:
        """``gymnasium.spaces.Discrete(3)``: one table's action."""
        from ._gym import spaces

        return spaces.Discrete(3)

    @property
    def observation_space(self) -> Any:
        """The batched observation space, ``num_envs`` tables
        (``gymnasium.vector.utils.batch_space``)."""
        from gymnasium.vector.utils import batch_space

        return batch_space(self.single_observation_space, self.num_envs)

    @property
    def action_space(self) -> Any:
        """The batched action space: ``MultiDiscrete([3] * num_envs)``."""
        from gymnasium.vector.utils import batch_space

        return batch_space(self.single_action_space, self.num_envs)

    def reset(self, seed: int | None = None) -> tuple[Array, Array, Array]:
        """Deal a new hand at every table (``seed`` overrides the constructor's)."""
        seed = _check_seed(seed)
        if seed is None:
            seed = self.seed
        if seed is None:
            seed = secrets.randbits(64)
        with self._lock:
            self._core.reset(seed & (2**64 - 1), self.threads)  # every row whole
            self._obs.flags.writeable = False
        return self._obs, self._mask, self._actor

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, Array]:
        """Play one action per table; see the class docstring."""
        try:
            given = np.asarray(actions)
        except (TypeError, ValueError, OverflowError):
            raise IllegalActionError(
                f"actions must be integers 0..2, one per table, not {brief(actions)}"
            ) from None
        if given.dtype.kind not in "iu":
            raise IllegalActionError(f"actions must be integers 0..2, not {given.dtype} values")
        if given.shape != (self.num_envs,):
            raise RulesError(
                f"give one action per table: shape ({self.num_envs},), not {given.shape}"
            )
        # The core copies the int64 values once into its own memory, checks
        # that copy and plays it (an unchecked change by another thread
        # cannot slip in between); IllegalActionError names the table.
        with self._lock:
            if self._obs.flags.writeable:  # the caller may have written into obs
                self._core.forget()
                self._obs.flags.writeable = False
            self._core.step(np.ascontiguousarray(given, dtype=np.int64), self.threads)
        return self._obs, self._mask, self._actor, self._rewards, self._done.view(np.bool_)

    def hand(self, i: int) -> Hand:
        """A :class:`~razzcore.Hand` copy of table ``i``'s current hand (the
        same deck, the same actions replayed)."""
        index = as_int(i)
        if index is None:
            raise RulesError(f"a table is an int index, not {brief(i)}")
        if not 0 <= index < self.num_envs:
            raise RulesError(f"no table {brief(i)}: tables are 0..{self.num_envs - 1}")
        with self._lock:
            record = self._core.record(index)
        if record is None:
            raise RulesError(f"table {i}: this hand is too long to rebuild (over 512 actions)")
        deck, kinds = record
        hand = Hand(self.rules, self.stacks, deck=deck)
        for k in kinds:
            hand.act(_KIND_TEXT[k])
        return hand
