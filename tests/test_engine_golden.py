"""Recorded hands of the engine, replayed observable by observable.

tests/engine_golden.jsonl.xz holds 2,200 seeded scenario hands recorded by
tools/engine_trace.py (every profile and option value, 2..8 seats, short and
empty stacks, absent players, manual showdowns, ``replay=True``, illegal
attempts, copies and pickles): the inputs, every action and every observable
after it.  Replaying the same actions on the engine under test must give the
same observables; a difference names the hand, the step, the field and both
values.  Hands tagged ``absent_bring_in``, ``absent_dealt_in`` or
``dealer_left`` are those a corrected engine plays differently on purpose;
docs/engine.md ("Recorded hands") gives the command that re-records them.
"""

from __future__ import annotations

import importlib.util
import io
import os
import sys
from collections import Counter
from types import ModuleType
from typing import Any

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "engine_trace.py")
GOLDEN = os.path.join(ROOT, "tests", "engine_golden.jsonl.xz")

# The tool lives in the repository's tools/, which the installed-wheel test
# run (a copy of tests/ alone) does not have.
pytestmark = pytest.mark.skipif(
    not os.path.isfile(TOOL), reason="tools/ is not next to tests/ (installed-wheel test run)"
)


@pytest.fixture(scope="module")
def trace() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_trace", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["engine_trace"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def records(trace: ModuleType) -> list[dict[str, Any]]:
    return list(trace.read(GOLDEN))


def _hands(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if "meta" not in r]


def _failures(trace: ModuleType, records: list[dict[str, Any]]) -> tuple[int, str]:
    out = io.StringIO()
    bad = trace.report(trace.check_records(records), False, 10, out)
    return bad, out.getvalue()


def test_golden_hands_replay_with_the_same_observables(
    trace: ModuleType, records: list[dict[str, Any]]
) -> None:
    bad, text = _failures(trace, records)
    assert bad == 0, f"{bad} recorded hands play differently now:\n{text}"


def test_golden_file_covers_the_scenarios(records: list[dict[str, Any]]) -> None:
    """The recorded hands reach every profile, every value of every string
    option, 2..8 seats, absent players (dealt in or not), manual showdowns
    with shows and mucks, replay hands, refused actions, the copies, and each
    tagged behaviour."""
    from razzcore.rules import OPTION_CHOICES, PROFILES

    hands = _hands(records)
    assert len(hands) == records[0]["meta"]["hands"] >= 2000
    seen: Counter[str] = Counter()
    for h in hands:
        sc = h["sc"]
        seen[f"profile={sc['profile']}"] += 1
        seen[f"seats={len(sc['stacks'])}"] += 1
        options = {**PROFILES[sc["profile"]], **sc["options"]}
        for name in OPTION_CHOICES:
            seen[f"{name}={options[name]}"] += 1
        for t in h["tags"]:
            seen[t] += 1
        steps = h["steps"]
        if steps[0][1] is not None:
            seen["construction refused"] += 1
            continue
        if sc["absent"]:
            seen[f"absent, dealt in={options['deal_in_absent_players']}"] += 1
        if any(s < sc["rules"][0] + sc["rules"][1] for s in sc["stacks"] if s):
            seen["stack below ante + bring-in"] += 1
        ops = [str(s[0]) for s in steps[1:]]
        errors = [s for s in steps[1:] if s[1] is not None]
        seen["refused actions"] += len(errors)
        if sc["manual"] and any(o.split()[-1:] == ["sm"] for o in ops):
            seen["manual muck"] += 1
        if sc["manual"] and any(o.startswith("sm ") or " sm " in o for o in ops):
            seen["manual show"] += 1
        if sc["replay"]:
            seen["replay"] += 1
        if "snap" in h:
            seen["copies"] += 1
    wanted = [f"profile={p}" for p in PROFILES] + [f"seats={n}" for n in range(2, 9)]
    wanted += [f"{k}={v}" for k, values in OPTION_CHOICES.items() for v in values]
    wanted += [
        "absent_bring_in", "absent_dealt_in", "dealer_left", "construction refused",
        "absent, dealt in=True", "absent, dealt in=False", "stack below ante + bring-in",
        "manual muck", "manual show", "replay", "copies",
    ]
    missing = [w for w in wanted if seen[w] < 5]
    assert not missing, f"the golden hands miss {missing}"
    assert seen["refused actions"] > 500


