"""The PDF backend: the page model drawn with reportlab as vector graphics.

Fonts are the TrueType files of :mod:`sudokuprint.layout.fonts`, embedded and
subset; a text is drawn piece by piece (:mod:`sudokuprint.layout.shaping`),
each in the first face of its role's fallback chain that has its glyphs, a
piece of Arabic, Hebrew or Devanagari shaped by HarfBuzz through reportlab.
In invariant mode (the default) the same document gives the same bytes: no
dates or random ids are written.

Every glyph carries its characters in the font's ToUnicode map, so a reader
that searches or copies the text finds what was printed.  reportlab writes
that map with four hex digits a character, which breaks for characters beyond
U+FFFF (an emoji came out as "ὠ"), and maps a shaped glyph that has no
character of its own (a Devanagari conjunct) to a private-use code; the map
is made here instead (:func:`to_unicode_cmap`), in UTF-16 with surrogate
pairs, each private-use glyph mapped to the characters it was shaped from.
"""

from __future__ import annotations

import io
import zlib
from typing import Callable, Iterable

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, ttfonts
from reportlab.pdfgen.canvas import Canvas

from ..layout.fonts import DEFAULT_FONTS, FontSet, pdf_font, text_pieces, text_width
from ..layout.page import Box, Document, Line, Page, Rect, Text
from .page_outputs import PageOutput, register_page_output
from .preflight import SPECS, check_print_ready

rl_config.useA85 = 0  # binary compressed streams: smaller files, and no slow ASCII85 step
PRIVATE_USE = range(0xE000, 0xF900)
_SHAPED_TEXT: dict[tuple[str, int], str] = {}
"""(font's PostScript name, private-use code reportlab gave a shaped glyph) -> the characters it shows."""


def to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """The ToUnicode CMap of one font subset: code ``i`` -> the UTF-16 of character ``subset[i]`` (or of
    the characters a private-use shaped glyph stands for).  Replaces reportlab's own (see the module's
    docstring); the CMap resource is the standard one of the PDF reference, 5.9."""
    face = fontname.split("+", 1)[-1]
    pairs = []
    for index, code in enumerate(subset):
        text = _SHAPED_TEXT.get((face, code), chr(code)) if code in PRIVATE_USE else chr(code)
        pairs.append(f"<{index:02X}> <{text.encode('utf-16-be').hex().upper()}>")
    return "\n".join(["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
                      f"/CIDSystemInfo << /Registry ({fontname}) /Ordering ({fontname}) /Supplement 0 >> def",
                      f"/CMapName /{fontname} def", "/CMapType 2 def", "1 begincodespacerange",
                      f"<00> <{len(subset) - 1:02X}>", "endcodespacerange", f"{len(pairs)} beginbfchar", *pairs,
                      "endbfchar", "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"])


ttfonts.makeToUnicodeCMap = to_unicode_cmap  # reportlab calls this module-level function for every subset


def shaped(text: str, font_name: str, size: float) -> str:
    """``text`` shaped by HarfBuzz with reportlab (a ``ShapedStr`` of glyphs in printing order), noting what
    each private-use glyph stands for."""
    font = ttfonts.pdfmetrics.getFont(font_name)
    result = ttfonts.shapeStr(text, font_name, size, force=True)
    data = getattr(result, "__shapeData__", None)
    if data is None:
        return result
    starts = sorted({d.cluster for d in data})
    spans = {start: text[start:end] for start, end in zip(starts, starts[1:] + [len(text)])}
    for char, entry in zip(result, data):  # what the cluster's glyphs with characters of their own show
        if ord(char) not in PRIVATE_USE:
            spans[entry.cluster] = spans.get(entry.cluster, "").replace(char, "", 1)
    face = font.face.name.decode("latin-1")
    for char, entry in zip(result, data):
        key = (face, ord(char))
        if ord(char) in PRIVATE_USE and key not in _SHAPED_TEXT:
            _SHAPED_TEXT[key] = spans.get(entry.cluster, "") or char
            spans[entry.cluster] = ""
    return result
_PROJECTING_CAP = 2
_MITER_JOIN = 0


def _pdf_box(box: Box | None, height: float) -> tuple[float, float, float, float] | None:
    """A top-left page box as PDF's bottom-up [x0 y0 x1 y1]."""
    if box is None:
        return None
    left, top, right, bottom = box
    return (round(left, 3), round(height - bottom, 3), round(right, 3), round(height - top, 3))


def _draw_lines(canvas: Canvas, lines: list[Line], height: float) -> None:
    first = lines[0]
    canvas.setLineWidth(first.width)
    canvas.setStrokeGray(first.grey)
    path = canvas.beginPath()
    for line in lines:
        path.moveTo(line.x1, height - line.y1)
        path.lineTo(line.x2, height - line.y2)
    canvas.drawPath(path, stroke=1, fill=0)


def _draw_rect(canvas: Canvas, rect: Rect, height: float) -> None:
    if rect.fill is not None:
        canvas.setFillGray(rect.fill)
    if rect.stroke is not None:
        canvas.setStrokeGray(rect.stroke)
        canvas.setLineWidth(rect.line_width)
    canvas.rect(rect.x, height - rect.y - rect.height, rect.width, rect.height,
                stroke=int(rect.stroke is not None), fill=int(rect.fill is not None))


