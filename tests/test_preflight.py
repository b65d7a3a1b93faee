"""Preflight: hand-made PDFs that break one printer rule each are caught, page by page; every shipped
print-on-demand product passes KDP's and IngramSpark's rules at 24, 100 and 828 pages."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from functools import lru_cache

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from sudokuprint.cli import main
from sudokuprint.errors import PreflightError
from sudokuprint.layout.fonts import DEFAULT_FONTS, pdf_font
from sudokuprint.layout.template import load_template, shipped_templates
from sudokuprint.publish import build_answer_key, build_booklet, load_puzzles, write_document
from sudokuprint.render import render_pdf
from sudokuprint.render.pdfscan import scan_page
from sudokuprint.render.preflight import preflight
from conftest import data_file

INCH = 72.0
EASY = str(data_file("puzzles", "easy50_pe96.txt"))


def hand_made(pages: int = 24, *, margin: float = 0.75 * INCH, rgb: bool = False, font: str | None = None,
              rule: float = 1.0, size: tuple[float, float] = (6 * INCH, 9 * INCH), trim_box: bool = False,
              bad_page: int = 3) -> bytes:
    """A 6 x 9 in interior with a text and a rule on every page; ``bad_page`` gets the fault asked for."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1)
    good_font = pdf_font(DEFAULT_FONTS.primary("regular")).fontName
    for number in range(1, pages + 1):
        bad = number == bad_page
        if trim_box:
            canvas.setTrimBox((0.125 * INCH, 0.125 * INCH, size[0] - 0.125 * INCH, size[1] - 0.125 * INCH))
        if bad and rgb:
            canvas.setFillColorRGB(0.8, 0.1, 0.1)
        else:
            canvas.setFillGray(0)
        canvas.setFont(font if bad and font else good_font, 10)
        left = margin if bad else 0.75 * INCH
        canvas.drawString(left, 4 * INCH, "Sudoku")
        canvas.setLineWidth(rule if bad else 1.0)
        canvas.line(1 * INCH, 2 * INCH, 5 * INCH, 2 * INCH)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def rules_broken(pdf: bytes, spec: str = "kdp") -> set[tuple[int | None, str]]:
    return {(finding.page, finding.rule) for finding in preflight(pdf, spec)}


def test_a_clean_hand_made_file_passes_both_printers():
    assert preflight(hand_made(), "kdp") == []
    assert preflight(hand_made(), "ingramspark") == []


def test_too_small_a_margin_is_named_with_its_page_and_distance():
    findings = preflight(hand_made(margin=0.1 * INCH, bad_page=4), "kdp")
    assert [(f.page, f.rule) for f in findings] == [(4, "margin")]
    assert "0.1 in from the left trim edge" in findings[0].message and "0.25 in" in findings[0].message


def test_inside_margin_follows_the_page_count():
    # 0.5 in from the inside edge is enough for 150 pages (0.375 in), not for 400 (0.625 in)
    assert rules_broken(hand_made(pages=150, margin=0.5 * INCH, bad_page=3)) == set()
    assert rules_broken(hand_made(pages=400, margin=0.5 * INCH, bad_page=3)) == {(3, "margin")}


def test_rgb_text_in_a_black_and_white_interior():
    findings = preflight(hand_made(rgb=True), "kdp")
    assert [(f.page, f.rule) for f in findings] == [(3, "colour")]
    assert "RGB" in findings[0].message and "'Sudoku'" in findings[0].message


def test_unembedded_font():
    assert rules_broken(hand_made(font="Helvetica")) == {(3, "font")}
    assert rules_broken(hand_made(font="Helvetica"), "ingramspark") == {(3, "font")}


def test_a_quarter_point_rule_is_too_thin_for_kdp():
    assert rules_broken(hand_made(rule=0.25)) == {(3, "rule")}
    assert rules_broken(hand_made(rule=0.25), "ingramspark") == set()  # IngramSpark's least rule is 0.25 pt
    assert rules_broken(hand_made(rule=0.1), "ingramspark") == {(3, "rule")}


def test_page_count_and_page_size():
    assert rules_broken(hand_made(pages=10, bad_page=0)) == {(None, "pages")}
    wrong = hand_made(pages=24, size=(6.25 * INCH, 9.25 * INCH), trim_box=True, bad_page=0)  # bleed on both sides
    assert {rule for _, rule in rules_broken(wrong)} == {"bleed"}
    odd = hand_made(pages=24, size=(7.1 * INCH, 9 * INCH), bad_page=0)
    assert {rule for _, rule in rules_broken(odd)} == {"trim"}


def test_preflight_command_lists_findings_and_exits_1(tmp_path):
    bad, good = tmp_path / "bad.pdf", tmp_path / "good.pdf"
    bad.write_bytes(hand_made(rule=0.25, font="Helvetica"))
    good.write_bytes(hand_made())
    result = CliRunner().invoke(main, ["preflight", str(bad), "--spec", "kdp"])
    assert result.exit_code == 1
    assert "page 3: a line of 0.25 pt; KDP: rules at least 0.75 pt" in result.output
    assert "page 3: font Helvetica is not embedded" in result.output
    report = json.loads(CliRunner().invoke(main, ["preflight", str(bad), "--format", "json"]).stdout)
    assert report["passed"] is False and {f["rule"] for f in report["findings"]} == {"rule", "font"}
    assert CliRunner().invoke(main, ["preflight", str(good), "--spec", "ingramspark"]).exit_code == 0
    missing = CliRunner().invoke(main, ["preflight", str(tmp_path / "none.pdf")])
    assert missing.exit_code == 2 and "none.pdf" in missing.output and "Traceback" not in missing.output
    (tmp_path / "text.pdf").write_text("not a pdf\n")
    garbage = CliRunner().invoke(main, ["preflight", str(tmp_path / "text.pdf")])
    assert garbage.exit_code == 2 and "text.pdf, line 1: not a PDF file" in garbage.output
    (tmp_path / "cut.pdf").write_bytes(hand_made()[:300])
    cut = CliRunner().invoke(main, ["preflight", str(tmp_path / "cut.pdf")])
    assert cut.exit_code == 2 and "cut.pdf" in cut.output and "Traceback" not in cut.output


