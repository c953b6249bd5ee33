"""Shared inputs of the pytest-benchmark suite (``pytest benchmarks/bench_evaluator.py``)."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from compare import random_hands  # noqa: E402  (benchmarks/ is on sys.path via rootdir)

N_BATCH = 1_000_000


@pytest.fixture(scope="session")
def hands_1m() -> Any:
    """1,000,000 random 7-card hands, uint8 (N, 7), C-contiguous."""
    return random_hands(N_BATCH, 7)


@pytest.fixture(scope="session")
def out_1m() -> Any:
    return np.empty(N_BATCH, dtype=np.uint16)


@pytest.fixture(scope="session")
def hand7() -> tuple[int, ...]:
    """One 7-card hand as a tuple of ints: 9d 7c Ks 2h 4d Qc 6s."""
    return (33, 24, 51, 6, 13, 44, 23)
