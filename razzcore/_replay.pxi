# Included by _core.pyx after _hand.pxi: the replay of a PHH history on a
# HandCore (the one replay loop, razzcore/histories/replay.py words what it
# reports) and the deck it deals from.  Its progress lives in HandCore's
# _rp_* fields, so a replay can stop and go on (an observer between actions,
# a line Hand.act plays).
#
# Every index into the struct's arrays is a seat < h.n <= 8 or a card count
# kept <= 7; every card code from an action is checked 0..51 before a shift.


cdef object rp_run(HandCore hand, list actions, Py_ssize_t start, Py_ssize_t stop):
    """Play a PHH replay's parsed actions (``Action`` records of
    :mod:`razzcore.engine.notation`: ``verb``, ``seat``, ``cards``,
    ``amount``, ``show``) ``start`` to ``stop`` on this hand; with
    ``stop = -1`` play to the end and finish a showdown the history
    leaves to the engine.  ``start = 0`` begins a replay; a later call
    goes on from where the last one (or :meth:`HandCore._replay_acted`) stopped.

    Each deal line must name the cards the engine dealt that seat (or
    the board) next (``None`` for ``??``), and every card dealt must be
    named before the next player line (an all-in showdown may table
    hands between); each player line must be the actor's, or an action
    the engine played for a seat sitting out, listed in its place.
    Returns ``(-1, 0)`` when all applied, else ``(index, code)`` of the
    first action it cannot apply (``len(actions)`` for the end of the
    history): the engine's reason code (``RZ_ERR_*``) or a ``REPLAY_*``
    code (negative).  Nothing is worded here: :meth:`HandCore._replay_state`
    tells :mod:`razzcore.histories.replay` what it needs to word it.
    """
    cdef Py_ssize_t i, k, nc, count = len(actions), end, logpos
    cdef int n = <int>hand._n(), s, kind, code, got, c, pending
    cdef uint64_t bit, held, shown, spare
    cdef int64_t total, cbr, amount
    cdef rz_events ev
    cdef tuple cards
    cdef bint away = len(hand._away) > 0
    if start == 0:
        rp_begin(hand, away)
    elif hand._rp_own is None:
        raise ValueError("a replay run begins at action 0")
    end = count if stop < 0 else min(stop, count)
    if not 0 <= start <= count:
        raise ValueError(f"replay start {start} is not in 0..{count}")
    for i in range(start, end):
        a = actions[i]
        verb = a.verb
        if verb == "":
            continue
        seat = a.seat
        if verb == "dh" or verb == "db":
            cards = a.cards
            nc = len(cards)
            if verb == "db":
                if nc != 1 or hand._rp_board or not rp_board_limit(hand, away):
                    return (i, REPLAY_DEAL)
                want = cards[0]
                if want is not None and want != hand.h.community:
                    hand._rp_got = hand.h.community % 52
                    hand._rp_want = <int>(want % 52)
                    return (i, REPLAY_MISPLACED)
                hand._rp_board = 1
                continue
            if seat is None or not 0 <= seat < n:
                return (i, REPLAY_DEAL)
            s = seat
            if nc > 7 or hand._rp_named[s] + nc > rp_limit(hand, s, away):
                return (i, REPLAY_DEAL)
            for k in range(nc):
                got = hand.h.cards[7 * s + hand._rp_named[s] + k] % 52
                want = cards[k]
                if want is None:
                    hand._rp_unknown[s] |= (<uint64_t>1) << got
                elif want != got:
                    hand._rp_got = got
                    hand._rp_want = <int>(want % 52)
                    return (i, REPLAY_MISPLACED)
            hand._rp_named[s] += <int>nc
            continue
        # A player line: the dealer's lines for every card dealt come first,
        # but all-in hands may be tabled between them.
        pending = rp_pending(hand, n, away)
        if pending and not (verb == "sm" and (hand.h.phase == RZ_OVER
                                              or hand.h.phase == RZ_SHOW)):
            return (i, REPLAY_PENDING)
        if seat is None or not 0 <= seat < n:
            return (i, REPLAY_TURN)
        s = seat
        if verb == "sm":
            cards = a.cards
            shown = 0
            for k in range(len(cards)):
                want = cards[k]
                if want is None:
                    continue
                if not 0 <= want < 52:
                    return (i, REPLAY_TURN)
                shown |= (<uint64_t>1) << <int>want
            if pending:  # a card shown before the dealer's line deals it
                for k in range(len(cards)):
                    want = cards[k]
                    if want is None:
                        continue
                    for c in range(hand._rp_named[s], rp_limit(hand, s, away)):
                        if hand.h.cards[7 * s + c] % 52 == want:
                            hand._rp_want = <int>want
                            return (i, REPLAY_EARLY)
            if hand.h.phase == RZ_OVER:
                continue  # showing or mucking after the pot is pushed
            if a.show and cards:
                held = 0
                for k in range(min(<int>hand.h.ncards[s], 7)):
                    held |= (<uint64_t>1) << (hand.h.cards[7 * s + k] % 52)
                for k in range(len(cards)):
                    want = cards[k]
                    if want is None:
                        continue
                    c = want
                    if held & ((<uint64_t>1) << c):
                        continue
                    spare = hand._rp_unknown[s] & ~shown
                    hand._rp_want = c
                    if not spare or rp_named_cards(hand, actions) & ((<uint64_t>1) << c):
                        return (i, REPLAY_UNDEALT)
                    got = 0
                    while not spare & ((<uint64_t>1) << got):
                        got += 1
                    hand._rp_got = got
                    return (i, REPLAY_MISPLACED)
                hand._rp_unknown[s] &= ~shown
        if away:
            if hand._rp_own:
                if rp_matches(hand, hand._rp_own[0][0], a, verb, s):
                    del hand._rp_own[0]
                    continue
                return (i, REPLAY_ABSENT)
        logpos = len(hand._log)
        ev.count = 0
        if verb == "sm":
            if hand.h.phase != RZ_SHOW or s != hand.h.actor:
                return (i, REPLAY_TURN)
            if a.show:
                cards = a.cards
                nc = len(cards)
                bit = 0
                for k in range(nc):
                    want = cards[k]
                    if want is None:
                        continue
                    if bit & ((<uint64_t>1) << <int>want):
                        return (i, REPLAY_TURN)
                    bit |= (<uint64_t>1) << <int>want
                if nc and None not in cards and nc != min(<int>hand.h.ncards[s], 7):
                    return (i, REPLAY_TURN)  # an early partial show
            code = rz_hand_show(&hand.h, s, 1 if a.show else 0, &ev)
            if code:
                return (i, code)
            hand._record(&ev)
            rp_note(hand, i, logpos, True)
            continue
        if verb == "f":
            kind = RZ_FOLD
        elif verb == "cc":
            kind = RZ_CALL
        elif verb == "pb":
            kind = RZ_POST
        elif verb == "cbr":
            kind = RZ_RAISE
        else:
            return (i, REPLAY_TURN)
        if s != hand.h.actor:
            return (i, RZ_ERR_TURN)
        total = 0
        if kind == RZ_RAISE:
            value = a.amount
            if value is None or not 0 < value < (<int64_t>1) << 62 or hand.h.phase == RZ_SHOW:
                return (i, REPLAY_TURN)
            amount = value
            rz_hand_options(&hand.h, &cbr)
            if amount != cbr and cbr:
                total = amount
        code = rz_hand_apply(&hand.h, kind, total, total != 0, &ev)
        if code:
            return (i, code)
        hand._record(&ev)
        rp_note(hand, i, logpos, True)
    if stop >= 0:
        return (-1, 0)
    if rp_pending(hand, n, away):
        # Cards dealt that the history never names: an error when they
        # decided the showdown, else the hand stays running.
        return (count, REPLAY_PENDING) if hand.h.phase == RZ_OVER else (-1, 0)
    # A history that stops at the showdown: every remaining hand is shown.
    while hand.h.actor >= 0 and hand.h.phase == RZ_SHOW:
        s = hand.h.actor
        if not 0 <= s < n or hand._rp_unknown[s]:
            return (count, REPLAY_SHOWN)
        ev.count = 0
        code = rz_hand_show(&hand.h, s, 1, &ev)
        if code:
            return (count, code)
        hand._record(&ev)
    return (-1, 0)