def test_a_changed_observable_is_reported_by_hand_step_and_field(
    trace: ModuleType, records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison can fail: an engine whose total pot is one chip off
    once a bet is in is reported at the first such step, with both values."""
    from razzcore.view import Reading

    original = Reading.total_pot

    def off_by_one(self: Any) -> int:
        value: int = original.fget(self)  # type: ignore[attr-defined]
        return value + 1 if any(self.bets) else value

    monkeypatch.setattr(Reading, "total_pot", property(off_by_one))
    sample = records[:40]
    bad, text = _failures(trace, sample)
    assert bad > 0
    first = text.splitlines()[0]
    assert first.startswith("hand ") and " step " in first, text
    assert "total_pot: expected " in text and "; got " in text


def test_the_fixed_behaviours_are_classified(
    trace: ModuleType, records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The golden hands tagged ``absent_bring_in`` were re-recorded when the
    engine came to keep an absent seat's posted bring-in in the pot (R23).
    An engine that gives it back to the killed hand, as earlier versions
    did, differs only on hands tagged ``absent_bring_in``, and ``compare
    --skip-known`` explains each of those differences (the earlier engine's
    record first) but for hands over at construction (step 0)."""
    from razzcore.showdown import Showdown

    original = Showdown._finish_uncontested

    def give_bring_in_back(self: Any) -> None:
        if self._street == 3 and any(self._absent):
            n = self._n
            bets = [self._contrib[s] - min(self.rules.ante, self._start[s]) for s in range(n)]
            top = max(range(n), key=lambda s: bets[s])
            second = max(b for s, b in enumerate(bets) if s != top)
            if bets[top] > second and self._absent[top]:
                self._stacks[top] += bets[top] - second
                self._contrib[top] -= bets[top] - second
        original(self)

    tagged = [r for r in _hands(records) if "absent_bring_in" in r["tags"]]
    plain = [r for r in _hands(records) if not r["tags"]][:40]
    assert tagged
    monkeypatch.setattr(Showdown, "_finish_uncontested", give_bring_in_back)
    changed = known = 0
    for rec in tagged + plain:
        got = trace.finish(trace.play(rec["sc"], golden=True, recorded=rec), rec["i"])
        diffs = trace.differences(got, rec)
        if not diffs:
            continue
        assert rec["tags"], f"an untagged hand differs: {diffs[0]}"
        changed += 1
        got["tags"] = rec["tags"]
        trace.classify(got, rec, diffs)
        if all(d.known == "absent_bring_in" for d in diffs if d.where == "steps"):
            known += 1
        else:
            assert all(d.step == 0 for d in diffs if d.where == "steps"), diffs
    assert changed > 0 and known >= changed - 5


def test_regeneration_rewrites_only_the_tagged_hands(
    trace: ModuleType, records: list[dict[str, Any]], tmp_path: Any
) -> None:
    """``regen`` re-records the tagged hands on the engine imported now (here
    the same engine, so the file comes back identical) and keeps the rest."""
    path = str(tmp_path / "small.jsonl.gz")
    sample = [records[0], *[r for r in _hands(records) if r["tags"]][:5],
              *[r for r in _hands(records) if not r["tags"]][:5]]
    with trace._open(path, "w") as fp:
        for rec in sample:
            fp.write(trace._dump(rec) + "\n")
    assert trace.main(["regen", path, "--tags", "dealer_left,absent_dealt_in"]) == 0
    assert list(trace.read(path)) == sample
