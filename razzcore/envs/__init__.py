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

import importlib
from typing import TYPE_CHECKING, Any

from ._encoding import ACTIONS, DEFAULT_STACK, action_mask, encode, observation_size

if TYPE_CHECKING:
    from ._aec import RazzAECEnv, aec_env
    from ._gym import GymEnv
    from ._openspiel import register_openspiel
    from ._vector import VectorEnv

# The adapters load their library on first use (PEP 562).
_LAZY = {
    "aec_env": "_aec",
    "RazzAECEnv": "_aec",
    "GymEnv": "_gym",
    "register_openspiel": "_openspiel",
    "VectorEnv": "_vector",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'razzcore.envs' has no attribute {name!r}")
    value = getattr(importlib.import_module("." + module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "ACTIONS",
    "DEFAULT_STACK",
    "GymEnv",
    "RazzAECEnv",
    "VectorEnv",
    "action_mask",
    "aec_env",
    "encode",
    "observation_size",
    "register_openspiel",
]
