"""The fonts every page uses and their metrics, shared by both backends.

A page names a font by its *role* (``regular`` or ``bold``).  A template maps
each role to a fallback chain of faces (``[fonts]`` in the TOML); text is
split into runs by glyph coverage: each character goes to the first face of
the chain that has a glyph for it.  A character no face has is an error
(:class:`~sudokuprint.errors.MissingGlyphError`), never an empty box.

The default chains, all free to redistribute and embedded as subsets:

* Bitstream Vera (shipped inside reportlab): Latin; the digits of every grid.
* DejaVu Sans (Debian ``fonts-dejavu-core``, Bitstream Vera licence): Latin,
  Cyrillic, Greek and more.
* Droid Sans Fallback (Debian ``fonts-droid-fallback``, Apache 2.0): CJK.
  Its Hangul is three syllables, so it is never used for Hangul.
* Nanum Gothic (Debian ``fonts-nanum``, SIL OFL): Korean Hangul, all 11,172
  syllables.  (Noto's Korean fonts are CFF-flavoured OpenType collections,
  which reportlab cannot embed; Nanum's are TrueType.)
* Noto Sans Devanagari (Debian ``fonts-noto-core``, SIL OFL): Devanagari.
* Symbola (Debian ``fonts-symbola``, free): emoji and symbols DejaVu lacks.

Arabic and Hebrew come from DejaVu Sans; they, Devanagari and any text with
combining marks are ordered and shaped by :mod:`.shaping`.  A face further
down a chain is opened only when a character needs it, so a missing package
matters only to the texts that need its font (exit 3 naming the package).

All are TrueType-outline fonts, which reportlab can embed.  The PDF and the
PNG are drawn with the same files, so the glyphs agree exactly.  Metrics are
read with Pillow from the font files themselves.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from PIL import Image, ImageDraw, ImageFont

from ..errors import MissingDependencyError, MissingGlyphError
from .shaping import segments, shaped_width, visual_order

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

_METRIC_SIZE = 1000
"""Font size (in pixels) at which metrics are measured: results are in 1/1000 em."""

FontName = Literal["regular", "bold"]
"""A font's role on the page: every text is set in one of the two."""

ROLES: tuple[FontName, ...] = ("regular", "bold")


@lru_cache(maxsize=None)
def font_directory() -> Path:
    """The folder of reportlab's bundled fonts."""
    import reportlab  # here: reportlab loads only when a font or a PDF needs it (PNG pages never do)

    return Path(os.path.dirname(reportlab.__file__)) / "fonts"


T = TypeVar("T")


def _hashed_once(cls: type[T]) -> type[T]:
    """A frozen dataclass that keys the metric caches, which are looked up for every glyph drawn, hashed once
    per object instead of field by field at each lookup.  The stored hash is left out of a pickle, since a
    string's hash differs from one process to the next."""
    names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]

    def __hash__(self: Any) -> int:
        value = self.__dict__.get("_hash")
        if value is None:
            value = self.__dict__["_hash"] = hash(tuple(getattr(self, name) for name in names))
        return value

    def __getstate__(self: Any) -> dict[str, Any]:
        return {key: value for key, value in self.__dict__.items() if key != "_hash"}

    setattr(cls, "__hash__", __hash__)
    setattr(cls, "__getstate__", __getstate__)
    return cls


@_hashed_once
@dataclass(frozen=True)
class Face:
    """One font file: where it is, which package installs it, which face of a collection."""

    name: str
    path: str
    package: str = ""
    """The Debian package that installs it (for the message when it is missing)."""
    index: int = 0
    """Face number inside a TrueType collection (.ttc)."""
    excludes: tuple[tuple[int, int], ...] = ()
    """Ranges of code points (first, last) the face is not used for although it has some glyphs there."""

    @property
    def pdf_name(self) -> str:
        """The name the face is registered under in reportlab."""
        return "Sudokuprint" + "".join(ch for ch in self.name if ch.isalnum())


