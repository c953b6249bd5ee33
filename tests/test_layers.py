"""The package's rooms and the one direction of its imports.

Every import between razzcore's modules is read from the source (module level,
inside functions and under ``TYPE_CHECKING`` alike) and checked against the
layers of ``docs/architecture.md``: cards and the evaluator at the root, then
the engine and the odds, the histories, the simulation, the presentation and the
environments, a person's seat, and the command line on top. A module imports its
own room or a lower layer, never a higher one nor a sibling room, and no modules
import each other in a circle. A name taken from the package itself (``from
razzcore import play``) counts as an import of the module that holds it, and
``import razzcore`` as an import of the top (only the command line may). The one
allowance is a display hook, a method named ``_repr_*_`` (Jupyter) or
``__str__`` (print), importing the presentation room inside the method.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import razzcore

# The package that was imported: the source tree, or an installed wheel (which
# carries the Python modules but not the Cython sources: those are read from a
# source tree only).
PACKAGE = Path(razzcore.__file__).resolve().parent

# room -> layer: a room may import rooms of a lower layer and itself.
LAYERS = {
    "": 0,  # cards, evaluator, errors, the compiled core
    "engine": 1,
    "odds": 1,
    "histories": 2,
    "sim": 3,
    "tracker": 3,
    "show": 4,
    "envs": 4,
    "seat": 5,
    "cli": 6,
}
DISPLAY_HOOK = re.compile(r"^(_repr_\w+_|__str__)$")
TOP = "razzcore"  # `import razzcore` reaches every room: the top of the layers


def _homes() -> dict[str, str]:
    """Each name the package hands out, and the module that holds it."""
    homes = {n: f"razzcore.{m}" for n, m in razzcore._LAZY.items()}
    homes.update({n: f"razzcore.{m}" for n, m in razzcore._MODULES.items()})
    for name in razzcore.__all__:
        value = getattr(razzcore, name)
        module = getattr(value, "__module__", None) or getattr(value, "__name__", None)
        if name not in homes and isinstance(module, str) and module.startswith("razzcore"):
            homes[name] = module
    return homes


HOMES = _homes()


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _room(module: str) -> str:
    if module == "razzcore.__main__":
        return "cli"  # `python -m razzcore` is the command line
    if module == TOP:
        return "cli"  # the whole package: only the top layer may take it
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
        # Cython: the Python-level import statements, read line by line (a
        # `cimport` is C and names no Python module).
        for no, line in enumerate(path.read_text().splitlines(), 1):
            m = re.match(r"\s*from (\.*)([\w.]*) import (?!\*)(.*)", line)
            if m and " cimport " not in line:
                dots, name = len(m.group(1)), m.group(2) or None
                if not dots and not (name or "").startswith("razzcore"):
                    continue
                base = _resolve(module, False, dots, name) if dots else str(name)
                for alias in re.findall(r"\w+", m.group(3).split("#")[0].split(" as ")[0]):
                    sub = f"{base}.{alias}"
                    found.append((_target(base, alias, sub), None, no))
                continue
            m = re.match(r"\s*import (razzcore[\w.]*)", line)
            if m:
                found.append((m.group(1), None, no))
        return found

    class Visitor(ast.NodeVisitor):
        def __init__(self) -> None:
            self.function: list[str] = []
            self.methods: set[str] = set()

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
                found.append((_target(base, alias.name, sub), self._where(), node.lineno))

        def _where(self) -> str | None:
            # a display hook is a method: a function directly inside a class
            if self.function and self.function[-1] in self.methods:
                return self.function[-1]
            return "" if self.function else None

        def visit_ClassDef(self, node: ast.ClassDef) -> None:
            saved = self.methods
            self.methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            self.generic_visit(node)
            self.methods = saved

    Visitor().visit(ast.parse(path.read_text(), str(path)))
    return found


def _exists(module: str) -> bool:
    """Whether ``module`` is a module or package of razzcore (Python, Cython
    or the compiled extension of an installed wheel)."""
    rel = Path(*module.split(".")[1:])
    if (PACKAGE / rel / "__init__.py").exists():
        return True
    return any(
        p.name.split(".")[0] == rel.name and p.suffix in (".py", ".pyx", ".pyi", ".so", ".pyd")
        for p in (PACKAGE / rel).parent.glob(rel.name + ".*")
    ) if rel.parts else False


def _target(base: str, name: str, sub: str) -> str:
    """The module ``from base import name`` depends on: a submodule, the
    module holding a name the package hands out, or ``base`` itself."""
    if _exists(sub):
        return sub
    if base == TOP:
        return HOMES.get(name, TOP)
    return base


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
        if importer == TOP:
            continue  # the package's face names every public room, loading them on use
        a, b = _room(importer), _room(target)
        if function and DISPLAY_HOOK.match(function) and b == "show":
            continue
        if a == b:
            continue
        if LAYERS[b] >= LAYERS[a]:
            wrong.append(f"{place}: {importer} ({a or 'root'}) imports {target} ({b or 'root'})")
    assert not wrong, "\n".join(wrong)


def test_no_import_circles() -> None:
    graph: dict[str, set[str]] = {}
    for importer, target, function, _place in _edges():
        if importer == TOP:
            continue  # the package's face names every room, importing none of them
        if function and DISPLAY_HOOK.match(function) and _room(target) == "show":
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
