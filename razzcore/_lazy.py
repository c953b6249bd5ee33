"""Names a package hands out on first use (PEP 562), as Scientific Python's
SPEC 1 (``lazy_loader.attach``) does: the package's face lists each public
name with the module that holds it, and the module is imported only when the
name is first read, so that ``import razzcore`` for evaluation alone stays fast.

>>> import types
>>> pkg = types.ModuleType("demo")
>>> getattr_, dir_ = attach("razzcore", {"Rules": "engine.rules"}, pkg.__dict__)
>>> getattr_("Rules").__name__, "Rules" in dir_()
('Rules', True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["attach"]


def attach(
    package: str,
    homes: Mapping[str, str],
    namespace: dict[str, Any],
    modules: Mapping[str, str] | None = None,
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` (its ``globals()`` is
    ``namespace``): ``homes`` maps a name to the module, relative to
    ``package``, that defines it; ``modules`` maps a name to a module handed
    out whole under that name.  A name once read is kept in ``namespace``."""
    modules = modules or {}

    def __getattr__(name: str) -> Any:
        if name in modules:
            return importlib.import_module("." + modules[name], package)
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module("." + home, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        # what the package offers: its public names and rooms, not its helpers
        public = {n for n in namespace.get("__all__", ()) if not n.startswith("_")}
        return sorted(public | set(homes) | set(modules))

    return __getattr__, __dir__
