"""Dependency-free SVG pictures of cards, lows and hands (for Jupyter and files).

Every function returns an :class:`Svg` (a ``str`` holding one ``<svg>``
document) that Jupyter displays by itself through ``_repr_svg_``.  Pictures are
built with :mod:`xml.etree.ElementTree`, so text is always escaped.

* :func:`card` / :func:`cards`: face-up cards; ``None`` draws a card back.
* :func:`low_hand`: the five cards of a :class:`~razzcore.LowHand` and its name.
* :func:`hand`: a table: one row per seat with its stack, bet, down cards
  (backs when the viewer may not see them), board, status; the pot and whose
  turn it is in the title.
* (:class:`razzcore.cards.Cards`, a tuple of card codes, displays itself
  with :func:`cards`; ``razzcore.show.svg.Cards`` is the same class.)
* :func:`card_symbols`: the same card pictures as ``<symbol>`` definitions,
  for pages that draw many cards with ``<use>`` (the hand replayer).

>>> from razzcore.show import svg
>>> pic = svg.cards("As 2d 3c")
>>> pic.startswith("<svg") and pic.count('class="card"') == 3
True
>>> Cards("As 2d")._repr_svg_() == svg.cards("As 2d")
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import CardLike, format_card, parse_cards_or_unknown
from ..cards import Cards as Cards  # kept here for older imports (razzcore.show.svg.Cards)
from ..errors import CardError
from .table import Table, headline, table

if TYPE_CHECKING:
    from ..engine.hand import Hand
    from ..engine.view import HandView
    from ..evaluator import LowHand

__all__ = ["Svg", "card", "card_symbols", "cards", "hand", "low_hand"]

CARD_W = 40
CARD_H = 56
GAP = 4
_SUIT_SYMBOL = ("\u2663", "\u2666", "\u2665", "\u2660")  # clubs, diamonds, hearts, spades
_TWO_COLOR = ("#1a1a1a", "#c0262d", "#c0262d", "#1a1a1a")
_FOUR_COLOR = ("#17803d", "#1f5fbf", "#c0262d", "#1a1a1a")
_RANK_TEXT = "A23456789TJQK"
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


class Svg(str):
    """An SVG document as a ``str`` that Jupyter renders as a picture.

    >>> Svg("<svg/>")._repr_svg_()
    '<svg/>'
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def _root(width: int, height: int) -> ET.Element:
    return ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg",
        "version": "1.1",
        "width": str(width),
        "height": str(height),
        "viewBox": f"0 0 {width} {height}",
        "font-family": _FONT,
    })


def _to_svg(root: ET.Element) -> Svg:
    return Svg(ET.tostring(root, encoding="unicode"))


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    el = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v)
                                     for k, v in attrs.items()})
    if text is not None:
        el.text = text
    return el


def _draw_face(parent: ET.Element, code: int, x: float, y: float, *, colors: Sequence[str],
               down: bool = False) -> None:
    rank, suit = code >> 2, code & 3
    g = _sub(parent, "g", class_="card", transform=f"translate({x},{y})")
    _sub(g, "title", format_card(code))
    _sub(g, "rect", width=CARD_W, height=CARD_H, rx=4, fill="#f4f6ff" if down else "#ffffff",
         stroke="#7d8aa8" if down else "#555555", stroke_width=1)
    color = colors[suit]
    _sub(g, "text", _RANK_TEXT[rank], x=5, y=17, font_size=15, font_weight="bold", fill=color)
    _sub(g, "text", _SUIT_SYMBOL[suit], x=CARD_W - 5, y=CARD_H - 7, font_size=20,
         text_anchor="end", fill=color)
    if down:
        # A face-down card this viewer may see: marked by a small corner tab.
        _sub(g, "path", d=f"M{CARD_W - 12},0 h8 a4 4 0 0 1 4 4 v8 z", fill="#7d8aa8")


def _draw_rank_only(parent: ET.Element, rank: int, x: float, y: float) -> None:
    g = _sub(parent, "g", class_="card", transform=f"translate({x},{y})")
    _sub(g, "title", _RANK_TEXT[rank])
    _sub(g, "rect", width=CARD_W, height=CARD_H, rx=4, fill="#ffffff", stroke="#555555")
    _sub(g, "text", _RANK_TEXT[rank], x=CARD_W / 2, y=CARD_H / 2 + 8, font_size=22,
         font_weight="bold", text_anchor="middle", fill="#1a1a1a")


