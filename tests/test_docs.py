"""Every example in the README and in the docstrings runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import pkgutil

import pytest

import razzcore

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.IGNORE_EXCEPTION_DETAIL

MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(razzcore.__path__, "razzcore.")
    if m.name not in ("razzcore.__main__",)
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.failed == 0


def test_readme_examples() -> None:
    readme = ROOT / "README.md"
    if not readme.exists():
        pytest.skip("README.md is not beside the tests (installed-wheel run)")
    pytest.importorskip("numpy")
    result = doctest.testfile(str(readme), module_relative=False, optionflags=FLAGS)
    assert result.attempted > 0
    assert result.failed == 0
