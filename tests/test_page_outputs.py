"""The page-output seam: pdf and png are registered outputs, and an output of one's own is one registration away
from every command, the library and the file-name guess."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Callable, Iterator

import pypdf
import pytest
from click.testing import CliRunner

import sudokuprint
from conftest import SAMPLES
from sudokuprint.cli import main
from sudokuprint.errors import UnknownPluginError
from sudokuprint.layout.page import Document, Text
from sudokuprint.render import PageOutput, page_file_names, page_output, page_output_for, register_page_output
from sudokuprint.render.page_outputs import PAGE_OUTPUTS


def words_files(document: Document, *, dpi: float, on_page: Callable[[], None] | None) -> Iterator[bytes]:
    """A page output of one's own: a text file a page, the page's words a line each."""
    for page in document.pages:
        yield "".join(item.text + "\n" for item in page.items if isinstance(item, Text)).encode("utf-8")
        if on_page is not None:
            on_page()


WORDS = PageOutput("words", ".words", words_files, one_file=False, summary="the words of each page")


@pytest.fixture
def words():
    register_page_output(WORDS)
    yield WORDS
    PAGE_OUTPUTS.unregister("words")


def test_the_built_in_outputs_are_found_by_name_and_by_the_file_name() -> None:
    assert page_output_for("book.pdf").name == "pdf" and page_output_for("BOOK.PNG").name == "png"
    assert page_output_for("book").name == "pdf" and page_output_for("-").name == "pdf"
    assert page_output_for("book.png", "pdf").name == "pdf"
    assert page_file_names("book.png", 3, page_output("png")) == ["book-1.png", "book-2.png", "book-3.png"]
    assert page_file_names("book", 2, page_output("png")) == ["book-1.png", "book-2.png"]
    assert page_file_names("book.pdf", 9, page_output("pdf")) == ["book.pdf"]
    with pytest.raises(UnknownPluginError, match="unknown page output 'svgz': choose one of pdf, png"):
        page_output("svgz")


def test_an_output_registered_in_one_place_reaches_the_commands_by_suffix_and_by_name(words, tmp_path: Path) -> None:
    """The words output, registered here alone, is what ``-o book.words`` and ``--format words`` write: a file a page
    whose lines are the texts the PDF of the same booklet shows on that page (read back from the PDF by pypdf)."""
    book = ["booklet", str(SAMPLES / "easy50.txt"), "--template", "booklet-a4-6up", "--title", "Fifty Classics"]
    runner = CliRunner()
    assert runner.invoke(main, [*book, "-o", str(tmp_path / "book.pdf")]).exit_code == 0
    pdf = pypdf.PdfReader(tmp_path / "book.pdf")
    written = runner.invoke(main, [*book, "-o", str(tmp_path / "book.words")])
    assert written.exit_code == 0, written.output
    pages = sorted(tmp_path.glob("book-*.words"), key=lambda path: int(path.stem.split("-")[1]))
    assert [path.name for path in pages] == [f"book-{n}.words" for n in range(1, len(pdf.pages) + 1)]
    for path, pdf_page in zip(pages, pdf.pages):
        shown = pdf_page.extract_text()
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines and all(line in shown for line in lines), path.name
    assert pages[0].read_text(encoding="utf-8").splitlines()[0] == "Fifty Classics"
    named = runner.invoke(main, ["answers", str(SAMPLES / "easy50.txt"), "--format", "words", "-o",
                                 str(tmp_path / "key.out")])
    assert named.exit_code == 0, named.output
    assert "Sudoku answers" in (tmp_path / "key.out-1.words").read_text(encoding="utf-8").splitlines()
    assert "[pdf|png|words]" in runner.invoke(main, ["worksheet", "--help"], terminal_width=200).output


def test_an_output_of_ones_own_reaches_the_library_and_the_pattern_preview(words, tmp_path: Path) -> None:
    sudokuprint.worksheet("9x9", pages=2, output=tmp_path / "blank.words")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blank-1.words", "blank-2.words"]
    result = CliRunner().invoke(main, ["pattern", "5028140442", "--check", "--preview", str(tmp_path / "p.words")])
    assert result.exit_code == 0, result.output
    title, caption = (tmp_path / "p.words").read_text(encoding="utf-8").splitlines()[:2]
    assert title == "5028140442" and caption.startswith("Pattern code 5028140442 ")


def test_an_unknown_page_output_is_a_usage_error_naming_the_choices(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["worksheet", "--format", "svgz", "-o", str(tmp_path / "w.svgz")])
    assert result.exit_code == 2 and "'svgz' is not a page output; choose one of: pdf, png" in result.output
    assert not list(tmp_path.iterdir())


def test_the_pdf_output_is_one_file_and_png_a_file_a_page(tmp_path: Path) -> None:
    document = sudokuprint.worksheet("4x4", pages=2)
    pdf = b"".join(page_output("pdf").draw(document, dpi=72, on_page=None))
    assert len(pypdf.PdfReader(io.BytesIO(pdf)).pages) == 2
    drawn: list[int] = []
    pngs = list(page_output("png").draw(document, dpi=30, on_page=lambda: drawn.append(1)))
    assert [png[:8] for png in pngs] == [b"\x89PNG\r\n\x1a\n"] * 2 and len(drawn) == 2
