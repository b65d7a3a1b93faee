"""Keeping a collection free of repeats: profiles screen, keys decide, as comparing every key would."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from conftest import puzzle_lines
from sudokuprint.generator.canonical import DistinctPuzzles, equivalence_key, equivalence_profile
from sudokuprint.generator.dig import DigTarget, generate_puzzle
from sudokuprint.shape import CLASSIC, Shape, symbol_digit

KEYS = "data/equivalence-keys.txt"


def _values(text: str) -> list[int]:
    return [0 if ch == "." else symbol_digit(ch) for ch in text]


def _transformed(values: list[int], rng: random.Random) -> list[int]:
    """An equivalent 9x9 puzzle: digits relabelled, bands and rows in a band shuffled, maybe transposed."""
    digits = list(range(1, 10))
    rng.shuffle(digits)
    bands = rng.sample(range(3), 3)
    rows = [3 * band + row for band in bands for row in rng.sample(range(3), 3)]
    turned = [values[9 * r + c] for r in rows for c in range(9)]
    if rng.random() < 0.5:
        turned = [turned[9 * c + r] for r in range(9) for c in range(9)]
    return [digits[v - 1] if v else 0 for v in turned]


def test_keys_are_what_they_were_when_recorded():
    for line in (Path(__file__).parent / KEYS).read_text().splitlines():
        text, key = line.split()
        assert equivalence_key(_values(text), Shape.for_side(round(len(text) ** 0.5))) == key, text


def test_equivalent_puzzles_share_their_profile():
    rng = random.Random(3)
    for line in puzzle_lines("sudoku17_royle_49151.txt", limit=100, step=491):
        values = _values(line)
        assert equivalence_profile(_transformed(values, rng), CLASSIC) == equivalence_profile(values, CLASSIC)


def _brute(puzzles: list[list[int]], shape: Shape) -> list[bool]:
    """Whether each puzzle is new, comparing the key of every puzzle (the definition)."""
    seen: set[bytes] = set()
    new = []
    for values in puzzles:
        key = hashlib.blake2b(equivalence_key(values, shape).encode(), digest_size=8).digest()
        new.append(key not in seen)
        seen.add(key)
    return new


def test_distinct_puzzles_says_what_comparing_every_key_says():
    rng = random.Random(5)
    lines = puzzle_lines("sudoku17_royle_49151.txt", limit=150, step=300)
    puzzles = [_values(line) for line in lines]
    puzzles += [_transformed(p, rng) for p in rng.sample(puzzles, 60)]  # repeats in disguise
    rng.shuffle(puzzles)
    distinct = DistinctPuzzles(CLASSIC)
    assert [distinct.add(p) for p in puzzles] == _brute(puzzles, CLASSIC)
    assert len(distinct) == 150


def test_small_grids_with_many_repeats():
    shape = Shape.for_side(4)
    rng = random.Random(8)
    puzzles = [list(generate_puzzle(shape, rng, DigTarget(symmetry="rot180", minimal=True), graded=False).puzzle)
               for _ in range(120)]
    distinct = DistinctPuzzles(shape)
    verdicts = [distinct.add(p) for p in puzzles]
    assert verdicts == _brute(puzzles, shape)
    assert 1 < sum(verdicts) < 60 and len(distinct) == sum(verdicts)


def test_the_c_profile_gives_the_python_profiles_bytes():
    from sudokuprint.generator import canonical
    from sudokuprint.solver import native

    assert native.available(), "no compiled extension: make test-setup builds it"
    puzzles = [(_values(line), CLASSIC) for line in puzzle_lines("sudoku17_royle_49151.txt", limit=300, step=160)]
    rng = random.Random(8)
    for side in (4, 6, 9, 12, 16):
        shape = Shape.for_side(side)
        for _ in range(6):
            made = generate_puzzle(shape, rng, DigTarget(symmetry="rot180"), graded=False)
            puzzles.append((list(made.puzzle), shape))
    puzzles.append(([0] * 81, CLASSIC))
    for values, shape in puzzles:
        expected = canonical.python_profile(values, shape)
        assert canonical.equivalence_profile(values, shape) == expected, (shape.name, values)
        assert canonical.equivalence_profile(bytes(values), shape) == expected
