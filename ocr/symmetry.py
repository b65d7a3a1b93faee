"""Symmetric givens: most published puzzles place their givens symmetrically, and a wrong print/hand call breaks that.

Turned half a turn about the grid's centre, the givens of most printed puzzles land on givens: cell ``i`` mirrors
cell ``80 - i``.  The puzzles of 70 of the 77 real-photo corpus photos (``tools/ocr_corpus``) and of 65 of Wicht's 160
newspaper photos are so, and nearly all the rest are far from it (half their givens or more have no mirror).  When
the givens read are symmetric but for a few cells, those cells' calls were likely wrong: a given whose mirror holds
a handwritten-looking digit makes that digit print (a given the reader took for handwriting), unless its ink matches
none of the page's sure prints of its digit; a given in doubt (:data:`ocr.redecide.PRINT_IN_DOUBT`) whose mirror
holds no digit, or a digit clearly less likely print than the given is handwriting (:func:`_likelier_handwritten`),
is handwriting itself (an entry the reader took for print, on a page solved all round it).  A sure given facing a
digit surely handwritten, or in a pen's coloured ink, shows a puzzle that is not symmetric, and a sure given facing
an empty cell may face a given the reader missed: nothing changes.  The calls change only when the givens are then
symmetric and have exactly one solution.
"""

from __future__ import annotations

from .context import NO_PRINT_TWIN
from .correct import Correction, reading_status
from .redecide import APART, PRINT_IN_DOUBT, as_handwriting, as_print, log_odds, print_reading
from .result import SURELY_HANDWRITTEN, CellResult

MAX_ASYMMETRIC = 4
"""At most this many givens without a given in their mirror cell for a page's givens to count as symmetric but
for wrong calls; more, and the puzzle is taken as not symmetric (its calls stand)."""
MIN_SYMMETRIC_GIVENS = 17
"""At least this many givens must already be symmetric (a Sudoku needs 17 givens or more)."""
CELLS = 81


def mirror(cell: int) -> int:
    """The cell half a turn about the centre of a 9 x 9 grid."""
    return CELLS - 1 - cell


def _likelier_handwritten(given: CellResult, partner: CellResult) -> bool:
    """Whether the odds that a digit read as print is handwritten beat the odds that its mirror, read as handwriting,
    is print by :data:`ocr.redecide.APART` log odds at least (a digit in a pen's coloured ink is never print)."""
    partner_print = 0.0 if partner.pen_ink else 1.0 - partner.handwritten
    return log_odds(given.handwritten) >= log_odds(partner_print) + APART


def _unlike_print(digit: CellResult) -> bool:
    """Whether a digit matches none of the page's sure prints of its digit (:data:`ocr.context.NO_PRINT_TWIN`): a
    face repeats itself, so it is no print (on a solved page every lone given faces a hand's digit)."""
    return digit.print_likeness < NO_PRINT_TWIN


def lone_givens(values: list[int]) -> list[int]:
    """The givens whose mirror cell holds no given."""
    return [cell for cell, value in enumerate(values) if value and not values[mirror(cell)]]


def symmetric_calls(values: list[int], alternatives: dict[int, list[tuple[int, float]]],
                    written: dict[int, CellResult], cells: list[CellResult]) -> list[Correction]:
    """Re-decide the calls that keep the givens (``values``) from being symmetric (see the module text): each lone
    given's mirror, a handwritten-looking digit, is print; a lone given in doubt whose mirror holds no digit, or a
    digit clearly less likely print than the given is handwriting, is handwriting.  Kept only if the givens are then
    symmetric and have exactly one solution (changes the three arguments in place; returns the changes, or none)."""
    if len(values) != CELLS:
        return []
    lone = lone_givens(values)
    if not lone or len(lone) > MAX_ASYMMETRIC or sum(1 for v in values if v) - len(lone) < MIN_SYMMETRIC_GIVENS:
        return []
    trial = list(values)
    to_print: list[CellResult] = []
    to_hand: list[CellResult] = []
    for cell in lone:
        partner = written.get(mirror(cell))
        in_doubt = cells[cell].handwritten >= PRINT_IN_DOUBT
        if partner is not None and not (in_doubt and _likelier_handwritten(cells[cell], partner)):
            if partner.pen_ink or partner.handwritten >= SURELY_HANDWRITTEN or _unlike_print(partner):
                return []  # a sure given facing a digit surely handwritten: the puzzle is not symmetric
            to_print.append(partner)
            trial[partner.index] = print_reading(partner)[0][0]
        elif in_doubt:  # facing no digit, or a digit clearly likelier handwritten than this given is
            to_hand.append(cells[cell])
            trial[cell] = 0
        else:
            return []  # a sure given: its mirror's given was missed (or the puzzle is not symmetric)
    if lone_givens(trial) or reading_status(tuple(trial))[0] != "unique":
        return []
    changes = [as_print(values, alternatives, written, cell, "the givens were symmetric but for it (its mirror "
                        "cell holds a given); read as a printed given") for cell in to_print]
    changes += [as_handwriting(values, alternatives, written, given, "the givens were symmetric but for it (its "
                               "mirror cell holds no given); read as handwriting") for given in to_hand]
    return changes
