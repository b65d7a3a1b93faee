"""Preflight: a PDF checked against a print-on-demand printer's published rules for interiors.

What is checked, page by page: the page, trim and bleed boxes for the trim
size; the safe margins from the trim (outside, top, bottom; inside by the
page count); the weight of every stroked line; the size of every text; that
every font is embedded; that a black-and-white interior paints only grey or
pure K; that nothing uses transparency; and the page count.

The rules, with where they come from (the printers' help pages for paperback
interiors; the values are the ones those pages gave when this was written and
should be re-checked against them from time to time):

* Amazon KDP, "Paperback Submission Guidelines" / "Set trim size, bleed, and
  margins": bleed 0.125 in at the top, bottom and outside edge only (page
  size = trim + 0.125 in wide, + 0.25 in high); outside, top and bottom
  margins at least 0.25 in without bleed and 0.375 in with bleed; inside
  (gutter) margin by page count: 24-150 pages 0.375 in, 151-300 0.5 in,
  301-500 0.625 in, 501-700 0.75 in, 701-828 0.875 in; page count 24 to 828
  (black ink on white paper); fonts embedded; black-and-white interiors
  without colour; no transparency (flatten it).  KDP's guidance on line
  weight for print is 0.75 pt as the lightest rule that reproduces reliably,
  and 7 pt as the smallest readable text.
* IngramSpark, "File Creation Guide" (interior): bleed 0.125 in on the top,
  bottom and outside edge; margins at least 0.5 in from the trim on all
  sides, page numbers and running heads included (with or without bleed);
  gutter as for KDP where it is wider; page count 18 to 1,200; fonts embedded; no
  RGB in black-and-white interiors; rules at least 0.25 pt (0.5 pt advised);
  text at least 6 pt; transparency flattened.
"""

from __future__ import annotations

import io
import logging
import sys
from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import ParseError, PreflightError
from .pdfscan import Mark, PageScan, scan_page

INCH = 72.0


@dataclass(frozen=True)
class PrintSpec:
    """One printer's rules for black-and-white paperback interiors (lengths in points)."""

    name: str
    label: str
    trim_sizes: tuple[tuple[float, float], ...]
    bleed: float
    margin: float
    """Least distance from a trim edge to anything printed, without bleed."""
    margin_bleed: float
    """... and with bleed."""
    gutter: tuple[tuple[int, float], ...]
    """(up to this many pages, least inside margin), ascending."""
    min_rule: float
    min_text: float
    pages: tuple[int, int]
    black_and_white: bool = True

    def inside_margin(self, page_count: int) -> float:
        """The least inside margin for a book of ``page_count`` pages."""
        for most, margin in self.gutter:
            if page_count <= most:
                return margin
        return self.gutter[-1][1]


def _inches(*sizes: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    return tuple((w * INCH, h * INCH) for w, h in sizes)


_GUTTER = ((150, 0.375 * INCH), (300, 0.5 * INCH), (500, 0.625 * INCH), (700, 0.75 * INCH), (10_000, 0.875 * INCH))
_KDP_TRIMS = _inches((5, 8), (5.06, 7.81), (5.25, 8), (5.5, 8.5), (6, 9), (6.14, 9.21), (6.69, 9.61), (7, 10),
                     (7.44, 9.69), (7.5, 9.25), (8, 10), (8.25, 6), (8.25, 8.25), (8.5, 8.5), (8.5, 11), (8.27, 11.69),
                     (8.25, 11))

SPECS: dict[str, PrintSpec] = {
    "kdp": PrintSpec("kdp", "KDP", _KDP_TRIMS, 0.125 * INCH, 0.25 * INCH, 0.375 * INCH, _GUTTER, 0.75, 7.0, (24, 828)),
    "ingramspark": PrintSpec("ingramspark", "IngramSpark",
                             _KDP_TRIMS + _inches((4, 6), (4.25, 7), (4.37, 7), (5.83, 8.27), (6.5, 6.5), (7.5, 7.5)),
                             0.125 * INCH, 0.5 * INCH, 0.5 * INCH, _GUTTER, 0.25, 6.0, (18, 1200)),
}
"""The printers' rules by name (see the module's docstring for their sources)."""

TOLERANCE = 0.5
"""Points of slack when comparing page sizes and boxes (rounding in PDF files)."""
MARGIN_SLACK = 0.01
"""Points of slack for the margins: what is printed stays inside them, short of rounding in the file."""


@dataclass(frozen=True)
class Finding:
    """One broken rule, on a page (1-based) or on the whole file (page None)."""

    page: int | None
    rule: str
    message: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.message}" if self.page else self.message


def _fmt(points: float) -> str:
    return f"{points / INCH:.3f}".rstrip("0").rstrip(".") + " in"


