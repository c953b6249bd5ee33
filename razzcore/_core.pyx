# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: embedsignature=True, initializedcheck=False, auto_pickle=False
# cython: freethreading_compatible=True
"""razzcore's compiled core: single hands, card masks, batches, enumeration
(here), the equity kernels (``_equity.pxi``), the hand state machine
(``_engine.pxi``, ``_hand.pxi``), the agents' encoder and vector env
(``_obs.pxi``, ``_vecenv.pxi``), the PokerStars reader (``_pokerstars.pxi``)
and the tracker's count of a hand (``_tally.pxi``).

Everything here works on card codes 0..51 (``4 * rank + suit``, rank 0 = ace).
The public wrappers with text parsing live in :mod:`razzcore.evaluator`; the
engine's public class is :class:`razzcore.engine.hand.Hand`.
"""

cimport cython

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t, uintptr_t
from libc.string cimport memcpy, memset
from cpython.buffer cimport (
    PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer,
)
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.number cimport PyIndex_Check, PyNumber_Check
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

import array
import operator
import os

import threading
from collections.abc import Mapping, Set

from .cards import check_distinct, format_card, parse_cards
from .errors import BatchError, CardError, RazzError, RulesError, SeatError, brief

cdef extern from "razz_eval.h" nogil:
    const char *RZ_TABLE_DIGEST
    const unsigned RZ_TABLE_SIZE
    const uint64_t RZ_SLOT_DIGEST
    const unsigned RZ_DISP_SIZE
    const uint32_t *RZ_SIZE_BASE
    const uint32_t *RZ_RANK_KEY
    const uint32_t *RZ_CARD_KEY
    const uint32_t *RZ_DISP
    const uint16_t *RZ_TABLE
    const uint8_t *RZ_CLASS_RANKS
    uint16_t rz_lookup(uint32_t key)
    uint32_t rz_card_key(unsigned code)
    uint16_t rz_eval_n(const uint8_t *cards, int n)
    uint16_t rz_eval7(const uint8_t *cards)
    int rz_mask_count(uint64_t mask)
    uint16_t rz_eval_mask(uint64_t mask)
    uint16_t rz_eval_counts(const uint8_t *counts)
    void rz_init_class_ranks()
    int rz_table_init()
    uint64_t rz_table_digest()
    int rz_eval_checked(const uint8_t *cards, int n, uint16_t *out)
    int rz_eval7_checked(const uint8_t *cards, uint16_t *out)
    Py_ssize_t rz_batch(const uint8_t *hands, Py_ssize_t n, int width, uint16_t *out, int check)
    void rz_histogram(int ncards, int64_t *hist)

cdef extern from "razz_simd.h" nogil:
    ctypedef struct rz_simd_state:
        unsigned supported
        int active
        int picked
        char cpu_vendor[13]
        unsigned cpu_family
        unsigned cpu_model
        const char *reason
    rz_simd_state RZ_SIMD
    unsigned rz_simd_init()
    unsigned rz_simd_compiled()
    int rz_simd_use(int kernel)
    enum: RZ_K_COUNT
    const char *rz_kernel_name(int k)
    Py_ssize_t rz_batch_auto(const uint8_t *hands, Py_ssize_t n, int width, uint16_t *out,
                             int check)
    Py_ssize_t rz_batch_auto_limit(const uint8_t *hands, Py_ssize_t n, int width,
                                   uint16_t *out, int check, unsigned limit)
    Py_ssize_t rz_omaha_batch_auto(const uint8_t *holes, int h, const uint8_t *boards, int b,
                                   Py_ssize_t n, uint16_t *out, int check, unsigned limit)

cdef extern from "razz_lowgames.h" nogil:
    enum: RZ_NO_LIMIT
    unsigned rz_qual_limit(int q)
    int rz_lowgames_init()
    uint16_t rz_omaha_low(const uint8_t *hole, int h, const uint8_t *board, int b)
    uint16_t rz_omaha_limit(const uint8_t *hole, int h, const uint8_t *board, int b,
                            unsigned limit)
    Py_ssize_t rz_omaha_batch(const uint8_t *holes, int h, const uint8_t *boards, int b,
                              Py_ssize_t n, uint16_t *out, int check, unsigned limit)

