"""Malformed input in the seed formats: a ParseError naming format, line, column, text and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import SAMPLES, puzzle_lines
from sudokuprint.cli import main
from sudokuprint.errors import ParseError
from sudokuprint.formats import read_text
from sudokuprint.formats.base import Lines
from sudokuprint.formats.standard import read_standard
from sudokuprint.formats.partial_json import parse_partial
from sudokuprint.formats.candidates_grid import parse_state

DATA = Path(__file__).parent / "data"
SVD_SIMPLE = "003456700050080020700123006204060807365897214807010305500642008040070030008531600"
PATTERN_LINE = "5028140442_751482936396571824842693571517824369428936715963715248639157482175248693284369157"


def fixture(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def parse_error(text: str, format: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        list(read_text(text, format))
    return caught.value


def place_of(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """The 1-based (line, column) of the ``occurrence``-th ``needle`` in ``text``."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def assert_error(error: ParseError, format: str, place: tuple[int, int], text: str | None, expected: str) -> None:
    assert error.format == format
    assert (error.line, error.column) == place
    assert error.text == text
    assert expected in error.expected
    message = str(error)
    assert message.startswith(f"{format}: line {place[0]}, column {place[1]}: ")
    assert "expected" in message


# -- §2 JSON puzzle -----------------------------------------------------------


def test_json_bad_digit_is_placed_in_the_file() -> None:
    text = fixture("seed000_puzzle.json").replace('".3...7..."', '".3...X..."')
    error = parse_error(text, "json")
    assert_error(error, "JSON puzzle", place_of(text, "X"), "X", "one of 1-9 or '.'")
    assert "row 3" in error.reason


def test_json_short_row_and_wrong_row_count() -> None:
    text = fixture("seed000_puzzle.json").replace('"1........"', '"1......."')
    line, column = place_of(text, '"1......."')
    assert_error(parse_error(text, "json"), "JSON puzzle", (line, column + 1), "1.......", "9 cells")
    text = '{"numbers": ["1234", "...."]}'
    assert_error(parse_error(text, "json"), "JSON puzzle", (1, 2), '["1234", "...."]', "9 rows")


def test_json_syntax_error_has_line_and_column() -> None:
    good = '{"numbers": [' + ",".join(['"........."'] * 9) + "]}"
    text = good + "\n" + good.replace('",', '"', 1) + "\n"
    error = parse_error(text, "json")
    assert error.line == 2 and error.column == len('{"numbers": [".........') + 2
    assert error.reason.startswith("invalid JSON") and error.expected == "',' delimiter"
    pretty = '{\n  "numbers": [\n    "........."\n    "........."\n  ]\n}'
    error = parse_error(pretty, "json")
    assert (error.line, error.column) == (4, 5) and error.text == '"........."'


def test_json_type_and_box_errors() -> None:
    rows = '"numbers": [' + ",".join(['"........."'] * 9) + "]"
    error = parse_error('{"type": "killer", ' + rows + "}", "json")
    assert_error(error, "JSON puzzle", (1, 2), '"killer"', "'classic'")
    error = parse_error('{"m": 0, ' + rows + "}", "json")
    assert_error(error, "JSON puzzle", (1, 2), "0", "1, 2, 3")
    error = parse_error("[1, 2]", "json")
    assert_error(error, "JSON puzzle", (1, 2), "1", "a JSON object")
    error = parse_error('{"id": "no numbers"}', "json")
    assert_error(error, "JSON puzzle", (1, 1), None, '"numbers"')


# -- §3 state grid ------------------------------------------------------------

STATE = fixture("seed000_state.txt")


def test_state_cell_without_candidates() -> None:
    text = STATE.replace("| 3    1479 479  |", "| 3    0    479  |")
    assert_error(parse_error(text, "state"), "state grid", place_of(text, "0    479"), "0", "one or more of 1-9")


def test_state_digit_out_of_range() -> None:
    text = STATE.replace("1479 479", "14A9 479")
    assert_error(parse_error(text, "state"), "state grid", place_of(text, "A9"), "14A9", "candidates among 1-9")
    with pytest.raises(ParseError, match="candidate 4 is written twice"):
        parse_state(STATE.replace("1479 479", "1449 479"))


