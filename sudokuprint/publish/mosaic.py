"""Mosaic posters: many small puzzles whose cells together draw a picture in grey.

The picture is fitted (aspect kept, white around it) onto ``columns x rows``
tiles of 9x9 cells and sampled one grey level per cell, then mapped to
:data:`TONES` tones, black to white.  The picture shows in two ways at once:

- *density*: a tile's pattern of givens takes :data:`GIVEN_SHARES` of the
  cells of each tone (more givens where the picture is dark), evenly
  scattered like a halftone, with a given added to any band or stack that
  would otherwise have two empty rows or columns;
- *shading*: each given is filled with the grey of its tone
  (:data:`GIVEN_FILLS`, digits light on the dark ones) and empty cells in the
  darkest tones get a light tint (:data:`EMPTY_FILLS`) that a pencil still
  writes on.

The generator then fills each tile's pattern with digits to make a unique
puzzle, within a time limit a tile.  When it cannot, the tile falls back to
a random solution whose digits are kept on the pattern and on as few more
cells (dark ones first) as make the puzzle unique, and the tile's
:attr:`MosaicTile.note` says so.  Tiles picked from a file of puzzles are
matched to each place's pattern and shaded the same way.  The answers follow
on a second page of the same layout.  The same picture and seed give the
same poster (as long as no tile runs out of time).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageOps

from ..errors import UnsupportedError
from ..generator import GenerationError, PatternSearch, fill_pattern, random_complete_grid
from ..grid import Grid
from ..layout.geometry import slots
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Metadata, Page, Text
from ..layout.template import Template
from ..shape import CLASSIC, Shape
from ..solver import get_backend
from .motif import Motif, motif_of
from .pages import PlannedPage, assemble
from .puzzles import Puzzle, recheck

DARK = 128
"""Cells whose grey level (0 black - 255 white) is below this are dark (the two darkest tones)."""
TONES = 4
"""Grey tones a cell's level is mapped to: 0 the darkest, ``TONES - 1`` white."""
GIVEN_SHARES = (0.7, 0.55, 0.4, 0.28)
"""Share of a tile's cells of each tone that are givens (the rest is left to solve; a white tile is a puzzle too)."""
GIVEN_FILLS = (0.1, 0.4, 0.72, 0.93)
"""Grey fill of a given cell of each tone."""
EMPTY_FILLS: tuple[float | None, ...] = (0.78, 0.88, None, None)
"""Grey fill of an empty cell of each tone (None: white paper)."""
TILE_SECONDS = 2.0
"""Time the generator gets for one tile's pattern before the fallback."""


@dataclass(frozen=True)
class MosaicTile:
    """One tile of a mosaic: its puzzle, which givens draw the picture, and how it was made."""

    index: int
    puzzle: Puzzle
    dark: frozenset[int]
    """Givens in dark parts of the picture (the two darkest tones)."""
    note: str = ""
    """Empty when the generator filled the tile's pattern; else what the fallback did."""
    levels: tuple[int, ...] = ()
    """The picture's grey level at each cell; empty for a tile without a picture (every given shaded dark)."""

    def fills(self, shape: Shape = CLASSIC) -> dict[int, float]:
        """The grey of every filled cell: givens by their tone, empty cells tinted in the darkest tones."""
        if not self.levels:
            return dict.fromkeys(self.dark, GIVEN_FILLS[0])
        givens = self.puzzle.grid.givens
        greys: dict[int, float] = {}
        for cell in range(shape.cell_count):
            level = tone(self.levels[cell])
            grey = GIVEN_FILLS[level] if cell in givens else EMPTY_FILLS[level]
            if grey is not None:
                greys[cell] = grey
        return greys