cdef extern from "razz_py.h":
    int rz_py_eval_seq(object cards)
    int rz_py_eval_mask(uint64_t mask) nogil
    int rz_py_codes(object cards, uint8_t *buf, int lo, int hi)

# The slot table is not in the binary: fill it (src/razz_eval.h) before anything
# can look a hand up.  Module execution holds the import lock, so this runs once
# and completes before any other thread sees the module.
_fill = rz_table_init()
if _fill:
    raise ImportError(
        f"razzcore._core: the evaluator table failed its start-up check (step {_fill}); "
        "the build is broken: rebuild razzcore"
    )
del _fill
if rz_lowgames_init():
    raise ImportError("razzcore._core: the Omaha low tables failed their start-up check; "
                      "the build is broken: rebuild razzcore")
NUM_CLASSES = 6175
rz_init_class_ranks()  # fill RZ_CLASS_RANKS once, before anything can read it
TABLE_DIGEST = RZ_TABLE_DIGEST.decode("ascii")
#: Most threads one batch starts, whatever ``threads`` asks for.
MAX_THREADS = 256
#: Below this many hands ``threads=None`` stays on one thread.
PARALLEL_MIN_HANDS = 1 << 17
#: 64-bit mask of the 52 valid card bits.
FULL_MASK = (1 << 52) - 1


# ---------------------------------------------------------------- single hands

def evaluate(cards, *, qualifier=None):
    """Rank of the best ace-to-five low of 5, 6 or 7 cards (1 = best .. 6175).

    ``cards`` is a tuple/list of codes (the fast path: no Python objects are
    created), text cards, or one string (``"As 2d 3c 4h 5s"``).  Duplicates,
    codes outside 0..51 and wrong counts raise :class:`~razzcore.CardError`.

    ``qualifier=8`` (or 5..13: the highest rank allowed) keeps only a low of
    five distinct ranks none above it (eight-or-better: ranks 1..56) and
    returns ``None`` when the cards hold none.

    >>> evaluate((0, 4, 8, 12, 16)), evaluate("As 2d 3c 4h 5s"), evaluate("Kc Ks Kd Kh Qs")
    (1, 1, 6175)
    >>> evaluate("As 2d 3c 4h 8s Kd Kh", qualifier=8), evaluate("As 2d 3c 4h 9s", qualifier=8)
    (22, None)
    """
    cdef int rank = rz_py_eval_seq(cards)  # src/razz_py.h: exact ints 0..51
    if not rank:
        rank = _evaluate_slow(cards)
    if qualifier is None:
        return rank
    if <unsigned>rank <= qualifier_limit(qualifier):
        return rank
    return None


cpdef unsigned qualifier_limit(object qualifier) except 0:
    """The last qualifying rank of ``qualifier`` (None: no qualifier, 65535; 5..13:
    C(qualifier, 5), 56 for eight-or-better); anything else raises CardError.

    >>> qualifier_limit(8), qualifier_limit(9), qualifier_limit(None)
    (56, 126, 65535)
    """
    if qualifier is None:
        return RZ_NO_LIMIT
    if type(qualifier) is int and 5 <= qualifier <= 13:
        return rz_qual_limit(<int>qualifier)
    if not isinstance(qualifier, bool) and PyIndex_Check(qualifier):
        q = operator.index(qualifier)
        if 5 <= q <= 13:
            return rz_qual_limit(<int>q)
    raise CardError(f"qualifier must be None or a rank 5..13 (8: eight-or-better), "
                    f"not {brief(qualifier)}")


cdef object _evaluate_slow(object cards):
    """Parse and validate anything else, with errors that say what was wrong."""
    cdef uint8_t buf[7]
    cdef Py_ssize_t n, i
    codes = parse_cards(cards)
    n = len(codes)
    if not 5 <= n <= 7:
        raise CardError(f"a hand needs 5, 6 or 7 cards, got {n}: {brief(cards)}")
    check_distinct(codes)
    for i in range(n):
        buf[i] = <uint8_t>codes[i]
    return rz_eval_n(buf, <int>n)


