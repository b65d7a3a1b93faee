"""The compiled ALS searches (sudokuprint/logic/_native_als.c) find what their Python versions find.

The almost locked sets are listed once per candidate grid by the extension
(:func:`sudokuprint.logic.kernels.als_table`) and ALS-XZ, ALS-XY-Wing, Death
Blossom and the ALS chains search that one table.  Along real solves (the
Explainer-rated list, top95, a generated 16x16), at every state where the
engine looks beyond singles, the table lists the same sets in the same order
as :func:`~sudokuprint.logic.techniques.als.almost_locked_sets`, and each
technique gives the same step (explanation, removals, cells, digits, extra)
compiled and in pure Python.
"""

from __future__ import annotations

import random

import pytest
from conftest import puzzle_lines
from test_logic_native import _states  # the solve's states beyond singles, walked as there

from sudokuprint.generator import generate_puzzle
from sudokuprint.generator.dig import DigTarget
from sudokuprint.grid import Grid
from sudokuprint.logic import kernels
from sudokuprint.logic.state import State
from sudokuprint.logic.techniques import als, als_chains, death_blossom
from sudokuprint.shape import Shape

FINDERS = (als.find_als_xz, als.find_als_xy_wing, death_blossom.find_death_blossom, als_chains.find_als_chain)


def _key(step):
    if step is None:
        return None
    return (step.technique, step.explanation, step.eliminations, step.cells, step.digits, step.houses, step.details)


def _compare(state: State, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """(searches compared, steps found) on one state; each side on a fresh copy (no shared memo)."""
    monkeypatch.setattr(kernels, "ENABLED", True)
    sets = als.almost_locked_sets(state)
    listed = [kernels.als_at(state, index) for index in range(len(sets))]
    assert listed == [(a.cells, a.house) for a in sets]
    with pytest.raises(ValueError, match="index"):
        kernels.als_at(state, len(sets))
    compared = found = 0
    for finder in FINDERS:
        steps = {}
        for native in (True, False):
            monkeypatch.setattr(kernels, "ENABLED", native)
            steps[native] = _key(finder(State(state.tables, state.values[:], state.cands[:], state.givens)))
        monkeypatch.setattr(kernels, "ENABLED", True)
        assert steps[True] == steps[False], finder.__name__
        compared += 1
        found += steps[True] is not None
    return compared, found


@pytest.mark.parametrize(
    "line",
    puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=4, step=211) + puzzle_lines("top95.txt", limit=4, step=23),
)
def test_compiled_als_searches_agree_along_real_solves(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    results = [_compare(state, monkeypatch) for state in _states(Grid.from_string(line), limit=25)]
    assert sum(c for c, _ in results) >= 4 * 3
    assert sum(f for _, f in results) >= 1  # the ALS steps do turn up along these solves


def test_compiled_als_searches_agree_on_16x16(monkeypatch: pytest.MonkeyPatch) -> None:
    shape = Shape(4, 4)
    made = generate_puzzle(shape, random.Random(3), DigTarget(), graded=False)
    results = [_compare(state, monkeypatch) for state in _states(Grid.from_values(made.puzzle, shape), limit=3)]
    assert sum(c for c, _ in results) >= 3 * 4


def test_the_table_is_made_once_per_candidate_grid() -> None:
    state = State.from_grid(Grid.from_string(puzzle_lines("top95.txt", limit=1)[0]))
    table = kernels.als_table(state)
    assert kernels.als_table(state) is table
    cell = next(c for c, mask in enumerate(state.cands) if mask)
    state.eliminate(cell, state.cands[cell].bit_length())
    assert kernels.als_table(state) is not table


def test_the_als_searches_check_their_inputs() -> None:
    native = kernels._native
    assert native is not None
    state = State.from_grid(Grid.from_string(puzzle_lines("top95.txt", limit=1)[0]))
    table, cands = kernels.als_table(state)
    with pytest.raises(ValueError, match="not an ALS table"):
        native.als_xz(b"\x00" * 40, cands)
    with pytest.raises(ValueError, match="length"):
        native.als_xy_wing(table[:-8], cands)
    with pytest.raises(ValueError, match="one per cell"):
        native.death_blossom(table, cands[:-2], 3, 100)
    with pytest.raises(ValueError, match="2 to 16 sets"):
        native.als_chain(table, cands, 4, 17, 100)
    with pytest.raises(ValueError, match="houses"):
        native.als_table(b"\x00\x00" * 4, 2, b"\x00" * 20, b"", b"")
