"""answers: page references come from the booklet template the user names, never from a guess."""

from __future__ import annotations

from pypdf import PdfReader
from click.testing import CliRunner

from conftest import SAMPLES
from sudokuprint.cli import main


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