cdef int rp_begin(HandCore hand, bint away) except -1:
    cdef int s, k
    for s in range(8):
        hand._rp_named[s] = 0
        hand._rp_unknown[s] = 0
        hand._rp_seen[s] = 0
        hand._rp_dealt[s] = 0
        for k in range(7):
            hand._rp_after[s][k] = -1
    hand._rp_board = hand._rp_seen_board = hand._rp_board_dealt = 0
    hand._rp_board_after = -1
    hand._rp_got = hand._rp_want = -1
    hand._rp_known = 0
    hand._rp_known_read = 0
    hand._rp_logseen = 0
    hand._rp_own = []
    rp_note(hand, -1, 0, False)
    return 0


cdef int rp_note(HandCore hand, Py_ssize_t line, Py_ssize_t logpos, bint mine) except -1:
    """Note that replay line ``line`` was played (by :meth:`HandCore._replay_run`
    or ``Hand.act``), the engine's history having been ``logpos``
    entries long before it: the cards it dealt since are dealt after
    that line, and with seats sitting out, the actions the engine
    played for them are queued for the history to list."""
    cdef int s, c, n = <int>hand._n()
    cdef Py_ssize_t k
    if hand._rp_own is None:
        raise ValueError("no replay run to note a line in")
    for s in range(min(n, 8)):
        c = min(<int>hand.h.ncards[s], 7)
        while 0 <= hand._rp_seen[s] < c:
            hand._rp_after[s][hand._rp_seen[s]] = line
            hand._rp_seen[s] += 1
    if hand.h.community >= 0 and not hand._rp_seen_board:
        hand._rp_board_after = line
        hand._rp_seen_board = 1
    if not hand._away:
        return 0
    cdef list log = hand._log
    for k in range(logpos, len(log)):
        e = log[k]
        kind = e[0]
        if kind == "dh":
            s = e[1]
            if 0 <= s < 8:
                hand._rp_dealt[s] += len(e[2])
        elif kind == "db":
            hand._rp_board_dealt = 1
        elif kind == "ante" or kind == "back":
            continue
        elif mine:
            mine = False  # the line just played
        else:  # an action the engine played for a seat sitting out (R23)
            hand._rp_own.append((e, tuple([hand._rp_dealt[s] for s in range(8)]),
                                 hand._rp_board_dealt))
    hand._rp_logseen = len(log)
    return 0


