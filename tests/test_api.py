"""The public API: every exported or documented name resolves, renamed names
keep working for one release with a DeprecationWarning, and the batch
functions share one executor protocol and one progress bar."""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import random
import re
import warnings
from concurrent.futures import Future
from typing import Any

import pytest

import razzcore
from razzcore.errors import RazzError

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PUBLIC_MODULES = sorted(
    m.name for m in pkgutil.iter_modules(razzcore.__path__) if not m.name.startswith("_")
)
DEPRECATED = {"phh_text"}  # modules kept one release under an old name
#: Names kept one release after a rename, and what replaces each.
RENAMED = {
    "razzcore.Policy": "razzcore.Player",
    "razzcore.players.Policy": "razzcore.players.Player",
    "razzcore.play_random": "razzcore.hand.play_random",
    "razzcore.phh_text.format_hand": "razzcore.history_text.format_hand",
    "razzcore.phh_text.betting_words": "razzcore.history_text.betting_words",
}


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
            "razzcore.history_text", "razzcore.cards.parse_cards_or_unknown"} <= names
    assert len(names) > 60


@pytest.mark.parametrize("dotted", sorted(_documented_names()))
def test_every_documented_name_resolves_without_a_warning(dotted: str) -> None:
    if dotted in RENAMED:  # the docs list the old names with their replacements
        with pytest.warns(DeprecationWarning):
            _resolve(dotted)
        return
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


def test_renamed_names_are_not_exported() -> None:
    exported = {f"razzcore.{n}" for n in razzcore.__all__}
    for module in PUBLIC_MODULES:
        exported |= {f"razzcore.{module}.{n}"
                     for n in importlib.import_module(f"razzcore.{module}").__all__}
    assert not exported & set(RENAMED)
    assert "razzcore.players.play_hand" not in exported


def test_import_razzcore_leaves_the_heavy_modules_for_first_use() -> None:
    import subprocess
    import sys

    code = (
        "import sys, razzcore\n"
        "print(sorted(m for m in ('dataclasses', 'inspect', 'razzcore._results', "
        "'razzcore.hand', 'razzcore.phh') if m in sys.modules))\n"
        "from razzcore.equity import EquityResult\n"
        "print('dataclasses' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    assert proc.stdout.split("\n")[:2] == ["[]", "True"]


def test_result_records_are_frozen_dataclasses_under_every_name() -> None:
    import dataclasses
    import pickle

    from razzcore._results import EquityResult, PlayResult, StartingHand, StartingHands

    for name, cls in [("EquityResult", EquityResult), ("PlayResult", PlayResult),
                      ("StartingHand", StartingHand), ("StartingHands", StartingHands)]:
        assert getattr(razzcore, name) is cls and dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert importlib.import_module("razzcore.equity").EquityResult is EquityResult
    assert importlib.import_module("razzcore.play").PlayResult is PlayResult
    assert importlib.import_module("razzcore.starting_hands").StartingHands is StartingHands
    result = razzcore.equity(["As 2d 3c 4h", "?? ?? 6s 7d"], dead="8c 9c Tc")
    assert pickle.loads(pickle.dumps(result)) == result
    with pytest.raises(AttributeError, match="no attribute 'NoSuchResult'"):
        importlib.import_module("razzcore.equity").NoSuchResult  # noqa: B018


# ------------------------------------------------------------ deprecated names


@pytest.mark.parametrize(("old", "new"), sorted(RENAMED.items()))
def test_renamed_names_warn_and_still_work(old: str, new: str) -> None:
    with pytest.warns(DeprecationWarning, match=re.escape(old) + " is deprecated; use"):
        value = _resolve(old)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert value is _resolve(new)


def test_deprecated_players_still_play_whole_hands() -> None:
    from razzcore.hand import Hand, play_random
    from razzcore.players import RandomPlayer, play_hand

    rules = razzcore.Rules(1, 2, 4, 8)
    with pytest.warns(DeprecationWarning, match="play_random is deprecated; use razzcore.play"):
        hand = play_random(Hand(rules, [50, 50, 50], seed=1), random.Random(1))
    assert hand.is_over and sum(hand.stacks) == 150
    with pytest.warns(DeprecationWarning, match="play_hand is deprecated; use razzcore.play"):
        hand = play_hand(Hand(rules, [50, 50], seed=2), [RandomPlayer(1), RandomPlayer(2)])
    assert hand.is_over and sum(hand.stacks) == 100
    with pytest.warns(DeprecationWarning), pytest.raises(RazzError, match="2 players for"):
        play_hand(Hand(rules, [50, 50, 50], seed=2), [RandomPlayer(1), RandomPlayer(2)])


def test_the_library_does_not_warn_its_own_users() -> None:
    """Modules of razzcore that still reach an old name do not warn the caller."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        hand = razzcore.play(3, 1, seed=4, keep_hands=True).hand_list[0]
        text = razzcore.phh.HandHistory.from_hand(hand).to_text()
    assert "*** Summary ***" in text


def test_old_module_names_are_kept_but_not_listed() -> None:
    for name in DEPRECATED:
        assert importlib.import_module(f"razzcore.{name}").__all__ == []
    with pytest.raises(AttributeError):
        _resolve("razzcore.phh_text.no_such_name")


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

    assert importlib.import_module("razzcore.play").SubmitExecutor is SubmitExecutor
    assert isinstance(InlineExecutor(), SubmitExecutor)
    with ThreadPoolExecutor(1) as pool:
        assert isinstance(pool, SubmitExecutor)
    assert not isinstance(object(), SubmitExecutor)
    assert play is razzcore.play
