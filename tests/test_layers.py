"""The package's rooms and the one direction of its imports.

Every import between razzcore's modules is read from the source (module level,
inside functions and under ``TYPE_CHECKING`` alike) and checked against the
layers of ``docs/architecture.md``: cards and the evaluator at the root, then
the engine and the odds, the histories, the presentation and the environments,
and the command line on top.  A module imports its own room or a lower layer,
never a higher one nor a sibling room, and no modules import each other in a
circle.  The one allowance is a display hook (``_repr_*_`` for Jupyter,
``__str__`` for print) importing presentation inside the method.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "razzcore"

# room -> layer: a room may import rooms of a lower layer and itself.
LAYERS = {
    "": 0,  # cards, evaluator, errors, the compiled core
    "engine": 1,
    "odds": 1,
    "histories": 2,
    "sim": 3,
    "show": 4,
    "envs": 4,
    "cli": 5,
}
DISPLAY_HOOK = re.compile(r"^(_repr_\w+_|__str__)$")


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _room(module: str) -> str:
    if module == "razzcore.__main__":
        return "cli"  # `python -m razzcore` is the command line
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else ""


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, *([target] if target else [])])


def _imports(path: Path) -> list[tuple[str, str | None, int]]:
    """(imported module, enclosing function or None, line) for each import of
    a razzcore module in ``path`` (a .py file, or the compiled core's Cython)."""
    module = _module_name(path)
    is_package = path.name == "__init__.py"
    found: list[tuple[str, str | None, int]] = []
    if path.suffix in (".pyx", ".pxi"):
        for no, line in enumerate(path.read_text().splitlines(), 1):
            m = re.match(r"\s*from (\.+)([\w.]*) (c?import) (.*)", line)
            if m and m.group(3) == "import":
                target = _resolve(module, False, len(m.group(1)), m.group(2) or None)
                found.append((target, None, no))
        return found

    class Visitor(ast.NodeVisitor):
        def __init__(self) -> None:
            self.function: list[str] = []

        def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
            self.function.append(node.name)
            self.generic_visit(node)
            self.function.pop()

        visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

        def visit_Import(self, node: ast.Import) -> None:
            for alias in node.names:
                if alias.name.startswith("razzcore"):
                    found.append((alias.name, self._where(), node.lineno))

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level:
                base = _resolve(module, is_package, node.level, node.module)
            elif node.module and node.module.startswith("razzcore"):
                base = node.module
            else:
                return
            for alias in node.names:  # `from . import x` may name a submodule
                sub = f"{base}.{alias.name}"
                found.append((sub if _exists(sub) else base, self._where(), node.lineno))

        def _where(self) -> str | None:
            return self.function[-1] if self.function else None

    Visitor().visit(ast.parse(path.read_text(), str(path)))
    return found


def _exists(module: str) -> bool:
    rel = Path(*module.split(".")[1:])
    return (PACKAGE / rel).with_suffix(".py").exists() or (PACKAGE / rel / "__init__.py").exists()


def _sources() -> list[Path]:
    return sorted(
        p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".pyx", ".pxi") and p.is_file()
    )


def _edges() -> list[tuple[str, str, str | None, str]]:
    """(importer, imported, function, place) for every import between modules."""
    edges = []
    for path in _sources():
        importer = _module_name(path)
        if path.suffix == ".pxi":
            importer = "razzcore._core"  # included into the compiled core
        for target, function, line in _imports(path):
            if target == "razzcore._core" and importer == "razzcore._core":
                continue
            place = f"{path.relative_to(PACKAGE.parent)}:{line}"
            edges.append((importer, target, function, place))
    return edges


def test_every_module_is_in_a_known_room() -> None:
    rooms = {_room(_module_name(p)) for p in _sources()}
    assert rooms <= set(LAYERS), rooms - set(LAYERS)


def test_imports_run_down_the_layers() -> None:
    wrong = []
    for importer, target, function, place in _edges():
        if importer == "razzcore":
            continue  # the package's face names every public room
        if function and DISPLAY_HOOK.match(function):
            continue
        a, b = _room(importer), _room(target)
        if a == b:
            continue
        if LAYERS[b] >= LAYERS[a]:
            wrong.append(f"{place}: {importer} ({a or 'root'}) imports {target} ({b or 'root'})")
    assert not wrong, "\n".join(wrong)


def test_no_import_circles() -> None:
    graph: dict[str, set[str]] = {}
    for importer, target, function, _place in _edges():
        if importer == "razzcore" or (function and DISPLAY_HOOK.match(function)):
            continue
        if target == "razzcore":
            continue
        graph.setdefault(importer, set()).add(target)
    # Tarjan's strongly connected components: any with two or more modules is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert not circles, circles


@pytest.mark.parametrize("room", [r for r in LAYERS if r])
def test_each_room_has_a_face(room: str) -> None:
    face = PACKAGE / room / "__init__.py"
    assert face.exists()
    tree = ast.parse(face.read_text())
    assert ast.get_docstring(tree), f"razzcore.{room} says what it offers"
