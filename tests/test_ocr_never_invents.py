"""The solver check never invents a digit (issue 33), on synthetic readings and on real photos.

A cell the reader saw as empty stays empty whatever the solution says, and a digit the check leaves in a cell is
one the reader saw there: a shape read as a digit that breaks the puzzle is dropped, and it gets the solution's
digit back only when the reader gave that digit some probability (``ocr.correct.RESTORE``).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from conftest import data_file, wicht_digits
from sudokuprint.grid import Grid
from sudokuprint.ocr.correct import RESTORE, Correction, check_reading, take_faint
from sudokuprint.ocr.pipeline import scan
from sudokuprint.ocr.readers import Reading, get_reader
from sudokuprint.solver import search

PHOTOS = ["image1", "image10", "image100", "image1082", "image206"]  # Wicht train photos of different phones


def truth(folder: str, name: str) -> list[int]:
    return wicht_digits(data_file("wicht", folder, f"{name}.dat"))


def peers(cell: int) -> set[int]:
    r, c = divmod(cell, 9)
    box = {(r // 3 * 3 + i) * 9 + c // 3 * 3 + j for i in range(3) for j in range(3)}
    return ({r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)} | box) - {cell}


def assert_never_invents(read: list[int], alternatives: dict[int, list[tuple[int, float]]], result) -> None:
    """Every digit the check left is the one read or one the reader gave a probability; an empty cell stays empty."""
    for cell, value in enumerate(result):
        if value and value != read[cell]:
            assert read[cell], f"cell {cell}: read as empty, the check put {value} there"
            seen = {digit for digit, probability in alternatives.get(cell, ()) if probability >= RESTORE}
            assert value in seen, f"cell {cell}: read as {read[cell]}, the check put {value} the reader never saw"


@pytest.mark.parametrize("name", PHOTOS)
def test_noise_read_as_digits_in_empty_cells_is_dropped_not_solved(name: str) -> None:
    """Up to three blots in empty cells, each read as a digit the solution does not have there (the solution's
    digit given no probability at all): the check empties them again, and every other cell keeps its reading."""
    givens = truth("train", name)
    solution = search(Grid.from_values(givens), 2).solution.values
    rng = random.Random(name)
    empties = [cell for cell in range(81) if not givens[cell]]
    for blots in (1, 2, 3, 3):
        read = list(givens)
        alternatives = {cell: [(digit, 0.999)] for cell, digit in enumerate(givens) if digit}
        for cell in rng.sample(empties, blots):
            wrong, other = rng.sample([d for d in range(1, 10) if d != solution[cell]], 2)
            read[cell] = wrong
            alternatives[cell] = [(wrong, 0.55), (0, 0.4), (other, 0.05)]
        checked = check_reading(read, alternatives)
        assert list(checked.values) == givens, (name, blots)
        assert all(change.to == 0 for change in checked.corrections)
        assert_never_invents(read, alternatives, checked.values)


@pytest.mark.parametrize("name", PHOTOS)
def test_a_blot_the_reader_also_saw_as_the_solutions_digit_gets_that_digit(name: str) -> None:
    """The same blot, but the reader gave the solution's digit a little probability: the check may take it."""
    givens = truth("train", name)
    solution = search(Grid.from_values(givens), 2).solution.values
    cell = next(c for c in range(81) if not givens[c])
    wrong = next(d for d in range(1, 10) if d != solution[cell])
    read = list(givens)
    read[cell] = wrong
    alternatives = {c: [(d, 0.999)] for c, d in enumerate(givens) if d}
    alternatives[cell] = [(wrong, 0.6), (solution[cell], 0.3), (0, 0.1)]
    checked = check_reading(read, alternatives)
    assert checked.values[cell] in (0, solution[cell]) and checked.status == "unique"
    assert_never_invents(read, alternatives, checked.values)


def test_a_blot_read_at_no_probability_at_all_is_dropped() -> None:
    """A reader leaning hard to print gave a digit taken back as print probability 0 (a pen test at 8 log odds
    toward print): the check weighs it as the least sure of cells instead of failing on its odds."""
    givens = truth("train", PHOTOS[0])
    solution = search(Grid.from_values(givens), 2).solution.values
    cell = next(c for c in range(81) if not givens[c])
    read = list(givens)
    read[cell] = next(d for d in range(1, 10) if d != solution[cell])
    alternatives = {c: [(d, 0.999)] for c, d in enumerate(givens) if d}
    alternatives[cell] = [(read[cell], 0.0)]
    checked = check_reading(read, alternatives)
    assert list(checked.values) == givens and checked.status == "unique"


