"""Books ready to upload: interior and cover at 24, 100, 300 and 828 pages for KDP and IngramSpark pass
their preflight, the cover's size is the printers' published spine formula, the contents' numbers are
the pages, and the PDF/X output intent and boxes read back with pypdf (an independent reader: the files
are written with reportlab and pikepdf).

Golden renders live in tests/data/golden/ (see test_render.py); regenerate them only on purpose:
``cd tests && PYTHONPATH=.. python test_book.py --regenerate``.
"""

from __future__ import annotations

import io
import re
import sys
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from sudokuprint.cli import main
from sudokuprint.errors import PreflightError
from sudokuprint.publish import load_puzzles
from sudokuprint.publish.book import Book, BookOptions, build_book, render_book
from sudokuprint.render import png_bytes, render_png
from sudokuprint.render.cover_preflight import cover_preflight
from sudokuprint.render.preflight import preflight
from test_render import GOLDEN, GOLDEN_DPI, difference

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
EASY50 = str(SAMPLES / "easy50.txt")
INCH = 72.0
PUBLISHED_THICKNESS = {("kdp", "white"): 0.002252, ("kdp", "cream"): 0.0025,
                       ("ingramspark", "white"): 1 / 440, ("ingramspark", "cream"): 1 / 430}
"""Inches a page, as the printers publish them (KDP's cover calculator; IngramSpark's pages an inch)."""


@lru_cache(maxsize=1)
def fifty() -> tuple:
    """The fifty puzzles of samples/easy50.txt, checked and graded (four levels)."""
    return tuple(load_puzzles([EASY50]))


def puzzles_for(count: int) -> list:
    return [replace(fifty()[i % 50], number=i + 1) for i in range(count)]


def options(spec: str, **more) -> BookOptions:
    return BookOptions(spec=spec, title="Sudoku for the Road", author="A. Setter", year=2026, **more)


def book_of(spec: str, pages: int, **more) -> Book:
    """A book of exactly ``pages`` pages: the fewest puzzles that fill it, with 0-4 notes pages."""
    for notes in range(5):
        low, high = 1, pages * 2
        while low < high:
            middle = (low + high) // 2
            if build_book(puzzles_for(middle), options(spec, notes=notes, **more)).pages < pages:
                low = middle + 1
            else:
                high = middle
        made = build_book(puzzles_for(low), options(spec, notes=notes, **more))
        if made.pages == pages:
            return made
    raise AssertionError(f"no book of {pages} pages")


LONG = pytest.mark.no_cover  # the lines a long book runs are the short books' too; traced, it takes three times as long


@pytest.mark.parametrize("pages", [24, 100, pytest.param(300, marks=LONG), pytest.param(828, marks=LONG)])
@pytest.mark.parametrize("spec", ["kdp", "ingramspark"])
def test_interior_and_cover_pass_preflight_and_the_cover_is_the_spine_formula(spec, pages):
    made = book_of(spec, pages)
    interior, cover, warnings = render_book(made)
    assert warnings == []
    assert len(PdfReader(io.BytesIO(interior)).pages) == pages
    if pages < 300:  # render_book preflighted every page of the long books already (it refuses on any finding);
        assert preflight(interior, spec) == []  # here the shipped PDF/X file is preflighted again, as made
    assert cover_preflight(cover, spec, pages) == []
    page = PdfReader(io.BytesIO(cover)).pages[0]
    spine = pages * PUBLISHED_THICKNESS[(spec, "white")] * INCH
    trim = [float(v) for v in page.trimbox]
    assert trim[2] - trim[0] == pytest.approx(2 * 6 * INCH + spine, abs=0.002)
    assert trim[3] - trim[1] == pytest.approx(9 * INCH, abs=0.002)
    media = [float(v) for v in page.mediabox]
    assert [trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3]] == \
        pytest.approx([0.125 * INCH] * 4, abs=0.002)
    if spec == "ingramspark":
        last = PdfReader(io.BytesIO(interior)).pages[-1]
        assert last.extract_text().strip() == ""  # IngramSpark's blank final page
    on_spine = [text for x, turned, text in text_marks(cover) if turned and abs(x - media[2] / 2) < spine / 2]
    assert bool(on_spine) == (pages >= 300), on_spine  # 24 and 100 pages: too thin a spine for 7 pt text
    if on_spine:
        assert "Sudoku for the Road" in on_spine[0]
        findings = cover_preflight(cover, spec, 70)  # the same cover checked for 70 pages
        assert "spine" in {f.rule for f in findings} and "size" in {f.rule for f in findings}


