"""Re-deciding print or handwriting: when the givens read alone have no unique solution, the calls in doubt change.

The reader calls each digit print (a given) or handwriting (a solver's entry).  A wrong call shows in the
puzzle: a given taken for handwriting leaves the givens with several solutions, handwriting taken for a given
often makes them conflict.  Before the scan reports such a puzzle, the calls are re-decided:

- :func:`few_as_print`: a page with fewer than :data:`MIN_ENTRIES` handwritten-looking digits has no pen on it;
  they are print misjudged (:func:`all_as_print`), unless the givens then break;
- :func:`twins_as_print`: nor has a page whose handwritten-looking digits are *print twins* (the same glyph as
  another digit of the page read the same: a printed face repeats itself, a hand does not);
- :func:`print_twins_back`: when the givens alone have no unique solution, the handwritten-looking digits that are
  each a print twin are print, if the givens then have one solution;
- :func:`print_back`: the least surely handwritten digits are taken back as print, one by one, until the givens
  have one solution (:func:`rest_as_print` then takes the few left as print too);
- :func:`redecide`: failing those, the fewest of the calls in doubt (the digits whose odds of print and
  handwriting were closest) are flipped, either way, to make the givens unique;
- :func:`apart_as_handwriting`: on a page written on throughout whose givens have one solution, the print digits
  that stand apart from the page's print, nearer its hand, are the solver's (a solved page's entry read as print
  adds a given that changes nothing).

A digit in a pen's coloured ink (:attr:`ocr.result.CellResult.pen_ink`) is never taken for print.
"""

from __future__ import annotations

import math
from itertools import combinations

from typing import Mapping

import numpy as np

from .correct import CONFIDENT, Correction, check_reading, reading_status
from .ink import PRINT_TWIN
from .result import SURELY_HANDWRITTEN, CellResult

MAX_PRINT_BACK = 20
"""At most this many handwritten-looking digits are taken back as print when the givens alone are not unique."""
MIN_ENTRIES = 3
"""Fewer handwritten-looking digits than this in a photo are taken for print misjudged (a blurred or noisy given
looks handwritten more often than a solver writes one or two digits); not on a page where the solver noted candidate
marks (:data:`ocr.marks.MIN_PAGE_MARKS` cells of them, see :mod:`ocr.pipeline`): there the solver did write."""

def print_reading(cell: CellResult) -> list[tuple[int, float]]:
    """The digit's reading if it is print: the print reading's choices, none surer than the reader was of the digit (so
    that the solver check may still correct a digit the reader took for handwriting)."""
    if not cell.as_print:
        return list(cell.alternatives)
    return [(digit, min(probability, cell.confidence)) for digit, probability in cell.as_print]


def as_print(values: list[int], alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult],
             cell: CellResult, why: str) -> Correction:
    """Call a handwritten-looking digit print: its print reading becomes a given (changes the three arguments in
    place); the change, saying ``why``."""
    options = print_reading(cell)
    values[cell.index] = options[0][0]
    alternatives[cell.index] = options
    del written[cell.index]
    return Correction(cell.index, 0, options[0][0], 1 - cell.handwritten,
                      f"{cell.digit} looked handwritten ({cell.handwritten:.0%}) but {why}")


def as_handwriting(values: list[int], alternatives: dict[int, list[tuple[int, float]]],
                   written: dict[int, CellResult], cell: CellResult, why: str) -> Correction:
    """Call a digit read as print handwriting: its given is taken out and it becomes an entry (changes the three
    arguments in place); the change, saying ``why``."""
    values[cell.index] = 0
    alternatives.pop(cell.index, None)
    written[cell.index] = cell
    return Correction(cell.index, cell.digit, 0, 1 - cell.handwritten,
                      f"{cell.digit} looked printed ({1 - cell.handwritten:.0%}) but {why}")


def all_as_print(values: list[int], alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult],
                 reason: str) -> list[Correction]:
    """Take every handwritten-looking digit as print, but those in a pen's coloured ink and those unlike the page's
    print (:attr:`~ocr.result.CellResult.no_print_twin`) (changes the three arguments in place)."""
    changes = []
    for index, cell in sorted(written.items()):
        if not (cell.pen_ink or cell.no_print_twin):
            changes.append(as_print(values, alternatives, written, cell,
                                    f"{reason}; read as a printed {print_reading(cell)[0][0]}"))
    return changes


def _adopt(values: list[int], alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult],
           trial_values: list[int], trial_alternatives: dict[int, list[tuple[int, float]]],
           changes: list[Correction]) -> list[Correction]:
    """Make a trial's reading the reading (changes the first three arguments in place): its values and alternatives,
    and the digits it changed no longer handwritten; returns ``changes``."""
    values[:] = trial_values
    alternatives.clear()
    alternatives.update(trial_alternatives)
    for change in changes:
        written.pop(change.cell, None)
    return changes


