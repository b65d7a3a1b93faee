"""Each OCR stage alone, on real newspaper photos (Wicht & Hennebert, CC-BY-4.0)."""

from __future__ import annotations

import csv

import numpy as np
import pytest
from PIL import Image

from conftest import REPO, SHARED_DATA, data_file, wicht_digits

from sudokuprint.ocr.cells import CELL_PX, extract_digit, read_cells
from sudokuprint.ocr.classifier import default_model, read_digits
from sudokuprint.ocr.detect import find_grid, order_corners
from sudokuprint.ocr.lines import locate_lines
from sudokuprint.ocr.load import MAX_SIDE, load_photo
from sudokuprint.ocr.orientation import best_turn
from sudokuprint.ocr.rectify import rectify
from sudokuprint.ocr.tesseract import INSTALL_HINT, available, read_digits_tesseract
from sudokuprint.errors import NoGridError

WICHT = SHARED_DATA / "wicht" / "train"
# a sample across phones and sizes: small 640x480 shots and large ones; image1049: a grid joined to the
# page frame, its thin lines printed broken
PHOTOS = ["image1", "image125", "image1082", "image206", "image150", "image1049"]


def truth(name: str) -> np.ndarray:
    return np.array(wicht_digits(data_file("wicht", "train", f"{name}.dat")))


def outlines() -> dict[str, np.ndarray]:
    with data_file("wicht", "train", "outlines_raw_frame.csv").open() as stream:
        return {
            row["filepath"][:-4]: np.array([float(row[f"p{i}_{a}"]) for i in range(1, 5) for a in "xy"]).reshape(4, 2)
            for row in csv.DictReader(stream)
        }


def test_load_scales_huge_images_down_and_honours_exif(tmp_path):
    big = Image.new("RGB", (4000, 1000), "white")
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 degrees clockwise to display"
    path = tmp_path / "big.jpg"
    big.save(path, exif=exif)
    photo = load_photo(path)
    assert max(photo.gray.shape) == MAX_SIDE
    assert photo.gray.shape[0] > photo.gray.shape[1]  # turned upright: taller than wide
    assert photo.color.shape[:2] == photo.gray.shape


def test_load_rejects_a_file_that_is_no_image(tmp_path):
    path = tmp_path / "notes.jpg"
    path.write_text("not a photo")
    with pytest.raises(NoGridError) as caught:
        load_photo(path)
    assert caught.value.reason == "unreadable"


def sample_photo_gray() -> np.ndarray:
    return np.asarray(Image.open(REPO / "samples" / "newspaper-photo.jpg").convert("L"))


@pytest.mark.parametrize("levels", [257, 16])  # 16 bits full scale, or 12 bits in a 16-bit file
def test_load_spreads_deep_gray_over_the_8_bit_range(tmp_path, levels):
    gray = sample_photo_gray()
    path = tmp_path / "scan16.tif"
    Image.fromarray(gray.astype(np.uint16) * levels).save(path)
    photo = load_photo(path)
    assert photo.gray.min() == 0 and photo.gray.max() == 255
    assert np.corrcoef(photo.gray.ravel(), gray.ravel())[0, 1] > 0.999


def test_load_puts_transparent_pixels_on_white_paper(tmp_path):
    # ink on a transparent background whose colour is black, as many programs export it
    page = np.asarray(Image.open(REPO / "samples" / "booklet-page.png").convert("L"))
    rgba = np.zeros(page.shape + (4,), np.uint8)
    rgba[..., 3] = 255 - page
    photo = load_photo(Image.fromarray(rgba, "RGBA"))
    assert abs(photo.gray.astype(int) - load_photo(Image.fromarray(page)).gray).max() <= 2


def test_a_dim_photo_finds_the_grid_where_the_well_lit_one_does():
    gray = sample_photo_gray()
    dim = (gray * 0.3 + 20).astype(np.uint8)  # ink and paper a few dozen gray levels apart
    assert np.percentile(dim, 99) - np.percentile(dim, 1) < 40
    lit, found = find_grid(gray), find_grid(dim)
    assert np.abs(found.corners - lit.corners).max() < 4


def test_load_names_an_image_with_too_many_pixels_instead_of_failing(tmp_path, monkeypatch):
    path = tmp_path / "poster.png"
    Image.new("L", (300, 300), 255).save(path)
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 100 * 100 // 2)  # 300 x 300 is over twice the limit
    with pytest.raises(NoGridError) as caught:
        load_photo(path)
    assert caught.value.reason == "too-large" and "poster.png" in str(caught.value)


@pytest.mark.parametrize("name", PHOTOS)
def test_find_grid_matches_the_hand_drawn_outline(name):
    photo = load_photo(data_file("wicht", "train", f"{name}.jpg"))
    found = find_grid(photo.gray).corners
    expected = outlines()[name]
    side = np.linalg.norm(expected[0] - expected[2]) / np.sqrt(2)
    assert np.abs(found - expected).max() < 0.05 * side


def test_a_grid_with_pale_hairline_cell_lines_is_found_in_a_large_photo():
    # Wicht mixed image1045 (720 x 1280): the thin lines are a pale gray, one or two pixels wide, and a
    # digit fills every cell; shrunk to the search's working size the lines fade under the digits
    photo = load_photo(data_file("wicht", "mixed_train", "image1045.jpg"))
    found = find_grid(photo.gray).corners
    # the grid's outer corners, read off the photo
    expected = np.array([[82, 341], [633, 338], [655, 894], [82, 904]], np.float32)
    assert np.abs(found - expected).max() < 0.03 * 560


