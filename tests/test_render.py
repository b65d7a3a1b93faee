"""The two backends: PDF structure (pypdf), PNG against the rasterised PDF (pypdfium2), golden images.

Golden images live in tests/data/golden/. Regenerate them only on purpose,
after looking at the new pages: ``cd tests && PYTHONPATH=.. python test_render.py --regenerate``.
"""

from __future__ import annotations

import io
from dataclasses import replace
import sys
from functools import lru_cache
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat
from pypdf import PdfReader

from sudokuprint.layout.page import Document, Line, Page, Rect, Text
from sudokuprint.layout.template import load_template
from sudokuprint.publish import build_answer_key, build_booklet, load_puzzles
from sudokuprint.publish.motif import build_motif_views, load_motifs
from sudokuprint.publish.sheets import build_worksheet, worksheet_template
from sudokuprint.layout.gridview import draw_grid
from sudokuprint.render import png_bytes, render_pdf, render_png
from sudokuprint.render.png import stroke_pixels
from sudokuprint.shape import Shape
from conftest import data_file

GOLDEN = Path(__file__).parent / "data" / "golden"
GOLDEN_DPI = 50


@lru_cache(maxsize=None)
def easy_puzzles(count: int = 12):
    return tuple(load_puzzles([str(data_file("puzzles", "easy50_pe96.txt"))], limit=count))


@lru_cache(maxsize=None)
def booklet() -> Document:
    return build_booklet(list(easy_puzzles()), load_template("booklet-a4-4up"), title="Easy fifty", author="Tests")