def _size(width: float, height: float) -> str:
    return f"{width / INCH:.3g} x {height / INCH:.3g} in"


def _box(page: Any, name: str) -> tuple[float, float, float, float] | None:
    if f"/{name}" not in page:
        return None
    values = [float(v) for v in page[f"/{name}"]]
    return min(values[0], values[2]), min(values[1], values[3]), max(values[0], values[2]), max(values[1], values[3])


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _trim_size(spec: PrintSpec, width: float, height: float) -> tuple[float, float] | None:
    for size in spec.trim_sizes:
        if abs(width - size[0]) <= 1.0 and abs(height - size[1]) <= 1.0:
            return size
    return None


def check_boxes(spec: PrintSpec, number: int, page: Any) -> tuple[list[Finding], tuple[float, float, float, float], bool]:
    """Findings about the page's boxes, its trim box and whether it has bleed."""
    findings = []
    media = _box(page, "MediaBox") or (0.0, 0.0, 612.0, 792.0)
    trim = _box(page, "TrimBox") or media
    width, height = trim[2] - trim[0], trim[3] - trim[1]
    if _trim_size(spec, width, height) is None:
        findings.append(Finding(number, "trim", f"trim size {_size(width, height)} is not one of {spec.label}'s "
                                              "trim sizes"))
    bleed = not (_near(media[0], trim[0]) and _near(media[1], trim[1]) and _near(media[2], trim[2])
                 and _near(media[3], trim[3]))
    if bleed:
        recto = number % 2 == 1
        want_width, want_height = width + spec.bleed, height + 2 * spec.bleed
        media_w, media_h = media[2] - media[0], media[3] - media[1]
        if not (_near(media_w, want_width) and _near(media_h, want_height)):
            findings.append(Finding(number, "bleed", f"page (media box) is {_size(media_w, media_h)}; "
                                                     f"{spec.label}'s size with bleed for a {_size(width, height)} "
                                                     f"trim is {_size(want_width, want_height)} (bleed at the top, "
                                                     "bottom and outside edge only)"))
        else:
            spine = trim[0] - media[0] if recto else media[2] - trim[2]
            if spine > TOLERANCE:
                findings.append(Finding(number, "bleed", f"bleed of {_fmt(spine)} at the spine edge; "
                                                         f"{spec.label} wants bleed on the outside edge only"))
        if "/TrimBox" not in page:
            findings.append(Finding(number, "bleed", "a page with bleed has no trim box"))
    return findings, trim, bleed


def check_marks(spec: PrintSpec, number: int, page_count: int, scan: PageScan,
                trim: tuple[float, float, float, float], bleed: bool) -> list[Finding]:
    """Findings about what the page paints: margins, rules, text sizes, colours, transparency."""
    findings: list[Finding] = []
    recto = number % 2 == 1
    margin = spec.margin_bleed if bleed else spec.margin
    inside = max(margin, spec.inside_margin(page_count))
    left_margin, right_margin = (inside, margin) if recto else (margin, inside)
    worst: dict[str, tuple[float, str]] = {}

    def note(rule: str, badness: float, message: str) -> None:
        if rule not in worst or badness > worst[rule][0]:
            worst[rule] = (badness, message)
        counts[rule] = counts.get(rule, 0) + 1

    counts: dict[str, int] = {}
    for mark in scan.marks:
        what = _what(mark)
        x0, y0, x1, y1 = mark.box
        bleeds = x0 < trim[0] - TOLERANCE or x1 > trim[2] + TOLERANCE or y0 < trim[1] - TOLERANCE \
            or y1 > trim[3] + TOLERANCE
        if bleeds and mark.kind != "text" and bleed:
            pass  # art that runs into the bleed on purpose
        elif bleeds and not bleed and mark.kind != "text":
            note("bleed", 1.0, f"{what} runs past the trim but the page has no bleed")
        else:
            for edge, distance, least in (("left", x0 - trim[0], left_margin), ("right", trim[2] - x1, right_margin),
                                          ("top", trim[3] - y1, margin), ("bottom", y0 - trim[1], margin)):
                if distance < least - MARGIN_SLACK:
                    side = "inside" if least == inside and edge in ("left", "right") and inside > margin else edge
                    rule_text = (f"{_fmt(least)} inside margin for {page_count} pages" if side == "inside"
                                 else f"at least {_fmt(least)} {'with' if bleed else 'without'} bleed")
                    note("margin", least - distance, f"{what} is {_fmt(max(distance, 0))} from the {edge} trim "
                                                     f"edge; {spec.label}: {rule_text}")
        if mark.kind == "stroke" and mark.weight < spec.min_rule - 1e-6:
            note("rule", spec.min_rule - mark.weight, f"a line of {mark.weight:.2g} pt; {spec.label}: rules at "
                                                      f"least {spec.min_rule:g} pt")
        if mark.kind == "text" and mark.weight < spec.min_text - 0.05:
            note("text", spec.min_text - mark.weight, f"{what} at {mark.weight:.1f} pt; {spec.label}: text at "
                                                      f"least {spec.min_text:g} pt")
        if spec.black_and_white and not mark.colour.is_black_and_white():
            note("colour", 1.0, f"{what} in {mark.colour.describe()}; {spec.label}: a black-and-white interior "
                                "is grey or pure K only")
    for rule, (_, message) in sorted(worst.items()):
        more = counts[rule] - 1
        findings.append(Finding(number, rule, message + (f" (and {more} more like it)" if more else "")))
    for reason in dict.fromkeys(scan.transparency):
        findings.append(Finding(number, "transparency", f"transparency: {reason}; {spec.label}: flatten it"))
    return findings


