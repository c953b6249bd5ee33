#!/usr/bin/env bash
# Build razzcore's extension with AddressSanitizer + UndefinedBehaviorSanitizer
# in a throw-away copy of the work tree and a throw-away venv, then run under
# the sanitizers: the evaluator/batch/equity/concurrency tests, a replay of
# every fuzz corpus, and every atheris fuzz target for a few seconds.
# Fails (non-zero exit) on any test failure, fuzz finding or sanitizer report.
# Never touches the normal build of the work tree.
#
# Environment knobs:
#   SANITIZE_FUZZ_TIME  seconds per fuzz target (default 8; 0 skips fuzzing)
#   SANITIZE_JOBS       fuzz targets run at once (default 2)
#   SANITIZE_KEEP=1     keep the temp dir (build, venv, reports) for inspection
#   SANITIZE_VENV=DIR   reuse a venv that already has the tools (skips pip)
#   PYTHON              the interpreter to build for (default python3)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)
stamp() { echo "=== sanitize [$(( $(date +%s) - start ))s] $*"; }

PY=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/razz-sanitize.XXXXXX")
cleanup() {
  if [ "${SANITIZE_KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# 1. A copy of the sources: tracked and untracked-but-not-ignored files (so a
#    local run sees uncommitted work; on CI's clean clone that is HEAD).
stamp "copy $repo -> $work/src"
mkdir -p "$work/src"
if git -C "$repo" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$repo" ls-files -co --exclude-standard -z \
    | (cd "$repo" && tar --null --verbatim-files-from -T - -cf -) | tar -xf - -C "$work/src"
else
  (cd "$repo" && tar --exclude=.git --exclude=build --exclude='.venv*' --exclude='*.so' -cf - .) \
    | tar -xf - -C "$work/src"
fi
rm -f "$work"/src/razzcore/*.so "$work"/src/razzcore/_core.c
rm -rf "$work/src/build"

# 2. Tools in a private venv (CI machines start clean).
if [ -n "${SANITIZE_VENV:-}" ]; then
  venv=$SANITIZE_VENV
else
  venv="$work/venv"
  stamp "venv $venv"
  "$PY" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    "setuptools>=77" "Cython>=3.1" numpy pytest hypothesis
  # atheris: coverage-guided fuzzing; without it run_all.py falls back to the
  # harness's random mutation fuzzer (reported below).
  "$venv/bin/python" -m pip install -q --disable-pip-version-check atheris \
    || echo "sanitize: atheris did not install; fuzzing falls back to --mode random"
fi
vpy="$venv/bin/python"

# 3. The sanitizer build (setup.py honours RAZZCORE_SANITIZE=1).
stamp "build with -fsanitize=address,undefined"
cc=$("$vpy" -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')
(cd "$work/src" && RAZZCORE_SANITIZE=1 "$vpy" setup.py -q build_ext --inplace >"$work/build.log" 2>&1) \
  || { cat "$work/build.log"; echo "sanitize: build failed" >&2; exit 1; }
so=$(ls "$work"/src/razzcore/_core*.so)
if ! grep -q "__asan_init" "$so" || ! grep -q "__ubsan_handle" "$so"; then
  echo "sanitize: $so is not instrumented (no __asan_init/__ubsan_handle symbols)" >&2
  exit 1
fi

# 4. The runtime environment: preload the sanitizer runtimes of the compiler
#    that built the extension; every report aborts and is also logged to files.
runtime() { local lib; lib=$("$cc" -print-file-name="$1" 2>/dev/null || true);
            [ -n "$lib" ] && [ "$lib" != "$1" ] && [ -e "$lib" ] && echo "$lib"; }
asan=$(runtime libasan.so || runtime libclang_rt.asan-x86_64.so || true)
ubsan=$(runtime libubsan.so || runtime libclang_rt.ubsan_standalone-x86_64.so || true)
[ -n "$asan" ] || { echo "sanitize: cannot find the ASan runtime of $cc" >&2; exit 1; }
reports="$work/reports"
mkdir -p "$reports"
export LD_PRELOAD="$asan${ubsan:+ $ubsan}"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1:strict_string_checks=1:\
check_initialization_order=1:quarantine_size_mb=64:\
allocator_may_return_null=1:log_path=$reports/asan:log_exe_name=1"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:log_path=$reports/ubsan"
# Python objects through malloc, so ASan red zones surround every buffer.
export PYTHONMALLOC=malloc
export PYTHONPATH="$work/src:$work/src/fuzz"
export PYTHONDONTWRITEBYTECODE=1
export HYPOTHESIS_STORAGE_DIRECTORY="$work/hypothesis"

fail=0
check_reports() {
  if compgen -G "$reports/*" >/dev/null; then
    echo "sanitize: SANITIZER REPORTS after $1:" >&2
    cat "$reports"/* >&2
    fail=1
  fi
}

# Sanity: the instrumented module is the one imported, and ASan is active.
(cd "$work" && "$vpy" - <<'PY'
import razzcore, razzcore._core as core
assert "razz-sanitize" in core.__file__, core.__file__
print("sanitize: testing", core.__file__)
PY
)

# 5. Tests that exercise the compiled code (hypothesis without deadlines:
#    instrumented code is several times slower).
cat >"$work/sanitize_plugin.py" <<'PY'
from hypothesis import settings
settings.register_profile("sanitize", deadline=None, max_examples=60)
settings.load_profile("sanitize")
PY
tests=()
for t in tests/test_evaluator.py tests/test_batch.py tests/test_equity.py tests/test_equity_*.py \
         tests/test_concurrency.py tests/test_fuzz_corpus.py; do
  [ -f "$work/src/$t" ] && tests+=("$t")
done
# Not here: the pure-Python table generator check (20 s under ASan, no C code)
# and the multi-process executors (subprocess plumbing, not memory safety).
skip="not compiled_table_matches_the_generator and not dask and not process_pool"
stamp "pytest ${tests[*]}"
(cd "$work/src" && PYTHONPATH="$work:$PYTHONPATH" "$vpy" -m pytest -q -x -p no:cacheprovider \
   -p sanitize_plugin -m "not slow" -k "$skip" "${tests[@]}") || fail=1
check_reports "pytest"

# 6. Fuzzing under the sanitizers: coverage-guided atheris runs of every target
#    (razzcore's Python code is instrumented for coverage; the C code is not,
#    but every call into it runs under ASan/UBSan).
fuzz_time=${SANITIZE_FUZZ_TIME:-8}
if [ "$fuzz_time" != 0 ] && [ "$fail" = 0 ]; then
  stamp "fuzz: every target for ${fuzz_time}s"
  (cd "$work/src" && "$vpy" fuzz/run_all.py --time "$fuzz_time" --jobs "${SANITIZE_JOBS:-2}" \
     --artifacts "$work/artifacts") || fail=1
  check_reports "fuzzing"
fi

stamp "done"
if [ "$fail" != 0 ]; then
  echo "sanitize: FAILED" >&2
  exit 1
fi
echo "sanitize: no sanitizer reports, tests and fuzzing clean"