def text_marks(pdf: bytes) -> list[tuple[float, bool, str]]:
    """(x of the baseline's start, turned?, text) of every text on the first page, read with pypdf."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            a, b, c, d, e, f = tm
            A, B, C, D, E, F = cm
            found.append((e * A + f * C + E, abs(a * B + b * D) > 0.5, text))
    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def test_the_spine_follows_the_paper_and_a_given_thickness():
    cream = book_of("kdp", 100, paper="cream")
    assert cream.geometry.spine == pytest.approx(100 * 0.0025 * INCH)
    given = build_book(puzzles_for(60), options("kdp", paper_thickness=0.003))
    assert given.geometry.spine == pytest.approx(given.pages * 0.003 * INCH)
    _, cover, _ = render_book(given)
    assert cover_preflight(cover, "kdp", given.pages, thickness=0.003) == []
    findings = cover_preflight(cover, "kdp", given.pages)  # the same cover checked for white paper
    assert findings[0].rule == "size"  # (the folds are then elsewhere too, so the barcode area seems misplaced)
    assert "0.003" not in findings[0].message and f"for {given.pages} pages on white paper" in findings[0].message


def hand_made_cover(pages: int, *, text_inset: float, barcode: bool, spine_text: bool = False) -> bytes:
    """A KDP 6 x 9 in cover for ``pages`` white pages drawn with reportlab: a grey ground, one text
    ``text_inset`` points inside the front's trim, the barcode area or not, spine text or not."""
    from reportlab.pdfgen.canvas import Canvas
    from sudokuprint.layout.fonts import DEFAULT_FONTS, pdf_font

    spine = pages * 0.002252 * INCH
    bleed = 0.125 * INCH
    width, height = 2 * bleed + 12 * INCH + spine, 2 * bleed + 9 * INCH
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))
    canvas.setBleedBox((0, 0, width, height))
    canvas.setFillGray(0.2)
    canvas.rect(0, 0, width, height, fill=1, stroke=0)
    canvas.setFillGray(1)
    font = pdf_font(DEFAULT_FONTS.primary("bold")).fontName
    canvas.setFont(font, 20)
    canvas.drawRightString(width - bleed - text_inset, height - bleed - 2 * INCH, "Sudoku")
    if barcode:
        canvas.rect(bleed + 6 * INCH - 0.25 * INCH - 2 * INCH, bleed + 0.25 * INCH, 2 * INCH, 1.2 * INCH, fill=1,
                    stroke=0)
    if spine_text:
        canvas.saveState()
        canvas.translate(width / 2 - 3, height / 2)
        canvas.rotate(-90)
        canvas.setFont(font, 7)
        canvas.drawString(0, 0, "Sudoku")
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_cover_preflight_names_safe_area_barcode_and_spine_faults():
    good = hand_made_cover(200, text_inset=0.3 * INCH, barcode=True)
    assert cover_preflight(good, "kdp", 200) == []
    near = cover_preflight(hand_made_cover(200, text_inset=0.05 * INCH, barcode=True), "kdp", 200)
    assert [f.rule for f in near] == ["safe"] and "0.05 in from the trim" in near[0].message
    assert [f.rule for f in cover_preflight(hand_made_cover(200, text_inset=0.3 * INCH, barcode=False), "kdp", 200)] \
        == ["barcode"]
    thin = cover_preflight(hand_made_cover(60, text_inset=0.3 * INCH, barcode=True, spine_text=True), "kdp", 60)
    assert [f.rule for f in thin] == ["spine"] and "from 79 pages" in thin[0].message
    # IngramSpark's white paper is 0.0015 pt a page thicker than KDP's: told the interior's trim, the check is exact
    assert [f.rule for f in cover_preflight(good, "ingramspark", 200, trim_size=(6 * INCH, 9 * INCH))] == ["size"]
    assert cover_preflight(good, "kdp", 200, trim_size=(6 * INCH, 9 * INCH)) == []


