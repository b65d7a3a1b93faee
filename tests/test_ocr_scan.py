"""The whole photo reader: real photos, rotation, the solver check, synthetic round trips, the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw

from conftest import REPO, data_file, wicht_digits

from sudokuprint.ocr.correct import check_reading
from sudokuprint.ocr.pipeline import scan
from sudokuprint.ocr import tesseract
from ocr_training.synthetic import photograph
from sudokuprint.cli import main
from sudokuprint.errors import MissingDependencyError
from sudokuprint.layout.template import load_template
from sudokuprint.publish import build_booklet, load_puzzles
from sudokuprint.render import render_png

SAMPLE = REPO / "samples" / "newspaper-photo.jpg"


def dat_string(path) -> str:
    return "".join(str(v) if v else "." for v in wicht_digits(path))


def test_the_sample_photo_reads_exactly():
    result = scan(SAMPLE)
    assert result.grid.to_string() == dat_string(SAMPLE.with_suffix(".dat"))
    assert result.check.status == "unique" and result.corrections == ()
    assert result.solution is not None and result.solution.is_valid()
    assert all(0 < cell.confidence <= 1 for cell in result.cells if cell.digit)
    assert set(result.timings) >= {"load", "find_grid", "lines", "cells", "recognise", "total"}


def test_a_photo_with_a_wrong_exif_tag_reads_in_the_grid_orientation():
    # image1040's EXIF tag turns it sideways; the digits say which way is up
    result = scan(data_file("wicht", "train", "image1040.jpg"))
    assert result.quarter_turns != 0
    assert result.grid.to_string() == dat_string(data_file("wicht", "train", "image1040.dat"))


@pytest.mark.parametrize("turn", [Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180])
def test_a_rotated_photo_reads_correctly(turn):
    photo = Image.open(SAMPLE).transpose(turn)
    assert scan(photo).grid.to_string() == dat_string(SAMPLE.with_suffix(".dat"))


def test_solver_check_corrects_a_planted_unsure_misread_and_reports_it():
    result = scan(SAMPLE)
    values = list(result.grid.values)
    cell = next(c.index for c in result.cells if c.digit)
    true_digit = values[cell]
    wrong = 1 if true_digit != 1 else 2
    values[cell] = wrong
    alternatives = {c.index: list(c.alternatives) for c in result.cells if c.digit}
    alternatives[cell] = [(wrong, 0.6), (true_digit, 0.35), (0, 0.05)]
    checked = check_reading(values, alternatives)
    assert checked.status == "unique"
    assert checked.values == result.grid.values
    assert [(c.cell, c.was, c.to) for c in checked.corrections] == [(cell, wrong, true_digit)]


def test_solver_check_never_changes_a_confident_reading():
    result = scan(SAMPLE)
    values = list(result.grid.values)
    cell = next(c.index for c in result.cells if c.digit)
    true_digit = values[cell]
    wrong = 1 if true_digit != 1 else 2
    values[cell] = wrong
    alternatives = {c.index: [(c.digit, 0.999)] for c in result.cells if c.digit}
    alternatives[cell] = [(wrong, 0.99), (true_digit, 0.01)]
    checked = check_reading(values, alternatives)
    assert checked.corrections == ()
    assert checked.values[cell] == wrong
    assert checked.status != "unique"


def printed_page(puzzle):
    """The one page of a large-print booklet that holds ``puzzle``, drawn by sudokuprint's own PNG renderer."""
    document = build_booklet([puzzle], load_template("booklet-a4-1up-large"), placement="none")
    page = next(page for page in document.pages if page.grids)
    return render_png(page, 60)


@pytest.mark.parametrize("number, seed", [(0, 1), (17, 2), (33, 3)])
def test_round_trip_through_a_photo_of_a_printed_page(number, seed):
    puzzle = load_puzzles([str(REPO / "samples" / "easy50.txt")], limit=number + 1, grade=False)[number]
    photo = photograph(printed_page(puzzle), seed=seed, quarter_turns=seed % 4)
    assert scan(photo).grid.to_string() == puzzle.grid.to_string()


