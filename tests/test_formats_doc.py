"""docs/formats.md: its test vectors read as it says, and the code cites its sections."""

from __future__ import annotations

import json
import re

import pytest

from conftest import REPO
from sudokuprint import count_solutions, solve
from sudokuprint.formats import read_text
from sudokuprint.formats.partial_json import parse_partial

DOC = REPO.joinpath("docs/formats.md")
DATA = REPO / "tests" / "data"


def vectors() -> dict[int, list[str]]:
    """Section number -> the text of each ```vector block in it."""
    found: dict[int, list[str]] = {}
    for section in re.split(r"^## ", DOC.read_text(encoding="utf-8"), flags=re.M)[1:]:
        number = int(section.split(".", 1)[0])
        found[number] = re.findall(r"^```vector\n(.*?)^```", section, flags=re.M | re.S)
    return found


VECTORS = vectors()


def records(text: str, format: str | None = None):
    return list(read_text(text, format))


def assert_one_solution(grid) -> None:
    assert count_solutions(grid, limit=2) == 1, grid.to_string()


def test_sections_one_to_nine_in_order() -> None:
    assert sorted(VECTORS) == list(range(1, 10))


def test_1_both_spellings_are_one_puzzle_and_other_sides_read() -> None:
    first, second = VECTORS[1]
    one, two = records(first)
    assert one.grid.values == two.grid.values and one.grid.clue_count == 39
    assert_one_solution(one.grid)
    small, large = records(second)
    assert (small.grid.side, small.grid.to_string()) == (4, "...31...4......1")
    assert large.grid.side == 16 and large.grid.shape.box_width == 4
    for record in (small, large):
        assert_one_solution(record.grid)


def test_2_the_json_puzzle() -> None:
    (text,) = VECTORS[2]
    (record,) = records(text)
    assert record.format == "json" and record.meta["id"] == "doc-2"
    assert record.grid.to_string() == "......16.1.........3...7.....1..4..9..5...61..67.312...2........53.2.7.44..5..9.."
    assert_one_solution(record.grid)


def test_3_and_4_the_state_grid_and_its_explainer_line() -> None:
    (text,) = VECTORS[3]
    (record,) = records(text)
    grid = record.grid
    assert grid.to_string() == "52.3....66.92.53..134.6.25.7.2183.6.8.6...1233916.2..89.5.2.63.2..9.64.546...1.92"
    assert grid.givens == frozenset() and grid.cell_candidates(2) == [7, 8]
    (explainer,) = records((DATA / "seed000_explainer.txt").read_text())
    assert explainer.format == "explainer" and explainer.grid == grid


def test_5_the_partial_puzzle_example() -> None:
    text = (DATA / "seed000_partial.json").read_text()
    step = parse_partial(text)
    document = json.loads(text)
    assert step.puzzle.to_string().replace(".", "") == "".join(document["map"]["numbers"]).replace(".", "")
    assert list(step.given_hints) == document["givenHints"]


def test_6_the_extended_line_is_the_answer_of_the_simple_one_locked_at_its_givens() -> None:
    (simple,), (extended,) = records(VECTORS[6][0], "svd"), records(VECTORS[6][1])
    assert simple.format == "svd" and extended.format == "svd-extended"
    assert_one_solution(simple.grid)
    assert extended.grid.values == solve(simple.grid).values
    assert extended.grid.givens == simple.grid.givens


def test_7_the_pattern_code_decodes_to_its_puzzle() -> None:
    (text,) = VECTORS[7]
    (record,) = records(text)
    assert record.grid.puzzle().to_string() == (
        ".5.4......9.5......4.6.......7...3....8...7....3...2.......7.8......8.9......9.5.")
    assert record.grid.puzzle().clue_count == 18
    assert_one_solution(record.grid.puzzle())


@pytest.mark.parametrize("path", sorted(p for folder in ("sudokuprint", "ocr", "tests")
                                        for p in (REPO / folder).rglob("*.py")), ids=lambda p: p.name)
def test_code_cites_sections_of_the_doc_in_the_repository(path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"(?<!docs/)formats\.md", text), f"{path}: cite docs/formats.md"
    for number in re.findall(r"docs/formats\.md §(\d+)", text):
        assert int(number) in VECTORS