def tone(level: int) -> int:
    """The tone (0 darkest .. ``TONES - 1`` white) of a grey level 0-255."""
    return min(TONES - 1, level * TONES // 256)


def fit_picture(picture: Image.Image, columns: int, rows: int, side: int = 9) -> Image.Image:
    """The picture in grey, one pixel a cell, fitted into the tiles with its aspect kept (white around it)."""
    if picture.mode in ("RGBA", "LA", "PA") or (picture.mode == "P" and "transparency" in picture.info):
        rgba = picture.convert("RGBA")
        flat = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        picture = Image.alpha_composite(flat, rgba)
    grey = ImageOps.autocontrast(picture.convert("L"), cutoff=1)  # a weak photo stretched to black and white
    grey = ImageOps.equalize(grey)  # then its tones spread evenly over the grey range
    return ImageOps.pad(grey, (columns * side, rows * side), Image.Resampling.BOX, color=255)


def oriented(template: Template, picture: Image.Image) -> Template:
    """The mosaic template turned to the picture's orientation: a landscape picture on a landscape sheet
    with the tiles' columns and rows swapped (and a portrait picture on a portrait sheet)."""
    page, grid = template.page, template.grid
    picture_wide = picture.width > picture.height
    sheet_wide = page.trim_width > page.trim_height
    if picture.width == picture.height or picture_wide == sheet_wide:
        return template
    return replace(template, page=replace(page, trim_width=page.trim_height, trim_height=page.trim_width),
                   grid=replace(grid, columns=grid.rows, rows=grid.columns))


def tile_levels(picture: Image.Image, columns: int, rows: int, side: int = 9) -> list[tuple[int, ...]]:
    """Grey level of every cell of every tile, tiles row by row, cells row by row."""
    fitted = fit_picture(picture, columns, rows, side)
    width = columns * side
    pixels = fitted.tobytes()  # one byte a pixel in mode L, row by row
    return [
        tuple(pixels[(row * side + r) * width + column * side + c] for r in range(side) for c in range(side))
        for row in range(rows)
        for column in range(columns)
    ]


@lru_cache(maxsize=None)
def spread_order(shape: Shape = CLASSIC) -> tuple[int, ...]:
    """Cells in an order that spreads any first few of them evenly over the grid.

    Each next cell is the farthest from those before it (on a torus, so the
    edges are no different), ties going to the cell least crowded by them.
    Givens taken in this order scatter like a halftone rather than clump.
    """
    side = shape.side
    cells = range(shape.cell_count)
    nearest = {c: float("inf") for c in cells}
    crowding = dict.fromkeys(cells, 0.0)
    order: list[int] = []
    while nearest:
        pick = max(nearest, key=lambda c: (nearest[c], -crowding[c], -c))
        order.append(pick)
        del nearest[pick]
        for c in nearest:
            distance = _torus_distance(c, pick, side)
            nearest[c] = min(nearest[c], distance)
            crowding[c] += 1.0 / distance
    return tuple(order)


def _torus_distance(a: int, b: int, side: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, side), divmod(b, side)
    dr, dc = abs(ra - rb), abs(ca - cb)
    dr, dc = min(dr, side - dr), min(dc, side - dc)
    return dr * dr + dc * dc


def _lines_to_fill(cells: frozenset[int], shape: Shape) -> list[list[int]]:
    """Empty rows (or columns) beyond the first of a band (or stack): each needs one given."""
    side = shape.side
    needs = []
    for size, line in ((shape.box_height, lambda i: [i * side + k for k in range(side)]),
                       (shape.box_width, lambda i: [k * side + i for k in range(side)])):
        for start in range(0, side, size):
            empty = [line(i) for i in range(start, start + size) if cells.isdisjoint(line(i))]
            needs.extend(empty[1:])
    return needs


def preference(levels: Sequence[int], shape: Shape = CLASSIC) -> list[int]:
    """Cells in the order they become givens: darkest tone first, each tone in :func:`spread_order`."""
    rank = {cell: place for place, cell in enumerate(spread_order(shape))}
    return sorted(range(shape.cell_count), key=lambda c: (tone(levels[c]), rank[c]))


def tile_pattern(levels: Sequence[int], shape: Shape = CLASSIC, *,
                 shares: Sequence[float] = GIVEN_SHARES) -> frozenset[int]:
    """The given cells of one tile: ``shares[t]`` of its cells of each tone ``t``.

    Each share is taken in :func:`spread_order`, so givens scatter evenly
    within every tone; then every empty row or column that shares a band or
    stack with another empty one gets a given.
    """
    order = preference(levels, shape)
    chosen: list[int] = []
    for level, share in enumerate(shares):
        of_tone = [c for c in order if tone(levels[c]) == level]
        chosen += of_tone[: round(len(of_tone) * share)]
    cells = frozenset(chosen)
    while True:
        needs = _lines_to_fill(cells, shape)
        if not needs:
            return cells
        cells |= {min(needs[0], key=order.index)}


def _fallback(cells: frozenset[int], levels: Sequence[int], shape: Shape, rng: random.Random) -> tuple[Grid, Grid]:
    """A unique puzzle on ``cells`` plus as few of the next darkest cells as needed, from a random solution."""
    solve = get_backend().solve
    solution = random_complete_grid(shape, rng)
    extra = [c for c in preference(levels, shape) if c not in cells]
    givens = [solution[c] if c in cells else 0 for c in range(shape.cell_count)]
    added: list[int] = []
    for cell in extra:
        if solve(givens, shape, 2)[0] == 1:
            break
        givens[cell] = solution[cell]
        added.append(cell)
    for cell in reversed(added):  # drop additions the others made unnecessary, lightest first
        givens[cell] = 0
        if solve(givens, shape, 2)[0] != 1:
            givens[cell] = solution[cell]
    puzzle = Grid.from_values(givens, shape)
    return puzzle, Grid.from_values(solution, shape, givens=puzzle.givens)


def make_tile(index: int, levels: Sequence[int], seed: int, *, seconds: float = TILE_SECONDS,
              shape: Shape = CLASSIC) -> MosaicTile:
    """The puzzle of one tile: the generator's fill of the tile's pattern, or the fallback."""
    cells = tile_pattern(levels, shape)
    rng = random.Random(seed * 100_003 + index)
    note = ""
    try:
        made, _ = fill_pattern(cells, shape, rng, PatternSearch(time_limit=seconds, graded=False))
        puzzle, solution = made.grid(), made.solution_grid()
    except GenerationError as error:
        puzzle, solution = _fallback(cells, levels, shape, rng)
        added = puzzle.clue_count - len(cells)
        note = (f"tile {index + 1}: {error.reason}; {added} given{'s' if added != 1 else ''} added "
                f"to a random solution to make it unique")
    number = index + 1
    return MosaicTile(index, recheck(Puzzle(number, puzzle, solution, True, source=f"mosaic tile {number}")),
                      frozenset(c for c in puzzle.givens if levels[c] < DARK), note, tuple(levels))


def generate_mosaic(picture: Image.Image, columns: int, rows: int, seed: int = 1, *,
                    seconds: float = TILE_SECONDS) -> list[MosaicTile]:
    """One unique puzzle a tile, tiles row by row, whose givens draw ``picture``."""
    return [make_tile(i, levels, seed, seconds=seconds)
            for i, levels in enumerate(tile_levels(picture, columns, rows))]


def tiles_from_puzzles(puzzles: Sequence[Puzzle], count: int) -> list[MosaicTile]:
    """Tiles of existing puzzles in order, every given shaded dark (no picture)."""
    nine = [p for p in puzzles if p.grid.side == 9][:count]
    if not nine:
        raise UnsupportedError("a mosaic needs 9x9 puzzles")
    return [MosaicTile(i, p, p.grid.givens) for i, p in enumerate(nine)]


def _bits(cells: frozenset[int]) -> int:
    return sum(1 << c for c in cells)


def match_tiles(tiles: Sequence[frozenset[int]], motifs: Sequence[Motif]) -> list[Motif]:
    """For each tile, the unused motif whose shaded cells differ from it in the fewest cells (greedy)."""
    if len(motifs) < len(tiles):
        raise UnsupportedError(f"a mosaic of {len(tiles)} grids needs at least {len(tiles)} puzzles, got {len(motifs)}")
    pool = [(_bits(m.cells), m) for m in motifs]
    chosen = []
    for tile in tiles:
        want = _bits(tile)
        best = min(range(len(pool)), key=lambda i: ((pool[i][0] ^ want).bit_count(), i))
        chosen.append(pool.pop(best)[1])
    return chosen


def tiles_matching(puzzles: Sequence[Puzzle], picture: Image.Image, columns: int, rows: int) -> list[MosaicTile]:
    """Tiles of existing puzzles: for each place, the unused puzzle whose givens best match the picture there."""
    levels = tile_levels(picture, columns, rows)
    wanted = [tile_pattern(tile) for tile in levels]
    by_number = {p.number: p for p in puzzles}
    motifs = [motif_of(p.grid, p.number) for p in puzzles if p.grid.side == 9]
    chosen = match_tiles(wanted, motifs)
    return [MosaicTile(i, by_number[m.number], frozenset(c for c in m.cells if tile[c] < DARK), levels=tuple(tile))
            for i, (m, tile) in enumerate(zip(chosen, levels))]


def build_mosaic(tiles: Sequence[MosaicTile], template: Template, *, title: str = "Sudoku mosaic",
                 answers: bool = True) -> Document:
    """The mosaic poster: a title and ``columns x rows`` small puzzles; their answers on a second page."""
    if not tiles:
        raise UnsupportedError("a mosaic needs at least one tile")
    columns = template.grid.columns
    if len(tiles) < template.grid.per_page:
        template = replace(template, grid=replace(template.grid, rows=-(-len(tiles) // columns)))
    placed = list(tiles[: template.grid.per_page])
    fallbacks = [t.index + 1 for t in placed if t.note]

    def heading(page: Page, live: Box, text: str) -> None:
        size = template.furniture.title_size
        page.add(Text((live[0] + live[2]) / 2, live[1] - size * 0.45, text, size, "bold", "center"))

    def draw_puzzles(page: Page, live: Box) -> None:
        heading(page, live, title)
        for slot, tile in zip(slots(template, live, 9), placed):
            puzzle = tile.puzzle
            page.add(Text(slot.x, slot.label_y, str(puzzle.number), template.grid.label_size, "bold", "left", 0.3))
            items, placement = draw_grid(puzzle.grid.shape, slot.x, slot.y, slot.size, template.style,
                                         grid=puzzle.grid, fills=tile.fills(puzzle.grid.shape), role="puzzle",
                                         number=puzzle.number)
            page.add(*items)
            page.grids.append(placement)
        if fallbacks:
            size = template.grid.label_size
            page.add(Text(live[0], live[3] + size * 2, f"Tiles {', '.join(map(str, fallbacks))}: givens added "
                          "to the picture's pattern to make the puzzle unique", size, "regular", "left", 0.4))

    def draw_answers(page: Page, live: Box) -> None:
        heading(page, live, f"{title}: answers")
        for slot, tile in zip(slots(template, live, 9), placed):
            puzzle = tile.puzzle
            page.add(Text(slot.x, slot.label_y, str(puzzle.number), template.grid.label_size, "bold", "left", 0.3))
            items, placement = draw_grid(puzzle.grid.shape, slot.x, slot.y, slot.size, template.style,
                                         grid=puzzle.solution, role="answer", number=puzzle.number)
            page.add(*items)
            page.grids.append(placement)

    plan = [PlannedPage(template, draw_puzzles, furniture=False)]
    if answers:
        plan.append(PlannedPage(template, draw_answers, furniture=False))
    subject = f"Sudoku mosaic poster of {len(placed)} puzzles" + (" with answers" if answers else "")
    return assemble(plan, Metadata(title=title, subject=subject))
