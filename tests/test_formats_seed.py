"""The seed formats (docs/formats.md §2-§7): vectors, round trips, detection and the CLI.

Malformed inputs are tested in test_formats_seed_errors.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import data_file, puzzle_lines
from sudokuprint import Grid, Shape, is_unique, parse, solve
from sudokuprint.cli import main
from sudokuprint.errors import UnsupportedError
from sudokuprint.formats import detect, read_text, write
from sudokuprint.formats.explainer import sniff_explainer, write_explainer
from sudokuprint.formats.json_puzzle import sniff_json_puzzle, write_json_puzzle
from sudokuprint.formats.partial_json import (
    PartialPuzzle,
    make_partial,
    parse_partial,
    sniff_partial_json,
    write_partial,
)
from sudokuprint.formats.pattern_code import decode_pattern, encode_pattern, sniff_pattern_code, write_pattern_code
from sudokuprint.formats.registry import SAMPLE_SIZE
from sudokuprint.formats.candidates_grid import parse_state, sniff_state, write_state
from sudokuprint.formats.svd import (
    SvdLabel,
    format_svd_label,
    parse_svd_label,
    sniff_svd_extended,
    write_svd,
    write_svd_extended,
)

DATA = Path(__file__).parent / "data"
CLASSIC = Shape(3, 3)
SHAPES = [Shape(2, 2), Shape(3, 2), Shape(2, 3), Shape(3, 3), Shape(4, 3), Shape(4, 4)]
SVD_SIMPLE = "003456700050080020700123006204060807365897214807010305500642008040070030008531600"
SVD_EXTENDED = (
    "010213141516170809041506071809011203170809111213040516120114031605180917131615181917121114180917021104130615"
    "150301161412090718061402091708051301090718151311160402"
)
PATTERN_LINE = "5028140442_751482936396571824842693571517824369428936715963715248639157482175248693284369157"
PATTERN_PUZZLE = ".5.4......9.5......4.6.......7...3....8...7....3...2.......7.8......8.9......9.5."
ROUND_TRIP = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fixture(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def read_one(text: str, format: str | None = None):
    records = list(read_text(text, format))
    assert len(records) == 1
    return records[0]


# -- strategies --------------------------------------------------------------


@st.composite
def grids(draw, shapes=SHAPES, *, single_candidates: bool = True, with_givens: bool = True) -> Grid:
    """Random grids: values anywhere, givens among them, a candidate mask for every empty cell."""
    shape = draw(st.sampled_from(shapes))
    count, full = shape.cell_count, shape.all_digits_mask
    values = draw(st.lists(st.integers(0, shape.side), min_size=count, max_size=count))
    filled = [c for c, v in enumerate(values) if v]
    givens = draw(st.sets(st.sampled_from(filled))) if with_givens and filled else set()
    mask = st.integers(1, full)
    if not single_candidates:
        mask = mask.filter(lambda m: m & (m - 1))
    masks = [0 if v else draw(mask) for v in values]
    return Grid(shape, tuple(values), frozenset(givens), tuple(masks))


# -- §2 JSON puzzle ----------------------------------------------------------


def test_json_puzzle_vector_of_seed000() -> None:
    record = read_one(fixture("seed000_puzzle.json"))
    assert record.format == "json"
    assert record.meta == {"id": "69367c1bf66145eb8f6fc7c87a0fd828"}
    assert record.grid.to_string() == "......16.1.........3...7.....1..4..9..5...61..67.312...2........53.2.7.44..5..9.."
    assert record.grid.givens == frozenset(c for c, v in enumerate(record.grid.values) if v)
    assert json.loads(write_json_puzzle(record.grid, id=record.meta["id"])) == json.loads(fixture("seed000_puzzle.json"))


def test_json_puzzle_shapes_types_and_many_per_file() -> None:
    six = '{"m": 3, "n": 2, "type": "classic", "numbers": ["1.....", "......", "..2...", "......", "....6.", "......"]}'
    grid = read_one(six).grid
    assert (grid.shape.box_width, grid.shape.box_height) == (3, 2)
    assert grid.values[0] == 1 and grid.values[14] == 2 and grid.values[28] == 6
    array = "[\n" + ",\n".join(write_json_puzzle(parse(line)) for line in puzzle_lines("top95.txt", limit=3)) + "\n]"
    records = list(read_text(array))
    assert [r.grid.to_string() for r in records] == puzzle_lines("top95.txt", limit=3)
    assert [r.line for r in records] == [2, 3, 4]


def test_jsonl_is_read_lazily() -> None:
    good = write_json_puzzle(parse(PATTERN_PUZZLE))
    records = read_text(good + "\n" + good + "\n{broken\n")
    assert next(records).line == 1 and next(records).line == 2  # the broken third line is not read yet


@ROUND_TRIP
@given(grids(with_givens=False))
def test_json_puzzle_round_trip(grid: Grid) -> None:
    puzzle = Grid.from_values(grid.values, grid.shape)  # the format holds givens only
    text = write_json_puzzle(puzzle, id="x1")
    assert "\n" not in text
    record = read_one(text, "json")
    assert record.grid == puzzle and record.meta == {"id": "x1"}


# -- §3 state grid and §4 Sudoku Explainer -----------------------------------


def test_state_frames_of_seed000_are_one_grid_and_written_back_exactly() -> None:
    standard, hodoku = fixture("seed000_state.txt"), fixture("seed000_state_hodoku.txt")
    grid = read_one(standard).grid
    assert read_one(hodoku).grid == grid
    assert grid.to_string() == "52.3....66.92.53..134.6.25.7.2183.6.8.6...1233916.2..89.5.2.63.2..9.64.546...1.92"
    assert grid.givens == frozenset()  # one candidate = a filled digit, not a given
    assert grid.cell_candidates(2) == [7, 8] and grid.cell_candidates(4) == [1, 4, 7, 9]
    assert grid.candidates[0] == 0  # r1c1 holds 5
    assert write_state(grid) + "\n" == standard
    assert write(grid, "state-hodoku") + "\n" == hodoku


def test_state_takes_givens_from_the_puzzle() -> None:
    state = fixture("seed000_state.txt")
    puzzle = Grid.from_values(parse_state(state).values[:9] + (0,) * 72, CLASSIC)
    grid = parse_state(state, puzzle)
    assert grid.givens == puzzle.givens and grid.values == parse_state(state).values


def test_explainer_of_seed000_is_the_state_grid() -> None:
    explainer = fixture("seed000_explainer.txt").strip()
    record = read_one(explainer)
    assert record.format == "explainer"
    assert record.grid == parse_state(fixture("seed000_state.txt"))
    assert write_explainer(record.grid) == explainer
    spaced = " ".join(explainer[i : i + 9] for i in range(0, 729, 9))
    assert read_one(spaced).grid == record.grid
    lines = "\n".join(explainer[i : i + 81] for i in range(0, 729, 81))
    assert read_one(lines, "explainer").grid == record.grid


def test_state_and_explainer_compute_missing_candidates() -> None:
    puzzle = parse(PATTERN_PUZZLE)
    state = parse_state(write_state(puzzle))
    assert state.values == puzzle.values and state.candidates == puzzle.computed_candidates()
    assert read_one(write_explainer(puzzle), "explainer").grid.candidates == puzzle.computed_candidates()


def test_state_of_other_shapes() -> None:
    for shape in (Shape(2, 2), Shape(3, 2), Shape(4, 4)):
        grid = Grid.empty(shape)
        text = write_state(grid)
        assert read_one(text, "state").grid == grid.with_candidates(grid.computed_candidates())
    sixteen = write_state(Grid.empty(Shape(4, 4)))
    assert "123456789ABCDEFG" in sixteen and detect(sixteen).name == "state"


@ROUND_TRIP
@given(grids(single_candidates=False), st.booleans())
def test_state_round_trip(grid: Grid, hodoku: bool) -> None:
    text = write_state(grid, hodoku=hodoku)
    read = read_one(text, "state").grid
    assert read == Grid(grid.shape, grid.values, frozenset(), grid.candidates)
    assert parse_state(text, grid.puzzle()) == grid


@ROUND_TRIP
@given(grids([CLASSIC]))
def test_state_single_candidate_becomes_a_filled_digit(grid: Grid) -> None:
    read = parse_state(write_state(grid))
    for cell, (value, mask) in enumerate(zip(grid.values, grid.candidates)):
        single = value == 0 and mask & (mask - 1) == 0
        assert read.values[cell] == (mask.bit_length() if single else value)
        assert read.candidates[cell] == (0 if single or value else mask)


@ROUND_TRIP
@given(grids([CLASSIC], single_candidates=False, with_givens=False))
def test_explainer_round_trip(grid: Grid) -> None:
    text = write_explainer(grid)
    assert len(text) == 729
    assert read_one(text).grid == grid


def test_explainer_is_9x9_only() -> None:
    with pytest.raises(UnsupportedError, match="only 9x9"):
        write_explainer(Grid.empty(Shape(2, 2)))


def test_empty_cell_without_candidates_cannot_be_written() -> None:
    grid = Grid.empty().with_candidates((0,) + (1,) * 80)
    with pytest.raises(UnsupportedError, match="r1c1 is empty and has no candidate"):
        write_state(grid)
    with pytest.raises(UnsupportedError, match="r1c1"):
        write_explainer(grid)


# -- §5 partial-puzzle JSON --------------------------------------------------


def test_partial_puzzle_of_seed000() -> None:
    text = fixture("seed000_partial.json")
    partial = parse_partial(text)
    assert partial.id == "cd7486d5561c4a92bc8f7e293abf8ae3"
    assert partial.map_id == "d6bacb69b20c46d8800dc32caa406903"
    assert partial.given_hints == ("AETS7EQQOqmOAAMgAAQAAI4y0X9nGjgm",)
    begin, end = partial.begin, partial.end
    assert partial.puzzle.to_string() == (
        ".2.47..9.......3.6..3......2....876..9..61....4.....39.8.7.......913.....6...9.7."
    )
    assert begin.to_string() == ".2.473.9....8..3.6..36....723.94876..9.361....4...7.39.8.7.691...91346...6..89.7."
    assert begin.clue_count == 25 and begin.filled_count == 40
    assert begin.cell_candidates(0) == [5, 6, 8] and begin.candidates[1] == 0
    # The step removes candidate 5 from r2c3, nothing else.
    changed = [c for c in range(81) if begin.candidates[c] != end.candidates[c]]
    assert changed == [11] and begin.cell_candidates(11) == [4, 5, 7] and end.cell_candidates(11) == [4, 7]
    assert end.values == begin.values
    assert write_partial(partial, indent=2) + "\n" == text
    record = read_one(text)
    assert record.format == "partial-json" and record.grid == begin
    assert record.meta == {"id": partial.id, "map_id": partial.map_id}


def test_partial_from_two_grids() -> None:
    puzzle = parse(PATTERN_PUZZLE)
    solution = solve(puzzle)
    begin = puzzle.with_candidates(puzzle.computed_candidates())
    partial = make_partial(begin, solution, ["hint-1"], id="step-1")
    assert parse_partial(write_partial(partial)) == PartialPuzzle(
        begin, solution.with_candidates((0,) * 81), ("hint-1",), "step-1", None
    )
    with pytest.raises(ValueError, match="different givens"):
        make_partial(begin, parse(SVD_SIMPLE))


@st.composite
def partials(draw) -> PartialPuzzle:
    puzzle = draw(grids(SHAPES, with_givens=False)).puzzle()
    puzzle = Grid.from_values(puzzle.values, puzzle.shape)

    def state() -> Grid:
        extra = draw(grids([puzzle.shape], with_givens=False))
        values = tuple(p or e for p, e in zip(puzzle.values, extra.values))
        masks = tuple(0 if v else m or 1 for v, m in zip(values, extra.candidates))
        return Grid(puzzle.shape, values, puzzle.givens, masks)

    hints = draw(st.lists(st.text(min_size=1, max_size=12), max_size=3))
    ids = st.none() | st.text(max_size=10)
    return make_partial(state(), state(), hints, id=draw(ids), map_id=draw(ids))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partials(), st.sampled_from([None, 2]))
def test_partial_round_trip(partial: PartialPuzzle, indent: int | None) -> None:
    assert parse_partial(write_partial(partial, indent=indent)) == partial


# -- §6 SVD -------------------------------------------------------------------


def test_svd_vectors_of_seed002() -> None:
    simple = read_one(SVD_SIMPLE, "svd").grid
    extended = read_one(SVD_EXTENDED).grid
    assert read_one(SVD_EXTENDED).format == "svd-extended"
    assert simple.givens == frozenset(c for c, ch in enumerate(SVD_SIMPLE) if ch != "0")
    assert extended.givens == simple.givens  # locked exactly where the simple one has givens
    assert extended.is_complete() and extended == solve(simple)
    assert write_svd(simple) == SVD_SIMPLE and write_svd_extended(extended) == SVD_EXTENDED
    assert write_svd(extended) == extended.to_string()  # simple SVD writes every value


@ROUND_TRIP
@given(grids([CLASSIC]))
def test_svd_round_trips(grid: Grid) -> None:
    grid = grid.with_candidates(None)
    assert read_one(write_svd_extended(grid), "svd-extended").grid == grid
    assert read_one(write_svd_extended(grid), "svd").grid == grid
    simple = Grid.from_values(grid.values, CLASSIC)
    assert read_one(write_svd(simple), "svd").grid == simple


def test_svd_labels() -> None:
    assert parse_svd_label("collection 12/30-21-4-28.svd") == SvdLabel(30, 21, 4, 28)
    assert parse_svd_label("answer_7-40-1-35.svd") == SvdLabel(7, 40, 1, 35)
    assert parse_svd_label("30-21-7-28.svd") is None  # level 7 does not exist
    assert parse_svd_label("30-21-4.svd") is None and parse_svd_label("puzzle.svd") is None
    assert str(SvdLabel(30, 21, 4, 28)) == format_svd_label(30, 21, 4, 28) == "30-21-4-28"
    with pytest.raises(ValueError, match="levels are 1-4"):
        format_svd_label(1, 2, 5, 30)


def test_svd_is_9x9_only() -> None:
    with pytest.raises(UnsupportedError, match="only 9x9"):
        write_svd(Grid.empty(Shape(2, 2)))


# -- §7 pattern code ----------------------------------------------------------


def test_pattern_code_vector_of_seed003() -> None:
    record = read_one(PATTERN_LINE)
    assert record.format == "pattern-code"
    assert record.grid.to_string() == PATTERN_PUZZLE and record.grid.clue_count == 18
    assert record.meta == {"solution": PATTERN_LINE[11:], "pattern_code": "5028140442"}
    rows = ["".join("1" if r * 9 + c in record.grid.givens else "0" for c in range(9)) for r in range(9)]
    assert rows[:3] == ["010100000"] * 3 and rows[3:6] == ["001000100"] * 3 and rows[6:] == ["000001010"] * 3
    assert encode_pattern(record.grid.givens) == "5028140442"
    assert write_pattern_code(record.grid) == PATTERN_LINE
    assert solve(record.grid).to_string() == PATTERN_LINE[11:]


def test_pattern_code_centre_extension_and_symmetry_check() -> None:
    assert decode_pattern("00000000001") == {40}
    assert decode_pattern("5028140442") == decode_pattern("50281404420")
    assert encode_pattern({40, 0, 80}) == "80000000001"
    with pytest.raises(UnsupportedError, match=r"not symmetric.*r1c2 \(mirror r9c8\)"):
        encode_pattern({1, 40})


@ROUND_TRIP
@given(st.sets(st.integers(0, 40)))
def test_pattern_encode_decode_round_trip(half: set[int]) -> None:
    pattern = frozenset(half | {80 - c for c in half})
    code = encode_pattern(pattern)
    assert len(code) == (11 if 40 in pattern else 10)
    assert decode_pattern(code) == pattern


def test_pattern_code_of_real_symmetric_puzzles() -> None:
    written = 0
    for line in puzzle_lines("easy50_pe96.txt"):
        grid = parse(line)
        if any((80 - c) not in grid.givens for c in grid.givens):
            continue
        text = write_pattern_code(grid)
        record = read_one(text)
        assert record.grid == grid and record.meta["solution"] == solve(grid).to_string()
        written += 1
    assert written == 47


@settings(max_examples=25, deadline=None)
@given(st.lists(st.booleans(), min_size=41, max_size=41))
def test_pattern_code_writer_round_trip(keep: list[bool]) -> None:
    solution = parse(PATTERN_LINE[11:])
    cells = {c for c in range(41) if keep[c]}
    cells |= {80 - c for c in cells}
    puzzle = Grid.from_values([v if c in cells else 0 for c, v in enumerate(solution.values)], CLASSIC)
    assume(is_unique(puzzle))
    record = read_one(write_pattern_code(puzzle))
    assert record.grid == puzzle and record.meta["solution"] == solution.to_string()


# -- detection ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name,expected",
    [
        ("seed000_puzzle.json", "json"),
        ("seed000_partial.json", "partial-json"),
        ("seed000_state.txt", "state"),
        ("seed000_state_hodoku.txt", "state"),
        ("seed000_explainer.txt", "explainer"),
    ],
)
def test_detection_of_seed_fixtures(name: str, expected: str) -> None:
    assert detect(fixture(name)).name == expected
    assert detect(fixture(name), name).name == expected  # the .txt / .json hint does not mislead


def test_detection_leaves_plain_puzzles_to_standard() -> None:
    assert detect(PATTERN_LINE).name == "pattern-code"
    assert detect(SVD_EXTENDED, "30-21-4-28.svd").name == "svd-extended"
    assert detect(write_json_puzzle(parse(SVD_SIMPLE)) + "\n").name == "json"
    lines = puzzle_lines("top95.txt", limit=20)
    assert detect("\n".join(lines)).name == "standard"
    # 81 digits are left to the plain-list readers (standard / sdm): they give the same grid.
    assert detect(SVD_SIMPLE).name in ("sdm", "standard")
    assert detect(SVD_SIMPLE, "task.svd").name in ("sdm", "standard")
    assert read_one(SVD_SIMPLE).grid == read_one(SVD_SIMPLE, "svd").grid
    grid_form = "\n".join(SVD_SIMPLE[i : i + 9] for i in range(0, 81, 9))
    assert detect(grid_form).name == "standard"
    assert not sniff_state("*-----------*\n|1..|...|...|\n|.2.|...|...|\n")  # Simple Sudoku .ss frame


SEED_SNIFFERS = [
    sniff_state,
    sniff_explainer,
    sniff_svd_extended,
    sniff_pattern_code,
    sniff_json_puzzle,
    sniff_partial_json,
]


def test_seed_sniffers_claim_none_of_the_community_files_and_lists() -> None:
    files = [p for p in data_file("formats").rglob("*") if p.is_file() and p.name != "README.md"]
    files += sorted(data_file("puzzles").glob("*.txt"))
    assert len(files) > 30
    for path in files:
        with path.open(encoding="utf-8", errors="replace") as stream:
            sample = stream.read(SAMPLE_SIZE)
        assert [f.__name__ for f in SEED_SNIFFERS if f(sample)] == [], path


# -- CLI ---------------------------------------------------------------------


def test_cli_solves_svd_into_the_extended_answer(tmp_path: Path) -> None:
    task = tmp_path / "30-21-4-28.svd"
    task.write_text(SVD_SIMPLE + "\n")
    result = CliRunner().invoke(main, ["solve", "--from", "svd", "--to", "svd-extended", str(task)])
    assert result.exit_code == 0, result.output
    assert result.stdout == SVD_EXTENDED + "\n"


def test_cli_converts_between_seed_formats(tmp_path: Path) -> None:
    state = tmp_path / "state.txt"
    state.write_text(fixture("seed000_state_hodoku.txt"))
    runner = CliRunner()
    result = runner.invoke(main, ["convert", "--to", "explainer", str(state)])
    assert result.exit_code == 0 and result.stdout == fixture("seed000_explainer.txt")
    patterns = tmp_path / "patterns.txt"
    patterns.write_text(PATTERN_LINE + "\n" + PATTERN_LINE + "\n")
    result = runner.invoke(main, ["convert", "--to", "json", str(patterns)])
    assert result.exit_code == 0
    assert [json.loads(line)["numbers"][0] for line in result.stdout.splitlines()] == [".5.4.....", ".5.4....."]
    result = runner.invoke(main, ["convert", "--to", "pattern-code", str(patterns)])
    assert result.stdout.splitlines() == [PATTERN_LINE, PATTERN_LINE]
