"""The exceptions razzcore raises.

Every error that bad input can cause is a :class:`RazzError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not care about the finer types.

>>> import razzcore
>>> try:
...     razzcore.parse_card("Xx")
... except razzcore.RazzError as exc:
...     print(type(exc).__name__)
CardError
"""

from __future__ import annotations

import operator
import os
import reprlib
from typing import SupportsIndex, TypeVar

__all__ = [
    "BatchError",
    "CardError",
    "EquityError",
    "IllegalActionError",
    "MissingDependencyError",
    "PHHError",
    "RazzError",
    "RulesError",
    "SeatError",
    "brief",
    "counted",
    "file_error",
]


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 80
_REPR.maxother = 80
_REPR.maxlong = 40
for _name in ("maxlist", "maxtuple", "maxset", "maxfrozenset", "maxdeque", "maxdict", "maxarray"):
    setattr(_REPR, _name, 8)


def brief(value: object) -> str:
    """A bounded ``repr`` for error messages: never huge, never recursing
    without end on deeply nested input, never raising.

    >>> brief("As 2d"), brief([[[[[1]]]]]), len(brief("x" * 10_000)) < 100
    ("'As 2d'", '[[[[...]]]]', True)
    """
    try:
        return _REPR.repr(value)
    except Exception:  # a hostile __repr__
        return f"<{type(value).__name__} object>"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` with ``noun`` in the right number, as every message counts things.

    >>> counted(1, "outcome"), counted(18_265_297_050, "outcome"), counted(2, "match", "matches")
    ('1 outcome', '18,265,297,050 outcomes', '2 matches')
    """
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {plural or noun + 's'}"


def as_int(value: object) -> int | None:
    """``value`` as a plain ``int`` when it is an integer other than a bool
    (an ``int``, a numpy integer, anything ``operator.index`` takes), else
    ``None`` for the caller to raise its own :class:`RazzError`: the one check
    behind every count, amount, index and seed razzcore takes.

    >>> import fractions
    >>> as_int(5), as_int(True), as_int(5.0), as_int("5"), as_int(fractions.Fraction(5))
    (5, None, None, None, None)
    """
    if type(value) is int:  # the common case, before the slow Protocol check
        return value
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        return None
    try:
        return int(operator.index(value))
    except TypeError:  # numpy.bool_ has __index__ but refuses it
        return None


class RazzError(ValueError):
    """Base class of every error razzcore raises for bad input; raised as
    itself when no finer type fits.  It is a :class:`ValueError`.

    >>> from razzcore import play
    >>> try:
    ...     play(["basic"], 5)
    ... except RazzError as exc:
    ...     print(exc, isinstance(exc, ValueError))
    a razz table has 2 to 8 players, not 1 True
    """


class CardError(RazzError):
    """A card or a set of cards is malformed: bad text, a code outside 0..51,
    a duplicate card, or the wrong number of cards.

    >>> from razzcore import parse_card
    >>> try:
    ...     parse_card("1s")
    ... except CardError as exc:
    ...     print(exc)
    bad card '1s' in '1s': expected a rank (A 2-9 T/10 J Q K) followed by a suit (c d h s)
    """


class BatchError(CardError):
    """A row of a batch holds a bad card code or a duplicate card.

    ``row`` is the index of the first bad row, or ``None`` when the problem is
    the buffer itself (shape, dtype, strides, size).

    >>> import numpy as np
    >>> from razzcore import evaluate_batch
    >>> try:
    ...     evaluate_batch(np.array([[0, 1, 2, 3, 4], [0, 0, 2, 3, 4]], dtype=np.uint8))
    ... except BatchError as exc:
    ...     print(exc.row, exc)
    1 row 1 holds card code 0 twice
    """

    def __init__(self, message: str, row: int | None = None) -> None:
        super().__init__(message)
        self.row = row


class RulesError(RazzError):
    """A rule set or a table set-up is invalid (amounts, options, stacks, deck).

    >>> from razzcore import Rules
    >>> try:
    ...     Rules(1, 3, 10, 5)  # ante, bring-in, small bet, big bet
    ... except RulesError as exc:
    ...     print(exc)
    the big bet (5) must be at least the small bet (10)
    """


class SeatError(RulesError, IndexError):
    """A seat index that is not a seat of the table (seats are 0-based; the
    player in seat ``s`` is written ``p{s + 1}`` in actions and histories).
    Also an :class:`IndexError`, as for any index out of range.

    >>> from razzcore import Hand, Rules
    >>> hand = Hand(Rules(1, 2, 4, 8), [50, 50], seed=1)
    >>> try:
    ...     hand.view(2)
    ... except SeatError as exc:
    ...     print(exc, isinstance(exc, IndexError))
    no seat 2: this table has seats 0..1 (0-based; the players p1..p2) True
    """


class IllegalActionError(RazzError):
    """An action is not allowed at this moment of the hand; the hand is unchanged.

    >>> from razzcore import Hand, Rules
    >>> hand = Hand(Rules(1, 2, 4, 8), [50, 50], seed=1)
    >>> try:
    ...     hand.act("cbr 99")
    ... except IllegalActionError as exc:
    ...     print(exc)
    p1 cannot 'cbr 99': in fixed limit the total is 4; allowed: 'pb', 'cbr 4'
    >>> hand.legal_actions()
    ['pb', 'cbr 4']
    """


class PHHError(RazzError):
    """A PHH hand history is malformed or cannot be replayed.

    ``field`` names the offending field and ``action_index`` the offending
    action (its 0-based index in ``actions``) when known; messages count
    actions from 1 (``action 3`` is ``actions[2]``).

    >>> from razzcore import phh
    >>> try:
    ...     phh.loads("variant = 'FR'\\nantes = [1, 1]\\n")
    ... except PHHError as exc:
    ...     print(exc.field, "|", exc)
    bring_in | missing required field 'bring_in'
    """

    def __init__(
        self, message: str, *, field: str | None = None, action_index: int | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.action_index = action_index


class EquityError(RazzError):
    """An equity request is impossible or unreasonable (duplicate cards, too
    many cards, exact enumeration too large).

    >>> from razzcore import equity
    >>> try:
    ...     equity(["As 2s 3s", "As 4d 5d"])
    ... except EquityError as exc:
    ...     print(exc)
    card As appears twice (player 1 and player 2)
    """


class MissingDependencyError(ImportError):
    """An optional dependency a feature needs is not installed.  The message
    names the package and the extra that installs it (``pip install
    'razzcore[rl]'``).  Not a :class:`RazzError`: nothing about the input is
    wrong.

    >>> print(MissingDependencyError.of("gymnasium", "rl", "razzcore.envs.GymEnv"))
    razzcore.envs.GymEnv needs gymnasium, which is not installed: pip install 'razzcore[rl]'
    """

    @classmethod
    def of(cls, package: str, extra: str, feature: str) -> MissingDependencyError:
        """The error for ``feature`` missing ``package`` (installed by ``extra``)."""
        error = cls(
            f"{feature} needs {package}, which is not installed: pip install 'razzcore[{extra}]'",
            name=package,
        )
        error.extra = extra
        return error

    extra: str = ""
    """The razzcore extra that installs the missing package."""


_E = TypeVar("_E", bound=RazzError)


def file_error(path: str | os.PathLike[str], exc: OSError, *, write: bool = False,
               kind: type[_E] = RazzError) -> _E:  # type: ignore[assignment]
    """The one error of every reader and writer for a file the system
    refuses, naming its path: ``no file 'x'`` for a file to read that does
    not exist, ``cannot write 'x': no folder 'f'`` for a file to write whose
    folder does not exist, else ``cannot read 'x': reason`` (``cannot write``
    when ``write``), the reason in the system's words.  Raised as ``kind`` (a
    :class:`RazzError` class: a reader's own error).

    >>> print(file_error("x.phh", FileNotFoundError(2, "No such file or directory")))
    no file 'x.phh'
    >>> print(file_error("/nowhere/x.html", FileNotFoundError(2, "No such file or directory"),
    ...                  write=True))
    cannot write '/nowhere/x.html': no folder '/nowhere'
    >>> print(file_error("hands", IsADirectoryError(21, "Is a directory")))
    cannot read 'hands': Is a directory
    """
    name = os.fspath(path)
    if isinstance(exc, FileNotFoundError) and not write:
        return kind(f"no file {name!r}")
    folder = os.path.dirname(name)
    if isinstance(exc, FileNotFoundError) and folder and not os.path.isdir(folder):
        return kind(f"cannot write {name!r}: no folder {folder!r}")
    return kind(f"cannot {'write' if write else 'read'} {name!r}: {exc.strerror or exc}")