@pytest.mark.parametrize("seed", range(6))
def test_random_readings_of_a_real_puzzle_never_gain_a_digit_the_reader_did_not_see(seed: int) -> None:
    """Readings of a real puzzle with misread givens, lost givens and blots, each with random runner-ups: whatever
    the check makes of them, it never puts a digit where the reader saw none or one it gave no probability."""
    rng = random.Random(seed)
    givens = truth("train", PHOTOS[seed % len(PHOTOS)])
    read = list(givens)
    alternatives = {c: [(d, 0.999)] for c, d in enumerate(givens) if d}
    for cell in rng.sample(range(81), 4):
        digit = rng.randint(0, 9)
        read[cell] = digit
        if digit:
            others = rng.sample([d for d in range(10) if d != digit], 2)
            alternatives[cell] = [(digit, 0.6), (others[0], 0.3), (others[1], 0.1)]
        else:
            alternatives.pop(cell, None)
    checked = check_reading(read, alternatives)
    assert_never_invents(read, alternatives, checked.values)


class _Blotting:
    """The built-in reader, except that one printed given reads as a digit clashing with the puzzle, and the
    given's own digit gets no probability at all (as a blot over the print would read)."""

    name = "builtin"

    def __init__(self, cell: int, wrong: int) -> None:
        self.reader, self.cell, self.wrong = get_reader("builtin"), cell, wrong

    def read(self, cells):
        reading = self.reader.read(cells)
        at = next(n for n, c in enumerate(cells) if c.index == self.cell)
        blotted = []
        for probabilities in (reading.probabilities, reading.printed):
            if probabilities is None:
                blotted.append(None)
                continue
            probabilities = probabilities.copy()
            probabilities[at] = 0.0
            probabilities[at, self.wrong], probabilities[at, 0] = 0.6, 0.4
            blotted.append(probabilities)
        handwritten = np.array(reading.handwritten, copy=True)
        handwritten[at] = 0.0
        return Reading(blotted[0], handwritten, blotted[1])


def _unique_without(givens: list[int], cell: int) -> bool:
    return search(Grid.from_values([0 if c == cell else v for c, v in enumerate(givens)]), 2).count == 1


@pytest.mark.parametrize("name", ["image1", "image10", "image1082"])
def test_a_blotted_given_in_a_photo_is_left_empty_not_filled_with_the_solution(name: str) -> None:
    givens = truth("train", name)
    cell = next(c for c in range(81) if givens[c] and _unique_without(givens, c))  # so the check can drop it
    wrong = next(givens[p] for p in sorted(peers(cell)) if givens[p] and givens[p] != givens[cell])  # a clash
    result = scan(data_file("wicht", "train", f"{name}.jpg"), reader=_Blotting(cell, wrong))
    assert result.read[cell] == wrong
    assert result.grid.values[cell] == 0  # the solution has givens[cell] there, but the reader never saw it
    assert [v for c, v in enumerate(result.grid.values) if c != cell] == [v for c, v in enumerate(givens) if c != cell]
    assert any(change.cell == cell and change.to == 0 for change in result.check.corrections)


@pytest.mark.parametrize("folder, name", [("train", "image1"), ("train", "image100"), ("train", "image1045"),
                                          ("mixed_train", "image1"), ("mixed_train", "image105")])
def test_what_a_photo_reads_as_empty_stays_empty(folder: str, name: str) -> None:
    result = scan(data_file("wicht", folder, f"{name}.jpg"))
    seen = {c.index: list(c.alternatives) + list(c.as_print) for c in result.cells}
    assert_never_invents(list(result.read), seen, result.grid.values)
    assert list(result.grid.values) == truth("train", name)  # and what it reads is the printed puzzle


