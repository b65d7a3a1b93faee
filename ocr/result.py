"""What was read in one cell: the result model the later stages share."""

from __future__ import annotations

from dataclasses import dataclass

HANDWRITTEN = 0.5
"""A digit whose handwriting probability is at least this is a solver's entry, not a given."""
SURELY_HANDWRITTEN = 0.95
"""A digit at least this surely handwritten is never taken back as print."""


@dataclass(frozen=True)
class CellResult:
    """What was read in one cell of the upright grid."""

    index: int
    digit: int
    """0 = empty."""
    confidence: float
    alternatives: tuple[tuple[int, float], ...]
    """``(digit, probability)`` most probable first; digit 0 means "no digit"."""
    handwritten: float = 0.0
    """The probability that the digit was written by hand (0 for an empty cell)."""
    as_print: tuple[tuple[int, float], ...] = ()
    """The alternatives if the digit is print (empty: the same as ``alternatives``)."""
    pen_ink: bool = False
    """The digit is in a pen's coloured ink on a page printed in black (:func:`ocr.ink.coloured_ink`): never print."""
    no_print_twin: bool = False
    """The digit was read as print but matches none of the page's sure prints of its digit
    (:func:`ocr.context.unlike_print`): handwriting, taken back as print only when the givens need it."""
    print_likeness: float = float("nan")
    """How closely the digit's ink matches the closest of the page's sure prints of its digit, read as print
    (:func:`ocr.context.print_twin_likeness`), whatever it was called; NaN when the page has none to compare with."""

    @property
    def is_handwritten(self) -> bool:
        return self.digit != 0 and self.handwritten >= HANDWRITTEN
