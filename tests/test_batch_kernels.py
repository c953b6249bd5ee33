"""The batch kernels (scalar, sse2, avx2, avx512, neon; src/razz_simd.h): every
kernel this machine can run gives the scalar kernel's results exactly, on
random and adversarial batches, and the kernel choice is reported and can be
forced.  Speed lives in ``benchmarks/compare.py``.

The scalar kernel is itself checked against a brute-force reference in
tests/test_batch.py; here it is the reference for the others.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import razzcore
from razzcore import BatchError, evaluate_batch
from razzcore import _kernels as kernels

np = pytest.importorskip("numpy")

SEED = 20261201
BLOCK = 64  # rows per block of the vector kernels
SUPPORTED = kernels.kernel_info()["supported"]
VECTOR = [k for k in SUPPORTED if k != "scalar"]


@pytest.fixture(autouse=True)
def _restore_kernel() -> Iterator[None]:
    before = kernels.kernel_info()["kernel"]
    yield
    kernels.set_kernel(before)


def run(kernel: str, hands: Any, width: int, *, check: bool, threads: int = 1,
        fill: int = 0xABCD) -> tuple[Any, str | None, int | None]:
    """(out, error message, bad row) of a batch run with ``kernel``; ``out``
    starts filled with ``fill`` so that what a failed check leaves is compared too."""
    kernels.set_kernel(kernel)
    flat = np.ascontiguousarray(hands, dtype=np.uint8).reshape(-1)
    n = flat.size // width
    out = np.full(n, fill, dtype=np.uint16)
    try:
        evaluate_batch(flat, out, threads=threads, check=check, cards_per_hand=width)
    except BatchError as exc:
        return out, str(exc), exc.row
    return out, None, None


def assert_same(hands: Any, width: int, *, check: bool, threads: int = 1) -> None:
    want = run("scalar", hands, width, check=check, threads=threads)
    for kernel in VECTOR:
        got = run(kernel, hands, width, check=check, threads=threads)
        assert got[1:] == want[1:], (kernel, width, check)
        assert np.array_equal(got[0], want[0]), (kernel, width, check)


def random_rows(n: int, width: int, seed: int = SEED) -> Any:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


def sizes_around_blocks() -> list[int]:
    """Every size up to three blocks and a bit, and sizes around larger block edges."""
    edges = [BLOCK * k for k in (4, 5, 16, 17, 1024)]
    return list(range(0, 3 * BLOCK + 12)) + [e + d for e in edges for d in range(-6, 7)]


# ---------------------------------------------------------------- the choice


def test_kernel_info_describes_the_choice() -> None:
    info = razzcore.kernel_info()
    assert set(info) == {"kernel", "picked", "supported", "compiled", "forced", "reason", "cpu"}
    assert info["kernel"] in info["supported"]
    assert info["picked"] in info["supported"]
    assert "scalar" in info["supported"]
    assert set(info["supported"]) <= set(info["compiled"]) <= set(kernels.KERNELS)
    assert info["reason"]
    assert set(info["cpu"]) == {"vendor", "family", "model"}


def test_kernel_names_come_from_the_compiled_module() -> None:
    """One list of names, the C header's, numbered as the kernels are."""
    from razzcore import _core

    assert kernels.KERNELS is _core.KERNEL_NAMES
    assert kernels.KERNELS[0] == "scalar" and len(set(kernels.KERNELS)) == len(kernels.KERNELS)
    assert all(isinstance(name, str) and name.isalnum() for name in kernels.KERNELS)
    previous = kernels.set_kernel("scalar")
    try:
        for name in razzcore.kernel_info()["supported"]:
            kernels.set_kernel(name)
            assert razzcore.kernel_info()["kernel"] == name
    finally:
        kernels.set_kernel(previous)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/cpuinfo")
def test_supported_kernels_follow_the_cpu_flags() -> None:
    if os.uname().machine not in ("x86_64", "AMD64"):
        pytest.skip("x86-64 flags")
    with open("/proc/cpuinfo", encoding="ascii", errors="replace") as fh:
        flags = next(line for line in fh if line.startswith("flags")).split()
    supported = kernels.kernel_info()["supported"]
    assert "sse2" in supported
    assert ("avx2" in supported) == ("avx2" in flags)
    want512 = {"avx512f", "avx512bw", "avx512vbmi"} <= set(flags)
    assert ("avx512" in supported) == want512
    assert kernels.kernel_info()["picked"] == ("avx512" if want512 else
                                            "avx2" if "avx2" in flags else "sse2")


