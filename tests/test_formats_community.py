"""The community formats on the real files in ../shared/data/formats (see its README.md).

Valid files must read to exactly the puzzles the README names, be detected
as their format without their extension, and hold unique puzzles; the
deliberately malformed files must give a ParseError that names the format,
line, column, text and what was expected.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FORMATS, data_file, puzzle_lines
from sudokuprint import ParseError, is_unique, parse, solve
from sudokuprint.cli import main
from sudokuprint.formats import detect, read_file, read_text
from sudokuprint.formats.hodoku import Candidate, parse_library_line

SUDONKEY = "38561..72.7...28...6...3...6.2........8...5........9.6...9...8...91...5.12..85639"
RAENONX = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"
# SuDonkey's FileFormatManagerTest: the [State] grid and the cells that have pencil marks.
SUDONKEY_STATE = "38561947297...286..64.73...6.2...3.84.8...5.......89.6..69...8...91...5412..85639"
SUDONKEY_MARKED_CELLS = {5, 6, 9, 11, 12, 13, 16, 17, 18, 20, 21, 22, 24, 25, 26, 28, 30, 31, 32, 33, 34, 35, 36, 37, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 50, 52, 54, 55, 56, 58, 59, 60, 62, 63, 64, 67, 68, 69, 71, 74, 75}
SADMAN_HEADERS = {"author": "SadMan Software", "comment": "watch for the naked pair", "description": "Straightforward enough", "date": "2014-02-10", "source": "SadMan Software Sudoku", "url": "http://www.sadmansoftware.com/sudoku/", "level": "Mild", "header_N": "1", "header_H": "30", "header_T": "30"}

# file -> (format detected from the content alone, number of puzzles)
VALID_FILES = {
    "sadman_sdk/sudonkey_reference_minimal_sadman_sudoku.sdk": ("standard", 1),
    "sadman_sdk/sudonkey_reference_headers_and_puzzle_sadman_sudoku.sdk": ("sdk", 1),
    "sadman_sdk/sudonkey_reference_no_pencilmarks_and_colors_sadman_sudoku.sdk": ("sdk", 1),
    "sadman_sdk/sudonkey_reference_complete_sadman_sudoku.sdk": ("sdk", 1),
    "sadman_sdk/sudonkey_reference_sudocue_sudoku.sdk": ("sdk", 1),
    "sadman_sdk/raenonx_puzzle-normal.sdk": ("standard", 1),
    "sadman_sdk/coderdennis_test.sdk": ("standard", 5),
    "sdm/sudocue_snow2005.sdm": ("sdm", 100),
    "sdm/sudocue_superiors.sdm": ("sdm", 160),
    "sdm/sudocue_noponies.sdm": ("sdm", 250),
    "sdm/sudocue_almostdn.sdm": ("sdm", 400),
    "simple_sudoku_ss/sudonkey_reference_simple_sudoku.ss": ("ss", 1),
    "simple_sudoku_ss/raenonx_puzzle-normal.ss": ("ss", 1),
    "simple_sudoku_ss/raenonx_puzzle-filled.ss": ("ss", 1),
    "simple_sudoku_ss/raenonx_puzzle-board.ss": ("ss", 1),
    "opensudoku/gs6-medium.opensudoku": ("opensudoku", 100),
    "opensudoku/rogerm4242_Medium.opensudoku": ("opensudoku", 1067),
    "hodoku/reglib-1.3.txt": ("hodoku", 1112),
    "hodoku/rogerm4242_Medium.txt": ("standard", 1067),
    "hodoku/generator_output_er.txt": ("standard", 442),
    "hodoku/generator_output_xy.txt": ("standard", 78),
    "hodoku/solver_input_test.txt": ("sdm", 2),
    "hodoku/solver_output_test.txt.out.txt": ("hodoku", 2),
    "project_euler_grid/p096_sudoku.txt": ("euler", 50),
}

# malformed file -> (format named, line, column)
MALFORMED_FILES = {
    "sadman_sdk/raenonx_puzzle-extraCol.sdk": ("standard puzzle string", 1, 10),
    "sadman_sdk/raenonx_puzzle-lessCol.sdk": ("standard puzzle string", 1, 9),
    "sadman_sdk/raenonx_puzzle-lessRow.sdk": ("standard puzzle string", 9, 1),
    "simple_sudoku_ss/raenonx_puzzle-extraCol.ss": ("Simple Sudoku .ss", 1, 12),
    "simple_sudoku_ss/raenonx_puzzle-lessCol.ss": ("Simple Sudoku .ss", 1, 11),
    "simple_sudoku_ss/raenonx_puzzle-lessRow.ss": ("Simple Sudoku .ss", 11, 1),
}


def _sample(path: Path) -> str:
    with path.open(encoding="utf-8", newline="") as stream:
        return stream.read(8192) + stream.readline()


def test_the_readme_lists_every_file_and_every_file_is_tested() -> None:
    on_disk = {str(p.relative_to(FORMATS)) for p in FORMATS.rglob("*") if p.is_file() and p.name != "README.md"}
    assert on_disk == set(VALID_FILES) | set(MALFORMED_FILES)
    readme = data_file("formats", "README.md").read_text()
    for name in on_disk:
        assert Path(name).name.split("sudonkey_")[-1] in readme or Path(name).name in readme


@pytest.mark.parametrize("name", sorted(VALID_FILES))
def test_valid_file_is_detected_without_its_extension_and_read_whole(name: str) -> None:
    path = data_file("formats", *name.split("/"))
    detected, count = VALID_FILES[name]
    assert detect(_sample(path)).name == detected
    records = list(read_file(path))
    assert len(records) == count
    assert all(record.grid.is_valid() for record in records)


@pytest.mark.parametrize("name", sorted(n for n in VALID_FILES if "reglib" not in n))
def test_every_puzzle_of_a_valid_file_is_unique(name: str) -> None:
    records = list(read_file(data_file("formats", *name.split("/"))))
    assert all(is_unique(record.grid.puzzle()) for record in records)


@pytest.mark.parametrize("name", sorted(n for n in VALID_FILES if "sudonkey" in n))
def test_all_sudonkey_files_hold_the_same_puzzle(name: str) -> None:
    (record,) = read_file(data_file("formats", *name.split("/")))
    assert record.grid.puzzle().to_string() == SUDONKEY
    assert sorted(record.grid.givens) == [i for i, ch in enumerate(SUDONKEY) if ch != "."]


def test_sadman_headers_state_and_pencil_marks_as_sudonkey_expects() -> None:
    (complete,) = read_file(data_file("formats", "sadman_sdk", "sudonkey_reference_complete_sadman_sudoku.sdk"))
    assert complete.format == "sdk"
    assert dict(complete.meta) == SADMAN_HEADERS
    grid = complete.grid
    assert grid.to_string() == SUDONKEY_STATE
    assert grid.clue_count == 30 and grid.filled_count == 42
    assert {cell for cell in range(81) if grid.candidates[cell]} == SUDONKEY_MARKED_CELLS
    assert grid.cell_candidates(5) == [4, 9] and grid.cell_candidates(30) == [3, 4, 5, 7, 8]
    assert grid.cell_candidates(75) == [4, 7] and grid.cell_candidates(80) == []
    (state_only,) = read_file(data_file("formats", "sadman_sdk", "sudonkey_reference_no_pencilmarks_and_colors_sadman_sudoku.sdk"))
    assert state_only.grid.to_string() == SUDONKEY_STATE and state_only.grid.candidates is None
    (sudocue,) = read_file(data_file("formats", "sadman_sdk", "sudonkey_reference_sudocue_sudoku.sdk"))
    assert sudocue.meta["level"] == "Easy" and sudocue.meta["description"] == "A random puzzle created by SudoCue"


def test_the_bare_sdk_is_read_alike_as_sadman_and_as_a_grid() -> None:
    path = data_file("formats", "sadman_sdk", "sudonkey_reference_minimal_sadman_sudoku.sdk")
    as_sadman = [r.grid for r in read_file(path, "sadman")]
    assert as_sadman == [r.grid for r in read_file(path)] == [parse(SUDONKEY)]


def test_raenonx_files_and_the_filled_grid_is_its_solution() -> None:
    for name in ("sadman_sdk/raenonx_puzzle-normal.sdk", "simple_sudoku_ss/raenonx_puzzle-normal.ss", "simple_sudoku_ss/raenonx_puzzle-board.ss"):
        (record,) = read_file(data_file("formats", *name.split("/")))
        assert record.grid.to_string() == RAENONX
    (filled,) = read_file(data_file("formats", "simple_sudoku_ss", "raenonx_puzzle-filled.ss"))
    assert filled.grid.to_string() == solve(parse(RAENONX)).to_string()


def test_mislabelled_sdk_is_a_list_with_a_prose_header() -> None:
    path = data_file("formats", "sadman_sdk", "coderdennis_test.sdk")
    records = list(read_file(path))
    expected = path.read_text(encoding="utf-8-sig").split()[4:]
    assert [r.grid.to_string(empty="0") for r in records] == expected
    assert [r.line for r in records] == [2, 3, 4, 5, 6]
    assert all(r.format == "standard" and r.meta["header"] == "comment line to ignore" for r in records)


def test_opensudoku_collections_and_their_metadata() -> None:
    gs6 = list(read_file(data_file("formats", "opensudoku", "gs6-medium.opensudoku")))
    assert gs6[0].grid.to_string(empty="0") == "000815230000900008002460510306000100050106020004000603095041800600009000083652000"
    assert dict(gs6[0].meta) == {"title": "medium gs6", "author": "dracul", "created": "2009-09-16", "source": "gnome-sudoku", "level": "medium", "source_url": "http://draculik.eu/opensudoku"}
    assert [r.line for r in gs6[:2]] == [11, 12]
    hodoku_xml = list(read_file(data_file("formats", "opensudoku", "rogerm4242_Medium.opensudoku")))
    generated = list(read_file(data_file("formats", "hodoku", "rogerm4242_Medium.txt")))
    assert [r.grid for r in hodoku_xml] == [r.grid for r in generated]
    assert {r.meta["comment"] for r in generated} == {"#Medium"}
    assert hodoku_xml[-1].meta["author"] == "rogerm4242" and hodoku_xml[-1].meta["level"] == "Medium"


def test_euler_blocks_are_the_pe96_list_with_titles() -> None:
    records = list(read_file(data_file("formats", "project_euler_grid", "p096_sudoku.txt")))
    assert [r.grid.to_string() for r in records] == [parse(line).to_string() for line in puzzle_lines("easy50_pe96.txt")]
    assert [r.meta["title"] for r in records[:2]] == ["Grid 01", "Grid 02"] and records[-1].meta["title"] == "Grid 50"
    assert [r.line for r in records[:2]] == [1, 11]


def test_hodoku_generator_lines_keep_their_tags() -> None:
    records = list(read_file(data_file("formats", "hodoku", "generator_output_er.txt")))
    assert records[0].meta["comment"] == "# x er(1) x"
    assert records[396].meta["comment"] == "# ssts er(1) er(1) ssts"  # the line whose tags count 100 cells
    assert all(r.grid.clue_count >= 17 for r in records)


def test_hodoku_batch_output_steps_solve_the_puzzle() -> None:
    records = list(read_file(data_file("formats", "hodoku", "solver_output_test.txt.out.txt")))
    inputs = list(read_file(data_file("formats", "hodoku", "solver_input_test.txt")))
    assert [r.grid for r in records] == [r.grid for r in inputs]
    assert [(r.meta["id"], r.meta["level"], r.meta["score"]) for r in records] == [("1", "Easy", "196"), ("2", "Easy", "204")]
    for record in records:
        values = list(record.grid.values)
        for step in record.meta["steps"].splitlines():
            row, column, digit = map(int, re.fullmatch(r"[\w ]+: r(\d)c(\d)=(\d)", step).groups())
            values[(row - 1) * 9 + column - 1] = digit
        assert values == list(solve(record.grid).values)


def test_hodoku_library_positions_hold_their_steps() -> None:
    path = data_file("formats", "hodoku", "reglib-1.3.txt")
    records = list(read_file(path))
    assert records[0].meta["technique_name"] == "Full House"
    steps = [parse_library_line(text.rstrip("\r\n"), number) for number, text in enumerate(path.open(encoding="utf-8"), 1) if text.startswith(":")]
    assert [s.grid for s in steps] == [r.grid for r in records]
    for step in steps:
        assert step.grid.is_valid()
        if step.is_fail_case:
            continue
        for candidate in step.eliminations + step.placements:
            assert step.grid.values[candidate.cell] == 0
            assert candidate.digit in step.grid.cell_candidates(candidate.cell), (step.line, str(candidate))
    assert sum(step.is_fail_case for step in steps) >= 3
    assert {s.technique for s in steps} >= {"0000", "0603", "0402"}


def test_hodoku_library_example_from_the_file_header() -> None:
    line = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::"
    step = parse_library_line(line, 7)
    assert (step.technique, step.variant, step.digits) == ("0603", "", (3,))
    assert step.eliminations == (Candidate(3, 5 * 9 + 3), Candidate(3, 5 * 9 + 4))
    assert step.placements == () and step.extra == ""
    assert len(step.deleted) == 18 and step.grid.cell_candidates(1 * 9 + 3) == [4, 7]  # 2457 less r2c4<>2, r2c4<>5
    assert step.grid.values[2] == 8 and 2 not in step.grid.givens and 0 in step.grid.givens


@pytest.mark.parametrize("name", sorted(MALFORMED_FILES))
def test_malformed_file_gives_a_located_parse_error(name: str) -> None:
    path = data_file("formats", *name.split("/"))
    title, line, column = MALFORMED_FILES[name]
    with pytest.raises(ParseError) as caught:
        list(read_file(path))
    error = caught.value
    assert (error.format, error.line, error.column) == (title, line, column)
    assert error.text is not None and error.expected and error.source == str(path)
    lines = path.read_text().splitlines()
    assert error.text == (lines[line - 1].strip() if line <= len(lines) else "")
    assert f"line {line}, column {column}" in str(error)


@pytest.mark.parametrize(
    "text, format, where, found",
    [
        ("<opensudoku>\n  <game data='" + "0" * 81 + "'/>\n  <game data=", "opensudoku", (3, 3), "<game data="),
        ("<opensudoku>\n<game data='" + "0" * 40 + "x" + "0" * 40 + "'/>\n</opensudoku>", "opensudoku", (2, 53), "x"),
        ("[Puzzle]\n" + "\n".join(SUDONKEY[i : i + 9] for i in range(0, 81, 9)) + "\n[State]\n" + "\n".join(("2" + SUDONKEY_STATE[1:])[i : i + 9] for i in range(0, 81, 9)), "sdk", (12, 1), "2"),
        ("[Puzzle]\n" + "\n".join(SUDONKEY[i : i + 9] for i in range(0, 81, 9)) + "\n[PencilMarks]\n1,2,3\n", "sdk", (12, 6), "1,2,3"),
        (":0000:1:" + "." * 81 + ":12:::", "hodoku", (1, 91), "12"),
        (":0000:1:" + "+." + "." * 80 + ":::", "hodoku", (1, 10), "."),
        ("Grid 01\n" + "003020600\n" * 8 + "\nGrid 02\n", "euler", (10, 1), ""),
        ("385|61.|.72\n.7.|..2|8..\n.6.|..3|...\n6.2|...|...\n", "ss", (4, 1), "6.2|...|..."),
    ],
)
def test_errors_of_each_reader_point_at_the_fault(text: str, format: str, where: tuple[int, int], found: str) -> None:
    with pytest.raises(ParseError) as caught:
        list(read_text(text, format))
    error = caught.value
    assert (error.line, error.column, error.text) == (*where, found)
    assert error.expected and error.format


def test_standard_list_rules() -> None:
    puzzle = "67..4..524....1....53.87.91....12.85.2...46..7.5...21..47.3.52.5.62.8.499.....378"
    grid_form = "\n".join(" ".join(puzzle[i : i + 9]) for i in range(0, 81, 9))
    text = "\ufeffCollected puzzles\r\n# a comment\r\n\r\n" + puzzle + " ED=9.1/1.2/2.6\r\n" + puzzle.replace(".", "0") + "#Medium\r\n\r\n" + grid_form + "\n"
    records = list(read_text(text))
    assert [r.grid.to_string() for r in records] == [puzzle] * 3
    assert [r.line for r in records] == [4, 5, 7]
    assert [r.meta.get("comment") for r in records] == ["ED=9.1/1.2/2.6", "#Medium", None]
    assert records[0].meta["header"] == "Collected puzzles"
    with pytest.raises(ParseError) as caught:  # a typo before the first puzzle is not a header
        list(read_text("4..xy" + puzzle[5:]))
    assert (caught.value.line, caught.value.column, caught.value.text) == (1, 4, "x")
    with pytest.raises(ParseError) as caught:  # prose after the first puzzle is an error
        list(read_text(puzzle + "\nmore words here\n"))
    assert caught.value.line == 2
    with pytest.raises(ParseError) as caught:
        list(read_text(grid_form + "\n" + grid_form))
    assert (caught.value.line, caught.value.column) == (10, 1)
    assert [r.grid.side for r in read_text("1..4\n.4..\n..1.\n4..1\n\n" + "." * 256)] == [4, 16]


def test_cli_checks_a_real_sdm_line_by_line() -> None:
    path = data_file("formats", "sdm", "sudocue_snow2005.sdm")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 100 and all(line.startswith("unique") for line in lines)
    assert lines[0].endswith(next(read_file(path)).grid.to_string())


def test_cli_converts_to_sdk_and_back(tmp_path: Path) -> None:
    source = data_file("formats", "simple_sudoku_ss", "sudonkey_reference_simple_sudoku.ss")
    target = tmp_path / "out.sdk"
    result = CliRunner().invoke(main, ["convert", "--to", "sdk", str(source), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text().startswith("[Puzzle]\n38561..72\n")
    assert [r.grid.to_string() for r in read_file(target)] == [SUDONKEY]
    to_sdm = CliRunner().invoke(main, ["convert", "--to", "sdm", str(data_file("formats", "opensudoku", "gs6-medium.opensudoku"))])
    assert to_sdm.exit_code == 0 and to_sdm.output.splitlines()[0] == "000815230000900008002460510306000100050106020004000603095041800600009000083652000"


@pytest.mark.parametrize("name", sorted(MALFORMED_FILES))
def test_cli_malformed_file_exits_2_with_place_and_no_traceback(name: str) -> None:
    result = CliRunner().invoke(main, ["check", str(data_file("formats", *name.split("/")))])
    assert result.exit_code == 2
    assert "line" in result.stderr and "column" in result.stderr and "expected" in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_a_16x16_grid_written_as_16_rows_reads_as_one_puzzle() -> None:
    from sudokuprint import Grid, Shape, solve

    solution = solve(Grid.empty(Shape(4, 4)), require_unique=False)
    puzzle = Grid.from_values([v if i % 3 else 0 for i, v in enumerate(solution.values)], Shape(4, 4))
    rows = "\n".join(puzzle.to_string()[r * 16 : (r + 1) * 16] for r in range(16))
    records = list(read_text(rows + "\n\n" + puzzle.to_string() + "\n"))
    assert [r.grid.values for r in records] == [puzzle.values, puzzle.values]
    assert records[0].line == 1 and records[1].line == 18


def test_consecutive_4x4_lines_stay_a_list_of_4x4_puzzles() -> None:
    lines = ["1.3." + "." * 12, "..2." + "4" + "." * 11, "4..." + "." * 12]
    records = list(read_text("\n".join(lines) + "\n"))
    assert [r.grid.shape.side for r in records] == [4, 4, 4]
    assert [r.line for r in records] == [1, 2, 3]
    sixteen = list(read_text("\n".join(["1234" + "." * 12] * 16) + "\n"))
    assert len(sixteen) == 16 and sixteen[0].grid.side == 4


def test_opensudoku_refuses_entity_declarations_before_expanding_them() -> None:
    laughs = ['<!ENTITY l0 "' + "0" * 81 + '">'] + [
        f'<!ENTITY l{level} "' + f"&l{level - 1};" * 10 + '">' for level in range(1, 10)
    ]
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE opensudoku [\n'
        + "\n".join(laughs)
        + '\n]>\n<opensudoku>\n<name>&l9;</name>\n<game data="&l0;"/>\n</opensudoku>\n'
    )
    with pytest.raises(ParseError) as caught:
        list(read_text(text))
    error = caught.value
    assert error.format == "OpenSudoku XML" and error.line == 3
    assert "declares the entity 'l0'" in str(error)
