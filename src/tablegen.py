"""Build-time generator of razzcore's ace-to-five perfect-hash table.

Standard library only.  ``setup.py`` runs it (loading this file by path) and
writes ``razz_table.h`` into the build folder; nothing generated is committed.
The tests import it too and compare the compiled table against it.

The design
----------
Razz ignores suits, so a hand is a multiset of ranks (each rank at most four
times).  Every card gets the key ``RANK_KEY[rank]``; the key of an ``n``-card
hand is ``SIZE_BASE[n]`` plus the sum of its cards' keys.  ``RANK_KEY`` (the
Shackleton keys) makes the sums of *exactly seven* ranks unique; padding two
multisets with the same rank shows that sums of exactly five and exactly six
are unique too.  ``SIZE_BASE`` stacks the three sizes' key ranges one above the
other, so one table serves 5, 6 and 7 cards (the kernel always knows ``n``).

The keys are sparse (up to ~22M, clustered at the low end) while only 73,775
multisets exist.  Multiplying by an odd ``MULT`` modulo ``2**KEY_BITS`` is a
bijection on ``[0, 2**KEY_BITS)``, so it scatters the keys evenly with no risk
of collision; then a single-displacement perfect hash (Tarjan & Yao) folds them
into a small table::

    m     = (key * MULT) & (2**KEY_BITS - 1)
    index = (m & (2**SHIFT - 1)) + DISP[m >> SHIFT]

Rows are placed densest first at the lowest base where none of their columns
collide.  Every ``m`` has a row (``DISP`` has ``2**(KEY_BITS - SHIFT)``
entries) and the table is padded by one row width, so *any* key, even one
summed from invalid input, indexes inside both arrays.

Ranks are dense: 1 = 5-4-3-2-A ... 6175 = K-K-K-K-Q.  Slot value 0 means "no
hand here" (only reachable through invalid input, which the callers reject).

>>> ordered = sorted(multisets(5), key=class_key)
>>> len(ordered), ordered[0], ordered[-1]
(6175, (0, 1, 2, 3, 4), (11, 12, 12, 12, 12))
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from itertools import combinations

NUM_RANKS = 13
RANK_CHARS = "A23456789TJQK"

#: Shackleton's keys: sums of exactly seven, each used at most four times, are unique.
RANK_KEY = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)

#: Row width of the displacement table is ``1 << SHIFT``.
SHIFT = 12
#: Keys are mixed modulo ``1 << KEY_BITS`` (every valid key, and every sum of 7
#: card keys, is below it).
KEY_BITS = 25
#: Multipliers tried, in order; the one giving the smallest table wins.
_MULT_SEED = 20261129
_MULT_TRIES = 16

__all__ = ["Table", "build", "class_key", "multisets", "render_header"]


def multisets(size: int) -> list[tuple[int, ...]]:
    """All rank multisets of ``size`` cards (ranks ascending, each rank at most 4 times).

    >>> len(multisets(5)), len(multisets(6)), len(multisets(7))
    (6175, 18395, 49205)
    """
    out: list[tuple[int, ...]] = []

    def rec(start: int, left: int, acc: list[int]) -> None:
        if left == 0:
            out.append(tuple(acc))
            return
        for r in range(start, NUM_RANKS):
            if len(acc) >= 4 and acc[-4] == r:
                continue
            acc.append(r)
            rec(r, left - 1, acc)
            acc.pop()

    rec(0, size, [])
    return out


def class_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Sort key of a five-rank low hand: smaller is better.

    Category first (no pair < pair < two pair < trips < full house < quads),
    then the rank groups by (count desc, rank desc).

    >>> class_key((4, 3, 2, 1, 0)) < class_key((12, 11, 10, 9, 8)) < class_key((0, 0, 1, 2, 3))
    True
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    pattern = tuple(c for _, c in groups)
    category = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)).index(pattern)
    return (category, *(r for r, _ in groups))


@dataclass(frozen=True)
class Table:
    """The generated evaluator table and everything derived from it."""

    rank_key: tuple[int, ...]          # per-rank key
    size_base: tuple[int, ...]         # key offset of an n-card hand, n = 0..7 (used: 5..7)
    mult: int                          # odd multiplier mixing keys mod 2**key_bits
    key_bits: int
    shift: int
    disp: tuple[int, ...]              # uint32 row displacement, 2**(key_bits - shift) rows
    table: tuple[int, ...]             # uint16 dense rank per slot, 0 = empty
    five_card_classes: tuple[tuple[int, ...], ...]  # rank r (1-based) -> its 5 ranks, high first

    def key_of(self, ranks: tuple[int, ...]) -> int:
        """Key of a rank multiset of 5..7 ranks."""
        return self.size_base[len(ranks)] + sum(self.rank_key[r] for r in ranks)

    def lookup_key(self, key: int) -> int:
        """The table lookup exactly as the C kernel does it."""
        m = (key * self.mult) & ((1 << self.key_bits) - 1)
        return self.table[(m & ((1 << self.shift) - 1)) + self.disp[m >> self.shift]]

    def lookup_ranks(self, ranks: tuple[int, ...]) -> int:
        """Dense rank of the best low in a multiset of 5..7 ranks."""
        return self.lookup_key(self.key_of(ranks))

    def slot_digest(self) -> int:
        """64-bit FNV-1a over the slot table, one 16-bit word per slot.

        The slots are not compiled in: the extension fills them at import
        (``rz_table_init`` in ``src/razz_eval.h``) and checks its fill against
        this number, which the header carries as ``RZ_SLOT_DIGEST``.

        >>> fnv = Table((), (), 1, 1, 0, (), (0, 1), ()).slot_digest()
        >>> hex(fnv)
        '0x8328707b4eb6e3a'
        """
        h = 0xCBF29CE484222325
        for v in self.table:
            h = ((h ^ v) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        return h

    def digest(self) -> str:
        """SHA-256 over everything the C header is made of."""
        h = hashlib.sha256()
        for part in (self.rank_key, self.size_base, (self.mult, self.key_bits, self.shift),
                     self.disp, self.table):
            h.update(",".join(map(str, part)).encode())
            h.update(b";")
        for cls in self.five_card_classes:
            h.update(bytes(cls))
        return h.hexdigest()


def _best_rank(ranks: tuple[int, ...], rank_of_class: dict[tuple[int, ...], int]) -> int:
    return min(rank_of_class[c] for c in set(combinations(ranks, 5)))


def _displace(keys_to_rank: dict[int, int], shift: int, n_rows: int) -> tuple[list[int], list[int]]:
    width = 1 << shift
    rows: dict[int, list[int]] = {}
    for key in keys_to_rank:
        rows.setdefault(key >> shift, []).append(key & (width - 1))
    occupied = 0  # bit i set = slot i used
    disp = [0] * n_rows
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        # bit b of `bad` is set when base b would put some column on a used slot;
        # the lowest clear bit of `bad` is the first-fit base.
        bad = 0
        mask = 0
        for col in rows[row]:
            bad |= occupied >> col
            mask |= 1 << col
        base = (~bad & (bad + 1)).bit_length() - 1
        occupied |= mask << base
        disp[row] = base
    table = [0] * (max(disp) + width)  # padded: any column of any row stays inside
    for key, rank in keys_to_rank.items():
        idx = (key & (width - 1)) + disp[key >> shift]
        assert table[idx] == 0
        table[idx] = rank
    return disp, table


def build(shift: int = SHIFT) -> Table:
    """Generate the whole table (a few seconds of pure Python)."""
    fives = multisets(5)
    ordered = sorted(fives, key=class_key)
    rank_of_class = {c: i + 1 for i, c in enumerate(ordered)}
    by_size = {5: fives, 6: multisets(6), 7: multisets(7)}
    sums = {n: [sum(RANK_KEY[r] for r in m) for m in ms] for n, ms in by_size.items()}
    size_base = [0] * 8
    top = -1
    for n in (5, 6, 7):
        if len(set(sums[n])) != len(sums[n]):
            raise AssertionError(f"rank keys are not unique over {n}-card multisets")
        size_base[n] = top + 1 - min(sums[n])
        top = size_base[n] + max(sums[n])
    keys_to_rank: dict[int, int] = {}
    for n, ms in by_size.items():
        for m, s in zip(ms, sums[n], strict=True):
            key = size_base[n] + s
            keys_to_rank[key] = rank_of_class[m] if n == 5 else _best_rank(m, rank_of_class)
    if len(keys_to_rank) != sum(len(ms) for ms in by_size.values()):
        raise AssertionError("hand keys collide across sizes")
    if size_base[7] + 7 * max(RANK_KEY) >= 1 << KEY_BITS:
        raise AssertionError("KEY_BITS too small for the key range")
    mask = (1 << KEY_BITS) - 1
    n_rows = 1 << (KEY_BITS - shift)
    best: tuple[int, list[int], list[int]] | None = None
    pick = random.Random(_MULT_SEED)
    for _ in range(_MULT_TRIES):
        mult = pick.getrandbits(KEY_BITS) | 1
        mixed = {(k * mult) & mask: r for k, r in keys_to_rank.items()}
        disp, table = _displace(mixed, shift, n_rows)
        if best is None or len(table) < len(best[2]):
            best = (mult, disp, table)
    assert best is not None
    mult, disp, table = best
    classes = tuple(tuple(sorted(c, reverse=True)) for c in ordered)
    return Table(RANK_KEY, tuple(size_base), mult, KEY_BITS, shift, tuple(disp), tuple(table),
                 classes)


def _c_array(ctype: str, name: str, values: tuple[int, ...] | list[int], per_line: int = 16) -> str:
    lines = []
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(str(v) for v in values[i : i + per_line]) + ",")
    return f"static const {ctype} {name}[{len(values)}] = {{\n" + "\n".join(lines) + "\n};\n"


def render_header(t: Table) -> str:
    """The C header ``razz_table.h`` (static const arrays, no code).

    The hash (multiplier, size bases, rank keys, displacement rows) is compiled
    in; the slot values are not: ``RZ_SLOT_DIGEST`` is what the import-time
    fill must reproduce (see :meth:`Table.slot_digest`).
    """
    card_key = [t.rank_key[c >> 2] if c < 52 else 0 for c in range(64)]
    parts = [
        "/* Generated by src/tablegen.py at build time. Do not edit, do not commit. */\n",
        "#ifndef RAZZ_TABLE_H\n#define RAZZ_TABLE_H\n#include <stdint.h>\n",
        f'#define RZ_TABLE_DIGEST "{t.digest()}"\n',
        f"#define RZ_SHIFT {t.shift}\n",
        f"#define RZ_TABLE_SIZE {len(t.table)}u\n",
        "/* 64-bit FNV-1a of the slot table, which rz_table_init() fills at start-up */\n",
        f"#define RZ_SLOT_DIGEST {t.slot_digest():#018x}ull\n",
        f"#define RZ_DISP_SIZE {len(t.disp)}u\n",
        f"#define RZ_MULT {t.mult}u\n",
        f"#define RZ_KEY_MASK {(1 << t.key_bits) - 1}u\n",
        _c_array("uint32_t", "RZ_SIZE_BASE", t.size_base),
        "#define RZ_NUM_CLASSES 6175\n",
        _c_array("uint32_t", "RZ_RANK_KEY", t.rank_key),
        "/* key of each card code 0..63; codes 52..63 are never valid and weigh 0 */\n",
        _c_array("uint32_t", "RZ_CARD_KEY", card_key),
        _c_array("uint32_t", "RZ_DISP", t.disp, 12),
        "#endif\n",
    ]
    return "".join(parts)


def main(argv: list[str] | None = None) -> None:
    """Command line: ``python src/tablegen.py [OUT.h]`` writes the header."""
    import argparse
    import time

    parser = argparse.ArgumentParser(description="Generate razzcore's razz_table.h.")
    parser.add_argument("out", nargs="?", help="where to write the C header (default: none)")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    tab = build()
    if args.out:
        with open(args.out, "w", encoding="ascii") as fh:
            fh.write(render_header(tab))
    print(
        f"table {len(tab.table)} slots, {len(tab.disp)} rows, mult {tab.mult:#x}, "
        f"{time.perf_counter() - t0:.1f}s, digest {tab.digest()[:16]}"
    )


if __name__ == "__main__":  # pragma: no cover - manual use
    main()
