#!/usr/bin/env bash
# Memory-safety check of razzcore's compiled code with AddressSanitizer and
# UndefinedBehaviorSanitizer.  Fails (non-zero exit) on any test failure, fuzz
# finding or sanitizer report.  Works in a temp dir (copies of the work tree, a
# private venv), so the normal build in the work tree is never touched.
#
# What runs (all bounded; about 2-3 minutes on 2 cores):
#  1. two builds of the extension side by side: one with RAZZCORE_SANITIZE=1
#     (setup.py adds -fsanitize=address,undefined -fno-sanitize-recover=undefined),
#     one plain;
#  2. coverage-guided atheris fuzzing of every fuzz/ target on the PLAIN build,
#     keeping every new input it finds.  (atheris cannot be coverage-guided
#     under gcc's ASan runtime: libasan's __sanitizer_cov_* stubs shadow
#     libFuzzer's and coverage goes dark; clang's asan_with_fuzzer.so would be
#     needed.  So exploration happens on the plain build and every input is
#     re-run under the sanitizers below.);
#  3. under ASan+UBSan (runtimes preloaded into python, PYTHONMALLOC=malloc so
#     Python buffers get red zones too): the evaluator/batch/equity/concurrency
#     tests, a replay of the committed corpora plus
#     everything step 2 found, and the harness's own mutation fuzzer on every
#     target for a few seconds.
#
# Environment knobs:
#   SANITIZE_FUZZ_TIME  seconds per target for atheris and for the mutation
#                       fuzzer (default 5; 0 skips both)
#   SANITIZE_JOBS       fuzz targets run at once (default 2)
#   SANITIZE_KEEP=1     keep the temp dir (builds, venv, reports, found inputs)
#   SANITIZE_VENV=DIR   reuse a venv that already has the tools (skips pip)
#   SANITIZE_TESTS=all  run the whole test suite under the sanitizers (default:
#                       the tests that drive compiled code)
#   PYTHON              the interpreter to build for (default python3)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)
stamp() { echo "=== sanitize [$(( $(date +%s) - start ))s] $*"; }