def test_faded_givens_are_taken_surest_first_only_until_the_puzzle_is_unique() -> None:
    """take_faint: givens read alone with several solutions get the faint shapes read surely enough, surest first,
    each kept unless it breaks the puzzle, until one solution is left; a shape read less surely, or one that
    clashes, stays out, and nothing is added when the puzzle had one solution already or never gets one."""
    givens = truth("train", "image1")
    removable = [c for c in range(81) if givens[c] and _unique_without(givens, c)]
    pairs = ((a, b) for i, a in enumerate(removable) for b in removable[i + 1:])
    first, second = next((a, b) for a, b in pairs
                         if search(Grid.from_values([0 if c in (a, b) else v for c, v in enumerate(givens)]), 2).count > 1)
    empty = [c for c in range(81) if not givens[c]]
    clash_cell = empty[0]
    clash = next(givens[p] for p in sorted(peers(clash_cell)) if givens[p])
    pale = empty[1]
    values = [0 if c in (first, second) else v for c, v in enumerate(givens)]
    alternatives = {c: [(v, 0.999)] for c, v in enumerate(values) if v}
    candidates = [(second, ((givens[second], 0.93), (0, 0.07))), (clash_cell, ((clash, 0.99), (0, 0.01))),
                  (first, ((givens[first], 0.96), (0, 0.04))), (pale, ((5, 0.85), (0, 0.15)))]
    before = list(values)
    added = take_faint(values, alternatives, candidates)
    assert search(Grid.from_values(values), 2).count == 1
    assert [change.cell for change in added][0] == first  # the surest that keeps the puzzle whole comes first
    assert {change.cell for change in added} <= {first, second}
    assert all(values[change.cell] == givens[change.cell] == change.to and change.was == 0 for change in added)
    assert values[clash_cell] == 0 and values[pale] == 0
    assert all(alternatives[change.cell][0] == (givens[change.cell], 0.96 if change.cell == first else 0.93)
               for change in added)
    assert all(values[c] == before[c] for c in range(81) if c not in {first, second})
    assert "faded given" in added[0].why
    unique = list(givens)
    assert take_faint(unique, {}, candidates) == [] and unique == givens  # one solution already
    hopeless = [0 if c in (first, second) else v for c, v in enumerate(givens)]
    assert take_faint(hopeless, {}, [(pale, ((5, 0.85), (0, 0.15)))]) == []  # never unique: nothing added
    assert hopeless == [0 if c in (first, second) else v for c, v in enumerate(givens)]


def test_the_check_changes_at_most_three_cells() -> None:
    """MAX_CHANGES: four misread givens, each with its true digit as runner-up, are more than the check will
    change; the reading is given back as it was, unsolved, rather than rewritten."""
    givens = truth("train", "image1")
    read = list(givens)
    alternatives = {c: [(d, 0.999)] for c, d in enumerate(givens) if d}
    misread = [c for c in range(81) if givens[c]][:4]
    for cell in misread:
        wrong = next(givens[p] for p in sorted(peers(cell)) if givens[p] and givens[p] != givens[cell])
        read[cell] = wrong
        alternatives[cell] = [(wrong, 0.6), (givens[cell], 0.3), (0, 0.1)]
    checked = check_reading(read, alternatives)
    assert (checked.values, checked.corrections, checked.solution) == (tuple(read), (), None)
    assert checked.status == "conflict"
    read[misread[3]] = givens[misread[3]]  # three are within reach
    assert list(check_reading(read, alternatives).values) == givens


# A 17-clue puzzle (Royle's list): no 16-clue Sudoku has one solution (McGuire, Tugemann and Civario, 2012), so
# dropping any of its givens can never leave one solution, and a misread given must be read again instead.
SEVENTEEN = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."


def _seventeen() -> tuple[list[int], dict[int, list[tuple[int, float]]]]:
    givens = [0 if ch == "." else int(ch) for ch in SEVENTEEN]
    return givens, {cell: [(digit, 0.999)] for cell, digit in enumerate(givens) if digit}


def test_a_misread_given_no_drop_can_spare_is_read_as_the_readers_runner_up() -> None:
    givens, alternatives = _seventeen()
    read = list(givens)
    read[33] = 5  # r4c7's 4 read as 5, which row 4 already has at r4c5: a conflict
    alternatives[33] = [(5, 0.6), (4, 0.3), (0, 0.1)]
    checked = check_reading(read, alternatives)
    assert (list(checked.values), checked.status) == (givens, "unique")
    assert checked.solution is not None and checked.solution.values[33] == 4
    assert checked.corrections == (Correction(33, 5, 4, 0.6, (
        "read as 5 (60%) the puzzle was conflict; 4, one of the reader's next choices (30%), gives one solution "
        "together with the other changes, and emptying cells alone did not")),)


