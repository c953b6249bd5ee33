"""The OpenSpiel game ``"python_razzcore"``: razz with explicit chance nodes.

:func:`register_openspiel` registers it with ``pyspiel``; then
``pyspiel.load_game("python_razzcore", {...})`` takes the parameters

* ``players`` (2..8, default 2);
* ``structure``: ``"ante bring_in small_bet big_bet"`` in chips (default ``"2 5 10 20"``);
* ``stacks``: the chips every seat starts with (default 1000);
* ``profile``: the rules profile (default ``"online"``).

Every card dealt (burn cards included) is a chance node with a uniform
distribution over the cards not yet dealt - and, after the TDA 7th-street
remix (R18: the stub runs short and the three earlier burns are mixed back
in), over the stub and those burns.  Player actions are the indexes of
:data:`~razzcore.envs.ACTIONS`.  ``information_state_tensor`` and
``observation_tensor`` are both the tensor of :func:`~razzcore.envs.encode`
(amounts in big bets); the information state string is the seat's PHH history
(perfect recall), the observation string the hand as the seat sees it.
``returns`` are in chips.

>>> import pyspiel
>>> from razzcore.envs import register_openspiel
>>> register_openspiel()
>>> game = pyspiel.load_game("python_razzcore", {"players": 2})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), state.legal_actions()
(1, [1, 2])
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import numpy as np

from ..cards import format_card
from ..engine.hand import Hand
from ..engine.rules import Rules
from ..engine.view import HandView
from ..errors import IllegalActionError, MissingDependencyError, RulesError, as_int, brief
from ._encoding import ACTIONS, action_string, check_players, encode, observation_size

try:
    import pyspiel
except ImportError:
    raise MissingDependencyError.of(
        "open_spiel", "openspiel", "razzcore.envs.register_openspiel"
    ) from None

__all__ = ["GAME_NAME", "RazzGame", "RazzState", "register_openspiel"]

GAME_NAME = "python_razzcore"

# Chance outcomes as (card, probability) pairs, by the number of cards left.
_PAIRS = [()] + [tuple((c, 1.0 / n) for c in range(52)) for n in range(1, 53)]

# The engine always gets a full deck, so it draws nothing from its generator;
# giving it this one spares seeding a new one for every rebuilt hand.
_UNUSED_RNG = random.Random(0)

# The legal PHH actions of a decision -> (action index -> PHH text, the
# sorted indexes): a few hundred menus at most (the amounts vary with the
# structure only), shared by every state and never mutated.
_MENUS: dict[tuple[str, ...], tuple[dict[int, str], list[int]]] = {}
_NO_TEXTS: dict[int, str] = {}
_NO_ACTIONS: list[int] = []

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

_DEFAULT_PARAMS = {"players": 2, "structure": "2 5 10 20", "stacks": 1000, "profile": "online"}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="razzcore Razz (seven-card stud low, fixed limit)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=_DEFAULT_PARAMS,
)


def _ints(text: object, what: str) -> list[int]:
    try:
        values = [int(v) for v in str(text).split()]
    except ValueError:
        raise RulesError(f"{what} must be space-separated integers, not {brief(text)}") from None
    return values


class RazzGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game (see the module docstring for its parameters).

    >>> game = RazzGame({"players": 3})
    >>> game.num_players(), game.num_distinct_actions(), game.observation_tensor_shape()
    (3, 3, [462])
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULT_PARAMS, **(params or {})}
        n = check_players(values["players"])
        structure = _ints(values["structure"], "structure")
        if len(structure) != 4:
            raise RulesError(
                "structure is 'ante bring_in small_bet big_bet', "
                f"not {brief(values['structure'])}"
            )
        self.rules = Rules(*structure, profile=str(values["profile"]))
        stack = as_int(values["stacks"])
        if stack is None or stack <= 0:
            raise RulesError(
                f"stacks must be a positive int (chips per seat), not {brief(values['stacks'])}"
            )
        self.stacks = stacks = [stack] * n
        self.players = n
        rules = self.rules
        if rules.deal_start_seat > n:
            raise RulesError(f"deal_start_seat {rules.deal_start_seat} is not one of {n} seats")
        total = sum(stacks)
        cap = rules.max_bets_per_round
        if rules.heads_up_uncapped or rules.heads_up_max_bets is not None:
            cap = max(cap, rules.heads_up_max_bets or 0, total // rules.small_bet + 1)
        # Every seat acts at most cap + 2 times a street (the bring-in, then
        # once per wager); every card of the deck may be a chance node.
        max_length = 5 * n * (cap + 2) + 52
        info = pyspiel.GameInfo(
            num_distinct_actions=len(ACTIONS),
            max_chance_outcomes=52,
            num_players=n,
            min_utility=float(-max(stacks)),
            max_utility=float(total - min(stacks)),
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(_GAME_TYPE, info, values)

    def new_initial_state(self) -> RazzState:
        """A state before the deal."""
        return RazzState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RazzObserver:
        """The observer behind the tensors and strings."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect = True if iig_obs_type is None else bool(iig_obs_type.perfect_recall)
        return RazzObserver(self.players, perfect)


