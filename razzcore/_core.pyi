"""Type stubs for razzcore's compiled extension (``razzcore/_core.pyx``).

Checked against the built module with ``python -m mypy.stubtest razzcore._core``
(see tools/validate_packaging.sh).  Keep in step with ``_core.pyx`` and every
``.pxi`` it includes.
"""

from collections.abc import Sequence
from typing import Final, TypeAlias, TypedDict

from typing_extensions import Buffer

from .cards import CardsLike

NUM_CLASSES: Final[int]
TABLE_DIGEST: Final[str]
PARALLEL_MIN_HANDS: Final[int]
MAX_THREADS: Final[int]
FULL_MASK: Final[int]
EQUITY_UNITS: Final[int]
EQUITY_MAX_TRIALS: Final[int]

#: One player for the equity kernels: (known per-rank counts[13], cards to come) or
#: (known counts, cards to come, 1 if his 7th card is the shared community card else 0).
_EquityPlayer: TypeAlias = tuple[Sequence[int], int] | tuple[Sequence[int], int, int]
#: (win, tie, share, share_sq, total): per-player tuples, then the outcome count.
_EquityCounts: TypeAlias = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int
]

class _TableInfo(TypedDict):
    digest: str
    table_size: int
    disp_size: int
    rank_key: tuple[int, ...]
    size_base: tuple[int, ...]
    compiled: bool

def evaluate(cards: CardsLike) -> int: ...
def evaluate_mask(mask: int) -> int: ...
def evaluate_counts(counts: list[int] | tuple[int, ...]) -> int: ...
def class_ranks(rank: int) -> tuple[int, int, int, int, int]: ...
def table_info() -> _TableInfo: ...
def table_sample(start: int, stop: int) -> tuple[int, ...]: ...
def batch(hands: Buffer, width: int, out: Buffer, threads: int | None, check: bool) -> None: ...
def rank_histogram(ncards: int = 7) -> list[int]: ...

# ---- equity kernels (razzcore/_equity.pxi, included by _core.pyx)

def equity_outcomes(players: Sequence[_EquityPlayer], remaining: Sequence[int]) -> int: ...
def equity_exact(
    players: Sequence[_EquityPlayer],
    remaining: Sequence[int],
    lo: int,
    hi: int,
    grouped: bool | None = None,
) -> _EquityCounts: ...
def equity_mc(
    players: Sequence[_EquityPlayer],
    remaining: Sequence[int],
    seed: int,
    first_chunk: int,
    nchunks: int,
    chunk_trials: int,
    total_trials: int,
) -> _EquityCounts: ...
