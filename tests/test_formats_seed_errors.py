"""Malformed input in the seed formats: a ParseError naming format, line, column, text and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokuprint.cli import main
from sudokuprint.errors import ParseError
from sudokuprint.formats import read_text
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
