"""Any script on the page: every shipped template printed with a Cyrillic + Greek + CJK title and
author, read back from the PDF, and every character checked to be drawn with a real glyph of the
embedded font that draws it (no empty box); the PNG draws the same glyphs."""

from __future__ import annotations

import io
import re
import struct
from functools import lru_cache

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import ImageChops, ImageFilter, ImageStat
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream
from reportlab.pdfbase.ttfonts import TTFontFile

from sudokuprint.cli import main
from sudokuprint.errors import MissingGlyphError, TextFitError
from sudokuprint.layout.fonts import text_runs
from sudokuprint.layout.template import load_template, shipped_templates
from sudokuprint.layout.textfit import cut, fit_lines
from sudokuprint.layout.page import Document
from sudokuprint.publish import build_answer_key, build_booklet, load_puzzles
from sudokuprint.publish.mosaic import build_mosaic, tiles_from_puzzles
from sudokuprint.publish.motif import build_catalogue, build_motif_views, load_motifs
from sudokuprint.publish.poster import build_poster
from sudokuprint.publish.sheets import build_candidates_sheet, build_worksheet
from sudokuprint.publish.svd_answers import build_svd_answers
from sudokuprint.render import render_pdf, render_png
from sudokuprint.shape import Shape
from conftest import data_file

TITLE = "Судоку Σουντόκου 数独"
AUTHOR = "Пётр Ωμέγας 山田太郎"
EASY = str(data_file("puzzles", "easy50_pe96.txt"))


@lru_cache(maxsize=None)
def easy(limit: int = 8):
    return tuple(load_puzzles([EASY], limit=limit))


def product(name: str) -> Document:
    """The product each shipped template is made for, with the mixed-script title (and author)."""
    template = load_template(name)
    puzzles = list(easy())
    if name.startswith(("booklet", "pod-")) and "answers" not in name:
        return build_booklet(puzzles, template, title=TITLE, author=AUTHOR)
    if name.startswith(("answers", "pod-")):
        return build_answer_key(puzzles, template, title=TITLE, author=AUTHOR)
    if name.startswith("svd-answers"):
        return build_svd_answers(puzzles, template, title=TITLE)
    if name.startswith("worksheet"):
        return build_worksheet(template, Shape(3, 3), title=TITLE)
    if name.startswith("candidates"):
        return build_candidates_sheet([("a", p.grid) for p in puzzles[:2]], template, title=TITLE)
    if name.startswith("motif"):
        return build_motif_views(load_motifs(["5028140442"]), template, title=TITLE)
    if name.startswith("catalogue"):
        return build_catalogue(load_motifs(["5028140442", "heart"]), template, title=TITLE)
    if name.startswith("poster"):
        return build_poster(puzzles[0], template, title=TITLE, subtitle=AUTHOR)
    if name.startswith("mosaic"):
        return build_mosaic(tiles_from_puzzles(puzzles, template.grid.per_page), template, title=TITLE)
    raise AssertionError(f"no product known for the template {name}")


# -- reading glyphs back from the PDF -------------------------------------------------------------

def _to_unicode(font) -> dict[int, str]:
    """Byte code → text of a simple font, from its ToUnicode CMap."""
    data = font["/ToUnicode"].get_object().get_data().decode("latin-1")
    mapping: dict[int, str] = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for code, text in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            mapping[int(code, 16)] = bytes.fromhex(text).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for low, high, start in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            first = ord(bytes.fromhex(start).decode("utf-16-be"))
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                mapping[code] = chr(first + offset)
    return mapping


def _outlined_codes(font) -> set[int]:
    """Byte codes of an embedded TrueType subset whose glyph has an outline (is not .notdef or empty)."""
    program = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
    face = TTFontFile(io.BytesIO(program))
    head = face.get_table("head")
    long_offsets = struct.unpack(">h", head[50:52])[0] == 1
    loca = face.get_table("loca")
    offsets = (struct.unpack(f">{len(loca) // 4}L", loca) if long_offsets
               else [o * 2 for o in struct.unpack(f">{len(loca) // 2}H", loca)])
    cmap = face.get_table("cmap")
    glyphs: dict[int, int] = {}
    for index in range(struct.unpack(">H", cmap[2:4])[0]):
        offset = struct.unpack(">L", cmap[8 + 8 * index:12 + 8 * index])[0]
        kind = struct.unpack(">H", cmap[offset:offset + 2])[0]
        if kind == 0:  # byte encoding table: 256 glyph ids
            glyphs.update(enumerate(cmap[offset + 6:offset + 262]))
        elif kind == 6:  # trimmed table: first code, count, glyph ids
            first, count = struct.unpack(">HH", cmap[offset + 6:offset + 10])
            ids = struct.unpack(f">{count}H", cmap[offset + 10:offset + 10 + 2 * count])
            glyphs.update((first + i, glyph) for i, glyph in enumerate(ids))
    return {code for code, glyph in glyphs.items()
            if glyph and glyph + 1 < len(offsets) and offsets[glyph + 1] > offsets[glyph]}


