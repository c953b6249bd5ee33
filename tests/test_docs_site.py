"""The documentation site (mkdocs.yml) builds with --strict, and its API
reference shows every public name: each name of ``razzcore.__all__`` and of
every room's face (a public subpackage's ``__all__``)."""

from __future__ import annotations

import html
import importlib
import os
import pathlib
import pkgutil
import re
import subprocess
import sys
import zlib

import pytest

import razzcore

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not (ROOT / "mkdocs.yml").exists(), reason="mkdocs.yml is not beside the tests "
    "(installed-wheel run)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    pytest.importorskip("mkdocstrings_handlers.python", reason="the docs extra is not installed")
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def inventory(site: pathlib.Path, *, anchors: bool = False) -> dict[str, str]:
    """The site's objects.inv (Sphinx format 2): identifier -> page (or page#anchor)."""
    data = (site / "objects.inv").read_bytes()
    header_end = 0
    for _ in range(4):
        header_end = data.index(b"\n", header_end) + 1
    entries = {}
    for line in zlib.decompress(data[header_end:]).decode().splitlines():
        name, _domain, _prio, uri = line.split(" ", 4)[:4]
        uri = uri.replace("$", name)
        entries[name] = uri if anchors else uri.split("#")[0]
    return entries


def rooms() -> list[str]:
    return [m.name for m in pkgutil.iter_modules(razzcore.__path__)
            if m.ispkg and not m.name.startswith("_")]


def public_names() -> dict[str, set[str]]:
    """Each public name, with the identifiers that may document it."""
    names: dict[str, set[str]] = {}
    faces = {room: importlib.import_module(f"razzcore.{room}") for room in rooms()}
    for room, face in faces.items():
        for name in face.__all__:
            names[f"razzcore.{room}.{name}"] = {f"razzcore.{room}.{name}"}
    for name in razzcore.__all__:
        value = getattr(razzcore, name)
        names[f"razzcore.{name}"] = {f"razzcore.{name}"} | {
            f"razzcore.{room}.{name}" for room, face in faces.items()
            if name in face.__all__ and getattr(face, name) is value}
    return names


def test_every_public_name_is_on_an_api_page(site: pathlib.Path) -> None:
    shown = inventory(site)
    missing = sorted(name for name, ids in public_names().items()
                     if not any(shown.get(i, "").startswith("api/") for i in ids))
    assert not missing, f"public names on no API page: {missing}"


def _entry_text(page: str, ident: str) -> str:
    """The text of an entry's own docstring on an API page (before its members)."""
    start = page.index(f'id="{ident}"')
    body = page.index(">", page.index('class="doc doc-contents', start)) + 1
    end = re.compile(r'<div class="doc doc-children"|<h\d [^>]*class="doc doc-heading"')
    found = end.search(page, body)
    return re.sub(r"<[^>]+>", "", page[body:found.start() if found else len(page)])


def test_every_public_name_has_its_docstring_shown(site: pathlib.Path) -> None:
    shown = inventory(site, anchors=True)
    pages: dict[str, str] = {}
    empty = []
    for name, ids in sorted(public_names().items()):
        ident = next(i for i in sorted(ids) if shown.get(i, "").startswith("api/"))
        uri, _, anchor = shown[ident].partition("#")
        if uri not in pages:
            pages[uri] = (site / uri / "index.html").read_text(encoding="utf-8")
        if not _entry_text(pages[uri], anchor or ident).strip():
            empty.append(name)
    assert not empty, f"public names shown without a docstring: {empty}"


def test_every_room_has_an_api_page(site: pathlib.Path) -> None:
    for room in ["razzcore", *rooms()]:
        page = site / "api" / room / "index.html"
        assert page.exists(), f"no API page for {room}"
        assert f"razzcore.{room}" in page.read_text(encoding="utf-8") or room == "razzcore"


def test_api_pages_show_signatures_and_examples(site: pathlib.Path) -> None:
    """A compiled function's page shows its stub's type hints and its
    docstring's example as code."""
    page = (site / "api" / "razzcore" / "index.html").read_text(encoding="utf-8")
    start = page.index('id="razzcore.evaluate"')
    end = re.compile(r'<h\d [^>]*class="doc doc-heading"').search(page, start + 1)
    entry = page[start:end.start() if end else len(page)]
    signature = entry[entry.index("doc-signature"):entry.index("doc doc-contents")]
    assert "cards" in signature and "CardsLike" in signature and "int" in signature
    text = _entry_text(page, "razzcore.evaluate")
    assert "Rank of the best ace-to-five low" in text
    example = entry[entry.index("doc doc-contents"):]
    assert 'class="language-pycon' in example or "highlight" in example
    assert ">>> evaluate(" in html.unescape(re.sub(r"<[^>]+>", "", example))
    assert ":class:" not in text and "CardError" in text


def _signature(site: pathlib.Path, room: str, ident: str) -> str:
    """The signature line of an entry on a room's API page, as text."""
    page = (site / "api" / room / "index.html").read_text(encoding="utf-8")
    start = page.index(f'id="{ident}"')
    found = re.search(r'class="doc-signature[^"]*">(.*?)</code>',
                      page[start:page.index("doc doc-contents", start)], re.DOTALL)
    text = html.unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else ""
    return " ".join(text.split())


def test_classes_without_init_show_the_call_python_implies(site: pathlib.Path) -> None:
    """A NamedTuple shows its fields, an exception its message, a plain class
    an empty call; a protocol (never instantiated) shows none."""
    assert _signature(site, "engine", "razzcore.engine.Award") == \
        "Award(seat: int, amount: int, pot: int)"
    assert _signature(site, "engine", "razzcore.engine.CalldownPlayer") == "CalldownPlayer()"
    assert _signature(site, "razzcore", "razzcore.RazzError") == "RazzError(message: str)"
    assert _signature(site, "razzcore", "razzcore.SeatError") == "SeatError(message: str)"
    assert _signature(site, "razzcore", "razzcore.MissingDependencyError") == (
        "MissingDependencyError( message: str, *, name: str | None = None, "
        "path: str | None = None, )")
    # written __init__ and dataclasses keep their own
    assert _signature(site, "razzcore", "razzcore.BatchError") == \
        "BatchError(message: str, row: int | None = None)"
    assert _signature(site, "odds", "razzcore.odds.StartingHand").startswith(
        "StartingHand( ranks: str, equity: float,")
    assert _signature(site, "engine", "razzcore.engine.Player") == ""


def test_rules_have_short_anchors(site: pathlib.Path) -> None:
    page = (site / "rules" / "index.html").read_text(encoding="utf-8")
    for i in range(1, 25):
        assert f'id="r{i}"' in page, f"rules/#r{i}"