def evaluate_mask(mask):
    """Rank of the hand in a 64-bit card mask (bit ``c`` set = card code ``c``).

    The cheapest entry point: one Python int in, one out.  The mask must hold
    5, 6 or 7 cards and no bit at or above 52 (build it with
    :func:`razzcore.cards_to_mask`); other integer types (numpy) are accepted.

    >>> evaluate_mask(0b1_0001_0001_0001_0001)   # Ac 2c 3c 4c 5c
    1
    """
    cdef uint64_t m
    cdef int n
    if type(mask) is int and 0 <= mask <= FULL_MASK:
        m = <uint64_t>(<unsigned long long>mask)
    else:
        m = _mask_slow(mask)
    n = rz_py_eval_mask(m)  # src/razz_py.h
    if n:
        return n
    raise CardError(f"a hand needs 5, 6 or 7 cards, the mask holds {rz_mask_count(m)}")


cdef uint64_t _mask_slow(object mask) except? 0:
    """Accept other integer types (numpy ints; not bool) and explain bad masks."""
    if isinstance(mask, bool):
        raise CardError("a card mask must be an int, not bool")
    try:
        value = operator.index(mask)
    except TypeError:
        raise CardError(f"a card mask must be an int, not {type(mask).__name__}") from None
    if value < 0 or value > FULL_MASK:
        raise CardError(f"card mask {value:#x} has bits outside the 52 card bits")
    return <uint64_t>(<unsigned long long>value)


def evaluate_counts(counts):
    """Rank of a rank multiset: ``counts[r]`` cards of rank ``r`` (0 = ace .. 12).

    >>> evaluate_counts([1, 1, 1, 1, 1] + [0] * 8)
    1
    """
    cdef uint8_t buf[13]
    cdef int total = 0, r, k
    if len(counts) != 13:
        raise CardError(f"counts must have 13 entries (ace .. king), got {len(counts)}")
    for r in range(13):
        k = counts[r]
        if k < 0 or k > 4:
            raise CardError(f"rank {r} appears {k} times; each rank has 4 cards")
        buf[r] = <uint8_t>k
        total += k
    if total < 5 or total > 7:
        raise CardError(f"a hand needs 5, 6 or 7 cards, the counts hold {total}")
    return rz_eval_counts(buf)


def class_ranks(rank):
    """The five ranks (0 = ace .. 12 = king, highest first) of class ``rank``.

    >>> class_ranks(1)
    (4, 3, 2, 1, 0)
    """
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 6175:
        raise CardError(f"a low-hand rank is an int 1..6175, not {brief(rank)}")
    cdef int i = 5 * <int>rank
    return (RZ_CLASS_RANKS[i], RZ_CLASS_RANKS[i + 1], RZ_CLASS_RANKS[i + 2],
            RZ_CLASS_RANKS[i + 3], RZ_CLASS_RANKS[i + 4])


def table_info():
    """Digest and sizes of the compiled table (tests compare them with the generator)."""
    return {
        "digest": TABLE_DIGEST,
        "slot_digest": RZ_SLOT_DIGEST,
        "filled_digest": rz_table_digest(),
        "table_size": RZ_TABLE_SIZE,
        "disp_size": RZ_DISP_SIZE,
        "rank_key": tuple(RZ_RANK_KEY[r] for r in range(13)),
        "size_base": tuple(RZ_SIZE_BASE[n] for n in range(8)),
        "compiled": True,
    }


def table_sample(start, stop):
    """Slots ``start:stop`` of the compiled table, for tests."""
    start = max(0, start)
    stop = min(stop, RZ_TABLE_SIZE)
    return tuple(RZ_TABLE[i] for i in range(start, stop))


# ---------------------------------------------------------------- batches

cdef class _Chunk:
    """One thread's share of a batch: rows of ``h`` codes from ``rows`` (with,
    when ``b`` > 0, Omaha boards of ``b`` codes from ``boards``) into ``out``.

    ``state``, under the batch's ``gate`` lock: 0 not started, 1 running,
    2 done, 3 called off (it will not run: the batch was stopped first)."""
    cdef const uint8_t *rows
    cdef const uint8_t *boards
    cdef uint16_t *out
    cdef Py_ssize_t n
    cdef int h, b
    cdef bint check
    cdef unsigned limit
    cdef public Py_ssize_t bad
    cdef int state
    cdef object gate
    cdef object finished  # a threading.Event, set when it ran
    # What owns the memory the pointers reach (the buffers' exports, the
    # private copies): alive while a worker still holds this chunk.
    cdef object keep

    def run(self):
        """Evaluate the rows on a worker thread (where no signal lands),
        unless called off first."""
        with self.gate:
            if self.state == 3:
                return
            self.state = 1
        try:
            self.evaluate()
        finally:
            with self.gate:
                self.state = 2
            self.finished.set()

    cdef void evaluate(self) noexcept:
        """Evaluate the rows: no Python call, so nothing can interrupt it."""
        with nogil:
            self.bad = _evaluate_rows(self.rows, self.h, self.boards, self.b, self.n, self.out,
                                      self.check, self.limit)


