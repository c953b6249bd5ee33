# Razz equity kernels (exact rank-pattern enumeration and Monte Carlo).
#
# Included by _core.pyx (one extension module, one copy of the table); the
# public API with parsing, planning and executors is razzcore/odds/hand_equity.py.
# Both entry points validate every number they pass to C, then run the kernel
# with the GIL released.

from .errors import EquityError

cdef extern from "razz_equity.h" nogil:
    ctypedef struct rz_eq_spec:
        int nplayers
        uint8_t known[8][13]
        uint8_t missing[8]
        uint8_t remaining[13]
        uint8_t community[8]
    ctypedef struct rz_eq_counts:
        uint64_t win[8]
        uint64_t tie[8]
        uint64_t share[8]
        uint64_t share_sq[8]
        uint64_t total
    void rz_eq_counts_init(rz_eq_counts *c)
    int rz_eq_exact_mode(const rz_eq_spec *s, uint64_t lo, uint64_t hi, int grouped,
                         rz_eq_counts *out)
    ctypedef struct rz_eq_range:
        int nclass
        const uint8_t *rank
        const uint8_t *count
        const uint64_t *mult
    int rz_eq_exact_range(const rz_eq_spec *s, const rz_eq_range *range, uint64_t lo,
                          uint64_t hi, rz_eq_counts *out)
    void rz_eq_mc_chunk(const rz_eq_spec *s, uint64_t seed, uint64_t chunk,
                        uint64_t trials, rz_eq_counts *out)

#: Pot shares are counted in units of 1/EQUITY_UNITS (lcm(1..8)).
EQUITY_UNITS = 840
#: Largest number of Monte Carlo trials per run (keeps every count in 64 bits).
EQUITY_MAX_TRIALS = 1 << 40


cdef int _eq_fill_spec(players, remaining, rz_eq_spec *s) except -1:
    """Copy ``players`` (a sequence of ``(known_counts[13], missing)`` or
    ``(known_counts[13], missing, community)``) and ``remaining`` (13 unseen
    counts) into ``s``, checking every value."""
    cdef int p, r, k, m, c, need = 0, unseen = 0, community = 0
    cdef int used[13]
    cdef Py_ssize_t n = len(players)
    if n < 1 or n > 8:
        raise EquityError(f"equity needs 1 to 8 players, not {n}")
    if len(remaining) != 13:
        raise EquityError("remaining must hold 13 per-rank counts")
    memset(s, 0, sizeof(rz_eq_spec))
    s.nplayers = <int>n
    for r in range(13):
        k = remaining[r]
        if k < 0 or k > 4:
            raise EquityError(f"remaining count {k} of rank {r} is outside 0..4")
        s.remaining[r] = <uint8_t>k
        used[r] = k
        unseen += k
    for p in range(n):
        entry = players[p]
        if len(entry) == 3:
            known, m, c = entry
        else:
            known, m = entry
            c = 0
        if c != 0 and c != 1:
            raise EquityError(f"player {p + 1}: the community flag must be 0 or 1, not {c}")
        if len(known) != 13:
            raise EquityError(f"player {p + 1}: known counts must hold 13 entries")
        if m < 0 or m > 7:
            raise EquityError(f"player {p + 1}: {m} cards to come is outside 0..7")
        total = m + c
        for r in range(13):
            k = known[r]
            if k < 0 or k > 4:
                raise EquityError(f"player {p + 1}: count {k} of rank {r} is outside 0..4")
            s.known[p][r] = <uint8_t>k
            used[r] += k
            total += k
        if total != 7:
            raise EquityError(f"player {p + 1}: known cards plus cards to come must be 7")
        s.missing[p] = <uint8_t>m
        s.community[p] = <uint8_t>c
        community |= c
        need += m
    for r in range(13):
        if used[r] > 4:
            raise EquityError(f"rank {r} is used {used[r]} times; each rank has 4 cards")
    need += community
    if need > unseen:
        raise EquityError(f"{need} cards are needed but only {unseen} are unseen")
    return 0


