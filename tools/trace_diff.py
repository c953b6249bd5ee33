"""Delta coding and comparison of engine traces (see tools/engine_trace.py).

A trace stores each state as the observables that changed since the previous
one; :func:`decode` gives the states back.  :func:`differences` finds the
first difference of each part of two traces of one hand, and
:func:`classify` marks the differences a corrected engine makes on purpose on
the hands tagged for it (:data:`TAGS`, :func:`tags_of`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import IO, Any

from razzcore.engine.rules import PROFILES, Rules
from razzcore.errors import RulesError

TAGS = ("absent_bring_in", "absent_phh", "dealer_left", "shuffled_remix")
"""Behaviours of the current engine that a corrected engine changes (see the
module docstring); a hand carries the tags that apply to it."""

# --------------------------------------------------------------- delta coding


def _view_seat(key: str) -> int | None:
    """The seat of a view field name (``v3.cards`` -> 3), else None."""
    if key[0] == "v" and key[1:2].isdigit():
        return int(key[1: key.index(".")])
    return None


def delta(mem: dict[str, Any] | None, cur: dict[str, Any]) -> dict[str, Any]:
    """The fields of state ``cur`` that differ from ``mem``, the last value of
    every field recorded so far (views of seats not recorded in a state keep
    their last value there).  A list that extends the previous value is
    stored as ``{"+": tail}``; a field gone from a recorded view, or from the
    hand, is ``{"-": 1}``."""
    if mem is None:
        return dict(cur)
    out: dict[str, Any] = {}
    for k, v in cur.items():
        if k in mem:
            old = mem[k]
            if old == v:
                continue
            if (
                isinstance(v, list) and isinstance(old, list) and old
                and len(v) > len(old) and v[: len(old)] == old
            ):
                out[k] = {"+": v[len(old):]}
                continue
        out[k] = v
    viewed = cur.get("viewed", ())
    for k in mem:
        if k not in cur:
            seat = _view_seat(k)
            if seat is None or seat in viewed:
                out[k] = {"-": 1}
    return out


def undelta(mem: dict[str, Any] | None, d: dict[str, Any]) -> dict[str, Any]:
    """The memory after applying changes ``d`` (see :func:`delta`)."""
    cur = {} if mem is None else dict(mem)
    for k, v in d.items():
        if isinstance(v, dict):
            if "+" in v:
                cur[k] = cur[k] + v["+"]
            else:
                cur.pop(k, None)
        else:
            cur[k] = v
    return cur


def state_of(mem: dict[str, Any]) -> dict[str, Any]:
    """The observables of one state: the memory without the views of seats
    this state did not record."""
    viewed = set(mem.get("viewed", ()))
    out = {}
    for k, v in mem.items():
        seat = _view_seat(k)
        if seat is None or seat in viewed:
            out[k] = v
    return out


def decode(steps: list[list[Any]], mem: dict[str, Any] | None = None) -> tuple[
        list[dict[str, Any]], list[dict[str, Any]]]:
    """The states of a line of steps and the memory after each."""
    states, mems = [], []
    for _op, _err, d in steps:
        mem = undelta(mem, d)
        mems.append(mem)
        states.append(state_of(mem))
    return states, mems


def _option(sc: dict[str, Any], name: str) -> Any:
    return sc["options"].get(name, PROFILES[sc["profile"]][name])


def tags_of(sc: dict[str, Any], first: dict[str, Any] | None) -> list[str]:
    """The tags of a hand (see ``TAGS``) from its scenario and its first
    state (``None`` when the hand could not be made)."""
    tags = []
    if first is not None and sc["absent"]:
        away = [s for s in sc["absent"] if first["dealt_in"][s]]
        if _option(sc, "deal_in_absent_players") and any(
            f"p{s + 1} pb" in first["history"] for s in away
        ):
            tags.append("absent_bring_in")
        tags.append("absent_phh")
    if _option(sc, "showdown_order") == "dealer_left":
        tags.append("dealer_left")
    deck = sc.get("deck")
    try:  # options can depend on each other (burn_cards and the shortage rule)
        rules = Rules(*sc["rules"], profile=sc["profile"], **sc["options"])
        shortage = rules.seventh_street_shortage
    except RulesError:
        shortage = None
    if (
        shortage == "tda_rp10h"
        and (deck is None or len(deck) < 52)
        and sum(1 for v in sc["stacks"] if v) >= 7
    ):
        tags.append("shuffled_remix")
    return tags


def canonical(trace: dict[str, Any]) -> str:
    body = {k: v for k, v in trace.items() if k != "digest"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


# ---------------------------------------------------------------- comparing


@dataclasses.dataclass
class Difference:
    """The first difference of one hand between two traces."""

    hand: int
    where: str  # "steps", "branch", "snap", "twin", "end", "after", "scenario"
    step: int | None
    fields: dict[str, tuple[Any, Any]]
    action: Any = None
    known: str | None = None

    def __str__(self) -> str:
        at = "" if self.step is None else f" step {self.step}"
        act = "" if self.action is None else f" (action {self.action!r})"
        head = f"hand {self.hand}: {self.where}{at}{act}"
        if self.known:
            head += f" [known: {self.known}]"
        lines = [head]
        for name, (want, got) in sorted(self.fields.items()):
            lines.append(f"  {name}: expected {_short(want)}; got {_short(got)}")
        return "\n".join(lines)


def _short(v: Any, limit: int = 400) -> str:
    text = json.dumps(v) if not isinstance(v, str) else repr(v)
    return text if len(text) <= limit else text[:limit] + "..."


_MISSING = "<absent>"


def _field_diff(a: dict[str, Any], b: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    out = {}
    for k in sorted(set(a) | set(b)):
        va, vb = a.get(k, _MISSING), b.get(k, _MISSING)
        if va != vb:
            out[k] = (va, vb)
    return out


def _line_states(steps: list[list[Any]], start: dict[str, Any] | None) -> list[dict[str, Any]]:
    return decode(steps, start)[0]


def _mem_at(steps: list[list[Any]], k: int) -> dict[str, Any] | None:
    """The memory of a line after its step ``k``."""
    if len(steps) <= k:
        return None
    return decode(steps[: k + 1])[1][-1]


def _first_line_diff(
    a: list[list[Any]], b: list[list[Any]], sa: dict[str, Any] | None,
    sb: dict[str, Any] | None,
) -> tuple[int, dict[str, tuple[Any, Any]], Any] | None:
    la, lb = _line_states(a, sa), _line_states(b, sb)
    for j in range(max(len(a), len(b))):
        if j >= len(a) or j >= len(b):
            return j, {"steps": (len(a), len(b))}, None
        diff = {}
        if a[j][0] != b[j][0]:
            diff["action"] = (a[j][0], b[j][0])
        if a[j][1] != b[j][1]:
            diff["error"] = (a[j][1], b[j][1])
        diff.update(_field_diff(la[j], lb[j]))
        if diff:
            return j, diff, a[j][0]
    return None


def _body(trace: dict[str, Any]) -> str:
    """The canonical form without the tags (they follow from the scenario)."""
    return canonical({k: v for k, v in trace.items() if k != "tags"})


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[Difference]:
    """Every section's first difference between two traces of one hand."""
    if a.get("digest") is not None and a.get("digest") == b.get("digest"):
        return []
    i = a.get("i", -1)
    if a["sc"] != b["sc"]:
        return [Difference(i, "scenario", None, _field_diff(a["sc"], b["sc"]))]
    out = []
    found = _first_line_diff(a["steps"], b["steps"], None, None)
    if found:
        out.append(Difference(i, "steps", found[0], found[1], found[2]))
    snap_a, snap_b = a.get("snap"), b.get("snap")
    if (snap_a is None) != (snap_b is None):
        out.append(Difference(i, "snap", None, {"snap": (snap_a, snap_b)}))
    elif snap_a is not None and snap_b is not None:
        if snap_a != snap_b:
            out.append(Difference(i, "snap", snap_a["at"], _field_diff(snap_a, snap_b)))
        k = snap_a["at"]
        base_a, base_b = _mem_at(a["steps"], k), _mem_at(b["steps"], k)
        found = _first_line_diff(a["branch"], b["branch"], base_a, base_b)
        if found:
            out.append(Difference(i, "branch", found[0], found[1], found[2]))
        if a.get("twin") != b.get("twin"):
            out.append(Difference(i, "twin", None, _field_diff(a["twin"], b["twin"])))
    for name in ("after", "end"):
        va, vb = a.get(name), b.get(name)
        if va != vb:
            if isinstance(va, dict) and isinstance(vb, dict):
                out.append(Difference(i, name, None, _field_diff(va, vb)))
            else:
                out.append(Difference(i, name, None, {name: (va, vb)}))
    if not out and _body(a) != _body(b):
        out.append(Difference(i, "record", None, {"record": ("differs", "differs")}))
    return out