def _draw_back(parent: ET.Element, x: float, y: float) -> None:
    g = _sub(parent, "g", class_="card back", transform=f"translate({x},{y})")
    _sub(g, "title", "face-down card")
    _sub(g, "rect", width=CARD_W, height=CARD_H, rx=4, fill="#2d4f9e", stroke="#1c2f5e")
    _sub(g, "rect", x=4, y=4, width=CARD_W - 8, height=CARD_H - 8, rx=2, fill="none",
         stroke="#ffffff", stroke_width=1, stroke_opacity=0.6)
    for i in range(-CARD_H, CARD_W, 8):
        x1, y1 = max(i, 0) + 4, max(-i, 0) + 4
        span = min(CARD_W - 8 - (x1 - 4), CARD_H - 8 - (y1 - 4))
        if span > 0:
            _sub(g, "line", x1=x1, y1=y1, x2=x1 + span, y2=y1 + span, stroke="#ffffff",
                 stroke_opacity=0.25, stroke_width=1)


def _card_items(items: Iterable[CardLike | None] | str) -> list[int | None]:
    return list(parse_cards_or_unknown(items))


def card(code: CardLike | None, *, four_color: bool = False) -> Svg:
    """One card (``None`` or ``"??"`` draws its back).

    >>> "\u2660" in card("As")
    True
    """
    return cards([code], four_color=four_color)


def cards(items: Iterable[CardLike | None] | str, *, four_color: bool = False) -> Svg:
    """A row of cards: codes, text cards, or one string (``"As 2d ??"``);
    ``None`` and ``"??"`` draw a card back.

    >>> cards("As ?? 3c").count("face-down card")
    1
    >>> cards("Xx")
    Traceback (most recent call last):
    ...
    razzcore.errors.CardError: bad card 'Xx' ...
    """
    codes = _card_items(items)
    colors = _FOUR_COLOR if four_color else _TWO_COLOR
    width = max(1, len(codes)) * (CARD_W + GAP) + GAP
    root = _root(width, CARD_H + 2 * GAP)
    for i, c in enumerate(codes):
        x = GAP + i * (CARD_W + GAP)
        if c is None:
            _draw_back(root, x, GAP)
        else:
            _draw_face(root, c, x, GAP, colors=colors)
    return _to_svg(root)


def card_symbols(codes: Iterable[int], *, four_color: bool = False,
                 prefix: str = "card-") -> Svg:
    """An invisible SVG of ``<symbol>`` definitions (``viewBox`` one card):
    ``{prefix}As`` the face of each card in ``codes``, ``{prefix}As-down`` the
    same card dealt face down (with the corner tab of :func:`hand`), and
    ``{prefix}back`` a card back.  A page draws a card with
    ``<svg><use href="#card-As"/></svg>``.

    >>> sprite = card_symbols([0, 51])
    >>> sprite.count("<symbol"), 'id="card-Ac-down"' in sprite, 'id="card-back"' in sprite
    (5, True, True)
    """
    colors = _FOUR_COLOR if four_color else _TWO_COLOR
    root = _root(0, 0)
    root.set("aria-hidden", "true")
    root.set("style", "position:absolute;width:0;height:0;overflow:hidden")

    def symbol(name: str) -> ET.Element:
        return _sub(root, "symbol", id=prefix + name, viewBox=f"0 0 {CARD_W} {CARD_H}")

    for code in sorted(set(codes)):
        if not 0 <= code < 52:
            raise CardError(f"card code {code!r} is outside 0..51")
        text = format_card(code)
        _draw_face(symbol(text), code, 0, 0, colors=colors)
        _draw_face(symbol(text + "-down"), code, 0, 0, colors=colors, down=True)
    _draw_back(symbol("back"), 0, 0)
    return _to_svg(root)


def low_hand(low: LowHand, *, four_color: bool = False) -> Svg:
    """The five cards of a low in reading order, with its name underneath
    (a low made by :meth:`~razzcore.LowHand.from_rank` shows ranks only).

    >>> from razzcore import LowHand
    >>> pic = low_hand(LowHand("7s 5d 4c 3h 2s Kd Kc"))
    >>> "Seven-Five low" in pic, pic.count('class="card"')
    (True, 5)
    """
    colors = _FOUR_COLOR if four_color else _TWO_COLOR
    width = 5 * (CARD_W + GAP) + GAP
    root = _root(max(width, 8 * len(str(low))), CARD_H + 2 * GAP + 20)
    for i in range(5):
        x = GAP + i * (CARD_W + GAP)
        if low.cards is not None:
            _draw_face(root, low.cards[i], x, GAP, colors=colors)
        else:
            _draw_rank_only(root, low.ranks[i], x, GAP)
    _sub(root, "text", str(low), x=GAP, y=CARD_H + 2 * GAP + 14, font_size=13, fill="#222222")
    return _to_svg(root)


