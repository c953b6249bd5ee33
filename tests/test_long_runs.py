"""Long computations: constant memory for long simulations, Ctrl-C within a second."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from razzcore import RazzError, Rules, simulate

np = pytest.importorskip("numpy")


def test_simulate_sums_match_the_payoffs() -> None:
    rules = Rules(2, 5, 10, 20)
    full = simulate(rules, [400, 300, 200], 50_000, policy="basic", seed=3, threads=2)
    sums = simulate(rules, [400, 300, 200], 50_000, policy="basic", seed=3, payoffs=False)
    assert sums.payoffs is None and full.payoffs is not None
    assert full.totals.dtype == np.int64 and sums.totals.dtype == np.int64
    assert list(sums.totals) == list(full.payoffs.sum(axis=0)) == list(full.totals)
    squares = (full.payoffs.astype(object) ** 2).sum(axis=0)
    assert sums.sum_squares == tuple(int(v) for v in squares) == full.sum_squares
    assert sums.showdowns == full.showdowns and sums.pots_won == full.pots_won
    assert sums.winnings == full.winnings
    expected = full.payoffs.std(axis=0, ddof=1) / np.sqrt(50_000)
    assert np.allclose(sums.stderr, expected)


def test_simulate_refuses_a_payoff_array_past_two_gib_before_any_work() -> None:
    t0 = time.perf_counter()
    with pytest.raises(RazzError, match=r"14\.9 GiB.*payoffs=False"):
        simulate(Rules(2, 5, 10, 20), [100, 100], 10**9)
    assert time.perf_counter() - t0 < 1


def _child_maxrss(code: str) -> int:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    return int(out.stdout.split()[-1])


_RUN = """
import resource, razzcore
from razzcore import Rules
razzcore.simulate(Rules(1, 3, 10, 20), [1000, 1000], {n}, seed=1, threads=2, payoffs=False)
razzcore.play(2, {n}, lineup=["random"], seed=1, threads=2)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def test_simulate_and_play_run_in_constant_memory() -> None:
    small = _child_maxrss(_RUN.format(n=100_000))
    large = _child_maxrss(_RUN.format(n=4_000_000))  # 61 MiB of payoffs per copy if kept
    assert large - small < 16 * 1024, (small, large)  # KiB


def _interrupt(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(1.5)  # started and computing
    assert proc.poll() is None
    sent = time.perf_counter()
    os.kill(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=5)
    finally:
        proc.kill()
    assert time.perf_counter() - sent < 2.5
    return subprocess.CompletedProcess(args, proc.returncode, out, err)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
@pytest.mark.parametrize("command", [
    ["equity", "?? ?? 2c", "?? ?? 5d", "?? ?? 8h", "--trials", "3000000000"],
    ["equity", "?? ?? 3c 7h Kc", "?? ?? 6s 9c Td", "2h 4c 8d Th Jd", "3s 5s 9h Jc Qc",
     "--exact"],  # ~15 s of exact enumeration
    ["starting-hands", "--trials", "100000000"],  # the exact chart ends within a second or two
    ["starting-hands", "--players", "8", "--trials", "100000000"],
    ["play", "--players", "8", "--hands", "100000000", "--threads", "2"],
])
def test_cli_stops_on_ctrl_c(command: list[str]) -> None:
    done = _interrupt(["-m", "razzcore", *command])
    assert done.returncode == 130, done.stderr
    assert "interrupted" in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
@pytest.mark.parametrize("call", [
    "razzcore.simulate(razzcore.Rules(2, 5, 10, 20), [100] * 6, 10**10, payoffs=False, "
    "threads=3)",
    "razzcore.simulate(razzcore.Rules(2, 5, 10, 20), [100] * 6, 10**10, payoffs=False, "
    "threads=1)",
    "razzcore.equity(['?? ?? 2c', '?? ?? 5d'], exact=False, trials=10**12)",
])
def test_library_raises_keyboard_interrupt(call: str) -> None:
    code = f"import razzcore\ntry:\n    {call}\nexcept KeyboardInterrupt:\n    print('stopped')"
    done = _interrupt(["-c", code])
    assert done.returncode == 0 and "stopped" in done.stdout, done.stderr


_VECTOR = """
import time
import numpy as np
import razzcore
from razzcore.envs import VectorEnv
env = VectorEnv({n}, 2, threads={threads}, seed=1)
print("dealing", flush=True)
try:
    while True:
        obs, mask, actor = env.reset()
except KeyboardInterrupt:
    stopped = time.monotonic()
    try:  # a reset cut short leaves no table to step: the env asks for a reset
        env.step(np.zeros({n}, dtype=np.int64))
    except razzcore.RulesError as exc:
        assert "reset()" in str(exc), exc
    obs, mask, actor = env.reset()
    env.step(mask.argmax(axis=1).astype(np.int64))  # usable again
    print("stopped", stopped)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
@pytest.mark.parametrize("threads", [1, 2])
def test_vector_env_stops_on_ctrl_c_and_stays_usable(threads: int) -> None:
    pytest.importorskip("gymnasium")
    code = _VECTOR.format(n=1_000_000, threads=threads)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "dealing\n"
        time.sleep(1.0)  # inside a reset of a million tables (seconds long)
        sent = time.monotonic()
        os.kill(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 0 and out.startswith("stopped"), err
    assert float(out.split()[1]) - sent < 1.0


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="interval timers are POSIX")
@pytest.mark.parametrize("game", ["stud", "omaha"])
@pytest.mark.parametrize("aligned", [True, False])
def test_a_threaded_batch_stopped_by_ctrl_c_returns_only_when_its_workers_are_done(
        game: str, aligned: bool) -> None:
    """Ctrl-C while the workers of a threaded batch run: the call raises only
    once they are done, so nothing writes into the output (aligned: seen
    here) or the staged copy it frees (unaligned: seen by the sanitizers)
    after it returns."""
    import razzcore._core as core

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    try:
        for rows in (1_000_000, 4_000_000, 16_000_000):  # until one run outlasts the timer
            holes = os.urandom(7 * rows if game == "stud" else 4 * rows)
            boards = os.urandom(5 * rows)
            out = bytearray(2 * rows + 1)
            view = memoryview(out)[0 if aligned else 1:][:2 * rows].cast("H")
            signal.setitimer(signal.ITIMER_REAL, 0.002)
            written = None
            try:
                if game == "stud":
                    core.batch(holes, 7, view, 4, False)
                else:
                    core.omaha_batch(holes, 4, boards, 5, view, 4, False)
            except KeyboardInterrupt:
                written = bytes(out)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if written is not None:
                time.sleep(0.2)
                assert bytes(out) == written  # no worker wrote after the call ended
                view.release()
                out.extend(b"x")  # nothing holds the buffer any more: free to resize
                return
        pytest.fail("no batch outlasted a 2 ms timer")
    finally:
        signal.signal(signal.SIGALRM, old)