cdef int rp_limit(HandCore hand, int s, bint away):
    """How many of seat ``s``'s cards the history may name now: those
    dealt, or with an action the engine played for a seat sitting out
    still to list, those dealt before it."""
    cdef int c = min(<int>hand.h.ncards[s], 7)
    if away and hand._rp_own:
        c = min(c, <int>hand._rp_own[0][1][s])
    return c


cdef bint rp_board_limit(HandCore hand, bint away):
    if away and hand._rp_own:
        return hand._rp_own[0][2] != 0
    return hand.h.community >= 0


cdef bint rp_pending(HandCore hand, int n, bint away):
    """Whether cards the history may name now are not named yet."""
    cdef int s
    if rp_board_limit(hand, away) and not hand._rp_board:
        return True
    for s in range(n):
        if hand._rp_named[s] < rp_limit(hand, s, away):
            return True
    return False


cdef bint rp_matches(HandCore hand, tuple e, a, verb, int s):
    """Whether line ``a`` is the engine's action ``e`` for a seat sitting out."""
    if e[0] != verb or e[1] != s:
        return False
    return verb != "cbr" or e[2] == a.amount


cdef uint64_t rp_named_cards(HandCore hand, list actions):
    """The cards the history's deal lines name."""
    cdef uint64_t known = 0
    if hand._rp_known_read:
        return hand._rp_known
    for a in actions:
        if a.verb == "dh" or a.verb == "db":
            for want in a.cards:
                if want is not None and 0 <= want < 52:
                    known |= (<uint64_t>1) << <int>want
    hand._rp_known = known
    hand._rp_known_read = 1
    return known


cdef object rp_state(HandCore hand):
    """What a stopped :meth:`HandCore._replay_run` knows, for the wording of its
    error: ``(named, limits, board named, board due, after, own, got,
    want)``: each seat's cards named and nameable now, whether the
    board card is named and whether it is nameable, the line played
    last when the first card still due was dealt (None: before any),
    the engine's next action for a seat sitting out that the history
    has not listed (None), and the misplaced or refused cards (-1)."""
    cdef int n = <int>hand._n(), s, k
    cdef bint away = len(hand._away) > 0
    cdef Py_ssize_t after = -2
    named = tuple([hand._rp_named[s] for s in range(n)])
    limits = tuple([rp_limit(hand, s, away) for s in range(n)])
    board_due = rp_board_limit(hand, away)
    for s in range(n):
        for k in range(hand._rp_named[s], min(rp_limit(hand, s, away), 7)):
            if after == -2 or hand._rp_after[s][k] < after:
                after = hand._rp_after[s][k]
    if board_due and not hand._rp_board and (after == -2 or hand._rp_board_after < after):
        after = hand._rp_board_after
    own = hand._rp_own[0][0] if away and hand._rp_own else None
    return (named, limits, bool(hand._rp_board), bool(board_due),
            None if after < 0 else after, own, hand._rp_got, hand._rp_want)