def test_a_blot_and_a_misread_given_are_mended_together_cheapest_first() -> None:
    givens, alternatives = _seventeen()
    read = list(givens)
    read[0], read[33] = 9, 5  # a blot read as 9 in the empty r1c1 (the solution has 6 there), and r4c7 as above
    alternatives[0] = [(9, 0.55), (0, 0.4), (3, 0.05)]
    alternatives[33] = [(5, 0.6), (4, 0.3), (0, 0.1)]
    checked = check_reading(read, alternatives)
    assert (list(checked.values), checked.status) == (givens, "unique")
    assert [(c.cell, c.was, c.to, c.confidence) for c in checked.corrections] == [(0, 9, 0, 0.55), (33, 5, 4, 0.6)]
    assert checked.corrections[0].why == (
        "read as 9 (55%) the puzzle was conflict; no digit, one of the reader's next choices (40%), gives one "
        "solution together with the other changes, and emptying cells alone did not")
    assert_never_invents(read, alternatives, checked.values)


@pytest.mark.parametrize("runner_up, to, why_end", [
    ((3, 0.3), 0, "so the shape was dropped as no given (the reader did not see the solution's 6 there)"),
    ((6, 0.3), 6, "whose 6 the reader also saw there (30%)"),
])
def test_a_blot_dropped_says_whether_the_reader_saw_the_solutions_digit(runner_up, to, why_end) -> None:
    givens, alternatives = _seventeen()
    read = list(givens)
    read[0] = 9  # the solution has 6 in r1c1: with a 9 there the 17 givens have no solution
    alternatives[0] = [(9, 0.55), runner_up, (0, 0.15)]
    checked = check_reading(read, alternatives)
    assert checked.status == "unique" and checked.solution.to_string() == search(SEVENTEEN).solution.to_string()
    assert checked.values[0] == to and list(checked.values[1:]) == givens[1:]
    (change,) = checked.corrections
    assert (change.cell, change.was, change.to, change.confidence) == (0, 9, to, 0.55)
    assert change.why == ("read as 9 (55%) the puzzle was no-solution; without it the puzzle has one solution, "
                          + why_end)


def test_a_cell_read_as_surely_as_confident_is_never_changed() -> None:
    givens, alternatives = _seventeen()
    read = list(givens)
    read[33] = 5
    alternatives[33] = [(5, 0.97), (4, 0.03)]  # CONFIDENT: "at or above" it, never changed
    checked = check_reading(read, alternatives)
    assert (checked.values, checked.corrections, checked.status) == (tuple(read), (), "conflict")
    assert list(check_reading(read, alternatives, confident=0.98).values) == givens  # below it: read again


def test_a_faded_given_is_taken_past_shapes_that_clash_sit_on_print_or_are_no_digit() -> None:
    givens, alternatives = _seventeen()
    values = list(givens)
    values[33] = 0  # r4c7's 4 faded: 16 givens, never one solution (McGuire et al.)
    candidates = [
        (34, ((5, 0.95), (0, 0.05))),  # r4c8: a 5 would clash with r4c5's 5: tried first (surest), skipped
        (31, ((8, 0.99), (0, 0.01))),  # on a given already read: not a faded one
        (0, ((0, 0.99), (6, 0.01))),  # no digit at all
        (33, ((4, 0.85), (9, 0.15))),  # FAINT_SURE exactly: taken, and then the puzzle is unique
    ]
    changes = take_faint(values, alternatives, candidates)
    assert changes == [Correction(33, 0, 4, 0.85, "a 4 in ink paler than the givens' was taken for a faded given: "
                                                  "the givens read alone had several solutions")]
    assert values == givens and alternatives[33] == [(4, 0.85), (9, 0.15)]


def test_the_solution_ranks_only_an_entry_read_unclearly() -> None:
    from sudokuprint.ocr.correct import UNCLEAR, rank_entry

    assert UNCLEAR == 0.1  # the share below, by hand: 0.1 x 0.5 = 0.05
    assert rank_entry(((3, 0.5), (8, 0.2)), 8) == (8, 0.2, 3)  # 0.2 >= 0.05: unclear, the solution's 8 is taken
    assert rank_entry(((3, 0.5), (8, 0.05)), 8) == (8, 0.05, 3)  # 0.05 >= 0.05: unclear still
    assert rank_entry(((3, 0.5), (8, 0.04)), 8) == (3, 0.5, None)  # 0.04 < 0.05: a clear 3 stays (a mistake)
    assert rank_entry(((3, 0.5), (8, 0.2)), 3) == (3, 0.5, None)
    assert rank_entry(((3, 0.9),), None) == (3, 0.9, None)
    assert rank_entry((), 7) == (0, 0.0, None)  # nothing read: nothing taken from the solution