def few_as_print(values: list[int], alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult],
                 reason: str, confident: float) -> list[Correction]:
    """:func:`all_as_print` for a page with fewer than :data:`MIN_ENTRIES` handwritten-looking digits, unless the
    givens then break (conflict or no solution, even after the solver check's corrections) where they did not
    before: a solver's first digits, taken for print, clash with the puzzle as often as not (changes the three
    arguments in place; nothing otherwise)."""
    trial_values, trial_alternatives, trial_written = list(values), dict(alternatives), dict(written)
    changes = all_as_print(trial_values, trial_alternatives, trial_written, reason)
    broken = ("conflict", "no-solution")
    if changes and check_reading(trial_values, trial_alternatives, confident=confident).status in broken \
            and check_reading(values, alternatives, confident=confident).status not in broken:
        return []
    return _adopt(values, alternatives, written, trial_values, trial_alternatives, changes)


def twins_as_print(values: list[int], alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult],
                   twins: Mapping[int, float]) -> list[Correction]:
    """Take every handwritten-looking digit as print when they are *print twins*: their ink matches another digit of
    the page read the same (``twins``: cell -> :func:`ocr.context.twin_likeness` of its best twin among all the
    page's digits) as closely as print matches print, :data:`ocr.ink.PRINT_TWIN` for the median digit.  A face's odd
    glyphs (old-style figures that dip below the line, a light face's thin strokes) may look handwritten, but every
    print of them is the same glyph; a hand does not repeat itself that closely.  Nothing is changed when a digit
    is in a pen's coloured ink or the givens would then conflict (changes the three arguments in place)."""
    if not written or any(cell.pen_ink or cell.no_print_twin for cell in written.values()):
        return []
    if float(np.median([twins.get(index, 0.0) for index in written])) < PRINT_TWIN:
        return []
    trial = list(values)
    for index, cell in written.items():
        trial[index] = print_reading(cell)[0][0]
    if reading_status(tuple(trial))[0] in ("conflict", "no-solution"):
        return []
    return all_as_print(values, alternatives, written, "the digits that looked handwritten are print twins of the "
                        "page's other digits (the same glyphs: a printed face repeats itself, a hand does not)")


def print_twins_back(values: list[int], alternatives: dict[int, list[tuple[int, float]]],
                     written: dict[int, CellResult], twins: Mapping[int, float]) -> list[Correction]:
    """When the givens (``values``) have no unique solution, take as print each handwritten-looking digit that is a
    print twin by itself (``twins`` as for :func:`twins_as_print`, at least :data:`ocr.ink.PRINT_TWIN`; never a
    pen's coloured ink), then as :func:`print_back` the least surely handwritten of the rest, if the givens then
    have exactly one solution (changes the three arguments in place; nothing otherwise).  On a page with a pen, a
    face's odd glyphs looked handwritten among the pen's digits; a pen's digits rarely match anything that
    closely, and the solver check stands guard."""
    if reading_status(tuple(values))[0] == "unique":
        return []
    twinned = [cell for index, cell in sorted(written.items())
               if not cell.pen_ink and twins.get(index, 0.0) >= PRINT_TWIN]
    if not twinned:
        return []
    trial_values, trial_alternatives, trial_written = list(values), dict(alternatives), dict(written)
    changes = [as_print(trial_values, trial_alternatives, trial_written, cell, "the givens alone had no unique "
                        "solution and it is a print twin of another digit of the page (the same glyph)")
               for cell in twinned]
    changes += print_back(trial_values, trial_alternatives, trial_written)
    if reading_status(tuple(trial_values))[0] != "unique":
        return []
    return _adopt(values, alternatives, written, trial_values, trial_alternatives, changes)


