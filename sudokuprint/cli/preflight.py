"""The ``preflight`` command: is a PDF ready for a print-on-demand printer?"""

from __future__ import annotations

import json
import sys

import click

from ..errors import ExitCode, ParseError
from ..render.cover_preflight import cover_preflight
from ..render.preflight import SPECS, preflight as check_pdf
from .app import main, quiet, stop


@main.command()
@click.argument("pdf", metavar="FILE.pdf", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--spec", type=click.Choice(sorted(SPECS)), default="kdp", show_default=True,
              help="The printer whose published rules the file must pass.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="How the findings are written.")
@click.option("--cover", is_flag=True, help="FILE is a full-wrap cover: check its size for the page count, the "
                                          "spine, the bleed, the safe areas and the barcode area.")
@click.option("--pages", type=click.IntRange(1, 5000), default=None, help="With --cover: the interior's page count.")
@click.option("--interior", default=None, metavar="INTERIOR.pdf", type=click.Path(dir_okay=False, exists=True),
              help="With --cover: the interior PDF, whose page count sets the spine.")
@click.option("--paper", type=click.Choice(["white", "cream"]), default="white", show_default=True,
              help="With --cover: the paper, whose thickness sets the spine.")
@click.option("--paper-thickness", type=click.FloatRange(0.001, 0.01), default=None, metavar="INCHES",
              help="With --cover: the thickness of one page, instead of the printer's table.")
def preflight(pdf: str, spec: str, output_format: str, cover: bool, pages: int | None, interior: str | None,
              paper: str, paper_thickness: float | None) -> None:
    """Check a PDF against a printer's rules for black-and-white interiors, page by page, or a cover.

    Checks the trim and bleed boxes, safe margins (inside margin by page count),
    rule weights, text sizes, embedded fonts, grey/pure-K colour, transparency
    and the page count. With --cover (and --pages N or --interior FILE) it
    checks a full-wrap cover instead. Exits 1 with the list when the file
    breaks a rule. Example: sudokuprint preflight book.pdf --spec kdp
    """
    if (pages or interior or paper_thickness) and not cover:
        raise click.UsageError("--pages, --interior and --paper-thickness go with --cover")
    if cover and (pages is None) == (interior is None):
        raise click.UsageError("--cover needs the interior's page count: --pages N or --interior FILE.pdf")
    data = _read(pdf, "FILE.pdf")
    try:
        if cover:
            trim = None
            if interior is not None:
                pages, trim = _interior(interior)
            findings = cover_preflight(data, spec, pages or 0, paper=paper, thickness=paper_thickness,
                                       trim_size=trim)
        else:
            findings = check_pdf(data, spec)
    except ParseError as error:
        raise error.located("<stdin>" if pdf == "-" else pdf) from None
    if quiet():  # -q: print nothing; the exit code says pass (0) or fail (1)
        if findings:
            stop(ExitCode.FAILED)
        return
    label = SPECS[spec].label + ("'s cover" if cover else "'s")
    if output_format == "json":
        click.echo(json.dumps({"file": pdf, "spec": spec, "passed": not findings,
                               "findings": [{"page": f.page, "rule": f.rule, "message": f.message} for f in findings]},
                              ensure_ascii=False))
    else:
        for finding in findings:
            click.echo(str(finding))
        verdict = f"fails {label} rules ({len(findings)} finding{'s' if len(findings) != 1 else ''})" if findings \
            else f"passes {label} rules"
        click.echo(f"{pdf}: {verdict}", err=True)
    if findings:
        stop(ExitCode.FAILED)


def _read(path: str, hint: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as error:
        raise click.BadParameter(f"{path}: cannot read: {error.strerror}", param_hint=hint) from None


def _interior(path: str) -> tuple[int, tuple[float, float]]:
    """The page count and trim size of the interior PDF at ``path`` (exit 2 naming it when it is not a PDF)."""
    from pypdf import PdfReader  # pypdf is loaded only when a file is checked
    from pypdf.errors import PdfReadError  # as above

    try:
        pages = PdfReader(path).pages
        box = pages[0].trimbox
        return len(pages), (float(box.width), float(box.height))
    except (PdfReadError, ValueError, OSError, IndexError) as error:
        raise ParseError("PDF", f"not a readable PDF: {error}").located(path) from None