def contents_entries(pdf: bytes) -> tuple[PdfReader, list[tuple[str, int]]]:
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        text = page.extract_text()
        if "Contents" in text.splitlines()[:3] or "\nContents\n" in text:
            entries = re.findall(r"^(.+?)[ .]*?(\d+)$", text, re.M)
            return reader, [(label.rstrip(" ."), int(number)) for label, number in entries
                            if not label.startswith(("Sudoku for the Road", "Contents"))]
    raise AssertionError("no contents page")


def test_the_contents_numbers_are_the_pages():
    made = book_of("kdp", 100)
    interior, _, _ = render_book(made)
    reader, entries = contents_entries(interior)
    labels = [label for label, _ in entries]
    assert labels[0] == "How to play" and labels[-2:] == ["Answers", "Notes"]
    assert [label.split(" · ")[0] for label in labels[1:-2]] == ["Easy", "Medium", "Hard", "Expert"]
    for label, number in entries:
        text = reader.pages[number - 1].extract_text()
        assert label in text, (label, number, text[:80])
        assert number % 2 == 1 or label in ("How to play", "Notes"), (label, number)  # sections open on rectos
    easy = next(n for label, n in entries if label.startswith("Easy"))
    assert re.search(r"^1\s", reader.pages[easy].extract_text(), re.M)  # puzzle 1 follows its divider


def test_trade_templates_show_no_svd_label_unless_asked(tmp_path):
    plain, svd = tmp_path / "plain.pdf", tmp_path / "svd.pdf"
    base = ["booklet", EASY50, "--template", "pod-6x9", "--force"]
    assert CliRunner().invoke(main, base + ["-o", str(plain)]).exit_code == 0
    assert CliRunner().invoke(main, base + ["--labels", "svd", "-o", str(svd)]).exit_code == 0
    label = re.compile(r"\b1-\d+-1-\d+\b")
    assert not label.search(PdfReader(plain).pages[1].extract_text())
    assert label.search(PdfReader(svd).pages[1].extract_text())


def test_the_techniques_introduction_shows_each_technique_in_a_puzzle_that_needs_it():
    made = build_book(list(fifty()), options("kdp", techniques=True))
    reader = PdfReader(io.BytesIO(render_book(made)[0]))
    entry = next(number for label, number in made.plan.contents if label == "The techniques you will need")
    ordered = [p for section in made.plan.sections for p in section.puzzles]
    wings = [p.number for p in ordered if "X-Wing" in p.grade.techniques]  # the grader's counts
    text = "".join(reader.pages[i].extract_text() for i in range(entry - 1, entry + 4))
    assert wings and f"need X-Wing: here is one step of it, from puzzle {wings[0]}" in text
    assert "Locked Candidates (pointing)" in text and "Naked Pair" in text and "Hidden Single" not in text


def test_every_puzzle_has_one_number_and_its_level_and_answers_name_its_page():
    made = book_of("kdp", 24)
    reader = PdfReader(io.BytesIO(render_book(made)[0]))
    first = made.plan.puzzle_pages[1]
    text = reader.pages[first - 1].extract_text()
    assert "Easy" in text and not re.search(r"\d+-\d+-\d-\d+", text)  # no SVD label in a trade book
    answers = reader.pages[made.plan.answer_pages[1] - 1].extract_text()
    assert f"1 · p. {first}" in answers
    with_svd = build_book(puzzles_for(10), options("kdp", labels="svd", force=True))
    svd_text = PdfReader(io.BytesIO(render_book(with_svd)[0])).pages[with_svd.plan.puzzle_pages[1] - 1].extract_text()
    assert re.search(r"1-\d+-1-\d+", svd_text)


