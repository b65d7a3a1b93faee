"""answers: page references come from the booklet template the user names, never from a guess."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from click.testing import CliRunner

from conftest import SAMPLES
from sudokuprint.cli import main

pytestmark = pytest.mark.xdist_group("answers")  # one worker makes the module's shared setup once


def _text(path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(str(path)).pages)


def test_answers_give_pages_of_the_named_booklet_and_none_without_one(tmp_path) -> None:
    puzzles = tmp_path / "six.txt"
    puzzles.write_text("".join((SAMPLES / "easy50.txt").read_text().splitlines(keepends=True)[:6]))
    plain, two_up, four_up = tmp_path / "plain.pdf", tmp_path / "two.pdf", tmp_path / "four.pdf"
    assert CliRunner().invoke(main, ["answers", str(puzzles), "-o", str(plain)]).exit_code == 0
    assert " p. " not in _text(plain)
    assert CliRunner().invoke(main, ["answers", str(puzzles), "--booklet-template", "booklet-a4-2up",
                                     "-o", str(two_up)]).exit_code == 0
    text = _text(two_up)
    assert "1 · p. 2" in text and "4 · p. 3" in text and "6 · p. 4" in text  # title page, then 2 a page
    assert CliRunner().invoke(main, ["answers", str(puzzles), "--booklet-template", "booklet-a4-4up",
                                     "-o", str(four_up)]).exit_code == 0
    assert "4 · p. 2" in _text(four_up) and "6 · p. 3" in _text(four_up)


LABEL = re.compile(r"^(\d+) [A-Z][a-z]+ · \d+-\d+-\d-\d+$")  # "7 Hard · 3-12-3-24"


def _blocks(page_text: str) -> dict[int, str]:
    """The puzzles on a booklet page: number -> the digits of its givens (reading order), from the page's text."""
    blocks: dict[int, str] = {}
    number = None
    for line in page_text.splitlines():
        found = LABEL.match(line)
        if found:
            number = int(found.group(1))
            blocks[number] = ""
        elif number is not None and re.fullmatch(r"[1-9]( [1-9])*", line):
            blocks[number] += line.replace(" ", "")
        else:
            number = None  # the running head or folio ends the last grid
    return blocks


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """Thirteen graded puzzles from the generator, as JSON lines."""
    path = tmp_path_factory.mktemp("generated") / "made.jsonl"
    outcome = CliRunner().invoke(main, ["generate", "-n", "13", "--seed", "5", "--format", "jsonl", "-o", str(path)])
    assert outcome.exit_code == 0, outcome.output
    return path


@pytest.mark.parametrize("template, order", [("booklet-a4-1up-large", "input"), ("booklet-a5-2up", "difficulty"),
                                             ("booklet-a4-4up", "difficulty"), ("booklet-letter-6up", "input")])
def test_answers_from_a_booklet_pdf_name_the_pages_its_puzzles_are_really_on(generated: Path, tmp_path: Path,
                                                                              template: str, order: str) -> None:
    book, key = tmp_path / "book.pdf", tmp_path / "key.pdf"
    made = CliRunner().invoke(main, ["booklet", str(generated), "--template", template, "--order", order,
                                     "-o", str(book)])
    assert made.exit_code == 0, made.output
    shuffled = tmp_path / "shuffled.jsonl"  # the answers asked for in another order than the booklet's, and only 9
    lines = generated.read_text().splitlines()
    shuffled.write_text("\n".join(lines[::-1][:9]) + "\n")
    answered = CliRunner().invoke(main, ["answers", str(shuffled), "--booklet", str(book), "-o", str(key)])
    assert answered.exit_code == 0, answered.output
    book_pages = [page.extract_text() for page in PdfReader(str(book)).pages]
    labels = re.findall(r"(\d+) · p\. (\d+)", _text(key))
    assert len(labels) == 9
    for line, (number, page) in zip(shuffled.read_text().splitlines(), labels):
        givens = json.loads(line)["puzzle"].replace(".", "")
        on_page = _blocks(book_pages[int(page) - 1])
        assert on_page.get(int(number)) == givens, (number, page, on_page)  # that number, those givens, that page
        assert all(givens not in _blocks(text).values() for k, text in enumerate(book_pages, 1) if k != int(page))
    alone = CliRunner().invoke(main, ["answers", "--booklet", str(book), "-o", str(tmp_path / "all.pdf")])
    assert alone.exit_code == 0, alone.output
    assert len(re.findall(r"\d+ · p\. \d+", _text(tmp_path / "all.pdf"))) == 13  # the booklet's own puzzles


