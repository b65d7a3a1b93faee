"""The engine, grades, hints and the grade/hint/explain commands on real puzzles."""

from __future__ import annotations

import json
import random

import pytest
from conftest import STATE_TABLE, puzzle_lines

from click.testing import CliRunner

from sudokuprint.cli import main, run
from sudokuprint.errors import InvalidGridError, MultipleSolutionsError
from sudokuprint.formats import parse
from sudokuprint.formats.partial_json import make_partial, parse_partial, write_partial
from sudokuprint.grid import Grid
from sudokuprint.logic import InconsistentStepError, grade, hint, solve
from sudokuprint.logic import engine as engine_module
from sudokuprint.logic.step import Step, StepKind
from sudokuprint.logic.techniques import ADVANCED, Technique
from sudokuprint.shape import Shape
from sudokuprint.solver import is_unique, solve as core_solve

SVD_SIMPLE = "003456700050080020700123006204060807365897214807010305500642008040070030008531600"


def _solved_ok(grid: Grid) -> None:
    log = solve(grid)
    assert log.solved
    assert log.final.values == core_solve(grid).values


@pytest.mark.parametrize("line", puzzle_lines("easy50_pe96.txt", step=5))
def test_easy_puzzles_solve_without_trial(line: str) -> None:
    grid = Grid.from_string(line)
    _solved_ok(grid)
    result = grade(grid)
    assert not result.trial and result.level <= 4 and result.rating < 4


@pytest.mark.parametrize("line", puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=4))
def test_hard_puzzles_finish_and_match_the_solution(line: str) -> None:
    grid = Grid.from_string(line)
    _solved_ok(grid)
    assert grade(grid).level == 4


