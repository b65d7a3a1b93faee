"""Layout: lengths, templates (validation with file and field named), page and grid geometry."""

from __future__ import annotations

from pathlib import Path

from dataclasses import replace

import pytest

from sudokuprint.grid import Grid
from sudokuprint.layout.fonts import ink_box
from sudokuprint.layout.geometry import digit_font_size, frame, slots, trim_box
from sudokuprint.layout.gridview import draw_grid
from sudokuprint.layout.page import Line, Rect, Text
from sudokuprint.layout.template import TemplateError, load_template, shipped_templates
from sudokuprint.layout.units import parse_length, paper_size
from sudokuprint.shape import Shape
from conftest import puzzle_lines


def test_lengths_convert_to_points_in_one_place():
    assert parse_length("1in") == 72
    assert parse_length("25.4mm") == pytest.approx(72)
    assert parse_length("0.125in") == 9
    assert parse_length("2.54cm") == pytest.approx(72)
    assert paper_size("A4") == pytest.approx((595.28, 841.89), abs=0.01)
    assert paper_size("letter") == pytest.approx((612, 792))
    for bad in ("12", "12 furlongs", "mm", ""):
        with pytest.raises(ValueError):
            parse_length(bad)


def test_every_shipped_template_loads_with_sane_typography():
    names = shipped_templates()
    for wanted in ("booklet-a4-1up-large", "booklet-letter-2up", "booklet-a5-4up", "booklet-a4-6up",
                   "pod-6x9", "pod-8.5x11", "answers-a4-6up", "answers-a4-9up", "answers-a4-12up",
                   "worksheet-a4", "candidates-a4", "motif-a4", "catalogue-a4", "poster-a3", "poster-a2",
                   "mosaic-a2", "svd-answers-a4"):
        assert wanted in names
    for name in names:
        template = load_template(name)
        style = template.style
        assert style.cell_line >= 0.25
        assert 2 <= style.box_line / style.cell_line <= 4, name
        assert style.border_line >= style.box_line


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_large_print_digits_are_at_least_24_pt(paper):
    template = load_template(f"booklet-{paper}-1up-large")
    slot = slots(template, frame(template.page, 0, 1), 9)[0]
    assert digit_font_size(slot.size / 9, template.style) >= 24


def test_print_on_demand_bleed_mirrored_margins_and_growing_gutter():
    template = load_template("pod-6x9")
    page = template.page
    assert (page.trim_width, page.trim_height, page.bleed) == (432, 648, 9)
    assert (page.width, page.height) == (432, 648)          # nothing on a puzzle page bleeds: no bleed
    bleeding = replace(page, bleeds=True)                    # KDP: + 0.125 in at top, bottom, outside only
    assert (bleeding.width, bleeding.height) == (441, 666)
    assert trim_box(bleeding, 0) == (0, 9, 432, 657)         # a recto's outside edge is on the right
    assert trim_box(bleeding, 1) == (9, 9, 441, 657)         # a verso's on the left
    recto, verso = frame(page, 0, 100), frame(page, 1, 100)
    inside = page.margin_inside
    assert recto[0] == pytest.approx(inside)                 # inside margin on the left of a recto
    assert verso[2] == pytest.approx(432 - inside)           # ... and on the right of a verso
    assert recto[2] - recto[0] == pytest.approx(verso[2] - verso[0])
    thick = frame(page, 0, 320)
    assert thick[0] - recto[0] == pytest.approx(0.25 * 72)  # 301+ pages: 0.25 in more gutter


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "text, message",
    [
        ('[grid]\ncolums = 2\n', "bad.toml: grid.colums: unknown field"),
        ('[grid]\ncolumns = "two"\n', "bad.toml: grid.columns: expected a whole number"),
        ('[page]\nmargin_top = "12"\n', "bad.toml: page.margin_top: '12' is not a length"),
        ('[page]\nsize = "B7"\n', "bad.toml: page.size: unknown paper size"),
        ('[style]\ncell_line = "0.1pt"\n', "bad.toml: style.cell_line: '0.1pt' is less than"),
        ('[style]\ncell_line = "0.5pt"\nbox_line = "3pt"\n', "bad.toml: style.box_line: box lines must be 2 to 4 times"),
        ('[grid]\ncolumns = 12\nrows = 12\n', "bad.toml: grid: 12 x 12 grids do not fit"),
        ('[grid]\ncolumns = 2\n[style]\nmin_digit_size = "24pt"\n', "bad.toml: style.min_digit_size: digits would be"),
        ('[answers]\nplacement = "middle"\n', "bad.toml: answers.placement: expected one of end, under, none"),
        ('[answers]\ntemplate = "no-such"\n', "bad.toml: answers.template: 'no-such' is neither a shipped template"),
        ('[paper]\nsize = "A4"\n', "bad.toml: unknown section or key 'paper'"),
        ('[grid\n', "bad.toml: not valid TOML"),
        ('[page]\ngutter_steps = [[2, "190mm"]]\n', "bad.toml: page: the margins and the 190 mm gutter of 2+ pages"),
    ],
)
def test_template_errors_name_file_and_field(tmp_path, text, message):
    path = _write(tmp_path, "bad.toml", text)
    with pytest.raises(TemplateError) as caught:
        load_template(path)
    assert message in str(caught.value)
    assert caught.value.exit_code == 2


