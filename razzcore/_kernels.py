"""Which compiled kernel runs :func:`razzcore.evaluate_batch` (see docs/simd.md).

The kernels live in ``src/razz_simd.h``; the compiled module reads the CPU once
at import and picks one.  ``RAZZCORE_KERNEL=scalar|sse2|avx2|avx512|neon``
forces one for tests and benchmarks (a kernel this CPU cannot run, or an
unknown name, makes ``import razzcore`` fail with a message saying which
kernels it can run; the ``razzcore`` command says so in one line and exits
with status 2; the value is stripped and lower-cased); :func:`set_kernel`
switches at run time.  Every kernel gives the same ranks, and the same error on a bad row.
"""

from __future__ import annotations

import os
import sys
from typing import TypedDict

from . import _core
from .errors import brief

__all__ = ["KERNELS", "kernel_info", "set_kernel"]

#: The batch kernels, numbered as in src/razz_simd.h (whose names the
#: compiled module exports).
KERNELS: tuple[str, ...] = _core.KERNEL_NAMES


class CpuInfo(TypedDict):
    vendor: str
    family: int
    model: int


class KernelInfo(TypedDict):
    kernel: str
    picked: str
    supported: tuple[str, ...]
    compiled: tuple[str, ...]
    forced: str | None
    reason: str
    cpu: CpuInfo


def _names(bits: int) -> tuple[str, ...]:
    return tuple(name for k, name in enumerate(KERNELS) if (bits >> k) & 1)


def kernel_info() -> KernelInfo:
    """Which compiled kernel :func:`razzcore.evaluate_batch` runs on this CPU, and why.

    Keys: ``kernel`` (in use), ``picked`` (what the CPU check chose at import),
    ``supported`` (kernels this CPU can run), ``compiled`` (kernels in this
    build), ``forced`` (the ``RAZZCORE_KERNEL`` environment variable, or None),
    ``reason``, and ``cpu`` (vendor, family, model: x86-64 only).  Every kernel
    gives the same results; see docs/simd.md.

    >>> info = kernel_info()
    >>> info["kernel"] in info["supported"] and "scalar" in info["supported"]
    True
    """
    active, picked, supported, compiled, reason, vendor, family, model = _core.kernel_state()
    return {
        "kernel": KERNELS[active],
        "picked": KERNELS[picked],
        "supported": _names(supported),
        "compiled": _names(compiled),
        "forced": _FORCED,
        "reason": reason.decode("ascii", "replace"),
        "cpu": {"vendor": vendor.decode("ascii", "replace"), "family": family, "model": model},
    }


def set_kernel(name: str) -> str:
    """Run batches with kernel ``name`` from now on (``"auto"``: the one picked at
    import) and return the previous one's name.  For tests and benchmarks; call
    it while no batch runs.  Raises ValueError for an unknown name or a kernel
    this CPU cannot run.

    >>> previous = set_kernel("scalar")
    >>> kernel_info()["kernel"], set_kernel(previous)
    ('scalar', 'scalar')
    """
    info = kernel_info()
    key = name.strip().lower() if isinstance(name, str) else name
    if key == "auto":
        key = info["picked"]
    if key not in KERNELS:
        raise ValueError(f"unknown batch kernel {brief(name)}: choose from "
                         f"{', '.join(KERNELS)} or auto")
    if not _core.use_kernel(KERNELS.index(key)):
        raise ValueError(f"batch kernel {key!r} cannot run on this CPU, which runs "
                         f"{', '.join(info['supported'])}")
    return info["kernel"]


def _invoked_as_command(orig_argv: list[str], argv: list[str]) -> bool:
    """Whether this process is the ``razzcore`` command (``python -m razzcore``,
    seen in the interpreter's own ``orig_argv``, or the installed ``razzcore``
    script, seen in ``argv[0]``), which reports a bad environment in one line
    instead of an import traceback.

    >>> _invoked_as_command(["python3", "-m", "razzcore", "eval"], ["-m", "eval"])
    True
    >>> _invoked_as_command(["python3", "/venv/bin/razzcore"], ["/venv/bin/razzcore"])
    True
    >>> _invoked_as_command(["python3", "x.py"], ["x.py"])
    False
    """
    if orig_argv[1:3] == ["-m", "razzcore"]:
        return True
    return bool(argv) and os.path.basename(argv[0]) in ("razzcore", "razzcore.exe")


def _forced_kernel(raw: str | None) -> str | None:
    """The ``RAZZCORE_KERNEL`` value, stripped and lower-cased (None when unset or blank).

    >>> _forced_kernel(" AVX2 "), _forced_kernel(""), _forced_kernel("  ")
    ('avx2', None, None)
    """
    value = (raw or "").strip().lower()
    return value or None


_FORCED = _forced_kernel(os.environ.get("RAZZCORE_KERNEL"))
if _FORCED is not None:
    try:
        set_kernel(_FORCED)
    except ValueError as exc:
        _message = f"RAZZCORE_KERNEL={os.environ.get('RAZZCORE_KERNEL', '')!r}: {exc}"
        if _invoked_as_command(list(getattr(sys, "orig_argv", ())), list(sys.argv)):
            sys.stderr.write(f"razzcore: error: {_message}\n")
            raise SystemExit(2) from None
        raise ImportError(_message) from None
