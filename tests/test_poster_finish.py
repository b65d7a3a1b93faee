"""Posters that finish the job: answers of at least 6 pt, a word poster that fills its sheet with its
caption clear of the answers, box lines twice the cell lines and light inside dark motif cells, and a
mosaic that keeps its picture's orientation and stretches a weak photo's contrast."""

from __future__ import annotations

from dataclasses import replace

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw
from pypdf import PdfReader

from sudokuprint.cli import main
from sudokuprint.layout.fonts import text_width
from sudokuprint.layout.geometry import frame
from sudokuprint.layout.gridview import DARK_LINE_GREY, line_widths
from sudokuprint.layout.page import Line, Rect, Text
from sudokuprint.layout.template import load_template, shipped_templates
from sudokuprint.patterns import motif
from sudokuprint.publish.mosaic import tile_levels, tone
from sudokuprint.publish.generated import puzzle_on_pattern
from sudokuprint.publish.poster import build_poster, build_word_poster
from sudokuprint.render import render_png
from sudokuprint.shape import CLASSIC

POSTERS = [name for name in shipped_templates() if name.startswith("poster-")]


def letters(word: str) -> list:
    return [replace(puzzle_on_pattern(motif(c)[1], CLASSIC, seed=1), number=i + 1) for i, c in enumerate(word)]


def upside_down_texts(page) -> list[Text]:
    return [item for item in page.items if isinstance(item, Text) and item.rotation == 180]


@pytest.mark.parametrize("name", POSTERS)
def test_every_poster_prints_its_answer_at_6_pt_or_more(name):
    template = load_template(name)
    single = build_poster(letters("A")[0], template, title="A").pages[0]
    word = build_word_poster(letters("SUDOKUFUN"), "SUDOKUFUN", template).pages[0]
    for page in (single, word):
        digits = upside_down_texts(page)
        assert len(digits) >= 81 and min(d.size for d in digits) >= 6.0, (name, min(d.size for d in digits))


def grid_boxes(page, role):
    return [(g.x, g.y, g.x + g.size, g.y + g.size) for g in page.grids if g.role == role]


def test_a_word_too_long_for_its_sheet_is_refused_naming_a_larger_one():
    result = CliRunner().invoke(main, ["poster", "--text", "SUDOKUPUZZLES", "-o", "/tmp/never.pdf"])
    assert result.exit_code == 2 and "13 letters do not fit on poster-a3" in result.output and "poster-a2" in result.output


@pytest.mark.parametrize("word", ["LOVE", "SUDOKUFUN"])
def test_a_word_poster_fills_the_sheet_and_its_caption_clears_the_answers(word):
    template = load_template("poster-a3")
    document = build_word_poster(letters(word), word, template)
    page = document.pages[0]
    grids = grid_boxes(page, "puzzle") + grid_boxes(page, "answer")
    live = frame(replace(template.page, trim_width=page.width, trim_height=page.height), 0, 1)
    used_w = max(b[2] for b in grids) - min(b[0] for b in grids)
    used_h = max(b[3] for b in grids) - min(b[1] for b in grids)
    assert used_w >= 0.8 * (live[2] - live[0]) or used_h >= 0.7 * (live[3] - live[1]), (used_w, used_h)
    rows = len({round(b[1]) for b in grid_boxes(page, "puzzle")})
    assert rows == (1 if word == "LOVE" else 3) and (page.width > page.height) == (word == "LOVE")
    caption = next(i for i in page.items if isinstance(i, Text) and "upside down" in i.text)
    width = text_width(caption.text, caption.font, caption.size)
    box = (caption.x - width / 2, caption.y - caption.size, caption.x + width / 2, caption.y + caption.size * 0.3)
    for answer in grid_boxes(page, "answer"):
        assert box[1] >= answer[3] or box[3] <= answer[1] or box[0] >= answer[2] or box[2] <= answer[0], \
            (box, answer)


@pytest.mark.parametrize("name", [n for n in shipped_templates() if n.startswith(("poster-", "mosaic-"))])
def test_box_lines_are_at_least_twice_the_cell_lines(name):
    style = load_template(name).style
    for scale in (1.0, 0.2, 0.6):  # the grid, and its answer at the foot
        widths = line_widths(style, scale)
        assert widths.box >= 2 * widths.cell - 1e-9, (name, scale, widths)


def test_box_lines_show_inside_dark_motif_cells():
    template = load_template("poster-a3")
    puzzle = letters("H")[0]
    page = build_poster(puzzle, template, title="H").pages[0]
    light = [i for i in page.items if isinstance(i, Line) and i.grey == DARK_LINE_GREY]
    assert light and {i.width for i in light} == {line_widths(template.style).cell, line_widths(template.style).box}
    grid = next(g for g in page.grids if g.role == "puzzle")
    image = render_png(page, 50)
    scale = 50 / 72
    step = grid.size / 9
    dark_pairs = [(c, c + 1) for c in puzzle.grid.givens if c % 9 in (2, 5) and c + 1 in puzzle.grid.givens]
    assert dark_pairs, "the H's bar crosses a box line"
    for left, _ in dark_pairs:
        row, column = divmod(left, 9)
        x, y = grid.x + (column + 1) * step, grid.y + (row + 0.5) * step
        line_pixel = image.getpixel((round(x * scale), round(y * scale)))
        cell_pixel = image.getpixel((round((x - step * 0.25) * scale), round(y * scale)))
        assert line_pixel > cell_pixel + 60, (line_pixel, cell_pixel)  # the box line shows light on the dark fill


def test_a_mosaic_keeps_a_landscape_picture_landscape(tmp_path):
    picture = Image.new("L", (600, 300), 255)
    ImageDraw.Draw(picture).ellipse((150, 50, 450, 250), fill=0)
    path = tmp_path / "wide.png"
    picture.save(path)
    out = tmp_path / "mosaic.pdf"
    result = CliRunner().invoke(main, ["poster", "--mosaic", "--picture", str(path), "--template", "mosaic-a3",
                                       "--tile-seconds", "0.5", "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = PdfReader(str(out)).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)


def test_a_weak_photo_is_stretched_to_show():
    weak = Image.new("L", (90, 90), 140)
    ImageDraw.Draw(weak).ellipse((20, 20, 70, 70), fill=118)  # a faint disc: 22 grey levels of contrast
    levels = [level for tile in tile_levels(weak, 1, 1) for level in tile]
    assert {tone(level) for level in levels} >= {0, 3}  # the disc is dark and the ground white
    assert min(levels) < 40 and max(levels) > 215
