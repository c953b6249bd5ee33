"""A trained agent as a :class:`~razzcore.engine.players.Player`
(:class:`AgentPlayer`), so that it can sit at any table: :func:`razzcore.play`,
a :class:`~razzcore.sim.session.Session`, ``razzcore play --lineup`` and
``razzcore serve`` (through a factory named ``package.module:Name``).

>>> import numpy as np
>>> from razzcore import play
>>> always_raise = AgentPlayer(lambda obs, mask: int(np.flatnonzero(mask)[-1]))
>>> play([always_raise, "basic"], 20, seed=1).players
('agent', 'basic')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.players import Player
from ..errors import RazzError, as_int, brief
from ._encoding import action_mask, encode, legal_action

if TYPE_CHECKING:
    import numpy as np

    from ..engine.view import HandView

__all__ = ["AgentPlayer"]

Policy = Callable[["np.ndarray[Any, Any]", "np.ndarray[Any, Any]"], Any]


class AgentPlayer(Player):
    """Plays ``policy(observation, mask) -> index``: the observation is
    :func:`~razzcore.envs.encode` of the seat's view with amounts in units of
    ``unit`` (the big bet of the table, as in the environments: 20 at
    razzcore's default stakes), the mask :func:`~razzcore.envs.action_mask` of
    the legal actions, the index one of :data:`~razzcore.envs.ACTIONS`.

    ``players``: the table size the agent was trained for (its observation
    has that size); at another table it is refused by name rather than fed
    a tensor of the wrong size.  An index the mask rules out raises
    :class:`~razzcore.IllegalActionError` naming the agent.

    >>> from razzcore import Hand, Rules
    >>> call = AgentPlayer(lambda obs, mask: 1, players=2, name="caller")  # 1: check_call
    >>> hand = Hand(Rules(1, 2, 4, 8), [50, 50], seed=1)
    >>> call.act(hand.view(hand.actor), hand.legal_actions())
    'pb'
    >>> fold = AgentPlayer(lambda obs, mask: 0, name="folder")  # 0: fold
    >>> fold.act(hand.view(hand.actor), hand.legal_actions())
    Traceback (most recent call last):
    razzcore.errors.IllegalActionError: agent 'folder': action 0 (fold) is not legal now; ...
    """

    def __init__(self, policy: Policy, *, unit: int = 20, players: int | None = None,
                 name: str = "agent") -> None:
        if not callable(policy):
            raise RazzError(f"policy must be callable as policy(observation, mask), "
                            f"not {brief(policy)}")
        size = as_int(unit)
        if size is None or size < 1 or isinstance(unit, bool):
            raise RazzError(f"unit must be a positive int (the big bet), not {brief(unit)}")
        seats = as_int(players) if players is not None else None
        if players is not None and (seats is None or not 2 <= seats <= 8):
            raise RazzError(f"players must be 2..8 or None, not {brief(players)}")
        if not isinstance(name, str) or not name:
            raise RazzError(f"name must be a non-empty string, not {brief(name)}")
        self.policy, self.unit, self.players, self.name = policy, size, seats, name

    def __repr__(self) -> str:
        return f"AgentPlayer({self.policy!r}, unit={self.unit}, name={self.name!r})"

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        """The legal action the policy's index plays."""
        n = len(view.stacks)
        if self.players is not None and n != self.players:
            raise RazzError(f"agent {self.name!r} was trained for {self.players} players, "
                            f"not a table of {n}")
        index = self.policy(encode(view, unit=self.unit), action_mask(legal_actions))
        try:
            return legal_action(legal_actions, index)
        except RazzError as exc:
            raise type(exc)(f"agent {self.name!r}: {exc}") from None