PY=${PYTHON:-python3}
fuzz_time=${SANITIZE_FUZZ_TIME:-5}
jobs=${SANITIZE_JOBS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/razz-sanitize.XXXXXX")
cleanup() {
  if [ "${SANITIZE_KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# Copies of the sources: tracked files as they are in the work tree, plus new
# untracked files under the source folders (a local run sees uncommitted work;
# on CI's clean clone that is HEAD; never a venv or build output lying around).
stamp "copy $repo"
mkdir -p "$work/asan" "$work/plain"
if git -C "$repo" rev-parse --git-dir >/dev/null 2>&1; then
  { git -C "$repo" ls-files -c -z
    git -C "$repo" ls-files -o --exclude-standard -z -- razzcore src tests fuzz; } \
    | (cd "$repo" && tar --null --verbatim-files-from --ignore-failed-read -T - -cf - 2>/dev/null) \
    >"$work/src.tar"
else
  (cd "$repo" && tar --exclude=.git --exclude=build --exclude='.venv*' --exclude='*.so' \
     -cf - .) >"$work/src.tar"
fi
for d in asan plain; do
  tar -xf "$work/src.tar" -C "$work/$d"
  rm -rf "$work/$d/build" "$work/$d"/razzcore/*.so "$work/$d/razzcore/_core.c"
done

# Tools in a private venv (CI machines start clean).
if [ -n "${SANITIZE_VENV:-}" ]; then
  venv=$SANITIZE_VENV
else
  venv="$work/venv"
  stamp "venv + pip install setuptools Cython numpy pytest hypothesis atheris"
  "$PY" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    "setuptools>=77" "Cython>=3.1" numpy pytest hypothesis
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "atheris>=2.3" \
    || echo "sanitize: atheris did not install: step 2 is skipped (mutation fuzzer only)"
  if [ "${SANITIZE_TESTS:-fast}" = all ]; then  # the test extra, from pyproject.toml
    "$venv/bin/python" - "$repo/pyproject.toml" >"$work/test-reqs.txt" <<'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as fh:
    print("\n".join(tomllib.load(fh)["project"]["optional-dependencies"]["test"]))
PY
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$work/test-reqs.txt"
  fi
fi
vpy="$venv/bin/python"
have_atheris=0
"$vpy" -c "import atheris" 2>/dev/null && have_atheris=1

# 1. Both builds at once.
stamp "build: -fsanitize=address,undefined and plain, in parallel"
(cd "$work/asan" && RAZZCORE_SANITIZE=1 "$vpy" setup.py -q build_ext --inplace \
   >"$work/build-asan.log" 2>&1) &
pid_asan=$!
(cd "$work/plain" && "$vpy" setup.py -q build_ext --inplace >"$work/build-plain.log" 2>&1) &
pid_plain=$!
wait "$pid_asan" || { cat "$work/build-asan.log"; echo "sanitize: ASan build failed" >&2; exit 1; }
wait "$pid_plain" || { cat "$work/build-plain.log"; echo "sanitize: plain build failed" >&2; exit 1; }
so=$(ls "$work"/asan/razzcore/_core*.so)
if ! grep -q "__asan_init" "$so" || ! grep -q "__ubsan_handle" "$so"; then
  echo "sanitize: $so is not instrumented (no __asan_init/__ubsan_handle symbols)" >&2
  exit 1
fi

fail=0
found="$work/found"
mkdir -p "$found"

# 2. Coverage-guided exploration on the plain build.
if [ "$fuzz_time" != 0 ] && [ "$have_atheris" = 1 ]; then
  stamp "atheris (plain build): every target for ${fuzz_time}s, keeping new inputs"
  (cd "$work/plain" && PYTHONPATH="$work/plain" "$vpy" fuzz/run_all.py --mode atheris \
     --time "$fuzz_time" --jobs "$jobs" --keep-new "$found" --artifacts "$work/artifacts-plain") \
     || fail=1
  echo "sanitize: atheris found $(find "$found" -type f | wc -l) new inputs; replayed under ASan below"
fi

# 3. Everything under the sanitizers.  The compiler that built the extension
#    provides the runtimes; each report aborts the process and is also logged.
cc=$("$vpy" -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')
runtime() { local lib; lib=$("$cc" -print-file-name="$1" 2>/dev/null || true)
            [ -n "$lib" ] && [ "$lib" != "$1" ] && [ -e "$lib" ] && echo "$lib"; }
asan=$(runtime libasan.so || runtime libclang_rt.asan-x86_64.so || true)
ubsan=$(runtime libubsan.so || runtime libclang_rt.ubsan_standalone-x86_64.so || true)
[ -n "$asan" ] || { echo "sanitize: cannot find the ASan runtime of $cc" >&2; exit 1; }
reports="$work/reports"
mkdir -p "$reports"
export LD_PRELOAD="$asan${ubsan:+ $ubsan}"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1:strict_string_checks=1:\
check_initialization_order=1:quarantine_size_mb=64:allocator_may_return_null=1:\
log_path=$reports/asan:log_exe_name=1"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:log_path=$reports/ubsan"
export PYTHONMALLOC=malloc
export PYTHONPATH="$work/asan"
export PYTHONDONTWRITEBYTECODE=1
export HYPOTHESIS_STORAGE_DIRECTORY="$work/hypothesis"

check_reports() {
  if compgen -G "$reports/*" >/dev/null; then
    echo "sanitize: SANITIZER REPORTS during $1:" >&2
    cat "$reports"/* >&2
    rm -f "$reports"/*
    fail=1
  fi
}

# Canary: the preloaded runtime must catch a heap overflow, and a report must
# count as a failure (proves the whole detection chain, not just the build).
if (cd "$work" && ASAN_OPTIONS="detect_leaks=0:log_path=$work/canary" "$vpy" -c \
      'import ctypes; m = ctypes.CDLL(None).malloc; m.restype = ctypes.c_void_p
ctypes.string_at(m(8), 64)') 2>/dev/null \
   || ! grep -qs "heap-buffer-overflow" "$work"/canary*; then
  echo "sanitize: the ASan runtime did not catch a deliberate heap overflow" >&2
  exit 1
fi
echo "sanitize: ASan canary caught a deliberate heap overflow (runtime is live)"

(cd "$work" && "$vpy" - <<'PY'
import razzcore._core as core
assert "/asan/" in core.__file__, core.__file__
print("sanitize: instrumented module", core.__file__)
PY
)

# Tests that drive the compiled code; hypothesis without deadlines (the
# instrumented build is several times slower).  Not here: the pure-Python
# table-generator check (no C code, 20 s under ASan) and the multi-process
# executors (subprocess plumbing, not memory safety).
cat >"$work/sanitize_plugin.py" <<'PY'
from hypothesis import settings
settings.register_profile("sanitize", deadline=None, max_examples=40)
settings.load_profile("sanitize")
PY
tests=()
if [ "${SANITIZE_TESTS:-fast}" = all ]; then
  tests=(tests)  # the whole suite
  skip="not dask and not process_pool"
else
  for t in tests/test_evaluator.py tests/test_batch.py tests/test_batch_kernels.py \
           tests/test_lowgames.py \
           tests/test_equity.py tests/test_equity_*.py \
           tests/test_ranges.py tests/test_range_equity.py tests/test_starting_hands.py \
           tests/test_concurrency.py tests/test_engine_core.py tests/test_engine_scenarios.py \
           tests/test_engine_state_machine.py tests/test_engine_c_core.py tests/test_simulation.py \
           tests/test_engine_absent.py tests/test_engine_rake.py tests/test_phh_toml.py \
           tests/test_envs.py tests/test_envs_*.py tests/test_pokerstars_pots.py tests/test_tracker_*.py \
           tests/test_tally_bounds.py tests/test_view_bounds.py; do
    [ -f "$work/asan/$t" ] && tests+=("$t")
  done
  skip="not compiled_table_matches_the_generator and not dask and not process_pool"
fi
stamp "ASan pytest ${tests[*]}"
(cd "$work/asan" && PYTHONPATH="$work:$PYTHONPATH" "$vpy" -m pytest -q -x -p no:cacheprovider \
   -p sanitize_plugin -m "not slow" -k "$skip" "${tests[@]}") || fail=1
check_reports "pytest"

stamp "ASan replay: committed corpora + the atheris finds"
(cd "$work/asan" && "$vpy" fuzz/run_all.py --mode replay --jobs "$jobs" --extra "$found" \
   --artifacts "$work/artifacts-asan") || fail=1
check_reports "the replay"

if [ "$fuzz_time" != 0 ]; then
  stamp "ASan mutation fuzzing: every target for ${fuzz_time}s"
  (cd "$work/asan" && "$vpy" fuzz/run_all.py --mode random --time "$fuzz_time" --runs 1000000 \
     --seed "$(date +%s)" --jobs "$jobs" --extra "$found" --artifacts "$work/artifacts-asan") \
     || fail=1
  check_reports "mutation fuzzing"
fi

stamp "done"
if [ "$fail" != 0 ]; then
  echo "sanitize: FAILED" >&2
  exit 1
fi
echo "sanitize: clean (no sanitizer report, no test failure, no fuzz finding)"
