"""A Gymnasium environment: one seat of a razz table against built-in players.

Each episode is one hand.  The observation is the float32 tensor of
:func:`~razzcore.envs.encode` (amounts in big bets) for the learning seat;
``info["action_mask"]`` gives the legal actions.  The reward is the seat's
net result in big bets, paid on the step that ends the hand.

An action the mask rules out is mapped to a legal one, so that any sample of
``Discrete(3)`` is a move: a fold when checking is free (or not allowed)
becomes check/call, and a raise past the cap becomes a call.
``info["mapped"]`` is True when that happened.

>>> from razzcore.envs import GymEnv
>>> env = GymEnv(players=2, opponent="random")
>>> obs, info = env.reset(seed=3)
>>> obs.shape, info["action_mask"].dtype.name
((316,), 'int8')
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any, SupportsIndex

import numpy as np

from ..engine.hand import Hand
from ..engine.players import Player, make_player
from ..engine.rules import Rules
from ..errors import IllegalActionError, MissingDependencyError, RulesError, as_int, brief
from ._encoding import (
    DEFAULT_STACK,
    action_mask,
    action_string,
    check_decisions,
    check_players,
    check_stacks,
    default_rules,
    encode,
    observation_size,
)

try:
    import gymnasium
    from gymnasium import spaces as spaces  # the adapters of this room take it from here
except ImportError:
    raise MissingDependencyError.of("gymnasium", "rl", "razzcore.envs.GymEnv") from None

__all__ = ["ENV_ID", "GymEnv", "observation_space"]

#: The id ``import razzcore.envs`` registers :class:`GymEnv` under in
#: Gymnasium's registry: ``gymnasium.make("razzcore/Razz-v0", players=6)``, or with no
#: prior import ``gymnasium.make("razzcore.envs:razzcore/Razz-v0", players=6)``.
ENV_ID = "razzcore/Razz-v0"

RENDER_MODES = ("human", "ansi")


def observation_space(players: int, rules: Rules, stacks: list[int]) -> spaces.Box:
    """The Box of the observation tensor (amounts in big bets; action counts
    up to 65,535).

    >>> from razzcore.engine.rules import Rules
    >>> box = observation_space(2, Rules(2, 5, 10, 20), [1000, 1000])
    >>> box.shape, float(box.high.max()), box.dtype
    ((316,), 65535.0, dtype('float32'))
    """
    high = max(65535.0, sum(stacks) / rules.big_bet)
    return spaces.Box(0.0, high, (observation_size(players),), np.float32)

Obs = np.ndarray[Any, np.dtype[np.float32]]


class GymEnv(gymnasium.Env[Obs, np.int64]):
    """``GymEnv(players=2, opponent="basic", rules=None, seat=0, *, stacks=1000,
    render_mode=None)``: the learning agent plays ``seat``; every other seat is
    ``opponent`` - ``"basic"`` (:class:`~razzcore.BasicRazzPlayer`),
    ``"random"`` (:class:`~razzcore.RandomPlayer`), a policy object (any
    ``act(view, legal_actions)``), or a sequence of them, one per other seat.
    ``stacks`` (one int or one per seat) must leave ``seat`` and another seat
    more than the ante, so every hand reaches a decision of ``seat``.

    >>> env = GymEnv(opponent="basic")
    >>> obs, info = env.reset(seed=1)
    >>> done = False
    >>> while not done:
    ...     obs, reward, done, truncated, info = env.step(1)  # always check/call
    >>> isinstance(reward, float)
    True
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        players: int = 2,
        opponent: str | Player | Sequence[str | Player] = "basic",
        rules: Rules | None = None,
        seat: int = 0,
        *,
        stacks: int | list[int] = DEFAULT_STACK,
        render_mode: str | None = None,
    ) -> None:
        players = check_players(players)
        if rules is None:
            rules = default_rules()
        elif not isinstance(rules, Rules):
            raise RulesError(f"rules must be a razzcore.Rules or None, not {brief(rules)}")
        seat_int = as_int(seat)
        if seat_int is None or not 0 <= seat_int < players:
            raise RulesError(f"seat must be an int in 0..{players - 1}, not {brief(seat)}")
        seat = seat_int
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RulesError(
                f"render_mode must be None, 'human' or 'ansi', not {brief(render_mode)}"
            )
        self.players, self.rules, self.seat = players, rules, seat
        self.stacks = check_stacks(stacks, players)
        check_decisions(self.rules, self.stacks, self.seat)
        self.render_mode = render_mode
        if isinstance(opponent, (list, tuple)):
            if len(opponent) != players - 1:
                raise RulesError(
                    f"give one opponent per other seat ({players - 1}), not {len(opponent)}"
                )
            chosen = list(opponent)
        else:
            chosen = [opponent] * (players - 1)
        others = [s for s in range(players) if s != seat]
        self.opponents: dict[int, Player] = {}
        for s, o in zip(others, chosen, strict=True):
            if isinstance(o, str):
                self.opponents[s] = make_player(o)
            elif isinstance(o, Player):
                self.opponents[s] = o
            else:
                raise RulesError(f"an opponent is 'basic', 'random' or a policy, not {brief(o)}")
        self.observation_space = observation_space(  # type: ignore[assignment]
            players, rules, self.stacks
        )
        self.action_space = spaces.Discrete(3)
        self._rng = random.Random()
        self.hand: Hand | None = None

    def _play_others(self) -> None:
        hand = self.hand
        assert hand is not None
        while True:
            actor = hand.actor
            if actor is None or actor == self.seat:
                return
            hand.act(self.opponents[actor].act(hand.view(actor), tuple(hand.legal_actions())))

    def _observe(self, mapped: bool = False) -> tuple[Obs, dict[str, Any]]:
        assert self.hand is not None
        view = self.hand.view(self.seat)
        info = {"action_mask": action_mask(view.legal_actions), "mapped": mapped}
        return encode(view, unit=self.rules.big_bet), info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal hands until this seat has a decision; return its observation.
        ``seed`` reseeds the shuffles and the opponents."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            for s, o in self.opponents.items():
                reseed = getattr(o, "reseed", None)
                if reseed is not None:
                    reseed(seed * 8 + s)
        while True:
            self.hand = Hand(self.rules, self.stacks, seed=self._rng.getrandbits(64))
            self._play_others()
            if self.hand.actor == self.seat:
                break
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an index into ACTIONS) for this seat, then the
        opponents until this seat's next decision or the end of the hand."""
        hand = self.hand
        if hand is None or hand.actor != self.seat:
            raise RulesError("call reset() first: the hand is over")
        mask = action_mask(hand.legal_actions())
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, SupportsIndex):
            raise IllegalActionError(
                f"an action is an int index 0..2 of the action space, not {brief(action)}"
            )
        index = operator.index(action)
        if not 0 <= index <= 2:
            raise IllegalActionError(f"no action {index}: the action space is Discrete(3)")
        mapped = not mask[index]
        if mapped:
            index = 1 if mask[1] else int(np.flatnonzero(mask)[0])
        hand.act(action_string(hand, index))
        self._play_others()
        obs, info = self._observe(mapped)
        payoffs = hand.payoffs
        reward = 0.0 if payoffs is None else payoffs[self.seat] / self.rules.big_bet
        if self.render_mode == "human":
            self.render()
        return obs, reward, payoffs is not None, False, info

    def render(self) -> str | None:
        """``"ansi"``: the hand as this seat sees it; ``"human"``: print it."""
        if self.hand is None:
            return None
        text = str(self.hand.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text
