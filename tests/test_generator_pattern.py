"""Puzzles on drawn patterns: pattern input, impossibility, the seed's code, motifs."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from sudokuprint.errors import ParseError
from sudokuprint.patterns.code import decode_pattern, encode_pattern
from sudokuprint.generator import (
    GenerationError,
    ImpossiblePatternError,
    PatternSearch,
    check_pattern,
    fill_pattern,
    pattern_problems,
)
from sudokuprint.generator.symmetry import symmetries_of
from sudokuprint.patterns import draw_picture, motif, motif_names, parse_picture, read_image, read_pattern_file
from sudokuprint.shape import CLASSIC
from sudokuprint.solver import search

SEED_CODE = "5028140442"
SEED_PUZZLE = ".5.4......9.5......4.6.......7...3....8...7....3...2.......7.8......8.9......9.5."
SEED_CELLS = frozenset(c for c, ch in enumerate(SEED_PUZZLE) if ch != ".")


def _assert_puzzle_on(generated, cells):
    assert generated.given_cells == cells
    result = search(generated.grid(), 2)
    assert result.count == 1 and result.solution.values == generated.solution


def test_seed_code_decodes_to_the_seed_pattern_and_yields_a_unique_puzzle():
    cells = decode_pattern(SEED_CODE)
    assert cells == SEED_CELLS and len(cells) == 18
    generated, stats = fill_pattern(cells, CLASSIC, random.Random(0), PatternSearch(time_limit=120, graded=False))
    _assert_puzzle_on(generated, cells)
    assert generated.pattern_code().startswith(SEED_CODE + "_")
    assert stats.tries >= 1


def test_denser_symmetric_pattern_is_filled_exactly():
    shape, cells = motif("snowflake")
    for seed in range(3):
        generated, _ = fill_pattern(cells, shape, random.Random(seed), PatternSearch(time_limit=60, graded=False))
        _assert_puzzle_on(generated, cells)
        assert generated.pattern_code() == f"{encode_pattern(cells)}_{''.join(map(str, generated.solution))}"


def test_impossible_patterns_say_why():
    sixteen = frozenset(sorted(SEED_CELLS)[:16])
    assert "16 givens; a unique 9x9 puzzle needs at least 17" in pattern_problems(sixteen, CLASSIC)
    empty_band = frozenset(c for c in range(81) if c // 9 >= 3)  # rows 1-3 empty
    with pytest.raises(ImpossiblePatternError, match=r"rows 1, 2, 3 are empty and in the same band"):
        check_pattern(empty_band, CLASSIC)
    two_columns = frozenset(c for c in range(81) if c % 9 not in (4, 5))
    with pytest.raises(ImpossiblePatternError, match=r"columns 5, 6 are empty and in the same stack"):
        fill_pattern(two_columns, CLASSIC, random.Random(1))
    assert pattern_problems(SEED_CELLS, CLASSIC) == []


def test_unproductive_search_reports_tries_and_histogram():
    # A full box and little else: never unique, and the search says what it saw.
    cells = frozenset(c for c in range(81) if c // 27 == c % 9 // 3) | {40, 41, 42, 38}
    with pytest.raises(GenerationError) as caught:
        fill_pattern(cells, CLASSIC, random.Random(1), PatternSearch(time_limit=0.5, kicks=0))
    stats = caught.value.stats
    assert stats.tries >= 1 and sum(stats.histogram.values()) == stats.tries
    assert "tries in" in str(caught.value) and "solution counts" in str(caught.value)


def test_picture_parsing_marks_and_errors(tmp_path):
    picture = draw_picture(SEED_CELLS)
    shape, cells = parse_picture(picture.replace("#", "x").replace(".", "0"))
    assert shape == CLASSIC and cells == SEED_CELLS
    assert parse_picture("; a comment\n" + picture.replace("#", "1"))[1] == SEED_CELLS
    lines = picture.splitlines()
    lines[2] = lines[2][0] + "?" + lines[2][2:]
    with pytest.raises(ParseError, match="line 3, column 2: '\\?' is not a cell mark"):
        parse_picture("\n".join(lines))
    with pytest.raises(ParseError, match="row 2 has 8 cells"):
        parse_picture("\n".join(line if i != 1 else line[:8] for i, line in enumerate(picture.splitlines())))
    code_file = tmp_path / "seed.txt"
    code_file.write_text(SEED_CODE + "_751482936396571824842693571517824369428936715963715248639157482175248693284369157\n")
    assert read_pattern_file(code_file) == (CLASSIC, SEED_CELLS)


def test_image_is_scaled_to_the_grid(tmp_path):
    image = Image.new("L", (90, 90), 255)
    for cell in SEED_CELLS:
        row, column = divmod(cell, 9)
        image.paste(0, (column * 10, row * 10, column * 10 + 10, row * 10 + 10))
    path = tmp_path / "pattern.png"
    image.save(path)
    assert read_image(path) == SEED_CELLS
    assert read_pattern_file(path) == (CLASSIC, SEED_CELLS)


def test_motif_library_is_complete_and_every_motif_is_possible():
    names = set(motif_names())
    expected = {"heart", "star", "diamond", "cross", "ring", "tree", "smiley", "cat", "house", "arrow", "flower", "snowflake"}
    expected |= {f"letter-{chr(c)}" for c in range(ord("A"), ord("Z") + 1)}
    expected |= {f"digit-{d}" for d in range(10)}
    assert expected <= names
    for name in names:
        shape, cells = motif(name)
        assert shape == CLASSIC
        assert pattern_problems(cells, shape) == [], name
    for name in ("diamond", "cross", "ring", "letter-O", "letter-I", "letter-S", "letter-Z", "digit-8", "snowflake"):
        assert "rot180" in symmetries_of(motif(name)[1], CLASSIC), name


def test_a_sample_of_motifs_yields_puzzles_drawing_them():
    names = motif_names()[::6]
    for name in names:
        shape, cells = motif(name)
        generated, _ = fill_pattern(cells, shape, random.Random(0), PatternSearch(time_limit=60, graded=False))
        _assert_puzzle_on(generated, cells)