def golden_documents() -> dict[str, tuple[Document, int]]:
    """Name → (document, page index) of every golden image."""
    puzzles = list(easy_puzzles())
    key = build_answer_key(puzzles, load_template("answers-a4-12up"), booklet_template=load_template("booklet-a4-4up"))
    motif = build_motif_views(load_motifs(["5028140442"]), load_template("motif-a4"))
    sheet = build_worksheet(worksheet_template(load_template("worksheet-a4"), 6), Shape(3, 2), pencil_guide=True)
    pod = build_booklet(puzzles[:4], load_template("pod-6x9"), title="Pocket")
    return {
        "booklet-a4-4up-p2": (booklet(), 1),
        "answers-a4-12up-p1": (key, 0),
        "motif-a4": (motif, 0),
        "worksheet-6x6-guide": (sheet, 0),
        "pod-6x9-p3": (pod, 2),
    }


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean grey difference, strongly different pixels per thousand) after a slight blur.

    The blur forgives anti-aliasing and sub-pixel placement; a missing or
    misplaced digit or line still differs strongly.
    """
    assert a.size == b.size, (a.size, b.size)
    a, b = (image.convert("L").filter(ImageFilter.GaussianBlur(1.2)) for image in (a, b))
    diff = ImageChops.difference(a, b)
    strong = sum(diff.histogram()[80:]) / (diff.width * diff.height) * 1000
    return ImageStat.Stat(diff).mean[0], strong


def rasterise(pdf: bytes, index: int, dpi: float, size: tuple[int, int]) -> Image.Image:
    page = pypdfium2.PdfDocument(pdf)[index]
    image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    return image.crop((0, 0) + size)


# -- PDF structure -------------------------------------------------------------------


def test_pdf_pages_sizes_metadata_and_embedded_subset_fonts():
    document = booklet()
    reader = PdfReader(io.BytesIO(render_pdf(document)))
    assert len(reader.pages) == len(document.pages) == 1 + 3 + 1  # title, 12 puzzles 4-up, one 12-up key page
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((595.28, 841.89), abs=0.01)
    meta = reader.metadata
    assert (meta.title, meta.author, meta.subject) == ("Easy fifty", "Tests", "12 Sudoku puzzles with answers")
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            names.add(font["/BaseFont"])
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
    assert names and all(n[7] == "+" for n in names), names  # subset prefix ABCDEF+
    assert {n[8:] for n in names} == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}


def test_pdf_is_byte_identical_for_the_same_input():
    first = render_pdf(booklet())
    again = build_booklet(list(easy_puzzles()), load_template("booklet-a4-4up"), title="Easy fifty", author="Tests")
    assert render_pdf(again) == first


def test_print_on_demand_trim_and_bleed_boxes():
    template = load_template("pod-6x9")
    reader = PdfReader(io.BytesIO(render_pdf(build_booklet(list(easy_puzzles()), template))))
    for page in reader.pages:  # nothing bleeds: the page is the trim
        assert [float(v) for v in page.mediabox] == [0, 0, 432, 648]
        assert "/BleedBox" not in page and "/TrimBox" not in page
    bleeding = replace(template, page=replace(template.page, bleeds=True))
    reader = PdfReader(io.BytesIO(render_pdf(build_booklet(list(easy_puzzles()), bleeding, placement="none"))))
    for number, page in enumerate(reader.pages, 1):  # KDP's bleed: top, bottom and outside edge only
        assert [float(v) for v in page.mediabox] == [0, 0, 441, 666]
        assert [float(v) for v in page.bleedbox] == [0, 0, 441, 666]
        assert [float(v) for v in page.trimbox] == ([0, 9, 432, 657] if number % 2 else [9, 9, 441, 657])


def test_pdf_is_greyscale_only():
    pdf = render_pdf(booklet())
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        content = page.get_contents().get_data().decode("latin-1")
        ops = {token for token in content.split() if token.isalpha()}
        assert not ops & {"rg", "RG", "k", "K", "sc", "SC", "scn", "SCN"}, ops


# -- PNG against the PDF ---------------------------------------------------------------


@pytest.mark.parametrize("dpi", [100, 150])
@pytest.mark.parametrize("index", [0, 1, 4])
def test_png_matches_the_rasterised_pdf(dpi, index):
    document = booklet()
    pdf = render_pdf(document)
    png = render_png(document.pages[index], dpi)
    mean, strong = difference(rasterise(pdf, index, dpi, png.size), png)
    assert mean < 8 and strong < 4, (mean, strong)
    # the measure does tell pages apart: another puzzle page differs strongly
    other = render_png(document.pages[2], dpi)
    assert difference(rasterise(pdf, index, dpi, png.size), other)[1] > 10


def test_png_pages_have_the_requested_resolution():
    page = booklet().pages[1]
    image = Image.open(io.BytesIO(png_bytes(page, 300)))
    assert image.size == (round(page.width * 300 / 72), round(page.height * 300 / 72))
    assert image.mode == "L"
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_backends_draw_primitives_alike():
    page = Page(144, 144)
    page.add(Rect(36, 36, 36, 36, fill=0.0), Line(80, 20, 80, 120, 2.0), Rect(10, 10, 124, 124, stroke=0.0, line_width=1),
             Text(110, 60, "7", 30, "bold", "center"))
    pdf = render_pdf(Document([page]))
    png = render_png(page, 144)
    mean, strong = difference(rasterise(pdf, 0, 144, png.size), png)
    assert mean < 4 and strong < 2, (mean, strong)
    assert png.getpixel((round(54 * 2), round(54 * 2))) == 0      # inside the black square
    assert png.getpixel((round(100 * 2), round(100 * 2))) == 255  # blank paper


def dark_runs(image: Image.Image, y: int, x0: int, x1: int) -> list[int]:
    """Widths of the runs of dark pixels along row ``y`` from ``x0`` to ``x1``."""
    runs, width = [], 0
    for x in range(x0, x1):
        if image.getpixel((x, y)) < 128:
            width += 1
        elif width:
            runs.append(width)
            width = 0
    return runs + ([width] if width else [])


@pytest.mark.parametrize("dpi", [50, 60, 72, 96])
@pytest.mark.parametrize("template", ["answers-a4-12up", "catalogue-a4", "booklet-a4-4up"])
def test_box_lines_stay_heavier_than_cell_lines_at_low_resolution(dpi, template):
    style = load_template(template).style
    page = Page(200, 200)
    items, _ = draw_grid(Shape(3, 3), 10.3, 10.3, 171, style)
    page.add(*items)
    image = render_png(page, dpi)
    scale = dpi / 72
    runs = dark_runs(image, round((10.3 + 171 / 18) * scale), 0, image.width)  # across the middle of row 1
    assert len(runs) == 10, runs  # border, 2 cell lines, box line, ... border
    cell = {runs[i] for i in (1, 2, 4, 5, 7, 8)}
    box = {runs[i] for i in (3, 6)}
    assert len(cell) == len(box) == 1, runs  # every line of a kind equally wide
    assert box.pop() > cell.pop() and min(runs[0], runs[-1]) >= runs[3]
    assert stroke_pixels(0.3, 0.0, 0.5) == 1 and stroke_pixels(0.9, 0.3, 1.0) == 2 and stroke_pixels(6, 0.3, 1) == 6


# -- golden images -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["booklet-a4-4up-p2", "answers-a4-12up-p1", "motif-a4", "worksheet-6x6-guide", "pod-6x9-p3"])
def test_png_matches_golden_image(name):
    document, index = golden_documents()[name]
    golden = Image.open(GOLDEN / f"{name}.png")
    image = render_png(document.pages[index], GOLDEN_DPI)
    mean, strong = difference(golden, image)
    assert mean < 2 and strong < 1, (name, mean, strong)


def regenerate() -> None:
    """Write the golden images anew (only on purpose; look at them first)."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (document, index) in golden_documents().items():
        (GOLDEN / f"{name}.png").write_bytes(png_bytes(document.pages[index], GOLDEN_DPI))
        print("wrote", GOLDEN / f"{name}.png")


if __name__ == "__main__" and "--regenerate" in sys.argv:
    regenerate()
