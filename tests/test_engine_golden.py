"""Recorded hands of the engine, replayed observable by observable.

tests/engine_golden.jsonl.xz holds 2,200 seeded scenario hands recorded by
tools/engine_trace.py (every profile and option value, 2..8 seats, short and
empty stacks, absent players, manual showdowns, ``replay=True``, illegal
attempts, copies and pickles): the inputs, every action and every observable
after it.  Replaying the same actions on the engine under test must give the
same observables; a difference names the hand, the step, the field and both
values.  Hands tagged ``absent_bring_in``, ``absent_phh`` or
``dealer_left`` are those a corrected engine plays differently on purpose;
docs/engine.md ("Recorded hands") gives the command that re-records them.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import sys
from collections import Counter
from types import ModuleType
from typing import Any

import pytest

from razzcore import Hand

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
    sys.path.insert(0, os.path.dirname(TOOL))  # the tool imports its sibling trace_diff
    try:
        spec = importlib.util.spec_from_file_location("engine_trace", TOOL)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["engine_trace"] = module
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(os.path.dirname(TOOL))
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
    from razzcore.engine.rules import OPTION_CHOICES, PROFILES

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
        "absent_bring_in", "absent_phh", "dealer_left", "construction refused",
        "absent, dealt in=True", "absent, dealt in=False", "stack below ante + bring-in",
        "manual muck", "manual show", "replay", "copies",
    ]
    missing = [w for w in wanted if seen[w] < 5]
    assert not missing, f"the golden hands miss {missing}"
    assert seen["refused actions"] > 500


class _OffByOne(Hand):
    """A hand whose total pot is one chip off while a bet is in (a subclass,
    so that it is made, copied and pickled through the public API)."""

    __slots__ = ()

    @property
    def total_pot(self) -> int:
        value: int = super().total_pot
        return value + 1 if any(self.bets) else value


def test_a_changed_observable_is_reported_by_hand_step_and_field(
    trace: ModuleType, records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison can fail: an engine whose total pot is one chip off
    once a bet is in is reported at the first such step, with both values."""
    monkeypatch.setattr(trace, "Hand", _OffByOne)
    bad, text = _failures(trace, records[:40])
    assert bad > 0
    first = text.splitlines()[0]
    assert first.startswith("hand ") and " step " in first, text
    assert "total_pot: expected " in text and "; got " in text


def _with_bring_in_moved(
    trace: ModuleType, rec: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """``rec`` with the other ending of an absent seat's posted bring-in: kept in
    the pot for the winner (R16, R23) if ``rec`` returned it to the dead hand,
    returned to the dead hand if ``rec`` kept it, as the pair (returning engine,
    keeping engine); None when the hand has no such uncalled bring-in."""
    sc = rec["sc"]
    if "absent_bring_in" not in rec["tags"]:
        return None
    states = trace.decode(rec["steps"])[0]
    first, last = states[0], states[-1]
    ante, bring_in = sc["rules"][:2]
    posters = [s for s in sc["absent"] if f"p{s + 1} pb" in first["history"]]
    if len(posters) != 1 or last["payoffs"] is None or len(states) < 2:
        return None  # (a hand over at construction has no action to explain it)
    k = posters[0]
    stack = sc["stacks"][k]
    paid = min(ante, stack)
    posted = min(bring_in, stack - paid)
    if posted == 0:
        return None
    if last["payoffs"][k] == -paid:
        sign = 1  # returned: move it to the winner
    elif last["payoffs"][k] == -paid - posted:
        sign = -1  # kept: give it back to the dead hand
    else:
        return None
    live = [s for s, f in enumerate(last["folded"]) if first["dealt_in"][s] and not f]
    winner = max(last["awards"], key=lambda a: a[1])[0] if last["awards"] else live[0]
    if winner == k:
        return None
    payoffs, stacks = list(last["payoffs"]), list(last["stacks"])
    payoffs[k] -= sign * posted
    stacks[k] -= sign * posted
    payoffs[winner] += sign * posted
    stacks[winner] += sign * posted
    awards = [*last["awards"], [winner, sign * posted, 0]]
    moved = json.loads(json.dumps(rec))
    moved["steps"][-1][2].update(payoffs=payoffs, stacks=stacks, awards=awards)
    moved = trace.finish(moved, rec["i"])
    return (rec, moved) if sign == 1 else (moved, rec)


def test_the_fixed_behaviours_are_classified(
    trace: ModuleType, records: list[dict[str, Any]]
) -> None:
    """``compare --skip-known`` explains a hand whose absent seat's posted
    bring-in ends the other way (kept in the pot, or returned to the dead hand),
    and a hand refused for
    ``showdown_order="dealer_left"``, only on the hands tagged for them; any
    other change stays unexplained."""
    hands = _hands(records)
    kept = 0
    for rec in hands:
        pair = _with_bring_in_moved(trace, rec)
        if pair is None:
            continue
        returning, keeping = pair
        diffs = trace.differences(returning, keeping)
        assert diffs and trace.classify(returning, keeping, diffs), "\n".join(map(str, diffs))
        assert {d.known for d in diffs} == {"absent_bring_in"}
        kept += 1
    assert kept >= 5

    plain = [r for r in hands if not r["tags"] and r["steps"][0][1] is None][:20]
    for rec in plain:
        state = trace.decode(rec["steps"])[0][-1]
        moved = json.loads(json.dumps(rec))
        payoffs = list(state["payoffs"])
        payoffs[0] -= 1
        payoffs[1] += 1
        moved["steps"][-1][2]["payoffs"] = payoffs
        moved = trace.finish(moved, rec["i"])
        diffs = trace.differences(rec, moved)
        assert diffs and not trace.classify(rec, moved, diffs)

    refused = ["RulesError", "showdown_order='dealer_left' is not supported"]
    for rec in hands:
        gone = json.loads(json.dumps(rec))
        gone["steps"] = [[None, refused, {}]]
        for name in ("snap", "branch", "twin", "after", "end"):
            gone.pop(name, None)
        gone = trace.finish(gone, rec["i"])
        diffs = trace.differences(rec, gone)
        assert diffs
        assert trace.classify(rec, gone, diffs) == ("dealer_left" in rec["tags"])


def test_regeneration_rewrites_only_the_tagged_hands(
    trace: ModuleType, records: list[dict[str, Any]], tmp_path: Any
) -> None:
    """``regen`` plays the tagged hands again on the engine imported now and
    keeps the other hands as they were."""
    path = str(tmp_path / "small.jsonl.gz")
    tagged = [r for r in _hands(records) if {"dealer_left", "absent_phh"} & set(r["tags"])][:5]
    other = [r for r in _hands(records) if not r["tags"]][:5]
    sample = [records[0], *tagged, *other]
    with trace._open(path, "w") as fp:
        for rec in sample:
            fp.write(trace._dump(rec) + "\n")
    assert trace.main(["regen", path, "--tags", "dealer_left,absent_phh"]) == 0
    again = [trace.finish(trace.play(r["sc"], golden=True), r["i"]) for r in tagged]
    assert list(trace.read(path)) == [records[0], *again, *other]