def test_set_kernel_switches_and_refuses_what_cannot_run() -> None:
    for kernel in SUPPORTED:
        kernels.set_kernel(kernel)
        assert kernels.kernel_info()["kernel"] == kernel
    kernels.set_kernel("auto")
    assert kernels.kernel_info()["kernel"] == kernels.kernel_info()["picked"]
    with pytest.raises(ValueError, match="unknown batch kernel"):
        kernels.set_kernel("avx1024")
    for kernel in set(kernels.KERNELS) - set(SUPPORTED):
        with pytest.raises(ValueError, match="cannot run on this CPU"):
            kernels.set_kernel(kernel)


def _import_with(kernel: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, RAZZCORE_KERNEL=kernel)
    code = "import razzcore, json; print(json.dumps(razzcore.kernel_info()))"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("kernel", SUPPORTED)
def test_environment_variable_forces_a_kernel(kernel: str) -> None:
    import json

    proc = _import_with(f" {kernel.upper()} ")
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout)
    assert info["kernel"] == kernel
    assert info["forced"] == kernel  # stripped and lower-cased, as it is used


@pytest.mark.parametrize("kernel", ["avx1024", *sorted(set(kernels.KERNELS) - set(SUPPORTED))])
def test_environment_variable_with_a_kernel_that_cannot_run_fails_clearly(kernel: str) -> None:
    proc = _import_with(kernel)
    assert proc.returncode != 0
    assert f"RAZZCORE_KERNEL='{kernel}'" in proc.stderr
    assert ("unknown batch kernel" in proc.stderr) or ("cannot run on this CPU" in proc.stderr)


# ---------------------------------------------------------------- same results

pytestmark_vector = pytest.mark.skipif(not VECTOR, reason="no vector kernel on this machine")


@pytestmark_vector
@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("check", [True, False])
def test_every_size_around_the_block_edges(width: int, check: bool) -> None:
    hands = random_rows(BLOCK * 1024 + 6, width)
    flat = hands.reshape(-1)
    for n in sizes_around_blocks():
        want = run("scalar", flat[: n * width], width, check=check)[0]
        for kernel in VECTOR:
            got = run(kernel, flat[: n * width], width, check=check)[0]
            assert np.array_equal(got, want), (kernel, n)


@pytestmark_vector
@pytest.mark.parametrize("width", [5, 6, 7])
def test_misaligned_buffers(width: int) -> None:
    hands = random_rows(3 * BLOCK + 5, width).reshape(-1)
    for shift in range(1, 9):
        raw = np.zeros(hands.size + shift + 8, dtype=np.uint8)
        view = raw[shift: shift + hands.size]
        view[:] = hands
        assert view.ctypes.data % 8 == shift % 8
        assert_same(view, width, check=True)
        assert_same(view, width, check=False)


@pytestmark_vector
def test_every_five_card_hand() -> None:
    """All C(52, 5) hands, in deck order: every code at every position."""
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    assert_same(hands, 5, check=True)
    assert_same(hands[:, ::-1], 5, check=True)


@pytestmark_vector
@pytest.mark.parametrize("width", [5, 6, 7])
def test_every_code_at_every_position(width: int) -> None:
    rows = [[(start + 11 * k) % 52 for k in range(width)] for start in range(52)]
    rows += [list(reversed(r)) for r in rows]
    hands = np.array(rows * 3, dtype=np.uint8)
    assert_same(hands, width, check=True)
    assert_same(hands, width, check=False)


@pytestmark_vector
@pytest.mark.parametrize("width", [5, 6, 7])
def test_duplicates_at_every_pair_of_positions_and_every_row(width: int) -> None:
    n = 2 * BLOCK + 7
    base = random_rows(n, width, SEED + width)
    rows_to_spoil = sorted({0, 1, 7, 8, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK - 1, 2 * BLOCK,
                            n - 2, n - 1})
    for i, j in itertools.combinations(range(width), 2):
        for row in rows_to_spoil:
            hands = base.copy()
            hands[row, j] = hands[row, i]
            _, msg, bad = run("scalar", hands, width, check=True)
            assert bad == row and msg and "twice" in msg
            assert_same(hands, width, check=True)
            assert_same(hands, width, check=False)


