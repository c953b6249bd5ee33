"""The action space and the observation tensor shared by every environment.

Actions are the three indexes of :data:`ACTIONS`; an action mask (``int8``,
1 = legal) says which apply.  Observations are the float32 tensor written by
the compiled encoder (``src/razz_obs.h``) from a seat's
:class:`~razzcore.engine.view.HandView`, laid out as ``docs/agents.md`` describes.

>>> from razzcore import Hand, Rules
>>> hand = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
>>> encode(hand.view(0)).shape == (observation_size(2),)
True
>>> action_mask(hand.legal_actions()).tolist()
[0, 1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from .. import _core
from ..engine.rules import Rules
from ..errors import IllegalActionError, MissingDependencyError, RulesError, as_int, brief

try:
    import numpy as np
except ImportError:
    raise MissingDependencyError.of("numpy", "rl", "razzcore.envs") from None

if TYPE_CHECKING:
    from ..engine.hand import Hand
    from ..engine.view import HandView

__all__ = [
    "ACTIONS",
    "DEFAULT_STACK",
    "action_mask",
    "action_string",
    "default_rules",
    "encode",
    "legal_action",
    "observation_size",
]

#: The ``Discrete(3)`` action space: 0 folds; 1 checks, calls or posts the
#: bring-in; 2 completes, bets or raises (fixed limit: the amount is implied).
ACTIONS: tuple[str, str, str] = _core.ENV_ACTIONS

#: Chips each seat starts a hand with in the environments, unless told.
DEFAULT_STACK = 1000


def default_rules() -> Rules:
    """The environments' default structure: ante 2, bring-in 5, 10/20.

    >>> default_rules()
    Rules(2, 5, 10, 20, profile='online')
    """
    return Rules(2, 5, 10, 20)


def observation_size(players: int) -> int:
    """Length of the observation tensor for a table of ``players`` (2..8):
    ``146 * players + 24``.

    >>> observation_size(2), observation_size(6)
    (316, 900)
    """
    size: int = _core.observation_size(players)
    return size


def encode(view: HandView, *, unit: int = 1) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The observation tensor (float32, ``observation_size(players)`` long)
    of what ``view``'s seat sees; amounts (stacks, bets, pot, to call) are in
    chips divided by ``unit`` (the environments pass the big bet).

    Everything comes from the view, so another seat's hidden down cards
    cannot reach the tensor.

    >>> from razzcore import Hand, Rules
    >>> obs = encode(Hand(Rules(2, 5, 10, 20), [100, 100], seed=1).view(0), unit=20)
    >>> obs[:2].tolist(), obs.dtype.name
    ([1.0, 0.0], 'float32')
    """
    from ..engine.view import HandView  # the class itself (imported for typing above)

    if not isinstance(view, HandView):
        raise RulesError(f"encode takes a razzcore.HandView (hand.view(seat)), not {brief(view)}")
    out = np.empty(observation_size(len(view.cards)), np.float32)
    _core.encode_view(view, cast(Any, out), unit)  # an ndarray is a buffer
    return out


def action_mask(legal: Sequence[str]) -> np.ndarray[Any, np.dtype[np.int8]]:
    """The ``int8`` mask over :data:`ACTIONS` of PHH legal actions.

    >>> action_mask(["f", "cc", "cbr 20"]).tolist(), action_mask(["pb", "cbr 10"]).tolist()
    ([1, 1, 1], [0, 1, 1])
    """
    mask = np.zeros(3, np.int8)
    for a in legal:
        if a == "f":
            mask[0] = 1
        elif a in ("cc", "pb"):
            mask[1] = 1
        elif a.startswith("cbr"):
            mask[2] = 1
    return mask


def action_string(hand: Hand, index: object) -> str:
    """The PHH action of ``hand``'s actor for action index ``index`` (0..2);
    :class:`~razzcore.IllegalActionError` when the mask rules it out.

    >>> from razzcore import Hand, Rules
    >>> action_string(Hand(Rules(2, 5, 10, 20), [100, 100], seed=1), 2)
    'cbr 10'
    """
    return legal_action(hand.legal_actions(), index)


def legal_action(legal: Sequence[str], index: object) -> str:
    """The action of ``legal`` (PHH strings) that index ``index`` (0..2)
    plays; :class:`~razzcore.IllegalActionError` when the mask rules it out.

    >>> legal_action(["pb", "cbr 10"], 1), legal_action(["f", "cc", "cbr 20"], 2)
    ('pb', 'cbr 20')
    """
    try:
        i = int(index)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        raise IllegalActionError(f"an action is an index 0..2, not {brief(index)}") from None
    if isinstance(index, bool) or not 0 <= i <= 2 or i != index:
        raise IllegalActionError(f"an action is an index 0..2, not {brief(index)}")
    for a in legal:
        if (
            (i == 0 and a == "f")
            or (i == 1 and a in ("cc", "pb"))
            or (i == 2 and a.startswith("cbr"))
        ):
            return a
    raise IllegalActionError(
        f"action {i} ({ACTIONS[i]}) is not legal now; legal: {', '.join(legal) or 'none'}"
    )


def check_players(players: object) -> int:
    """``players`` as an int in 2..8, else :class:`~razzcore.RulesError`."""
    n = as_int(players)
    if n is None or not 2 <= n <= 8:
        raise RulesError(f"players must be an int in 2..8, not {brief(players)}")
    return n


def check_stacks(stacks: object, players: int) -> list[int]:
    """Starting stacks: one int for every seat, or one per seat (all > 0)."""
    stack = as_int(stacks)
    given: list[int | None]
    if stack is not None:
        given = [stack] * players
    elif isinstance(stacks, (list, tuple)):
        given = [as_int(v) for v in stacks]
    else:
        raise RulesError(f"stacks must be an int or one int per seat, not {brief(stacks)}")
    out = [v for v in given if v is not None and v > 0]
    if len(out) != players or len(given) != players:
        raise RulesError(f"stacks must be {players} positive ints, not {brief(stacks)}")
    return out


def check_decisions(rules: Rules, stacks: list[int], seat: int | None = None) -> None:
    """Refuse stacks that deal hands without a decision: at least two seats
    (``seat`` among them when given) must keep chips after the ante, else
    every hand is all-in from the deal."""
    deep = [s for s, v in enumerate(stacks) if v > rules.ante]
    if len(deep) < 2 or (seat is not None and seat not in deep):
        who = "two seats" if seat is None else f"seat {seat} and another seat"
        raise RulesError(f"stacks {brief(stacks)}: {who} must hold more than the ante "
                         f"({rules.ante}) to have a decision")