# Observables that carry chips (where an absent seat's bring-in shows).
_CHIP_FIELDS = frozenset({"stacks", "payoffs", "awards", "contrib", "pots", "total_pot", "repr"})


def _is_chip_field(name: str) -> bool:
    return name in _CHIP_FIELDS or (
        name.startswith("v") and name.split(".", 1)[-1] in ("stacks", "payoffs", "pots")
    )


def _chips_only(a: list[list[Any]], b: list[list[Any]], la: list[dict[str, Any]],
                lb: list[dict[str, Any]]) -> bool:
    """Whether two lines took the same actions with the same errors and
    their states differ in chip fields alone (see ``_CHIP_FIELDS``)."""
    if len(a) != len(b) or len(la) != len(lb):
        return False
    for (op_a, err_a, _), (op_b, err_b, _), sa, sb in zip(a, b, la, lb, strict=True):
        if op_a != op_b or err_a != err_b:
            return False
        if not all(_is_chip_field(f) for f in _field_diff(sa, sb)):
            return False
    return True


def _showdown_start(states: list[dict[str, Any]]) -> int:
    for j, s in enumerate(states):
        if s.get("showdown") or any(str(x).startswith("sm") for x in s.get("legal", ())):
            return j
    return len(states)


def _bring_in_kept(a_states: list[dict[str, Any]], b_states: list[dict[str, Any]],
                   sc: dict[str, Any]) -> bool:
    """Whether ``b`` ends as ``a`` but with the absent seat's posted bring-in
    kept in the pot (R16, R23): that seat loses it, and seats that win chips
    share it."""
    first, fa, fb = a_states[0], a_states[-1], b_states[-1]
    if fa.get("payoffs") is None or fb.get("payoffs") is None:
        return False
    posters = [
        s for s in sc["absent"] if f"p{s + 1} pb" in first["history"] and first["dealt_in"][s]
    ]
    if len(posters) != 1:
        return False
    k = posters[0]
    ante, bring_in = sc["rules"][0], sc["rules"][1]
    stack = sc["stacks"][k]
    posted = min(bring_in, stack - min(ante, stack))  # R3 short ante, R7 short bring-in
    pa, pb = fa["payoffs"], fb["payoffs"]
    winners = {w for w, _amount, _pot in fa["awards"] + fb["awards"]}
    gains = [pb[s] - pa[s] for s in range(len(pa))]
    return (
        posted > 0
        and gains[k] == -posted
        and sum(gains) == 0
        and all(g == 0 or (g > 0 and s in winners) for s, g in enumerate(gains) if s != k)
    )


