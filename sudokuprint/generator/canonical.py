"""Telling puzzles apart up to the grid's validity-preserving symmetries.

The 9x9 grid has 3,359,232 such symmetries (relabel digits, permute rows in a
band, bands, columns in a stack, stacks, transpose).  :func:`equivalence_key`
is an *invariant*: two puzzles that one of them maps onto each other get the
same key.  It is computed by colour refinement (Weisfeiler-Lehman) on a graph
of givens, lines (rows and columns alike, as a transpose swaps them), chutes
(bands and stacks), boxes and digits.  Different puzzles share a key only
rarely; when they do, the collection skips a good puzzle, never keeps a copy.
"""

from __future__ import annotations

import hashlib
from typing import Sequence

from ..shape import Shape

_ROUNDS = 4


def exact_key(puzzle: Sequence[int]) -> str:
    """The puzzle itself, as a compact string (equal only for identical puzzles)."""
    return ",".join(map(str, puzzle)) if max(puzzle, default=0) > 9 else "".join(map(str, puzzle))


def equivalence_key(puzzle: Sequence[int], shape: Shape) -> str:
    """A short hash, equal for puzzles equivalent under the grid's symmetries."""
    side = shape.side
    bands = side // shape.box_height
    nodes: list[str] = []  # initial colour of each node
    edges: list[list[int]] = []

    def node(colour: str) -> int:
        nodes.append(colour)
        edges.append([])
        return len(nodes) - 1

    def link(a: int, b: int) -> None:
        edges[a].append(b)
        edges[b].append(a)

    rows = [node("line") for _ in range(side)]
    columns = [node("line") for _ in range(side)]
    row_chutes = [node("chute") for _ in range(bands)]
    column_chutes = [node("chute") for _ in range(side // shape.box_width)]
    boxes = [node("box") for _ in range(side)]
    digits = [node("digit") for _ in range(side)]
    for r in range(side):
        link(rows[r], row_chutes[r // shape.box_height])
    for c in range(side):
        link(columns[c], column_chutes[c // shape.box_width])
    for b in range(side):
        cell = shape.boxes[b].cells[0]
        link(boxes[b], row_chutes[shape.row_of(cell) // shape.box_height])
        link(boxes[b], column_chutes[shape.column_of(cell) // shape.box_width])
    for cell, value in enumerate(puzzle):
        if value:
            given = node("given")
            link(given, rows[shape.row_of(cell)])
            link(given, columns[shape.column_of(cell)])
            link(given, boxes[shape.box_of(cell)])
            link(given, digits[value - 1])
    colours = nodes
    for _ in range(_ROUNDS):
        signatures = [colours[n] + "(" + ",".join(sorted(colours[m] for m in edges[n])) + ")" for n in range(len(nodes))]
        colours = [hashlib.blake2b(s.encode(), digest_size=8).hexdigest() for s in signatures]
    return hashlib.blake2b("|".join(sorted(colours)).encode(), digest_size=16).hexdigest()