def _what(mark: Mark) -> str:
    if mark.kind == "text":
        shown = mark.text if len(mark.text) <= 24 else mark.text[:21] + "..."
        return f"text {shown!r}"
    return {"stroke": "a line", "fill": "a filled shape", "image": "an image"}[mark.kind]


def check_fonts(number: int, scan: PageScan, seen: set[str]) -> list[Finding]:
    """A finding for every font used on the page that is not embedded (each font once per file)."""
    findings = []
    for font in scan.fonts.values():
        base = str(font.get("/BaseFont", "?")).lstrip("/")
        if base in seen:
            continue
        seen.add(base)
        if not _embedded(font):
            findings.append(Finding(number, "font", f"font {base} is not embedded"))
    return findings


def _embedded(font: Any) -> bool:
    subtype = str(font.get("/Subtype", ""))
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if not descendants:
            return False
        font = descendants[0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def preflight(pdf: bytes, spec: str | PrintSpec) -> list[Finding]:
    """Every rule of ``spec`` the PDF breaks, page by page (an empty list when it passes).

    Raises :class:`~sudokuprint.errors.ParseError` (exit 2) for bytes that are not a readable PDF.
    """
    from pypdf import PdfReader  # here: pypdf loads only when a PDF is checked (writing one never needs it)
    from pypdf.errors import PyPdfError  # here: as above

    rules = SPECS[spec] if isinstance(spec, str) else spec
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings about damaged files: the error says it
    if not pdf.lstrip()[:5] == b"%PDF-":
        raise ParseError("PDF", "not a PDF file", line=1, text=pdf[:20].decode("latin-1"), expected="%PDF-")
    try:
        reader = PdfReader(io.BytesIO(pdf))
        pages: Sequence[Any] = reader.pages
        count = len(pages)
    except (PyPdfError, ValueError, OSError) as error:
        raise ParseError("PDF", f"not a readable PDF: {error}") from None
    findings: list[Finding] = []
    low, high = rules.pages
    if not low <= count <= high:
        findings.append(Finding(None, "pages", f"{count} pages; {rules.label} prints {low} to {high} pages"))
    seen_fonts: set[str] = set()
    for number, page in enumerate(pages, 1):
        boxes, trim, bleed = check_boxes(rules, number, page)
        findings += boxes
        try:
            contents = page.get_contents()
            data = contents.get_data() if contents is not None else b""
        except (PyPdfError, ValueError, OSError, MemoryError) as error:  # LimitReachedError: a Flate bomb
            raise ParseError("PDF", f"page {number}: its content stream cannot be read safely ({error})") from None
        scan = scan_page(data, page.get("/Resources"))
        findings += check_marks(rules, number, count, scan, trim, bleed)
        findings += check_fonts(number, scan, seen_fonts)
        group = page.get("/Group")
        if group is not None and str(group.get_object().get("/S")) == "/Transparency":
            findings.append(Finding(number, "transparency", f"the page is a transparency group; {rules.label}: "
                                                            "flatten it"))
    return findings


def check_print_ready(data: bytes, spec: str, *, force: bool = False) -> None:
    """Preflight a print-on-demand PDF as it is made: a broken rule stops the job (exit 1), naming the page;
    so does a page count outside the printer's range, unless ``force`` (then it only warns on standard error)."""
    findings = preflight(data, spec)
    counts = [f for f in findings if f.rule == "pages"] if force else []
    broken = [f for f in findings if f not in counts]
    for finding in counts:
        print(f"sudokuprint: warning: {finding}", file=sys.stderr)
    if broken:
        shown = "\n  ".join(str(f) for f in broken[:20])
        more = f"\n  ... and {len(broken) - 20} more" if len(broken) > 20 else ""
        hint = " (--force writes a book of that page count)" if any(f.rule == "pages" for f in broken) else ""
        raise PreflightError(f"the PDF fails {SPECS[spec].label}'s preflight; nothing was written{hint}:\n"
                             f"  {shown}{more}", broken)