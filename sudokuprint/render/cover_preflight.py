"""Preflight of a paperback's full-wrap cover: its size for the page count, spine, bleed and safe areas.

The rules come from :mod:`sudokuprint.layout.printers` (with their sources).
What is checked, on the one page a cover has:

* the size: the trim box is back + spine + front wide, where the spine is the
  page count times the paper's thickness and each panel is one of the
  printer's trim sizes, to a hundredth of a point; the media box adds the
  cover bleed on all four sides;
* the spine: text on it only where the printer allows spine text for this
  page count, and then clear of both folds by the printer's safety;
* the safe areas: every text, line and shape that does not run into the bleed
  keeps the printer's safe distance from the trim edges and from the folds;
* the barcode area: a white 2 x 1.2 in area at the back's lower right with
  nothing painted over it;
* text sizes, embedded fonts, and grey or CMYK colour only.
"""

from __future__ import annotations

import io
import logging
from typing import Any

from ..errors import ParseError
from ..layout.printers import INCH, BookRules, printer
from .pdfscan import Mark, scan_page
from .preflight import SPECS, Finding, _box, check_fonts

EXACT = 0.01
"""Points of slack for the cover's size when the interior's trim is known: the spine formula is met
exactly (boxes are written to 0.001 pt)."""
LISTED = 1.5
"""Points of slack for the cover's size against the printer's list of trims (given to 0.01 in)."""
SLACK = 0.5
"""Points of slack for positions of what is painted."""


def _inches(points: float) -> str:
    return f"{points / INCH:.4f}".rstrip("0").rstrip(".") + " in"


def expected_panel(rules: BookRules, trim_width: float, trim_height: float, spine: float) -> tuple[float, float] | None:
    """The printer's trim size of the cover's height whose cover with ``spine`` is nearest ``trim_width``
    wide, or None when no trim size has that height."""
    sizes = [(w, h) for w, h in SPECS[rules.name].trim_sizes if abs(trim_height - h) <= 1.0]
    return min(sizes, key=lambda size: abs(2 * size[0] + spine - trim_width), default=None)


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _is_white(mark: Mark) -> bool:
    values = mark.colour.values
    return (mark.colour.space == "DeviceGray" and values == (1.0,)) or \
        (mark.colour.space == "DeviceCMYK" and not any(values))


def cover_preflight(pdf: bytes, spec: str, pages: int, *, paper: str = "white", thickness: float | None = None,
                    trim_size: tuple[float, float] | None = None) -> list[Finding]:
    """Every rule of printer ``spec`` the cover PDF breaks for a book of ``pages`` pages on ``paper``.

    With ``trim_size`` (the interior's trim, in points) the cover must be exactly two trims and the spine
    wide; without it, two of the printer's listed trims and the spine, to the list's rounding.

    Raises :class:`~sudokuprint.errors.ParseError` (exit 2) for bytes that are not a readable PDF.
    """
    from pypdf import PdfReader  # as preflight does: pypdf is loaded only when a file is checked
    from pypdf.errors import PdfReadError  # as above

    rules = printer(spec)
    interior = SPECS[spec]
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    if not pdf.lstrip()[:5] == b"%PDF-":
        raise ParseError("PDF", "not a PDF file", line=1, text=pdf[:20].decode("latin-1"), expected="%PDF-")
    try:
        reader = PdfReader(io.BytesIO(pdf))
        count = len(reader.pages)
        page: Any = reader.pages[0] if count else None
    except (PdfReadError, ValueError, OSError) as error:
        raise ParseError("PDF", f"not a readable PDF: {error}") from None
    if count != 1:
        return [Finding(None, "cover", f"a cover is one page (back, spine and front); this file has {count}")]
    findings: list[Finding] = []
    spine = rules.spine_width(pages, paper, thickness)
    media = _box(page, "MediaBox") or (0.0, 0.0, 0.0, 0.0)
    trim = _box(page, "TrimBox")
    if trim is None:
        return [Finding(1, "cover", "the cover has no trim box")]
    width, height = trim[2] - trim[0], trim[3] - trim[1]
    panel = trim_size or expected_panel(rules, width, height, spine)
    slack = EXACT if trim_size else LISTED
    paper_text = f"{thickness:g} in paper" if thickness is not None else f"{paper} paper"
    if panel is None:
        findings.append(Finding(1, "size", f"the cover's trim is {_inches(width)} x {_inches(height)}: no "
                                           f"{rules.label} trim size is {_inches(height)} high"))
    else:
        want = 2 * panel[0] + spine
        if abs(width - want) > slack or abs(height - panel[1]) > slack:
            findings.append(Finding(1, "size", f"the cover's trim is {_inches(width)} x {_inches(height)}; for "
                                               f"{pages} pages on {paper_text} (spine {_inches(spine)}) a "
                                               f"{panel[0] / INCH:g} x {panel[1] / INCH:g} in book's cover is "
                                               f"{_inches(want)} x {_inches(panel[1])}"))
    bleeds = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
    if any(abs(b - rules.cover_bleed) > EXACT for b in bleeds):
        findings.append(Finding(1, "bleed", f"the cover's bleed is {', '.join(_inches(b) for b in bleeds)} (left, "
                                            f"bottom, right, top); {rules.label}: {_inches(rules.cover_bleed)} "
                                            "on every side"))
    contents = page.get_contents()
    scan = scan_page(contents.get_data() if contents is not None else b"", page.get("/Resources"))
    findings += _check_marks(rules, interior.min_text, pages, spine, trim, scan.marks)
    findings += check_fonts(1, scan, set())
    return findings


