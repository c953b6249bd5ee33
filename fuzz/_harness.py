"""Shared machinery of razzcore's fuzz targets (see fuzz/README.md).

Every target module defines ``one_input(data: bytes) -> None`` that feeds the
bytes to one entry point and checks what comes back.  The only exceptions that
may escape an entry point are razzcore's documented ones (:class:`RazzError`
and its subclasses); the harness swallows those and lets anything else through,
where atheris/libFuzzer reports it as a crash together with the input.

A target file is run in one of three ways:

``python fuzz/fuzz_x.py [libFuzzer flags] [corpus dirs]``
    coverage-guided fuzzing with atheris (razzcore's Python code is
    instrumented; the compiled core is exercised but not coverage-guided);
``python fuzz/fuzz_x.py --replay PATH...``
    run every file (or every file of every directory) once, no atheris needed;
``python fuzz/fuzz_x.py --random N [--seed S] [--max-time T] [PATH...]``
    N pseudo-random inputs (at most T seconds), mostly mutations of the files
    under PATH, no atheris needed (the fallback fuzzer).

Inputs are decoded with :class:`Input`, a tiny byte reader of our own, so a
corpus file means the same thing with or without atheris.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MAIN = os.path.basename(getattr(sys.modules.get("__main__"), "__file__", None) or "")
#: Instrument only when a target runs as a fuzzing script (not replays, not imports).
_ATHERIS_WANTED = _MAIN.startswith("fuzz_") and not any(
    a in ("--replay", "--random") for a in sys.argv[1:]
)


def instrumented() -> contextlib.AbstractContextManager[Any]:
    """Context manager for the target's ``import razzcore``: atheris coverage
    instrumentation of the razzcore package when fuzzing, nothing otherwise."""
    if _ATHERIS_WANTED:
        try:
            import atheris
        except ImportError:
            return contextlib.nullcontext()
        return atheris.instrument_imports(include=["razzcore"])  # type: ignore[no-any-return]
    return contextlib.nullcontext()


class Input:
    """Consume a fuzzer's bytes as small typed values; past the end every
    read returns zeros, so any byte string is a valid input."""

    __slots__ = ("data", "pos")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def remaining(self) -> int:
        return max(0, len(self.data) - self.pos)

    def byte(self) -> int:
        if self.pos < len(self.data):
            b = self.data[self.pos]
            self.pos += 1
            return b
        self.pos += 1
        return 0

    def bytes(self, n: int) -> bytes:
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out + bytes(max(0, n - len(out)))

    def uint(self, nbytes: int) -> int:
        return int.from_bytes(self.bytes(nbytes), "little")

    def below(self, n: int) -> int:
        """An int in ``0..n-1`` (``n`` <= 65536)."""
        return (self.uint(1) if n <= 256 else self.uint(2)) % n

    def between(self, lo: int, hi: int) -> int:
        return lo + self.below(hi - lo + 1)

    def flag(self) -> bool:
        return bool(self.byte() & 1)

    def pick(self, options: Sequence[T]) -> T:
        return options[self.below(len(options))]

    def pick_or_hostile(self, options: Sequence[object]) -> object:
        """One of ``options`` or (as if it were one more option) a hostile object,
        built only when chosen."""
        i = self.below(len(options) + 1)
        return self.hostile() if i == len(options) else options[i]

    def text(self, max_len: int = 64) -> str:
        """A short string: UTF-8 of the next bytes (bad bytes replaced)."""
        n = self.below(max_len + 1)
        return self.bytes(n).decode("utf-8", "replace")

    def rest_text(self) -> str:
        out = self.data[self.pos :].decode("utf-8", "replace")
        self.pos = len(self.data)
        return out

    def hostile(self) -> object:
        """An object that is hard to print: deeply nested, or a huge string."""
        kind = self.below(3)
        if kind == 0:
            deep: list[object] = []
            for _ in range(5000):
                deep = [deep]
            return deep
        if kind == 1:
            return "As" * 50_000
        return {"a": [1, (2, {3})]}

    def big_int(self) -> int:
        """An int of 0..16 bytes, either sign: exercises overflow paths."""
        n = self.below(17)
        v = self.uint(n)
        return -v if self.flag() else v


def _razz_error() -> type[BaseException]:
    from razzcore.errors import RazzError

    return RazzError


#: Open bugs in razzcore that a target can reach, reported to their owners and
#: tolerated here so the other targets keep running in CI:
#: (id, exception type name, file name of the innermost frame, function name).
#: Remove an entry when its bug is fixed; `--strict` ignores the list.
KNOWN_ISSUES: list[tuple[str, str, str, str]] = [
]

#: Open bugs found by a target's own checks (see :func:`check`), by id.
KNOWN_VIOLATIONS: set[str] = set()

_seen_known: set[str] = set()


def _known(exc: BaseException) -> str | None:
    if os.environ.get("RAZZ_FUZZ_STRICT"):
        return None
    tb = exc.__traceback__
    if tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    where = os.path.basename(code.co_filename), code.co_name.rsplit(".", 1)[-1]
    for ident, type_name, filename, func in KNOWN_ISSUES:
        if type(exc).__name__ == type_name and filename in ("*", where[0]) \
                and func in ("*", where[1]):
            if ident not in _seen_known:
                _seen_known.add(ident)
                print(f"KNOWN ISSUE {ident} reached (tolerated): {type(exc).__name__}: {exc}",
                      file=sys.stderr)
            return ident
    return None


def play_random(hand: Any, rng: random.Random) -> Any:
    """Play ``hand`` to the end with uniformly random legal actions."""
    while hand.actor is not None:
        hand.act(rng.choice(hand.legal_actions()))
    return hand


def check(ok: object, ident: str, message: object = "") -> None:
    """Assert ``ok``; a failure with an id listed in KNOWN_VIOLATIONS is
    reported once and tolerated (unless strict)."""
    if ok:
        return
    if ident in KNOWN_VIOLATIONS and not os.environ.get("RAZZ_FUZZ_STRICT"):
        if ident not in _seen_known:
            _seen_known.add(ident)
            print(f"KNOWN ISSUE {ident} reached (tolerated): {message}", file=sys.stderr)
        return
    raise AssertionError(f"{ident}: {message}")


def _wrap(one_input: Callable[[bytes], None]) -> Callable[[bytes], None]:
    razz_error = _razz_error()

    def test(data: bytes) -> None:
        try:
            one_input(data)
        except razz_error:
            pass
        except Exception as exc:
            if _known(exc) is None:
                raise

    return test


def _files(paths: Sequence[str]) -> Iterator[str]:
    for p in paths:
        if os.path.isdir(p):
            for name in sorted(os.listdir(p)):
                full = os.path.join(p, name)
                if os.path.isfile(full):
                    yield full
        else:
            yield p


def _passes(test: Callable[[bytes], None], data: bytes, what: str) -> bool:
    """Run ``test`` on ``data``; on any exception print ``FAILED on <what>``
    and the traceback, and return False."""
    try:
        test(data)
    except BaseException:
        print(f"FAILED on {what}", file=sys.stderr)
        traceback.print_exc()
        return False
    return True


def _replay(test: Callable[[bytes], None], paths: Sequence[str]) -> int:
    count = 0
    for path in _files(paths):
        with open(path, "rb") as fh:
            data = fh.read()
        if not _passes(test, data, f"{path} ({data[:200]!r}):"):
            return 1
        count += 1
    print(f"replayed {count} inputs: ok")
    return 0


def _random(
    test: Callable[[bytes], None], runs: int, seed: int, seeds: Sequence[str], max_time: float
) -> int:
    import time

    deadline = time.monotonic() + max_time
    rng = random.Random(seed)
    pool = []
    for path in _files(seeds):
        with open(path, "rb") as fh:
            pool.append(fh.read())
    done = 0
    for i in range(runs):
        if i % 16 == 0 and time.monotonic() > deadline:
            break
        done += 1
        if pool and rng.random() < 0.7:  # mutate a seed: flip, insert, delete, splice bytes
            data = bytearray(rng.choice(pool))
            for _ in range(rng.randint(1, 8)):
                op = rng.randrange(4)
                pos = rng.randrange(len(data) + 1)
                if op == 0 and data:
                    data[min(pos, len(data) - 1)] ^= 1 << rng.randrange(8)
                elif op == 1:
                    data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
                elif op == 2 and data:
                    del data[pos : pos + rng.randint(1, 4)]
                else:
                    data[pos:pos] = rng.choice(pool)[: rng.randint(0, 16)]
            sample = bytes(data)
        else:
            sample = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        if not _passes(test, sample, f"random input #{i} (seed {seed}): {sample!r}"):
            return 1
    print(f"{done} random inputs (seed {seed}): ok")
    return 0


def main(one_input: Callable[[bytes], None]) -> None:
    """Entry point of a target script (see the module docstring)."""
    test = _wrap(one_input)
    if "--strict" in sys.argv:
        sys.argv.remove("--strict")
        os.environ["RAZZ_FUZZ_STRICT"] = "1"
    args = sys.argv[1:]
    if args and args[0] == "--replay":
        sys.exit(_replay(test, args[1:]))
    if args and args[0] == "--random":
        runs = int(args[1])
        seed, max_time = 0, float("inf")
        rest = args[2:]
        while rest[:1] in (["--seed"], ["--max-time"]):
            if rest[0] == "--seed":
                seed = int(rest[1])
            else:
                max_time = float(rest[1])
            rest = rest[2:]
        sys.exit(_random(test, runs, seed, rest, max_time))
    import atheris

    # Coverage of the target's own decoding branches too, so inputs that build
    # different kinds of arguments count as new.
    module_globals = one_input.__globals__
    for value in list(module_globals.values()) + list(vars(Input).values()):
        if callable(value) and getattr(value, "__module__", None) in (
            module_globals["__name__"], __name__
        ) and hasattr(value, "__code__"):
            atheris.instrument_func(value)
    atheris.Setup(sys.argv, test)
    atheris.Fuzz()
