"""The public API: every exported or documented name resolves, and the batch
functions share one executor protocol and one progress bar."""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import re
import warnings
from concurrent.futures import Future
from typing import Any

import pytest

import razzcore
from razzcore.errors import RazzError

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: The public modules and rooms (no leading underscore at any level), dotted
#: below razzcore.  The environments' adapters need their extras to import.
PUBLIC_MODULES = sorted(
    m.name[len("razzcore."):]
    for m in pkgutil.walk_packages(razzcore.__path__, "razzcore.")
    if not any(part.startswith("_") for part in m.name.split("."))
    and not m.name.startswith("razzcore.cli.")
)


def _resolve(dotted: str) -> object:
    """``razzcore.a.b.c``: the longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name)
        return obj
    raise ImportError(dotted)


def _documented_names() -> set[str]:
    """Every ``razzcore.x.y`` and ``from razzcore[.mod] import a, b`` in the README and docs."""
    found: set[str] = set()
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        found.update(m.rstrip(".") for m in re.findall(r"\brazzcore(?:\.[A-Za-z_]\w*)+", text))
        for module, names in re.findall(r"from (razzcore(?:\.\w+)*) import ([\w, ]+)", text):
            found.update(f"{module}.{n.strip()}" for n in names.split(",") if n.strip())
    return found


def test_the_docs_name_many_things() -> None:
    names = _documented_names()
    assert {"razzcore.play", "razzcore.Player", "razzcore.cards.Cards",
            "razzcore.histories.text", "razzcore.cards.parse_cards_or_unknown"} <= names
    assert len(names) > 60


@pytest.mark.parametrize("dotted", sorted(_documented_names()))
def test_every_documented_name_resolves_without_a_warning(dotted: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert _resolve(dotted) is not None


@pytest.mark.parametrize("module", ["razzcore", *(f"razzcore.{m}" for m in PUBLIC_MODULES)])
def test_every_exported_name_resolves_without_a_warning(module: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        mod = importlib.import_module(module)
        names = getattr(mod, "__all__", None)
        assert names is not None, f"{module} has no __all__"
        assert len(names) == len(set(names))
        for name in names:
            assert getattr(mod, name) is not None, f"{module}.{name}"


def test_import_razzcore_leaves_the_heavy_modules_for_first_use() -> None:
    import subprocess
    import sys

    code = (
        "import sys, razzcore\n"
        "print(sorted(m for m in ('dataclasses', 'inspect', 'razzcore.odds', "
        "'razzcore.engine', 'razzcore.histories', 'razzcore.sim', 'razzcore.tracker') "
        "if m in sys.modules))\n"
        "from razzcore.odds.hand_equity import EquityResult\n"
        "print('dataclasses' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    assert proc.stdout.split("\n")[:2] == ["[]", "True"]


def test_result_records_are_frozen_dataclasses_under_every_name() -> None:
    import dataclasses
    import pickle

    from razzcore.odds import EquityResult, StartingHand, StartingHands
    from razzcore.sim import PlayResult

    for name, cls in [("EquityResult", EquityResult), ("PlayResult", PlayResult),
                      ("StartingHand", StartingHand), ("StartingHands", StartingHands)]:
        assert getattr(razzcore, name) is cls and dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    result = razzcore.equity(["As 2d 3c 4h", "?? ?? 6s 7d"], dead="8c 9c Tc")
    assert pickle.loads(pickle.dumps(result)) == result
    with pytest.raises(AttributeError, match="no attribute 'NoSuchResult'"):
        razzcore.odds.NoSuchResult  # noqa: B018


# ------------------------------------------------------ executors and progress


class InlineExecutor:
    """The least an executor has: ``submit`` returning a future (run at once)."""

    def __init__(self) -> None:
        self.calls = 0

    def submit(self, fn: Any, /, *args: Any) -> Future[Any]:
        self.calls += 1
        fut: Future[Any] = Future()
        fut.set_result(fn(*args))
        return fut


def _batch_calls() -> dict[str, Any]:
    rules = razzcore.Rules(1, 2, 4, 8)
    return {
        "play": lambda **kw: razzcore.play(3, 40, seed=2, chunk_size=7, **kw).winnings,
        "equity": lambda **kw: razzcore.equity(["?? ?? 4h 5d", "?? ?? 9c 2s"], trials=5000,
                                               seed=3, **kw).equity,
        "simulate": lambda **kw: razzcore.simulate(rules, [60] * 3, 500, seed=4,
                                                   **kw).winnings,
        "starting_hands": lambda **kw: razzcore.starting_hands(2, trials=2, seed=5,
                                                               **kw).rows[0],
    }


@pytest.mark.parametrize("name", sorted(_batch_calls()))
def test_every_batch_function_takes_any_submit_executor(name: str) -> None:
    call = _batch_calls()[name]
    pool = InlineExecutor()
    assert call(executor=pool) == call()
    assert pool.calls >= 1


@pytest.mark.parametrize("name", sorted(_batch_calls()))
def test_every_batch_function_refuses_a_non_executor_alike(name: str) -> None:
    with pytest.raises(RazzError, match="executor must have a submit\\(\\) method, not 4"):
        _batch_calls()[name](executor=4)


@pytest.mark.parametrize("name", sorted(_batch_calls()))
def test_every_batch_function_draws_a_progress_bar_on_request(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("tqdm")
    _batch_calls()[name](progress=True)
    err = capsys.readouterr().err
    assert re.search(r"\d+%\|.*\| [\d.]+k?/[\d.]+k? \[", err), err


def test_the_executor_protocol_is_one_type() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from razzcore import play
    from razzcore._parallel import SubmitExecutor

    assert importlib.import_module("razzcore.sim.playing").SubmitExecutor is SubmitExecutor
    assert isinstance(InlineExecutor(), SubmitExecutor)
    with ThreadPoolExecutor(1) as pool:
        assert isinstance(pool, SubmitExecutor)
    assert not isinstance(object(), SubmitExecutor)
    assert play is razzcore.play


def test_every_room_is_reached_from_the_package() -> None:
    import subprocess
    import sys

    code = (
        "import razzcore\n"
        "rooms = ['engine', 'odds', 'histories', 'sim', 'tracker', 'show', 'envs', 'cli']\n"
        "assert all(getattr(razzcore, r).__name__ == 'razzcore.' + r for r in rooms)\n"
        "assert razzcore.show.replayer.page and razzcore.phh.loads\n"
        "assert set(rooms) <= set(dir(razzcore)) and 'attach' not in dir(razzcore)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
