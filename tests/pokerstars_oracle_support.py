"""What the tests of the PokerStars reader against the oracle share: what
the reader and the oracle say of a text, engine-played hands of many
shapes written as PokerStars text, and the hands of the data files."""

from __future__ import annotations

import datetime
import functools
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pokerstars_oracle as oracle

from razzcore import pokerstars
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.histories.phh import HandHistory

DATA = Path(__file__).parent / "data" / "pokerstars"


# ------------------------------------------------- the reader and the oracle


def outcome(text: str | bytes, product: bool = True) -> tuple[Any, ...]:
    """Everything ``loads_report(text, on_error="skip")`` says (the product's
    reader, or the oracle's): the hands (and their reprs, which also tell
    ``1`` from ``True``), other games, errors (message, hand, line, reason)
    and warnings (or the error of a text that is no text)."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            report = (pokerstars.loads_report(text, on_error="skip") if product
                      else oracle.loads_report(text))
    except pokerstars.PokerStarsError as exc:  # the text as a whole: not UTF-8
        return [], [], -1, [(str(exc), exc.hand, exc.line, exc.reason)], []
    return (
        report.hands,
        [repr(hh) for hh in report.hands],
        report.other_games,
        [(str(e), e.hand, e.line, e.reason) for e in report.errors],
        [(w.category.__name__, str(w.message)) for w in caught],
    )


def read_both_ways(text: str | bytes) -> dict[str, int]:
    """Assert that ``text`` reads the same with the reader and the oracle;
    return how many hands were ``read`` and how many ``refused``."""
    oracle_said = outcome(text, False)
    said = outcome(text, True)
    assert said[2:] == oracle_said[2:], (text, said[2:], oracle_said[2:])
    assert said[1] == oracle_said[1], (text, said[1], oracle_said[1])
    assert said[0] == oracle_said[0]
    return {"read": len(said[0]), "refused": len(said[3])}


# ------------------------------------------------- engine-played hands

PLAIN_NAMES = ["Ann", "Ann Lee", "[ bob ]", "Carl (CA)", "d.e.f", "Zo\u00eb", "\u6f22\u5b57 x",
               "x [2]", "\u00c9va-\u0141ucja", "P.3(x)", "bravo [x]", "7 up", "Q", "Ann Lee 2"]
# (ante, bring-in, small bet, big bet): cents, and chips
CASH_STAKES = [(10, 25, 50, 100), (2, 5, 10, 20), (0, 10, 20, 40), (3, 7, 20, 40),
               (25, 50, 200, 400)]
CHIP_STAKES = [(100, 300, 1000, 2000), (25, 50, 200, 400), (0, 500, 2000, 4000),
               (200, 500, 2000, 4000)]
KINDS = ["dollar", "euro", "pound", "tournament", "chips"]


def play(hand: Hand, rng: random.Random, fold: float) -> Hand:
    """Play ``hand`` to its end: fold with probability ``fold`` when folding
    is legal, otherwise any other legal action."""
    while hand.actor is not None:
        legal = hand.legal_actions()
        others = [a for a in legal if a != "f"]
        if not others or ("f" in legal and rng.random() < fold):
            hand.act("f")
        else:
            hand.act(rng.choice(others))
    return hand


def hide(actions: list[str], hero: int, seventh: bool) -> list[str]:
    """The actions as ``hero`` (a seat index) sees them: the others' down
    cards unseen (their 7th-street card too when ``seventh``)."""
    dealt: dict[str, int] = {}
    out = []
    for action in actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            seat = words[2]
            dealt[seat] = dealt.get(seat, 0) + len(words[3]) // 2
            if seat != f"p{hero + 1}":
                if len(words[3]) == 6:
                    action = f"d dh {seat} ????{words[3][4:]}"
                elif seventh and dealt[seat] == 7:
                    action = f"d dh {seat} ??"
        out.append(action)
    return out


SEPARATED = re.compile(r"(?<=[ (])(\d{4,})(?=[ ).]|$)", re.M)


def thousands(text: str) -> str:
    """Chip amounts of 1000 or more written with thousands separators
    (``12,500``), as PokerStars writes them (``dumps`` writes ``12500``);
    the header line is left alone."""
    head, _, body = text.partition("\n")
    return head + "\n" + SEPARATED.sub(lambda m: f"{int(m.group(1)):,}", body)


def engine_hand(rng: random.Random, *, players: int | None = None, kind: str | None = None,
                names: list[str] | None = None, rake: int | None = None,
                hero: int | str | None = "random", number: int = 1) -> str:
    """The PokerStars text of one engine-played hand of the given shape
    (random where not given): 2-8 players, stacks short enough for all-ins
    and side pots, a rake or none, cash in dollars or euros (cents),
    tournament or play-money chips with thousands separators, names with
    spaces, brackets and non-ASCII letters; Hero sees only his own down cards
    (``hero``: a seat) or every card is shown (``None``); now and then a seat
    without chips."""
    n = players if players is not None else rng.randint(2, 8)
    kind = kind or rng.choice(KINDS)
    cash = kind in ("dollar", "euro", "pound")
    ante, bring_in, small, big = rng.choice(CASH_STAKES if cash else CHIP_STAKES)
    rules = Rules(ante, bring_in, small, big, profile="online")
    while True:
        stacks = []
        for _ in range(n):
            if rng.random() < 0.45:
                stacks.append(rng.randint(1, 3 * big))
            else:
                stacks.append(rng.randint(3 * big, 40 * big))
        if n > 2 and rng.random() < 0.1:  # a seat without chips, dealt nothing
            stacks[rng.randrange(n)] = 0
        take = rake if rake is not None else rng.choice([0, 0, 1, small // 10 + 1, 3 * big])
        hand = play(Hand(rules, stacks, seed=rng.random(), rake=take), rng,
                    rng.choice([0.05, 0.2, 0.5]))
        if hand.community_card is None:
            break
    hh = HandHistory.from_hand(hand, players=names or rng.sample(PLAIN_NAMES, n))
    hh.hand = number
    hh.table = rng.choice(["T", "Hydra IV", "3141592653 7"])
    hh.seat_count = rng.choice([8, 8, 10])
    hh.seats = sorted(rng.sample(range(1, hh.seat_count + 1), n))
    if rng.random() < 0.7:
        hh.year, hh.month, hh.day = 2026, rng.randint(1, 12), rng.randint(1, 28)
        hh.time = datetime.time(rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
        hh.time_zone_abbreviation = rng.choice(["ET", "CET", None])
    if kind == "dollar":
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        hh.currency, hh.currency_symbol = "USD", "$"
    elif kind == "euro":
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        hh.currency, hh.currency_symbol = "EUR", "\u20ac"
    elif kind == "pound":
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        hh.currency, hh.currency_symbol = "GBP", "\u00a3"
    elif kind == "tournament":
        hh.user_fields["_pokerstars"] = {"unit": "chip", "tournament": str(rng.randint(1, 10**9)),
                                         "buy_in": "$10+$1 USD"}
        hh.level = rng.randint(1, 20)
    else:
        hh.user_fields["_pokerstars"] = {"unit": "chip"}
    if hero == "random":
        hero = rng.choice([None, rng.randrange(n)])
    if hero is not None:
        assert isinstance(hero, int)
        hh.actions = hide(hh.actions, hero, rng.random() < 0.5)
    text = pokerstars.dumps([hh])
    return text if cash else thousands(text)


@functools.cache
def engine_hands(seed: int, count: int, **shape: Any) -> tuple[str, ...]:
    """``count`` texts of :func:`engine_hand` (numbered from 1), from ``seed``
    (made once: several tests read the same hands)."""
    rng = random.Random(seed)
    return tuple(engine_hand(rng, number=k + 1, **shape) for k in range(count))


def short_bring_in(text: str) -> bool:
    """Whether the bring-in is all-in for less than the bring-in (the
    structure's bring-in is then read off the calls or the completion)."""
    return re.search(r": brings in for \S+ and is all-in$", text, re.M) is not None


def short_completion(text: str) -> bool:
    """Whether 3rd street opens with an all-in bet: the bring-in's player
    completing for less (the structure's bring-in is then guessed: the first
    that replays the hand to its stacks)."""
    third = text.split("*** 3rd STREET ***", 1)[1].split("*** ", 1)[0]
    return re.search(r": bets \S+ and is all-in$", third, re.M) is not None


def data_files() -> list[str]:
    """Every file of tests/data/pokerstars."""
    return [path.read_text(encoding="utf-8") for path in sorted(DATA.glob("*.txt"))]


def data_hands() -> list[str]:
    """Every hand of the files of tests/data/pokerstars."""
    return [block.strip() + "\n" for text in data_files()
            for block in re.split(r"\n\s*\n", text) if block.strip()]
