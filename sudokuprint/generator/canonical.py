"""Telling puzzles apart up to the grid's validity-preserving symmetries.

The 9x9 grid has 3,359,232 such symmetries (relabel digits, permute rows in a
band, bands, columns in a stack, stacks, transpose).  :func:`equivalence_key`
is an *invariant*: two puzzles that one of them maps onto each other get the
same key.  It is computed by colour refinement (Weisfeiler-Lehman) on a graph
of givens, lines (rows and columns alike, as a transpose swaps them), chutes
(bands and stacks), boxes and digits.  Different puzzles share a key only
rarely (13 pairs among the first 5,000 of Royle's 17-clue list, which are
all different; 3 rounds gave 84); when they do, the collection skips a good
puzzle, never keeps a copy.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import Sequence

from ..shape import Shape
from ..solver import native

_native_profile = native.equivalence_profile

_ROUNDS = 4
_LINE, _CHUTE, _BOX, _DIGIT, _GIVEN = range(1, 6)


@lru_cache(maxsize=None)
def _frame(shape: Shape) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]:
    """The part of the graph every puzzle of ``shape`` shares: initial colours,
    edges, and for each cell its (row, column, box) nodes.  The last ``side``
    nodes are the digits 1..N."""
    side = shape.side
    rows = list(range(side))
    columns = list(range(side, 2 * side))
    row_chutes = list(range(2 * side, 2 * side + side // shape.box_height))
    column_chutes = list(range(row_chutes[-1] + 1, row_chutes[-1] + 1 + side // shape.box_width))
    boxes = list(range(column_chutes[-1] + 1, column_chutes[-1] + 1 + side))
    colours = [_LINE] * (2 * side) + [_CHUTE] * (len(row_chutes) + len(column_chutes)) + [_BOX] * side + [_DIGIT] * side
    edges: list[tuple[int, int]] = []
    for i in range(side):
        edges.append((rows[i], row_chutes[i // shape.box_height]))
        edges.append((columns[i], column_chutes[i // shape.box_width]))
        first = shape.boxes[i].cells[0]
        edges.append((boxes[i], row_chutes[shape.row_of(first) // shape.box_height]))
        edges.append((boxes[i], column_chutes[shape.column_of(first) // shape.box_width]))
    places = tuple(
        (rows[shape.row_of(c)], columns[shape.column_of(c)], boxes[shape.box_of(c)]) for c in range(shape.cell_count)
    )
    return tuple(colours), tuple(edges), places


_MASK = (1 << 64) - 1
_SPREAD = {kind: hash((kind, 0x5BD1E995)) for kind in (_LINE, _CHUTE, _BOX, _DIGIT, _GIVEN)}
"""The first colours, spread over 64 bits so that sums of them tell multisets apart."""


def equivalence_key(puzzle: Sequence[int], shape: Shape) -> str:
    """A short hash, equal for puzzles equivalent under the grid's symmetries.

    Each round gives every node a new colour from its colour and the multiset
    of its neighbours' colours, summed (colours are 64-bit hashes, and a sum
    does not depend on the order, so no sorting).  Colours are small ints hashed with ``hash()``
    of int tuples, which does not depend on ``PYTHONHASHSEED``; keys are
    compared within one platform only.
    """
    start, frame_edges, places = _frame(shape)
    colours = list(start)
    neighbours = [list(near) for near in _frame_neighbours(shape)]
    digit_base = len(start) - shape.side
    for cell, value in enumerate(puzzle):
        if value:
            given = len(colours)
            ends = (*places[cell], digit_base + value - 1)
            colours.append(_GIVEN)
            neighbours.append(list(ends))
            for end in ends:
                neighbours[end].append(given)
    colours = [_SPREAD[colour] for colour in colours]
    for _ in range(_ROUNDS):
        pick = colours.__getitem__
        colours = [hash((colour, sum(map(pick, near)) & _MASK)) for colour, near in zip(colours, neighbours)]
    from hashlib import blake2b  # here: loading hashlib is a cost at every start-up of generate

    return blake2b(repr(sorted(colours)).encode(), digest_size=16).hexdigest()


@lru_cache(maxsize=None)
def _frame_neighbours(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Each frame node's neighbours in the frame."""
    start, edges, _ = _frame(shape)
    near: list[list[int]] = [[] for _ in start]
    for a, b in edges:
        near[a].append(b)
        near[b].append(a)
    return tuple(map(tuple, near))