# -- every print-on-demand product passes -------------------------------------------------------

POD_BOOKLETS = [name for name in shipped_templates() if load_template(name).page.print_spec != "none"
                and "answers" not in name]


@lru_cache(maxsize=1)
def fifty():
    return tuple(load_puzzles([EASY], grade=False))


def puzzles_for(count: int) -> list:
    """``count`` puzzles (the fifty easy ones over again, renumbered): the layout is what is tested."""
    return [replace(fifty()[i % 50], number=i + 1) for i in range(count)]


def booklet_of(template_name: str, pages: int):
    """A booklet of exactly ``pages`` pages made with the template (and its answer key)."""
    template = load_template(template_name)
    low, high = 1, pages * template.grid.per_page
    while low < high:  # fewest puzzles that fill ``pages`` pages
        middle = (low + high) // 2
        if len(build_booklet(puzzles_for(middle), template).pages) < pages:
            low = middle + 1
        else:
            high = middle
    document = build_booklet(puzzles_for(low), template, title="Sudoku for the road", author="A. Setter")
    assert len(document.pages) == pages
    return document


def test_a_text_object_read_whole_paints_what_its_six_operators_paint():
    """The scanner reads reportlab's one-string text objects with one expression (a long book's preflight spends its
    time there); the same page, its text objects spelt so that the expression cannot match them (a ``0 Tc`` that
    changes nothing after each ``BT``), paints the same marks, operator by operator."""
    pdf = render_pdf(booklet_of("pod-6x9-bleed", 24))
    page = PdfReader(io.BytesIO(pdf)).pages[3]
    content, resources = page.get_contents().get_data(), page["/Resources"]
    whole, one_by_one = scan_page(content, resources), scan_page(content.replace(b"BT ", b"BT 0 Tc "), resources)
    assert content.count(b"BT ") > 50 and sum(1 for m in whole.marks if m.kind == "text") == content.count(b"BT ")
    assert whole.marks == one_by_one.marks and whole.fonts.keys() == one_by_one.fonts.keys()


def test_pod_templates_are_checked_against_a_printer():
    assert set(POD_BOOKLETS) == {"pod-6x9", "pod-8.5x11", "pod-6x9-bleed", "pod-8.5x11-bleed"}
    for name in POD_BOOKLETS:
        assert load_template(load_template(name).answers.template).page.print_spec == "kdp"


@pytest.mark.parametrize("pages", [24, 100, pytest.param(828, marks=pytest.mark.no_cover)])  # no_cover: the lines it
# runs are the short books' too (coverage would triple its time)
@pytest.mark.parametrize("name", POD_BOOKLETS)
def test_every_pod_booklet_passes_kdp(name, pages):
    pdf = render_pdf(booklet_of(name, pages))
    assert preflight(pdf, "kdp") == []
    if "bleed" in name:  # a bleed edition's media is the trim and the bleed at the top, bottom and outside
        page = PdfReader(io.BytesIO(pdf)).pages[1]
        assert float(page.mediabox.height) == pytest.approx(float(page.trimbox.height) + 18, abs=0.01)
    if pages == 24:  # KDP's 0.4 in outside margin is under IngramSpark's 0.5 in on every side
        assert {f.rule for f in preflight(pdf, "ingramspark")} == {"margin"}


@pytest.mark.parametrize("pages", [24])  # at 100 and 828 pages these templates print the keys of the booklets above
@pytest.mark.parametrize("name", ["pod-6x9-answers", "pod-8.5x11-answers"])
def test_every_pod_answer_key_alone_passes(name, pages):
    template = load_template(name)
    document = build_answer_key(puzzles_for(pages * template.grid.per_page), template)
    assert len(document.pages) == pages
    assert preflight(render_pdf(document), "kdp") == []


def test_a_pod_product_is_preflighted_as_it_is_made(tmp_path):
    template = load_template("pod-6x9")
    thin = replace(template, style=replace(template.style, cell_line=0.3, box_line=0.9, border_line=1.2, min_line=0.25))
    target = tmp_path / "book.pdf"
    with pytest.raises(PreflightError, match=r"page 2: a line of 0.3 pt; KDP: rules at least 0.75 pt"):
        write_document(build_booklet(puzzles_for(60), thin), target)
    assert not target.exists()
    few = tmp_path / "ten.txt"
    few.write_text("\n".join(open(EASY).read().split("\n")[:10]) + "\n")
    short = ["booklet", str(few), "--template", "pod-6x9", "-o", str(tmp_path / "short.pdf")]
    refused = CliRunner().invoke(main, short)
    assert refused.exit_code == 1 and not (tmp_path / "short.pdf").exists()  # a short book fails like any rule
    assert "8 pages; KDP prints 24 to 828 pages" in refused.output and "--force" in refused.output
    forced = CliRunner().invoke(main, short + ["--force"])
    assert forced.exit_code == 0 and (tmp_path / "short.pdf").exists()
    assert "warning: 8 pages; KDP prints 24 to 828 pages" in forced.output
