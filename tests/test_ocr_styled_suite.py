"""The widened photo suite: its fixed face/layout split, and truth files that say what each cell holds."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw

from conftest import REPO, SAMPLES

from ocr_training import styled_suite
from ocr_training.photo_suite import puzzle_pairs
from ocr_training.layouts import LAYOUTS
from ocr_training.page_styles import GRID_STYLES, curl_page, draw_grid, style_group
from ocr_training.suite_pens import PENS
from ocr_training.suite_split import KINDS, is_held_out_font, suite_faces, suite_layouts

SHIPPED_FONTS = (REPO / "ocr" / "models" / "digits-fonts.txt").read_text().split("\n")
"""The font files the shipped print model was trained on (its recorded list)."""


def test_the_split_holds_whole_families_and_layouts_out_and_spans_every_kind():
    train, held = suite_faces("train", installed=False), suite_faces("held-out", installed=False)
    assert len(train) + len(held) >= 40
    assert {f.kind for f in train} == {f.kind for f in held} == set(KINDS)
    assert not {f.family for f in train} & {f.family for f in held}
    assert not set(suite_layouts("train")) & set(suite_layouts("held-out"))
    assert set(suite_layouts()) == set(LAYOUTS) and len(LAYOUTS) >= 6
    # no held-out face is one the shipped print model learned, and every cut of a held-out family is held out
    assert not {str(f.path) for f in held} & set(SHIPPED_FONTS)
    assert all(is_held_out_font(f.path) for f in held) and not any(is_held_out_font(f.path) for f in train)
    assert is_held_out_font(Path("/usr/share/fonts/truetype/noto/NotoSerif-Italic.ttf"))


def _ink_boxes(canvas: Image.Image, origin: tuple[int, int], cell: int) -> dict[int, tuple[int, int]]:
    """Per cell with ink: the tallest stroke's height and the number of strokes (pieces of ink darker than the
    paper)."""
    ink = (np.asarray(canvas.convert("L")) < 200).astype(np.uint8)
    found = {}
    for index in range(81):
        x, y = origin[0] + (index % 9) * cell, origin[1] + (index // 9) * cell
        patch = ink[y + 2 : y + cell - 2, x + 2 : x + cell - 2]
        if patch.any():
            count, _, stats, _ = cv2.connectedComponentsWithStats(patch)
            found[index] = (int(stats[1:, cv2.CC_STAT_HEIGHT].max()), count - 1)
    return found


def test_candidate_cells_are_truthed_as_candidates_and_entries_as_entries():
    """Written on white paper with no grid: a cell truthed ``c..`` holds small marks only (no stroke taller than a
    third of the cell), ``e.`` a digit at least 0.4 cell tall, and ``.``
    and ``g.`` nothing (the grid prints the givens, the solver does not)."""
    puzzle, solution = puzzle_pairs(SAMPLES)[3]
    givens = [int(c) if c.isdigit() else 0 for c in puzzle]
    cell = 90
    canvas = Image.new("RGB", (40 + 9 * cell, 40 + 9 * cell), (255, 255, 255))
    tokens = styled_suite._write_cells(ImageDraw.Draw(canvas), (20, 20, 20 + 9 * cell, 20 + 9 * cell), givens,
                                       solution, "half-with-candidates", PENS["black-ballpoint"],
                                       np.random.default_rng(5))
    assert [t for t in tokens if t.startswith("g")] == [f"g{v}" for v in givens if v]
    kinds = {t[0] for t in tokens}
    assert kinds == {"g", "e", "c", "."}
    ink = _ink_boxes(canvas, (20, 20), cell)
    for index, token in enumerate(tokens):
        if token[0] in "g.":
            assert index not in ink, (index, token)
        elif token[0] == "e":
            assert ink[index][0] >= 0.4 * cell, (index, token, ink[index])
            assert 0 < int(token[1]) < 10
        else:
            marks = token[1:]
            assert 1 <= len(marks) <= 4 and solution[index] in marks and list(marks) == sorted(set(marks))
            assert ink[index][0] <= 0.32 * cell, (index, token, ink[index])
    entries = [i for i, t in enumerate(tokens) if t[0] == "e"]
    # the solver mostly writes the solution (a slip now and then)
    assert sum(tokens[i][1] == solution[i] for i in entries) >= 0.85 * len(entries)


def test_a_built_page_writes_its_truth_files(tmp_path):
    count = styled_suite.build_styled(tmp_path, 3, "held-out", 2, puzzle_pairs(SAMPLES))
    assert count == 3
    samples = {line for name in ("easy50.txt", "top95.txt") for line in (SAMPLES / name).read_text().split()}
    for k in range(3):
        stem = tmp_path / f"styled-held-out-{k:03d}"
        meta, grids = styled_suite.read_cells(stem.with_suffix(".json"))
        assert meta["split"] == "held-out" and meta["layout"] in suite_layouts("held-out")
        assert meta["family"] in {f.family for f in suite_faces("held-out")}
        assert len(grids) == LAYOUTS[meta["layout"]][2] and all(len(g) == 81 for g in grids)
        # each grid's givens are a puzzle of the sample lists
        for grid in grids:
            assert "".join(t[1] if t[0] == "g" else "." for t in grid) in samples
        dat = stem.with_suffix(".dat").read_text().split("\n")[2:11]
        assert [int(v) for row in dat for v in row.split()] == [int(t[1]) if t[0] == "g" else 0 for t in grids[0]]
        hand = stem.with_suffix(".hand")
        entries = [int(t[1]) if t[0] == "e" else 0 for t in grids[0]]
        assert hand.exists() == any(entries)
        assert Image.open(stem.with_suffix(".jpg")).mode == "RGB"
        assert json.loads(stem.with_suffix(".json").read_text())["style"] in GRID_STYLES


def test_a_curled_page_bends_its_straight_lines():
    page = Image.new("RGB", (600, 800), (250, 248, 240))
    draw_grid(ImageDraw.Draw(page), 50, 100, 500, [0] * 81, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
              np.random.default_rng(1))
    flat = np.asarray(page.convert("L")) < 100
    bent = np.asarray(curl_page(page, 0.025, np.random.default_rng(2)).convert("L")) < 100
    # the top border: on the flat page one row across, on the curled page its rows differ along the page
    def top_line(ink: np.ndarray) -> list[int]:
        return [int(np.nonzero(ink[:, x])[0].min()) for x in (80, 300, 520)]
    assert len(set(top_line(flat))) == 1
    left, middle, right = top_line(bent)
    assert abs(middle - (left + right) / 2) >= 5  # pixels: the curl moves the middle 14-26 px


def test_the_grid_styles_print_what_the_issue_lists():
    """Every grid style the issue names is made, and a page drawn in it shows it: box lines as thin as the cell
    lines, light lines, coloured lines, shaded alternate boxes, tinted paper (the curl: the test above)."""
    assert {style_group(name) for name in GRID_STYLES} >= {"classic", "equal-weight", "thin-light", "coloured",
                                                          "shaded-boxes", "tinted-paper", "curl"}
    side, left, top = 540, 30, 30

    def drawn(name: str) -> np.ndarray:
        page = Image.new("RGB", (600, 600), GRID_STYLES[name].paper)
        draw_grid(ImageDraw.Draw(page), left, top, side, [0] * 81, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                  np.random.default_rng(3), GRID_STYLES[name])
        return np.asarray(page).astype(int)

    def line_width(pixels: np.ndarray, k: int) -> int:
        """Width (pixels) of vertical line ``k`` (0-9), measured across the middle row of the first cell row."""
        row = pixels[top + side // 18, :, :].sum(axis=1)
        x = left + round(k * side / 9)
        dark = row < row[x + side // 18] - 60
        return int(dark[x - 8 : x + 9].sum())

    classic, equal = drawn("classic"), drawn("equal-weight")
    assert line_width(classic, 3) > line_width(classic, 1)
    assert line_width(equal, 3) == line_width(equal, 1)
    light = drawn("thin-light")
    assert light[top + side // 18, left + round(side / 9)].min() >= 100  # a thin line: light grey, not black
    blue = drawn("coloured")[top + side // 18, left + round(3 * side / 9)]
    assert blue[2] - blue[0] >= 60  # a box line in blue: much more blue than red
    shaded = drawn("shaded-boxes")
    corner, edge = shaded[top + side // 6, left + side // 6], shaded[top + side // 6, left + side // 2]
    assert corner.sum() < edge.sum() - 30  # the corner box shaded, the one beside it not
    assert min(GRID_STYLES["tinted-paper"].paper) < 230 and min(GRID_STYLES["classic"].paper) >= 230
