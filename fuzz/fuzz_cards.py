#!/usr/bin/env python3
"""Fuzz card and hand parsing: parse_card, parse_cards, format_card(s),
check_distinct, cards_to_mask, card/rank_of/suit_of and Deck.

Round trips are checked too: whatever parses formats back to text that parses
to the same codes.
"""

from __future__ import annotations

import sys
from typing import Any

from _harness import Input, check, instrumented, main

with instrumented():
    import razzcore
    from razzcore import cards as rc


def _item(inp: Input) -> Any:
    kind = inp.below(8)
    if kind == 0:
        return inp.between(-3, 60)
    if kind == 1:
        return inp.big_int()
    if kind == 2:
        return inp.text(6)
    if kind == 3:
        return rc.format_card(inp.below(52))
    if kind == 4:
        return inp.pick_or_hostile([None, True, 1.0, b"As", [1], (2,), object(), 3 + 0j])
    if kind == 5:
        return RANK_SUIT[inp.below(len(RANK_SUIT))]
    return inp.below(52)


RANK_SUIT = [r + s for r in ("A", "a", "1", "10", "T", "t", "K", "9", "0", "11")
             for s in ("c", "D", "♠", "♥", "x", "")]


def one_input(data: bytes) -> None:
    inp = Input(data)
    mode = inp.below(6)
    if mode == 0:  # one string of cards
        text = inp.rest_text()
        codes = razzcore.parse_cards(text)
    elif mode == 1:  # one card
        item = _item(inp)
        code = razzcore.parse_card(item)
        assert 0 <= code < 52 and type(code) is int
        assert razzcore.parse_card(razzcore.format_card(code)) == code
        return
    elif mode == 2:  # an iterable of mixed items
        items = [_item(inp) for _ in range(inp.below(10))]
        container = inp.pick([list, tuple, iter, bytes, bytearray, set])
        try:
            arg = container(items)
        except (TypeError, ValueError):
            arg = items
        codes = razzcore.parse_cards(arg)
    elif mode == 3:  # rank and suit numbers
        a, b = _item(inp), _item(inp)
        code = razzcore.card(a, b)
        check(type(code) is int and 0 <= code < 52, "cards.card-non-int",
              f"card({a!r}, {b!r}) = {code!r}")
        if type(code) is int:
            assert razzcore.rank_of(code) == a and razzcore.suit_of(code) == b
        return
    elif mode == 4:  # a deck from text, dealt out
        deck = razzcore.Deck(inp.rest_text() if inp.flag() else [_item(inp) for _ in range(60)])
        n = len(deck)
        dealt = deck.deal(inp.between(-2, 60))
        assert len(dealt) + len(deck) == n
        return
    else:  # rank_of / suit_of / format_card of anything
        item = _item(inp)
        f = inp.pick([razzcore.rank_of, razzcore.suit_of, razzcore.format_card])
        f(item)
        return
    assert all(type(c) is int and 0 <= c < 52 for c in codes), codes
    text = razzcore.format_cards(codes)
    assert razzcore.parse_cards(text) == codes, (text, codes)
    assert razzcore.parse_cards(text.replace(" ", "")) == codes
    distinct = len(set(codes)) == len(codes)
    try:
        razzcore.check_distinct(codes)
        mask = razzcore.cards_to_mask(codes)
    except razzcore.CardError:
        assert not distinct
    else:
        assert distinct and bin(mask).count("1") == len(codes)


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
