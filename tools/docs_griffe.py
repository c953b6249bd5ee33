"""The Griffe extension behind the API reference (mkdocs.yml loads it).

Griffe reads the package statically; the compiled core ``razzcore._core`` is
read from its stub ``razzcore/_core.pyi`` (the signatures and type hints),
whose docstrings live once, in the ``.pyx`` sources: they are taken from the
built module.  The docstrings are written in the plain style of the standard
library (prose, Sphinx roles, doctest examples), so each one is turned into
Markdown here: a doctest becomes a ``pycon`` code block, a ``::`` literal
block a code block, and a role such as ``:class:`~razzcore.errors.PHHError```
a link to that object where the reference shows it (plain code otherwise).
A class that writes no ``__init__`` (a ``NamedTuple``, an exception, a plain
class) is given the one Python implies, so that its entry shows how it is
called, as a dataclass's does.

>>> markdown_of("Rank of a hand.\\n\\n>>> evaluate('As 2d 3c 4h 5s')\\n1")
"Rank of a hand.\\n\\n```pycon\\n>>> evaluate('As 2d 3c 4h 5s')\\n1\\n```"
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import re
from collections.abc import Callable, Iterator
from typing import Any

import griffe

__all__ = ["RazzcoreDocstrings", "markdown_of"]

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|data|mod|exc|obj|const):`(~?)([^`]+)`")
_PROMPT = re.compile(r"^(\s*)>>>( |$)")


def _fence(lines: list[str], start: int, indent: str, lang: str) -> tuple[list[str], int]:
    """The code block of ``lines`` from ``start`` (to the first blank line, or
    for a literal block to the first line indented less than ``indent``)."""
    out = [f"{indent}```{lang}"]
    i = start
    while i < len(lines):
        line = lines[i]
        if lang == "pycon" and not line.strip():
            break
        if lang != "pycon" and line.strip() and not line.startswith(indent):
            break
        out.append(line.rstrip())
        i += 1
    while lang != "pycon" and len(out) > 1 and not out[-1].strip():
        out.pop()
        i -= 1
    out.append(f"{indent}```")
    return out, i


def markdown_of(text: str, link: Callable[[str, str], str] | None = None) -> str:
    """``text`` (a docstring) as Markdown; ``link(target, shown)`` words a role."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        prompt = _PROMPT.match(line)
        if prompt:
            if out and out[-1].strip():
                out.append("")
            block, i = _fence(lines, i, prompt.group(1), "pycon")
            out += block
            continue
        if line.rstrip().endswith("::") and i + 1 < len(lines) and not lines[i + 1].strip():
            # a literal block: the indented lines after the blank one
            j = i + 2
            while j < len(lines) and not lines[j].strip():
                j += 1
            here = len(line) - len(line.lstrip())
            if j < len(lines) and len(lines[j]) - len(lines[j].lstrip()) > here:
                out += [line.rstrip()[:-1], ""]
                indent = lines[j][: len(lines[j]) - len(lines[j].lstrip())]
                block, i = _fence(lines, j, indent, "text")
                out += [" " * here + b[len(indent):] if b.startswith(indent) else b
                        for b in block]
                continue
        out.append(line)
        i += 1
    result = "\n".join(out)

    def role(match: re.Match[str]) -> str:
        short, target = match.group(1) == "~", match.group(2).strip()
        titled = re.fullmatch(r"(.+?)\s*<([^>]+)>", target)
        if titled:
            shown, target = titled.group(1), titled.group(2).removesuffix("()")
        else:
            target = target.removesuffix("()")
            shown = target.rsplit(".", 1)[-1] if short else target
        return link(target, shown) if link else f"`{shown}`"

    # roles outside code blocks only
    parts = re.split(r"(```.*?```)", result, flags=re.DOTALL)
    return "".join(p if p.startswith("```") else _ROLE.sub(role, p) for p in parts)


def _walk(obj: griffe.Object) -> Iterator[griffe.Object]:
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _walk(member)  # type: ignore[arg-type]


def _runtime(path: str) -> Any:
    """The object at ``path`` in the built package (None when absent)."""
    module, _, rest = path.partition("._core")
    value: Any = importlib.import_module(module + "._core")
    for part in rest.strip(".").split(".") if rest else ():
        value = getattr(value, part, None)
        if value is None:
            return None
    return value


def _doc_comment(obj: griffe.Object) -> str | None:
    """The ``#:`` comment lines just above an attribute (the Sphinx form of an
    attribute's docstring, as the package writes some)."""
    module = obj.module
    if obj.lineno is None or not module.filepath or isinstance(module.filepath, list):
        return None
    lines = module.lines
    found: list[str] = []
    i = obj.lineno - 2
    while 0 <= i < len(lines) and lines[i].lstrip().startswith("#:"):
        found.insert(0, lines[i].lstrip()[2:].strip())
        i -= 1
    return "\n".join(found) or None


