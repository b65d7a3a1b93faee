"""Searches that skip what has not changed since they last found nothing find what a fresh search finds.

Wings, subsets, locked candidates, fish, X-chains and the empty rectangle keep, on
the state, the candidates at which they last found nothing
(:meth:`State.searched_in_vain`), and then look only at the cells, houses or
digits changed since.  Along real solves, at every state where the engine
looks beyond singles, each of them must return the very step (or None) that the
same search returns on a fresh copy of the state that remembers nothing.
"""

from __future__ import annotations

import pytest
from conftest import puzzle_lines

from sudokuprint.grid import Grid
from sudokuprint.logic.engine import apply_step, solution_of
from sudokuprint.logic.state import State
from sudokuprint.logic.step import Step
from sudokuprint.logic.techniques import ADVANCED
from sudokuprint.logic.techniques.singles import all_singles

INCREMENTAL = (
    "Locked Candidates (pointing)",
    "Locked Candidates (claiming)",
    "Naked Pair",
    "X-Wing",
    "Hidden Pair",
    "Naked Triple",
    "Swordfish",
    "Hidden Triple",
    "X-Chain (2 strong links)",
    "Empty Rectangle",
    "Naked Quad",
    "Jellyfish",
    "Hidden Quad",
    "X-Chain (3 strong links)",
    "WXYZ-Wing",
    "X-Chain (4 strong links)",
    "X-Chain (5 strong links)",
    "VWXYZ-Wing",
    "X-Chain (6 strong links)",
)


def _key(step: Step | None) -> tuple | None:
    if step is None:
        return None
    return (step.technique, step.explanation, step.placements, step.eliminations, step.cells, step.digits)


def _fresh(state: State) -> State:
    return State(state.tables, state.values[:], state.cands[:], state.givens)


@pytest.mark.parametrize(
    "line",
    puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=6, step=37) + puzzle_lines("top95.txt", limit=2, step=11),
)
def test_skipping_searches_agree_with_fresh_ones_along_a_solve(line: str) -> None:
    grid = Grid.from_string(line)
    solution = solution_of(grid)
    state = State.from_grid(grid)
    by_name = {t.name: t for t in ADVANCED}
    assert set(INCREMENTAL) <= set(by_name)
    checked = 0
    while not state.is_solved():
        singles = all_singles(state)
        if singles:
            for single in singles:
                apply_step(state, single)
            continue
        step = None
        for technique in ADVANCED:
            found = technique.find(state)
            if technique.name in INCREMENTAL:
                assert _key(found) == _key(technique.find(_fresh(state))), technique.name
                checked += 1
            if found is not None:
                step = found
                break
        if step is None:
            break
        assert all(solution[c] == d for c, d in step.placements)
        apply_step(state, step)
    # the searches were compared, at states after ones where they had found nothing
    assert checked >= 5