def _blank_photo(path):
    page = Image.new("RGB", (640, 480), (230, 228, 220))
    ImageDraw.Draw(page).text((40, 40), "no puzzle on this page", fill=(20, 20, 20))
    page.save(path)


def test_cli_prints_one_line_per_photo_in_order_and_nogrid_with_exit_1(tmp_path):
    blank = tmp_path / "blank.jpg"
    _blank_photo(blank)
    outcome = CliRunner().invoke(main, ["scan", str(SAMPLE), str(blank), str(SAMPLE)])
    assert outcome.exit_code == 1
    expected = dat_string(SAMPLE.with_suffix(".dat"))
    rows = outcome.stdout.splitlines()
    assert rows[0] == rows[2] == f"{expected} # {SAMPLE}"
    assert rows[1].startswith(f"# {blank}: NOGRID (")
    assert "blank.jpg: no grid found" in outcome.stderr


def test_cli_solve_json_overlay_and_debug(tmp_path):
    runner = CliRunner()
    solved = runner.invoke(main, ["scan", "--solve", str(SAMPLE)])
    assert solved.exit_code == 0
    puzzle, solution, hash_mark, name = solved.stdout.split()
    assert (hash_mark, name) == ("#", str(SAMPLE))
    assert puzzle == dat_string(SAMPLE.with_suffix(".dat")) and len(solution) == 81 and "." not in solution

    overlay, debug = tmp_path / "out.jpg", tmp_path / "debug"
    report = runner.invoke(main, ["scan", "--json", "--overlay", str(overlay), "--debug", str(debug), str(SAMPLE)])
    assert report.exit_code == 0
    data = json.loads(report.stdout)
    assert data["puzzle"] == puzzle and data["solution"] == solution and data["status"] == "unique"
    assert len(data["cells"]) == sum(1 for ch in puzzle if ch != ".")
    assert {"cell", "digit", "confidence", "alternatives"} <= set(data["cells"][0])
    assert data["corrections"] == [] and data["timings"]["total"] > 0
    drawn = np.asarray(Image.open(overlay).convert("RGB"), np.int32)
    original = np.asarray(Image.open(SAMPLE).convert("RGB"), np.int32)
    assert drawn.shape == original.shape and np.abs(drawn - original).mean() > 1.0
    assert len(list((debug / SAMPLE.stem).glob("*.png"))) >= 4


def test_cli_to_another_format():
    outcome = CliRunner().invoke(main, ["scan", "--to", "standard", str(SAMPLE)])
    assert outcome.exit_code == 0 and outcome.stdout.strip() == dat_string(SAMPLE.with_suffix(".dat"))


@pytest.fixture
def no_tesseract(monkeypatch):
    """Tesseract's binary is nowhere to be found (pytesseract is there, the program is not)."""
    import pytesseract

    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "/nonexistent/bin/tesseract")
    tesseract.tesseract_version.cache_clear()
    yield
    tesseract.tesseract_version.cache_clear()


def test_without_tesseract_the_builtin_reader_still_works_and_asking_for_it_says_how_to_install(no_tesseract):
    assert not tesseract.available()
    expected = dat_string(SAMPLE.with_suffix(".dat"))
    assert scan(SAMPLE, reader="auto").grid.to_string() == expected
    with pytest.raises(MissingDependencyError, match="apt-get install tesseract-ocr"):
        scan(SAMPLE, reader="tesseract")
    outcome = CliRunner().invoke(main, ["scan", "--readers", "combined", str(SAMPLE)])
    assert outcome.exit_code == MissingDependencyError.exit_code
    assert "Tesseract OCR is not installed" in outcome.stderr and "built-in digit reader" in outcome.stderr
