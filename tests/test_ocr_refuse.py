"""Pages that are not a Sudoku (crossword, calendar, table, text) are refused; Sudoku photos are not."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from conftest import data_file

from sudokuprint.errors import NoGridError
from sudokuprint.ocr.pipeline import repeated_digits, scan
from ocr_training.photo_suite import NOT_SUDOKU, Camera, not_sudoku_page, photograph


@pytest.mark.parametrize("kind", NOT_SUDOKU)
@pytest.mark.parametrize("seed", [11, 12])
def test_a_page_that_is_not_a_sudoku_is_refused(kind, seed):
    rng = np.random.default_rng(seed)
    photo = photograph(not_sudoku_page(kind, rng), None, Camera(tilt=float(rng.uniform(0, 15))), rng)
    with pytest.raises(NoGridError) as caught:
        scan(photo)
    assert caught.value.exit_code == 1


def test_a_crossword_filling_the_photo_is_refused():
    rng = np.random.default_rng(3)
    page = not_sudoku_page("crossword", rng)
    grid = page.crop((150, 250, 850, 950))  # the crossword alone, no clue text around it
    with pytest.raises(NoGridError) as caught:
        scan(grid)
    assert caught.value.reason in ("not-sudoku", "no-grid")


def test_repeated_digits_counts_pairs_within_units():
    values = [0] * 81
    values[0] = values[1] = 5  # one pair in row 1 and in box 1
    assert repeated_digits(values) == 2
    assert repeated_digits([0] * 81) == 0


@pytest.mark.parametrize("name", ["image1", "image100", "image1040"])
def test_real_sudoku_photos_are_not_refused(name):
    assert scan(data_file("wicht", "train", f"{name}.jpg")).check.status == "unique"


# AlexKubiesa/sudoku-scanner val 01_04 (tests/data/README.md): a newspaper puzzle solved throughout in a hand the
# reader misreads often; givens and pen entries as the corpus manifest has them (checked by looking at the photo).
SOLVED_IN_PEN_GIVENS = "010900000006100407070065010007000046003000100190000200050710030904006700000009020"
SOLVED_IN_PEN_ENTRIES = "408072365520083090309400802280351900640297058005648073802004609030520081761830504"


def test_a_page_solved_in_a_misread_hand_is_read_not_refused_as_a_table():
    """Its printed digits alone are a puzzle's (no repeats), so the handwriting's many repeats are misreads, not a
    table of numbers: the page is read, every digit of its puzzle one the page has in that cell (a given, or a
    solver's right digit taken back as print when givens were missed), and a unique puzzle's solution is the
    page's."""
    result = scan(Path(__file__).parent / "data" / "ocr_refuse" / "kubiesa-01_04_iphone_14_1.jpg")
    read = result.grid.to_string()
    page = "".join(str(max(int(g), int(e))) for g, e in zip(SOLVED_IN_PEN_GIVENS, SOLVED_IN_PEN_ENTRIES))
    assert all(ch == "." or ch == page[i] for i, ch in enumerate(read)), (read, page)
    assert sum(ch != "." for ch in read) >= 17
    if result.check.status == "unique":
        assert result.solution is not None and result.solution.to_string() == page