def test_state_wrong_number_of_cells() -> None:
    text = STATE.replace("| 7    45   2    |", "| 7    45   2  3 |")
    row = text.splitlines()[5]
    error = parse_error(text, "state")
    assert_error(error, "state grid", (6, row.index("49") + 1), row.strip(), "9 cells")
    assert "a row of 10 cells" in error.reason
    text = STATE.replace("| 9    178  5    |", "| 9    178       |")
    error = parse_error(text, "state")
    assert error.line == 10 and "a row of 8 cells" in error.reason and error.expected == "9 cells, like the first row"


def test_state_truncated_and_unequal_boxes() -> None:
    lines = STATE.splitlines()
    error = parse_error("\n".join(lines[:6]) + "\n", "state")
    assert_error(error, "state grid", (6, 1), None, "9 rows of cells")
    text = STATE.replace("| 6    78   9    | 2    17   5    |", "| 6    78   9      2 |  17   5    |")
    error = parse_error(text, "state")
    assert (error.line, error.column) == (3, 3) and "a box of 4 cells" in error.reason  # the box that holds 4


def test_state_given_that_disagrees_with_the_puzzle() -> None:
    puzzle = parse_state(STATE).puzzle().with_values((6,) + (0,) * 80)
    puzzle = type(puzzle)(puzzle.shape, puzzle.values, frozenset({0}))
    with pytest.raises(ParseError) as caught:
        parse_state(STATE, puzzle)
    assert_error(caught.value, "state grid", (2, 3), "5", "6")
    assert "r1c1 is not the puzzle's given" in caught.value.reason


# -- §4 Sudoku Explainer ------------------------------------------------------

EXPLAINER = fixture("seed000_explainer.txt").strip()


def test_explainer_wrong_character() -> None:
    text = "x" + EXPLAINER[1:]
    assert_error(parse_error(text, "explainer"), "Sudoku Explainer state", (1, 1), "x", "'1' (candidate)")
    text = EXPLAINER[:9] + "2" + EXPLAINER[10:]  # place 1 of r1c2 may only hold '1'
    error = parse_error(text, "explainer")
    assert_error(error, "Sudoku Explainer state", (1, 10), "2", "'1' (candidate) or '.'")
    assert "cell r1c2" in error.reason


def test_explainer_cell_without_candidates_and_wrong_length() -> None:
    text = "." * 9 + EXPLAINER[9:]
    assert_error(parse_error(text, "explainer"), "Sudoku Explainer state", (1, 1), "." * 9, "at least one candidate")
    error = parse_error(EXPLAINER[:-9], "explainer")
    assert_error(error, "Sudoku Explainer state", (1, 1), None, "729 characters")
    error = parse_error(EXPLAINER + "123", "explainer")
    assert_error(error, "Sudoku Explainer state", (1, 730), "123", "the end of the line")


# -- §5 partial-puzzle JSON ---------------------------------------------------

PARTIAL = fixture("seed000_partial.json")


def test_partial_table_that_disagrees_with_the_numbers() -> None:
    text = PARTIAL.replace('"| 568  0    568  |', '"| 568  12   568  |', 1)
    with pytest.raises(ParseError) as caught:
        parse_partial(text)
    line, column = place_of(text, "12   568")
    assert_error(caught.value, "partial-puzzle JSON", (line, column), None, "0 in the table for a filled cell")
    assert 'r1c2 is filled in "beginNumbers"' in caught.value.reason


def test_partial_bad_candidate_and_changed_given() -> None:
    text = PARTIAL.replace("| 4579 157  47   |", "| 4579 157  4X   |")
    with pytest.raises(ParseError) as caught:
        parse_partial(text)
    assert_error(caught.value, "partial-puzzle JSON", place_of(text, "X"), "4X", "or 0 for a filled cell")
    text = PARTIAL.replace('".2.473.9.",\n    "...8..3.6"', '".3.473.9.",\n    "...8..3.6"', 1)
    with pytest.raises(ParseError) as caught:
        parse_partial(text)
    line, column = place_of(text, ".3.473.9.")
    assert_error(caught.value, "partial-puzzle JSON", (line, column + 1), "3", "2")


def test_partial_without_map() -> None:
    error = parse_error('{"beginNumbers": []}', "partial-json")
    assert_error(error, "partial-puzzle JSON", (1, 1), None, '"map"')


# -- §6 SVD -------------------------------------------------------------------