_SYSTEM = Path("/usr/share/fonts/truetype")
HANGUL = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))
"""Hangul Jamo, compatibility Jamo and syllables."""
CATALOGUE: dict[str, Face] = {
    "Vera": Face("Vera", str(font_directory() / "Vera.ttf")),
    "VeraBold": Face("VeraBold", str(font_directory() / "VeraBd.ttf")),
    "DejaVuSans": Face("DejaVuSans", str(_SYSTEM / "dejavu" / "DejaVuSans.ttf"), "fonts-dejavu-core"),
    "DejaVuSansBold": Face("DejaVuSansBold", str(_SYSTEM / "dejavu" / "DejaVuSans-Bold.ttf"), "fonts-dejavu-core"),
    "DroidSansFallback": Face("DroidSansFallback", str(_SYSTEM / "droid" / "DroidSansFallbackFull.ttf"),
                              "fonts-droid-fallback", excludes=HANGUL),
    "NanumGothic": Face("NanumGothic", str(_SYSTEM / "nanum" / "NanumGothic.ttf"), "fonts-nanum"),
    "NanumGothicBold": Face("NanumGothicBold", str(_SYSTEM / "nanum" / "NanumGothicBold.ttf"), "fonts-nanum"),
    "WenQuanYiZenHei": Face("WenQuanYiZenHei", str(_SYSTEM / "wqy" / "wqy-zenhei.ttc"), "fonts-wqy-zenhei"),
    "NotoSansDevanagari": Face("NotoSansDevanagari", str(_SYSTEM / "noto" / "NotoSansDevanagari-Regular.ttf"),
                               "fonts-noto-core"),
    "NotoSansDevanagariBold": Face("NotoSansDevanagariBold", str(_SYSTEM / "noto" / "NotoSansDevanagari-Bold.ttf"),
                                   "fonts-noto-core"),
    "NotoSansArabic": Face("NotoSansArabic", str(_SYSTEM / "noto" / "NotoSansArabic-Regular.ttf"), "fonts-noto-core"),
    "NotoSansHebrew": Face("NotoSansHebrew", str(_SYSTEM / "noto" / "NotoSansHebrew-Regular.ttf"), "fonts-noto-core"),
    "Symbola": Face("Symbola", str(_SYSTEM / "ancient-scripts" / "Symbola_hint.ttf"), "fonts-symbola"),
}
"""Faces a template may name; a template may also give the path of a .ttf file."""

DEFAULT_CHAINS: dict[FontName, tuple[str, ...]] = {
    "regular": ("Vera", "DejaVuSans", "DroidSansFallback", "NanumGothic", "NotoSansDevanagari", "Symbola"),
    "bold": ("VeraBold", "DejaVuSansBold", "DroidSansFallback", "NanumGothicBold", "NotoSansDevanagariBold",
             "Symbola"),
}


def face_of(name_or_path: str) -> Face:
    """The catalogue face called ``name_or_path``, or a face for a font file path."""
    if name_or_path in CATALOGUE:
        return CATALOGUE[name_or_path]
    if not name_or_path.lower().endswith((".ttf", ".ttc")):
        raise ValueError(f"unknown font {name_or_path!r}; name one of {', '.join(CATALOGUE)} or a .ttf file")
    return Face(Path(name_or_path).stem, name_or_path)


def require_file(face: Face) -> None:
    """Raise :class:`MissingDependencyError` (exit 3) when the face's file is not there."""
    if not os.path.isfile(face.path):
        hint = f"; install the package {face.package} (scripts/install-system-deps.sh)" if face.package else ""
        raise MissingDependencyError(f"font {face.name}: the file {face.path} is missing{hint}")


@lru_cache(maxsize=None)
def pdf_font(face: Face) -> "TTFont":
    """The face registered in reportlab (parsed once)."""
    from reportlab.pdfbase import pdfmetrics  # here: reportlab loads only when a PDF is drawn
    from reportlab.pdfbase.ttfonts import TTFont, TTFError  # here: as above

    require_file(face)
    try:
        font = TTFont(face.pdf_name, face.path, subfontIndex=face.index)
    except TTFError as error:
        raise MissingDependencyError(f"font {face.name}: {face.path} cannot be used: {error}") from None
    pdfmetrics.registerFont(font)
    return font


@lru_cache(maxsize=None)
def coverage(face: Face) -> frozenset[int]:
    """The code points the face has glyphs for (less its excluded ranges)."""
    return frozenset(code for code, glyph in pdf_font(face).face.charToGlyph.items()
                     if glyph and not any(first <= code <= last for first, last in face.excludes))


@dataclass(frozen=True)
class Piece:
    """One stretch of a text as printed, in one face (:mod:`.shaping` cuts a text where shaping starts or stops)."""

    face: Face
    text: str
    """The characters; in logical order for a shaped piece."""
    direction: str | None
    """``rtl`` or ``ltr`` for a piece HarfBuzz shapes; None for one drawn glyph by glyph."""
    width: float
    """Advance width in em."""


@_hashed_once
@dataclass(frozen=True)
class FontSet:
    """The fallback chain of faces for each role."""

    regular: tuple[Face, ...]
    bold: tuple[Face, ...]

    def chain(self, role: FontName) -> tuple[Face, ...]:
        return self.bold if role == "bold" else self.regular

    def primary(self, role: FontName) -> Face:
        return self.chain(role)[0]


def font_set(chains: dict[str, tuple[str, ...]] | None = None) -> FontSet:
    """A font set from role -> face names (the defaults for roles not given)."""
    given = dict(DEFAULT_CHAINS)
    given.update(chains or {})  # type: ignore[arg-type]
    return FontSet(tuple(face_of(n) for n in given["regular"]), tuple(face_of(n) for n in given["bold"]))


DEFAULT_FONTS = font_set()


def text_runs(text: str, role: FontName, fonts: FontSet = DEFAULT_FONTS) -> list[tuple[Face, str]]:
    """``text`` cut into runs, each drawn with the first face of the chain that has all its glyphs.

    Spaces stay in the run they are in.  Raises :class:`MissingGlyphError`
    naming the character and the text when no face of the chain has it.
    """
    return list(_runs(text, role, fonts))