def _make_puzzle(shape: Shape, seed: int) -> Grid:
    """A unique puzzle on any shape: a pattern solution with cells removed while unique."""
    n, w, h = shape.side, shape.box_width, shape.box_height
    values = [((r % h) * w + r // h + c) % n + 1 for r in range(n) for c in range(n)]
    order = list(range(n * n))
    random.Random(seed).shuffle(order)
    for cell in order[: int(n * n * 0.6)]:
        kept = values[cell]
        values[cell] = 0
        if not is_unique(Grid.from_values(values, shape)):
            values[cell] = kept
    return Grid.from_values(values, shape)


@pytest.mark.parametrize("width,height", [(2, 2), (3, 2), (3, 3), (4, 4)])
def test_every_box_shape_solves(width: int, height: int) -> None:
    grid = _make_puzzle(Shape(width, height), seed=width * 10 + height)
    _solved_ok(grid)
    result = grade(grid)
    assert 1 <= result.level <= 4 and result.rating >= 1.0


def test_svd_levels_and_label() -> None:
    lines = puzzle_lines("easy50_pe96.txt")
    first, second = grade(Grid.from_string(lines[0]), "1"), grade(Grid.from_string(lines[1]), "2")
    assert (first.level, second.level) == (1, 2)
    assert first.label == f"1-{first.moves}-1-32"
    svd = grade(parse(SVD_SIMPLE), "30")
    assert svd.givens == sum(ch != "0" for ch in SVD_SIMPLE) == 45
    assert svd.label == f"30-{svd.moves}-{svd.level}-45"
    assert svd.moves >= 1


def test_level_three_needs_more_than_box_singles() -> None:
    # top95 line 1 falls to singles and locked candidates alone
    result = grade(Grid.from_string(puzzle_lines("top95.txt", limit=1)[0]))
    assert result.level == 3 and "Locked Candidates (pointing)" in result.techniques


def test_moves_count_rounds_of_singles() -> None:
    log = solve(Grid.from_string(puzzle_lines("easy50_pe96.txt", limit=1)[0]))
    moves = [m for m in log.moves_of if m]
    assert moves == sorted(moves) and max(moves) == log.moves
    assert len(set(moves)) == log.moves < len(log.steps)


def test_a_wrong_step_is_raised_not_hidden(monkeypatch) -> None:
    grid = Grid.from_string(puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=1)[0])
    solution = core_solve(grid).values

    def liar(state):
        cell = next(c for c, m in enumerate(state.cands) if m)
        return Step(StepKind("Liar"), "removes the solution digit", eliminations=((cell, solution[cell]),))

    monkeypatch.setattr(engine_module, "ADVANCED", (Technique("Liar", 3, 1.0, liar),) + ADVANCED)
    with pytest.raises(InconsistentStepError):
        engine_module.solve(grid, techniques=engine_module.ADVANCED)


def test_multiple_solutions_are_refused() -> None:
    with pytest.raises(MultipleSolutionsError):
        grade(Grid.from_string("." * 81))


def test_hint_from_a_candidates_state_keeps_its_marks() -> None:
    grid = parse(STATE_TABLE)
    found = hint(grid)
    assert found.step.eliminations or found.step.placements
    partial = parse_partial(write_partial(make_partial(found.begin, found.end, (found.id,))))
    assert partial.begin.values == grid.values
    for cell, digit in found.step.eliminations:
        assert partial.end.candidates[cell] >> (digit - 1) & 1 == 0
        assert partial.begin.candidates[cell] >> (digit - 1) & 1 == 1


def test_hint_rejects_marks_that_exclude_the_solution() -> None:
    grid = Grid.from_string(puzzle_lines("easy50_pe96.txt", limit=1)[0])
    solution = core_solve(grid).values
    marks = list(grid.computed_candidates())
    cell = grid.empty_cells[0]
    marks[cell] &= ~(1 << (solution[cell] - 1))
    with pytest.raises(InvalidGridError, match="pencil marks"):
        hint(grid.with_candidates(marks))


def test_hint_on_a_puzzle_is_the_cheapest_single() -> None:
    found = hint(Grid.from_string(puzzle_lines("easy50_pe96.txt", limit=1)[0]))
    assert found.step.technique in ("Full House", "Naked Single")
    assert len(found.step.placements) == 1


def test_cli_grade_json(tmp_path, capsys) -> None:
    path = tmp_path / "p.txt"
    path.write_text("\n".join(puzzle_lines("easy50_pe96.txt", limit=3)) + "\n")
    assert run(["grade", "--json", str(path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 3
    for number, row in enumerate(rows, start=1):
        assert {"puzzle", "level", "moves", "rating", "label", "techniques"} <= set(row)
        assert row["label"] == f"{number}-{row['moves']}-{row['level']}-{row['givens']}"


def test_cli_grade_reports_a_bad_puzzle_and_exits_1(tmp_path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(puzzle_lines("easy50_pe96.txt", limit=1)[0] + "\n" + "." * 81 + "\n")
    result = CliRunner().invoke(main, ["grade", "--jobs", "2", str(path)])
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert len(out) == 2 and out[1].startswith("error") and "line 2" in out[1]


def test_cli_hint_and_explain(tmp_path, capsys) -> None:
    path = tmp_path / "state.txt"
    path.write_text(STATE_TABLE)
    assert run(["hint", str(path)]) == 0
    partial = parse_partial(capsys.readouterr().out)
    assert partial.begin.candidates is not None
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(puzzle_lines("easy50_pe96.txt", limit=1)[0] + "\n")
    assert run(["explain", "--json", str(puzzle)]) == 0
    log = json.loads(capsys.readouterr().out)
    assert log["solved"] and log["steps"][0]["placements"]
    assert run(["explain", str(puzzle)]) == 0
    assert "Naked Single" in capsys.readouterr().out


def _stuck_before(line_index: int, technique_name: str):
    """A rated puzzle solved with every technique cheaper than ``technique_name``, where they stall."""
    from sudokuprint.logic.engine import solve_state
    from sudokuprint.logic.state import State

    grid = Grid.from_string(puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=line_index + 1)[line_index])
    solution = core_solve(grid).values
    names = [t.name for t in ADVANCED]
    state = State.from_grid(grid)
    log = solve_state(grid, state, solution, techniques=ADVANCED[: names.index(technique_name)], use_trial=False)
    assert not log.solved
    return state, solution


@pytest.mark.parametrize("line_index,size", [(9, 4), (5, 5)])
def test_wxyz_and_vwxyz_wings_on_real_positions(line_index: int, size: int) -> None:
    from sudokuprint.logic.techniques import wings

    kind = wings.WING_KINDS[size]
    state, solution = _stuck_before(line_index, kind.name)
    step = wings.pivot_wing(state, size)
    assert step is not None and step.kind is kind and len(step.cells) == size
    union = 0
    for cell in step.cells:
        union |= state.cands[cell]
    assert bin(union).count("1") == size
    assert all(state.tables.sees(step.cells[0], c) for c in step.cells[1:])  # the pivot sees the wing
    assert step.eliminations and all(solution[c] != d for c, d in step.eliminations)
    # a smaller wing is not there: the cheaper techniques stalled
    assert size == 4 or wings.pivot_wing(state, 4) is None
    for cell, digit in step.eliminations:
        state.eliminate(cell, digit)
    again = wings.pivot_wing(state, size)
    assert again is None or again.eliminations != step.eliminations


def test_singles_only_puzzles_are_rated_by_the_easiest_singles() -> None:
    from sudokuprint.logic.grading import hidden_singles_rating
    from sudokuprint.logic.state import State

    first = Grid.from_string(puzzle_lines("easy50_pe96.txt", limit=1)[0])
    log = solve(first)
    assert "Naked Single" in log.technique_counts() and log.rating == 2.3
    assert grade(first).rating == hidden_singles_rating(State.from_grid(first)) == 1.2


def test_explainer_order_of_rated_puzzles() -> None:
    lines = puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=30)
    given = [float(x) for x in puzzle_lines("sudoku_exchange_diabolical_se.ratings.txt", limit=30)]
    ours = {}
    for line, theirs in zip(lines, given):
        if theirs < 5.8 or 7.0 <= theirs < 7.5:
            ours.setdefault(theirs < 5.8, []).append(grade(Grid.from_string(line)).rating)
    easy, chains = ours[True], ours[False]
    assert len(easy) >= 5 and len(chains) >= 5
    assert sum(easy) / len(easy) + 1.0 < sum(chains) / len(chains)


def test_level_of_unknown_and_variant_techniques() -> None:
    from sudokuprint.logic.techniques import chains, level_of, subsets

    assert level_of(Step(StepKind("Something New"), "x")) == 4
    assert level_of(Step(chains.SKYSCRAPER, "x")) == 4
    assert level_of(Step(chains.COLOURING_WRAP, "x")) == 4
    assert level_of(Step(subsets.HIDDEN_SUBSETS[2], "x")) == 3
    assert level_of(Step(StepKind("Hidden Pair"), "x")) == 4  # a kind is its object, not its name


def test_hint_json_names_the_technique() -> None:
    found = hint(parse(STATE_TABLE))
    data = json.loads(write_partial(make_partial(found.begin, found.end, (found.id,))))
    assert found.id in json.dumps(data)
    assert parse_partial(write_partial(make_partial(found.begin, found.end, (found.id,)))).given_hints == (found.id,)
    assert found.id.startswith(found.step.technique.lower().split(" ")[0])


def test_grading_a_hard_16x16_finishes_and_is_checked() -> None:
    """Trial on 16x16 follows a bounded set of assumptions; it used to take minutes a step."""
    import random
    import time

    from sudokuprint import Grid, Shape, solve as core_solve
    from sudokuprint.generator import DigTarget, generate_puzzle
    from sudokuprint.logic import grade as grade_puzzle
    from sudokuprint.logic import solve as logic_solve

    made = generate_puzzle(Shape(4, 4), random.Random(1), DigTarget(), graded=False)
    grid = Grid.from_values(made.puzzle, Shape(4, 4))
    started = time.process_time()
    graded = grade_puzzle(grid)
    assert time.process_time() - started < 120
    # the dynamic forcing chains (bounded on large grids) or trial settle what the chains cannot
    assert graded.level == 4 and (graded.trial or any(t.startswith("Dynamic") for t in graded.techniques))
    log = logic_solve(grid)
    assert log.solved and log.final.values == core_solve(grid).values


def _take_the_solver_away(monkeypatch) -> None:
    """Make every core-solver function fail, wherever the logic package imported it."""
    import sys

    from sudokuprint import solver as solver_module

    def no_solver(*args, **kwargs):
        raise AssertionError("a logic step called the core solver")

    targets = [solver_module] + [m for n, m in list(sys.modules.items()) if n.startswith("sudokuprint.logic") and m]
    for module in targets:
        for name, value in list(vars(module).items()):
            if callable(value) and (getattr(value, "__module__", None) or "").startswith("sudokuprint.solver"):
                monkeypatch.setattr(module, name, no_solver)


def test_no_step_looks_at_the_solution(monkeypatch) -> None:
    """Steps come from the state alone: with the core solver taken away, hard puzzles still
    solve step by step (each step checked against a solution computed beforehand), and
    nested trial settles a candidate of a fresh forum-hardest puzzle."""
    from sudokuprint.logic.engine import apply_step, check_step, next_step
    from sudokuprint.logic.state import State
    from sudokuprint.logic.techniques.trial import bifurcate

    grids = [Grid.from_string(line) for line in puzzle_lines("top95.txt", limit=9)[6::2]]
    solutions = [core_solve(grid).values for grid in grids]
    forum = Grid.from_string(puzzle_lines("forum_hardest_1905_se11plus.txt", limit=1)[0])
    forum_solution = core_solve(forum).values
    _take_the_solver_away(monkeypatch)
    with pytest.raises(AssertionError, match="core solver"):
        core_solve(forum)
    for grid, solution in zip(grids, solutions):
        state = State.from_grid(grid)
        while not state.is_solved():
            step = next_step(state)
            assert step is not None
            check_step(step, solution, state)
            apply_step(state, step)
        assert state.values == list(solution)
    state = State.from_grid(forum)
    step = bifurcate(state, None)
    assert step is not None and step.details.depth == 3 and "fewest candidates" in step.explanation
    check_step(step, forum_solution, state)
