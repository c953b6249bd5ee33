"""The equity calculator: :func:`equity` of known hands (walked exactly or
sampled, :mod:`.hand_equity`) or of ranges (:mod:`.range_equity`), and
:func:`estimate_work`, the cost that decides between exact and Monte Carlo.

>>> from razzcore.odds.calculator import equity
>>> equity(["As 2d 3c", "Kh Qd Js"]).exact
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .._parallel import SubmitExecutor
from ..cards import CardsLike, parse_cards_or_unknown
from ..errors import RazzError
from .hand_equity import (
    DEFAULT_TRIALS,
    EquityResult,
    HandLike,
    _check_options,
    _choose_exact,
    _exact,
    _monte_carlo,
    _plan,
    player_error,
)
from .range_equity import range_equity, range_work
from .ranges import Range, has_range_syntax

__all__ = ["equity", "estimate_work", "hand_or_range"]


def hand_or_range(hand: HandLike, player: int) -> HandLike:
    """One player's entry of ``hands`` as :func:`equity` reads it: text that
    is all cards and ``??`` stays a hand, text written as a range (brackets,
    commas, a bare rank, ``x``) becomes a :class:`~razzcore.Range`; anything
    else is returned as it is.  A bad range names the ``player`` (counted
    from 1); text that writes nothing only a range writes stays cards, so
    :func:`equity` names its bad card.  The ``razzcore equity`` command reads
    its arguments with this too.

    >>> hand_or_range("As 2d 3c", 1), hand_or_range("[A-8] [A-8] 7h", 2)
    ('As 2d 3c', Range('[A-8] [A-8] 7h'))
    >>> hand_or_range("[8-A] x 7h", 2)
    Traceback (most recent call last):
    ...
    razzcore.errors.EquityError: player 2: range, position 1 ('[8-A]'): 8-A runs downwards: ...
    """
    if not isinstance(hand, str):
        return hand
    try:
        parse_cards_or_unknown(hand)
    except RazzError:
        if not has_range_syntax(hand):
            return hand
        try:
            return Range(hand)
        except RazzError as exc:
            raise player_error(player, exc) from None
    return hand


def _read_hands(hands: Sequence[HandLike]) -> Sequence[HandLike]:
    """``hands`` with each range written as text made a :class:`Range`."""
    if isinstance(hands, Sequence) and not isinstance(hands, str):
        return [hand_or_range(h, i) for i, h in enumerate(hands, 1)]
    return hands


def estimate_work(hands: Sequence[HandLike], dead: CardsLike = ()) -> int:
    """The estimated CPU time of an exact enumeration, in nanoseconds on one
    core: the steps of the kernel's walk (heads-up, the first player's rank
    patterns, each weighing the second's; with 3 or more players receiving
    cards, the unions of the others' cards and their splits) times their costs
    measured on a sample of spots (docs/benchmarks.md, "Exact equity").
    ``exact=None`` enumerates up to ``AUTO_EXACT_WORK`` (0.3 s), ``exact=True``
    up to ``MAX_EXACT_WORK`` (two minutes).

    >>> estimate_work(["As 2d 3c", "Kh Qd Js"]) // 1000   # microseconds
    965

    With a :class:`~razzcore.Range`, the work of its walk (see
    :func:`razzcore.odds.range_equity.range_work`).
    """
    hands = _read_hands(hands)
    if _has_range(hands):
        return range_work(hands, dead)
    return _plan(hands, dead).work()


def equity(
    hands: Sequence[HandLike],
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    executor: SubmitExecutor | None = None,
    progress: bool | None = None,
) -> EquityResult:
    """Each player's share of the pot at showdown, over every way the hand can end.

    ``hands`` has one entry per player (2 to 8): the player's cards in street
    order, 3 to 7 of them, as text (``"?? ?? 7h"``) or a sequence of codes and
    text cards, where ``"??"`` is a down card you cannot see (cards 1, 2 and 7).
    ``dead`` lists cards known to be out of play: folded upcards, and ``"??"``
    for each folded down card you did not see (they only matter for counting
    the deck, see below).  Every player ends with seven cards; the unknown
    ones come from the unseen deck, uniformly (what the betting says about
    them is not modelled).  There is no more betting: every hand goes to
    showdown.

    Like the ``online`` rules (no burn cards), when the cards left for 7th
    street are fewer than the players waiting for one, a single community card
    is every player's 7th card (``result.community``).  The cards left are the
    unseen cards less the ``"??"`` in ``dead``, the players' unknown down cards
    and their cards for 4th to 6th street.

    ``exact=None`` enumerates every outcome when the work is small (see
    :func:`estimate_work`) and runs Monte Carlo otherwise; ``exact=True``
    always enumerates (:class:`EquityError` when the work is unreasonable),
    ``exact=False`` always samples; with ``exact=None``, ``trials`` sizes the
    sampling only if sampling is chosen (an exact answer is preferred when it is
    cheap).  Monte Carlo deals ``trials`` boards
    (default 1,000,000) from ``seed`` (random when ``None``; the result records
    it); the same seed gives the same result on any ``executor`` (any object
    with ``submit``: a thread or process pool, ``dask.distributed``'s
    ``Client.get_executor()``, Ray's executor) or without one.
    ``progress=True`` shows a tqdm bar (``pip install 'razzcore[progress]'``).

    >>> r = equity(["As 2d 3c 4h", "?? ?? 6s 7d"], dead="8c 9c Tc")
    >>> r.exact, [round(e, 3) for e in r.equity]
    (True, [0.801, 0.199])
    >>> r = equity(["?? ?? 2c", "?? ?? 5d", "?? ?? 8h"], exact=False, trials=100_000, seed=1)
    >>> r.outcomes, round(sum(r.equity), 12)
    (100000, 1.0)

    A player's entry may be a :class:`~razzcore.Range`, or text written as
    one (brackets, commas, a bare rank, ``x``: see :func:`hand_or_range`),
    as on the command line:

    >>> equity(["As 2d 3c", "[A-8] [A-8] 7h"]).combos
    378
    """
    trials, seed = _check_options(exact, trials, seed, executor, progress)
    hands = _read_hands(hands)
    if _has_range(hands):
        return range_equity(hands, dead, exact, trials, seed, executor, bool(progress))
    plan = _plan(hands, dead)
    exact = _choose_exact(exact, plan.work(), plan.outcomes())
    if exact:
        return _exact(plan, executor, bool(progress))
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    return _monte_carlo(plan, trials or DEFAULT_TRIALS, seed, executor, bool(progress))


def _has_range(hands: object) -> bool:
    """Whether a player's entry in ``hands`` is a :class:`~razzcore.Range`."""
    return isinstance(hands, Sequence) and not isinstance(hands, str) and any(
        isinstance(h, Range) for h in hands
    )
