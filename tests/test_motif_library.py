"""The motif library: every motif reads as its drawing, every extra given follows a stated rule, all fill."""

from __future__ import annotations

import random
import time

import pytest

from sudokuprint.generator import PatternSearch, fill_pattern, pattern_problems
from sudokuprint.patterns import library_motif, motif_names
from sudokuprint.patterns.code import code_or_none, mirror
from sudokuprint.solver import count_solutions

SHAPES = ("heart", "star", "tree", "smiley", "cat", "house", "arrow", "flower", "snowflake")


def iou(a: frozenset[int], b: frozenset[int]) -> float:
    return len(a & b) / len(a | b)


def neighbours(cell: int, side: int) -> set[int]:
    row, column = divmod(cell, side)
    near = {(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)}
    return {r * side + c for r, c in near if 0 <= r < side and 0 <= c < side}


def test_the_library_holds_the_alphabet_the_digits_and_the_asked_for_shapes():
    names = set(motif_names())
    assert {f"letter-{chr(c)}" for c in range(ord("A"), ord("Z") + 1)} <= names
    assert {f"digit-{d}" for d in range(10)} <= names
    assert set(SHAPES) <= names


@pytest.mark.parametrize("name", motif_names())
def test_givens_match_the_drawing_and_extras_follow_the_rule(name):
    found = library_motif(name)
    side = found.shape.side
    assert iou(found.givens, found.drawing) >= 0.9
    for cell in found.extra:  # next to a stroke, or the 180° mirror of a drawn cell
        assert neighbours(cell, side) & found.drawing or mirror(cell) in found.drawing, f"{name}: stray cell {cell}"
    assert pattern_problems(found.givens, found.shape) == []
    # every row band and column stack carries part of the drawing: no scattered noise, no empty quarter
    rows = {c // side for c in found.drawing}
    assert len(rows) >= side - 2
    assert found.description and (found.fix == "" or "(" in found.fix)  # a fix says what and why


def test_letters_and_digits_share_one_stencil_style():
    for name in motif_names():
        if name.startswith(("letter-", "digit-")):
            found = library_motif(name)
            assert found.shape.side == 9 and "stencil" in found.description
            # strokes, not dots: every drawn cell touches another one (diagonals count)
            lonely = [c for c in found.drawing
                      if not {n for m in neighbours(c, 9) for n in neighbours(m, 9)} - {c} & found.drawing]
            assert not lonely, name


def test_no_two_motifs_can_be_taken_for_each_other():
    drawings = {name: library_motif(name).drawing for name in motif_names()}
    names = sorted(drawings)
    closest = min((len(drawings[a] ^ drawings[b]), a, b) for i, a in enumerate(names) for b in names[i + 1:])
    assert closest[0] >= 6, f"{closest[1]} and {closest[2]} differ in only {closest[0]} cells"


def test_only_shapes_that_need_it_carry_a_fix_and_symmetric_ones_a_code():
    fixed = {name for name in motif_names() if library_motif(name).fix}
    assert {"letter-L", "letter-T", "cross"} <= fixed and "letter-A" not in fixed and len(fixed) <= 16
    for name in ("letter-H", "letter-I", "letter-N", "letter-O", "letter-S", "letter-X", "letter-Z", "digit-8"):
        assert code_or_none(library_motif(name).givens) is not None, name  # drawn 180°-symmetric: a code
    assert code_or_none(library_motif("letter-R").givens) is None


@pytest.mark.parametrize("name", ["letter-L", "letter-T", "digit-1", "cross", "heart", "snowflake", "cat", "ring"])
def test_a_motif_fills_in_seconds_with_a_unique_puzzle(name):
    found = library_motif(name)
    started = time.monotonic()
    made, _ = fill_pattern(found.givens, found.shape, random.Random(7), PatternSearch(time_limit=20, graded=False))
    assert time.monotonic() - started < 20
    puzzle = made.grid()
    assert puzzle.givens == found.givens and count_solutions(puzzle, 2) == 1


def test_a_motif_view_states_its_designed_fix(tmp_path):
    from click.testing import CliRunner
    from pypdf import PdfReader

    from sudokuprint.cli import main

    out = tmp_path / "t.pdf"
    assert CliRunner().invoke(main, ["motif", "letter-T", "-o", str(out)]).exit_code == 0
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "letter-T" in text and "Designed fix: slab serifs" in text
