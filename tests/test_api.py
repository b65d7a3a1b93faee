"""The one-call library API: sudokuprint.scan, booklet, answers, worksheet."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

import sudokuprint
from sudokuprint.errors import InvalidGridError, MultipleSolutionsError, NoGridError
from sudokuprint.formats import read_file
from sudokuprint.layout.template import load_template
from conftest import SAMPLES, data_file, puzzle_lines

PHOTO = SAMPLES / "newspaper-photo.jpg"


def dat_puzzle(path: Path) -> str:
    """The puzzle of a Wicht ``.dat`` file (two header lines, then nine rows of digits)."""
    digits = "".join(path.read_text().splitlines()[2:]).split()
    return "".join(digits).replace("0", ".")


PHOTO_PUZZLE = dat_puzzle(SAMPLES / "newspaper-photo.dat")
EASY = data_file("puzzles", "easy50_pe96.txt")


def grid_numbers(document) -> list[tuple[str, int]]:
    return [(g.role, g.number) for page in document.pages for g in page.grids]


def test_base_import_loads_neither_ocr_nor_rendering() -> None:
    code = ("import sys, sudokuprint; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'cv2', 'numpy', 'reportlab', 'PIL'}), "
            "'sudokuprint.ocr' in sys.modules, 'sudokuprint.publish' in sys.modules)")
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[] False False"


def test_scan_a_path_and_a_pil_image_reads_the_sample_photo() -> None:
    by_path = sudokuprint.scan(PHOTO)
    by_image = sudokuprint.scan(Image.open(PHOTO), solver_check=False)
    assert by_path.grid.to_string() == by_image.grid.to_string() == PHOTO_PUZZLE
    assert by_path.solution is not None and by_path.solution.is_complete()


def test_scan_of_a_file_that_is_no_photo_is_a_no_grid_error_naming_it(tmp_path: Path) -> None:
    junk = tmp_path / "notes.jpg"
    junk.write_text("not a photo")
    with pytest.raises(NoGridError, match="notes.jpg"):
        sudokuprint.scan(junk)


def test_booklet_from_a_file_name_writes_the_pdf(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    document = sudokuprint.booklet(str(EASY), template="booklet-a4-6up", output=out, title="Fifty")
    puzzles = [r.grid.to_string() for r in read_file(EASY)]
    assert [n for role, n in grid_numbers(document) if role == "puzzle"] == list(range(1, len(puzzles) + 1))
    pdf = PdfReader(out)
    assert len(pdf.pages) == len(document.pages) == 1 + 9 + 5  # title, 50 puzzles 6 a page, 50 answers 12 a page
    assert "Fifty" in pdf.pages[0].extract_text()


def test_booklet_from_strings_grids_records_and_paths_mixed(tmp_path: Path) -> None:
    lines = puzzle_lines("easy50_pe96.txt", limit=3)
    record = next(read_file(EASY))
    items = [lines[0], sudokuprint.parse(lines[1]), record, Path(EASY)]
    document = sudokuprint.booklet(items, template=load_template("booklet-a4-4up"), answers="none")
    assert [n for _, n in grid_numbers(document)] == list(range(1, 3 + 50 + 1))
    assert all(role == "puzzle" for role, _ in grid_numbers(document))


def test_booklet_as_png_pages(tmp_path: Path) -> None:
    out = tmp_path / "page.png"
    lines = puzzle_lines("easy50_pe96.txt", limit=2)
    document = sudokuprint.booklet("\n".join(lines), output=out, dpi=40, answers="under")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"page-{i}.png" for i in range(1, len(document.pages) + 1)]
    assert Image.open(tmp_path / "page-2.png").size[0] == round(210 / 25.4 * 40)


def test_answers_without_a_booklet_template_have_no_page_references() -> None:
    lines = puzzle_lines("easy50_pe96.txt", limit=14)
    plain = sudokuprint.answers(lines)
    paged = sudokuprint.answers(lines, booklet_template="booklet-a4-6up")
    assert grid_numbers(plain) == [("answer", n) for n in range(1, 15)]
    plain_labels = {t.text for page in plain.pages for t in page.items if getattr(t, "text", None)}
    paged_labels = {t.text for page in paged.pages for t in page.items if getattr(t, "text", None)}
    assert "14" in plain_labels and not any("p." in label for label in plain_labels)
    assert "14 · p. 4" in paged_labels


def test_answers_to_a_booklet_pdf_take_numbers_and_pages_from_its_plan(tmp_path: Path) -> None:
    lines = puzzle_lines("easy50_pe96.txt", limit=14)
    book = tmp_path / "book.pdf"
    sudokuprint.booklet(lines, template="booklet-a4-6up", output=book)

    def labels(document) -> list[str]:
        return [t.text for page in document.pages for t in page.items if " · p. " in getattr(t, "text", "")]

    assert labels(sudokuprint.answers(booklet=book)) == [f"{n} · p. {2 + (n - 1) // 6}" for n in range(1, 15)]
    backwards = sudokuprint.answers(lines[::-1][:3], booklet=book)  # 14, 13, 12: their booklet numbers, not 1-3
    assert labels(backwards) == ["14 · p. 4", "13 · p. 4", "12 · p. 3"]
    with pytest.raises(ValueError, match="booklet or booklet_template"):
        sudokuprint.answers(lines, booklet=book, booklet_template="booklet-a4-6up")


def test_bad_puzzles_raise_the_documented_errors() -> None:
    with pytest.raises(InvalidGridError, match="puzzle 2"):
        sudokuprint.booklet([PHOTO_PUZZLE, "55" + "." * 79])
    with pytest.raises(MultipleSolutionsError, match="puzzle 1"):
        sudokuprint.answers("." * 81)
    with pytest.raises(TypeError, match="puzzle 1"):
        sudokuprint.booklet([42])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="no puzzles"):
        sudokuprint.booklet([])


@pytest.mark.parametrize("size, side", [(9, 9), ("16x16", 16), ("6", 6)])
def test_worksheet_sizes(size, side) -> None:
    document = sudokuprint.worksheet(size, pages=2)
    assert len(document.pages) == 2
    assert {g.side for page in document.pages for g in page.grids} == {side}


def test_worksheet_refuses_an_unknown_size() -> None:
    with pytest.raises(ValueError, match="9x8"):
        sudokuprint.worksheet("9x8")


def _photo_as(kind: str):
    data = PHOTO.read_bytes()
    if kind == "bytes":
        return data
    if kind == "file":
        import io

        return io.BytesIO(data)
    import numpy as np

    return np.asarray(Image.open(PHOTO).convert("RGB"))[:, :, ::-1].copy()  # BGR, as cv2.imread gives


@pytest.mark.parametrize("kind", ["bytes", "file", "numpy"])
def test_scan_takes_bytes_a_binary_file_or_a_numpy_array(kind: str) -> None:
    assert sudokuprint.scan(_photo_as(kind)).grid.to_string() == PHOTO_PUZZLE