@pytestmark_vector
@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("code", [52, 53, 55, 63, 64, 100, 127, 128, 200, 255])
def test_codes_out_of_range_at_every_position(width: int, code: int) -> None:
    n = BLOCK + 9
    base = random_rows(n, width, SEED + code)
    for pos in range(width):
        for row in (0, 5, BLOCK - 1, BLOCK, n - 1):
            hands = base.copy()
            hands[row, pos] = code
            assert run("scalar", hands, width, check=True)[2] == row
            assert_same(hands, width, check=True)
            assert_same(hands, width, check=False)


@pytestmark_vector
@pytest.mark.parametrize("width", [5, 6, 7])
def test_garbage_unchecked_gives_the_scalar_garbage(width: int) -> None:
    """Unchecked, any bytes give the same (unspecified) ranks with every kernel."""
    rng = np.random.default_rng(SEED)
    for high in (52, 64, 256):
        hands = rng.integers(0, high, size=(20 * BLOCK + 3, width), dtype=np.uint8)
        assert_same(hands, width, check=False)
        assert_same(hands, width, check=True)  # the first bad row, and the rows before it


@pytestmark_vector
@pytest.mark.parametrize("threads", [2, 3])
def test_threads_with_every_kernel(threads: int) -> None:
    hands = random_rows(10 * BLOCK + 13, 7)
    assert_same(hands, 7, check=True, threads=threads)
    hands[7 * BLOCK + 3, 6] = hands[7 * BLOCK + 3, 0]
    assert_same(hands, 7, check=True, threads=threads)


@pytestmark_vector
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    width=st.sampled_from([5, 6, 7]),
    n=st.integers(0, 4 * BLOCK + 3),
    seed=st.integers(0, 2**32 - 1),
    bad_rate=st.sampled_from([0.0, 0.001, 0.01, 0.2]),
    check=st.booleans(),
)
def test_kernels_agree_property(width: int, n: int, seed: int, bad_rate: float,
                                check: bool) -> None:
    rng = np.random.default_rng(seed)
    hands = random_rows(n, width, seed) if n else np.zeros((0, width), np.uint8)
    if n:
        spoil = rng.random(n) < bad_rate
        for row in np.flatnonzero(spoil):
            pos = rng.integers(0, width)
            if rng.random() < 0.5:
                hands[row, pos] = rng.integers(52, 256)
            else:
                hands[row, pos] = hands[row, (pos + rng.integers(1, width)) % width]
    assert_same(hands, width, check=check)


# ------------------------------------------------------------------ read slack

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


@pytest.fixture(scope="module")
def table_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The generated table header, made as setup.py makes it."""
    if not os.path.exists(os.path.join(SRC, "razz_simd.h")):
        pytest.skip("src/ is not beside the tests (installed-wheel run)")
    out = tmp_path_factory.mktemp("table")
    gen = os.path.join(SRC, "tablegen.py")
    subprocess.run([sys.executable, gen, str(out / "razz_table.h")], check=True,
                   capture_output=True)
    return str(out)


def _compiles(table: str, std: str, slack: int) -> bool:
    import shutil
    import sysconfig

    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        pytest.skip(f"no C compiler ({cc})")
    run = subprocess.run(
        [cc, f"-std={std}", "-fsyntax-only", "-Wall", "-Werror", "-pedantic",
         f"-DRZ_SIMD_SLACK={slack}", "-I", SRC, "-I", table, "-x", "c", "-"],
        input='#include "razz_simd.h"\n', capture_output=True, text=True,
    )
    return run.returncode == 0


@pytest.mark.parametrize("std", ["c99", "c11"])
def test_read_slack_must_cover_the_widest_over_read(table_dir: str, std: str) -> None:
    """A block is read in place when RZ_SIMD_SLACK bytes follow it; the
    kernels read up to 16 - 2 * 5 = 6 bytes past a block of width-5 rows
    (AVX2's second 16-byte load, NEON's load of the last two rows), so a
    smaller slack must not compile."""
    assert _compiles(table_dir, std, 32)
    assert _compiles(table_dir, std, 6)
    assert not _compiles(table_dir, std, 5)
    assert not _compiles(table_dir, std, 2)