def test_a_binary_template_file_is_named_not_a_traceback(tmp_path):
    path = tmp_path / "photo.toml"
    path.write_bytes(b"\xff\xd8\xff\xe0 not text")
    with pytest.raises(TemplateError, match=r"photo.toml: not a TOML text file \(byte 1 is not UTF-8\)"):
        load_template(str(path))


def test_user_template_extends_a_shipped_one_and_its_siblings(tmp_path):
    _write(tmp_path, "mine-base.toml", 'extends = "booklet-a4-4up"\n[grid]\ncolumns = 1\n')
    path = _write(tmp_path, "mine.toml", 'extends = "mine-base"\n[page]\nsize = "A5"\n')
    template = load_template(path)
    assert template.grid.columns == 1 and template.grid.rows == 2
    assert template.page.trim_width == pytest.approx(paper_size("A5")[0])
    assert template.furniture.title_page  # inherited from base-booklet
    loop = _write(tmp_path, "loop.toml", 'extends = "loop"\n')
    with pytest.raises(TemplateError, match="loop"):
        load_template(loop)
    with pytest.raises(TemplateError, match="unknown template 'no-such'"):
        load_template("no-such")


@pytest.mark.parametrize("shape", [Shape(2, 2), Shape(3, 2), Shape(3, 3), Shape(4, 4), Shape(2, 3)])
def test_box_lines_fall_between_boxes_of_any_shape(shape):
    style = load_template("worksheet-a4").style
    items, _ = draw_grid(shape, 0, 0, 180, style)
    step = 180 / shape.side
    lines = [i for i in items if isinstance(i, Line)]
    assert len(lines) == 2 * (shape.side - 1)
    thick_columns = sorted(round(l.x1 / step) for l in lines if l.x1 == l.x2 and l.width == style.box_line)
    thick_rows = sorted(round(l.y1 / step) for l in lines if l.y1 == l.y2 and l.width == style.box_line)
    assert thick_columns == list(range(shape.box_width, shape.side, shape.box_width))
    assert thick_rows == list(range(shape.box_height, shape.side, shape.box_height))
    border = [i for i in items if isinstance(i, Rect)]
    assert border[0].line_width == style.border_line
    assert min(l.width for l in lines) >= 0.25


def test_digits_are_half_the_cell_and_optically_centred():
    style = load_template("booklet-a4-4up").style
    line = puzzle_lines("easy50_pe96.txt", limit=1)[0]
    grid = Grid.from_string(line)
    items, placement = draw_grid(grid.shape, 50, 80, 216, style, grid=grid)
    texts = [i for i in items if isinstance(i, Text)]
    assert len(texts) == grid.clue_count
    step = 216 / 9
    for text in texts:
        left, top, right, bottom = ink_box(text.text, text.font)
        ink_centre_x = text.x + (left + right) / 2 * text.size
        ink_centre_y = text.y + (top + bottom) / 2 * text.size
        column, row = int((ink_centre_x - 50) // step), int((ink_centre_y - 80) // step)
        assert line[row * 9 + column] == text.text
        assert ink_centre_x == pytest.approx(50 + (column + 0.5) * step, abs=0.01)
        assert ink_centre_y == pytest.approx(80 + (row + 0.5) * step, abs=0.01)
        assert (bottom - top) * text.size == pytest.approx(step * style.digit_ratio, rel=0.05)
    assert placement.values == line


def test_thumbnail_lines_never_thinner_than_a_quarter_point():
    style = load_template("booklet-a4-4up").style
    items, _ = draw_grid(Shape(3, 3), 0, 0, 30, style, line_scale=0.1)
    widths = [i.width for i in items if isinstance(i, Line)] + [i.line_width for i in items if isinstance(i, Rect)]
    assert min(widths) >= 0.25
    thin, thick = min(widths), max(i.width for i in items if isinstance(i, Line))
    assert 2 <= thick / thin <= 4
