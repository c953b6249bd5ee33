"""The agent of ``train_numpy_agent.py`` at any razz table, as a
:class:`razzcore.envs.AgentPlayer`: its greedy policy over the saved weights.

Train and save it, then seat it (from this folder, so that the module is found)::

    python train_numpy_agent.py --hands 10000 --save agent.npz
    razzcore play --players 2 --lineup numpy_agent:load,basic --hands 1000
    razzcore play --players 2 --human 1 --lineup numpy_agent:load
    razzcore serve --players 2 --lineup numpy_agent:load

``RAZZ_AGENT`` names another weights file (``agent.npz`` by default).  The
policy was trained heads-up, so it sits at two-player tables only.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from razzcore.envs import AgentPlayer


def greedy(w: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> Any:
    """The trained policy's most likely legal action (as ``LinearPolicy.act``
    with ``greedy=True``)."""

    def policy(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        logits = np.where(mask > 0, w @ obs + b, -np.inf)
        return int(np.argmax(logits))

    return policy


def load(path: str | None = None) -> AgentPlayer:
    """A new player with the saved weights (``path``, else ``$RAZZ_AGENT``,
    else ``agent.npz``)."""
    weights = np.load(path or os.environ.get("RAZZ_AGENT", "agent.npz"))
    return AgentPlayer(greedy(weights["w"], weights["b"]), unit=20, players=2,
                       name="numpy-agent")