_ROW_H = CARD_H + 14
_LABEL_W = 118


def hand(obj: Hand | HandView, seat: int | None = None, *, four_color: bool = False) -> Svg:
    """A hand as a table: a title (street, pot, community card, whose turn),
    then one row per seat: name, stack, bet or result, its cards in deal
    order (down cards as backs unless the viewer may see them; a down card
    the viewer may see has a corner tab), and its status (folded, all-in, the
    low it showed).  The row of the seat to act is highlighted.

    ``obj`` is a :class:`~razzcore.engine.hand.Hand` (``seat=None`` sees every card;
    ``seat=k`` draws what seat ``k`` may see) or a
    :class:`~razzcore.engine.view.HandView`.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")
    >>> hand(h).count("face-down card"), hand(h, seat=0).count("face-down card")
    (0, 2)
    """
    t = table(obj, seat)
    return _table_svg(t, _FOUR_COLOR if four_color else _TWO_COLOR)


def _table_svg(t: Table, colors: Sequence[str]) -> Svg:
    n = len(t.stacks)
    max_cards = max([len(c) for c in t.cards] + [3])
    cards_w = max_cards * (CARD_W + GAP)
    width = _LABEL_W + cards_w + 200
    top = 30
    rows = n + (t.community is not None)
    root = _root(width, top + rows * _ROW_H + GAP)
    _sub(root, "rect", width=width, height=top + rows * _ROW_H + GAP, fill="#0f5c3a", rx=8)
    if t.community is not None:
        y = top + n * _ROW_H
        _sub(root, "text", "community", x=12, y=y + 22, font_size=13, font_weight="bold",
             fill="#ffffff")
        _draw_face(root, t.community, _LABEL_W, y + 5, colors=colors)
    title = headline(t)
    if t.viewer is not None:
        title += f" (as seen by p{t.viewer + 1})"
    _sub(root, "text", title, x=10, y=20, font_size=14, font_weight="bold", fill="#ffffff")
    for s in range(n):
        y = top + s * _ROW_H
        row = _sub(root, "g", class_="seat", transform=f"translate(0,{y})")
        if t.folded[s] or not t.dealt[s]:
            row.set("opacity", "0.45")
        if t.actor == s:
            _sub(row, "rect", x=4, y=0, width=width - 8, height=_ROW_H - 4, rx=6,
                 fill="#f2c94c", fill_opacity=0.35, stroke="#f2c94c")
        _sub(row, "text", f"p{s + 1}", x=12, y=22, font_size=15, font_weight="bold",
             fill="#ffffff")
        _sub(row, "text", f"stack {t.stacks[s]}", x=12, y=40, font_size=12, fill="#ffffff")
        if t.payoffs is not None:
            _sub(row, "text", f"{t.payoffs[s]:+d}", x=12, y=56, font_size=12,
                 fill="#b9f6ca" if t.payoffs[s] > 0 else "#ffffff")
        elif t.bets[s]:
            _sub(row, "text", f"bet {t.bets[s]}", x=12, y=56, font_size=12, fill="#ffe082")
        for i, (c, up) in enumerate(zip(t.cards[s], t.up[s], strict=True)):
            x = _LABEL_W + i * (CARD_W + GAP)
            if c is None:
                _draw_back(row, x, 5)
            else:
                _draw_face(row, c, x, 5, colors=colors, down=not up)
        status = []
        if not t.dealt[s]:
            status.append("not dealt in")
        elif t.folded[s]:
            status.append("folded")
        elif t.stacks[s] == 0 and not t.is_over:
            status.append("all-in")
        if t.actor == s:
            status.append("to act")
        if t.lows[s]:
            status.append(t.lows[s] or "")
        for k, text in enumerate(status):
            _sub(row, "text", text, x=_LABEL_W + cards_w + 8, y=22 + 16 * k, font_size=12,
                 fill="#ffffff")
    return _to_svg(root)