def replay_deck(list actions, list stacks, Py_ssize_t first, bint burn, away):
    """The deck a PHH replay deals from, laid out from parsed actions
    (``Action`` records): each seat's named hole cards in R4 order from seat
    ``first`` (0-based) among the seats with chips not in ``away``, a burn
    before each later street when ``burn``, the board cards last; a card a
    seat shows fills that seat's unknown (``??``) slots; burns and unknown
    cards take the unused cards in order, which then follow.  52 card codes
    as bytes; a list when a shown card fills two slots (``Hand`` refuses
    that deck); ``(index, card)`` of the first deal line naming a card
    already named.  Cards past a seat's seventh, and deal lines for a seat
    off the table, are left for the replay to refuse."""
    cdef Py_ssize_t n = len(stacks), i, k, j, nc, nslots = 0, out = 0
    cdef int known[8][52]
    cdef int count[8]
    cdef int board[52]
    cdef int nboard = 0, s, c, spare = 0, dup = 0
    cdef int slots[128]
    cdef uint64_t named = 0, used = 0, bit
    cdef uint8_t deck[192]
    cdef int dealt[8]
    cdef int ndealt = 0
    cdef tuple cards
    if not 2 <= n <= 8 or not 0 <= first < n:
        return bytes(range(52))  # Hand refuses the table
    for s in range(8):
        count[s] = 0
    for i in range(len(actions)):
        a = actions[i]
        verb = a.verb
        if verb != "dh" and verb != "db":
            continue
        cards = a.cards
        nc = len(cards)
        s = -1
        if verb == "dh":
            seat = a.seat
            if seat is not None and 0 <= seat < n:
                s = seat
        for k in range(nc):
            want = cards[k]
            if want is None:
                c = -1
            elif 0 <= want < 52:
                c = want
                bit = (<uint64_t>1) << c
                if named & bit:
                    return (i, c)
                named |= bit
            else:
                raise ValueError(f"card code {want!r} is not 0..51")
            if verb == "db":
                if nboard < 52:
                    board[nboard] = c
                    nboard += 1
            elif s >= 0 and count[s] < 52:
                known[s][count[s]] = c
                count[s] += 1
    # Cards shown at the showdown fill that seat's unknown (??) cards.
    for i in range(len(actions)):
        a = actions[i]
        if a.verb != "sm":
            continue
        seat = a.seat
        cards = a.cards
        if seat is None or not cards or None in cards or not 0 <= seat < n:
            continue
        s = seat
        j = 0
        for k in range(len(cards)):
            want = cards[k]
            if not 0 <= want < 52:
                raise ValueError(f"card code {want!r} is not 0..51")
            c = want
            if named & ((<uint64_t>1) << c):
                continue
            while j < count[s] and known[s][j] >= 0:
                j += 1
            if j >= count[s]:
                break
            known[s][j] = c
            j += 1
    for k in range(n):
        s = <int>((first + k) % n)
        if stacks[s] > 0 and s not in away:
            dealt[ndealt] = s
            ndealt += 1
    for k in range(3):
        for i in range(ndealt):
            s = dealt[i]
            slots[nslots] = known[s][k] if count[s] > k else -1
            nslots += 1
    for k in range(3, 7):
        j = 0
        for i in range(ndealt):
            j += count[dealt[i]] > k
        if burn and (j or (k == 6 and nboard)):
            slots[nslots] = -1
            nslots += 1
        for i in range(ndealt):
            s = dealt[i]
            if count[s] > k:
                slots[nslots] = known[s][k]
                nslots += 1
    for i in range(nboard):  # nslots <= 24 + 36 + 52 < 128
        slots[nslots] = board[i]
        nslots += 1
    for i in range(nslots):
        if slots[i] >= 0:
            bit = (<uint64_t>1) << slots[i]
            dup |= (used & bit) != 0  # a shown card filled twice
            used |= bit
    for i in range(nslots):
        c = slots[i]
        if c < 0:
            while spare < 52 and used & ((<uint64_t>1) << spare):
                spare += 1
            if spare >= 52:
                continue
            c = spare
            spare += 1
        deck[out] = <uint8_t>c
        out += 1
    for c in range(spare, 52):
        if not used & ((<uint64_t>1) << c):
            deck[out] = <uint8_t>c
            out += 1
    if dup or out != 52:
        return [deck[i] for i in range(out)]
    return PyBytes_FromStringAndSize(<char *>deck, 52)