cdef inline Py_ssize_t _evaluate_rows(const uint8_t *rows, int h, const uint8_t *boards, int b,
                                      Py_ssize_t n, uint16_t *out, bint check,
                                      unsigned limit) noexcept nogil:
    """The first bad row of ``n`` (or -1): stud rows of ``h`` cards when ``b``
    is 0, else Omaha holes of ``h`` with boards of ``b``."""
    if b == 0:
        return rz_batch_auto_limit(rows, n, h, out, check, limit)
    return rz_omaha_batch_auto(rows, h, boards, b, n, out, check, limit)


cdef Py_ssize_t _evaluate_split(const uint8_t *rows, int h, const uint8_t *boards, int b,
                                Py_ssize_t n, void *out, Py_ssize_t out_len, object threads,
                                bint check, unsigned limit, tuple exported,
                                tuple held) except *:
    """Evaluate ``n`` rows (see :func:`_evaluate_rows`) into ``out`` (``out_len``
    bytes, ``2 * n``) over ``threads`` threads, each taking an equal share of
    the rows; the first bad row (or -1).  An unaligned ``out`` is filled
    through an aligned copy.  The pointers reach into the buffers of
    ``exported`` and the objects ``held``: the workers keep both alive (a
    buffer exported, so it cannot be resized) until they end."""
    cdef Py_ssize_t start, size, bad
    cdef int k, nthreads
    cdef uint16_t *op
    cdef _Chunk chunk
    staged = None
    if (<uintptr_t>out) & 1:
        staged = array.array("H", bytes(2 * n))
        op = <uint16_t *><uintptr_t>staged.buffer_info()[0]
    else:
        op = <uint16_t *>out
    nthreads = _resolve_threads(threads, n)
    if nthreads == 1:
        with nogil:
            bad = _evaluate_rows(rows, h, boards, b, n, op, check, limit)
    else:
        keep = (staged, held, tuple([memoryview(o) for o in exported]))
        gate = threading.Lock()
        chunks = []
        start = 0
        for k in range(nthreads):
            size = (n - start) // (nthreads - k)
            chunk = _Chunk()
            chunk.rows = rows + h * start
            chunk.boards = boards + b * start if b else NULL
            chunk.out = op + start
            chunk.n = size
            chunk.h = h
            chunk.b = b
            chunk.check = check
            chunk.limit = limit
            chunk.bad = -1
            chunk.keep = keep
            chunk.gate = gate
            chunk.finished = threading.Event()
            chunks.append((start, chunk))
            start += size
        bad = _run_chunks(chunks)
    if bad < -1:  # the callers check the shapes first: not reached
        raise BatchError(f"no batch kernel takes rows of {h} cards"
                         + (f" with boards of {b}" if b else ""))
    if staged is not None:
        memcpy(out, <const void *>op, <size_t>out_len)
    return bad


cdef Py_ssize_t _run_chunks(list chunks) except *:
    """Run (start, chunk) pairs, the first on this thread and the others on the
    pool; the first bad row over all chunks (or -1).  Returns or raises only
    once no chunk runs or will run: the workers write into memory the caller
    frees.  A signal (Ctrl-C) meanwhile calls off the chunks not started and
    is raised once the others are done."""
    cdef _Chunk c
    pool = _worker_pool(len(chunks) - 1)
    stopped = None
    try:
        for _, c in chunks[1:]:
            pool.submit(c.run)
        (<_Chunk>chunks[0][1]).evaluate()  # here, the first share
        for _, c in chunks[1:]:
            c.finished.wait()
    except BaseException as exc:
        stopped = exc
    if stopped is not None:
        for _, c in chunks[1:]:
            _call_off(c)
        for _, c in chunks[1:]:
            if c.state != 3:
                _wait_for(c.finished)
        raise stopped
    for start, c in chunks:
        if c.bad < -1:  # the kernel refused the rows' shape (every chunk alike)
            return c.bad
        if c.bad >= 0:
            return start + c.bad
    return -1