def test_svd_errors() -> None:
    assert_error(parse_error(SVD_SIMPLE[:80], "svd"), "SVD", (1, 80), SVD_SIMPLE[:80], "81 digits (simple SVD)")
    assert_error(parse_error(SVD_SIMPLE[:10] + "x" + SVD_SIMPLE[11:], "svd"), "SVD", (1, 11), "x", "0-9")
    error = parse_error("#task\n" + SVD_SIMPLE, "svd-extended")
    assert_error(error, "SVD extended", (2, 81), SVD_SIMPLE, "162 digits (extended SVD)")
    extended = "".join("0" + ch for ch in SVD_SIMPLE)
    error = parse_error("25" + extended[2:], "svd-extended")
    assert_error(error, "SVD extended", (1, 1), "2", "0 (not locked) or 1")
    error = parse_error(extended[:2] + "10" + extended[4:], "svd")
    assert_error(error, "SVD extended", (1, 3), "10", "a value 1-9 after lock flag 1")
    assert "r1c2 is locked but empty" in error.reason


# -- §7 pattern code ----------------------------------------------------------


def test_pattern_code_errors() -> None:
    error = parse_error("502814044G" + PATTERN_LINE[10:], "pattern-code")
    assert_error(error, "pattern code", (1, 10), "G", "0-9 or A-F")
    error = parse_error(PATTERN_LINE.replace("_", "-"), "pattern-code")
    assert_error(error, "pattern code", (1, 1), PATTERN_LINE.replace("_", "-"), "CODE_SOLUTION")
    error = parse_error("50281404427" + PATTERN_LINE[10:], "pattern-code")
    assert_error(error, "pattern code", (1, 11), "7", "0 (centre empty) or 1")
    error = parse_error("  " + PATTERN_LINE[:20] + "0" + PATTERN_LINE[21:], "pattern-code")
    assert_error(error, "pattern code", (1, 23), "0", "a digit 1-9")
    error = parse_error(PATTERN_LINE[:-1], "pattern-code")
    assert_error(error, "pattern code", (1, 12), PATTERN_LINE[11:-1], "81 digits")
    error = parse_error("502814_" + PATTERN_LINE[11:], "pattern-code")
    assert_error(error, "pattern code", (1, 1), "502814", "10 hex digits")


# -- the CLI reports, never a traceback ---------------------------------------