def print_back(values: list[int], alternatives: dict[int, list[tuple[int, float]]],
               written: dict[int, CellResult], surely: float = SURELY_HANDWRITTEN) -> list[Correction]:
    """When the printed givens alone have several solutions, take the least surely handwritten digits (under
    ``surely``, never a pen's coloured ink) back as print, one by one, until they have one; on a photo with
    handwriting (:data:`MIN_ENTRIES` digits surely handwritten) then give back to handwriting each without which
    they still have one (changes ``values``, ``alternatives`` and ``written`` in place)."""
    if reading_status(tuple(values))[0] != "not-unique":
        return []
    candidates = sorted((c for c in written.values() if c.handwritten < surely and not c.pen_ink),
                        key=lambda c: c.handwritten)
    trial = list(values)
    chosen: list[CellResult] = []
    for cell in candidates[:MAX_PRINT_BACK]:
        trial[cell.index] = print_reading(cell)[0][0]
        status, _ = reading_status(tuple(trial))
        if status in ("conflict", "no-solution"):  # a solver's digit (right or wrong) taken for print breaks it
            trial[cell.index] = 0
            continue
        chosen.append(cell)
        if status == "unique":
            break
    else:
        return []
    if sum(c.handwritten >= SURELY_HANDWRITTEN for c in written.values()) >= MIN_ENTRIES:
        # a pen is surely on this photo: take back only the digits the solution needs, the likeliest pen first given
        # back (on a page of print alone the digits that looked handwritten are all likely print)
        for cell in sorted(chosen, key=lambda c: -c.handwritten):
            trial[cell.index] = 0
            if reading_status(tuple(trial))[0] == "unique":
                chosen.remove(cell)
            else:
                trial[cell.index] = print_reading(cell)[0][0]
    return [as_print(values, alternatives, written, cell, "the printed givens alone had several solutions; taken back "
                     "as a printed given") for cell in chosen]


def rest_as_print(values: list[int], alternatives: dict[int, list[tuple[int, float]]],
                  written: dict[int, CellResult], confident: float = CONFIDENT) -> list[Correction]:
    """After givens were taken back as print (:func:`print_back`: the handwriting judgement failed on this
    photo), the fewer than :data:`MIN_ENTRIES` digits still looking handwritten are print too, the least surely
    handwritten first, each when the givens then have one solution with it kept as a digit, once the solver check
    has corrected the unsure ones (a given in an odd print may read as a 6 with a 5 in its choices) (changes the
    three arguments in place)."""
    why = f"only {len(written)} digit(s) still looked handwritten after givens were taken back"
    changes: list[Correction] = []
    for cell in sorted(written.values(), key=lambda c: c.handwritten):
        trial_values, trial_alternatives = list(values), dict(alternatives)
        change = all_as_print(trial_values, trial_alternatives, {cell.index: cell}, why)
        if not change:
            continue
        checked = check_reading(trial_values, trial_alternatives, confident=confident)
        if checked.status != "unique" or checked.values[cell.index] == 0:
            continue
        changes += _adopt(values, alternatives, written, trial_values, trial_alternatives, change)
    return changes


MAX_DOUBTFUL = 10
"""The calls in doubt are at most this many: the digits whose handwriting probability is nearest to even odds."""
MAX_FLIPS = 3
"""At most this many calls are flipped by :func:`redecide`."""
PRINT_IN_DOUBT = 0.2
"""A digit called print is in doubt only when its handwriting probability is at least this: a sure given flipped to
an entry silently changes the puzzle (a corpus photo's misread given, 3% handwriting, was flipped to clear a
conflict and gave a wrong puzzle of one solution)."""
HAND_IN_DOUBT = 0.99
"""A handwriting call is in doubt below this probability (and never for a pen's coloured ink): a Wicht pen digit
called handwriting at 1.0 was flipped to a given and gave a wrong puzzle; print-page givens needing the flip
looked handwritten at 0.67-0.97."""


def log_odds(probability: float) -> float:
    """log(p / (1 - p)), with p kept a millionth from 0 and 1."""
    p = min(max(probability, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def _odds(cell: CellResult) -> float:
    """How far the call is from even odds: |log odds| of the digit being handwritten."""
    return abs(log_odds(cell.handwritten))


def doubtful(cells: list[CellResult]) -> list[CellResult]:
    """The digits whose print/hand call was closest (at most :data:`MAX_DOUBTFUL`), the closest first: handwriting
    calls below :data:`HAND_IN_DOUBT` but a pen's coloured ink, and print calls of at least :data:`PRINT_IN_DOUBT`
    handwriting."""
    digits = [cell for cell in cells if cell.digit and not cell.pen_ink
              and PRINT_IN_DOUBT <= cell.handwritten < HAND_IN_DOUBT]
    return sorted(digits, key=_odds)[:MAX_DOUBTFUL]


def redecide(values: list[int], alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult],
             cells: list[CellResult]) -> list[Correction]:
    """When the givens (``values``) conflict or have no unique solution, flip the fewest calls in doubt
    (:func:`doubtful`; print to handwriting or back) that give them exactly one solution; of several such sets
    of flips the one whose calls were least sure.  Changes the three arguments in place; returns the changes
    (none when no set of at most :data:`MAX_FLIPS` flips works)."""
    status, _ = reading_status(tuple(values))
    if status == "unique":
        return []
    # a digit the reader called handwriting that an earlier step took as print stays print: flipping it back to
    # clear a conflict hid a misread given of a print-only corpus page (a wrong puzzle of one solution)
    candidates = [cell for cell in doubtful(cells) if not (cell.is_handwritten and cell.index not in written)]
    for size in range(1, MAX_FLIPS + 1):
        best: tuple[float, tuple[CellResult, ...]] | None = None
        for flips in combinations(candidates, size):
            trial = list(values)
            for cell in flips:
                trial[cell.index] = print_reading(cell)[0][0] if cell.index in written else 0
            if reading_status(tuple(trial))[0] == "unique":
                cost = sum(_odds(cell) for cell in flips)
                if best is None or cost < best[0]:
                    best = (cost, flips)
        if best is not None:
            return _flip(values, alternatives, written, best[1], status)
    return []


def _flip(values: list[int], alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult],
          flips: tuple[CellResult, ...], status: str) -> list[Correction]:
    changes = []
    for cell in flips:
        if cell.index in written:
            changes.append(as_print(values, alternatives, written, cell, f"the givens were {status}; re-decided as "
                                    "a printed given, the fewest calls in doubt that give one solution"))
        else:
            changes.append(as_handwriting(values, alternatives, written, cell, f"the givens were {status}; re-decided "
                                          "as handwriting, the fewest calls in doubt that give one solution"))
    return changes


