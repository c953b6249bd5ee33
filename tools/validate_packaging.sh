#!/usr/bin/env bash
# Offline packaging validation for razzcore (called by .ci/run; runnable by hand).
#
# Everything GitHub Actions would do that can be checked on this machine without
# docker or GitHub:
#   1. workflows: check-jsonschema (vendor.github-workflows schema), zizmor
#      --offline with no findings, and our hygiene rules (workflow-level
#      `permissions: contents: read`, actions pinned by full commit hash,
#      `persist-credentials: false`, wheels built from the sdist, trusted
#      publishing with attestations, the docs site published on tags only);
#   2. pyproject.toml: validate-pyproject with the schema store (so the
#      [tool.cibuildwheel] table is checked too);
#   3. cibuildwheel --print-build-identifiers for every row of the wheels.yml
#      matrix (same cibuildwheel version as the pinned action), asserting the
#      expected identifiers: cp311..cp314 and cp314t, manylinux and musllinux,
#      x86_64/aarch64, AMD64/ARM64, x86_64/arm64;
#   4. the C kernel standalone under gcc, clang and mingw-w64
#      (tools/compile_kernel.sh);
#   5. python -m build: the sdist, then a wheel built FROM that sdist;
#      twine check --strict; check-wheel-contents; auditwheel show; wheel size;
#   6. the wheel installed (with its [test] extra) in a clean venv, the test
#      suite run against it from a temporary folder holding a copy of tests/
#      (never the source tree), `import razzcore` time (python -X importtime);
#   7. typing: python -m mypy.stubtest razzcore._core against the installed
#      wheel, and mypy --strict on the package.
#
# Self-contained: makes its own venvs under a temporary folder and installs the
# tools by name from PyPI.  Exits non-zero on any failure.
#
# Environment:
#   PYTHON=python3.11         interpreter for the venvs (default: python3)
#   RAZZ_KEEP_WORK=1          keep the temporary folder (printed at the start)
#   RAZZ_SKIP_KERNEL=1        skip step 4 (it may apt-get install clang/mingw)
#   RAZZ_MYPY_ADVISORY=1      report mypy --strict errors without failing
#   RAZZ_WHEEL_MAX_KB=1024    the wheel size budget (< 1 MiB)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PYTHON:-python3}

WHEEL_MAX_BYTES=$((${RAZZ_WHEEL_MAX_KB:-1024} * 1024))
IMPORT_BUDGET_US=30000 # the budget: import razzcore <= 30 ms
IMPORT_FAIL_US=90000   # fail only when grossly over (3x)

