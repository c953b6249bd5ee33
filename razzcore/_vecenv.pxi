# Included by _obs.pxi: the tables of razzcore.envs.VectorEnv, stepped in C
# (src/razz_vecenv.h) without the GIL.  The Python class in
# razzcore/envs/_vector.py owns the numpy arrays; _VecCore holds their
# buffers while it lives and writes into them.

from libc.stddef cimport ptrdiff_t
from libc.stdlib cimport calloc, free
from cpython.exc cimport PyErr_CheckSignals

cdef extern from "razz_vecenv.h" nogil:
    ctypedef struct rz_vec_cfg:
        rz_rules rules
        int n
        int64_t stacks[8]
        int64_t unit
        size_t obs_size
    ctypedef struct rz_table:
        int32_t nlog
        uint32_t mask
    enum: RZ_VEC_LOG
    ptrdiff_t rz_vec_reset(rz_table *tables, ptrdiff_t begin, ptrdiff_t end,
                           const rz_vec_cfg *c, uint64_t seed, float *obs, int8_t *mask,
                           int32_t *actor, float *rewards, uint8_t *done)
    ptrdiff_t rz_vec_check(const rz_table *tables, ptrdiff_t begin, ptrdiff_t end,
                           const int64_t *actions)
    ptrdiff_t rz_vec_step(rz_table *tables, ptrdiff_t begin, ptrdiff_t end,
                          const rz_vec_cfg *c, const int64_t *actions, float *obs,
                          int8_t *mask, int32_t *actor, float *rewards, uint8_t *done)
    void rz_vec_forget(rz_table *tables, ptrdiff_t begin, ptrdiff_t end)
    void rz_table_record(const rz_table *t, uint8_t *deck, uint8_t *log)

# Tables stepped between two looks for Ctrl-C (a few ms of work).
cdef ptrdiff_t VEC_BLOCK = 16384

# The agents' three actions by index, as the vector env's C step reads them
# (razzcore.envs.ACTIONS is this tuple).
ENV_ACTIONS = ("fold", "check_call", "bet_raise")


cdef class _VecChunk:
    """Tables [begin, end) of one step or reset, run on a worker thread."""

    cdef _VecCore core
    cdef ptrdiff_t begin, end
    cdef uint64_t seed
    cdef bint reset
    cdef public Py_ssize_t bad

    def run(self, bint main=False):
        """Run the tables in blocks of VEC_BLOCK; between blocks the main
        thread takes signals (Ctrl-C: KeyboardInterrupt) and every thread
        stops once the core is told to."""
        cdef _VecCore c = self.core
        cdef ptrdiff_t a = self.begin, b
        while a < self.end:
            if c.stopping:
                return
            b = min(a + VEC_BLOCK, self.end)
            with nogil:
                if self.reset:
                    self.bad = rz_vec_reset(c.tables, a, b, &c.cfg, self.seed,
                                            c.obs, c.mask, c.actor, c.rewards, c.done)
                else:
                    self.bad = rz_vec_step(c.tables, a, b, &c.cfg, c.acts,
                                           c.obs, c.mask, c.actor, c.rewards, c.done)
            if self.bad >= 0:
                return
            a = b
            if main:
                PyErr_CheckSignals()


