"""A person's seat at a razz table: at the terminal (:mod:`.terminal`,
``razzcore play --human N``) and in the browser (:mod:`.web`, ``razzcore
serve``), both playing a :class:`~razzcore.sim.session.Session` against
built-in players, custom players or a trained agent.

The engine decides what is legal; this room names the legal actions
(:mod:`.choices`), shows the table as the seat sees it (through
:mod:`razzcore.show`) and passes the person's decision on.  The browser seat
needs the ``serve`` extra (Starlette and uvicorn).

>>> from razzcore.seat.choices import ACTION_NAMES
>>> sorted(ACTION_NAMES.values())
['bet_raise', 'bring_in', 'check_call', 'fold']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_HOMES: dict[str, str] = {
    "play_at_terminal": "terminal",
}
_MODULES = {"choices": "choices", "terminal": "terminal", "web": "web"}
__getattr__, __dir__ = attach(__name__, _HOMES, globals(), _MODULES)

if TYPE_CHECKING:
    from . import choices, terminal, web
    from .terminal import play_at_terminal

__all__ = ["choices", "play_at_terminal", "terminal", "web"]
