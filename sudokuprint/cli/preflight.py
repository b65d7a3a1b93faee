"""The ``preflight`` command: is a PDF ready for a print-on-demand printer?"""

from __future__ import annotations

import json
import sys

import click

from ..errors import ExitCode, ParseError
from ..render.preflight import SPECS, preflight as check_pdf
from .app import main, quiet, stop


@main.command()
@click.argument("pdf", metavar="FILE.pdf", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--spec", type=click.Choice(sorted(SPECS)), default="kdp", show_default=True,
              help="The printer whose published rules the file must pass.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="How the findings are written.")
def preflight(pdf: str, spec: str, output_format: str) -> None:
    """Check a PDF against a printer's rules for black-and-white interiors, page by page.

    Checks the trim and bleed boxes, safe margins (inside margin by page count),
    rule weights, text sizes, embedded fonts, grey/pure-K colour, transparency
    and the page count. Exits 1 with the list when the file breaks a rule.
    Example: sudokuprint preflight book.pdf --spec kdp
    """
    try:
        data = sys.stdin.buffer.read() if pdf == "-" else open(pdf, "rb").read()
    except OSError as error:
        raise click.BadParameter(f"{pdf}: cannot read: {error.strerror}", param_hint="FILE.pdf") from None
    try:
        findings = check_pdf(data, spec)
    except ParseError as error:
        raise error.located("<stdin>" if pdf == "-" else pdf) from None
    if quiet():  # -q: print nothing; the exit code says pass (0) or fail (1)
        if findings:
            stop(ExitCode.FAILED)
        return
    label = SPECS[spec].label
    if output_format == "json":
        click.echo(json.dumps({"file": pdf, "spec": spec, "passed": not findings,
                               "findings": [{"page": f.page, "rule": f.rule, "message": f.message} for f in findings]},
                              ensure_ascii=False))
    else:
        for finding in findings:
            click.echo(str(finding))
        verdict = f"fails {label}'s rules ({len(findings)} finding{'s' if len(findings) != 1 else ''})" if findings \
            else f"passes {label}'s rules"
        click.echo(f"{pdf}: {verdict}", err=True)
    if findings:
        stop(ExitCode.FAILED)
