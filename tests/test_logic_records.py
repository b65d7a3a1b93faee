"""Step records, grade records, hints and the defects of issue 17 on real puzzles."""

from __future__ import annotations

import json

from conftest import STATE_TABLE, data_file, puzzle_lines

from sudokuprint.cli import run
from sudokuprint.formats import parse
from sudokuprint.formats.hodoku import parse_library_line
from sudokuprint.formats.partial_json import make_partial, parse_partial, write_partial
from sudokuprint.grid import Grid
from sudokuprint.logic import grade, hint, solve
from sudokuprint.logic.grading import UNGRADED, Grade
from sudokuprint.logic.state import State
from sudokuprint.logic.techniques import chains


def test_explain_json_trial_steps_keep_lists_and_unique_cells(tmp_path, capsys) -> None:
    path = tmp_path / "p.txt"
    path.write_text(puzzle_lines("top95.txt", limit=7)[6] + "\n")
    assert run(["explain", "--json", str(path)]) == 0
    log = json.loads(capsys.readouterr().out)
    trials = [s for s in log["steps"] if s["technique"] == "Trial" or s["technique"].startswith("Dynamic")]
    assert trials, "top95 line 7 needs dynamic forcing chains or trial"
    for step in log["steps"]:
        assert isinstance(step["placements"], list) and isinstance(step["eliminations"], list)
        assert len(step["cells"]) == len(set(step["cells"]))
    assert all(isinstance(s["placed"] if s["technique"] == "Trial" else s["length"], int) for s in trials)


def _library(code: str) -> list:
    found = []
    with data_file("formats", "hodoku", "reglib-1.3.txt").open() as stream:
        for number, text in enumerate(stream, start=1):
            if text.startswith(":") and text.split(":")[1] == code:
                found.append(parse_library_line(text, number))
    return found


def test_two_strong_links_are_named_as_hodoku_names_them() -> None:
    """Turbot Fish (parallel lines joined only through a box, or any other shape) is not a Skyscraper."""
    for code, name in (("0401", "2-String Kite"), ("0403", "Turbot Fish"), ("0400", "Skyscraper")):
        named = []
        for lib_step in _library(code):
            step = chains.find_x_chain(State.from_grid(lib_step.grid), 2)
            if step is not None and {(c.cell, c.digit) for c in lib_step.eliminations} <= set(step.eliminations):
                named.append(step.technique)
        assert named.count(name) >= 3, (code, named)
        if code != "0400":  # HoDoKu's skyscraper lines also hold a kite found first
            assert set(named) == {name}, (code, named)


def test_turbot_fish_of_parallel_lines_through_a_box() -> None:
    houses_of = State.from_grid(Grid.from_string("." * 81)).tables.houses_of
    assert chains.strong_link_kind(2, ("row", "row"), (0, 10), houses_of) is chains.TURBOT_FISH
    assert chains.strong_link_kind(2, ("row", "row"), (0, 9), houses_of) is chains.SKYSCRAPER


def test_hint_on_a_candidates_grid_keeps_its_digits_as_the_map() -> None:
    grid = parse(STATE_TABLE)
    assert not grid.givens  # the table cannot tell givens from filled digits
    found = hint(grid)
    partial = parse_partial(write_partial(make_partial(found.begin, found.end, (found.id,))))
    filled = [c for c, v in enumerate(grid.values) if v]
    assert sorted(partial.puzzle.givens) == filled
    assert [partial.puzzle.values[c] for c in filled] == [grid.values[c] for c in filled]


