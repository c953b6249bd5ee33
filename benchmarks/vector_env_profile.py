"""Where a ``VectorEnv`` decision's instructions go: stepping, encoding the
observation, auto-reset (dealing the next hand) and the call overhead, per
decision, counted by callgrind.

Runs itself under ``valgrind --tool=callgrind`` with collection switched on
only inside ``_VecCore.step`` (the compiled part of ``VectorEnv.step``), on
2,048 tables stepped ``--steps`` times with random legal actions (drawn in a
first pass and replayed on a fresh environment with the same seed, so both
passes are counted).  Build with symbols first::

    RAZZCORE_PROFILE=1 python setup.py build_ext --inplace --force
    python benchmarks/vector_env_profile.py [--players 2 6] [--steps 100]

Code the compiler inlined into one function is split by the C function its
source lines belong to (callgrind's ``fi=``/``fe=`` records).  Groups:
encoding = ``src/razz_obs.h`` and the view gathering of ``razz_vecenv.h``
(``rz_obs_from_hand``, ``rz_table_observe``, any ``memcpy`` of rows);
auto-reset = ``rz_start_dealt`` (inclusive), the shuffle, the generator and
``rz_table_deal``; stepping = the rest of the engine and ``rz_vec_step``,
``rz_vec_mask``, ``rz_vec_check``; call overhead = everything else in the call
(Cython and CPython).
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ENVS = 2048
STEP = "__pyx_pw_8razzcore_5_core_8_VecCore_11step"
ENCODING = ("razz_vecenv.h:rz_obs_from_hand", "razz_vecenv.h:rz_table_observe")
DEAL = ("razz_vecenv.h:rz_table_deal", "razz_engine.h:rz_shuffle_deck")
STEPPING = ("razz_vecenv.h:rz_vec_step", "razz_vecenv.h:rz_vec_mask", "razz_vecenv.h:rz_vec_check")
_DEFINITION = re.compile(r"^(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w\s*]*?\b(\w+)\s*\(")


def drive(players: int, steps: int) -> None:
    """Step 2,048 tables ``steps`` times, twice (draw, then replay)."""
    import numpy as np

    from razzcore.envs import VectorEnv

    env = VectorEnv(ENVS, players=players, seed=3, threads=1)
    rng = np.random.default_rng(3)
    mask = env.reset()[1]
    drawn = []
    for _ in range(steps):
        actions = (rng.random((ENVS, 3)) * mask).argmax(axis=1)
        drawn.append(actions)
        mask = env.step(actions)[1]
    env = VectorEnv(ENVS, players=players, seed=3, threads=1)
    env.reset()
    for actions in drawn:
        env.step(actions)


def _functions(path: str, cache: dict[str, list[tuple[int, str]]]) -> list[tuple[int, str]]:
    """(first line, name) of each function defined at the left margin of a C file."""
    if path not in cache:
        spans = []
        try:
            lines = Path(path).read_text().split("\n")
        except OSError:
            lines = []
        for number, line in enumerate(lines, 1):
            m = _DEFINITION.match(line)
            if m and not line.rstrip().endswith(";") and not line.startswith(("typedef", "return")):
                spans.append((number, m.group(1)))
        cache[path] = spans
    return cache[path]


def self_costs(out: str) -> collections.Counter[str]:
    """Instructions by ``file:function`` of the source line (headers of src/),
    ``cython:`` / ``other:`` for the rest."""
    names: dict[tuple[str, str], str] = {}
    cache: dict[str, list[tuple[int, str]]] = {}

    def name(kind: str, rest: str) -> str:
        m = re.match(r"\((\d+)\)(?: (.*))?", rest)
        if m is None:
            return rest
        if m.group(2) is not None:
            names[(kind, m.group(1))] = m.group(2)
        return names.get((kind, m.group(1)), "?")

    cost: collections.Counter[str] = collections.Counter()
    fl = fi = fn = ""
    skip = False
    for raw in Path(out).read_text().splitlines():
        if raw.startswith("fl="):
            fl = fi = name("fl", raw[3:])
        elif raw.startswith(("fi=", "fe=")):
            fi = name("fl", raw[3:])
        elif raw.startswith("fn="):
            fn, fi = name("fn", raw[3:]), fl
        elif raw.startswith(("cfl=", "cfi=")):
            name("fl", raw[4:])
        elif raw.startswith("cfn="):
            name("fn", raw[4:])
        elif raw.startswith("calls="):
            skip = True  # the next line is the call's inclusive cost
        elif raw[:1].isdigit():
            if skip:
                skip = False
                continue
            line, ir = (int(x) for x in raw.split()[:2])
            if fi.endswith(".h") and "/src/" in fi:
                best = "?"
                for start, function in _functions(fi, cache):
                    if start > line:
                        break
                    best = function
                cost[f"{fi.rsplit('/', 1)[-1]}:{best}"] += ir
            elif "_core" in fi:
                cost[f"cython:{fn}"] += ir
            else:
                cost[f"other:{fi.rsplit('/', 1)[-1]}"] += ir
    return cost


def inclusive(out: str, function: str) -> int:
    """callgrind_annotate's inclusive count of a (not inlined) function."""
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", out], capture_output=True, text=True, check=True
    ).stdout
    m = re.search(r"^\s*([\d,]+) \([^)]*\)\s+\S*:" + re.escape(function) + r"(?:\.\w+)*[ \[]",
                  text, re.M)
    return int(m.group(1).replace(",", "")) if m else 0


def groups(out: str) -> dict[str, int]:
    """Instructions of each group (see the module docstring)."""
    cost = self_costs(out)
    dealt = inclusive(out, "rz_start_dealt")
    encoding = sum(v for k, v in cost.items()
                   if k.startswith("razz_obs.h:") or k in ENCODING or "memmove" in k)
    deal = dealt + sum(v for k, v in cost.items() if k.startswith("razz_rng.h:") or k in DEAL)
    engine = sum(v for k, v in cost.items()
                 if k.startswith("razz_engine") and k not in DEAL)  # its parts too
    stepping = engine - dealt + sum(cost[k] for k in STEPPING)
    total = sum(cost.values())
    return {"total": total, "stepping": stepping, "encoding": encoding, "auto-reset": deal,
            "call overhead": total - stepping - encoding - deal}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--drive", type=int, help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.drive is not None:
        drive(args.drive, args.steps)
        return
    for players in args.players:
        with tempfile.TemporaryDirectory() as tmp:
            out = f"{tmp}/callgrind.out"
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--compress-pos=no", f"--toggle-collect={STEP}",
                 f"--callgrind-out-file={out}", sys.executable, __file__,
                 "--drive", str(players), "--steps", str(args.steps)],
                check=True, capture_output=True,
            )
            counted = groups(out)
        decisions = 2 * args.steps * ENVS
        total = counted["total"]
        print(f"{players} players, {ENVS} tables: instructions per decision")
        for key, value in counted.items():
            print(f"  {key:14s} {value / decisions:7,.0f}  {100 * value / total:5.1f} %")


if __name__ == "__main__":
    main()