def drawn_characters(pdf: bytes) -> list[tuple[str, str, bool]]:
    """(character, font, has a real glyph) of every character drawn, in order."""
    reader = PdfReader(io.BytesIO(pdf))
    drawn = []
    tables: dict = {}
    for page in reader.pages:
        fonts = dict(page["/Resources"]["/Font"].items())
        current = None
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"Tf":
                reference = fonts[operands[0]]
                key = getattr(reference, "idnum", id(reference))
                if key not in tables:
                    font = reference.get_object()
                    embedded = "/FontDescriptor" in font and "/FontFile2" in font["/FontDescriptor"].get_object()
                    tables[key] = (_to_unicode(font) if "/ToUnicode" in font else {},
                                   _outlined_codes(font) if embedded else set(), str(font["/BaseFont"]))
                current = tables[key]
            elif operator in (b"Tj", b"TJ", b"'", b'"'):
                strings = operands[0] if isinstance(operands[0], ArrayObject) else [operands[-1]]
                for string in strings:
                    if isinstance(string, (int, float)):
                        continue
                    assert current is not None, "text drawn before a font is chosen"
                    unicode, outlined, base = current
                    for code in bytes(string.original_bytes if hasattr(string, "original_bytes") else string):
                        char = unicode.get(code, "?")
                        drawn.append((char, base, char.isspace() or code in outlined))
    return drawn


NO_TITLE_SLOT = {"motif-a4"}
"""Templates whose pages print no title (one motif a page, its name at the top): the title is the PDF's."""


@pytest.mark.parametrize("name", shipped_templates())
def test_every_template_draws_cyrillic_greek_and_cjk_with_real_glyphs(name):
    pdf = render_pdf(product(name))
    drawn = drawn_characters(pdf)
    missing = [(char, font) for char, font, real in drawn if not real]
    assert not missing, f"{name}: drawn without a glyph: {missing[:10]}"
    text = "".join(char for char, _, _ in drawn)
    title_chars = set(TITLE) - {" "}
    if name in NO_TITLE_SLOT:
        assert PdfReader(io.BytesIO(pdf)).metadata.title == TITLE
    else:
        assert title_chars <= set(text), f"{name}: title characters not printed: {title_chars - set(text)}"
        fonts = {char: font.split("+")[-1] for char, font, _ in drawn if char in "СΣ数"}
        assert fonts["С"].startswith("DejaVuSans") and fonts["Σ"].startswith("DejaVuSans"), fonts
        assert fonts["数"] == "DroidSansFallback", fonts
    if name.startswith(("booklet", "pod-")) and "answers" not in name:
        assert set(AUTHOR) - {" "} <= set(text), f"{name}: author not printed"


def test_the_glyph_check_sees_an_empty_box(tmp_path):
    from reportlab.pdfgen.canvas import Canvas
    from sudokuprint.layout.fonts import DEFAULT_FONTS, pdf_font

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(pdf_font(DEFAULT_FONTS.primary("regular")).fontName, 12)  # Vera has no Cyrillic
    canvas.drawString(72, 72, "AЖ")
    canvas.showPage()
    canvas.save()
    assert [real for _, _, real in drawn_characters(buffer.getvalue())] == [True, False]  # "Ж" is an empty box


def test_embedded_fonts_are_subsets_and_the_cjk_font_stays_small():
    pdf = render_pdf(product("booklet-a5-2up"))
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages[:1]:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert re.match(r"/[A-Z]{6}\+", str(font["/BaseFont"])), font["/BaseFont"]  # subset tag
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
    assert len(pdf) < 200_000  # a 4 MB CJK font is embedded as the few glyphs used


