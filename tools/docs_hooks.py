"""MkDocs hooks for razzcore's site (mkdocs.yml: ``hooks``).

- The API reference is written from the package itself, read statically by
  Griffe (no room is imported, so no optional dependency is needed): one page per room,
  listing every name of the room's face (its ``__all__``) for mkdocstrings to
  render from the docstrings and type hints, and a page for ``razzcore``
  itself whose names defined at the root are rendered there and the others
  linked to their room.  A name added to an ``__all__``, or a new room, is on
  the site at the next build.
- A page added to docs/ and not yet in mkdocs.yml's nav joins the guides.
- The home page is README.md, its ``docs/`` links made relative to the site.
- The replayer guide embeds a real hand: the replayer page of a WSOP final
  table hand from the conformance data, made at build time.
- A link out of ``docs/`` (a source file, a test) points to the repository.
- Headings of rules and worked scenarios get short anchors: ``rules/#r17``.
"""

from __future__ import annotations

import functools
import os
import re
from typing import Any

import griffe
from markdown.extensions.toc import slugify as _slugify
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

API = "api"
EXAMPLE_HAND = "tests/conformance/phh-razz/data/wsop/2023/43/5/03-50-24.phh"
EXAMPLE_PAGE = "examples/wsop-2023-03-50-24.html"
_RULE = re.compile(r"^([RW]\d{1,2})\b")
_LINK = re.compile(r"(\]\()([^)\s#]+)([^)\s]*\))")


def rule_slug(value: str, separator: str) -> str:
    """``R17. Uncalled wagers`` -> ``r17``; other headings as usual.

    >>> rule_slug("R17. Uncalled wagers and hands that end early", "-")
    'r17'
    >>> rule_slug("W3 — Completion counts as the bet", "-"), rule_slug("1. Rules", "-")
    ('w3', '1-rules')
    """
    match = _RULE.match(value)
    return match.group(1).lower() if match else _slugify(value, separator)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@functools.cache
def package() -> griffe.Module:
    """The package as Griffe reads it, statically: the names of every
    ``__all__`` without importing a room (and its optional dependencies)."""
    pkg = griffe.load("razzcore", search_paths=[ROOT], resolve_aliases=True,
                      resolve_external=False)
    assert isinstance(pkg, griffe.Module)
    return pkg


def exports(module: griffe.Object | griffe.Alias) -> list[str]:
    """A module's ``__all__``."""
    return [str(n) for n in (module.exports or ())]


def rooms() -> list[str]:
    """The package's rooms (its public subpackages), in the order of the map in
    docs/architecture.md (bottom layer first); a room not on the map comes last."""
    found = [name for name, m in package().members.items()
             if not m.is_alias and m.is_subpackage and not name.startswith("_")]
    with open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8") as fp:
        order = re.findall(r"^  (\w+)/ ", fp.read(), flags=re.MULTILINE)
    return sorted(found, key=lambda r: (order.index(r) if r in order else len(order), r))


def _target(obj: griffe.Object | griffe.Alias) -> str:
    try:
        return obj.final_target.path if obj.is_alias else obj.path
    except griffe.AliasResolutionError:
        return obj.path


def _summary(obj: griffe.Object | griffe.Alias) -> str:
    try:
        if obj.is_attribute or not obj.docstring:
            return ""
        doc = obj.docstring.value
    except griffe.AliasResolutionError:
        return ""
    first = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
    return re.sub(r":\w+:`~?([^`]+)`", r"`\1`", first).replace("|", "\\|")


def _entry(path: str, *, heading: int = 2) -> str:
    return f"::: {path}\n    options:\n      heading_level: {heading}\n"


def _docstring(path: str) -> str:
    """A module's docstring alone, under the page's title."""
    return (_entry(path) + "      show_root_heading: false\n      show_root_toc_entry: false\n"
            "      members: false\n")


def room_page(room: str) -> str:
    """The Markdown of a room's API page."""
    face = package()[room]
    parts = [f"# `razzcore.{room}`\n", _docstring(f"razzcore.{room}")]
    for name in exports(face):
        member = face.members.get(name)
        if member is not None and member.is_module:
            # a module handed out whole: the names of its own __all__
            module = member.final_target if member.is_alias else member
            members = "".join(f"\n        - {n}" for n in exports(module))
            parts.append(_entry(module.path) + f"      members:{members or ' false'}\n")
        else:
            parts.append(_entry(f"razzcore.{room}.{name}"))
    return "\n".join(parts)