def _draw_texts(canvas: Canvas, texts: list[Text], height: float, fonts: FontSet) -> None:
    """Each text in its own text object (readers take one object for one string), each run at its
    origin in the face that has its glyphs; a rotated text turns about its anchor.

    Alignment uses the same advances as the PNG backend, so both place every glyph alike.
    """
    grey: float | None = None
    for text in texts:
        pieces = text_pieces(text.text, text.font, fonts)
        x, y = text.x, height - text.y
        if text.rotation:
            canvas.saveState()
            canvas.translate(x, y)
            canvas.rotate(text.rotation)
            x = y = 0.0
        if text.align != "left":
            width = text_width(text.text, text.font, text.size, fonts)
            x -= width / 2 if text.align == "center" else width
        if text.grey != grey:
            canvas.setFillGray(text.grey)
            grey = text.grey
        block = canvas.beginText(x, y)
        for number, piece in enumerate(pieces):
            name = pdf_font(piece.face).fontName
            block.setFont(name, text.size)
            if number:
                block.setTextOrigin(x, y)
            block.textOut(shaped(piece.text, name, text.size) if piece.direction else piece.text)
            x += piece.width * text.size
        canvas.drawText(block)
        if text.rotation:
            canvas.restoreState()  # also restores the fill grey of before
            grey = None


def _draw_page(canvas: Canvas, page: Page) -> None:
    fonts = page.fonts or DEFAULT_FONTS
    canvas.setPageSize((page.width, page.height))
    canvas.setTrimBox(_pdf_box(page.trim_box, page.height))
    canvas.setBleedBox(_pdf_box(page.bleed_box, page.height))
    canvas.setLineCap(_PROJECTING_CAP)
    canvas.setLineJoin(_MITER_JOIN)
    pending: list[Line] = []
    texts: list[Text] = []
    for item in page.items:
        if isinstance(item, Text):
            if pending:
                _draw_lines(canvas, pending, page.height)
                pending = []
            texts.append(item)
            continue
        if texts:
            _draw_texts(canvas, texts, page.height, fonts)
            texts = []
        if isinstance(item, Line):
            if pending and (pending[0].width, pending[0].grey) != (item.width, item.grey):
                _draw_lines(canvas, pending, page.height)
                pending = []
            pending.append(item)
            continue
        if pending:
            _draw_lines(canvas, pending, page.height)
            pending = []
        _draw_rect(canvas, item, page.height)
    if pending:
        _draw_lines(canvas, pending, page.height)
    if texts:
        _draw_texts(canvas, texts, page.height, fonts)
    canvas.showPage()
    _compress_last_page(canvas)


def _compress_last_page(canvas: Canvas) -> None:
    """Compress the page just finished now instead of when the file is saved.

    reportlab keeps every page's content as text until ``save``; a book of
    thousands of pages would then hold megabytes a page in memory.  The page's
    stream is deflated here, as reportlab would do it, and marked as filtered,
    so memory holds only the compressed pages (a few kilobytes each).
    """
    page = canvas._doc.Pages.pages[-1]
    if page.Contents or not page.stream:
        return
    stream = pdfdoc.PDFStream(content=zlib.compress(page.stream.encode("utf8")))
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


def _embed_files(canvas: Canvas, files: dict[str, bytes]) -> None:
    """Attach ``files`` (name -> bytes) as embedded files: the catalogue's ``EmbeddedFiles`` name tree,
    where every PDF reader lists a document's attachments; each stream deflated, its size recorded."""
    document = canvas._doc
    names: list[object] = []
    for name in sorted(files):  # a name tree's keys are in order
        data = files[name]
        stream = pdfdoc.PDFStream(content=zlib.compress(data))
        stream.dictionary["Type"] = pdfdoc.PDFName("EmbeddedFile")
        stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
        stream.dictionary["Params"] = pdfdoc.PDFDictionary({"Size": len(data)})
        spec = pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Filespec"), "F": pdfdoc.PDFString(name),
                                     "UF": pdfdoc.PDFString(name),
                                     "EF": pdfdoc.PDFDictionary({"F": document.Reference(stream)})})
        names += [pdfdoc.PDFString(name), document.Reference(spec)]
    tree = pdfdoc.PDFDictionary({"Names": pdfdoc.PDFArray(names)})
    document.Catalog.Names = pdfdoc.PDFDictionary({"EmbeddedFiles": tree})


def render_pdf(document: Document, *, invariant: bool = True,
               on_page: Callable[[], None] | None = None) -> bytes:
    """The PDF of a document; byte-identical for the same document when ``invariant``.

    ``document.attachments`` become embedded files; ``on_page`` is called after each page is drawn
    (for progress).
    """
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1 if invariant else 0, pageCompression=1,
                    initialFontName=pdf_font(DEFAULT_FONTS.primary("regular")).fontName, initialFontSize=10)
    meta = document.metadata
    canvas.setTitle(meta.title)
    canvas.setAuthor(meta.author)
    canvas.setSubject(meta.subject)
    canvas.setCreator(meta.creator)
    canvas.setKeywords(meta.keywords)
    for page in document.pages:
        _draw_page(canvas, page)
        if on_page is not None:
            on_page()
    if document.attachments:
        _embed_files(canvas, document.attachments)
    canvas.save()
    return buffer.getvalue()


def pdf_files(document: Document, *, dpi: float = 150, on_page: Callable[[], None] | None = None) -> Iterable[bytes]:
    """The ``pdf`` page output: the document in one PDF, preflighted when it is meant for a print-on-demand printer
    (``document.print_spec``); ``dpi`` has no say in vector pages."""
    data = render_pdf(document, on_page=on_page)
    if document.print_spec in SPECS:
        check_print_ready(data, document.print_spec, force=document.force_page_count)
    return [data]


register_page_output(PageOutput("pdf", ".pdf", pdf_files, summary="vector PDF, every page in one file"))
