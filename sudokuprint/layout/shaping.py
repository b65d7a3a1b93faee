"""Text as it is set on the page: bidirectional order and shaping, for every script a buyer may use.

A text is cut into *pieces*, left to right as printed, each drawn with one
face of the role's fallback chain:

* the order comes from the Unicode Bidirectional Algorithm (python-bidi):
  an Arabic or Hebrew title runs right to left, a Latin word or a number in
  it left to right;
* a piece of Arabic, Hebrew or an Indic script (Devanagari ...) or with
  combining marks is *shaped* by HarfBuzz (uharfbuzz): Arabic letters take
  their joined forms, Devanagari its conjuncts and vowel signs.  Such a
  piece keeps its text in logical order with the direction it runs in, and
  both backends shape it the same way (the PDF through reportlab's HarfBuzz
  support, the PNG through Pillow's libraqm, which is HarfBuzz too);
* any other piece (Latin, Cyrillic, Greek, CJK, digits) is drawn glyph by
  glyph at the font's advances, as before.

Widths are in em, measured with HarfBuzz for shaped pieces.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from ..errors import MissingDependencyError

RTL_CLASSES = {"R", "AL"}
"""Bidirectional classes of right-to-left letters."""
_INDIC = (0x0900, 0x0DFF)
"""Devanagari to Sinhala: scripts whose letters combine and reorder."""


def is_rtl(char: str) -> bool:
    return unicodedata.bidirectional(char) in RTL_CLASSES


def needs_shaping(char: str) -> bool:
    """True for characters drawn right only when shaped: right-to-left letters, Indic letters, marks."""
    code = ord(char)
    return is_rtl(char) or _INDIC[0] <= code <= _INDIC[1] or unicodedata.category(char) in ("Mn", "Mc", "Me")


def visual_order(text: str) -> str:
    """``text`` in the order it is printed, left to right (unchanged when nothing in it runs right to left)."""
    if not any(is_rtl(char) for char in text):
        return text
    try:
        from bidi import get_display  # python-bidi: loaded only for right-to-left text
    except ImportError:
        raise MissingDependencyError(f"the text {text!r} runs right to left and needs the python-bidi package "
                                     "(pip install python-bidi)") from None
    return get_display(text)


def segments(run: str) -> list[tuple[str, str | None]]:
    """A run of visually ordered text cut where shaping starts or stops: ``(text, direction)`` with the text
    of a right-to-left segment put back in logical order."""
    found: list[tuple[str, str | None]] = []
    for char in run:
        kind = "rtl" if is_rtl(char) else "ltr" if needs_shaping(char) else None
        if kind is None and char.isspace() and found and found[-1][1] == "rtl":
            kind = None  # a space ends a right-to-left word: words are shaped one by one
        if unicodedata.category(char) in ("Mn", "Me") and found and found[-1][1] is not None:
            kind = found[-1][1]  # a mark stays with the letter it sits on
        if found and found[-1][1] == kind:
            found[-1] = (found[-1][0] + char, kind)
        else:
            found.append((char, kind))
    return [(text[::-1] if kind == "rtl" else text, kind) for text, kind in found]


@lru_cache(maxsize=32)
def _hb_font(path: str, index: int):  # type: ignore[no-untyped-def]
    try:
        import uharfbuzz  # HarfBuzz: loaded only when a text needs shaping
    except ImportError:
        raise MissingDependencyError("shaping this text needs the uharfbuzz package (pip install uharfbuzz)") from None
    with open(path, "rb") as stream:
        face = uharfbuzz.Face(uharfbuzz.Blob(stream.read()), index)
    return uharfbuzz, uharfbuzz.Font(face), face.upem


@lru_cache(maxsize=4096)
def shaped_width(text: str, direction: str, path: str, index: int = 0) -> float:
    """The advance width in em of ``text`` shaped by HarfBuzz in ``direction``."""
    hb, font, upem = _hb_font(path, index)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    buffer.direction = direction
    hb.shape(font, buffer, {"kern": True, "liga": True})
    return sum(position.x_advance for position in buffer.glyph_positions) / upem