def _at_seventh(states: list[dict[str, Any]], step: int | None) -> bool:
    """Whether the state after ``step`` is on 7th street (where a TDA
    remix of a shuffled deck deals other cards than before)."""
    if step is None or not 0 <= step < len(states):
        return False
    return bool(states[step].get("street") == 7)


def classify(a: dict[str, Any], b: dict[str, Any], diffs: list[Difference]) -> bool:
    """Mark each difference explained by a tagged behaviour (``known``);
    True if every difference is explained."""
    if not diffs:
        return True
    sc = a["sc"]
    main_known: str | None = None
    la = _line_states(a["steps"], None)
    lb = _line_states(b["steps"], None)
    tags = set(tags_of(sc, la[0] if a["steps"][0][1] is None else None))
    for d in diffs:
        if d.where == "steps":
            err_b = b["steps"][0][1] if d.step == 0 else None
            if "dealer_left" in tags and err_b and "dealer_left" in err_b[1]:
                d.known = "dealer_left"  # the option is refused now
            elif "dealer_left" in tags and d.step is not None and d.step >= _showdown_start(la):
                d.known = "dealer_left"
            elif (
                "absent_bring_in" in tags
                and _chips_only(a["steps"], b["steps"], la, lb)
                and _bring_in_kept(la, lb, sc)
            ):
                d.known = "absent_bring_in"
            elif (
                "shuffled_remix" in tags
                and _at_seventh(la, d.step)
                and (d.step != 0 or "error" not in d.fields)  # made, unlike refused
            ):
                d.known = "shuffled_remix"
            main_known = d.known
        elif d.where == "branch":
            k = a["snap"]["at"]
            first = _first_line_diff(a["steps"], b["steps"], None, None)
            if main_known and first is not None and first[0] <= k:
                d.known = main_known  # the branch starts from a state that differs
                continue
            base_a, base_b = _mem_at(a["steps"], k), _mem_at(b["steps"], k)
            ba = _line_states(a["branch"], base_a)
            bb = _line_states(b["branch"], base_b)
            if "dealer_left" in tags and d.step is not None and d.step >= _showdown_start(ba):
                d.known = "dealer_left"
            elif (
                "absent_bring_in" in tags
                and _chips_only(a["branch"], b["branch"], ba, bb)
                and _bring_in_kept([la[0], *ba], [lb[0], *bb], sc)
            ):
                d.known = "absent_bring_in"
            elif "shuffled_remix" in tags and ba and ba[-1].get("street") == 7:
                # a copy's continuation keeps only its last state: it reached
                # 7th street, where the remixed deck deals differently
                d.known = main_known = "shuffled_remix"
        elif d.where == "snap":
            first = _first_line_diff(a["steps"], b["steps"], None, None)
            if main_known and first is not None and first[0] <= a["snap"]["at"]:
                d.known = main_known  # taken from a state that differs, or not at all
        elif d.where in ("end", "after", "twin"):
            if main_known:
                d.known = main_known  # the end shows the final state, which differs
            elif set(d.fields) <= {"phh", "replay"} and "absent_phh" in tags:
                d.known = "absent_phh"
    return all(d.known for d in diffs)


def report(pairs: Iterable[tuple[dict[str, Any], dict[str, Any]]], skip_known: bool,
           limit: int, out: IO[str]) -> int:
    """Compare trace pairs; print the unexplained differences (at most
    ``limit``) and a summary.  Returns the number of hands that differ
    (without the explained ones when ``skip_known``)."""
    hands = same = 0
    known: dict[str, int] = {}
    bad = 0
    for a, b in pairs:
        hands += 1
        diffs = differences(a, b)
        if not diffs:
            same += 1
            continue
        if skip_known and classify(a, b, diffs):
            for tag in {str(d.known) for d in diffs}:
                known[tag] = known.get(tag, 0) + 1
            continue
        bad += 1
        if bad <= limit:
            for d in diffs:
                if not (skip_known and d.known):
                    print(d, file=out)
                    break
    print(f"{hands} hands: {same} identical, {hands - same} differ", file=out)
    if skip_known:
        parts = ", ".join(f"{k}: {v}" for k, v in sorted(known.items())) or "none"
        print(f"explained by known behaviours (hands per tag): {parts}", file=out)
        print(f"unexplained: {bad} hands", file=out)
    return bad