cdef tuple _eq_counts_tuple(rz_eq_counts *c, int n):
    return (
        tuple([c.win[i] for i in range(n)]),
        tuple([c.tie[i] for i in range(n)]),
        tuple([c.share[i] for i in range(n)]),
        tuple([c.share_sq[i] for i in range(n)]),
        c.total,
    )


def equity_outcomes(players, remaining):
    """Number of deals an exact enumeration stands for (a Python int):
    C(U, m1) * C(U - m1, m2) * ... for U unseen cards (times U first when a
    community card is dealt).

    >>> equity_outcomes([([1] * 3 + [0] * 10, 4), ([0] * 10 + [1] * 3, 4)],
    ...                 [3, 3, 3] + [4] * 7 + [3, 3, 3])   # A23 vs JQK: C(46,4) * C(42,4)
    18265297050
    """
    cdef rz_eq_spec s
    _eq_fill_spec(players, remaining, &s)
    from math import comb
    unseen = sum(remaining)
    out = 1
    if any(s.community[i] for i in range(s.nplayers)):
        out = unseen
        unseen -= 1
    for i in range(s.nplayers):
        out *= comb(unseen, s.missing[i])
        unseen -= s.missing[i]
    return out


cdef int _eq_exact_kernel(const rz_eq_spec *s, uint64_t lo, uint64_t hi, int grouped,
                          rz_eq_counts *out) noexcept nogil:
    return rz_eq_exact_mode(s, lo, hi, grouped, out)


cdef inline uint64_t _eq_mc_chunks_end(uint64_t first_chunk, uint64_t nchunks,
                                       uint64_t chunk_trials, uint64_t total_trials) noexcept nogil:
    """One past the last chunk of ``first_chunk .. first_chunk + nchunks - 1``
    that holds trials: chunks from ceil(total_trials / chunk_trials) on are
    empty.  Every chunk below it starts below ``total_trials``, so ``c *
    chunk_trials`` cannot wrap (the callers bound both trial counts by 2**40
    and ``first_chunk + nchunks`` by 2**62)."""
    cdef uint64_t full = total_trials // chunk_trials + (total_trials % chunk_trials != 0)
    cdef uint64_t end = first_chunk + nchunks
    return full if end > full else end


cdef void _eq_mc_kernel(const rz_eq_spec *s, uint64_t seed, uint64_t first_chunk,
                        uint64_t nchunks, uint64_t chunk_trials, uint64_t total_trials,
                        rz_eq_counts *out) noexcept nogil:
    cdef uint64_t c, start, size
    cdef uint64_t end = _eq_mc_chunks_end(first_chunk, nchunks, chunk_trials, total_trials)
    for c in range(first_chunk, end):
        start = c * chunk_trials
        size = total_trials - start
        if size > chunk_trials:
            size = chunk_trials
        rz_eq_mc_chunk(s, seed, c, size, out)


