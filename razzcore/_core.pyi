"""Type stubs for razzcore's compiled extension (``razzcore/_core.pyx``).

Checked against the built module with ``python -m mypy.stubtest razzcore._core``
(see tools/validate_packaging.sh).  Keep in step with ``_core.pyx`` and every
``.pxi`` it includes.
"""

import datetime
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, SupportsIndex, TypeAlias, TypedDict, TypeVar, final, overload

from typing_extensions import Buffer, disjoint_base

from .cards import CardsLike
from .engine.pots import Award
from .engine.rules import Rules
from .engine.view import HandView

NUM_CLASSES: Final[int]
TABLE_DIGEST: Final[str]
PARALLEL_MIN_HANDS: Final[int]
MAX_THREADS: Final[int]
FULL_MASK: Final[int]
EQUITY_UNITS: Final[int]
EQUITY_MAX_TRIALS: Final[int]
EQUITY_MAX_CLASSES: Final[int]
CHART_PATTERNS: Final[int]
CHART_CLASSES: Final[int]

#: One player for the equity kernels: (known per-rank counts[13], cards to come) or
#: (known counts, cards to come, 1 if his 7th card is the shared community card else 0).
_A = TypeVar("_A")
_EquityPlayer: TypeAlias = tuple[Sequence[int], int] | tuple[Sequence[int], int, int]
#: (win, tie, share, share_sq, total): per-player tuples, then the outcome count.
_EquityCounts: TypeAlias = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int
]

class _TableInfo(TypedDict):
    digest: str
    slot_digest: int
    filled_digest: int
    table_size: int
    disp_size: int
    rank_key: tuple[int, ...]
    size_base: tuple[int, ...]
    compiled: bool

@overload
def evaluate(cards: CardsLike, *, qualifier: None = None) -> int: ...
@overload
def evaluate(cards: CardsLike, *, qualifier: SupportsIndex) -> int | None: ...
def qualifier_limit(qualifier: SupportsIndex | None) -> int: ...
def evaluate_omaha(
    hole: CardsLike, board: CardsLike, *, qualifier: SupportsIndex | None = None
) -> int | None: ...
def omaha_batch(
    holes: Buffer,
    h: int,
    boards: Buffer,
    b: int,
    out: Buffer,
    threads: int | None,
    check: bool,
    limit: int = ...,
) -> None: ...
def evaluate_mask(mask: int) -> int: ...
def evaluate_counts(counts: list[int] | tuple[int, ...]) -> int: ...
def class_ranks(rank: int) -> tuple[int, int, int, int, int]: ...
def table_info() -> _TableInfo: ...
def table_sample(start: int, stop: int) -> tuple[int, ...]: ...
def batch(
    hands: Buffer, width: int, out: Buffer, threads: int | None, check: bool, limit: int = ...
) -> None: ...
def rank_histogram(ncards: int = 7) -> list[int]: ...

# ---- batch kernels (src/razz_simd.h)

KERNEL_NAMES: tuple[str, ...]

def kernel_state() -> tuple[int, int, int, int, bytes, bytes, int, int]: ...
def use_kernel(kernel: int) -> bool: ...

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

#: One class of a range: (players, remaining) as for equity_exact.
_EquityClass: TypeAlias = tuple[Sequence[_EquityPlayer], Sequence[int]]
#: (win, tie, share, total): one count per three-card rank class (455).
_ChartCounts: TypeAlias = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]
]

def equity_exact_classes(classes: Sequence[_EquityClass]) -> list[_EquityCounts]: ...
def equity_mc_classes(
    classes: Sequence[_EquityClass],
    weights: Sequence[int],
    seed: int,
    first_chunk: int,
    nchunks: int,
    chunk_trials: int,
    total_trials: int,
) -> _EquityCounts: ...
def equity_chart_hu(lo: int, hi: int) -> _ChartCounts: ...
def equity_exact_range(
    players: Sequence[_EquityPlayer],
    remaining: Sequence[int],
    classes: Sequence[Sequence[int]],
    mults: Sequence[int],
    lo: int,
    hi: int,
) -> _EquityCounts: ...
def _worker_pool(size: int) -> Any: ...

# ---- the C hand state machine (razzcore/_engine.pxi over src/razz_engine.h)