def _check_marks(rules: BookRules, min_text: float, pages: int, spine: float,
                 trim: tuple[float, float, float, float], marks: list[Mark]) -> list[Finding]:
    """Spine text, safe areas, the barcode area, text sizes and colours."""
    findings: dict[str, Finding] = {}

    def note(rule: str, message: str) -> None:
        findings.setdefault(rule, Finding(1, rule, message))

    centre = (trim[0] + trim[2]) / 2
    folds = (centre - spine / 2, centre + spine / 2)
    safe = rules.cover_safe
    code_w, code_h = rules.barcode
    code_right, code_bottom = folds[0] - rules.barcode_margin, trim[1] + rules.barcode_margin
    barcode = (code_right - code_w, code_bottom, code_right, code_bottom + code_h)
    cleared: int | None = None
    for index, mark in enumerate(marks):
        x0, y0, x1, y1 = mark.box
        what = f"text {mark.text!r}" if mark.kind == "text" else {"stroke": "a line", "fill": "a shape",
                                                                    "image": "an image"}[mark.kind]
        bleeds = x0 < trim[0] - SLACK or y0 < trim[1] - SLACK or x1 > trim[2] + SLACK or y1 > trim[3] + SLACK
        if mark.kind == "fill" and _is_white(mark) and x0 <= barcode[0] + SLACK and y0 <= barcode[1] + SLACK \
                and x1 >= barcode[2] - SLACK and y1 >= barcode[3] - SLACK:
            cleared = index
        elif cleared is not None and _overlaps(mark.box, barcode):
            note("barcode", f"{what} is painted over the barcode area "
                            f"({_inches(code_w)} x {_inches(code_h)} at the back's lower right)")
        if not mark.colour.is_black_and_white() and mark.colour.space != "DeviceCMYK":
            note("colour", f"{what} in {mark.colour.describe()}; a print cover is grey or CMYK")
        if mark.kind == "text" and mark.weight < min_text - 0.05:
            note("text", f"{what} at {mark.weight:.1f} pt; {rules.label}: text at least {min_text:g} pt")
        if bleeds:
            continue
        on_spine = x1 > folds[0] + SLACK and x0 < folds[1] - SLACK
        if on_spine and mark.kind == "text":
            if not rules.spine_text_allowed(pages, spine, mark.weight):
                note("spine", f"{what} on the spine; {rules.label} allows spine text only "
                              + (f"from {rules.spine_text_pages} pages" if rules.spine_text_pages
                                 else "on a spine wide enough for it") + f" (this book: {pages} pages, "
                              f"spine {_inches(spine)})")
            elif x0 < folds[0] + rules.spine_safety - SLACK or x1 > folds[1] - rules.spine_safety + SLACK:
                note("spine", f"{what} is closer than {_inches(rules.spine_safety)} to a spine fold")
            continue
        if on_spine:
            continue  # art may cross the spine; only text must keep clear of the folds
        left_edge, right_edge = (folds[1], trim[2]) if x0 >= folds[1] - SLACK else (trim[0], folds[0])
        distances = (x0 - left_edge, right_edge - x1, y0 - trim[1], trim[3] - y1)
        if min(distances) < safe - SLACK:
            note("safe", f"{what} is {_inches(max(min(distances), 0))} from the trim or a fold; "
                         f"{rules.label}: text and art at least {_inches(safe)} inside")
    if cleared is None:
        note("barcode", f"no white {_inches(code_w)} x {_inches(code_h)} barcode area at the back's lower right "
                        f"({_inches(rules.barcode_margin)} from the bottom trim and the spine fold)")
    return list(findings.values())
