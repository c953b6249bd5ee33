"""Build razzcore's compiled core.

The evaluator's perfect-hash table is *generated at build time*: the
``build_ext`` step below loads ``src/tablegen.py`` by file path (a module
beside setup.py is not importable under a PEP 517 build), writes
``razz_table.h`` into the build folder and adds that folder to the include
path.  Nothing generated is committed or shipped as a data file.

Set ``RAZZCORE_SANITIZE=1`` to build with AddressSanitizer and
UndefinedBehaviorSanitizer (see tools/sanitize.sh).
"""

from __future__ import annotations

import importlib.util
import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext as _build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_generator():
    path = os.path.join(HERE, "src", "tablegen.py")
    spec = importlib.util.spec_from_file_location("_razzcore_tablegen", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses need the module registered
    spec.loader.exec_module(module)
    return module


class build_ext(_build_ext):
    """build_ext that generates razz_table.h before compiling."""

    def run(self):
        gen = _load_generator()
        out_dir = os.path.join(os.path.abspath(self.build_temp), "razz_generated")
        os.makedirs(out_dir, exist_ok=True)
        header = os.path.join(out_dir, "razz_table.h")
        text = gen.render_header(gen.build())
        old = None
        if os.path.exists(header):
            with open(header, encoding="ascii") as fh:
                old = fh.read()
        if old != text:  # keep the timestamp when nothing changed
            with open(header, "w", encoding="ascii") as fh:
                fh.write(text)
        for ext in self.extensions:
            ext.include_dirs.append(out_dir)
            ext.depends.append(header)
        super().run()


def _compile_args():
    if sys.platform == "win32":
        return ["/O2"], []
    # -O3 for the whole module, the Cython glue and the engine included:
    # measured faster than -Os/-O2 on simulate, Hand, the vector env and
    # equity, and no slower elsewhere (docs/packaging.md).  -g0, -s and
    # --gc-sections drop the debug info CPython's own flags ask for and
    # unreferenced functions: bytes only, no time.
    args = ["-O3", "-g0", "-ffunction-sections", "-fdata-sections"]
    link = ["-s", "-Wl,--gc-sections"] if sys.platform.startswith("linux") else []
    if os.environ.get("RAZZCORE_PROFILE"):
        # the same optimised code with symbols and line tables, for
        # valgrind --tool=callgrind or perf (docs/benchmarks.md)
        args = ["-O3", "-g"]
        link = []
    if os.environ.get("RAZZCORE_SANITIZE"):
        san = "-fsanitize=address,undefined"
        args = ["-O1", "-g", "-fno-omit-frame-pointer", san, "-fno-sanitize-recover=undefined"]
        link = [san]
    return args, link


_cargs, _largs = _compile_args()

extensions = [
    Extension(
        "razzcore._core",
        sources=["razzcore/_core.pyx"],
        include_dirs=["src"],
        depends=["src/razz_eval.h", "src/razz_simd.h", "src/razz_simd_omaha.h",
                 "src/razz_equity.h",
                 "src/razz_equity_counts.h", "src/razz_equity_patterns.h", "src/razz_equity_mc.h",
                 "src/razz_range_equity.h", "src/razz_engine.h", "src/razz_engine_state.h",
                 "src/razz_engine_seats.h", "src/razz_engine_pots.h", "src/razz_engine_deal.h",
                 "src/razz_engine_players.h", "src/razz_rng.h",
                 "src/razz_obs.h", "src/razz_vecenv.h", "src/razz_pokerstars.h",
                 "src/razz_pokerstars_py.h", "src/razz_pokerstars_split.h",
                 "src/razz_pokerstars_replay.h", "src/razz_tally.h", "src/razz_phh_read_py.h",
                 "razzcore/_equity.pxi", "razzcore/_hand.pxi", "razzcore/_hand_shared.pxi",
                 "razzcore/_hand_args.pxi",
                 "razzcore/_engine.pxi",
                 "razzcore/_obs.pxi", "razzcore/_vecenv.pxi", "razzcore/_pokerstars.pxi",
                 "razzcore/_replay.pxi", "razzcore/_view.pxi", "razzcore/_phh_read.pxi",
                 "razzcore/_tally.pxi",
                 "src/razz_py.h", "src/razz_random_py.h", "src/razz_lowgames.h",
                 "src/tablegen.py"],
        extra_compile_args=_cargs,
        extra_link_args=_largs,
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        # binding=False: plain builtin functions and methods, which CPython's
        # adaptive interpreter calls faster than Cython's function objects
        # (evaluate() and evaluate_mask() ~12 % faster; docs/packaging.md).
        # The "clinic" signature format gives them __text_signature__, so
        # inspect.signature and stubtest see their parameters.
        compiler_directives={"language_level": "3", "binding": False,
                             "embedsignature.format": "clinic"},
        include_path=["razzcore"],
    ),
    cmdclass={"build_ext": build_ext},
)