ENGINE_FOLD: Final[int]
ENGINE_POST: Final[int]
ENGINE_CALL: Final[int]
ENGINE_RAISE: Final[int]
ENGINE_POLICIES: Final[dict[str, int]]
ENGINE_RULES_SIZE: Final[int]
SIMULATE_MAX_CHUNK: Final[int]
ENGINE_REASONS: Final[dict[str, int]]

ENGINE_FIELDS: Final[tuple[tuple[str, int, int, bool, int], ...]]

def basic_decide(view: bytes) -> int: ...
def simulate_sums(
    rules: bytes,
    stacks: bytes,
    policies: bytes,
    seed: int,
    start: int,
    count: int,
    keep: bool = False,
) -> tuple[bytes | None, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]: ...
def simulate_chunk(
    rules: bytes,
    stacks: bytes,
    policies: bytes,
    seed: int,
    start: int,
    count: int,
    record: bool = False,
) -> tuple[Any, ...]: ...

# ---- razzcore.Hand's compiled base (razzcore/_hand.pxi, included by _core.pyx)

def replay_deck(actions: list[Any], stacks: list[int], first: int, burn: bool,
                away: Any) -> bytes | list[int] | tuple[int, int]: ...
REPLAY_DEAL: Final[int]
REPLAY_PENDING: Final[int]
REPLAY_TURN: Final[int]
REPLAY_SHOWN: Final[int]
REPLAY_ABSENT: Final[int]
REPLAY_MISPLACED: Final[int]
REPLAY_EARLY: Final[int]
REPLAY_UNDEALT: Final[int]
NORMAL: Final[int]
BRING: Final[int]
OPEN: Final[int]
SHOW: Final[int]
OVER: Final[int]
FOLD_ENTRY: Final[tuple[tuple[str, int], ...]]
DEAL_ENTRY: Final[tuple[tuple[tuple[str, int, tuple[int]], ...], ...]]

def observation_size(players: int) -> int: ...
def encode_view(view: HandView, out: Buffer, unit: int = 1) -> None: ...
@disjoint_base  # an extension type with its own C layout (PEP 800)
class _VecCore:
    @property
    def num_envs(self) -> int: ...
    # The arrays are numpy arrays (numpy's stubs do not declare the buffer protocol).
    def __init__(
        self,
        rules: bytes,
        players: int,
        stacks: bytes,
        num_envs: int,
        obs: Any,
        mask: Any,
        actor: Any,
        rewards: Any,
        done: Any,
        unit: int,
    ) -> None: ...
    def reset(self, seed: int, threads: int) -> None: ...
    def step(self, actions: Any, threads: int) -> int: ...
    def forget(self) -> None: ...
    def legal(self, i: int) -> int: ...
    def record(self, i: int) -> tuple[bytes, bytes] | None: ...

def shuffle_prefix(cards: list[int], rnd: Callable[[], float], last: int) -> None: ...

ENV_ACTIONS: Final[tuple[str, str, str]]

def bind_engine(
    Rules: type[Rules],
    Award: Callable[..., Any],
    pack_rules: Callable[[Rules], bytes],
    pack_rake: Callable[[Any], bytes],
    check_player_count: Callable[..., None],
) -> None: ...
# Gives HandView a descriptor for each field built on first read (all but
# seat, actor and legal_actions; razzcore/_view.pxi).
def bind_view(
    HandView: type[HandView],
    Pot: type[Any],
    format_entry: Callable[[tuple[Any, ...], int, Sequence[bool], Sequence[Sequence[int]]], str],
    not_actions: frozenset[str],
) -> None: ...

# The descriptor bind_view gives HandView for each field built on first read,
# and what a view from Hand.view builds them from (razzcore/_view.pxi).
@final
class _ViewField:
    @property
    def name(self) -> str: ...
    def __new__(cls, name: str, index: int) -> _ViewField: ...
    @overload
    def __get__(self, instance: None, owner: type[Any] | None = None, /) -> _ViewField: ...
    @overload
    def __get__(self, instance: object, owner: type[Any] | None = None, /) -> Any: ...

@final
class _ViewSource: ...