cdef class _VecCore:
    """The C tables of a VectorEnv and the output arrays it writes
    (``obs`` float32 ``num_envs x size``, ``mask`` int8 ``num_envs x 3``,
    ``actor`` int32, ``rewards`` float32 ``num_envs x players``, ``done``
    uint8): not used on its own."""

    cdef rz_table *tables
    cdef int64_t *acts  # this step's actions, copied once from the caller
    cdef rz_vec_cfg cfg
    cdef readonly Py_ssize_t num_envs
    cdef Py_buffer bufs[5]
    cdef int nbufs
    cdef float *obs
    cdef int8_t *mask
    cdef int32_t *actor
    cdef float *rewards
    cdef uint8_t *done
    cdef bint ready
    cdef bint stopping  # read and set with the GIL held

    def __cinit__(self):
        self.nbufs = 0
        self.tables = NULL
        self.acts = NULL

    def __init__(self, rules, int players, stacks, Py_ssize_t num_envs, obs, mask, actor,
                 rewards, done, int64_t unit):
        # rules and stacks packed by razzcore.engine.packing.pack_rules / pack_stacks;
        # unit: the chips of one big bet (observations and rewards are in big bets).
        cdef Py_ssize_t s
        if self.nbufs or self.tables != NULL:
            raise RulesError("a _VecCore is initialised once")
        if not 2 <= players <= 8:
            raise RulesError(f"players must be in 2..8, not {players}")
        if unit < 1:
            raise RulesError(f"the big bet must be positive, not {unit}")
        if num_envs < 1 or num_envs > (1 << 24):
            raise RulesError(f"num_envs must be in 1..16777216, not {num_envs}")
        _fill_rules(&self.cfg.rules, rules)
        if not 0 <= self.cfg.rules.deal_start < players:
            raise RulesError(
                f"deal_start_seat {self.cfg.rules.deal_start + 1} is not one of {players} seats"
            )
        self.cfg.n = players
        memset(self.cfg.stacks, 0, sizeof(self.cfg.stacks))
        if _fill_stacks(self.cfg.stacks, stacks) != players:
            raise RulesError(f"{players} players need {players} stacks")
        for s in range(players):
            if self.cfg.stacks[s] <= 0:
                raise RulesError("every seat needs chips")
        self.cfg.unit = unit
        self.cfg.obs_size = rz_obs_size(players)
        self.num_envs = num_envs
        size = <Py_ssize_t>self.cfg.obs_size
        self.obs = <float *>self._hold(obs, b"f", 4, num_envs * size)
        self.mask = <int8_t *>self._hold(mask, b"b", 1, num_envs * 3)
        self.actor = <int32_t *>self._hold(actor, b"i", 4, num_envs)
        self.rewards = <float *>self._hold(rewards, b"f", 4, num_envs * players)
        self.done = <uint8_t *>self._hold(done, b"B", 1, num_envs)
        self.tables = <rz_table *>calloc(<size_t>num_envs, sizeof(rz_table))
        self.acts = <int64_t *>calloc(<size_t>num_envs, sizeof(int64_t))
        if self.tables == NULL or self.acts == NULL:
            raise MemoryError(f"no memory for {num_envs} tables")

    def __dealloc__(self):
        cdef int i
        free(self.tables)
        free(self.acts)
        self.tables = NULL
        self.acts = NULL
        for i in range(self.nbufs):
            PyBuffer_Release(&self.bufs[i])
        self.nbufs = 0

    cdef void *_hold(self, arr, bytes fmt, Py_ssize_t itemsize, Py_ssize_t count) except NULL:
        cdef Py_buffer *b = &self.bufs[self.nbufs]
        PyObject_GetBuffer(arr, b, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT)
        self.nbufs += 1
        fmt_ok = b.format != NULL and b.format[0] == (<char *>fmt)[0] and b.format[1] == 0
        if (b.itemsize != itemsize or not fmt_ok or b.len != itemsize * count
                or (<uintptr_t>b.buf) % <uintptr_t>itemsize):
            raise RulesError("an output array has the wrong type or size")
        return b.buf

    def _run(self, bint reset, uint64_t seed, int threads):
        """Reset or step (with the actions in ``acts``) tables in ``threads``
        chunks; the first failing table, or -1."""
        cdef Py_ssize_t n = self.num_envs, start = 0, size, k
        cdef _VecChunk chunk
        cdef ptrdiff_t bad = -1
        if reset:
            self.ready = False
        elif not self.ready:
            raise RulesError("call reset() before step()")
        chunks = []
        for k in range(threads):
            size = (n - start) // (threads - k)
            chunk = _VecChunk()
            chunk.core = self
            chunk.begin = start
            chunk.end = start + size
            chunk.seed = seed
            chunk.reset = reset
            chunk.bad = -1
            chunks.append(chunk)
            start += size
        self.stopping = False
        futures = ([_worker_pool(threads - 1).submit(c.run) for c in chunks[1:]]
                   if threads > 1 else [])
        try:
            (<_VecChunk>chunks[0]).run(True)
            for f in futures:
                f.result()
        except BaseException:
            # Ctrl-C: the workers stop after their block (the tables' memory
            # is theirs until then), and the tables, part stepped, need a
            # reset before the next step.
            self.ready = False
            self.stopping = True
            for f in futures:
                while not f.done():
                    try:
                        f.exception()
                    except BaseException:  # a second Ctrl-C: still wait
                        pass
            raise
        for chunk in chunks:
            if chunk.bad >= 0:
                bad = chunk.bad
                break
        if bad < 0:
            self.ready = True
        return bad

    def reset(self, uint64_t seed, int threads):
        """Seed every table from ``seed`` (table i: stream i) and deal."""
        bad = self._run(True, seed, threads)
        if bad >= 0:
            raise RulesError(f"table {bad}: these rules and stacks deal no playable hand")

    def step(self, actions, int threads):
        """Apply ``actions`` (int64, one per table) after checking them all;
        returns -1, or raises IllegalActionError naming the first table whose
        action is not legal (then nothing moved).

        The caller's buffer is read once, into memory this object owns: the
        values checked are the values played, whatever another thread does
        to the caller's array meanwhile."""
        cdef Py_buffer ab
        cdef ptrdiff_t bad
        cdef Py_ssize_t n = self.num_envs
        if not self.ready:
            raise RulesError("call reset() before step()")
        PyObject_GetBuffer(actions, &ab, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
        try:
            if (ab.itemsize != 8 or ab.format == NULL or ab.format[0] not in (b"q", b"l")
                    or ab.format[1] != 0 or ab.len != 8 * n):
                raise RulesError(f"actions must be {n} int64 values")
            with nogil:
                memcpy(self.acts, ab.buf, <size_t>(8 * n))
        finally:
            PyBuffer_Release(&ab)
        with nogil:
            bad = rz_vec_check(self.tables, 0, n, self.acts)
        if bad >= 0:
            self._refuse(bad)
        bad = self._run(False, 0, threads)
        if bad >= 0:
            self.ready = False
            raise RulesError(f"table {bad}: the hand could not go on (internal error)")
        return -1

    cdef _refuse(self, ptrdiff_t i):
        """Raise IllegalActionError for table ``i``'s copied action."""
        from .errors import IllegalActionError

        cdef int64_t a = self.acts[i]
        cdef uint32_t m = self.tables[i].mask
        legal = ", ".join([ENV_ACTIONS[k] for k in range(3) if m >> k & 1])
        what = f"action {a} ({ENV_ACTIONS[a]})" if 0 <= a <= 2 else f"action {a}"
        raise IllegalActionError(f"table {i}: {what} is not legal there; legal: {legal}")

    def forget(self):
        """The observation rows were written by the caller: the next step
        writes every row whole (between steps a row holds only what changed
        since its table's last decision)."""
        rz_vec_forget(self.tables, 0, self.num_envs)

    def legal(self, Py_ssize_t i):
        """The legal action bits of table ``i`` (bit k = action k)."""
        if not 0 <= i < self.num_envs:
            raise IndexError(i)
        return self.tables[i].mask & 7

    def record(self, Py_ssize_t i):
        """(deck, action kinds) of table ``i``'s current hand, or None when
        its log overflowed."""
        cdef uint8_t deck[52]
        cdef uint8_t log[RZ_VEC_LOG]
        if not 0 <= i < self.num_envs:
            raise IndexError(i)
        if not self.ready:
            raise RulesError("call reset() first")
        n = self.tables[i].nlog
        if n > RZ_VEC_LOG:
            return None
        rz_table_record(&self.tables[i], deck, log)
        return (PyBytes_FromStringAndSize(<char *>deck, 52),
                PyBytes_FromStringAndSize(<char *>log, n))