def equity_exact(players, remaining, lo, hi, grouped=None):
    """Exact counts over the outer patterns ``lo .. hi - 1``, for each
    community rank in turn when there is a community card: player 1's rank
    patterns (direct walk), or with ``grouped`` (the default when 3 or more
    players receive cards) the rank patterns of the union of the cards of
    every receiving player but the last one, whose outcomes are grouped.
    Players receiving cards must come first.

    ``players`` is a sequence of ``(known_counts[13], missing)`` or
    ``(known_counts[13], missing, community)`` (community = 1: the player's 7th
    card is the shared community card); ``remaining`` holds the 13 per-rank
    counts of unseen cards.  Returns ``(win, tie, share,
    share_sq, total)``: per-player tuples of outcomes won alone, tied, and pot
    shares in units of 1/840, then the number of outcomes.

    >>> p1 = ([1] * 7 + [0] * 6, 0)          # A-2-3-4-5-6-7, complete
    >>> p2 = ([0] * 12 + [4], 3)             # four kings, three to come
    >>> win, tie, share, _, total = equity_exact([p1, p2], [0] * 7 + [4, 4, 4] + [0] * 3, 0, 1)
    >>> win, total
    ((220, 0), 220)
    """
    cdef rz_eq_spec s
    cdef rz_eq_counts c
    cdef uint64_t a, b
    cdef int mode = -1 if grouped is None else (1 if grouped else 0)
    cdef int used
    _eq_fill_spec(players, remaining, &s)
    if equity_outcomes(players, remaining) * EQUITY_UNITS >= (1 << 64):
        raise EquityError("too many outcomes for 64-bit exact counts; use Monte Carlo")
    if lo < 0 or hi < lo:
        raise EquityError(f"bad pattern range {lo}..{hi}")
    a = lo
    b = min(hi, (1 << 64) - 1)
    rz_eq_counts_init(&c)
    with nogil:
        used = _eq_exact_kernel(&s, a, b, mode, &c)
    if used < 0:
        raise MemoryError("no memory for the exact walk's pattern list")
    return _eq_counts_tuple(&c, s.nplayers)


def equity_mc(players, remaining, seed, first_chunk, nchunks, chunk_trials, total_trials):
    """Monte Carlo counts of chunks ``first_chunk .. first_chunk + nchunks - 1``
    of a run of ``total_trials`` trials cut in chunks of ``chunk_trials``.

    Chunk ``c`` covers trials ``c * chunk_trials ..`` and draws from its own
    generator (splitmix64 of ``seed`` and ``c``), so summing the counts of any
    partition of the chunks gives the same result.  Returns ``(win, tie,
    share, share_sq, total)`` like :func:`equity_exact`.

    >>> r = equity_mc([([1, 1, 1] + [0] * 10, 4), ([0] * 10 + [1, 1, 1], 4)],
    ...               [3, 3, 3] + [4] * 7 + [3, 3, 3], 7, 0, 1, 1000, 1000)
    >>> r[4], sum(r[2]) == 840 * 1000
    (1000, True)
    """
    cdef rz_eq_spec s
    cdef rz_eq_counts c
    cdef uint64_t sd, c0, nc, ct, tt
    _eq_fill_spec(players, remaining, &s)
    if not 1 <= chunk_trials <= EQUITY_MAX_TRIALS or not 0 <= total_trials <= EQUITY_MAX_TRIALS:
        raise EquityError("trial counts must be within 1..2**40")
    if first_chunk < 0 or nchunks < 0 or first_chunk + nchunks > (1 << 62):
        raise EquityError(f"bad chunk range {first_chunk}+{nchunks}")
    sd = seed & 0xFFFFFFFFFFFFFFFF
    c0, nc, ct, tt = first_chunk, nchunks, chunk_trials, total_trials
    rz_eq_counts_init(&c)
    with nogil:
        _eq_mc_kernel(&s, sd, c0, nc, ct, tt, &c)
    return _eq_counts_tuple(&c, s.nplayers)


# ---- ranges and the starting-hand chart (src/razz_range_equity.h)

from libc.stdlib cimport malloc, free

cdef extern from "razz_range_equity.h" nogil:
    ctypedef struct rz_eq_chart:
        uint64_t win[455]
        uint64_t tie[455]
        uint64_t share[455]
        uint64_t total[455]
    void rz_eq_mc_classes_chunk(const rz_eq_spec *cls, const uint64_t *cum, int nclass,
                                uint64_t seed, uint64_t chunk, uint64_t trials,
                                rz_eq_counts *out)
    int rz_eq_chart_hu(uint64_t lo, uint64_t hi, rz_eq_chart *out)
    unsigned RZ_EQ_CHART_PATTERNS

#: Largest number of classes one call of the class kernels takes.
EQUITY_MAX_CLASSES = 1 << 22
#: Outer patterns of the heads-up chart (7-card rank multisets).
CHART_PATTERNS = RZ_EQ_CHART_PATTERNS
#: Three-card rank classes in the chart.
CHART_CLASSES = 455