def test_cli_reports_a_parse_error_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(fixture("seed000_puzzle.json").replace('"1........"', '"1...Z...."'))
    result = CliRunner().invoke(main, ["convert", "--to", "svd-extended", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"{path}, line 5, column 10: 'Z' in row 2" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    "text, reason",
    [
        ('{"m": ' + "1" * 5000 + ', "numbers": []}', "a number too long to read"),
        ('{"numbers": ' + "[" * 30_000 + "]" * 30_000 + "}", "values nested too deeply"),
        ('\n{"map": ' + "[" * 30_000 + "]" * 30_000 + "}", "values nested too deeply"),
    ],
)
def test_json_python_cannot_decode_is_a_parse_error(text: str, reason: str) -> None:
    with pytest.raises(ParseError) as caught:
        list(read_text(text))
    assert reason in caught.value.reason
    assert caught.value.line == text.count("\n") + 1 and caught.value.column == 1


GOOD_JSON = '{"numbers": [' + ",".join(['"........."'] * 9) + "]}"  # 122 characters: 13 + 9 x 11 + 8 commas + 2


@pytest.mark.parametrize(
    "text, place, reason, found, expected",
    [
        # two blank lines, "[", then the objects indented by two spaces: each object starts at column 3
        ("\n\n[\n  " + GOOD_JSON + "\n  " + GOOD_JSON + "\n]\n", (5, 3), "the array of puzzles is not closed",
         '{"numbers": ["......', "',' or ']'"),
        ("\n[\n  " + GOOD_JSON + "\n", (3, 125), "the array of puzzles is not closed", "end of input", "',' or ']'"),
        ("\n\n[\n  " + GOOD_JSON + ',\n  {"m": ' + "1" * 5000 + ', "numbers": []}\n]\n', (5, 3),
         "unreadable JSON: a number too long to read", '{"m": 11111111111111', "a puzzle object of a few short values"),
        ("\n[\n  " + GOOD_JSON + ',\n  {"numbers": ' + "[" * 30_000 + "]" * 30_000 + "}\n]\n", (4, 3),
         "unreadable JSON: values nested too deeply", '{"numbers": [[[[[[[[', "a puzzle object of a few short values"),
    ],
    ids=["comma-missing", "end-of-input", "long-number", "deep"],
)
def test_json_errors_inside_an_array_name_the_object_and_what_was_found(
        text: str, place: tuple[int, int], reason: str, found: str, expected: str) -> None:
    # places counted by hand: the first non-blank line is the document's first line
    with pytest.raises(ParseError) as caught:
        list(read_text(text))
    error = caught.value
    assert (error.format, error.line, error.column, error.reason, error.text, error.expected) == (
        "JSON puzzle", *place, reason, found, expected)
    assert str(error) == f"JSON puzzle: line {place[0]}, column {place[1]}: {reason} (found {found!r}); expected {expected}"


def test_json_arrays_empty_or_after_others_are_read_and_a_value_not_an_object_is_placed() -> None:
    # an empty array, then an array of one object, in a document that starts on the first line
    assert len(list(read_text("[] [\n  " + GOOD_JSON + "\n]\n", "json"))) == 1
    object_expected = "a JSON object {...} or an array of them"
    cases = [("\n5\n", (2, 1), "a JSON int where a puzzle object belongs", "5"),  # a value on its own
             (GOOD_JSON + "\n[1]\n", (2, 2), "a JSON int where a puzzle object belongs", "1")]  # JSONL, second line
    for text, place, reason, found in cases:
        error = parse_error(text, "json")
        assert (error.format, error.line, error.column, error.reason, error.text, error.expected) == (
            "JSON puzzle", *place, reason, found, object_expected)


def test_json_syntax_errors_show_twenty_characters_of_the_line_or_say_what_was_wanted() -> None:
    one_line = '{"numbers": [".........", "........." ".........", "........."]}'
    error = parse_error(one_line, "json")
    # counted by hand: '{"numbers": [' 13, a row 11, ', ' 2, a row 11, ' ' 1: the third row's quote is column 39,
    # and the 20 characters from there are that row, ', ' and 7 of the next
    assert (error.line, error.column, error.expected) == (1, 39, "',' delimiter")
    assert error.text == '".........", "......'
    # a row string broken by the end of its line: a control character inside a string, not an "Expecting ..."
    broken = "\n[\n  " + GOOD_JSON + ',\n  {"numbers": [".........\n]\n'
    error = parse_error(broken, "json")
    assert (error.line, error.column, error.expected) == (4, 26, "well-formed JSON")
    assert error.reason == "invalid JSON: Invalid control character at"


def test_partial_json_places_a_bad_digit_inside_its_map() -> None:
    text = PARTIAL.replace('"..3......",', '"..3...X..",', 1)  # the map's third row, line 8 of the file
    with pytest.raises(ParseError) as caught:
        parse_partial(text)
    assert place_of(text, "X") == (8, 14)
    assert_error(caught.value, "partial-puzzle JSON", (8, 14), "X", "one of 1-9 or '.'")


# -- where a malformed line is wrong (issue 33: the places counted here by hand from the input) ---------------

TOP = puzzle_lines("top95.txt", limit=1)[0]
ROW_OR_PUZZLE = "81 cells on a line (or 16, 36, 64, 144, 256), or a grid of 9 lines of 9 cells"


def _read_error(text: str, format: str | None = None) -> ParseError:
    with pytest.raises(ParseError) as caught:
        list(read_text(text, format=format))
    return caught.value


@pytest.mark.parametrize("bad, column, expected", [
    ("12.45", 6, ROW_OR_PUZZLE),  # 5 cells: just past the last one
    ("1234567890123456789", 17, "16 cells on a line for a whole puzzle"),  # 19 cells, nearest 16: the 17th is extra
    (TOP[:80], 81, "81 cells on a line for a whole puzzle"),  # one cell short: past the 80th
    (TOP + "12", 82, "81 cells on a line for a whole puzzle"),  # two too many: the 82nd is the first extra
    ("  " + TOP[:70] + " and some words", 67, "64 cells on a line for a whole puzzle"),  # 70 cells from column 3
])
def test_a_line_neither_puzzle_nor_row_is_placed_at_its_first_wrong_cell(bad: str, column: int, expected: str) -> None:
    error = _read_error(f"{TOP}\n# a comment\n{bad}\n")
    cells = sum(ch.isdigit() or ch == "." for ch in bad.split(" and")[0])
    assert (error.format, error.line, error.column, error.text) == ("standard puzzle string", 3, column, bad.strip())
    assert error.reason == f"a line of {cells} cells is neither a whole puzzle nor a grid row"
    assert error.expected == expected
    assert f"line 3, column {column}" in str(error)


def test_a_json_syntax_error_names_where_the_decoder_stopped() -> None:
    text = '\n{"numbers": "' + TOP + '", }\n'
    error = _read_error(text, "json")
    column = len('{"numbers": "' + TOP + '", ') + 1  # the stray "}"
    assert (error.format, error.line, error.column, error.text) == ("JSON puzzle", 2, column, "}")
    assert error.reason == "invalid JSON: Expecting property name enclosed in double quotes"
    assert error.expected == "property name enclosed in double quotes"
    cut = _read_error('{"numbers": [[1, 2,', "json")
    assert (cut.line, cut.column, cut.text, cut.expected) == (1, 20, "end of input", "value")


def test_a_json_value_that_is_not_an_object_is_named_with_its_place() -> None:
    error = _read_error("\n\n  [1, 2]\n", "json")
    assert (error.line, error.column, error.text) == (3, 4, "1")  # the 1 inside the array
    assert error.reason == "a JSON int where a puzzle object belongs"
    assert error.expected == "a JSON object {...} or an array of them"
    text_value = _read_error('"' + TOP + '"', "json")
    assert (text_value.line, text_value.column) == (1, 1) and text_value.text == '"' + TOP[:39]
    assert text_value.reason == "a JSON str where a puzzle object belongs"


SMALL = ["1234341221434321", "2143341212434321", "4321214334121234"]  # 4x4 puzzles, digits 1-4 only


def test_sixteen_cell_lines_are_4x4_puzzles_unless_sixteen_make_a_16x16_grid() -> None:
    three = list(read_text("\n".join(SMALL) + "\n"))
    assert [(r.grid.shape.side, r.line, r.grid.to_string()) for r in three] == [(4, n, s) for n, s in enumerate(SMALL, 1)]
    sixteen = (SMALL * 6)[:16]
    fours = list(read_text("\n".join(sixteen) + "\n"))  # no digit above 4: sixteen 4x4 puzzles
    assert [r.grid.shape.side for r in fours] == [4] * 16 and [r.line for r in fours] == list(range(1, 17))
    puzzle = next(line for line in (SAMPLES / "mixed-sizes.txt").read_text().split() if len(line) == 256)
    rows = [puzzle[k : k + 16] for k in range(0, 256, 16)]
    big = list(read_text("\n".join(rows) + "\n"))  # digits above 4: one 16x16 grid from line 1
    assert [(r.grid.shape.side, r.line, r.grid.to_string()) for r in big] == [(16, 1, puzzle)]
    seventeen = _read_error("\n".join(rows + [SMALL[0]]) + "\n")  # 17 lines: 4x4 puzzles, and a 5 is no 4x4 digit
    assert (seventeen.line, seventeen.column, seventeen.text) == (1, rows[0].index("5") + 1, "5")


@pytest.mark.parametrize("after, comment", [(" ED=9.1/1.2/2.6", "ED=9.1/1.2/2.6"), ("  Medium level", "Medium level"),
                                            (" 1/2", "1/2"), (" #Medium", "#Medium")])
def test_text_after_a_puzzle_is_its_comment_when_it_is_prose_or_not_cells(after: str, comment: str) -> None:
    (record,) = read_text(TOP + after + "\n")
    assert (record.grid.to_string(), record.meta["comment"]) == (TOP, comment)


def test_digits_after_a_puzzle_are_cells_too_many() -> None:
    error = _read_error(TOP + " 12\n")
    assert (error.line, error.column, error.expected) == (1, 82, "81 cells on a line for a whole puzzle")


GRID_ROWS = [TOP[k : k + 9] for k in range(0, 81, 9)]


def test_a_grid_of_rows_is_one_puzzle_and_a_wrong_number_of_rows_is_placed() -> None:
    (record,) = read_text("\n".join(GRID_ROWS) + "\n")
    assert (record.line, record.grid.to_string()) == (1, TOP)
    short = _read_error("\n".join(GRID_ROWS[:8]) + "\n\n" + TOP + "\n")  # the blank line where row 9 belongs
    assert (short.line, short.column, short.expected) == (9, 1, "9 rows of 9 cells")
    assert short.reason == "the grid that starts on line 1 has 8 rows of 9 cells: a row is missing"
    for rows in (10, 17):  # the first row too many is named, whatever follows
        long = _read_error("\n".join((GRID_ROWS * 2)[:rows]) + "\n")
        assert (long.line, long.column, long.text) == (10, 1, GRID_ROWS[0])
        assert long.reason == f"the grid that starts on line 1 has {rows} rows of 9 cells"
        assert long.expected == "9 rows, then a blank line before the next grid"


def test_a_16x16_grid_of_rows_after_a_bare_puzzle_line_is_read_as_one_grid() -> None:
    big = next(line for line in (SAMPLES / "mixed-sizes.txt").read_text().split() if len(line) == 256)
    records = list(read_text(TOP + "\n" + "\n".join(big[k : k + 16] for k in range(0, 256, 16)) + "\n"))
    assert [(r.line, r.grid.shape.side, r.grid.to_string()) for r in records] == [(1, 9, TOP), (2, 16, big)]


def test_prose_before_the_first_puzzle_is_its_header_and_prose_after_it_an_error() -> None:
    text = "Puzzles of the week\nfrom the paper\n" + TOP + "\n" + TOP.replace(".", "0") + " #Hard\n"
    records = list(read_text(text))
    header = "Puzzles of the week\nfrom the paper"
    assert [(r.line, r.format, r.grid.to_string(), r.meta) for r in records] == [
        (3, "standard", TOP, {"header": header}), (4, "standard", TOP, {"header": header, "comment": "#Hard"})]
    after = _read_error(TOP + "\nsome words here\n")  # once a puzzle was read, a line of words is no header
    assert (after.line, after.column) == (2, 16)
    (only,) = read_text("#" + TOP + "\n" + TOP + "\n")  # a puzzle after '#' at column 1 is a comment line
    assert (only.line, only.meta) == (2, {})


def test_a_header_goes_with_every_kind_of_puzzle_that_follows_it() -> None:
    big = next(line for line in (SAMPLES / "mixed-sizes.txt").read_text().split() if len(line) == 256)
    big_rows = [big[k : k + 16] for k in range(0, 256, 16)]
    header = {"header": "Puzzles of this week"}  # not 16 letters: those could be a 16-cell row
    cases = [  # (the lines after the header, [(line, side)] of the records read), lines counted from the header's 1
        (big_rows, [(2, 16)]),  # a 16x16 grid of rows
        (SMALL[:2], [(2, 4), (3, 4)]),  # 4x4 puzzles of 16 cells a line
        (SMALL[:1], [(2, 4)]),  # one 4x4 puzzle line alone
        (GRID_ROWS, [(2, 9)]),  # a 9x9 grid of rows
        ([TOP, TOP], [(2, 9), (3, 9)]),  # bare lines
    ]
    for lines, expected in cases:
        records = list(read_standard(Lines.from_text("Puzzles of this week\n" + "\n".join(lines) + "\n")))
        assert [(r.line, r.grid.shape.side) for r in records] == expected, lines[0]
        assert all(r.meta == header for r in records), lines[0]
    bare = list(read_standard(Lines.from_text(TOP + "\n" + TOP + "\n")))  # the fast path names its format
    assert [(r.line, r.format, r.meta) for r in bare] == [(1, "standard", {}), (2, "standard", {})]


def test_a_bad_digit_of_a_small_grid_names_the_standard_format_and_its_place() -> None:
    one = _read_error("Puzzles\n1234.5..........\n")  # a 4x4 puzzle line with a 5: column 6, counted
    assert (one.format, one.line, one.column, one.text) == ("standard puzzle string", 2, 6, "5")
    two = _read_error("Puzzles\n1234............\n12.4.7..........\n")  # two 4x4 lines, the second with a 7
    assert (two.format, two.line, two.column, two.text) == ("standard puzzle string", 3, 6, "7")


@pytest.mark.parametrize("text, place, found", [
    ("   " + TOP[:10] + "%" + TOP[11:] + "  hello world\n", (1, 14), "%"),  # 3 blanks + 10 cells: column 14
    ("\n  " + TOP[:10] + "x" + TOP[11:] + "  # note\n", (2, 13), "x"),  # 2 blanks + 10 cells: column 13
])
def test_a_bad_cell_of_an_indented_puzzle_with_a_comment_is_placed_past_the_indent(text, place, found) -> None:
    error = _read_error(text)
    assert (error.line, error.column, error.text) == (*place, found)
    assert error.expected == "a digit 1-9 or '.' or '0' for an empty cell"


def test_an_indented_puzzle_keeps_its_comment() -> None:
    (record,) = read_text("   " + TOP + "  easy one\n")
    assert (record.line, record.grid.to_string(), record.meta) == (1, TOP, {"comment": "easy one"})