def test_a_booklet_carries_its_plan_as_an_embedded_file_with_every_puzzle_and_page(generated: Path,
                                                                                   tmp_path: Path) -> None:
    book = tmp_path / "book.pdf"
    assert CliRunner().invoke(main, ["booklet", str(generated), "--template", "booklet-a4-4up", "-o",
                                     str(book)]).exit_code == 0
    plan = json.loads(PdfReader(str(book)).attachments["sudokuprint-plan.json"][0])
    assert plan["kind"] == "sudokuprint-page-plan" and plan["template"] == "booklet-a4-4up" and plan["per_page"] == 4
    assert [(p["number"], p["page"]) for p in plan["puzzles"]] == [(n, 2 + (n - 1) // 4) for n in range(1, 14)]
    assert plan["pages"] == len(PdfReader(str(book)).pages)
    answers_at = plan["answers"]["first_page"]
    assert "Answers" in PdfReader(str(book)).pages[answers_at - 1].extract_text()
    assert {p["answer_page"] for p in plan["puzzles"]} == {answers_at, answers_at + 1}  # 12 a page: 13 take two


def test_answers_refuse_a_file_that_is_not_a_booklet_by_name(generated: Path, tmp_path: Path) -> None:
    key = tmp_path / "key.pdf"
    assert CliRunner().invoke(main, ["answers", str(generated), "-o", str(key)]).exit_code == 0
    for path, reason in ((key, "holds no page plan"), (generated, "neither a PDF nor a PNG"), (tmp_path / "none.pdf", "no such")):
        outcome = CliRunner().invoke(main, ["answers", str(generated), "--booklet", str(path), "-o",
                                            str(tmp_path / "out.pdf")])
        assert outcome.exit_code == 2 and str(path) in outcome.stderr and reason in outcome.stderr, outcome.stderr
        assert "Traceback" not in outcome.output
    assert not (tmp_path / "out.pdf").exists()
    book = tmp_path / "book.pdf"
    first = tmp_path / "first.txt"
    first.write_text(json.loads(generated.read_text().splitlines()[0])["puzzle"] + "\n")
    assert CliRunner().invoke(main, ["booklet", str(first), "-o", str(book)]).exit_code == 0
    stranger = CliRunner().invoke(main, ["answers", str(generated), "--booklet", str(book)])
    assert stranger.exit_code == 2 and "is not in" in stranger.stderr and str(book) in stranger.stderr


def test_a_booklet_of_png_pages_carries_its_plan_in_the_first_page(generated: Path, tmp_path: Path) -> None:
    pages = tmp_path / "book.png"
    made = CliRunner().invoke(main, ["booklet", str(generated), "--template", "booklet-a5-4up", "--dpi", "30",
                                     "-o", str(pages)])
    assert made.exit_code == 0, made.output
    first, second = tmp_path / "book-1.png", tmp_path / "book-2.png"
    pdf_key, png_key = tmp_path / "from-pdf.pdf", tmp_path / "from-png.pdf"
    book = tmp_path / "book.pdf"
    assert CliRunner().invoke(main, ["booklet", str(generated), "--template", "booklet-a5-4up", "-o",
                                     str(book)]).exit_code == 0
    assert CliRunner().invoke(main, ["answers", "--booklet", str(book), "-o", str(pdf_key)]).exit_code == 0
    assert CliRunner().invoke(main, ["answers", "--booklet", str(first), "-o", str(png_key)]).exit_code == 0
    labels = re.findall(r"\d+ · p\. \d+", _text(png_key))
    assert len(labels) == 13 and labels == re.findall(r"\d+ · p\. \d+", _text(pdf_key))  # same plan either way
    refused = CliRunner().invoke(main, ["answers", "--booklet", str(second)])
    assert refused.exit_code == 2 and str(second) in refused.stderr and "only the first page" in refused.stderr