class RazzState(pyspiel.State):  # type: ignore[misc]
    """A razz hand under OpenSpiel: chance nodes deal, players act.

    The engine's :class:`~razzcore.Hand` is built from an explicit deck: the
    cards chance chose, in deal order, then the cards not chosen yet (their
    order never matters: no player sees them before chance chooses them).

    A hand dealt from a seeded generator, every seat checking or calling (1):

    >>> import random
    >>> rng, state = random.Random(1), RazzGame({"players": 3}).new_initial_state()
    >>> while not state.is_terminal():
    ...     if state.is_chance_node():
    ...         cards, odds = zip(*state.chance_outcomes())
    ...         state.apply_action(rng.choices(cards, odds)[0])
    ...     else:
    ...         state.apply_action(1)
    >>> state.returns()
    [14.0, -7.0, -7.0]
    """

    def __init__(self, game: RazzGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._stacks = game.stacks
        self._n = game.players
        self._deck: list[int] = []  # chance outcomes in deal order (burns included)
        self._left = list(range(52))  # the cards no chance node chose (the stub)
        self._pool = self._left  # the cards the next chance node may choose
        self._actions: list[str] = []  # the players' actions, PHH
        self._hand: Hand | None = None  # valid when _need == 0
        self._need = 3 * self._n  # cards to deal before the next decision
        # A TDA 7th-street remix (R18) pending or done: (deck index of the
        # 7th-street burn, stub size then, deck indexes of the earlier burns);
        # _plain: chance nodes still drawn from the stub before it.
        self._remix: tuple[int, int, list[int]] | None = None
        self._plain = 0
        self._player = _CHANCE  # current_player(), kept up to date
        self._texts: dict[int, str] = _NO_TEXTS  # legal action index -> PHH action
        self._legal: list[int] = _NO_ACTIONS  # sorted keys of _texts (never mutated)

    # -------------------------------------------------------------- OpenSpiel

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are due, TERMINAL at the end."""
        return self._player

    def _update(self) -> None:
        """Set current_player() and the PHH text of each legal action index."""
        if self._need:
            self._player = _CHANCE
            self._texts, self._legal = _NO_TEXTS, _NO_ACTIONS
            return
        hand = self._hand
        assert hand is not None
        actor = hand.actor
        if actor is None:
            self._player = _TERMINAL
            self._texts, self._legal = _NO_TEXTS, _NO_ACTIONS
            return
        self._player = actor
        legal = tuple(hand.legal_actions())
        known = _MENUS.get(legal)
        if known is None:
            if len(_MENUS) >= 4096:  # all-in amounts vary with the stacks: stay bounded
                _MENUS.clear()
            texts = {0 if a == "f" else 2 if a[:3] == "cbr" else 1: a for a in legal}
            known = _MENUS[legal] = (texts, sorted(texts))
        self._texts, self._legal = known

    def _legal_actions(self, player: int) -> list[int]:
        return self._legal[:]

    # Python callers reach these without a round trip through C++; the
    # C++ side (random_sim_test, serialization) still calls the base ones,
    # which give the same answers (the tests compare them).

    def is_chance_node(self) -> bool:
        """Whether cards are due."""
        return self._player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the one to move: action indexes at a
        decision, cards at a chance node (``player`` given: pyspiel's own)."""
        if player is not None:
            return pyspiel.State.legal_actions(self, player)  # type: ignore[no-any-return]
        if self._player == _CHANCE:
            return self._pool[:]
        return self._legal[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card the next deal may bring, equally likely: the cards not
        dealt yet, and after a TDA 7th-street remix (R18) the earlier burns too."""
        pool = self._pool
        pairs = _PAIRS[len(pool)]
        return [pairs[c] for c in pool]

    def _apply_action(self, action: int) -> None:
        if self._need:
            self._deal(action)
            return
        hand = self._hand
        assert hand is not None
        text = self._texts.get(action)
        if text is None:
            text = action_string(hand, action)  # raises IllegalActionError, naming why
        street = hand.street
        hand.act(text)
        self._actions.append(text)
        left = len(self._left)
        need = left - hand.cards_left
        if street < 7 and hand.street == 7:
            need = self._seventh(hand, left)
        if need > 0:  # the action closed a round: the next cards are chance nodes
            self._need, self._hand = need, None
        self._update()

    def _deal(self, action: int) -> None:
        """A chance node: ``action`` is the card dealt."""
        card = int(action)
        pool = self._pool
        try:
            pool.remove(card)
        except ValueError:
            raise IllegalActionError(f"card {brief(action)} cannot be dealt now") from None
        if pool is not self._left and card in self._left:
            self._left.remove(card)
        self._deck.append(card)
        self._need -= 1
        self._plain -= 1
        if self._plain == 0 and self._remix is not None and pool is self._left:
            self._pool = self._left + [self._deck[i] for i in self._remix[2]]
        if self._need == 0:
            self._rebuild()
            self._update()

    def _seventh(self, probe: Hand, left: int) -> int:
        """The chance nodes due after an action that dealt 7th street on
        ``probe`` (built from the chosen cards then the stub ``_left`` in list
        order).  When the engine mixed the earlier burns back into the stub
        (R18), the 7th-street cards are chance nodes over the stub and those
        burns, and the engine's deck is arranged to deal them (see
        :meth:`_engine_deck`)."""
        stub = self._left
        where = {c: k for k, c in enumerate(stub)}
        early: set[int] = set()
        seventh: list[int] = []
        for s in range(self._n):
            cards = probe.hole_cards(s)
            early.update(cards[:6])
            if len(cards) == 7:
                seventh.append(cards[6])
        if probe.community_card is not None:
            seventh.append(probe.community_card)
        if not seventh:
            return left - probe.cards_left
        # cards drawn from the stub before 7th street (4th-6th of a run-out)
        before = max((where[c] for c in early if c in where), default=-1) + 1
        stub7 = left - before
        last = max(where.get(c, left) for c in seventh)
        if last < left and probe.cards_left == stub7 - (last + 1 - before):
            return left - probe.cards_left  # no remix
        # R18 remix: the engine burned one card and dealt `seventh` from the
        # stub followed by the earlier burns (the cards before the 7th-street
        # burn that nobody holds).
        at = len(self._deck) + before
        dealt = self._deck + stub
        burns = [i for i in range(at) if dealt[i] not in early]
        if probe.cards_left != stub7 + len(burns) - len(seventh) - 1:
            raise RulesError("the 7th-street deal does not match the TDA remix (internal error)")
        self._remix = (at, stub7, burns)
        self._plain = before
        if before == 0:
            self._pool = self._left + [self._deck[i] for i in burns]
        return before + len(seventh) + 1

    def _engine_deck(self) -> bytes:
        """The deck that makes the engine deal the chosen cards.  After a
        remix the engine deals the stub, then the earlier burns, in order
        (its explicit-deck rule): the 7th-street cards chance chose go to
        those places, the rest of the pool to the remaining burn places
        (burns nobody sees; the hand is the same for every seat)."""
        if self._remix is None:
            return bytes(self._deck + self._left)
        at, stub7, burns = self._remix
        later = self._deck[at:]
        deck = self._deck[:at]
        if self._need:  # 7th street not chosen yet: only the cards before it matter
            used = set(deck)
            return bytes(deck + [c for c in range(52) if c not in used])
        pool = set(self._left)
        pool.update(deck[i] for i in burns)
        pool.difference_update(later)
        spare = later[stub7:] + sorted(pool)
        for i, c in zip(burns, spare, strict=True):
            deck[i] = c
        return bytes(deck + later[:stub7])

    def _replay(self, actions: list[str]) -> Hand:
        """A hand from the chosen cards with ``actions`` replayed."""
        hand = Hand(self._rules, self._stacks, deck=self._engine_deck(), rng=_UNUSED_RNG)
        for text in actions:
            hand.act(text)
        return hand

    def _rebuild(self) -> None:
        hand = self._replay(self._actions)
        self._hand = hand
        if self._remix is not None and len(self._deck) > self._remix[0]:
            dealt = [c for s in range(self._n) for c in hand.hole_cards(s)[6:]]
            if hand.community_card is not None:
                dealt.append(hand.community_card)
            if sorted(dealt) != sorted(self._deck[self._remix[0] + 1 :]):
                raise RulesError("the engine dealt other cards than chance chose (internal error)")
        elif hand.cards_left != len(self._left):
            raise RulesError("the engine dealt other cards than chance chose (internal error)")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {format_card(int(action))}"
        return ACTIONS[int(action)]

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's net result in chips (zeros until the end)."""
        if not self.is_terminal():
            return [0.0] * self._n
        assert self._hand is not None and self._hand.payoffs is not None
        return [float(p) for p in self._hand.payoffs]

    def __str__(self) -> str:
        if self._hand is not None:
            return "\n".join(self._hand.history)
        return " ".join(format_card(c) for c in self._deck)

    def __deepcopy__(self, memo: dict[int, Any]) -> RazzState:
        new = self.__class__.__new__(self.__class__)
        pyspiel.State.__init__(new, self.get_game())
        new.__dict__.update(self.__dict__)
        new._deck = self._deck[:]
        new._left = self._left[:]
        new._pool = new._left if self._pool is self._left else self._pool[:]
        new._actions = self._actions[:]
        new._hand = None if self._hand is None else self._hand.copy()
        return new

    def clone(self) -> RazzState:
        """An independent copy."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------- observers

    def view(self, seat: int) -> HandView:
        """What ``seat`` sees now.  At a chance node between streets: the
        hand before the action that closed the round (nobody to act); during
        the first deal: the cards dealt so far."""
        if self._hand is not None:
            return self._hand.view(seat)
        if self._actions:
            v = self._replay(self._actions[:-1]).view(seat)
            return dataclasses.replace(v, actor=None, legal_actions=())
        return self._first_deal_view(seat)

    def _first_deal_view(self, seat: int) -> HandView:
        n = self._n
        first = self._rules.deal_start_seat - 1
        rows: list[list[int | None]] = [[] for _ in range(n)]
        boards: list[list[int]] = [[] for _ in range(n)]
        for k, c in enumerate(self._deck):
            s = (first + k) % n
            up = k >= 2 * n
            rows[s].append(c if up or s == seat else None)
            if up:
                boards[s].append(c)
        history = tuple(
            f"d dh p{s + 1} " + "".join("??" if c is None else format_card(c) for c in rows[s])
            for s in range(n)
            if rows[s]
        )
        return HandView(
            seat=seat,
            street=3,
            actor=None,
            legal_actions=(),
            stacks=tuple(self._stacks),
            bets=(0,) * n,
            pots=(),
            boards=tuple(tuple(b) for b in boards),
            cards=tuple(tuple(r) for r in rows),
            folded=(False,) * n,
            community_card=None,
            history=history,
            is_over=False,
            payoffs=None,
        )


class RazzObserver:
    """OpenSpiel's observer protocol: ``tensor``/``dict`` and ``set_from``,
    ``string_from``."""

    def __init__(self, players: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(observation_size(players), np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: RazzState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into :attr:`tensor`."""
        self.tensor[:] = encode(state.view(player), unit=state._rules.big_bet)

    def string_from(self, state: RazzState, player: int) -> str:
        """The PHH history ``player`` sees (perfect recall), or the hand as
        text."""
        view = state.view(player)
        if self.perfect_recall:
            return f"p{player + 1}\n" + "\n".join(view.history)
        return str(view)


def register_openspiel() -> None:
    """Register ``"python_razzcore"`` with pyspiel (again is harmless).

    >>> register_openspiel()
    >>> "python_razzcore" in [g.short_name for g in pyspiel.registered_games()]
    True
    """
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, RazzGame)