@disjoint_base  # an extension type with its own C layout (PEP 800)
class HandCore:
    @property
    def rules(self) -> Rules: ...
    _log: list[tuple[Any, ...]]
    _awards: list[Award]
    _deck: bytes
    _away: tuple[int, ...]
    _replay: bool
    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        *,
        deck: CardsLike | None = None,
        seed: int | float | str | bytes | bytearray | None = None,
        rng: random.Random | None = None,
        manual_showdown: bool = False,
        absent: Iterable[int] = (),
        replay: bool = False,
        rake: int | Sequence[int] = 0,
    ) -> None: ...
    def _apply(self, kind: int, total: int = 0, alias: bool = False) -> int: ...
    def _show(self, seat: int, show: bool) -> int: ...
    def _replay_run(self, actions: list[Any], start: int = 0,
                    stop: int = -1) -> tuple[int, int]: ...
    def _replay_acted(self, line: int, logpos: int) -> None: ...
    def _replay_state(self) -> tuple[tuple[int, ...], tuple[int, ...], bool, bool, int | None,
                                     tuple[Any, ...] | None, int, int]: ...
    def _options(self) -> tuple[int, int]: ...
    def _may_muck(self, seat: int) -> bool: ...
    @property
    def actor(self) -> int | None: ...
    def legal_actions(self) -> list[str]: ...
    def act(self, action: str) -> None: ...
    def _check_seat(self, seat: object) -> int: ...
    # seat, actor and legal_actions filled; every other field built on its
    # first read from a copy of the hand's state taken now.
    def _view(self, seat: object) -> HandView: ...
    @property
    def street(self) -> int: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def starting_stacks(self) -> tuple[int, ...]: ...
    @property
    def bets(self) -> tuple[int, ...]: ...
    @property
    def contributions(self) -> tuple[int, ...]: ...
    @property
    def total_pot(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def payoffs(self) -> tuple[int, ...] | None: ...
    @property
    def rake(self) -> int: ...
    @property
    def absent(self) -> tuple[int, ...]: ...
    @property
    def community_card(self) -> int | None: ...
    @property
    def folded(self) -> tuple[bool, ...]: ...
    @property
    def dealt_in(self) -> tuple[bool, ...]: ...
    @property
    def cards_left(self) -> int: ...
    def board(self, seat: int) -> tuple[int, ...]: ...
    def hole_cards(self, seat: int) -> tuple[int, ...]: ...
    def _exposed(self) -> tuple[bool, ...]: ...
    def _showdown_state(
        self,
    ) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]: ...
    def _setup(self) -> tuple[bool, int | tuple[int, ...]]: ...
    def _betting_state(self) -> tuple[int, int, int]: ...
    def _pots(self) -> list[tuple[int, tuple[int, ...]]]: ...
    def _raw(self) -> bytes: ...
    def _copy_core(self, new: HandCore) -> None: ...

TALLY_COUNTS: tuple[str, ...]

def _tally_hand(hand: Any) -> list[tuple[int, ...] | None]: ...

POKERSTARS_ERRORS: tuple[str, ...]

def _read_pokerstars_hand(
    text: bytes, seat_count: int, cents: bool, symbol: bytes, small: int,
    rules_for: Callable[[int, int], bytes | None], tally: bool = ...,
    source: bytes | None = ...,
) -> tuple[Any, ...]: ...
def _split_pokerstars(
    data: bytes, normalised: bool, is_head: Callable[[str], bool],
) -> tuple[int, str | None, list[tuple[int, int, int, str, str | None, bytes]]] | None: ...
def _read_phh_toml(text: str, time_type: type[datetime.time]) -> dict[str, Any] | None: ...
def _check_fields(
    data: Mapping[str, Any], kinds: dict[str, str], check_value: Callable[[str, Any, str], Any],
    where: str, copy: bool,
) -> tuple[dict[str, Any], dict[str, Any], str | None]: ...
def _fields_snapshot(values: tuple[Any, ...]) -> tuple[Any, ...]: ...
def _parse_action_line(text: str, action_type: type[_A]) -> _A | None: ...
def _parse_action_lines(
    texts: Iterable[str], cache: dict[str, _A], cache_max: int, action_type: type[_A],
    parse_action: Callable[[str], _A], players: int = ...,
) -> list[_A] | None: ...