@pytest.mark.parametrize("level,version", [("1a", "PDF/X-1a:2003"), ("4", "PDF/X-4")])
def test_output_intent_and_boxes_read_back(level, version):
    made = book_of("ingramspark", 24, pdfx=level)
    interior, cover, _ = render_book(made)
    for data in (interior, cover):
        reader = PdfReader(io.BytesIO(data))
        intents = reader.trailer["/Root"]["/OutputIntents"]
        assert len(intents) == 1
        intent = intents[0].get_object()
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 001"
        profile = intent["/DestOutputProfile"].get_object()
        icc = profile.get_data()
        assert profile["/N"] == 4 and icc[36:40] == b"acsp" and icc[12:20] == b"prtrCMYK"
        assert reader.metadata["/GTS_PDFXVersion"] == version and reader.metadata["/Trapped"] == "/False"
        assert reader.metadata["/CreationDate"].startswith("D:") and reader.trailer["/ID"]
        assert "/EmbeddedFiles" not in reader.trailer["/Root"].get("/Names", {})
        for page in reader.pages:
            assert "/TrimBox" in page and "/BleedBox" in page
        if level == "4":
            assert b"<pdfxid:GTS_PDFXVersion" in reader.xmp_metadata.stream.get_data()
            assert reader.pdf_header == "%PDF-1.6"
        else:
            assert reader.pdf_header == "%PDF-1.4"
    cover_page = PdfReader(io.BytesIO(cover)).pages[0]
    assert [float(v) for v in cover_page.bleedbox] == pytest.approx([float(v) for v in cover_page.mediabox], abs=0.001)
    assert float(cover_page.trimbox[0]) == pytest.approx(9.0)


@pytest.mark.parametrize("spec", ["kdp", "ingramspark"])
def test_a_bleed_edition_passes_its_own_preflight(spec):
    made = book_of(spec, 100, bleed=True)
    interior, cover, _ = render_book(made)
    reader = PdfReader(io.BytesIO(interior))
    first = made.plan.puzzle_pages[1]
    page = reader.pages[first - 1]
    assert float(page.mediabox[3]) == pytest.approx(9.25 * INCH) and float(page.mediabox[2]) == \
        pytest.approx(6.125 * INCH)
    assert preflight(interior, spec) == []


def test_ingramspark_margins_are_half_an_inch_on_every_side():
    made = book_of("ingramspark", 24)
    template = made.plan.plan[10].template
    assert min(template.page.margin_outside, template.page.margin_inside) >= 0.5 * INCH
    interior, _, _ = render_book(made)
    assert preflight(interior, "ingramspark") == []
    kdp_interior, _, _ = render_book(book_of("kdp", 24))
    findings = preflight(kdp_interior, "ingramspark")  # KDP's 0.4 in outside margin is too narrow there
    assert findings and {f.rule for f in findings} == {"margin"}
    assert "0.5 in" in findings[0].message


def test_book_command_writes_interior_and_cover(tmp_path):
    target = tmp_path / "road"
    result = CliRunner().invoke(main, ["book", EASY50, "--title", "Sudoku for the Road", "--author", "A. Setter",
                                       "--isbn", "978-3-16-148410-0", "--blurb", "Fifty puzzles for the road.",
                                       "--year", "2026", "-o", str(target)])
    assert result.exit_code == 0, result.output
    interior, cover = tmp_path / "road-interior.pdf", tmp_path / "road-cover.pdf"
    reader = PdfReader(interior)
    copyright_text = reader.pages[2].extract_text()
    assert "© 2026 A. Setter. All rights reserved." in copyright_text and "ISBN 978-3-16-148410-0" in copyright_text
    assert "Fifty puzzles for the road." in PdfReader(cover).pages[0].extract_text()
    checked = CliRunner().invoke(main, ["preflight", str(cover), "--cover", "--interior", str(interior)])
    assert checked.exit_code == 0, checked.output
    wrong = CliRunner().invoke(main, ["preflight", str(cover), "--cover", "--pages", str(len(reader.pages) + 40)])
    assert wrong.exit_code == 1 and "spine" in wrong.output