cdef rz_eq_spec *_eq_fill_classes(classes, int *count) except NULL:
    """Validated specs of ``classes`` (a sequence of ``(players, remaining)``),
    in a buffer the caller frees."""
    cdef Py_ssize_t n = len(classes), i
    cdef rz_eq_spec *specs
    if n < 1 or n > EQUITY_MAX_CLASSES:
        raise EquityError(f"need 1 to {EQUITY_MAX_CLASSES} classes, not {n}")
    specs = <rz_eq_spec *>malloc(<size_t>n * sizeof(rz_eq_spec))
    if specs == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            players, remaining = classes[i]
            _eq_fill_spec(players, remaining, &specs[i])
    except BaseException:
        free(specs)
        raise
    count[0] = <int>n
    return specs


def equity_exact_classes(classes):
    """Exact counts of each of ``classes``, a sequence of ``(players,
    remaining)`` in the format of :func:`equity_exact` (the whole walk of
    each, in the automatic mode), as a list of ``(win, tie, share, share_sq,
    total)``.  One call runs them all without the GIL.

    >>> p1 = ([1] * 7 + [0] * 6, 0)
    >>> rem = [0] * 7 + [4, 4, 4] + [0] * 3
    >>> [c[4] for c in equity_exact_classes([([p1, ([0] * 12 + [4], 3)], rem)] * 2)]
    [220, 220]
    """
    cdef int n = 0, i, failed = 0
    cdef rz_eq_spec *specs = _eq_fill_classes(classes, &n)
    cdef rz_eq_counts *counts = NULL
    try:
        for i in range(n):
            players, remaining = classes[i]
            if equity_outcomes(players, remaining) * EQUITY_UNITS >= (1 << 64):
                raise EquityError("too many outcomes for 64-bit exact counts; use Monte Carlo")
        counts = <rz_eq_counts *>malloc(<size_t>n * sizeof(rz_eq_counts))
        if counts == NULL:
            raise MemoryError()
        with nogil:
            for i in range(n):
                rz_eq_counts_init(&counts[i])
                if rz_eq_exact_mode(&specs[i], 0, 0xFFFFFFFFFFFFFFFF, -1, &counts[i]) < 0:
                    rz_eq_counts_init(&counts[i])
                    if rz_eq_exact_mode(&specs[i], 0, 0xFFFFFFFFFFFFFFFF, 0, &counts[i]) < 0:
                        failed = 1
                        break
        if failed:
            raise MemoryError("no memory for the exact walk's pattern list")
        return [_eq_counts_tuple(&counts[i], specs[i].nplayers) for i in range(n)]
    finally:
        free(specs)
        free(counts)


