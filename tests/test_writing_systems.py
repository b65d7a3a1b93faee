"""Every script a buyer may use: Arabic and Hebrew set right to left and shaped, Devanagari shaped,
Hangul and emoji printed with the right characters in the PDF's text, a character no font has refused,
and Russian words that agree with each other.

The PDFs are read back with PDFium (pypdfium2), which applies the bidirectional algorithm to what it
extracts, and with pypdf."""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path

import pypdfium2
from click.testing import CliRunner
from pypdf import PdfReader

from sudokuprint.cli import main
from sudokuprint.layout.page import Document, Page, Text
from sudokuprint.publish import load_puzzles
from sudokuprint.publish.book import BookOptions, build_book, render_book
from sudokuprint.render import render_pdf, render_png
from test_render import difference, rasterise

EASY50 = str(Path(__file__).resolve().parents[1] / "samples" / "easy50.txt")
ARABIC = "سودوكو للطريق"
HEBREW = "סודוקו לדרך"


def one_line(text: str, font: str = "regular") -> bytes:
    page = Page(400, 80)
    page.add(Text(20, 50, text, 24, font))  # type: ignore[arg-type]
    return render_pdf(Document([page]))


def pdfium_chars(pdf: bytes, page: int = 0) -> list[tuple[str, float]]:
    """Each character PDFium reads on the page, in its text order, with the left of its box."""
    text_page = pypdfium2.PdfDocument(pdf)[page].get_textpage()
    return [(text_page.get_text_range(i, 1), text_page.get_charbox(i)[0]) for i in range(text_page.count_chars())]


def test_an_arabic_title_reads_right_to_left_in_the_pdf_text():
    puzzles = load_puzzles([EASY50])
    made = build_book(puzzles, BookOptions(title=ARABIC, author="A. Setter", year=2026))
    interior, cover, _ = render_book(made)
    chars = pdfium_chars(interior, 0)
    text = unicodedata.normalize("NFKC", "".join(c for c, _ in chars))
    assert ARABIC in text
    letters = [(c, x) for c, x in chars if unicodedata.bidirectional(unicodedata.normalize("NFKC", c)[:1] or " ")
               in ("R", "AL")]
    xs = [x for _, x in letters]
    assert len(xs) >= 10 and xs == sorted(xs, reverse=True)  # the first letter is the rightmost
    # the letters are joined: presentation forms (initial, medial, final) were drawn, not the isolated letters
    raw = PdfReader(io.BytesIO(interior)).pages[0].extract_text()
    assert any(0xFE70 <= ord(c) <= 0xFEFF for c in raw)
    assert ARABIC in unicodedata.normalize("NFKC", pypdfium2.PdfDocument(cover)[0].get_textpage().get_text_range())


def test_hebrew_reads_right_to_left():
    chars = pdfium_chars(one_line(HEBREW))
    assert "".join(c for c, _ in chars) == HEBREW
    xs = [x for c, x in chars if c != " "]
    assert xs == sorted(xs, reverse=True)


def test_devanagari_and_hangul_print_with_their_fonts_and_both_backends_agree():
    for text, face in (("सुडोकू पहेली हिन्दी", "NotoSansDevanagari"), ("스도쿠 퍼즐", "NanumGothic")):
        pdf = one_line(text, "bold" if face == "NanumGothic" else "regular")
        fonts = {str(f["/BaseFont"]) for f in PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"].values()}
        assert any(face in name for name in fonts), fonts
        page = Page(400, 80)
        page.add(Text(20, 50, text, 24, "bold" if face == "NanumGothic" else "regular"))
        png = render_png(page, 150)
        mean, strong = difference(rasterise(pdf, 0, 150, png.size), png)
        assert mean < 3 and strong < 15, (text, mean, strong)
    assert "스도쿠 퍼즐" in PdfReader(io.BytesIO(one_line("스도쿠 퍼즐"))).pages[0].extract_text()
    assert "सुडोकू" in pypdfium2.PdfDocument(one_line("सुडोकू"))[0].get_textpage().get_text_range()


def test_an_emoji_prints_its_glyph_and_its_character():
    pdf = one_line("Sudoku 😀 fun")
    assert "Sudoku 😀 fun" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "ὠ" not in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    page = Page(400, 80)
    page.add(Text(20, 50, "😀", 24))
    assert render_png(page, 100).getextrema()[0] < 50  # a glyph, inked


def test_a_character_no_font_has_is_exit_2_naming_it(tmp_path):
    result = CliRunner().invoke(main, ["booklet", EASY50, "--title", "Sudoku \U0001D800", "-o",
                                       str(tmp_path / "b.pdf")])
    assert result.exit_code == 2 and "U+1D800" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "b.pdf").exists()


def test_russian_words_agree():
    puzzles = load_puzzles([EASY50])
    made = build_book(puzzles, BookOptions(title="Судоку в дорогу", lang="ru", year=2026))
    reader = PdfReader(io.BytesIO(render_book(made)[0]))
    title_page = reader.pages[0].extract_text()
    assert "50 головоломок · от лёгких до очень сложных" in title_page
    labels = reader.pages[made.plan.puzzle_pages[1] - 1].extract_text()
    assert "лёгкая" in labels  # a puzzle (головоломка, feminine) is лёгкая
    contents = reader.pages[made.plan.contents_page - 1].extract_text()
    assert "Лёгкие · головоломки 1–" in contents and "Очень сложные · головоломк" in contents
    assert "© 2026. Все права защищены." in reader.pages[2].extract_text()
