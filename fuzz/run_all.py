#!/usr/bin/env python3
"""Run every razzcore fuzz target for a bounded time; exit 1 on any finding.

    python fuzz/run_all.py [--time 8] [--jobs 2] [--mode atheris|random|replay]
                           [--grow] [target ...]

``atheris`` (the default when atheris imports): coverage-guided libFuzzer runs
of ``--time`` seconds each, starting from ``fuzz/corpus/<target>/``; new
inputs go to a temporary directory unless ``--grow`` adds them to the corpus
or ``--keep-new DIR`` keeps them in ``DIR/<target>``.  ``random``: the
harness's own mutation fuzzer (no atheris, no coverage guidance), up to
``--runs`` inputs or ``--time`` seconds.  ``replay``: every corpus file once.
``--extra DIR`` adds ``DIR/<target>`` to what random/replay use (e.g. what
atheris found, replayed under the sanitizers).

A target fails on a crash, a sanitizer report, a timeout, or an exception
other than razzcore's documented errors; the failing input is printed and kept
under ``--artifacts`` (default: a temp dir).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = ("cards", "evaluate", "batch", "mask", "equity", "ranges", "phh", "phh_read", "hand",
           "pokerstars", "engine", "obs", "lowgames")
REPORT_MARKERS = ("ERROR: AddressSanitizer", "runtime error:", "ERROR: LeakSanitizer",
                  "Uncaught Python exception", "==ERROR", "deadly signal", "Traceback")


@dataclass
class Outcome:
    target: str
    ok: bool
    seconds: float
    summary: str
    log: str


def _summary(output: str) -> str:
    keep = [line for line in output.splitlines()
            if line.startswith(("#", "Done", "replayed", "KNOWN ISSUE"))
            or " random inputs " in line]
    done = [line for line in keep if "DONE" in line or line.startswith(("Done", "replayed"))
            or " random inputs " in line]
    known = sorted({line.split(" reached")[0] for line in keep if line.startswith("KNOWN")})
    return "; ".join(done[-2:] + known)


def _run(target: str, args: argparse.Namespace, artifacts: str) -> Outcome:
    script = os.path.join(HERE, f"fuzz_{target}.py")
    corpus = os.path.join(HERE, "corpus", target)
    os.makedirs(corpus, exist_ok=True)
    cmd = [sys.executable, script]
    extra = [os.path.join(d, target) for d in args.extra if os.path.isdir(os.path.join(d, target))]
    if args.mode == "atheris":
        if args.grow:
            work = corpus
        elif args.keep_new:
            work = os.path.join(args.keep_new, target)
            os.makedirs(work, exist_ok=True)
        else:
            work = tempfile.mkdtemp(prefix=f"razzfuzz-{target}-")
        prefix = os.path.join(artifacts, f"{target}-")
        cmd += [f"-max_total_time={args.time}", "-timeout=20", "-rss_limit_mb=3072",
                f"-artifact_prefix={prefix}", "-print_final_stats=1", work]
        if not args.grow:
            cmd.append(corpus)
        limit = args.time + 120
    elif args.mode == "random":
        cmd += ["--random", str(args.runs), "--seed", str(args.seed),
                "--max-time", str(args.time), corpus, *extra]
        limit = args.time + 120
    else:
        cmd += ["--replay", corpus, *extra]
        limit = 600
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, errors="replace", timeout=limit, check=False)
        output, rc = proc.stdout, proc.returncode
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout or ""
        output = (out.decode("utf-8", "replace") if isinstance(out, bytes) else out)
        output += f"\n[run_all] {target}: killed after {limit} s"
        rc = -1
    finally:
        if args.mode == "atheris" and not args.grow and not args.keep_new:
            shutil.rmtree(work, ignore_errors=True)
    seconds = time.monotonic() - start
    bad = [m for m in REPORT_MARKERS if m in output]
    ok = rc == 0 and not bad
    return Outcome(target, ok, seconds, _summary(output), output)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", default=list(TARGETS))
    parser.add_argument("--time", type=int, default=8, help="seconds per target")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--mode", choices=("atheris", "random", "replay"), default=None)
    parser.add_argument("--runs", type=int, default=3000, help="inputs per target (random)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--grow", action="store_true", help="add new inputs to the corpus")
    parser.add_argument("--keep-new", default=None, metavar="DIR",
                        help="atheris: keep new inputs in DIR/<target>")
    parser.add_argument("--extra", action="append", default=[], metavar="DIR",
                        help="replay/random: also use the inputs in DIR/<target>")
    parser.add_argument("--artifacts", default=None, help="where failing inputs are kept")
    args = parser.parse_args(argv)
    unknown = set(args.targets) - set(TARGETS)
    if unknown:
        parser.error(f"unknown targets {sorted(unknown)}; known: {', '.join(TARGETS)}")
    if args.mode is None:
        try:
            import atheris  # noqa: F401
        except ImportError:
            args.mode = "random"
            print("atheris is not installed: using the harness's random mutation fuzzer")
        else:
            args.mode = "atheris"
    artifacts = args.artifacts or tempfile.mkdtemp(prefix="razzfuzz-artifacts-")
    os.makedirs(artifacts, exist_ok=True)
    print(f"fuzzing {', '.join(args.targets)} ({args.mode}"
          + (f", {args.time} s each" if args.mode != "replay" else "")
          + f", {args.jobs} at a time)", flush=True)
    failed = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for out in pool.map(lambda t: _run(t, args, artifacts), args.targets):
            status = "ok  " if out.ok else "FAIL"
            print(f"  {status} {out.target:<9} {out.seconds:6.1f} s  {out.summary}", flush=True)
            if not out.ok:
                failed.append(out)
    for out in failed:
        print(f"\n===== {out.target}: last lines of the log =====")
        print("\n".join(out.log.splitlines()[-80:]))
        for name in sorted(os.listdir(artifacts)):
            if name.startswith(f"{out.target}-"):
                with open(os.path.join(artifacts, name), "rb") as fh:
                    print(f"artifact {os.path.join(artifacts, name)}: {fh.read()[:2000]!r}")
    if failed:
        print(f"\nfuzzing FAILED: {', '.join(o.target for o in failed)}")
        return 1
    print("fuzzing: no findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
