"""What the batch functions share: the executor protocol and the progress bar.

:func:`razzcore.play`, :func:`razzcore.equity`, :func:`razzcore.simulate` and
:func:`razzcore.starting_hands` take ``executor=`` (anything with
``submit(fn, *args) -> future``) and ``progress=True`` (a tqdm bar); both are
defined here once.

>>> from concurrent.futures import ThreadPoolExecutor
>>> isinstance(ThreadPoolExecutor(1), SubmitExecutor)
True
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import RazzError, brief

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["SubmitExecutor", "check_executor", "progress_bar"]


@runtime_checkable
class SubmitExecutor(Protocol):
    """What the batch functions need from an executor: ``submit(fn, *args) ->
    Future`` (every :class:`concurrent.futures.Executor`, dask's
    ``Client.get_executor()``, Ray's executor).  Results never depend on it."""

    def submit(self, fn: Any, /, *args: Any) -> Future[Any]:
        """Run ``fn(*args)`` somewhere; return its future."""
        ...


def check_executor(executor: object, error: type[RazzError] = RazzError) -> None:
    """Raise ``error`` (a :class:`~razzcore.RazzError`) unless ``executor`` is
    ``None`` or has a ``submit`` method.

    >>> check_executor(None)
    >>> check_executor(4)
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: executor must have a submit() method, not 4
    """
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise error(f"executor must have a submit() method, not {brief(executor)}")


def progress_bar(total: int, unit: str, desc: str | None = None, *, scale: bool = False,
                 leave: bool = False) -> Any:
    """A tqdm bar on stderr counting ``total`` ``unit``\\ s (``update(n)``,
    ``close()``): counts written ``1.5M`` with ``scale=True``, the finished bar
    left on screen with ``leave=True``.  tqdm is imported here, on first use
    (``pip install 'razzcore[progress]'``)."""
    try:
        tqdm = importlib.import_module("tqdm.auto").tqdm
    except ImportError as exc:
        raise ImportError("progress=True needs tqdm: pip install 'razzcore[progress]'") from exc
    return tqdm(total=total, unit=unit, unit_scale=scale, desc=desc, file=sys.stderr,
                leave=leave)