cdef void _call_off(_Chunk c):
    """Mark ``c`` not to run if it has not started (queued or not), even
    through signals."""
    while True:
        try:
            with c.gate:
                if c.state == 0:
                    c.state = 3
            return
        except BaseException:
            continue


def _wait_for(event):
    """Wait until ``event`` is set, even through signals (a second Ctrl-C):
    the caller is already stopping and must not leave before it."""
    while True:
        try:
            event.wait()
            return
        except BaseException:
            continue


_pool = None
_pool_size = 0
_pool_lock = threading.Lock()


def _worker_pool(int size):
    """A process-wide pool of at least ``size`` worker threads, made on first use
    and kept: starting threads on every call cost ~1 ms, a batch of 200k hands.

    A larger pool replaces a smaller one without shutting it down: a batch on
    another thread may still be submitting to it.  Its workers finish what
    they were given and exit once the last caller lets go of it."""
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < size:
            from concurrent.futures import ThreadPoolExecutor

            _pool = ThreadPoolExecutor(max_workers=size, thread_name_prefix="razzcore-batch")
            _pool_size = size
        return _pool


def _forget_pool_after_fork():
    """A forked child has none of the parent's threads: start a new pool there."""
    global _pool, _pool_size, _pool_lock
    _pool, _pool_size, _pool_lock = None, 0, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool_after_fork)


def _usable_cpus():
    try:
        return len(os.sched_getaffinity(0))  # respects affinity and container limits
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _resolve_threads(threads, Py_ssize_t n):
    if threads is None:
        if n < PARALLEL_MIN_HANDS:
            return 1
        return max(1, min(_usable_cpus(), 64))
    if isinstance(threads, bool):
        raise BatchError(f"threads must be a positive int or None, not {brief(threads)}")
    try:
        threads = operator.index(threads)
    except TypeError:
        raise BatchError(f"threads must be a positive int or None, not {brief(threads)}") from None
    if threads < 1:
        raise BatchError(f"threads must be a positive int or None, not {brief(threads)}")
    return min(threads, MAX_THREADS, max(1, <int>n))


def _describe_bad_row(bytes row, Py_ssize_t i):
    codes = list(row)
    for c in codes:
        if c >= 52:
            return f"row {i} holds card code {c}, outside 0..51"
    for c in codes:
        if codes.count(c) > 1:
            return f"row {i} holds card code {c} twice"
    return f"row {i} is invalid"