def test_order_corners_is_clockwise_from_top_left():
    points = np.array([[10, 90], [90, 95], [12, 8], [88, 5]])
    assert order_corners(points).tolist() == [[12, 8], [88, 5], [90, 95], [10, 90]]


def test_no_grid_in_a_page_of_text():
    page = Image.new("L", (800, 600), 235)
    from PIL import ImageDraw

    draw = ImageDraw.Draw(page)
    for line in range(20):
        draw.text((40, 20 + line * 28), "The quick brown fox jumps over the lazy dog " * 2, fill=20)
    with pytest.raises(NoGridError) as caught:
        find_grid(np.asarray(page))
    assert caught.value.reason == "no-grid"


def test_a_grid_too_small_to_read_is_reported_as_such():
    photo = load_photo(data_file("wicht", "train", "image1.jpg"))
    tiny = np.asarray(Image.fromarray(photo.gray).resize((80, 60)))
    with pytest.raises(NoGridError) as caught:
        find_grid(tiny)
    assert caught.value.reason in {"too-small", "no-grid"}


@pytest.mark.parametrize("name", ["image1", "image1082", "image206"])
def test_lines_and_cells_find_exactly_the_printed_givens(name):
    photo = load_photo(data_file("wicht", "train", f"{name}.jpg"))
    flat = rectify(photo.gray, find_grid(photo.gray).corners)
    assert flat.image.shape[0] == flat.image.shape[1] > 9 * flat.cell
    crossings = locate_lines(flat)
    assert crossings.shape == (10, 10, 2)
    # crossings go left to right and top to bottom, a cell apart give or take
    steps = np.diff(crossings[:, :, 0], axis=1)
    assert (steps > 0.7 * flat.cell).all() and (steps < 1.3 * flat.cell).all()
    cells = read_cells(photo.gray, flat, crossings)[0]
    assert [c.is_given for c in cells] == list(truth(name) != 0)


def test_builtin_classifier_reads_the_givens_of_a_photo():
    photo = load_photo(data_file("wicht", "train", "image1082.jpg"))
    flat = rectify(photo.gray, find_grid(photo.gray).corners)
    cells = [c for c in read_cells(photo.gray, flat, locate_lines(flat))[0] if c.is_given]
    probabilities = read_digits([c.digit for c in cells], default_model())
    expected = truth("image1082")
    assert [int(p.argmax()) for p in probabilities] == [int(expected[c.index]) for c in cells]


def test_orientation_finds_the_quarter_turn_of_sideways_digits():
    photo = load_photo(data_file("wicht", "train", "image1.jpg"))
    flat = rectify(photo.gray, find_grid(photo.gray).corners)
    digits = [c.digit for c in read_cells(photo.gray, flat, locate_lines(flat))[0] if c.is_given]
    assert best_turn(digits)[0] == 0
    sideways = [np.rot90(d, 1) for d in digits]
    assert best_turn(sideways)[0] == 3
    upside_down = [np.rot90(d, 2) for d in digits]
    assert best_turn(upside_down)[0] == 2


def test_tesseract_reads_a_strip_of_cells_in_one_call():
    assert available(), INSTALL_HINT  # make test-setup installs Tesseract: its absence fails
    photo = load_photo(data_file("wicht", "train", "image1082.jpg"))
    flat = rectify(photo.gray, find_grid(photo.gray).corners)
    cells = [c for c in read_cells(photo.gray, flat, locate_lines(flat))[0] if c.is_given][:12]
    readings = read_digits_tesseract([c.digit for c in cells])
    expected = truth("image1082")
    right = sum(1 for c, r in zip(cells, readings) if r is not None and r[0] == expected[c.index])
    assert right >= 9


def _printed_cell(digit: str | None, *, line_at: int | None = None, smudge: bool = False) -> np.ndarray:
    """A 40 x 40 cell photo: paper, an optional digit (ink 195 darker than paper), a stray grid line across it,
    or a pale ring-shaped smudge (half as dark as the digits)."""
    from PIL import ImageDraw, ImageFont

    from ocr_training.synthetic import vera

    cell = Image.new("L", (CELL_PX, CELL_PX), 225)
    draw = ImageDraw.Draw(cell)
    if digit:
        draw.text((CELL_PX / 2, CELL_PX / 2), digit, fill=30, font=ImageFont.truetype(str(vera()), 26), anchor="mm")
    if line_at is not None:
        draw.line([(0, line_at), (CELL_PX, line_at)], fill=40, width=2)
    if smudge:
        draw.ellipse([8, 3, 32, 37], outline=130, width=3)
    return np.asarray(cell)


def test_a_grid_line_across_a_cell_is_not_part_of_its_digit():
    clean, clean_box = extract_digit(_printed_cell("7"), 200.0)
    crossed, crossed_box = extract_digit(_printed_cell("7", line_at=27), 200.0)
    assert crossed is not None and crossed_box[2] < 0.6 * CELL_PX
    assert int(read_digits([crossed]).argmax()) == 7 == int(read_digits([clean]).argmax())
    assert extract_digit(_printed_cell(None, line_at=20), 200.0)[0] is None


def test_a_pale_smudge_over_the_cell_is_no_given():
    assert extract_digit(_printed_cell(None, smudge=True), 200.0)[0] is None
    assert extract_digit(_printed_cell("5"), 200.0)[0] is not None
