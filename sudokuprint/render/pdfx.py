"""PDF/X: a finished PDF made ready for a print shop, with pikepdf (qpdf) and an ICC profile from Debian.

What PDF/X asks beyond what the PDF backend writes (ISO 15930-4 for
PDF/X-1a:2003, ISO 15930-7 for PDF/X-4):

* an output intent: the printing condition the file is made for, with its
  ICC profile embedded (``/OutputIntents`` in the catalogue).  The profile is
  Artifex's CMYK SWOP profile (``default_cmyk.icc``, Debian package
  ``libgs-common``, installed by ``scripts/install-system-deps.sh``), for the
  printing condition CGATS TR 001 (SWOP coated), which KDP and IngramSpark
  accept for black-and-white books and covers;
* a TrimBox on every page (the MediaBox when nothing bleeds) and a BleedBox
  where the page bleeds;
* the version keys ``GTS_PDFXVersion`` in the document information (and, for
  PDF/X-4, in the XMP metadata), ``Trapped`` set to ``False``, a title, the
  creation and modification dates, and a file identifier;
* nothing PDF/X forbids: no embedded files (a booklet's page plan stays out),
  no transparency and only grey or CMYK (the pages are grey by construction,
  and preflight checks both), PDF 1.4 without object streams for PDF/X-1a.

Every object is made with pikepdf's object model; no PDF syntax is written by hand.
"""

from __future__ import annotations

import io
import os
import time
from dataclasses import dataclass
from typing import Any

from ..errors import MissingDependencyError

PROFILE_PATH = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
PROFILE_PACKAGE = "libgs-common"


@dataclass(frozen=True)
class Conformance:
    """One PDF/X conformance level and what it needs."""

    name: str
    version: str
    """The value of ``GTS_PDFXVersion``."""
    pdf_version: str
    xmp: bool


CONFORMANCES = {
    "1a": Conformance("PDF/X-1a:2003", "PDF/X-1a:2003", "1.4", False),
    "4": Conformance("PDF/X-4", "PDF/X-4", "1.6", True),
}
"""The PDF/X levels sudokuprint writes, by their short name."""

OUTPUT_CONDITION = "CGATS TR 001"
OUTPUT_CONDITION_INFO = "SWOP (Publication) coated, Artifex CMYK SWOP profile"
REGISTRY = "http://www.color.org"


def output_profile() -> bytes:
    """The CMYK output profile's bytes; exit 3 naming the Debian package when it is missing."""
    try:
        with open(PROFILE_PATH, "rb") as stream:
            data = stream.read()
    except OSError:
        raise MissingDependencyError(f"PDF/X needs the ICC profile {PROFILE_PATH}; install the package "
                                     f"{PROFILE_PACKAGE} (scripts/install-system-deps.sh)") from None
    if data[36:40] != b"acsp" or data[16:20] != b"CMYK":
        raise MissingDependencyError(f"{PROFILE_PATH} is not a CMYK ICC profile; reinstall {PROFILE_PACKAGE}")
    return data


def _pdf_date(seconds: float) -> str:
    """A PDF date string (``D:YYYYMMDDHHmmSSZ``) in UTC."""
    return time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(seconds))


def _made_at() -> float:
    """When the file is made: ``SOURCE_DATE_EPOCH`` when set (reproducible builds), else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return float(epoch) if epoch.isdigit() else time.time()


def make_pdfx(pdf: bytes, *, level: str = "1a", title: str = "Sudoku") -> bytes:
    """``pdf`` as a PDF/X file of ``level`` (``1a`` or ``4``): output intent, boxes and version keys added.

    Pages without a TrimBox get their MediaBox as TrimBox; a BleedBox is kept
    where the page has one.  Embedded files are dropped (PDF/X forbids them).
    """
    try:
        import pikepdf  # heavy (qpdf): loaded only when a PDF/X file is made
    except ImportError:
        raise MissingDependencyError("PDF/X needs the pikepdf package (pip install pikepdf)") from None

    conformance = CONFORMANCES[level]
    profile = output_profile()
    with pikepdf.open(io.BytesIO(pdf)) as document:
        _add_output_intent(document, pikepdf, profile)
        for page in document.pages:
            media = page.obj.MediaBox
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = pikepdf.Array(list(media))
            if "/BleedBox" not in page.obj:
                page.obj.BleedBox = pikepdf.Array(list(media))
        names = document.Root.get("/Names")
        if names is not None and "/EmbeddedFiles" in names:
            del names["/EmbeddedFiles"]
        stamp = _pdf_date(_made_at())
        info = document.docinfo
        info.Title = pikepdf.String(str(info.get("/Title", "")) or title)
        info.GTS_PDFXVersion = pikepdf.String(conformance.version)
        info.Trapped = pikepdf.Name("/False")
        info.CreationDate = pikepdf.String(stamp)
        info.ModDate = pikepdf.String(stamp)
        if conformance.xmp:
            _add_xmp(document, conformance, stamp)
        buffer = io.BytesIO()
        document.save(buffer, force_version=conformance.pdf_version, deterministic_id=True,
                      object_stream_mode=pikepdf.ObjectStreamMode.disable, fix_metadata_version=False)
    return buffer.getvalue()


def _add_output_intent(document: Any, pikepdf: Any, profile: bytes) -> None:
    stream = pikepdf.Stream(document, profile)
    stream.N = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
        OutputCondition=pikepdf.String(OUTPUT_CONDITION_INFO),
        RegistryName=pikepdf.String(REGISTRY),
        Info=pikepdf.String(OUTPUT_CONDITION_INFO),
        DestOutputProfile=document.make_indirect(stream),
    )
    document.Root.OutputIntents = pikepdf.Array([document.make_indirect(intent)])


def _add_xmp(document: Any, conformance: Conformance, stamp: str) -> None:
    """The XMP packet PDF/X-4 asks for: the version key, the dates, the title and the trapping flag."""
    iso = f"{stamp[2:6]}-{stamp[6:8]}-{stamp[8:10]}T{stamp[10:12]}:{stamp[12:14]}:{stamp[14:16]}Z"
    with document.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["pdfxid:GTS_PDFXVersion"] = conformance.version
        meta["xmp:CreateDate"] = iso
        meta["xmp:ModifyDate"] = iso
        meta["xmp:MetadataDate"] = iso
        meta["pdf:Trapped"] = "False"
        meta["dc:title"] = str(document.docinfo.get("/Title", ""))
