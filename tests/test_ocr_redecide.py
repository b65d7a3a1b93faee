"""Re-deciding print or handwriting: the fewest doubtful calls flipped to give the givens one solution."""

from __future__ import annotations

import json

import pytest

from conftest import REPO, SAMPLES, data_file, wicht_digits
from ocr_reading import reading

from sudokuprint.ocr.correct import reading_status
from sudokuprint.ocr.pipeline import scan
from sudokuprint.ocr.ink import PRINT_TWIN
from sudokuprint.ocr.redecide import doubtful, print_twins_back, redecide, twins_as_print
from sudokuprint.ocr.result import CellResult


def _givens() -> list[int]:
    # the printed givens of samples/newspaper-photo.jpg, typed from the photo (its .dat file)
    rows = (SAMPLES / "newspaper-photo.dat").read_text().split("\n")[2:11]
    return [int(value) for row in rows for value in row.split()]


def test_a_given_taken_for_handwriting_and_a_wrong_entry_taken_for_print_are_both_flipped():
    givens = _givens()
    # r2c6's printed 3 called handwriting (0.6: in doubt); the solver's wrong 7 in r1c1 called print (0.4), which
    # repeats r1c4's printed 7; r1c2's 5 surely handwriting.  Read so, the givens conflict.
    values, alternatives, written, cells = reading(givens, {14: (3, 0.6), 0: (7, 0.4), 1: (5, 0.99)})
    assert reading_status(tuple(values))[0] == "conflict"
    changes = redecide(values, alternatives, written, cells)
    assert values == givens
    assert sorted(written) == [0, 1]
    assert {(c.cell, c.was, c.to) for c in changes} == {(14, 0, 3), (0, 7, 0)}
    assert all("re-decided" in c.why for c in changes)


def test_nothing_changes_when_the_givens_already_have_one_solution_or_no_few_flips_help():
    givens = _givens()
    values, alternatives, written, cells = reading(givens, {1: (5, 0.99)})
    assert redecide(values, alternatives, written, cells) == []
    # the given 3 of r2c6 called handwriting surely (0.999: not in doubt); flipping the other calls in doubt, all
    # print, cannot help
    calls = {14: (3, 0.999)} | {cell: (givens[cell], 0.3) for cell in range(81) if givens[cell] and cell != 14}
    values, alternatives, written, cells = reading(givens, calls)
    before = list(values)
    assert redecide(values, alternatives, written, cells) == []
    assert values == before


def test_the_calls_in_doubt_are_the_nearest_even_odds_never_a_pen_ink_nor_a_sure_given():
    cells = [CellResult(0, 5, 0.9, ((5, 0.9),), 0.45), CellResult(1, 6, 0.9, ((6, 0.9),), 0.9),
             CellResult(2, 7, 0.9, ((7, 0.9),), 1.0, pen_ink=True), CellResult(3, 0, 1.0, ()),
             CellResult(4, 8, 0.9, ((8, 0.9),), 0.02)]
    assert [cell.index for cell in doubtful(cells)] == [0, 1]


REAL = REPO / "tests" / "data" / "ocr_redecide"
# the givens of SnapSudoku train/image9 (its repository's label, as in tools/ocr_corpus/manifest.csv)
# and of SnapSudoku train/image2 (the same)
IMAGE2_GIVENS = "000000203805200000003100400002001005058602310300900600004008500000003908901000000"
TIMES_GIVENS = "040690520000300601000000090000003019870000065290800000060000000907004000015069080"
IMAGE8_GIVENS = "900284003000000000301705206180000027000401000630000049503107802000000000200963004"  # train/image8's


def _recorded(name: str) -> tuple[list[int], dict, dict, list[CellResult]]:
    """A photo's reading as it reached :func:`redecide`, recorded in ``tests/data/ocr_redecide`` (see its README)."""
    data = json.loads((REAL / name).read_text())
    cells = [CellResult(**{k: tuple(map(tuple, v)) if k in ("alternatives", "as_print") else v for k, v in c.items()})
             for c in data["cells"]]
    alternatives = {int(k): [tuple(a) for a in v] for k, v in data["alternatives"].items()}
    return data["values"], alternatives, {i: cells[i] for i in data["written"]}, cells


