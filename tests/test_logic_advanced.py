"""The techniques of the hard end (Explainer 8.0 up) on real positions and puzzles.

Grouped AIC, Death Blossom, ALS chains and dynamic forcing chains / nets:
what their steps say, how they are rated and placed in the order, and that
every step the engine takes with them on hard puzzles (top95, the Explainer
11+ list) agrees with the unique solution.  HoDoKu's library shares are in
test_logic_techniques.py.
"""

from __future__ import annotations

import pytest
from conftest import puzzle_lines
from test_logic_techniques import LIBRARY, _run, _solution

from sudokuprint.grid import Grid
from sudokuprint.logic.engine import apply_step, check_step, next_step, solution_of
from sudokuprint.logic.state import State
from sudokuprint.logic.techniques import ADVANCED, BY_NAME, length_bonus, rate, technique_of
from sudokuprint.logic.techniques import aic, als_chains, death_blossom, multiple, nested, nets

NEW = (aic.GROUPED_AIC, death_blossom.DEATH_BLOSSOM, als_chains.ALS_CHAIN, nets.DYNAMIC_FORCING)


def test_hard_techniques_are_tried_in_rating_order() -> None:
    names = [t.name for t in ADVANCED]
    order = ["Forcing Chain", "Cell/Region Forcing Chains", aic.GROUPED_AIC.name, "ALS-XZ", "ALS-XY-Wing",
             death_blossom.DEATH_BLOSSOM.name, als_chains.ALS_CHAIN.name, nets.DYNAMIC_FORCING.name]
    positions = [names.index(name) for name in order]
    assert positions == sorted(positions)
    ratings = [BY_NAME[name].rating for name in order]
    assert ratings == sorted(ratings) and ratings[-1] == 8.5
    # the most expensive finders come last, before nested trial: dynamic chains, then nested ones
    assert names[-2:] == [nets.DYNAMIC_FORCING.name, nested.NESTED_FORCING.name]


def test_grouped_aic_writes_its_chain_and_is_rated_by_length() -> None:
    grouped = 0
    for lib_step in LIBRARY["0711"][:12]:
        state = State.from_grid(lib_step.grid)
        step = aic.find_grouped_aic(state)
        assert step is not None, f"line {lib_step.line}"
        check_step(step, _solution(lib_step.grid), state)
        assert "=" in step.explanation and "strong link" in step.explanation
        nodes = step.details.nodes
        assert nodes >= 4 and nodes % 2 == 0
        assert rate(step) == round((8.1 if step.details.xy else 8.0) + length_bonus(nodes), 1)
        assert technique_of(step) is BY_NAME[aic.GROUPED_AIC.name]
        grouped += step.details.grouped
    assert grouped >= 3  # groups (a digit in two or three cells of a box and a line) are used


def test_death_blossom_names_stem_and_petals() -> None:
    for lib_step in LIBRARY["0904"][:6]:
        state = State.from_grid(lib_step.grid)
        step = death_blossom.find_death_blossom(state)
        assert step is not None, f"line {lib_step.line}"
        check_step(step, _solution(lib_step.grid), state)
        stem = step.cells[0]
        z = step.details.z
        assert not state.cands[stem] >> (z - 1) & 1  # z is not a stem digit
        assert step.details.petals == bin(state.cands[stem]).count("1")
        assert step.explanation.startswith("stem ") and "petal" in step.explanation
        assert rate(step) == (8.3 if step.details.petals > 2 else 8.2)
        assert all(digit == z and state.cands[cell] >> (z - 1) & 1 for cell, digit in step.eliminations)


def test_als_chain_joins_four_or_more_sets() -> None:
    found = 0
    for lib_step in LIBRARY["0903"]:
        state = State.from_grid(lib_step.grid)
        step = als_chains.find_als_chain(state)
        if step is None:
            continue
        found += 1
        check_step(step, _solution(lib_step.grid), state)
        assert step.details.sets >= 4 and step.explanation.count("{") == step.details.sets
        assert rate(step) == round(8.4 + 0.1 * (step.details.sets - 4), 1)
    assert found >= 5


def test_dynamic_forcing_places_what_both_ways_force() -> None:
    for lib_step in LIBRARY["1201"][:4]:
        state = State.from_grid(lib_step.grid)
        step = nets.find_dynamic_forcing(state)
        assert step is not None
        check_step(step, _solution(lib_step.grid), state)
        assert step.kind in (nets.DYNAMIC_FORCING, nets.DYNAMIC_CELL, nets.DYNAMIC_REGION)
        assert "following each assumption with singles" in step.explanation
        assert rate(step) == round(8.5 + length_bonus(step.details.length), 1) >= 8.5


