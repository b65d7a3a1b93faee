"""Symmetric givens (``ocr.symmetry``): a wrong print/hand call that breaks a published puzzle's half-turn symmetry
is re-decided, on a real pencil page and on real puzzles' readings; a puzzle that is not symmetric keeps its calls."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from ocr_training.corpus import load_corpus
from sudokuprint.grid import Grid
from sudokuprint.ocr.correct import reading_status
from sudokuprint.ocr.pipeline import scan
from sudokuprint.ocr.symmetry import lone_givens, mirror, symmetric_calls
from sudokuprint.solver import solve

from conftest import data_file
from ocr_reading import reading

HAND = {photo.name.split("-", 1)[1]: photo for photo in load_corpus(Path(__file__).parent / "data" / "ocr_hand")}


def test_dark_pencil_sevens_that_break_the_givens_symmetry_are_entries():
    # kubiesa 03_11 (train split): four pencil 7s as dark as the print.  Two match none of the printed 7s and are
    # entries (test_ocr_hand_entries.py); the other two, r6c5 and r8c2, match the pencil 7s and were read as print,
    # but their mirror cells (r4c5, r2c8) hold no given: the givens read were symmetric but for them
    photo = HAND["03_11_honor_view_10_1.jpg"]
    result = scan(photo.path)
    assert list(result.grid.values) == list(photo.givens)
    assert not lone_givens(list(photo.givens))  # the puzzle as printed is symmetric
    written = {entry.cell: entry.digit for entry in result.entries}
    assert {cell: written.get(cell) for cell in (49, 64)} == {49: 7, 64: 7} == {c: photo.entries[c] for c in (49, 64)}
    assert {c.cell for c in result.check.corrections if "symmetric" in c.why} == {49, 64}


def _puzzles(name: str) -> Iterator[tuple[list[int], str]]:
    """The puzzles of a list in tests/data/shared/puzzles, with their solutions, one by one."""
    for line in data_file("puzzles", name).read_text().splitlines():
        if len(line.strip()) >= 81:
            puzzle = line.strip()[:81]
            yield [int(v) for v in puzzle.replace(".", "0")], solve(Grid.from_string(puzzle)).to_string()


def test_a_given_taken_for_handwriting_and_an_entry_taken_for_print_are_both_put_right():
    givens, solution = next(p for p in _puzzles("easy50_pe96.txt") if not lone_givens(p[0]))  # a symmetric puzzle
    given = next(i for i, v in enumerate(givens) if v and i != mirror(i))
    entry = next(i for i, v in enumerate(givens) if not v and i != mirror(i) and not givens[mirror(i)])
    values, alternatives, written, cells = reading(givens, {given: (givens[given], 0.6),  # looked handwritten
                                                             entry: (int(solution[entry]), 0.3)})  # looked printed
    assert sorted(lone_givens(values)) == sorted([mirror(given), entry])
    changes = symmetric_calls(values, alternatives, written, cells)
    assert {c.cell for c in changes} == {given, entry}
    assert values == givens and list(written) == [entry] and reading_status(tuple(values))[0] == "unique"


def test_a_puzzle_that_is_not_symmetric_keeps_its_calls():
    # a given whose mirror holds the solver's digit, surely handwritten: the asymmetry is the puzzle's own
    givens, solution = next(p for p in _puzzles("easy50_pe96.txt") if not lone_givens(p[0]))
    cell = next(i for i, v in enumerate(givens) if v and i != mirror(i))
    without = list(givens)
    without[mirror(cell)] = 0
    assert reading_status(tuple(without))[0] == "unique", "choose a cell whose mirror the puzzle can do without"
    values, alternatives, written, cells = reading(without, {mirror(cell): (int(solution[mirror(cell)]), 0.99)})
    assert symmetric_calls(values, alternatives, written, cells) == [] and values == without
    # and a puzzle far from symmetric (Royle's 17-clue puzzles: most of their givens have no mirror) is left alone
    lone17, _ = next(_puzzles("sudoku17_royle_49151.txt"))
    assert len(lone_givens(lone17)) > 4
    values, alternatives, written, cells = reading(lone17, {})
    assert symmetric_calls(values, alternatives, written, cells) == []


def test_a_print_only_page_of_a_nearly_symmetric_puzzle_keeps_every_given():
    # real puzzles with 1-4 givens without a mirror (36 of the forum's hardest, 3 of top95): read as print only,
    # none of their givens is taken for handwriting (without its lone givens no such puzzle has one solution)
    puzzles = [[int(v) for v in line.strip()[:81].replace(".", "0")] for name in ("forum_hardest_1106.txt", "top95.txt")
               for line in data_file("puzzles", name).read_text().splitlines() if len(line.strip()) >= 81]
    nearly = [givens for givens in puzzles if 0 < len(lone_givens(givens)) <= 4]
    assert len(nearly) == 39
    for givens in nearly:
        values, alternatives, written, cells = reading(givens, {})
        assert symmetric_calls(values, alternatives, written, cells) == [] and values == givens


def test_a_sure_given_whose_mirror_was_read_empty_stays_a_given():
    # rg1990 18 (print only): the given 5 at r4c1, against the book's spine, was read empty; its mirror's 6, read as
    # print surely (0.2% handwritten), then looked lone and was taken for handwriting, and the givens left still had
    # one solution: a puzzle short of two givens, reported as sure.  A sure given is no entry for symmetry's sake.
    givens, solution = next(p for p in _puzzles("easy50_pe96.txt") if not lone_givens(p[0]))
    pairs = [(i, mirror(i)) for i, v in enumerate(givens) if v and i < mirror(i)]
    missed, kept = next((a, b) for a, b in pairs if reading_status(tuple(
        0 if c in (a, b) else v for c, v in enumerate(givens)))[0] == "unique")
    read = list(givens)
    read[missed] = 0  # the reader missed it
    values, alternatives, written, cells = reading(read, {})
    assert lone_givens(values) == [kept] and cells[kept].handwritten < 0.2
    assert symmetric_calls(values, alternatives, written, cells) == [] and values == read
    # the same given read as print in doubt (30% handwritten) is taken for an entry the reader took for print
    values, alternatives, written, cells = reading(read, {kept: (givens[kept], 0.3)})
    assert [c.cell for c in symmetric_calls(values, alternatives, written, cells)] == [kept] and not values[kept]


def test_a_given_in_doubt_facing_an_entry_likelier_handwritten_is_an_entry():
    # draw 1 page 067 and draw 4 page 092 of the photo suite (fully solved in felt tip): entries 35-49% handwritten
    # were read as print, each facing an entry read as handwriting (91% or more); the givens were symmetric but for
    # them, and the puzzle had one solution without them
    givens, solution = next(p for p in _puzzles("easy50_pe96.txt") if not lone_givens(p[0]))
    pair = next(i for i, v in enumerate(givens) if not v and i < mirror(i) and not givens[mirror(i)])
    read = {pair: (int(solution[pair]), 0.45), mirror(pair): (int(solution[mirror(pair)]), 0.91)}
    values, alternatives, written, cells = reading(givens, read)
    assert lone_givens(values) == [pair] and list(written) == [mirror(pair)]
    assert [c.cell for c in symmetric_calls(values, alternatives, written, cells)] == [pair]
    assert values == givens and sorted(written) == sorted([pair, mirror(pair)])
    # draw 4 page 045 (print only, on a curled page): a printed 1 read as print in doubt (32% handwritten) faced
    # another printed 1 read as handwriting (80%): not clearly likelier handwritten than its mirror is print, the
    # given stays, and its mirror is the given's missing mirror (the givens are then symmetric, with one solution)
    read = {pair: (int(solution[pair]), 0.32), mirror(pair): (int(solution[mirror(pair)]), 0.8)}
    values, alternatives, written, cells = reading(givens, read)
    assert [c.cell for c in symmetric_calls(values, alternatives, written, cells)] == [mirror(pair)]
    assert not lone_givens(values) and list(written) == []
