"""Fitting text to its place: wrap to a number of lines, then shrink, else refuse; cut with an ellipsis.

Titles, subtitles and authors wrap at spaces (and between CJK characters,
which need none) to at most the template's ``furniture.title_lines``, then
shrink step by step to its smallest size; a text that still does not fit is
an error naming the field.  Running heads are cut with an ellipsis instead.
"""

from __future__ import annotations

from ..errors import TextFitError
from .fonts import DEFAULT_FONTS, FontName, FontSet, text_width

ELLIPSIS = "…"
SHRINK_STEP = 0.95
"""Each try at a smaller size is this share of the last."""


def _breakable(char: str) -> bool:
    """True for characters a line may break after without a space (CJK ideographs, kana, hangul)."""
    code = ord(char)
    return 0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


def _tokens(text: str, cjk: bool = True) -> list[str]:
    """Words with their trailing space, and with ``cjk`` CJK characters one by one."""
    tokens: list[str] = []
    current = ""
    for char in text:
        if cjk and _breakable(char):
            if current:
                tokens.append(current)
            tokens.append(char)
            current = ""
        elif char == " ":
            current += char
            tokens.append(current)
            current = ""
        else:
            current += char
    if current:
        tokens.append(current)
    return tokens


def wrap(text: str, role: FontName, size: float, width: float, fonts: FontSet = DEFAULT_FONTS, *,
         cjk: bool = True) -> list[str]:
    """``text`` broken into lines no wider than ``width`` where it can be (a single long word stays whole);
    with ``cjk`` a line may also break between CJK characters."""
    lines: list[str] = []
    current = ""
    for token in _tokens(" ".join(text.split()), cjk):
        candidate = current + token
        if current and text_width(candidate.rstrip(), role, size, fonts) > width:
            lines.append(current.rstrip())
            current = token
        else:
            current = candidate
    if current.strip() or not lines:
        lines.append(current.rstrip())
    return lines


def fit_lines(text: str, role: FontName, size: float, width: float, *, max_lines: int, min_size: float,
              field: str, fonts: FontSet = DEFAULT_FONTS) -> tuple[list[str], float]:
    """The lines and size at which ``text`` fits ``width`` in ``max_lines`` lines, shrinking from ``size``
    to ``min_size``; raises :class:`TextFitError` naming ``field`` when even that is too big."""
    current = size
    while True:
        for cjk in (False, True):  # break at spaces when that is enough, else between CJK characters too
            lines = wrap(text, role, current, width, fonts, cjk=cjk)
            if len(lines) <= max_lines and all(text_width(line, role, current, fonts) <= width for line in lines):
                return lines, current
        if current <= min_size:
            break
        current = max(min_size, current * SHRINK_STEP)
    raise TextFitError(f"{field}: {text!r} does not fit: {max_lines} line{'s' if max_lines != 1 else ''} of "
                       f"{width / 72:.2f} in at the template's smallest size, {min_size:g} pt "
                       f"(shorten it, or raise furniture.title_lines)")


def cut(text: str, role: FontName, size: float, width: float, fonts: FontSet = DEFAULT_FONTS) -> str:
    """``text`` shortened at its end with an ellipsis so it is no wider than ``width`` ('' if nothing fits)."""
    if text_width(text, role, size, fonts) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, role, size, fonts) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ""