def test_a_print_page_whose_givens_looked_handwritten_is_re_decided_to_its_givens():
    # SnapSudoku train/image9: a Times Su-Doku beside text, print only.  Read with the handwriting model shipped
    # before 2026-12-04, three givens (r1c8's 2, r4c6's 3, r1c7's 5) looked handwritten, and what the earlier steps
    # took back left the puzzle with several solutions: the reading at that point is recorded
    values, alternatives, written, cells = _recorded("snapsudoku-image9-at-redecide.json")
    assert reading_status(tuple(values))[0] == "not-unique"
    flipped = redecide(values, alternatives, written, cells)
    assert "".join(map(str, values)) == TIMES_GIVENS
    assert {c.cell for c in flipped} == {6, 7, 32} and all("re-decided" in c.why for c in flipped)
    assert not set(written) & {6, 7, 32}


def test_that_page_is_read_to_its_givens_by_the_whole_scan():
    result = scan(REAL / "snapsudoku-image9.jpg")
    assert result.grid.to_string().replace(".", "0") == TIMES_GIVENS
    assert not {entry.cell for entry in result.entries} & {6, 7, 32}


def test_a_misread_given_is_not_hidden_by_flipping_it_to_an_entry():
    # the case of SnapSudoku train/image2 before its 1s were cut whole: r3c8's printed 7 misread as a 6 repeats
    # r3c3's printed 6, which the reader had called handwriting (0.6) and an earlier step took as print.  Flipping
    # that 6 back to an entry gives one solution, a wrong puzzle; the conflict must be reported instead
    givens = _givens()
    values, alternatives, written, cells = reading(givens, {25: (6, 0.02), 20: (6, 0.6)})
    values[20], alternatives[20] = 6, [(6, 0.95)]
    del written[20]
    assert reading_status(tuple(values))[0] == "conflict"
    assert reading_status(tuple(0 if i == 20 else v for i, v in enumerate(values)))[0] == "unique"
    assert redecide(values, alternatives, written, cells) == []
    assert values[20] == values[25] == 6


def test_a_large_faces_1s_are_cut_whole_not_taken_for_grid_lines():
    # SnapSudoku train/image2: print only, in a face so large that the 1s' stems (r3c4, r5c8) are as long as a
    # grid line's remnant; they were cut to their flags and read as 4s, and the givens conflicted
    result = scan(REAL / "snapsudoku-image2.jpg")
    assert result.grid.to_string().replace(".", "0") == IMAGE2_GIVENS
    assert result.check.status == "unique" and result.entries == []


def test_handwritten_looking_print_twins_are_taken_as_print_when_the_givens_stay_sound():
    givens = _givens()
    # three printed givens called handwriting (0.9), each the same glyph as another digit of the page read the same
    # (twin likeness above the print level): a face's odd glyphs, not a pen
    looked = [index for index, value in enumerate(givens) if value][:3]
    twins = {index: PRINT_TWIN + 0.4 for index in looked}
    values, alternatives, written, _ = reading(givens, {index: (givens[index], 0.9) for index in looked})
    changes = twins_as_print(values, alternatives, written, twins)
    assert values == givens and written == {}
    assert sorted(change.cell for change in changes) == looked
    assert all("print twins" in change.why for change in changes)


def test_a_pen_is_left_alone_its_digits_no_twins_coloured_or_breaking_the_givens():
    givens = _givens()
    empty = [index for index, value in enumerate(givens) if not value][:3]
    # a solver's three entries: a hand matches itself loosely (a real pencil's median twin likeness is about 1)
    values, alternatives, written, _ = reading(givens, {index: (5, 0.9) for index in empty})
    assert twins_as_print(values, alternatives, written, {index: 1.0 for index in empty}) == []
    assert sorted(written) == empty
    # the same digits matching like print, but in a blue pen's ink: never print
    calls = {index: (5, 0.9) for index in empty}
    values, alternatives, written, _ = reading(givens, calls)
    for index in empty:
        written[index] = CellResult(index, 5, 0.95, ((5, 0.95),), 1.0, pen_ink=True)
    assert twins_as_print(values, alternatives, written, {index: PRINT_TWIN + 1 for index in empty}) == []
    # twins of print, but as givens they would repeat a digit in a row: kept as handwriting
    row_one = [index for index in range(9) if not givens[index]][:3]
    repeated = next(value for value in givens[:9] if value)
    values, alternatives, written, _ = reading(givens, {index: (repeated, 0.9) for index in row_one})
    assert twins_as_print(values, alternatives, written, {index: PRINT_TWIN + 1 for index in row_one}) == []
    assert sorted(written) == row_one


