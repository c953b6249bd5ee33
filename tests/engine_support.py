"""Test helpers for the engine tests: stacked decks in dealing order,
scripted actions and whole hands played by random choices or by players."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from razzcore.cards import parse_cards


def build_deck(
    third: Sequence[str], later: Sequence[Sequence[str]] = (), *, burns: bool = False
) -> list[int]:
    """A stacked deck in R4 order.

    ``third[i]`` is the 3rd-street hand (down, down, up) of the i-th dealt seat
    in deal order; ``later[k]`` the cards of street 4+k in the order the live
    seats receive them (a single card on 7th = the community card).  Burns are
    filled in with unused cards.
    """
    hands = [parse_cards(h) for h in third]
    deck: list[int | None] = []
    for k in range(3):
        deck += [h[k] for h in hands]
    for street in later:
        if burns:
            deck.append(None)
        deck += list(parse_cards(list(street)))
    used = {c for c in deck if c is not None}
    spare = [c for c in range(52) if c not in used]
    out = []
    for c in deck:
        out.append(spare.pop() if c is None else c)
    return out


def play(hand: object, steps: str) -> None:
    """Apply ``"p2 cbr 10, p3 cc, ..."`` checking that each named seat is the actor."""
    for step in steps.split(","):
        step = step.strip()
        if not step:
            continue
        who, action = step.split(" ", 1)
        seat = int(who[1:]) - 1
        actor = hand.actor  # type: ignore[attr-defined]
        assert actor == seat, f"expected p{seat + 1} to act for {step!r}, actor is {actor}"
        hand.act(action)  # type: ignore[attr-defined]


def check_down(hand: object, until_street: int = 8) -> None:
    """Check (or call) with whoever acts until the street reaches ``until_street``."""
    h: Any = hand
    while h.actor is not None and h.street < until_street and "cc" in h.legal_actions():
        h.act("cc")


def play_random(hand: Any, rng: random.Random) -> Any:
    """Play ``hand`` to the end with uniformly random legal actions drawn from ``rng``."""
    while hand.actor is not None:
        hand.act(rng.choice(hand.legal_actions()))
    return hand


def play_players(hand: Any, players: Sequence[Any]) -> Any:
    """Play ``hand`` to the end, asking ``players[seat]`` (``act(view, legal)``)
    for every decision, each seeing only its own view."""
    while hand.actor is not None:
        seat = hand.actor
        hand.act(players[seat].act(hand.view(seat), tuple(hand.legal_actions())))
    return hand