def text_pieces(text: str, role: FontName, fonts: FontSet = DEFAULT_FONTS) -> tuple[Piece, ...]:
    """``text`` as printed, left to right: pieces in one face each, shaped where their script needs it
    (see :mod:`.shaping`)."""
    return _pieces(text, role, fonts)


@lru_cache(maxsize=4096)
def _pieces(text: str, role: FontName, fonts: FontSet) -> tuple[Piece, ...]:
    pieces = []
    for face, run in _runs(visual_order(text), role, fonts):
        for part, direction in segments(run):
            if direction is None:
                width = _face_width(part, face)
            else:
                width = shaped_width(part, direction, face_path(face), face.index)
            pieces.append(Piece(face, part, direction, width))
    return tuple(pieces)


@lru_cache(maxsize=4096)
def _runs(text: str, role: FontName, fonts: FontSet) -> tuple[tuple[Face, str], ...]:
    chain = fonts.chain(role)
    runs: list[tuple[Face, str]] = []
    for char in text:
        code = ord(char)
        if char.isspace() and runs:
            runs[-1] = (runs[-1][0], runs[-1][1] + char)
            continue
        for face in chain:
            if code in coverage(face):
                break
        else:
            names = ", ".join(f.name for f in chain)
            raise MissingGlyphError(f"no font has the character {char!r} (U+{code:04X}) in the text {text!r} "
                                    f"(fonts tried for {role} text: {names})")
        if runs and runs[-1][0] == face:
            runs[-1] = (face, runs[-1][1] + char)
        else:
            runs.append((face, char))
    return tuple(runs)


def face_path(face: Face) -> str:
    """Path of the face's file, checked."""
    require_file(face)
    return face.path


def font_path(font: FontName, fonts: FontSet = DEFAULT_FONTS) -> Path:
    """Path of the TrueType file of a role's first face (the one digits are drawn with)."""
    return Path(face_path(fonts.primary(font)))


@lru_cache(maxsize=None)
def metric_font(face: Face) -> ImageFont.FreeTypeFont:
    """The face at the metric size, for widths and ink boxes."""
    return ImageFont.truetype(face_path(face), _METRIC_SIZE, index=face.index, layout_engine=ImageFont.Layout.BASIC)


def face_width(text: str, face: Face) -> float:
    """Advance width in em of ``text`` drawn glyph by glyph in ``face``."""
    return _face_width(text, face)


@lru_cache(maxsize=8192)
def _face_width(text: str, face: Face) -> float:
    return metric_font(face).getlength(text) / _METRIC_SIZE


def text_width(text: str, font: FontName, size: float, fonts: FontSet = DEFAULT_FONTS) -> float:
    """Advance width of ``text`` in points at ``size`` points, run by run."""
    return sum(piece.width for piece in _pieces(text, font, fonts)) * size


@lru_cache(maxsize=None)
def ink_box(text: str, font: FontName, fonts: FontSet = DEFAULT_FONTS) -> tuple[float, float, float, float]:
    """The inked area of ``text`` (in the face that draws it) relative to its origin on the baseline, in em.

    Returns (left, top, right, bottom) with y growing downwards, so ``top`` is
    negative for glyphs above the baseline.
    """
    size = _METRIC_SIZE
    canvas = Image.new("L", (len(text) * size * 2 + size, 2 * size), 0)
    origin = (size // 2, int(size * 1.5))
    face = _runs(text, font, fonts)[0][0] if text else fonts.primary(font)
    ImageDraw.Draw(canvas).text(origin, text, font=metric_font(face), fill=255, anchor="ls")
    box = canvas.getbbox()
    if box is None:
        return 0.0, 0.0, 0.0, 0.0
    left, top, right, bottom = box
    return ((left - origin[0]) / size, (top - origin[1]) / size, (right - origin[0]) / size, (bottom - origin[1]) / size)


def digit_height(font: FontName = "bold", fonts: FontSet = DEFAULT_FONTS) -> float:
    """Height of the digits' ink in em (the tallest of 0-9, overshoot included)."""
    return max(ink_box(d, font, fonts)[3] - ink_box(d, font, fonts)[1] for d in "0123456789")


def size_for_ink_height(height: float, font: FontName = "bold", fonts: FontSet = DEFAULT_FONTS) -> float:
    """The font size at which digits are ``height`` points tall."""
    return height / digit_height(font, fonts)


def optical_origin(text: str, font: FontName, size: float, centre_x: float, centre_y: float,
                   fonts: FontSet = DEFAULT_FONTS) -> tuple[float, float]:
    """Where to put the left baseline origin of ``text`` so its ink is centred on a point.

    Digits are centred on their inked shape, not on their advance box, so a
    "1" sits in the middle of its cell like an "8" does.
    """
    left, top, right, bottom = ink_box(text, font, fonts)
    return centre_x - (left + right) / 2 * size, centre_y - (top + bottom) / 2 * size
