"""Givens vs handwriting, pencil marks, and a solver check that never invents."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from conftest import REPO, data_file, wicht_digits

from sudokuprint.ocr.correct import check_reading, rank_entry
from sudokuprint.ocr.pipeline import HandEntry, scan
from sudokuprint.ocr.readers import get_reader
from ocr_training.photo_suite import SETTINGS, photograph, sudoku_page

SAMPLE = REPO / "samples" / "newspaper-photo.jpg"


@pytest.mark.parametrize("name", ["image1", "image100", "image1004"])  # image10: its r1c1 pen 3 is taken for print with context
def test_a_mixed_photo_gives_the_printed_puzzle_and_the_handwriting_apart(name):
    every = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat"))
    printed = wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    result = scan(data_file("wicht", "mixed_train", f"{name}.jpg"))
    assert list(result.grid.values) == printed
    written = {e.cell: e.digit for e in result.entries}
    hand = {i: v for i, v in enumerate(every) if not printed[i]}
    assert set(written) == set(hand)
    assert sum(written[i] == hand[i] for i in hand) >= 0.9 * len(hand)
    assert list(result.filled.values) == [written.get(i, printed[i]) for i in range(81)]


def _page_photo(seed: int, **content):
    rng = np.random.default_rng(seed)
    lines = (REPO / "samples" / "easy50.txt").read_text().split()
    from sudokuprint.grid import Grid
    from sudokuprint.solver import search

    puzzle = lines[seed]
    solution = search(Grid.from_string(puzzle), 2).solution.to_string()
    page = sudoku_page(puzzle, solution, rng, **content)
    return page, photograph(page.image, page.grid_box, SETTINGS["clean"][0], rng)


@pytest.mark.parametrize("seed", [3, 8])
def test_pen_entries_on_a_rendered_page_are_told_from_the_print(seed):
    page, photo = _page_photo(seed, hand=0.6)
    result = scan(photo)
    written = {i for i, v in enumerate(page.hand) if v}
    wrong_givens = [i for i, (got, given) in enumerate(zip(result.grid.values, page.givens)) if got != given]
    assert len(wrong_givens) <= 3, wrong_givens  # pen strokes of a style the model never saw in a photo
    assert all(got == 0 for got, given, i in zip(result.grid.values, page.givens, range(81)) if not given and i not in written)
    found = {e.cell for e in result.entries}
    assert found <= written | {i for i, v in enumerate(page.givens) if v}
    assert len(found & written) >= 0.8 * len(written)


def test_pencil_marks_are_reported_and_never_givens():
    page, photo = _page_photo(5, pencil=0.6)
    result = scan(photo)
    assert all(got == 0 for got, given in zip(result.grid.values, page.givens) if not given)
    assert sum(got == given for got, given in zip(result.grid.values, page.givens) if given) >= 0.95 * sum(
        1 for given in page.givens if given)
    assert len(result.pencil_marks) >= 10
    assert all(page.givens[cell] == 0 for cell in result.pencil_marks)
    assert not result.entries or all(page.givens[e.cell] for e in result.entries)


def test_a_handwritten_entry_says_what_was_written_and_what_the_solution_has():
    assert HandEntry(20, 7, 0.9, 1).describe() == "r3c3: you wrote 7, the solution has 1"
    assert HandEntry(30, 4, 0.9, 4).describe() == "r4c4: you wrote 4, right"
    assert HandEntry(30, 4, 0.9, 4).correct is True and HandEntry(20, 7, 0.9, 1).correct is False


def test_a_noise_blob_is_dropped_not_turned_into_the_solution_digit():
    result = scan(SAMPLE)
    values = list(result.grid.values)
    solution = result.solution.values
    empty = next(i for i, v in enumerate(values) if v == 0)
    wrong = next(d for d in range(1, 10) if d != solution[empty] and
                 clashes(values, empty, d))
    values[empty] = wrong
    alternatives = {c.index: [(c.digit, 0.999)] for c in result.cells if c.digit}
    alternatives[empty] = [(wrong, 0.55), (0, 0.4), (9 if wrong != 9 else 8, 0.05)]
    checked = check_reading(values, alternatives)
    assert checked.values == result.grid.values  # emptied again, not "corrected" to solution[empty]
    (change,) = checked.corrections
    assert (change.cell, change.was, change.to) == (empty, wrong, 0)
    assert "dropped" in change.why and str(solution[empty]) in change.why


def test_a_misread_given_the_reader_doubted_gets_its_runner_up_back_with_the_reason():
    result = scan(SAMPLE)
    values = list(result.grid.values)
    cell = next(c.index for c in result.cells if c.digit)
    true_digit = values[cell]
    wrong = next(d for d in range(1, 10) if d != true_digit and clashes(values, cell, d))
    values[cell] = wrong
    alternatives = {c.index: [(c.digit, 0.999)] for c in result.cells if c.digit}
    alternatives[cell] = [(wrong, 0.6), (true_digit, 0.3), (0, 0.1)]
    checked = check_reading(values, alternatives)
    assert checked.values == result.grid.values
    (change,) = checked.corrections
    assert change.to == true_digit and f"{true_digit} the reader also saw" in change.why


def clashes(values: list[int], cell: int, digit: int) -> bool:
    """True when ``digit`` at ``cell`` clashes with a digit in its row, column or box."""
    r, c = divmod(cell, 9)
    peers = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
    peers |= {(r // 3 * 3 + i) * 9 + c // 3 * 3 + j for i in range(3) for j in range(3)}
    return any(values[p] == digit for p in peers - {cell})


def test_the_solution_ranks_an_unclear_entry_and_says_so_but_never_overrules_a_clear_one():
    unclear = ((7, 0.55), (1, 0.4), (0, 0.05))
    assert rank_entry(unclear, 1) == (1, 0.4, 7)
    clear = ((7, 0.9), (1, 0.08), (0, 0.02))
    assert rank_entry(clear, 1) == (7, 0.9, None)
    assert rank_entry(unclear, None) == (7, 0.55, None) and rank_entry(unclear, 7) == (7, 0.55, None)
    assert HandEntry(20, 1, 0.4, 1, 7).describe() == "r3c3: you wrote 1 (unclear: it may read 7), right"


class _Swapping:
    """Reads two cells as if each held the other's digit: a solver's two wrong entries."""

    name = "builtin"

    def __init__(self, a: int, b: int) -> None:
        self.reader, self.a, self.b = get_reader("builtin"), a, b

    def read(self, cells):
        at = {c.index: n for n, c in enumerate(cells)}
        swapped = list(cells)
        swapped[at[self.a]] = dataclasses.replace(cells[at[self.b]], index=self.a)
        swapped[at[self.b]] = dataclasses.replace(cells[at[self.a]], index=self.b)
        return self.reader.read(swapped)


def test_wrong_handwritten_entries_are_reported_not_corrected_to_the_solution():
    every = wicht_digits(data_file("wicht", "mixed_train", "image1.dat"))
    printed = wicht_digits(data_file("wicht", "train", "image1.dat"))
    hand = [i for i in range(81) if every[i] and not printed[i]]
    a = hand[0]
    b = next(i for i in hand if every[i] != every[a])
    result = scan(data_file("wicht", "mixed_train", "image1.jpg"), reader=_Swapping(a, b))
    assert list(result.grid.values) == printed
    entries = {e.cell: e for e in result.entries}
    for cell, shown in ((a, every[b]), (b, every[a])):
        assert (entries[cell].digit, entries[cell].solution, entries[cell].correct) == (shown, every[cell], False)
        assert entries[cell].describe().endswith(f"you wrote {shown}, the solution has {every[cell]}")