@lru_cache(maxsize=None)
def _places(shape: Shape) -> tuple[tuple[tuple[int, int, int], ...], range, range]:
    """Each cell's row, column and box as indexes into one table of ``3 * side`` house counts;
    the range of the cells and that of the digits with 0."""
    side = shape.side
    places = tuple((shape.row_of(c), side + shape.column_of(c), 2 * side + shape.box_of(c))
                   for c in range(shape.cell_count))
    return places, range(shape.cell_count), range(side + 1)


def equivalence_profile(puzzle: Sequence[int], shape: Shape) -> bytes:
    """:func:`python_profile` of a puzzle, computed in C when the extension is there (the same bytes)."""
    if _native_profile is not None:
        values = puzzle if puzzle.__class__ is bytes else bytes(puzzle)
        return _native_profile(values, shape.box_width, shape.box_height)
    return python_profile(puzzle, shape)


def python_profile(puzzle: Sequence[int], shape: Shape) -> bytes:
    """A cheap 8-byte digest that equivalent puzzles share: for every given, the givens in its two
    lines (as an unordered pair, kept as their sum and product), in its box and of its digit, as a
    sorted list.

    Two puzzles with the same :func:`equivalence_key` have the same profile:
    the profile is what the key's second round of colours says of the givens
    (up to 64-bit hash collisions; a collision only costs the computing of
    two keys, which then decide).  So a puzzle whose profile has not been
    seen is new, and only puzzles that share a profile (rare: none among
    3,000 minimal 9x9 puzzles) need their keys.  The houses are counted in
    one pass over the givens (the digits by ``bytes.count``): this runs for
    every puzzle a collection makes.
    """
    side = shape.side
    places, every_cell, digit_range = _places(shape)
    values = bytes(puzzle)
    given = [places[cell] for cell in compress(every_cell, values)]
    counts = [0] * (3 * side)
    for row, column, box in given:
        counts[row] += 1
        counts[column] += 1
        counts[box] += 1
    digits = [values.count(digit) for digit in digit_range]
    base, pairs = side + 1, side * side + 1
    codes = []
    for (row, column, box), digit in zip(given, values.translate(None, b"\0")):
        across, down = counts[row], counts[column]
        codes.append((((across + down) * pairs + across * down) * base + counts[box]) * base + digits[digit])
    codes.sort()
    return hash(tuple(codes)).to_bytes(8, "little", signed=True)  # tuples of ints hash alike in every process


class DistinctPuzzles:
    """Puzzles kept up to equivalence: :meth:`add` says whether a puzzle is new, as comparing the
    :func:`equivalence_key` of every puzzle would, computing keys only for puzzles that share a profile.

    Memory: an 8-byte profile and the puzzle's values (one byte a cell) per
    puzzle, about 180 bytes with Python's overheads, and a key digest for
    each puzzle whose profile another shares.
    """

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self._by_profile: dict[bytes, bytes | None] = {}
        """Profile → the one puzzle seen with it, not keyed yet; None once its puzzles are keyed."""
        self._keys: set[bytes] = set()

    def __len__(self) -> int:
        return len(self._by_profile) + len(self._keys) - sum(1 for p in self._by_profile.values() if p is None)

    def _key(self, puzzle: Sequence[int]) -> bytes:
        from hashlib import blake2b  # here: as in equivalence_key

        return blake2b(equivalence_key(puzzle, self.shape).encode(), digest_size=8).digest()

    def add(self, puzzle: Sequence[int], profile: bytes | None = None) -> bool:
        """Add ``puzzle`` (its ``profile`` if known) unless it is equivalent to one added; True if it was added."""
        if profile is None:
            profile = equivalence_profile(puzzle, self.shape)
        if profile not in self._by_profile:
            self._by_profile[profile] = bytes(puzzle)
            return True
        waiting = self._by_profile[profile]
        if waiting is not None:  # a second puzzle with this profile: key the first one now
            self._keys.add(self._key(waiting))
            self._by_profile[profile] = None
        key = self._key(puzzle)
        if key in self._keys:
            return False
        self._keys.add(key)
        return True