def equity_mc_classes(classes, weights, seed, first_chunk, nchunks, chunk_trials, total_trials):
    """Monte Carlo counts over ``classes`` (like :func:`equity_exact_classes`),
    each trial drawing class ``i`` with probability ``weights[i] / sum``, for
    chunks ``first_chunk .. first_chunk + nchunks - 1`` (see :func:`equity_mc`).
    Every class must have the same players' cards to come.

    >>> cls = [([([1, 1, 1] + [0] * 10, 4), ([0] * 10 + [1, 1, 1], 4)],
    ...         [3, 3, 3] + [4] * 7 + [3, 3, 3])]
    >>> r = equity_mc_classes(cls, [5], 7, 0, 1, 1000, 1000)
    >>> r[4], sum(r[2]) == 840 * 1000
    (1000, True)
    """
    cdef int n = 0, i, p
    cdef rz_eq_spec *specs
    cdef uint64_t *cum = NULL
    cdef rz_eq_counts c
    cdef uint64_t sd, k, c0, nc, ct, tt, start, size
    if len(weights) != len(classes):
        raise EquityError("one weight per class")
    if not 1 <= chunk_trials <= EQUITY_MAX_TRIALS or not 0 <= total_trials <= EQUITY_MAX_TRIALS:
        raise EquityError("trial counts must be within 1..2**40")
    if first_chunk < 0 or nchunks < 0 or first_chunk + nchunks > (1 << 62):
        raise EquityError(f"bad chunk range {first_chunk}+{nchunks}")
    specs = _eq_fill_classes(classes, &n)
    try:
        cum = <uint64_t *>malloc(<size_t>n * sizeof(uint64_t))
        if cum == NULL:
            raise MemoryError()
        acc = 0
        for i in range(n):
            w = weights[i]
            if w < 1:
                raise EquityError(f"class {i}: weight {w} is not positive")
            acc += w
            if acc >= (1 << 62):
                raise EquityError("the class weights add up past 2**62")
            cum[i] = acc
            if specs[i].nplayers != specs[0].nplayers:
                raise EquityError(f"class {i}: not the same players as class 0")
            for p in range(specs[0].nplayers):
                if (specs[i].missing[p] != specs[0].missing[p]
                        or specs[i].community[p] != specs[0].community[p]):
                    raise EquityError(f"class {i}: player {p + 1}'s cards to come differ")
        sd = seed & 0xFFFFFFFFFFFFFFFF
        c0, nc, ct, tt = first_chunk, nchunks, chunk_trials, total_trials
        rz_eq_counts_init(&c)
        with nogil:
            for k in range(c0, _eq_mc_chunks_end(c0, nc, ct, tt)):
                start = k * ct
                size = tt - start
                if size > ct:
                    size = ct
                rz_eq_mc_classes_chunk(specs, cum, n, sd, k, size, &c)
        return _eq_counts_tuple(&c, specs[0].nplayers)
    finally:
        free(specs)
        free(cum)


def equity_chart_hu(lo, hi):
    """Exact heads-up starting-hand counts over the first player's 7-card rank
    multisets ``lo .. hi - 1`` (of :data:`CHART_PATTERNS`), against every
    second hand: ``(win, tie, share, total)``, each a tuple of 455 counts, one
    per three-card rank class in lexicographic order (A-A-A, A-A-2, ...,
    K-K-K).  Summing the counts of any cut of ``0 .. CHART_PATTERNS`` gives
    the whole chart.

    >>> win, tie, share, total = equity_chart_hu(0, 1)   # S = Q-Q-Q-K-K-K-K
    >>> total[454] == 4 * 4 * 45379620     # K-K-K first: C(4,3) * C(4,3) * C(45,7)
    True
    """
    cdef rz_eq_chart out
    cdef uint64_t a, b
    cdef int failed
    if lo < 0 or hi < lo:
        raise EquityError(f"bad pattern range {lo}..{hi}")
    a = min(lo, RZ_EQ_CHART_PATTERNS)
    b = min(hi, RZ_EQ_CHART_PATTERNS)
    memset(&out, 0, sizeof(rz_eq_chart))
    with nogil:
        failed = rz_eq_chart_hu(a, b, &out)
    if failed < 0:
        raise MemoryError("no memory for the chart's pattern list")
    return (
        tuple([out.win[i] for i in range(455)]),
        tuple([out.tie[i] for i in range(455)]),
        tuple([out.share[i] for i in range(455)]),
        tuple([out.total[i] for i in range(455)]),
    )