def test_surely_handwritten_looking_givens_that_are_print_twins_are_taken_back_when_the_givens_need_them():
    givens = _givens()
    # a pen on the page: three entries (r1c1 7 is wrong, the others right) matching nothing closely; and three
    # givens whose glyphs looked surely handwritten (0.99: print_back does not try them) but are print twins
    filled = {0: (4, 0.99), 1: (5, 0.99), 2: (3, 0.99)}
    looked = [index for index, value in enumerate(givens) if value][:3]
    calls = filled | {index: (givens[index], 0.99) for index in looked}
    values, alternatives, written, _ = reading(givens, calls)
    assert reading_status(tuple(values))[0] != "unique"
    twins = {index: 1.0 for index in filled} | {index: PRINT_TWIN + 0.3 for index in looked}
    changes = print_twins_back(values, alternatives, written, twins)
    assert values == givens and sorted(written) == sorted(filled)
    assert sorted(change.cell for change in changes) == looked
    # r1c8's 8 (looked[1]: without it the givens have several solutions) matching less closely than print matches
    # print: the two twins alone give no unique puzzle, and nothing changes
    values, alternatives, written, _ = reading(givens, calls)
    before = list(values)
    assert print_twins_back(values, alternatives, written, twins | {looked[1]: PRINT_TWIN - 0.5}) == []
    assert values == before and len(written) == 6


def test_the_last_given_that_looked_handwritten_is_print_when_the_check_reads_it_as_the_puzzle_needs():
    # SnapSudoku train/image8 (print only, tinted boxes): givens looked handwritten; once those the puzzle needed were
    # taken back as print, r7c1's 5 was left looking handwritten, a "handwritten" 5 with which the givens were
    # unique, a different puzzle.  Taken as print it reads 6 (the 5 second): it must stay unsure, so that the
    # solver check reads it as the 5 the puzzle needs
    result = scan(REAL / "snapsudoku-image8.jpg")
    assert result.grid.to_string().replace(".", "0") == IMAGE8_GIVENS
    assert 54 not in {entry.cell for entry in result.entries}
    taken = [c.cell for c in result.check.corrections if "still looked handwritten" in c.why]
    corrected = [c.cell for c in result.check.corrections if c.why.startswith("read as ")]
    assert 54 in set(taken) & set(corrected), "the photo no longer needs a taken-back digit corrected: choose another"


WIKIPEDIA_GIVENS = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
"""alishazly c6's givens (the corpus manifest: Wikipedia's example puzzle, printed)."""


def test_givens_that_looked_handwritten_on_a_print_page_are_taken_back_as_givens():
    # AliShazly c6: a printout photographed in perspective; the heavy 7, 8 and 9 of its bottom row look handwritten
    # and the givens without them have several solutions
    result = scan(REAL / "alishazly-c6.jpg")
    assert result.grid.to_string().replace(".", "0") == WIKIPEDIA_GIVENS
    assert result.entries == []  # the page holds no handwriting
    taken = [c for c in result.check.corrections if "taken back as a printed given" in c.why]
    assert taken, "the photo no longer needs a print-back: choose another"
    assert all(result.grid.values[c.cell] == int(WIKIPEDIA_GIVENS[c.cell]) for c in taken)


@pytest.mark.parametrize("name", ["image17", "image200", "image71"])
def test_a_newspaper_solved_by_hand_keeps_every_given(name):
    # Wicht mixed (every empty cell written in by hand, each digit surely handwritten): image17's given 7 (48%
    # handwritten) and image200's given 1 (36%) stand apart from the page's other print, but nearer it than the hand,
    # so they are no entries the reader took for print; image71 misses its faded given 7 (r1c2), and the givens have
    # several solutions until that 7 is read among the pale shapes, which comes before any surely handwritten digit
    # is taken for print
    printed = wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    every = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat"))
    result = scan(data_file("wicht", "mixed_train", f"{name}.jpg"))
    assert list(result.grid.values) == printed
    written = {e.cell for e in result.entries}
    assert written <= {i for i, d in enumerate(every) if d and not printed[i]}