def test_given_hints_hold_an_id_and_input_ids_are_kept(tmp_path, capsys) -> None:
    found = hint(parse(STATE_TABLE))
    hints = parse_partial(write_partial(make_partial(found.begin, found.end, (found.id,)))).given_hints
    assert hints == (found.id,) and hints[0] != found.step.technique and " " not in hints[0]
    assert hints[0].split(":")[0] == found.step.technique.lower().replace(" ", "-").replace("(", "").replace(")", "")
    path = tmp_path / "in.json"
    path.write_text(write_partial(make_partial(found.begin, found.end, (found.id,), id="step-7", map_id="puzzle-3")))
    assert run(["hint", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "step-7" and out["map"]["id"] == "puzzle-3"
    assert out["givenHints"] and out["givenHints"][0] != found.step.technique


def test_label_always_has_four_parts() -> None:
    line = puzzle_lines("easy50_pe96.txt", limit=1)[0]
    without, with_id = grade(Grid.from_string(line)), grade(Grid.from_string(line), "7")
    assert without.label is not None and with_id.label is not None
    assert len(without.label.split("-")) == 4 and without.label.startswith("0-")
    assert with_id.label == "7" + without.label[1:]
    assert UNGRADED.label is None and not UNGRADED.graded


def test_naked_moves_follow_the_seed_and_both_counts_are_in_json(tmp_path, capsys) -> None:
    lines = puzzle_lines("easy50_pe96.txt", limit=6)
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    assert run(["grade", "--json", str(path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for row in rows:
        assert isinstance(row["moves"], int) and isinstance(row["naked_moves"], int)
        assert row["naked_moves"] >= 1
    # level 1 puzzles are naked singles only: the seed's moves and ours can only differ in grouping
    assert any(row["naked_moves"] != row["moves"] for row in rows)


def test_one_grade_record_everywhere() -> None:
    import random

    from sudokuprint.generator import DigTarget, generate_puzzle
    from sudokuprint.generator.difficulty import grade as generator_grade
    from sudokuprint.publish.puzzles import grade_puzzle
    from sudokuprint.shape import CLASSIC

    made = generate_puzzle(CLASSIC, random.Random(3), DigTarget())
    assert isinstance(made.graded_as, Grade) and made.graded_as.graded
    assert generator_grade(made.puzzle, CLASSIC) == made.graded_as
    again = grade_puzzle(made.grid())
    assert isinstance(again, Grade) and again == grade(made.grid())
    assert (again.level, again.moves, again.rating) == (made.graded_as.level, made.graded_as.moves, made.graded_as.rating)


def test_a_collection_that_cannot_finish_stops_and_says_why(tmp_path) -> None:
    from sudokuprint.generator.collection import Recipe, write_collection
    from sudokuprint.generator.dig import DigTarget
    from sudokuprint.generator.result import GenerationError
    from sudokuprint.shape import Shape

    import pytest

    recipe = Recipe(Shape(2, 2), seed=1, target=DigTarget(symmetry="rot180", minimal=True), graded=False)
    out = tmp_path / "small.jsonl"
    with pytest.raises(GenerationError, match="essentially different"):
        write_collection(recipe, 20, out, resume=True)  # --resume writes as it goes: what was made is kept
    written = out.read_text().splitlines()
    assert 10 <= len(written) < 20


def test_w_wing_fires_in_real_solves() -> None:
    """W-Wing used to come after the forcing chains that always found something first."""
    line = puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=52)[51]
    log = solve(Grid.from_string(line))
    assert log.solved and "W-Wing" in log.technique_counts()


def test_simple_colouring_fires_in_its_x_chain_tier() -> None:
    from sudokuprint.logic.techniques import ADVANCED

    lib_step = _library("0500")[0]
    state = State.from_grid(lib_step.grid)
    for technique in ADVANCED:
        step = technique.find(state)
        if step is not None:
            break
    assert step is not None
    # HoDoKu's colour trap here is found by colouring, or by the X-chain of the same length
    assert step.technique.startswith(("Simple Colouring", "X-Chain", "Skyscraper", "2-String Kite", "Turbot"))
    colouring = [t for t in ADVANCED if t.name == "Simple Colouring"]
    assert len(colouring) >= 4  # one in each X-chain tier, before the chain of as many links


def test_twelve_by_twelve_is_generated_and_graded_with_techniques(tmp_path) -> None:
    out = tmp_path / "twelve.jsonl"
    assert run(["generate", "--size", "12x12", "-n", "1", "--seed", "2", "--format", "jsonl", "-o", str(out)]) == 0
    row = json.loads(out.read_text().splitlines()[0])
    assert len(row["puzzle"]) == 144 and row["level"] in (1, 2, 3, 4) and row["rating"] >= 1.0
    grid = Grid.from_string(row["puzzle"])
    assert grid.side == 12
    log = solve(grid)
    assert log.solved
    counts = log.technique_counts()
    beyond_singles = {name for name in counts if "Single" not in name and name != "Full House"}
    assert "Trial" not in counts or beyond_singles - {"Trial"}, counts


def test_nested_trials_reach_past_ten() -> None:
    from sudokuprint.logic.step import Step as LogicStep
    from sudokuprint.logic.step import TrialDetails
    from sudokuprint.logic.techniques import rate_trial
    from sudokuprint.logic.techniques.trial import TRIAL

    def nested(nesting: int, length: int) -> float:
        return rate_trial(LogicStep(TRIAL, "x", details=TrialDetails(depth=3, nesting=nesting, length=length)))

    assert nested(1, 3) == 9.5 and nested(2, 3) == 10.0 and nested(2, 20) == 10.5
    assert rate_trial(LogicStep(TRIAL, "x", details=TrialDetails(depth=1, length=3))) == 8.5
    assert rate_trial(LogicStep(TRIAL, "x", details=TrialDetails(depth=2, length=500))) == 9.4
