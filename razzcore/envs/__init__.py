"""Environments for learning agents: PettingZoo, Gymnasium and OpenSpiel.

Install with the ``rl`` extra (``pip install "razzcore[rl]"``: numpy,
pettingzoo, gymnasium) and, for OpenSpiel, the ``openspiel`` extra.  All the
environments share :data:`ACTIONS`, :func:`encode` and
:func:`observation_size`; ``docs/agents.md`` documents the tensor.

>>> from razzcore.envs import ACTIONS, observation_size
>>> ACTIONS, observation_size(2)
(('fold', 'check_call', 'bet_raise'), 316)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach
from ._encoding import ACTIONS, DEFAULT_STACK, action_mask, encode, observation_size

if TYPE_CHECKING:
    from ._aec import RazzAECEnv, aec_env
    from ._gym import GymEnv
    from ._openspiel import register_openspiel
    from ._player import AgentPlayer
    from ._vector import VectorEnv

# The adapters load their library on first use (PEP 562).
_HOMES = {
    "aec_env": "_aec",
    "RazzAECEnv": "_aec",
    "GymEnv": "_gym",
    "register_openspiel": "_openspiel",
    "VectorEnv": "_vector",
    "AgentPlayer": "_player",
}
__getattr__, __dir__ = attach(__name__, _HOMES, globals())


def _register_with_gymnasium() -> None:
    """Register :class:`GymEnv` as ``"razzcore/Razz-v0"`` in Gymnasium's
    registry when gymnasium is installed.  The entry point is a string, so
    the adapter is imported by ``gymnasium.make``, not here.  Without a prior
    import, ``gymnasium.make("razzcore.envs:razzcore/Razz-v0")`` imports this
    module (and so registers the id) itself."""
    try:
        from gymnasium.envs.registration import register, registry
    except ImportError:  # no gymnasium: the other environments still work
        return
    if "razzcore/Razz-v0" not in registry:
        register(id="razzcore/Razz-v0", entry_point="razzcore.envs._gym:GymEnv")


_register_with_gymnasium()


__all__ = [
    "ACTIONS",
    "DEFAULT_STACK",
    "AgentPlayer",
    "GymEnv",
    "RazzAECEnv",
    "VectorEnv",
    "action_mask",
    "aec_env",
    "encode",
    "observation_size",
    "register_openspiel",
]
