"""The widened photo suite: pages in many print faces, layouts and grid styles, written in with many pens.

    python -m ocr_training.photo_suite OUT_DIR --styled 120 --split held-out

Each page takes a face and a layout of one split (:mod:`ocr_training.suite_split`: the training groups, or the
held-out ones), a grid style (:data:`ocr_training.page_styles.GRID_STYLES`), what the solver wrote
(:data:`CONTENTS`) and with which pen (:data:`ocr_training.suite_pens.PENS`), and is photographed in colour.
Beside ``styled-SPLIT-NNN.jpg`` it writes the scorer's usual truth (``.dat`` the main grid's givens, ``.hand``
the entries, ``.all`` every grid's givens on a page of several) and ``.json``: the page's face, family, kind,
layout, style, content and pen, and ``cells``, each grid's 81 cells as ``g5`` (a printed given), ``e5`` (an
entry written in), ``c45`` (candidate marks only) or ``.`` (empty).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from .camera import Camera, photograph
from .layouts import LAYOUTS, lay_out
from .page_styles import GRID_STYLES, curl_page, style_group
from .suite_pens import CANDIDATE_PLACES, PENS, Pen, draw_candidates, draw_entry
from .suite_split import Face, suite_faces, suite_layouts

CONTENTS: dict[str, tuple[float, float]] = {
    "print": (0.0, 0.0),
    "half-solved": (0.5, 0.0),
    "fully-solved": (1.0, 0.0),
    "candidates": (0.0, 0.45),
    "half-with-candidates": (0.4, 0.4),
}
"""What the solver wrote in the main grid: (share of the empty cells given an entry, share of the remaining
empty cells given candidate marks)."""
MISTAKES = 0.05
"""Share of entries that are not the solution's digit (a solver's slip)."""


@dataclass
class StyledPage:
    """A photographed page and its truth."""

    photo: Image.Image
    cells: list[list[str]]
    """Each grid's 81 cell tokens (see the module's docstring), the main grid first."""
    meta: dict[str, str]


def _write_cells(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], givens: list[int], solution: str,
                 content: str, pen: Pen, rng: np.random.Generator) -> list[str]:
    """Write the solver's entries and candidate marks into the grid at ``box``; returns its 81 cell tokens."""
    entries, candidates = CONTENTS[content]
    cell = (box[2] - box[0]) / 9
    place = CANDIDATE_PLACES[int(rng.integers(len(CANDIDATE_PLACES)))]
    tokens = []
    for index in range(81):
        if givens[index]:
            tokens.append(f"g{givens[index]}")
            continue
        at = (box[0] + (index % 9) * cell, box[1] + (index // 9) * cell, cell)
        if rng.random() < entries:
            right = int(solution[index])
            digit = right if rng.random() >= MISTAKES else int(rng.choice([d for d in range(1, 10) if d != right]))
            draw_entry(draw, digit, at, pen, rng)
            tokens.append(f"e{digit}")
        elif rng.random() < candidates:
            count = int(rng.integers(1, 5))
            others = rng.permutation([d for d in range(1, 10) if d != int(solution[index])])[: count - 1]
            marks = sorted([int(solution[index]), *map(int, others)])
            crossed = int(rng.integers(1, count)) if count > 1 and rng.random() < 0.3 else 0
            draw_candidates(draw, marks, at, pen, rng, place, crossed)
            tokens.append("c" + "".join(map(str, marks)))
        else:
            tokens.append(".")
    return tokens


def styled_page(pairs: list[tuple[str, str]], face: Face, layout: str, style: str, content: str, pen: str,
                rng: np.random.Generator) -> StyledPage:
    """One page: ``pairs`` (puzzle, solution) for its grids (as many as the layout prints; the solver writes in
    the first), photographed in colour."""
    grids = [[int(c) if c.isdigit() else 0 for c in puzzle] for puzzle, _ in pairs]
    page, boxes = lay_out(layout, grids, str(face.path), GRID_STYLES[style], rng)
    cells = [_write_cells(ImageDraw.Draw(page), boxes[0], grids[0], pairs[0][1], content, PENS[pen], rng)]
    cells += [[f"g{v}" if v else "." for v in values] for values in grids[1:]]
    page = curl_page(page, GRID_STYLES[style].curl, rng)
    camera = Camera(tilt=float(rng.uniform(0, 8)), perspective=float(rng.uniform(0.005, 0.025)),
                    defocus=float(rng.uniform(0.3, 1.0)), shadow=float(rng.uniform(0, 0.35)),
                    light=float(rng.uniform(0.75, 1.0)), fill=float(rng.uniform(0.6, 0.92)))
    whole = len(boxes) > 1
    photo = photograph(page, None if whole else boxes[0], camera, rng, colour=True)
    meta = {"face": face.path.name, "family": face.family, "kind": face.kind, "split": face.split,
            "layout": layout, "style": style, "style_group": style_group(style), "content": content, "pen": pen}
    return StyledPage(photo, cells, meta)


def write_dat(path: Path, values: list[int]) -> None:
    """A grid's digits (81, 0 = empty) as a Wicht ``.dat`` file (two header lines, nine rows)."""
    rows = [" ".join(str(v) for v in values[r * 9 : r * 9 + 9]) for r in range(9)]
    path.write_text("synthetic photo suite\n1000x1000 JPG\n" + "\n".join(rows) + "\n")


def _givens(tokens: list[str]) -> list[int]:
    return [int(t[1]) if t.startswith("g") else 0 for t in tokens]


def build_styled(out: Path, count: int, split: str, seed: int, pairs: list[tuple[str, str]]) -> int:
    """Write ``count`` pages of ``split``'s faces and layouts into ``out``; returns the number written.

    Contents take turns page by page, and layouts and styles turn once per round of contents (so every
    content meets every layout and style alike); the face, the pen and the puzzles are drawn at random."""
    faces, layouts = suite_faces(split), suite_layouts(split)
    if not faces:
        raise FileNotFoundError(f"no {split} face installed: run scripts/install-training-fonts.sh")
    out.mkdir(parents=True, exist_ok=True)
    styles, contents, pens = list(GRID_STYLES), list(CONTENTS), list(PENS)
    for k in range(count):
        rng = np.random.default_rng([seed, 7, k])
        content, round_ = contents[k % len(contents)], k // len(contents)
        layout, style = layouts[round_ % len(layouts)], styles[round_ % len(styles)]
        chosen = [pairs[int(rng.integers(len(pairs)))] for _ in range(LAYOUTS[layout][2])]
        face, pen = faces[int(rng.integers(len(faces)))], pens[int(rng.integers(len(pens)))]
        page = styled_page(chosen, face, layout, style, content, pen, rng)
        stem = out / f"styled-{split}-{k:03d}"
        page.photo.save(stem.with_suffix(".jpg"))
        write_truth(stem, page)
    return count


def write_truth(stem: Path, page: StyledPage) -> None:
    """The page's truth files (see the module's docstring)."""
    main = page.cells[0]
    write_dat(stem.with_suffix(".dat"), _givens(main))
    entries = [int(t[1]) if t.startswith("e") else 0 for t in main]
    if any(entries):
        write_dat(stem.with_suffix(".hand"), entries)
    if len(page.cells) > 1:
        stem.with_suffix(".all").write_text("".join("".join(map(str, _givens(g))) + "\n" for g in page.cells))
    stem.with_suffix(".json").write_text(json.dumps({**page.meta, "cells": page.cells}, indent=1) + "\n")


def read_cells(path: Path) -> tuple[dict[str, str], list[list[str]]]:
    """A page's ``.json`` truth: its description and each grid's cell tokens."""
    data = json.loads(path.read_text())
    cells = data.pop("cells")
    return data, cells