def test_multiple_forcing_chains_still_reach_grouped_positions() -> None:
    hits = 0
    for lib_step in LIBRARY["0710"]:
        eliminated, placed = _run(multiple.find_multiple_forcing_chain, lib_step)
        expected = {(c.cell, c.digit) for c in lib_step.eliminations}
        hits += expected <= eliminated and {(c.cell, c.digit) for c in lib_step.placements} <= placed
    assert hits >= 0.3 * len(LIBRARY["0710"])


@pytest.mark.parametrize("line", puzzle_lines("top95.txt", limit=40)[::8])
def test_hard_solves_use_the_new_techniques_soundly(line: str) -> None:
    """Every step of a top95 solve is checked; where the new techniques fire, their ratings
    are the table's."""
    grid = Grid.from_string(line)
    solution = solution_of(grid)
    state = State.from_grid(grid)
    while not state.is_solved():
        step = next_step(state)
        assert step is not None
        check_step(step, solution, state)
        found = technique_of(step)
        if found is not None and any(kind in NEW for kind in found.kinds):
            assert step.rating == found.rate(step)
        apply_step(state, step)
    assert state.values == list(solution)


@pytest.mark.no_cover  # 18 s of nested trials whose lines the nested-chain tests below cover (coverage triples it)
def test_forum_hardest_puzzles_reach_dynamic_chains() -> None:
    """A puzzle Explainer rates above 11: its first hard step is a dynamic forcing chain or
    harder (here a nested forcing chain with dynamic chains inside), never a guess from the
    solution, and it agrees with the solution."""
    grid = Grid.from_string(puzzle_lines("forum_hardest_1905_se11plus.txt", limit=1)[0])
    solution = solution_of(grid)
    state = State.from_grid(grid)
    while True:
        step = next_step(state)
        assert step is not None
        check_step(step, solution, state)
        apply_step(state, step)
        if step.rating >= 8.5:
            break
    # where trials with every technique stall, inner dynamic chains (a candidate whose own
    # assumption breaks by singles) are used inside each assumption: level 3, 10.0 up
    assert step.kind is nested.NESTED_FORCING and step.details.nesting_level == 3
    assert 1 <= step.details.inner <= nested.MAX_INNER
    assert step.rating == round(10.0 + length_bonus(step.details.length), 1) >= 10.0
    assert f"{step.details.inner} forcing chain(s) of their own" in step.explanation
    assert "contradiction" in step.explanation


def _nested_position(level: int) -> tuple[State, tuple[int, ...]]:
    """A real position (tests/data/nested-positions.txt: the Explainer 11+ list's first puzzle,
    solved by the engine up to its first nested chain of that level) and the puzzle's solution."""
    from conftest import REPO

    from sudokuprint.formats.candidates_grid import parse_state

    text = (REPO / "tests" / "data" / "nested-positions.txt").read_text()
    for part in text.split("# ")[1:]:
        head, _, table = part.partition("\n")
        line, _, found = head.split()
        if int(found) == level:
            puzzle = Grid.from_string(line)
            return State.from_grid(parse_state(table, puzzle=puzzle)), solution_of(puzzle)
    raise AssertionError(f"no level-{level} position in the fixture")


def _sound(step, solution, state: State) -> None:
    check_step(step, solution, state)
    assert step.eliminations and all(state.cands[c] >> (d - 1) & 1 for c, d in step.eliminations)


def test_nested_chains_come_after_dynamic_plus_and_use_forcing_chains_inside() -> None:
    """Where nets and the 9.0 trial (locked candidates, subsets, fish) find nothing, an assumption
    followed with every technique below 8.0 breaks: a level-2 nested forcing chain, 9.5 up."""
    state, solution = _nested_position(2)
    for technique in ADVANCED[:-1]:
        assert technique.find(state) is None, technique.name
    step = next_step(state, use_trial=False)
    assert step is not None and step.kind is nested.NESTED_FORCING and step.details.nesting_level == 2
    _sound(step, solution, state)
    assert step.rating == round(9.5 + length_bonus(step.details.length), 1) and step.rating >= 9.5
    assert "assuming" in step.explanation and "chains inside the chain" in step.explanation
    assert "contradiction" in step.explanation