T0=$(date +%s)
declare -a TIMINGS=()
step_start=$T0
step() {
    local now
    now=$(date +%s)
    if [ -n "${step_name:-}" ]; then
        TIMINGS+=("$(printf '%4ss  %s' $((now - step_start)) "$step_name")")
    fi
    step_name=$1
    step_start=$now
    echo
    echo "=== validate_packaging [$((now - T0))s]: $1"
}
fail() {
    echo "validate_packaging: FAILED: $*" >&2
    exit 1
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/razz-packaging.XXXXXX")
if [ -n "${RAZZ_KEEP_WORK:-}" ]; then
    echo "work folder (kept): $WORK"
else
    trap 'rm -rf "$WORK"' EXIT
fi
export PIP_DISABLE_PIP_VERSION_CHECK=1
# pip, quietly: its output is shown only when it fails.
pipq() { # python, pip arguments...
    local py=$1
    shift
    "$py" -m pip install "$@" >"$WORK/pip.log" 2>&1 || {
        grep -v '^WARNING: Location' "$WORK/pip.log" | tail -n 40
        fail "pip install $*"
    }
}

# ------------------------------------------------------------------ tools venv
step "tools venv"
# cibuildwheel: the version of the action pinned in wheels.yml, so the
# identifiers asserted here are the ones CI builds.
CIBW_VERSION=$(sed -n 's|.*uses: pypa/cibuildwheel@[0-9a-f]\{40\} # v\([0-9][0-9.]*\).*|\1|p' \
    .github/workflows/wheels.yml | sed -n '1p')
[ -n "$CIBW_VERSION" ] || fail "wheels.yml: no 'pypa/cibuildwheel@<sha> # vX.Y.Z' line"
"$PY" -m venv "$WORK/tools"
TOOLS=$WORK/tools/bin
pipq "$TOOLS/python" --upgrade pip
pipq "$TOOLS/python" \
    check-jsonschema zizmor "validate-pyproject[all]" validate-pyproject-schema-store \
    "cibuildwheel==$CIBW_VERSION" build twine check-wheel-contents auditwheel pyyaml
"$TOOLS/python" -m pip list 2>/dev/null |
    grep -iE '^(check-jsonschema|zizmor|validate-pyproject|cibuildwheel|build|twine|check-wheel-contents|auditwheel) '

# ------------------------------------------------------------------ workflows
step "workflows: check-jsonschema (vendor.github-workflows)"
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
shopt -u nullglob
[ ${#workflows[@]} -gt 0 ] || fail "no workflows in .github/workflows"
"$TOOLS/check-jsonschema" --builtin-schema vendor.github-workflows "${workflows[@]}"

step "workflows: zizmor --offline"
zout=$("$TOOLS/zizmor" --offline .github/workflows 2>&1) || {
    echo "$zout"
    fail "zizmor reported findings"
}
echo "$zout" | tail -n 3
grep -q "No findings to report" <<<"$zout" || fail "zizmor: unexpected output"

step "workflows: hygiene rules"
"$TOOLS/python" - <<'EOF'
import re
import sys
from pathlib import Path

import yaml

errors = []
paths = sorted(Path(".github/workflows").glob("*.y*ml"))
for path in paths:
    wf = yaml.safe_load(path.read_text())
    if wf.get("permissions") != {"contents": "read"}:
        errors.append(f"{path}: workflow-level permissions must be exactly contents: read")
    for job_name, job in wf["jobs"].items():
        for i, st in enumerate(job.get("steps", [])):
            uses = st.get("uses")
            if not uses or uses.startswith("./"):
                continue
            where = f"{path}:{job_name}:step {i + 1} ({uses})"
            if not re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", uses):
                errors.append(f"{where}: not pinned by full commit hash")
            if uses.startswith("actions/checkout@"):
                if (st.get("with") or {}).get("persist-credentials") is not False:
                    errors.append(f"{where}: needs persist-credentials: false")

wheels = yaml.safe_load(Path(".github/workflows/wheels.yml").read_text())
jobs = wheels["jobs"]
want_runners = {"ubuntu-24.04", "ubuntu-24.04-arm", "windows-latest", "windows-11-arm",
                "macos-15-intel", "macos-latest"}
rows = jobs["wheels"]["strategy"]["matrix"]["include"]
if {r["os"] for r in rows} != want_runners:
    errors.append(f"wheels.yml: matrix runners {sorted(r['os'] for r in rows)} != {sorted(want_runners)}")
if "sdist" not in str(jobs["wheels"].get("needs")):
    errors.append("wheels.yml: the wheels job must need the sdist job")
cibw = [s for s in jobs["wheels"]["steps"] if str(s.get("uses", "")).startswith("pypa/cibuildwheel@")]
if len(cibw) != 1 or "sdist" not in str(cibw[0].get("with", {}).get("package-dir", "")):
    errors.append("wheels.yml: cibuildwheel must build from the sdist (package-dir)")
if any(s.get("uses", "").startswith("actions/checkout@") for s in jobs["wheels"]["steps"]):
    errors.append("wheels.yml: the wheels job must not check out the tree (it builds the sdist)")
pub = jobs.get("publish", {})
if pub.get("permissions") != {"id-token": "write"}:
    errors.append("wheels.yml: publish needs exactly permissions id-token: write")
if "refs/tags/v" not in str(pub.get("if", "")):
    errors.append("wheels.yml: publish must run on version tags only")
pp = [s for s in pub.get("steps", []) if str(s.get("uses", "")).startswith("pypa/gh-action-pypi-publish@")]
if len(pp) != 1 or (pp[0].get("with") or {}).get("attestations") is not True:
    errors.append("wheels.yml: publish with pypa/gh-action-pypi-publish, attestations: true")
if any("password" in (s.get("with") or {}) for s in pp):
    errors.append("wheels.yml: trusted publishing takes no password/token")

docs = yaml.safe_load(Path(".github/workflows/docs.yml").read_text())
djobs = docs["jobs"]
if set(docs[True].get("push", {})) != {"tags"}:  # `on:` reads as True in YAML 1.1
    errors.append("docs.yml: pushes publish on version tags only")
if not any("mkdocs build --strict" in str(s.get("run", "")) for s in djobs["build"]["steps"]):
    errors.append("docs.yml: the build job must run mkdocs build --strict")
deploy = djobs.get("deploy", {})
if deploy.get("permissions") != {"pages": "write", "id-token": "write"}:
    errors.append("docs.yml: deploy needs exactly permissions pages: write, id-token: write")
if "refs/tags/v" not in str(deploy.get("if", "")):
    errors.append("docs.yml: deploy must run on version tags only")
if djobs["build"].get("permissions") not in (None, {"contents": "read"}):
    errors.append("docs.yml: the build job reads the repository only")

for e in errors:
    print("  ", e)
if errors:
    sys.exit(1)
print(f"ok: {len(paths)} workflows, {len(rows)} wheel runners, the docs site on tags")
EOF

# ------------------------------------------------------------------ pyproject
step "pyproject.toml: validate-pyproject (+ schema store: [tool.cibuildwheel])"
vp_help=$("$TOOLS/validate-pyproject" --help)  # not piped into grep -q: SIGPIPE under pipefail
grep -q "'cibuildwheel'" <<<"$vp_help" ||
    fail "validate-pyproject has no cibuildwheel schema (validate-pyproject-schema-store missing?)"
"$TOOLS/validate-pyproject" pyproject.toml

# ------------------------------------------------------------------ identifiers
step "cibuildwheel $CIBW_VERSION --print-build-identifiers for each wheels.yml runner"
"$TOOLS/python" - "$TOOLS/cibuildwheel" <<'EOF'
import re
import subprocess
import sys
from pathlib import Path

import yaml

cibuildwheel = sys.argv[1]
# The floor: requires-python >= 3.11 up to the free-threaded 3.14t.  Newer
# CPythons (a later cibuildwheel pin) are welcome; anything older, any PyPy or
# GraalPy, any 32-bit build is an error.
REQUIRED = ["cp311", "cp312", "cp313", "cp314", "cp314t"]
PLATFORM = {"ubuntu": "linux", "windows": "windows", "macos": "macos"}
TAGS = {
    ("linux", "x86_64"): ["manylinux_x86_64", "musllinux_x86_64"],
    ("linux", "aarch64"): ["manylinux_aarch64", "musllinux_aarch64"],
    ("windows", "AMD64"): ["win_amd64"],
    ("windows", "ARM64"): ["win_arm64"],
    ("macos", "x86_64"): ["macosx_x86_64"],
    ("macos", "arm64"): ["macosx_arm64"],
}
rows = yaml.safe_load(Path(".github/workflows/wheels.yml").read_text())["jobs"]["wheels"][
    "strategy"]["matrix"]["include"]
errors, total, seen_arch = [], 0, set()
for row in rows:
    platform = PLATFORM[row["os"].split("-")[0]]
    archs = row["archs"]
    seen_arch.add((platform, archs))
    out = subprocess.run(
        [cibuildwheel, "--print-build-identifiers", "--platform", platform, "--archs", archs],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    tags = TAGS.get((platform, archs))
    if tags is None:
        errors.append(f"{row['os']}: unexpected archs {archs!r}")
        continue
    want = {f"{py}-{tag}" for py in REQUIRED for tag in tags}
    missing = sorted(want - set(out))
    extra = sorted(
        i for i in out
        if i not in want
        and not (re.fullmatch(r"cp3(1[5-9]|[2-9]\d)t?-(.+)", i) and i.split("-", 1)[1] in tags)
    )
    total += len(out)
    print(f"  {row['os']:17} {platform:8} {archs:8} {len(out):2} wheels: {' '.join(out)}")
    if missing:
        errors.append(f"{row['os']}: missing {missing}")
    if extra:
        errors.append(f"{row['os']}: unexpected {extra}")
if set(TAGS) - seen_arch:
    errors.append(f"matrix lacks {sorted(set(TAGS) - seen_arch)}")
for e in errors:
    print("  ", e)
if errors:
    sys.exit(1)
print(f"ok: {total} wheels across {len(rows)} runners (arm64/aarch64 and cp314t included)")
EOF

# ------------------------------------------------------------------ C kernel
if [ -z "${RAZZ_SKIP_KERNEL:-}" ]; then
    step "C kernel standalone: gcc, clang, mingw-w64 (tools/compile_kernel.sh)"
    PYTHON="$PY" bash tools/compile_kernel.sh
fi

# ------------------------------------------------------------------ build
step "python -m build: sdist, then a wheel built from that sdist"
DIST=$WORK/dist
# No --sdist/--wheel: build makes the sdist, unpacks it and builds the wheel
# from it, so a file missing from MANIFEST.in breaks here, as it would on CI.
"$TOOLS/python" -m build --outdir "$DIST" . >"$WORK/build.log" 2>&1 || {
    tail -n 60 "$WORK/build.log"
    fail "python -m build"
}
grep -E "^Successfully built" "$WORK/build.log"
SDIST=$(ls "$DIST"/razzcore-*.tar.gz)
WHEEL=$(ls "$DIST"/razzcore-*.whl)
ls -l "$DIST"

step "sdist contents"
tar tzf "$SDIST" >"$WORK/sdist.txt"
for f in pyproject.toml setup.py MANIFEST.in LICENSE README.md docs/pypi.md razzcore/_core.pyx \
    razzcore/_core.pyi src/tablegen.py razzcore/py.typed src/razz_eval.h tests/ examples/; do
    grep -q "^razzcore-[^/]*/$f" "$WORK/sdist.txt" || fail "sdist lacks $f"
done
for pxi in razzcore/*.pxi src/*.h; do
    [ -e "$pxi" ] || continue
    grep -q "^razzcore-[^/]*/$pxi\$" "$WORK/sdist.txt" || fail "sdist lacks $pxi"
done
if grep -E '\.(so|pyd|o)$|razzcore/_core\.c$|razz_table\.h$' "$WORK/sdist.txt"; then
    fail "sdist carries generated or compiled files"
fi
echo "ok: $(wc -l <"$WORK/sdist.txt") entries, $(stat -c %s "$SDIST") bytes"

step "twine check --strict"
"$TOOLS/twine" check --strict "$DIST"/*

step "check-wheel-contents"
"$TOOLS/check-wheel-contents" "$WHEEL"

step "auditwheel show"
"$TOOLS/auditwheel" show "$WHEEL" | tee "$WORK/auditwheel.txt"
tr -s ' \n' ' ' <"$WORK/auditwheel.txt" |
    grep -q 'consistent with the following platform tag: "manylinux_' ||
    fail "auditwheel: the wheel is not manylinux-compatible"

step "wheel size (< $((WHEEL_MAX_BYTES / 1024)) KB) and contents"
size=$(stat -c %s "$WHEEL")
"$TOOLS/python" -m zipfile -l "$WHEEL" | sed -n '1,60p'
"$TOOLS/python" -m zipfile -l "$WHEEL" >"$WORK/wheel.txt"
for f in razzcore/__init__.py razzcore/_core.pyi razzcore/py.typed; do
    grep -q "^$f " "$WORK/wheel.txt" || fail "wheel lacks $f"
done
grep -qE '^razzcore/_core\.[^ ]*\.so ' "$WORK/wheel.txt" || fail "wheel lacks the compiled _core"
if grep -qE '\.(pyx|pxi|c|h) ' "$WORK/wheel.txt"; then
    fail "wheel carries sources or generated C"
fi
echo "wheel: $(basename "$WHEEL") = $size bytes ($((size / 1024)) KB)"
if [ "$size" -ge "$WHEEL_MAX_BYTES" ]; then
    "$TOOLS/python" -c 'import sys, zipfile
for i in sorted(zipfile.ZipFile(sys.argv[1]).infolist(), key=lambda i: -i.compress_size)[:5]:
    print(f"  {i.compress_size:8} compressed  {i.file_size:8} raw  {i.filename}")' "$WHEEL"
    fail "wheel is $size bytes, budget $WHEEL_MAX_BYTES (debug info? setup.py should" \
        "compile with -g0 and link with -s on Linux; see docs/packaging.md)"
fi

# ------------------------------------------------------------------ test the wheel
step "clean venv: pip install the wheel [test]"
"$PY" -m venv "$WORK/test"
TPY=$WORK/test/bin/python
pipq "$TPY" --upgrade pip
pipq "$TPY" "${WHEEL}[test]"
"$TPY" -m pip list 2>/dev/null | grep -iE '^(razzcore|pytest|hypothesis|numpy|pokerkit|dask|distributed) ' 

# $RUN holds copies of tests/, pyproject.toml (the pytest config) and the docs
# the tests read (README.md, docs/, and examples/, the files their commands run on),
# and no razzcore/: only the wheel can import.
RUN=$WORK/run
mkdir -p "$RUN"
cp -r tests "$RUN/tests"
cp pyproject.toml README.md "$RUN/"
[ -d docs ] && cp -r docs "$RUN/docs"
[ -d examples ] && cp -r examples "$RUN/examples"
find "$RUN" -name __pycache__ -prune -exec rm -rf {} +

step "the installed wheel is what gets imported"
(cd "$RUN" && "$TPY" - "$WORK/test" <<'EOF'
import sys
from pathlib import Path

import razzcore
import razzcore._core as core

venv = Path(sys.argv[1]).resolve()
for mod in (razzcore, core):
    where = Path(mod.__file__).resolve()
    print(f"{mod.__name__}: {where}")
    assert venv in where.parents, f"{mod.__name__} imported from {where}, not the venv"
assert core.table_info()["compiled"] is True
assert razzcore.evaluate("As 2d 3c 4h 5s") == 1
EOF
)

step "pytest against the installed wheel (from a temporary folder)"
t_tests=$(date +%s)
# -m "not slow": the bulk tests (the same paths many times over) ran in the
# README suite; here the wheel's code is what is under test.
(cd "$RUN" && "$WORK/test/bin/pytest" -x -q -p no:cacheprovider -m "not slow" tests) ||
    fail "the test suite failed against the installed wheel"
TEST_SECONDS=$(($(date +%s) - t_tests))

step "import time: python -X importtime -c 'import razzcore'"
best=
for _ in 1 2 3 4 5 6; do
    us=$(cd "$RUN" && "$TPY" -X importtime -c "import razzcore" 2>&1 >/dev/null |
        awk -F'|' '$3 ~ /^ *razzcore *$/ {gsub(/ /, "", $2); print $2}')
    [ -n "$us" ] || fail "no razzcore line in -X importtime output"
    if [ -z "$best" ] || [ "$us" -lt "$best" ]; then best=$us; fi
done
(cd "$RUN" && "$TPY" -X importtime -c "import razzcore" 2>&1 >/dev/null |
    sort -t'|' -k2 -n -r | sed -n '1,8p')  # sed reads to the end: no SIGPIPE under pipefail
IMPORT_US=$best
echo "import razzcore: best of 6 = $IMPORT_US us cumulative (budget $IMPORT_BUDGET_US us)"
if [ "$IMPORT_US" -gt "$IMPORT_FAIL_US" ]; then
    fail "import razzcore takes $IMPORT_US us, far over the $IMPORT_BUDGET_US us budget"
elif [ "$IMPORT_US" -gt "$IMPORT_BUDGET_US" ]; then
    echo "WARNING: import razzcore is over the $IMPORT_BUDGET_US us budget"
fi

# ------------------------------------------------------------------ typing
step "stubtest: razzcore._core (installed wheel) against razzcore/_core.pyi"
pipq "$TPY" mypy
# Guard: stubtest says "Success" when mypy cannot even find the package, so
# first make sure mypy resolves the installed, typed razzcore.
# (From $WORK: no razzcore/ and no pyproject.toml there, only the venvs.)
reveal=$(
    cd "$WORK"
    "$TPY" -m mypy --no-incremental --config-file "$ROOT/tools/mypy-stubtest.ini" -c \
        'import razzcore._core as c; reveal_type(c.evaluate_mask)' 2>&1
) || true
grep -qE 'def \(mask: (builtins\.)?int\) -> (builtins\.)?int' <<<"$reveal" || {
    echo "$reveal"
    fail "mypy does not resolve the installed razzcore._core stub"
}
(cd "$WORK" && "$TPY" -m mypy.stubtest razzcore._core \
    --mypy-config-file "$ROOT/tools/mypy-stubtest.ini" \
    --allowlist "$ROOT/tools/stubtest-allowlist.txt")

step "mypy --strict razzcore"
# Run on the source tree with the project's [tool.mypy] config; the compiled
# module is typed by its stub.  Every error fails except those that are no type
# error: an ignore made unnecessary by the stub ([unused-ignore]) is reported.
mypy_rc=0
"$TPY" -m mypy --strict --no-incremental razzcore >"$WORK/mypy.txt" 2>&1 || mypy_rc=$?
cat "$WORK/mypy.txt"
real=$(grep -E '^[^:]+:[0-9]+: error:' "$WORK/mypy.txt" | grep -v '\[unused-ignore\]$' || true)
noise=$(grep -E '^[^:]+:[0-9]+: error:' "$WORK/mypy.txt" | grep '\[unused-ignore\]$' || true)
MYPY_SUMMARY="clean"
if [ -n "$noise" ]; then
    echo "mypy: unused 'type: ignore' (the stub types what they silenced) in:"
    cut -d: -f1 <<<"$noise" | sort | uniq -c
    MYPY_SUMMARY="$(wc -l <<<"$noise") unused-ignore"
fi
if [ -n "$real" ]; then
    echo "mypy: errors per module:"
    cut -d: -f1 <<<"$real" | sort | uniq -c
    MYPY_SUMMARY="$(wc -l <<<"$real") errors in $(cut -d: -f1 <<<"$real" | sort -u | tr '\n' ' ')"
    if [ -n "${RAZZ_MYPY_ADVISORY:-}" ]; then
        echo "WARNING: mypy --strict errors (RAZZ_MYPY_ADVISORY set: not failing)"
    else
        fail "mypy --strict: $MYPY_SUMMARY"
    fi
elif [ "$mypy_rc" -ne 0 ] && [ -z "$noise" ]; then
    fail "mypy exited $mypy_rc"
fi

step "done"
echo "timings:"
printf '  %s\n' "${TIMINGS[@]}"
echo "  test suite against the wheel: ${TEST_SECONDS}s; import razzcore: ${IMPORT_US} us;" \
    "wheel: $size bytes; mypy: $MYPY_SUMMARY"
echo "validate_packaging: all checks passed in $(($(date +%s) - T0))s"
