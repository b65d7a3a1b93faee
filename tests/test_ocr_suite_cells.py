"""Cells under uneven light and pen ink: what the photo suite's hardest setting showed the cell stage missing.

The photos are a real Wicht photo with a shadow laid over it, and pages drawn and photographed by
:mod:`ocr_training.photo_suite` at its hardest setting (tilt 30, motion blur, defocus,
shadow, dim light, handwriting and pencil marks).
"""

from __future__ import annotations

import numpy as np

from conftest import SAMPLES, data_file, wicht_digits

from sudokuprint.ocr.cells import even_light, ink_darkness, read_cells
from sudokuprint.ocr.detect import find_grid
from sudokuprint.ocr.lines import locate_lines
from sudokuprint.ocr.load import load_photo
from sudokuprint.ocr.orientation import turn_indices
from sudokuprint.ocr.pipeline import grid_cells
from sudokuprint.ocr.rectify import rectify
from ocr_training import photo_suite

PAIRS = photo_suite.puzzle_pairs(SAMPLES)


def _truth(name: str) -> list[int]:
    return wicht_digits(data_file("wicht", "train", f"{name}.dat"))


def test_even_light_makes_print_in_a_shadow_as_dark_as_in_full_light():
    photo = load_photo(data_file("wicht", "train", "image1.jpg"))
    flat = rectify(photo.gray, find_grid(photo.gray).corners)
    crossings = locate_lines(flat)
    lit = read_cells(photo.gray, flat, crossings)[0]
    # a soft shadow over the right half: the light falls to 35% over a twentieth of the photo's width
    width = photo.gray.shape[1]
    light = 1 - 0.65 / (1 + np.exp(-(np.arange(width) - width / 2) / (width / 80)))
    shaded_photo = photo.gray.astype(np.float32) * light[None, :]
    shaded = read_cells(shaded_photo.astype(np.uint8), flat, crossings)[0]
    left, right = [], []
    for a, b in zip(lit, shaded):
        if a.digit is not None:
            darkness_lit = float(ink_darkness(a.image).max())
            darkness_shaded = float(ink_darkness(b.image).max())
            (left if b.index % 9 < 4 else right).append(darkness_shaded / darkness_lit)
    # the shaded half's print is as dark as before (a cell the shadow's edge crosses a little less; without
    # evening: about 0.35)
    assert min(right) > 0.7 and np.median(right) > 0.9
    assert [c.is_given for c in shaded] == [v != 0 for v in _truth("image1")]


def test_even_light_leaves_evenly_lit_paper_and_ink_alone():
    cell = np.full((40, 40), 200, np.uint8)
    cell[10:30, 18:22] = 40
    evened = even_light([cell, cell.copy()])
    assert abs(int(evened[0][5, 5]) - 200) <= 2 and abs(int(evened[0][20, 20]) - 40) <= 2


def test_pen_digits_in_the_hardest_photos_are_found_and_pencil_marks_are_not_digits():
    """Thin pen strokes in a shadow, blurred and noisy, are digits (even tall ones spanning the cell); pale pencil
    marks and grain are not."""
    camera, content = photo_suite.SETTINGS["hardest"]
    hand_cells = hand_found = spurious = givens_missed = 0
    for seed in range(8):
        rng = np.random.default_rng([seed, 1313])
        puzzle, solution = PAIRS[int(rng.integers(len(PAIRS)))]
        page = photo_suite.sudoku_page(puzzle, solution, rng, hand=content["hand"], pencil=content["pencil"])
        found = grid_cells(np.asarray(photo_suite.photograph(page.image, page.grid_box, camera, rng)))
        upright = turn_indices(found.quarter_turns)
        digits = {u for u, cell in enumerate(upright) if found.readings[int(cell)].digit is not None}
        hand = {i for i, v in enumerate(page.hand) if v}
        givens = {i for i, v in enumerate(page.givens) if v}
        hand_cells += len(hand)
        hand_found += len(hand & digits)
        spurious += len(digits - hand - givens)
        givens_missed += len(givens - digits)
    assert hand_cells >= 150
    assert givens_missed == 0
    assert hand_found == hand_cells  # before tall pale pen digits were told from smudges: 185 of 186
    assert spurious <= 1


def test_a_tall_pale_pen_digit_is_no_smudge():
    """A pen digit filling the cell's height, half as dark as print, is kept; a pale ring over the cell is not."""
    from PIL import Image, ImageDraw

    from sudokuprint.ocr.cells import extract_digit

    for digit in (2, 5, 7):
        cell = Image.new("L", (40, 40), 225)
        photo_suite.draw_hand_digit(ImageDraw.Draw(cell), digit, (10, 4, 18, 32), np.random.default_rng(digit), 120)
        image, box = extract_digit(np.asarray(cell), 200.0)
        assert image is not None and box is not None and box[3] >= 0.75 * 40
    ring = Image.new("L", (40, 40), 225)
    ImageDraw.Draw(ring).ellipse([8, 3, 32, 37], outline=130, width=3)
    assert extract_digit(np.asarray(ring), 200.0)[0] is None