def _lineage(cls: griffe.Class) -> list[griffe.Class]:
    """``cls`` and its ancestors in the package (``cls`` alone when Griffe
    cannot order them)."""
    try:
        return [cls, *cls.mro()]
    except ValueError:
        return [cls]


def _external_bases(cls: griffe.Class) -> set[str]:
    """The paths of the bases of ``cls`` and of its ancestors that are not
    classes of the package (``typing.NamedTuple``, ``ValueError``...)."""
    found: set[str] = set()
    for c in _lineage(cls):
        known = {parent.path for parent in c.resolved_bases}
        for base in c.bases:
            path = getattr(base, "canonical_path", str(base))
            if path not in known and not path.startswith("razzcore."):
                found.add(path)
    return found


def _parameter(name: str, annotation: str | griffe.Expr | None = None,
               default: str | griffe.Expr | None = None,
               kind: griffe.ParameterKind = griffe.ParameterKind.positional_or_keyword,
               ) -> griffe.Parameter:
    return griffe.Parameter(name, annotation=annotation, kind=kind, default=default)


def _implied_parameters(cls: griffe.Class) -> list[griffe.Parameter] | None:
    """The parameters of a class that writes no ``__init__``, as Python gives
    it one (``None`` when that is not known statically): a ``NamedTuple``
    takes its fields, an exception its message (an ``ImportError`` also
    ``name`` and ``path``), a plain class nothing.  A protocol is not
    instantiated: ``None``; nor is it known for a decorated class (a
    dataclass gets its ``__init__`` from Griffe's own extension)."""
    if any(getattr(d.value, "canonical_path", "") == "dataclasses.dataclass"
           for c in _lineage(cls) for d in c.decorators):
        return None
    bases = _external_bases(cls)
    if "typing.NamedTuple" in bases:
        return [
            _parameter(m.name, m.annotation, m.value)
            for m in cls.members.values()
            if isinstance(m, griffe.Attribute) and m.annotation is not None
            and "property" not in m.labels
            and getattr(m.annotation, "canonical_path", "") != "typing.ClassVar"
        ]
    errors = [getattr(builtins, b, None) for b in bases]
    if errors and all(isinstance(e, type) and issubclass(e, BaseException) for e in errors):
        params = [_parameter("message", "str")]
        if any(issubclass(e, ImportError) for e in errors if isinstance(e, type)):
            only = griffe.ParameterKind.keyword_only
            params += [_parameter(n, "str | None", "None", only) for n in ("name", "path")]
        return params
    if bases <= {"object", "typing.Protocol"} and not any(
        getattr(b, "canonical_path", str(b)) == "typing.Protocol" for b in cls.bases
    ):
        return []
    return None


def _add_implied_init(cls: griffe.Class) -> None:
    """Give ``cls`` the ``__init__`` Python implies when it writes none (nor
    does an ancestor of the package), so that its page shows how it is called."""
    if any("__init__" in c.members for c in _lineage(cls)):
        return
    params = _implied_parameters(cls)
    if params is None:
        return
    init = griffe.Function("__init__", lineno=cls.lineno, endlineno=cls.lineno, parent=cls,
                           parameters=griffe.Parameters(_parameter("self"), *params),
                           returns="None")
    cls.set_member("__init__", init)


class RazzcoreDocstrings(griffe.Extension):
    """Compiled docstrings from the built module, every docstring as Markdown,
    and the implied ``__init__`` of classes that write none (for their
    signature line)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.path != "razzcore":
            return
        core = pkg.members.get("_core")
        if isinstance(core, griffe.Module):
            for obj in _walk(core):
                if obj.docstring is None:
                    doc = inspect.getdoc(_runtime(obj.path)) if obj.path != core.path else None
                    if doc:
                        obj.docstring = griffe.Docstring(doc, parent=obj)
        for obj in _walk(pkg):
            if obj.docstring is None and obj.is_attribute:
                comment = _doc_comment(obj)
                if comment:
                    obj.docstring = griffe.Docstring(comment, parent=obj)
            if obj.docstring is not None:
                obj.docstring.value = markdown_of(obj.docstring.value, self._linker(obj))
        for obj in list(_walk(pkg)):
            if isinstance(obj, griffe.Class):
                _add_implied_init(obj)

    @staticmethod
    def _linker(obj: griffe.Object) -> Callable[[str, str], str]:
        def link(target: str, shown: str) -> str:
            path = target
            if not target.startswith("razzcore"):
                head, _, tail = target.partition(".")
                try:
                    path = obj.resolve(head) + (f".{tail}" if tail else "")
                except griffe.NameResolutionError:
                    return f"`{shown}`"
            return f'<autoref identifier="{path}" optional><code>{shown}</code></autoref>'

        return link