def test_a_short_book_is_refused_unless_forced(tmp_path):
    few = tmp_path / "two.txt"
    few.write_text("\n".join(Path(EASY50).read_text().split("\n")[:2]) + "\n")
    refused = CliRunner().invoke(main, ["book", str(few), "--notes", "0", "-o", str(tmp_path / "short")])
    assert refused.exit_code == 1 and "KDP prints 24 to 828 pages" in refused.output
    assert "Traceback" not in refused.output and not list(tmp_path.glob("short*"))
    forced = CliRunner().invoke(main, ["book", str(few), "--notes", "0", "--force", "-o", str(tmp_path / "short")])
    assert forced.exit_code == 0 and "warning" in forced.output
    assert (tmp_path / "short-interior.pdf").exists() and (tmp_path / "short-cover.pdf").exists()


def test_bad_options_are_one_line_errors(tmp_path):
    runner = CliRunner()
    for args, words in ((["--trim", "7x7"], "not one of KDP's trim sizes"),
                        (["--cover-motif", "dragon"], "no motif named 'dragon'"),
                        (["--trim", "A5"], "not one of KDP's trim sizes")):
        result = runner.invoke(main, ["book", EASY50, "-o", str(tmp_path / "x"), *args])
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output, result.output
    assert runner.invoke(main, ["book", EASY50, "--spec", "ingramspark", "--trim", "A5", "--force",
                                "-o", str(tmp_path / "a5")]).exit_code == 0


def test_candidates_and_catalogue_running_heads_say_something_each(tmp_path):
    sheet = tmp_path / "cand.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--candidates", EASY50, "-o", str(sheet)])
    assert result.exit_code == 0, result.output
    text = PdfReader(sheet).pages[0].extract_text()
    assert "Candidates" in text and "easy50.txt" in text and text.count("Candidates") == 1
    assert re.search(r"^1\s*candidates computed", text, re.M) and "line 1" not in text
    catalogue = tmp_path / "cat.pdf"
    made = CliRunner().invoke(main, ["motif", "heart", "star", "ring", "--catalogue", "-o", str(catalogue)])
    assert made.exit_code == 0, made.output
    head = PdfReader(catalogue).pages[0].extract_text()
    assert "Motif catalogue" in head and "1–3 of 3" in head and "| Catalogue" not in head


# -- reference renders ------------------------------------------------------------------------


def golden_pages() -> dict[str, object]:
    made = book_of("kdp", 300)
    return {"book-cover": made.cover.pages[0], "book-contents": made.interior.pages[made.plan.contents_page - 1]}


@pytest.mark.parametrize("name", ["book-cover", "book-contents"])
def test_cover_and_contents_match_their_reference_renders(name):
    golden = Image.open(GOLDEN / f"{name}.png")
    image = render_png(golden_pages()[name], GOLDEN_DPI)  # type: ignore[arg-type]
    mean, strong = difference(golden, image)
    assert mean < 2 and strong < 1, (name, mean, strong)


def regenerate() -> None:
    for name, page in golden_pages().items():
        (GOLDEN / f"{name}.png").write_bytes(png_bytes(page, GOLDEN_DPI))  # type: ignore[arg-type]
        print("wrote", GOLDEN / f"{name}.png")


if __name__ == "__main__" and "--regenerate" in sys.argv:
    regenerate()
