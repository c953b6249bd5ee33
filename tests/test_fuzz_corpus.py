"""Every input of the fuzz corpora (``fuzz/corpus/<target>/``) replayed through
its target: the inputs that once reached new code keep being checked on every
test run, with or without atheris.  A target fails on an exception
other than razzcore's documented errors or on a failed check of its own."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

FUZZ = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fuzz")
TARGETS = sorted(
    name[len("fuzz_") : -len(".py")]
    for name in os.listdir(FUZZ)
    if name.startswith("fuzz_") and name.endswith(".py")
) if os.path.isdir(FUZZ) else []
# The fuzz targets live beside the tests in the repository, not in the sdist or
# the wheel tests (which copy tests/ alone).
pytestmark = pytest.mark.skipif(not os.path.isdir(os.path.join(FUZZ, "corpus")),
                                reason="fuzz/ is not next to tests/ (installed-wheel test run)")
NEEDS = {"batch": "numpy", "equity": "razzcore.odds", "phh": "razzcore.histories.phh",
         "pokerstars": "razzcore.histories.pokerstars",
         "hand": "razzcore.engine.hand"}


@pytest.fixture(scope="module", autouse=True)
def _fuzz_on_path() -> Iterator[None]:
    sys.path.insert(0, FUZZ)
    try:
        yield
    finally:
        sys.path.remove(FUZZ)


def _target(name: str) -> ModuleType:
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    return importlib.import_module(f"fuzz_{name}")


def test_every_target_has_a_corpus() -> None:
    assert TARGETS, "no fuzz targets found"
    for name in TARGETS:
        corpus = os.path.join(FUZZ, "corpus", name)
        assert os.path.isdir(corpus) and os.listdir(corpus), f"fuzz/corpus/{name} is empty"


@pytest.mark.parametrize("name", TARGETS)
def test_corpus_replays_cleanly(name: str) -> None:
    module = _target(name)
    harness = importlib.import_module("_harness")
    test = harness._wrap(module.one_input)
    corpus = os.path.join(FUZZ, "corpus", name)
    for path in sorted(os.listdir(corpus)):
        with open(os.path.join(corpus, path), "rb") as fh:
            data = fh.read()
        try:
            test(data)
        except BaseException as exc:
            raise AssertionError(f"fuzz/corpus/{name}/{path}: {exc!r}") from exc
