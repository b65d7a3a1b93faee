"""Framed posters: sizes, crop marks, the answer upside down, words as rows of puzzles, pictures to patterns."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw
from pypdf import PdfReader

from sudokuprint.cli import main
from sudokuprint.layout.page import Document, Line, Page, Text
from sudokuprint.layout.template import load_template
from sudokuprint.patterns import library_motif, motif
from sudokuprint.patterns.picture import read_image
from sudokuprint.publish.marks import CROP_SLUG
from sudokuprint.publish.generated import puzzle_on_pattern
from sudokuprint.publish.poster import build_poster
from sudokuprint.render import render_pdf
from sudokuprint.render.png import render_png
from sudokuprint.shape import CLASSIC
from sudokuprint.solver import count_solutions

MM = 72 / 25.4
SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def run(args):
    return CliRunner().invoke(main, args, catch_exceptions=False)


@pytest.mark.parametrize("name, millimetres", [("a3", (297, 420)), ("a2", (420, 594)), ("a1", (594, 841)),
                                               ("us-18x24", (457.2, 609.6)), ("us-24x36", (609.6, 914.4))])
def test_poster_sizes_and_crop_marks(name, millimetres):
    puzzle = puzzle_on_pattern(motif("heart")[1], CLASSIC, seed=1, source="heart")
    plain = build_poster(puzzle, load_template(f"poster-{name}"), title="Heart")
    page = plain.pages[0]
    assert (page.width / MM, page.height / MM) == pytest.approx(millimetres, abs=0.1)
    marked = build_poster(puzzle, load_template(f"poster-{name}"), title="Heart", crop_marks=True).pages[0]
    assert marked.width == pytest.approx(page.width + 2 * CROP_SLUG)
    assert marked.trim_box == pytest.approx((CROP_SLUG, CROP_SLUG, CROP_SLUG + page.width, CROP_SLUG + page.height))
    left, top, right, bottom = marked.trim_box
    marks = [i for i in marked.items if isinstance(i, Line) and (min(i.x1, i.x2) < left or max(i.x1, i.x2) > right
                                                                   or min(i.y1, i.y2) < top or max(i.y1, i.y2) > bottom)]
    assert len(marks) == 8  # two hairlines at each corner, all outside the trim
    # the drawing moved with the page: the big grid keeps its place on the trimmed sheet
    assert marked.grids[0].x == pytest.approx(page.grids[0].x + CROP_SLUG)
    pdf = PdfReader(io.BytesIO(render_pdf(build_poster(puzzle, load_template(f"poster-{name}"),
                                                                       crop_marks=True))))
    assert float(pdf.pages[0].trimbox.width) == pytest.approx(page.width, abs=0.01)


def test_the_answer_is_upside_down_in_both_backends():
    page = Page(100, 60)
    page.add(Text(50, 30, "7", 30, "bold", "left", 0.0, rotation=180))
    image = render_png(page, dpi=144)
    box = image.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None and box[2] <= 101 and box[1] <= 61  # ink left of and above the anchor (100, 60 px)
    upright = Page(100, 60)
    upright.add(Text(50, 30, "7", 30, "bold"))
    other = render_png(upright, dpi=144).point(lambda v: 255 if v < 128 else 0).getbbox()
    assert other[0] >= 99 and other[3] <= 61  # upright ink right of and above the baseline
    pdf = PdfReader(io.BytesIO(render_pdf(Document([page])))).pages[0]
    assert "7" in pdf.extract_text(orientations=(180,)) and "7" not in pdf.extract_text(orientations=(0,))


def test_cli_word_poster_one_unique_puzzle_a_letter(tmp_path):
    out = tmp_path / "love.pdf"
    result = run(["poster", "--text", "Love", "-o", str(out), "--seed", "3"])
    assert result.exit_code == 0, result.output
    page = PdfReader(str(out)).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # a row of puzzles: landscape
    assert "LOVE" in page.extract_text()
    refused = CliRunner().invoke(main, ["poster", "--text", "ÄÖ", "-o", str(out)])
    assert refused.exit_code == 2 and "no library motif" in refused.output


def test_word_poster_grids_draw_the_letters():
    from sudokuprint.publish.poster import build_word_poster

    puzzles = [puzzle_on_pattern(motif(c)[1], CLASSIC, seed=1) for c in "HI"]
    document = build_word_poster(puzzles, "HI", load_template("poster-a3"))
    big = [g for g in document.pages[0].grids if g.role == "puzzle"]
    for grid, char, puzzle in zip(big, "HI", puzzles):
        drawn = {c for c, v in enumerate(grid.values) if v != "."}
        assert drawn == library_motif(char).givens and count_solutions(puzzle.grid, 2) == 1


def mid_tone_picture(path):
    picture = Image.new("RGB", (400, 300), (235, 225, 215))  # a light photo-like ground, no pure white
    ImageDraw.Draw(picture).ellipse((100, 50, 300, 250), fill=(150, 140, 130))  # a mid-grey disc, no black
    picture.save(path)
    return path


def test_any_picture_is_thresholded_to_the_grid(tmp_path):
    path = mid_tone_picture(tmp_path / "disc.jpg")
    cells = read_image(path)
    centre = {r * 9 + c for r in range(3, 6) for c in range(3, 6)}
    assert centre <= cells and not cells & {0, 8, 72, 80}
    assert read_image(path, threshold=30) == frozenset()


def test_cli_pattern_image_previews_what_the_grid_shows(tmp_path):
    path = mid_tone_picture(tmp_path / "disc.png")
    preview = tmp_path / "preview.png"
    result = CliRunner().invoke(main, ["pattern", str(path), "--check", "--preview", str(preview)])
    assert "givens on 9x9" in result.output and preview.exists()
    picture = result.output.splitlines()[:9]
    assert picture[4].count("#") >= 5 and picture[0].count("#") <= 3
    with Image.open(preview) as image:
        assert image.size[0] > 500
    none = CliRunner().invoke(main, ["pattern", str(path), "--check", "--threshold", "0"])
    assert none.exit_code == 1 and "0 givens on 9x9" in none.output  # nothing is darker than black


def test_cli_mosaic_picked_from_a_file_with_crop_marks(tmp_path):
    out = tmp_path / "mosaic.pdf"
    top95 = str(SAMPLES / "top95.txt")
    assert run(["poster", "--mosaic", "--picture", "heart", top95, "--crop-marks", "-o", str(out)]).exit_code == 0
    pages = PdfReader(str(out)).pages
    assert len(pages) == 2  # the puzzles, then their answers
    assert float(pages[0].mediabox.width) == pytest.approx(420 * MM + 2 * CROP_SLUG, abs=0.01)
    assert float(pages[0].trimbox.width) == pytest.approx(420 * MM, abs=0.01)