def test_png_draws_the_same_glyphs_as_the_pdf():
    document = product("pod-6x9")
    pdf = render_pdf(document)
    image = render_png(document.pages[0], 100)
    reference = pypdfium2.PdfDocument(pdf)[0].render(scale=100 / 72, grayscale=True).to_pil().convert("L")
    reference = reference.crop((0, 0) + image.size)
    a, b = (i.filter(ImageFilter.GaussianBlur(1.2)) for i in (image, reference))
    diff = ImageChops.difference(a, b)
    assert ImageStat.Stat(diff).mean[0] < 2
    assert sum(diff.histogram()[80:]) / (diff.width * diff.height) * 1000 < 1
    assert ImageStat.Stat(image.crop((0, 0, image.width, image.height // 2))).mean[0] < 254  # the title inked


def test_text_splits_into_runs_by_glyph_coverage():
    runs = text_runs("Sudoku Судоку 数独", "bold")
    assert [(face.name, text) for face, text in runs] == [
        ("VeraBold", "Sudoku "), ("DejaVuSansBold", "Судоку "), ("DroidSansFallback", "数独")]


def test_a_character_no_font_has_is_an_error_naming_it(tmp_path):
    with pytest.raises(MissingGlyphError, match=r"U\+13000.*'Book 𓀀'"):
        render_pdf(build_booklet(list(easy(2)), load_template("booklet-a4-4up"), title="Book 𓀀"))
    result = CliRunner().invoke(main, ["booklet", EASY, "--title", "Book 𓀀", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "U+13000" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x.pdf").exists()
    png = CliRunner().invoke(main, ["booklet", EASY, "--title", "Book 𓀀", "-o", str(tmp_path / "x.png")])
    assert png.exit_code == 2 and "U+13000" in png.output


# -- text that fits --------------------------------------------------------------------------------

def test_long_titles_wrap_then_shrink_then_are_refused_naming_the_field():
    template = load_template("pod-6x9")
    title = "The Big Book of Sudoku for Long Journeys"  # 40 characters
    document = build_booklet(list(easy(2)), template, title=title)
    lines = [item for item in document.pages[0].items if getattr(item, "size", 0) >= template.furniture.title_min_size]
    assert len(lines) >= 2 and " ".join(t.text for t in lines) == title
    for text in lines:  # every line inside the live width
        from sudokuprint.layout.fonts import text_width
        assert text_width(text.text, "bold", text.size) <= 432 - 0.375 * 72 - 0.4 * 72 + 0.01
    with pytest.raises(TextFitError, match="title"):
        build_booklet(list(easy(2)), template, title="Supercalifragilistic" * 8)
    _, size = fit_lines("数独" * 30, "bold", 26, 300, max_lines=3, min_size=10, field="title")
    assert 10 <= size < 26  # CJK breaks between characters


def test_running_heads_are_cut_with_an_ellipsis():
    template = load_template("pod-6x9")
    title = "A very long title that would run into the section name of the running head if it were not cut short"
    document = build_booklet(list(easy(4)), template, title=title, placement="none")
    head = [t for t in document.pages[1].items if getattr(t, "size", 0) == template.furniture.head_size]
    assert any(t.text.endswith("…") for t in head)
    assert cut("Sudoku", "regular", 9, 1000) == "Sudoku"


def test_running_head_rule_is_a_black_rule_of_the_printers_weight():
    from sudokuprint.layout.page import Line

    template = load_template("pod-6x9")
    page = build_booklet(list(easy(4)), template, placement="none").pages[1]
    rules = [item for item in page.items if isinstance(item, Line) and item.y1 < 0.7 * 72]
    assert rules and all(rule.width >= 0.75 and rule.grey == 0.0 for rule in rules)


def test_pages_are_drawn_when_asked_for_and_not_kept():
    document = build_booklet(list(easy(8)), load_template("booklet-a4-4up"))
    first, again = document.pages[1], document.pages[1]
    assert first is not again and first.items == again.items  # drawn anew, the same each time
    assert [page.number for page in document.pages] == list(range(1, len(document.pages) + 1))


def test_a_title_too_long_for_the_page_is_an_error_naming_the_field(tmp_path):
    result = CliRunner().invoke(main, ["booklet", EASY, "--template", "pod-6x9", "--title", "Sudoku" * 40,
                                       "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "title:" in result.output and "Traceback" not in result.output


def test_a_template_names_its_own_fonts_and_the_digits_use_them(tmp_path):
    own = tmp_path / "dejavu.toml"
    own.write_text('extends = "booklet-a4-4up"\n[fonts]\nbold = ["DejaVuSansBold", "DroidSansFallback"]\n')
    template = load_template(str(own))
    pdf = render_pdf(build_booklet(list(easy(4)), template, placement="none", title="Судоку"))
    digit_fonts = {font.split("+")[-1] for char, font, _ in drawn_characters(pdf) if char.isdigit()}
    assert "DejaVuSans-Bold" in digit_fonts and "BitstreamVeraSans-Bold" not in digit_fonts
