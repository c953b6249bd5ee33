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

# Every module of every room (the rooms' modules hold most of the examples).
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(razzcore.__path__, "razzcore.")
    if not m.name.endswith(".__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except razzcore.MissingDependencyError as exc:  # an extra this install lacks
        pytest.skip(str(exc))
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.failed == 0


def test_pypi_description_examples() -> None:
    """The PyPI page (pyproject.toml: readme) runs as shown."""
    page = ROOT / "docs" / "pypi.md"
    if not page.exists():
        pytest.skip("docs/ is not beside the tests (installed-wheel run)")
    result = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS)
    assert result.attempted > 0
    assert result.failed == 0


DOC_PAGES = sorted(p.name for p in (ROOT / "docs").glob("*.md") if p.name != "pypi.md")


@pytest.mark.parametrize("name", DOC_PAGES)
def test_docs_page_examples(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each docs/ page's examples run as shown (from the repository root, as
    the pages' paths are written)."""
    pytest.importorskip("numpy")
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / name), module_relative=False,
                              optionflags=FLAGS)
    assert result.failed == 0


def test_readme_examples() -> None:
    readme = ROOT / "README.md"
    if not readme.exists():
        pytest.skip("README.md is not beside the tests (installed-wheel run)")
    pytest.importorskip("numpy")
    result = doctest.testfile(str(readme), module_relative=False, optionflags=FLAGS)
    assert result.attempted > 0
    assert result.failed == 0


def test_rule_numbers_resolve_in_the_rules_reference() -> None:
    """Every rule number cited by the code or the docs (R1..R24, W1..W17) is a
    section of docs/rules.md."""
    import re

    rules = ROOT / "docs" / "rules.md"
    if not rules.exists():
        pytest.skip("docs/ is not beside the tests (installed-wheel run)")
    text = rules.read_text(encoding="utf-8")
    defined = set(re.findall(r"^### (R\d+|W\d+)\b", text, flags=re.MULTILINE))
    assert {f"R{i}" for i in range(1, 25)} <= defined
    cited: dict[str, set[str]] = {}
    sources = [*ROOT.glob("razzcore/*.py*"), *ROOT.glob("src/*.h"), *ROOT.glob("docs/*.md")]
    sources += [ROOT / "README.md"]
    for path in sources:
        if path.suffix == ".so" or not path.exists():
            continue
        for ref in re.findall(r"\b([RW]\d{1,2})\b", path.read_text(encoding="utf-8")):
            cited.setdefault(ref, set()).add(path.name)
    missing = {ref: sorted(files) for ref, files in cited.items() if ref not in defined}
    assert not missing, f"rule numbers not in docs/rules.md: {missing}"
    assert "razz-rules.md" not in "".join(p.read_text(encoding="utf-8") for p in sources)


def test_table_generator_examples() -> None:
    """The build-time generator (src/tablegen.py, not shipped in wheels)."""
    path = ROOT / "src" / "tablegen.py"
    if not path.exists():
        pytest.skip("src/ is not beside the tests (installed-wheel run)")
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("_tablegen_doctest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses need the module registered
    spec.loader.exec_module(module)
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.attempted > 0 and result.failed == 0
