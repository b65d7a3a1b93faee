"""Mosaics that show the picture: the rendered poster, blurred to one value a tile, follows the picture."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageOps

from sudokuprint.layout.page import Page
from sudokuprint.layout.template import load_template
from sudokuprint.publish import load_puzzles
from sudokuprint.publish.mosaic import build_mosaic, generate_mosaic, tiles_matching
from sudokuprint.render.png import render_png
from sudokuprint.solver import count_solutions

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
DPI = 36


def line_drawing() -> Image.Image:
    """A house under the sun, drawn in black lines on white."""
    picture = Image.new("L", (600, 800), 255)
    draw = ImageDraw.Draw(picture)
    width = 14
    draw.polygon([(100, 380), (300, 180), (500, 380)], outline=0, width=width)
    draw.rectangle((130, 380, 470, 700), outline=0, width=width)
    draw.rectangle((260, 520, 340, 700), outline=0, width=width)
    draw.rectangle((170, 430, 240, 500), outline=0, width=width)
    draw.ellipse((440, 40, 560, 160), outline=0, width=width)
    draw.line((40, 760, 560, 760), fill=0, width=width)
    return picture


def rendered_tiles(page: Page) -> list[float]:
    """The mean grey of each puzzle grid as rendered: the poster blurred to tile resolution."""
    image = render_png(page, DPI)
    scale = DPI / 72
    means = []
    for grid in page.grids:
        box = tuple(round(v * scale) for v in (grid.x, grid.y, grid.x + grid.size, grid.y + grid.size))
        crop = image.crop(box)
        means.append(sum(crop.tobytes()) / (crop.width * crop.height))
    return means


def target_tiles(picture: Image.Image, columns: int, rows: int) -> list[float]:
    """The picture (grey, aspect kept, white around it) blurred to one value a tile."""
    grey = ImageOps.pad(ImageOps.autocontrast(picture.convert("L")), (columns * 9, rows * 9),
                        Image.Resampling.BOX, color=255)
    return [float(v) for v in grey.resize((columns, rows), Image.Resampling.BOX).tobytes()]


def correlation(a: list[float], b: list[float]) -> float:
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    covariance = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b))
    spread = (sum((x - mean_a) ** 2 for x in a) * sum((y - mean_b) ** 2 for y in b)) ** 0.5
    return covariance / spread


@pytest.mark.parametrize("kind", ["photo", "line drawing"])
def test_generated_mosaic_correlates_with_the_picture(kind):
    if kind == "photo":
        with Image.open(SAMPLES / "newspaper-photo.jpg") as photo:
            picture = photo.copy()
    else:
        picture = line_drawing()
    template = load_template("mosaic-a2")
    columns, rows = template.grid.columns, template.grid.rows
    tiles = generate_mosaic(picture, columns, rows, seed=1)
    document = build_mosaic(tiles, template)
    assert correlation(rendered_tiles(document.pages[0]), target_tiles(picture, columns, rows)) >= 0.8
    for tile in tiles:  # every tile a unique puzzle, numbered, its answer on the back page
        assert count_solutions(tile.puzzle.grid, 2) == 1
    answers = document.pages[1].grids
    assert [g.number for g in answers] == [t.puzzle.number for t in tiles] == list(range(1, 49))
    assert all(g.role == "answer" and "." not in g.values for g in answers)


def test_mosaic_picked_from_a_puzzle_file_shows_the_picture():
    puzzles = load_puzzles([str(SAMPLES / "top95.txt")], grade=False)
    picture = Image.new("L", (90, 120), 255)
    ImageDraw.Draw(picture).ellipse((15, 20, 75, 100), fill=0)
    template = load_template("mosaic-a2")
    tiles = tiles_matching(puzzles, picture, template.grid.columns, template.grid.rows)
    document = build_mosaic(tiles, template)
    columns, rows = template.grid.columns, template.grid.rows
    assert correlation(rendered_tiles(document.pages[0]), target_tiles(picture, columns, rows)) >= 0.8
