"""Smoke runs of the hardening scripts, so they keep working: the leak
check at CI size and a few hundred soak hands.  The full runs (ten million
evaluations, a million hands) are documented in docs/security.md."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The scripts live in the repository's tools/, not in the sdist or the wheel
# tests (which copy tests/ alone).
pytestmark = pytest.mark.skipif(
    not all(os.path.isfile(os.path.join(ROOT, "tools", f)) for f in ("leaks.py", "soak.py")),
    reason="tools/ is not next to tests/ (installed-wheel test run)",
)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)


def test_leaks_quick_is_flat() -> None:
    pytest.importorskip("razzcore.odds")
    proc = _run("tools/leaks.py", "--quick")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "memory flat" in proc.stdout


def test_soak_smoke_has_no_violation() -> None:
    pytest.importorskip("razzcore.histories.phh")
    proc = _run("tools/soak.py", "--hands", "300", "--jobs", "1", "--seed", "5")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "300 hands" in proc.stdout and "no violations" in proc.stdout


def test_soak_catches_a_chip_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak's checks can fail: a hand that reports one chip fewer in
    seat 0's stack from 4th street on is caught on the first hands, each
    reported with its number."""
    pytest.importorskip("razzcore.histories.phh")
    from razzcore._core import HandCore
    from razzcore.engine.hand import Hand

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import soak
    finally:
        sys.path.remove(os.path.join(ROOT, "tools"))
    real = HandCore.stacks

    def leaky(self: Hand) -> tuple[int, ...]:
        stacks = list(real.__get__(self))
        if self.street >= 4 and stacks[0]:
            stacks[0] -= 1
        return tuple(stacks)

    monkeypatch.setattr(Hand, "stacks", property(leaky), raising=False)
    done, _, bad = soak.run_chunk(5, 0, 20)
    assert done == 20 and len(bad) >= 5, bad
    assert all("stack" in msg or "chips" in msg for _, msg in bad), bad
    monkeypatch.undo()
    assert soak.play_one(5, bad[0][0]) > 0