PEN_PAGE = 10
"""A page with at least this many digits surely handwritten (:data:`SURELY_HANDWRITTEN`) is written on in pen or
pencil throughout: the solver's digits, not print misjudged."""
APART = 1.0
NEARER = 0.5
"""A digit called print stands apart from the page's print when its log odds of handwriting are at least
:data:`APART` above those of every print digit below it, and that step is wider than :data:`NEARER` times its step up
to the page's least surely handwritten digit.  Chosen on draws 1, 3 and 4 of the photo suite: entries the reader
took for print at 0.23-0.49 stood 1.1-4.2 above their page's print and 0.2-3.4 below its hand; on those 600 pages it
took no given for an entry (a given can rarely be taken out of its puzzle leaving one solution).  Wicht's mixed
photos have two givens 1.8 above their print but, their hand all surely handwritten, over 7 below it: they stay
print."""
MAX_APART = 3
"""At most this many of a page's print digits are taken as standing apart."""


def _pen_page(written: Mapping[int, CellResult]) -> bool:
    """Whether at least :data:`PEN_PAGE` of the digits called handwriting are surely so."""
    return sum(cell.handwritten >= SURELY_HANDWRITTEN for cell in written.values()) >= PEN_PAGE


def _apart_from_print(values: list[int], cells: list[CellResult], written: Mapping[int, CellResult]) -> list[CellResult]:
    """The digits the reader called print, and still print (``values``), that stand apart from the rest of the page's
    print: the top one to :data:`MAX_APART` of them by handwriting odds, at least :data:`PRINT_IN_DOUBT`, where the
    widest step down to the next print digit is, a step of at least :data:`APART` and wider than :data:`NEARER` times
    the step up to the least surely handwritten digit of the page (``written``).  (A digit the reader called
    handwriting that a re-decision took as print is left as it was taken.)"""
    printed = sorted((cell for cell in cells if cell.digit and values[cell.index] and not cell.is_handwritten),
                     key=lambda c: -c.handwritten)
    hand_floor = min((log_odds(cell.handwritten) for cell in written.values()), default=math.inf)
    best: tuple[float, int] | None = None
    for count in range(1, min(MAX_APART, len(printed) - 1) + 1):
        lowest = printed[count - 1]
        if lowest.handwritten < PRINT_IN_DOUBT:
            break
        step = log_odds(lowest.handwritten) - log_odds(printed[count].handwritten)
        up = hand_floor - log_odds(lowest.handwritten)
        if step >= APART and step > NEARER * up and (best is None or step > best[0]):
            best = (step, count)
    return printed[:best[1]] if best else []


def apart_as_handwriting(values: list[int], alternatives: dict[int, list[tuple[int, float]]],
                         written: dict[int, CellResult], cells: list[CellResult]) -> list[Correction]:
    """On a page written on throughout (:func:`_pen_page`) whose givens have one solution, the digits called print
    that stand apart from its print (:func:`_apart_from_print`) are the solver's: each is taken as handwriting when
    the givens without it still have one solution (a solved page's entry the reader took for print adds a given
    that changes nothing, so nothing else shows it).  Changes the three arguments in place."""
    if not _pen_page(written) or reading_status(tuple(values))[0] != "unique":
        return []
    changes = []
    for cell in _apart_from_print(values, cells, written):
        trial = list(values)
        trial[cell.index] = 0
        if reading_status(tuple(trial))[0] == "unique":
            changes.append(as_handwriting(values, alternatives, written, cell, "on a page written on throughout it "
                                          "stands apart from the print, and the givens have one solution without it"))
    return changes
