"""A PettingZoo AEC environment: one razz hand per episode.

Agents are ``"player_0" .. "player_{P-1}"`` (seat order).  Each observation is
a dict: ``"observation"`` (the float32 tensor of :func:`~razzcore.envs.encode`,
amounts in big bets) and ``"action_mask"`` (``int8`` over
:data:`~razzcore.envs.ACTIONS`; all zero for a seat not to act).  Rewards are
in big bets, paid to every seat when the hand ends (the net result of its
stack); the hand is then over for everyone (``terminations`` all True).

>>> from razzcore.envs import aec_env
>>> env = aec_env(players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["action_mask"].tolist(), reward, terminated
([0, 1, 1], 0.0, False)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..engine.hand import Hand
from ..engine.rules import Rules
from ..errors import MissingDependencyError, RulesError, brief
from ._encoding import (
    DEFAULT_STACK,
    action_mask,
    action_string,
    check_decisions,
    check_players,
    check_stacks,
    default_rules,
    encode,
)
from ._gym import RENDER_MODES, observation_space, spaces

try:
    from pettingzoo import AECEnv
except ImportError:
    raise MissingDependencyError.of("pettingzoo", "rl", "razzcore.envs.aec_env") from None

__all__ = ["RazzAECEnv", "aec_env", "observation_space"]


class RazzAECEnv(AECEnv):  # type: ignore[misc]
    """PettingZoo AEC environment of razz hands (see :func:`aec_env`).

    A hand played to its end, every seat checking or calling (action 1):

    >>> env = RazzAECEnv(players=2)
    >>> env.reset(seed=1)
    >>> rewards = dict.fromkeys(env.possible_agents, 0.0)
    >>> for agent in env.agent_iter():
    ...     obs, reward, done, truncated, info = env.last()
    ...     rewards[agent] += reward
    ...     env.step(None if done else 1)
    >>> rewards, env.hand.payoffs  # big bets of 20 chips
    ({'player_0': -0.35, 'player_1': 0.35}, (-7, 7))
    """

    metadata = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "name": "razzcore_razz_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        rules: Rules | None = None,
        *,
        render_mode: str | None = None,
        stacks: int | list[int] = DEFAULT_STACK,
    ) -> None:
        super().__init__()
        players = check_players(players)
        if rules is None:
            rules = default_rules()
        elif not isinstance(rules, Rules):
            raise RulesError(f"rules must be a razzcore.Rules or None, not {brief(rules)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RulesError(
                f"render_mode must be None, 'human' or 'ansi', not {brief(render_mode)}"
            )
        self.players = players
        self.rules = rules
        self.stacks = check_stacks(stacks, players)
        check_decisions(self.rules, self.stacks)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        box = observation_space(players, rules, self.stacks)
        mask = spaces.Box(0, 1, (3,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(3) for a in self.possible_agents}
        self._rng = random.Random()
        self.hand: Hand | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(3)``: fold, check/call/post the bring-in, complete/bet/raise."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (``seed`` reseeds the shuffles of this and later hands)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.hand = Hand(self.rules, self.stacks, seed=self._rng.getrandbits(64))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.hand is not None
        actor = self.hand.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """What ``agent``'s seat sees, and its action mask."""
        if self.hand is None:
            raise RulesError("call reset() before observe()")
        seat = self.possible_agents.index(agent)
        view = self.hand.view(seat)
        return {
            "observation": encode(view, unit=self.rules.big_bet),
            "action_mask": action_mask(view.legal_actions),
        }

    def step(self, action: Any) -> None:
        """Play ``action`` (an index into ACTIONS) for the selected agent; an
        action the mask rules out raises :class:`~razzcore.IllegalActionError`."""
        if self.hand is None:
            raise RulesError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.hand.act(action_string(self.hand, action))
        payoffs = self.hand.payoffs
        if payoffs is None:
            self._clear_rewards()
            self._select()
        else:
            unit = self.rules.big_bet
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = payoffs[seat] / unit
                self.terminations[a] = True
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``"ansi"``: the hand as text (every card, as a spectator would see
        it after the hand); ``"human"``: print it."""
        if self.hand is None:
            return None
        text = str(self.hand)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    players: int = 2,
    rules: Rules | None = None,
    *,
    render_mode: str | None = None,
    stacks: int | list[int] = DEFAULT_STACK,
) -> RazzAECEnv:
    """A PettingZoo AEC environment of razz hands for ``players`` seats under
    ``rules`` (default ante 2, bring-in 5, 10/20), each seat starting every
    hand with ``stacks`` chips (default 1,000 = 50 big bets).

    >>> env = aec_env(players=3)
    >>> env.reset(seed=2)
    >>> env.agent_selection in env.agents
    True
    """
    return RazzAECEnv(players, rules, render_mode=render_mode, stacks=stacks)