def _room_of(name: str) -> str | None:
    """The room whose face hands out the same object as ``razzcore.<name>``."""
    pkg = package()
    if name not in pkg.members:
        return None
    target = _target(pkg.members[name])
    for room in rooms():
        face = pkg[room]
        if name in exports(face) and name in face.members \
                and _target(face.members[name]) == target:
            return room
    return None


def package_page() -> str:
    """The Markdown of the ``razzcore`` page: the root's own names rendered,
    the rooms' names linked."""
    pkg = package()
    own, linked = [], []
    for name in exports(pkg):
        room = _room_of(name)
        if room is None:
            own.append(_entry(f"razzcore.{name}", heading=3))
        else:
            linked.append(f"| [`razzcore.{name}`][razzcore.{room}.{name}] | `{room}` | "
                          f"{_summary(pkg[room].members[name])} |")
    table = ["| name | room | what it is |", "| --- | --- | --- |", *linked]
    rooms_table = ["| room | what it holds |", "| --- | --- |"]
    for room in rooms():
        rooms_table.append(f"| [`razzcore.{room}`]({room}.md) | {_summary(pkg[room])} |")
    return "\n".join([
        "# `razzcore`\n",
        _docstring("razzcore"),
        "## The rooms\n", *rooms_table, "",
        "## Names from the rooms\n",
        "`razzcore` hands these out from their rooms, loaded on first use:\n",
        *table, "",
        "## Names defined at the root\n",
        *own,
    ])


def _listed(nav: Any) -> set[str]:
    """Every page path the nav names."""
    if isinstance(nav, str):
        return {nav}
    if isinstance(nav, dict):
        return set().union(*(_listed(v) for v in nav.values()))
    if isinstance(nav, list):
        return set().union(*(_listed(v) for v in nav))
    return set()


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    toc = config.mdx_configs.setdefault("toc", {})
    toc["slugify"] = rule_slug
    nav = config.nav or []
    listed = _listed(nav)
    # a page of docs/ the nav does not name yet is a guide, titled by its heading
    extra = sorted(
        name for name in os.listdir(config.docs_dir)
        if name.endswith(".md") and name not in listed
        and not config.exclude_docs.match_file(name))
    for entry in nav:
        if isinstance(entry, dict) and "API reference" in entry:
            entry["API reference"] = [f"{API}/razzcore.md",
                                      *(f"{API}/{room}.md" for room in rooms())]
        if isinstance(entry, dict) and isinstance(entry.get("Guides"), list):
            entry["Guides"].extend(extra)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    readme = os.path.join(os.path.dirname(config.config_file_path), "README.md")
    with open(readme, encoding="utf-8") as fp:
        files.append(File.generated(config, "index.md", content=fp.read()))
    files.append(File.generated(config, f"{API}/razzcore.md", content=package_page()))
    from razzcore.histories import phh
    from razzcore.show import replayer

    hand = phh.load(os.path.join(os.path.dirname(config.config_file_path), EXAMPLE_HAND))
    files.append(File.generated(config, EXAMPLE_PAGE, content=replayer.page(hand)))
    for room in rooms():
        files.append(File.generated(config, f"{API}/{room}.md", content=room_page(room)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    repo = (config.repo_url or "").rstrip("/")
    readme = page.file.src_uri == "index.md"
    depth = page.file.src_uri.count("/")

    def fix(match: re.Match[str]) -> str:
        target = match.group(2)
        if "://" in target or target.startswith(("mailto:", "/")):
            return match.group(0)
        if readme:
            if target.startswith("docs/"):
                return match.group(1) + target[len("docs/"):] + match.group(3)
            return f"{match.group(1)}{repo}/blob/main/{target}{match.group(3)}"
        path = "/".join(["docs", *page.file.src_uri.split("/")[:-1], target])
        parts: list[str] = []
        for part in path.split("/"):
            if part == "..":
                parts.pop()
            elif part != ".":
                parts.append(part)
        if parts and parts[0] == "docs":
            return match.group(0)
        if parts == ["README.md"]:
            return match.group(1) + "../" * depth + "index.md" + match.group(3)
        return f"{match.group(1)}{repo}/blob/main/{'/'.join(parts)}{match.group(3)}"

    return _LINK.sub(fix, markdown)