def equity_exact_range(players, remaining, classes, mults, lo, hi):
    """Exact counts with player 1 holding a range, over his patterns
    ``lo .. hi - 1`` (direct walk): ``players`` and ``remaining`` as for
    :func:`equity_exact`, player 1's cards to come including the range's
    variable cards; ``classes`` the per-rank counts (13 each, all of the same
    size k) of the variable cards of each class, ``mults`` their weights
    ``D * n_c / prod_r C(remaining_r, c_r)`` (whole numbers).  The counts are
    ``D`` times the sum over classes of ``n_c`` times the class's counts.

    >>> p1 = ([0] * 13, 7)                    # two aces among his seven
    >>> p2 = ([0] * 12 + [3], 4)
    >>> rem = [4] * 12 + [1]
    >>> cls = [[2] + [0] * 12]
    >>> r = equity_exact_range([p1, p2], rem, cls, [1], 0, 1 << 62)
    >>> one = equity_exact([([2] + [0] * 12, 5), p2], [2] + [4] * 11 + [1], 0, 1 << 62)
    >>> r[2] == tuple(6 * s for s in one[2]), r[4] == 6 * one[4]   # C(4, 2) combos
    (True, True)
    """
    cdef rz_eq_spec s
    cdef rz_eq_range g
    cdef rz_eq_counts c
    cdef uint8_t *ranks = NULL
    cdef uint8_t *counts = NULL
    cdef uint64_t *mult = NULL
    cdef uint64_t a, b
    cdef Py_ssize_t n = len(classes), i
    cdef int j, r, k, size = -1, used
    _eq_fill_spec(players, remaining, &s)
    if n < 1 or n > EQUITY_MAX_CLASSES or len(mults) != n:
        raise EquityError(f"need 1 to {EQUITY_MAX_CLASSES} classes, each with one weight")
    if lo < 0 or hi < lo:
        raise EquityError(f"bad pattern range {lo}..{hi}")
    from math import comb
    ranks = <uint8_t *>malloc(<size_t>n * 7)
    counts = <uint8_t *>malloc(<size_t>n * 7)
    mult = <uint64_t *>malloc(<size_t>n * sizeof(uint64_t))
    try:
        if ranks == NULL or counts == NULL or mult == NULL:
            raise MemoryError()
        # Every row is checked in full before anything is written: a row
        # holds at most 7 nonzero counts only once its sum is known to be
        # 1..7, and the buffers hold 7 entries per class.
        rows = []
        for i in range(n):
            row = list(classes[i])
            if len(row) != 13:
                raise EquityError(f"class {i}: counts must hold 13 entries")
            for r in range(13):
                k = row[r]
                if k < 0 or k > 4:
                    raise EquityError(f"class {i}: count {k} of rank {r} is outside 0..4")
            if size < 0:
                size = sum(row)
            if sum(row) != size or size < 1 or size > s.missing[0]:
                raise EquityError(f"class {i}: {sum(row)} cards; every class needs the same "
                                  f"number, 1 to player 1's {s.missing[0]} cards to come")
            m = mults[i]
            if m < 1 or m >= (1 << 62):
                raise EquityError(f"class {i}: weight {m} is outside 1..2**62")
            rows.append((row, m))
        total = 0
        for i in range(n):
            row, m = rows[i]
            j = 0
            for r in range(13):
                k = row[r]
                if k:
                    if j >= 7:  # cannot happen after the checks above
                        raise EquityError(f"class {i}: more than 7 ranks")
                    ranks[7 * i + j] = <uint8_t>r
                    counts[7 * i + j] = <uint8_t>k
                    j += 1
            while j < 7:
                ranks[7 * i + j] = 13
                counts[7 * i + j] = 0
                j += 1
            mult[i] = m
            total += m
        bound = equity_outcomes(players, remaining) * total * comb(s.missing[0], size)
        if bound * EQUITY_UNITS >= (1 << 64):
            raise EquityError("too many outcomes for 64-bit exact counts; use Monte Carlo")
        g.nclass = <int>n
        g.rank = ranks
        g.count = counts
        g.mult = mult
        a = min(lo, (1 << 64) - 1)
        b = min(hi, (1 << 64) - 1)
        rz_eq_counts_init(&c)
        with nogil:
            used = rz_eq_exact_range(&s, &g, a, b, &c)
        if used < 0:
            raise MemoryError("no memory for the exact walk's pattern list")
        return _eq_counts_tuple(&c, s.nplayers)
    finally:
        free(ranks)
        free(counts)
        free(mult)