def batch(hands, int width, out, threads, bint check, unsigned limit=RZ_NO_LIMIT):
    """Evaluate ``hands`` (a C-contiguous buffer of rows of ``width`` uint8
    codes) into ``out`` (a C-contiguous buffer of as many uint16).

    Called by :func:`razzcore.evaluate_batch`, which checks formats and shapes
    and explains errors; this function re-checks every length it relies on, so
    no call can read or write outside either buffer.  Ranks above ``limit``
    (:func:`qualifier_limit`) are written as 0.
    """
    cdef Py_buffer hb, ob
    cdef Py_ssize_t n, bad
    cdef const uint8_t *hp
    if width < 5 or width > 7:
        raise BatchError(f"hands must have 5, 6 or 7 cards per row, not {width}")
    PyObject_GetBuffer(hands, &hb, PyBUF_C_CONTIGUOUS)
    try:
        PyObject_GetBuffer(out, &ob, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
        try:
            n = hb.len // width
            if hb.len != n * width:
                raise BatchError(f"{hb.len} bytes are not whole rows of {width} cards")
            if ob.len != 2 * n:
                raise BatchError(f"out has room for {ob.len // 2} ranks, but there are {n} hands")
            if n == 0:
                return
            hp = <const uint8_t *>hb.buf
            copy = None
            if _overlaps(hp, hb.len, ob.buf, ob.len):
                # `out` shares memory with `hands`: read from a private copy.
                copy = PyBytes_FromStringAndSize(<const char *>hp, hb.len)
                hp = <const uint8_t *>PyBytes_AS_STRING(copy)
            bad = _evaluate_split(hp, width, NULL, 0, n, ob.buf, ob.len, threads, check, limit,
                                  (hands, out), (copy,))
            if bad >= 0:
                row = PyBytes_FromStringAndSize(<const char *>hp + width * bad, width)
                raise BatchError(_describe_bad_row(row, bad), row=bad)
        finally:
            PyBuffer_Release(&ob)
    finally:
        PyBuffer_Release(&hb)


# ---------------------------------------------------------------- Omaha low

def evaluate_omaha(hole, board, *, qualifier=None):
    """Rank of the best Omaha low: exactly two of the 4, 5 or 6 ``hole`` cards and
    exactly three of the 3, 4 or 5 ``board`` cards (the scale of :func:`evaluate`).

    With ``qualifier=8`` (or 5..13) only a low of five distinct ranks none above
    it counts, and ``None`` means there is none.  Cards as for :func:`evaluate`
    (tuples or lists of codes are the fast path); a card twice, in the hole or
    on the board or across both, raises :class:`~razzcore.CardError`.

    >>> evaluate_omaha("As 2d 7h 8c", "3c 4d 6h Ks Qd")    # 6-4-3-2-A
    2
    >>> evaluate_omaha("As 2d 9h Tc", "3c 4d Jh Ks Qd", qualifier=8) is None
    True
    """
    cdef uint8_t hb[7]
    cdef uint8_t bb[7]
    cdef int h = rz_py_codes(hole, hb, 4, 6)
    cdef int b = rz_py_codes(board, bb, 3, 5)
    cdef unsigned limit = qualifier_limit(qualifier)
    cdef uint16_t rank
    cdef uint64_t seen = 0
    cdef int i
    if h and b:
        for i in range(h):
            seen |= (<uint64_t>1) << hb[i]
        for i in range(b):
            seen |= (<uint64_t>1) << bb[i]
        if rz_mask_count(seen) != h + b:
            h = 0
    if not (h and b):
        codes_h, codes_b = _omaha_codes(hole, board)
        h, b = len(codes_h), len(codes_b)
        for i in range(h):
            hb[i] = <uint8_t>codes_h[i]
        for i in range(b):
            bb[i] = <uint8_t>codes_b[i]
    rank = rz_omaha_limit(hb, h, bb, b, limit)
    return rank if rank else None


def _omaha_codes(hole, board):
    """Parse and validate an Omaha hole and board, with errors that say what was wrong."""
    codes_h = parse_cards(hole)
    codes_b = parse_cards(board)
    if not 4 <= len(codes_h) <= 6:
        raise CardError(f"an Omaha hole needs 4, 5 or 6 cards, got {len(codes_h)}: {brief(hole)}")
    if not 3 <= len(codes_b) <= 5:
        raise CardError(f"an Omaha board needs 3, 4 or 5 cards, got {len(codes_b)}: "
                        f"{brief(board)}")
    check_distinct(list(codes_h) + list(codes_b))
    return codes_h, codes_b


def _describe_bad_omaha_row(bytes hole, bytes board, Py_ssize_t i):
    codes = list(hole) + list(board)
    for c in codes:
        if c >= 52:
            part = "hole" if c in hole else "board"
            return f"row {i} holds card code {c} ({part}), outside 0..51"
    for c in codes:
        if codes.count(c) > 1:
            where = ("hole and board" if c in hole and c in board
                     else "hole" if c in hole else "board")
            return f"row {i} holds card code {c} twice ({where})"
    return f"row {i} is invalid"


def omaha_batch(holes, int h, boards, int b, out, threads, bint check,
                unsigned limit=RZ_NO_LIMIT):
    """Evaluate Omaha rows: ``holes`` (C-contiguous rows of ``h`` uint8 codes) with
    ``boards`` (as many rows of ``b``) into ``out`` (as many uint16; 0 = no
    qualifying low).  Called by :func:`razzcore.evaluate_omaha_batch`, which
    checks formats and explains errors; every length relied on is re-checked here.
    """
    cdef Py_buffer hb, bb, ob
    cdef Py_ssize_t n, bad
    cdef const uint8_t *hp
    cdef const uint8_t *bp
    if h < 4 or h > 6:
        raise BatchError(f"holes must have 4, 5 or 6 cards per row, not {h}")
    if b < 3 or b > 5:
        raise BatchError(f"boards must have 3, 4 or 5 cards per row, not {b}")
    PyObject_GetBuffer(holes, &hb, PyBUF_C_CONTIGUOUS)
    try:
        PyObject_GetBuffer(boards, &bb, PyBUF_C_CONTIGUOUS)
        try:
            PyObject_GetBuffer(out, &ob, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
            try:
                n = hb.len // h
                if hb.len != n * h:
                    raise BatchError(f"{hb.len} bytes are not whole hole rows of {h} cards")
                if bb.len != n * b:
                    raise BatchError(f"boards hold {bb.len} bytes, not {n} rows of {b} cards")
                if ob.len != 2 * n:
                    raise BatchError(
                        f"out has room for {ob.len // 2} ranks, but there are {n} rows")
                if n == 0:
                    return
                hp = <const uint8_t *>hb.buf
                bp = <const uint8_t *>bb.buf
                # `out` sharing memory with the holes or boards: read private copies
                hcopy = bcopy = None
                if _overlaps(hp, hb.len, ob.buf, ob.len):
                    hcopy = PyBytes_FromStringAndSize(<const char *>hp, hb.len)
                    hp = <const uint8_t *>PyBytes_AS_STRING(hcopy)
                if _overlaps(bp, bb.len, ob.buf, ob.len):
                    bcopy = PyBytes_FromStringAndSize(<const char *>bp, bb.len)
                    bp = <const uint8_t *>PyBytes_AS_STRING(bcopy)
                bad = _evaluate_split(hp, h, bp, b, n, ob.buf, ob.len, threads, check, limit,
                                      (holes, boards, out), (hcopy, bcopy))
                if bad >= 0:
                    raise BatchError(_describe_bad_omaha_row(
                        PyBytes_FromStringAndSize(<const char *>hp + h * bad, h),
                        PyBytes_FromStringAndSize(<const char *>bp + b * bad, b), bad), row=bad)
            finally:
                PyBuffer_Release(&ob)
        finally:
            PyBuffer_Release(&bb)
    finally:
        PyBuffer_Release(&hb)


cdef bint _overlaps(const void *a, Py_ssize_t alen, const void *b, Py_ssize_t blen):
    return (<uintptr_t>a < <uintptr_t>b + <uintptr_t>blen
            and <uintptr_t>b < <uintptr_t>a + <uintptr_t>alen)


# ---------------------------------------------------------------- batch kernels

rz_simd_init()  # read the CPU once and pick a batch kernel (src/razz_simd.h)

#: The batch kernels' names, numbered as in src/razz_simd.h (RZ_KERNEL_NAMES).
KERNEL_NAMES = tuple([rz_kernel_name(k).decode("ascii") for k in range(RZ_K_COUNT)])


def kernel_state():
    """The batch kernels' state, explained by :mod:`razzcore._kernels`: (active,
    picked, supported bits, compiled bits, reason, CPU vendor, family, model)."""
    return (RZ_SIMD.active, RZ_SIMD.picked, RZ_SIMD.supported, rz_simd_compiled(),
            RZ_SIMD.reason, RZ_SIMD.cpu_vendor, RZ_SIMD.cpu_family, RZ_SIMD.cpu_model)


def use_kernel(int kernel):
    """Run batches with kernel number ``kernel`` from now on; False (and no
    change) when this CPU cannot run it."""
    return rz_simd_use(kernel) == 0


# ---------------------------------------------------------------- enumeration

def rank_histogram(int ncards=7):
    """How many of the C(52, ``ncards``) hands have each rank: a list of 6,176
    counts, index = rank (index 0 is always 0).

    Enumerates every hand of the deck (133,784,560 for seven cards) with the
    GIL released.

    >>> h = rank_histogram(5)
    >>> sum(h), h[1]
    (2598960, 1024)
    """
    if ncards < 5 or ncards > 7:
        raise CardError(f"ncards must be 5, 6 or 7, not {ncards}")
    cdef int64_t hist[6176]
    memset(hist, 0, sizeof(hist))
    with nogil:
        rz_histogram(ncards, hist)
    return [hist[i] for i in range(6176)]


include "_equity.pxi"
include "_engine.pxi"
include "_hand_shared.pxi"
include "_hand.pxi"
include "_hand_args.pxi"
include "_replay.pxi"
include "_view.pxi"
include "_obs.pxi"
include "_tally.pxi"
include "_pokerstars.pxi"
include "_phh_read.pxi"
