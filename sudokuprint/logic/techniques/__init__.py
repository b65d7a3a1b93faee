"""The techniques, cheapest first, with their SVD level and rating.

Each technique is a function ``find(state) -> Step | None`` in the module of
its family; this table says in which order the engine tries them, which SVD
level needing them gives (docs/formats.md §6) and how hard they are on a scale
modelled on Sudoku Explainer's (1.0 to about 10) and on Sukaku Explainer's
additions to it (the rater of the benchmark set).

===================================  =====  =====================================
technique                            level  rating
===================================  =====  =====================================
Full House                           1      1.0
Hidden Single (box)                  2      1.2
Hidden Single (row/column)           3      1.5
Naked Single                         1      2.3
Locked Candidates (pointing)         3      2.6
Locked Candidates (claiming)         3      2.8
Naked Pair                           3      3.0
X-Wing                               4      3.2
Hidden Pair                          3      3.4
Naked Triple                         3      3.6
Swordfish                            4      3.8
Hidden Triple                        3      4.0
Skyscraper / 2-String Kite / Turbot  4      4.0 / 4.1 / 4.2 (X-chain, 2 strong links)
XY-Wing                              4      4.2
Empty Rectangle                      4      4.3 (a grouped Turbot Fish)
Grouped Turbot Fish                  4      4.3 (any two-link chain with a group; :mod:`.grouped_fish`)
XYZ-Wing                             4      4.4
Unique Rectangle (type 1)            4      4.5
Unique Rectangle (type 2, type 4)    4      4.6
Naked Quad                           3      5.0
Jellyfish                            4      5.2
Hidden Quad                          3      5.4
Simple Colouring, 3-6 strong links   4      as the X-chain of as many links, + 0.1
X-Chain, 3 strong links              4      5.4 + link-kind bonus
WXYZ-Wing                            4      5.5, 5.6 when its biggest cell has 3 candidates
Bivalue Universal Grave + 1          4      5.6
Bivalue Universal Grave (type 2)     4      5.7 (:mod:`.bug_types`)
Grouped X-Chain, 3 strong links      4      5.7 (:mod:`.grouped_fish`)
X-Chain, 4 / 5 / 6 strong links      4      5.8 / 6.2 / 6.6 + link-kind bonus
VWXYZ-Wing                           4      6.2-6.4 by its biggest cell's size
Simple Colouring, longer             4      6.6 + length bonus
XY-Cycle (up to 8 cells)             4      6.5 + length bonus (a loop of cells with two
                                            candidates: Explainer's Y-cycle; :mod:`.cycles`)
W-Wing                               4      7.1 (the 8-node forcing chain it is)
Forcing X-Chain                      4      6.6 + length bonus
Forcing Chain (XY)                   4      7.0 + length bonus
Cell / Region Forcing Chains         4      8.0 + length bonus of all branches
Grouped X-Chain / Grouped AIC        4      8.0 / 8.1 + length bonus (nice loops, groups
                                            of a box and a line; :mod:`.aic`)
ALS-XZ / ALS-XY-Wing                 4      8.0 / 8.1 (not on Explainer's scale: placed
                                            where its forcing chains would rate them)
Death Blossom                        4      8.2, 8.3 with three petals
ALS Chain (4 to 6 sets)              4      8.4, +0.1 per set beyond four
Dynamic Forcing Chains / nets        4      8.5 + length bonus (contradiction, double
                                            implication, cell and region nets; :mod:`.nets`)
Trial, singles followed              4      8.5 + length bonus, at most 9.4
Trial, locked candidates, subsets,   4      9.0 + length bonus, at most 9.4 (Explainer's dynamic
fish followed                               forcing chains "plus"; :mod:`.nested` runs it)
Nested Forcing Chains, level 2       4      9.5 + length bonus (a trial with every technique
                                            below 8.0, chains among them; :mod:`.nested`)
Nested Forcing Chains, level 3       4      10.0 + length bonus (dynamic chains inside a
                                            dynamic chain; :mod:`.nested`)
Trial, nested (assume again inside)  4      9.5, +0.5 per level of nesting, + length bonus
===================================  =====  =====================================

The ratings up to the hidden quad are Sudoku Explainer's published values.
X-chains are rated by their number of strong links as Sukaku Explainer rates
its "strong-linked fishes": 4.0 (2 links), 5.4, 5.8, 6.2, 6.6 (6 links), plus
0.1 when the links are not all on parallel lines, 0.2 when they use both
rows and columns and a box; for two links the names Skyscraper (parallel
lines joined along the crossing line) 4.0, 2-String Kite (a row and a column
joined in a box) 4.1, Turbot Fish (any other, e.g. parallel lines joined
through a box) 4.2.

Chains get Explainer's length bonus: +0.1 for each of the thresholds 4, 6, 8,
12, 16, 24, 32, 48, 64, 96 and 128 that the chain's length (its number of
candidates, less 2) exceeds.  Forcing chains are Explainer's static forcing
chains (:mod:`.forcing`), and its multiple (cell and region) forcing chains
(:mod:`.multiple`).  Explainer's groups stop at its short strong-linked
fishes (two and three links, :mod:`.grouped_fish`); what a longer grouped chain (:mod:`.aic`)
shows, it shows with region forcing chains, and on the calibration lines the
puzzles whose hardest step was a grouped chain got 8.3-8.4 from it (1.0
above a 7.1 base), so grouped chains are rated and tried with those.  Explainer's dynamic forcing chains (8.5 up) are
:mod:`.nets`: an assumption, true and false, followed by singles on the
changing marks, to a contradiction, to a candidate both ways force, or to
one that every candidate of a cell or place of a digit forces.  A trial
follows: 8.5 when singles alone break an assumption (what the nets found
first, if anything), 9.0 Explainer's dynamic forcing chains
"plus" (locked candidates, subsets and fish needed on the way: :data:`DYNAMIC_PLUS`), 9.5 and up
its nested forcing chains (:mod:`.nested`: level 2, every technique below 8.0 inside the
assumption, forcing chains among them; level 3, dynamic chains inside it).  Where none of these
breaks an assumption, nested trial settles one (assuming again inside it, by the rule in
:mod:`.trial`; never by looking at the solution).  A trial's length is the number of
placements and candidate removals its contradiction rests on.

Singles are tried in the order full house, naked single, hidden single (box,
then row, column) — the SVD order — and the rest in rating order; a puzzle
solved by singles alone is rated as Explainer does, from hidden singles
first (see :mod:`sudokuprint.logic.grading`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ...deadline import check_time
from ..state import State
from ..step import Step, StepKind
from . import (
    aic,
    als,
    als_chains,
    bug_types,
    chains,
    cycles,
    death_blossom,
    fish,
    forcing,
    grouped_fish,
    intersections,
    multiple,
    nested,
    nets,
    rectangles,
    singles,
    subsets,
    trial,
    uniqueness,
    wings,
)
from .chains import rate_colouring, rate_x_chain
from .rating import STRONG_LINK_BASE, length_bonus
from .trial import rate_trial

DEFAULT_LEVEL = 4
"""The SVD level of a step whose kind no technique of the table makes."""

Finder = Callable[[State], "Step | None"]
"""A technique's search: the step it finds in a state, or None."""


@dataclass(frozen=True, eq=False)
class Technique:
    """A technique of the table: its name, SVD level, base rating, finder, the kinds of step
    the finder makes, and a rater for variable ratings.  Entries are compared by identity."""

    name: str
    level: int
    rating: float
    find: Finder
    rater: Callable[[Step], float] | None = field(default=None)
    kinds: tuple[StepKind, ...] = ()

    def rate(self, step: Step) -> float:
        """The rating of one step found by this technique."""
        return self.rater(step) if self.rater is not None else self.rating


def _named(kind: StepKind, level: int, rating: float, find: Finder, rater: Callable[[Step], float] | None = None) -> Technique:
    """The entry of a technique that makes one kind of step, named as its steps are."""
    return Technique(kind.name, level, rating, find, rater, (kind,))


def _colouring(strong_links: int) -> Technique:
    return Technique("Simple Colouring", 4, STRONG_LINK_BASE[strong_links], chains.colouring_finder(strong_links),
                     rate_colouring, (chains.COLOURING_WRAP, chains.COLOURING_TRAP))


def _x_chains(strong_links: int, rating: float) -> Technique:
    return Technique(f"X-Chain ({strong_links} strong links)", 4, rating, chains.x_chain_finder(strong_links),
                     rate_x_chain, chains.X_CHAIN_KINDS)


SINGLES = (
    _named(singles.FULL_HOUSE, 1, 1.0, singles.find_full_house),
    _named(singles.NAKED_SINGLE, 1, 2.3, singles.find_naked_single),
    _named(singles.HIDDEN_SINGLE_BOX, 2, 1.2, singles.find_hidden_single_box),
    _named(singles.HIDDEN_SINGLE_LINE, 3, 1.5, singles.find_hidden_single_line),
)
"""Singles, in the order they are tried."""

SINGLE_RATINGS: Mapping[StepKind, float] = {t.kinds[0]: t.rating for t in SINGLES}
"""The rating of each kind of single (singles have no rater)."""

POINTING = _named(intersections.POINTING, 3, 2.6, intersections.find_pointing)
CLAIMING = _named(intersections.CLAIMING, 3, 2.8, intersections.find_claiming)
NAKED_PAIR = _named(subsets.NAKED_SUBSETS[2], 3, 3.0, subsets.find_naked_pair)
X_WING = _named(fish.FISH_KINDS[2], 4, 3.2, fish.find_x_wing)
HIDDEN_PAIR = _named(subsets.HIDDEN_SUBSETS[2], 3, 3.4, subsets.find_hidden_pair)
NAKED_TRIPLE = _named(subsets.NAKED_SUBSETS[3], 3, 3.6, subsets.find_naked_triple)
SWORDFISH = _named(fish.FISH_KINDS[3], 4, 3.8, fish.find_swordfish)
HIDDEN_TRIPLE = _named(subsets.HIDDEN_SUBSETS[3], 3, 4.0, subsets.find_hidden_triple)
GROUPED_TURBOT_FISH = _named(grouped_fish.GROUPED_X_CHAIN_2, 4, grouped_fish.RATINGS[2], grouped_fish.finder(2))
NAKED_QUAD = _named(subsets.NAKED_SUBSETS[4], 3, 5.0, subsets.find_naked_quad)
JELLYFISH = _named(fish.FISH_KINDS[4], 4, 5.2, fish.find_jellyfish)
HIDDEN_QUAD = _named(subsets.HIDDEN_SUBSETS[4], 3, 5.4, subsets.find_hidden_quad)
GROUPED_X_CHAIN_3 = _named(grouped_fish.GROUPED_X_CHAIN_3, 4, grouped_fish.RATINGS[3], grouped_fish.finder(3))
XY_CYCLE = _named(cycles.XY_CYCLE, 4, 6.5, cycles.find_xy_cycle, cycles.rate_xy_cycle)


def _find_nested(state: State) -> Step | None:
    """Trial with Explainer's 9.0 rules, then nested forcing chains (:mod:`.nested`)."""
    return nested.find_after_trial(state, _DEDUCE_PLUS, _DEDUCE_ALL)


def _rate_nested(step: Step) -> float:
    return rate_trial(step) if step.kind is trial.TRIAL else nested.rate_nested(step)


ADVANCED = (
    POINTING,
    CLAIMING,
    NAKED_PAIR,
    X_WING,
    HIDDEN_PAIR,
    NAKED_TRIPLE,
    SWORDFISH,
    HIDDEN_TRIPLE,
    _x_chains(2, 4.0),
    _named(wings.XY_WING, 4, 4.2, wings.find_xy_wing),
    _named(rectangles.EMPTY_RECTANGLE, 4, 4.3, rectangles.find_empty_rectangle),
    GROUPED_TURBOT_FISH,
    _named(wings.XYZ_WING, 4, 4.4, wings.find_xyz_wing),
    _named(uniqueness.UNIQUE_RECTANGLE_1, 4, 4.5, uniqueness.find_unique_rectangle_1),
    _named(uniqueness.UNIQUE_RECTANGLE_2, 4, 4.6, uniqueness.find_unique_rectangle_2),
    _named(uniqueness.UNIQUE_RECTANGLE_4, 4, 4.6, uniqueness.find_unique_rectangle_4),
    NAKED_QUAD,
    JELLYFISH,
    HIDDEN_QUAD,
    _colouring(3),
    _x_chains(3, 5.4),
    _named(wings.WING_KINDS[4], 4, 5.5, wings.find_wxyz_wing, wings.rate_wxyz_wing),
    _named(uniqueness.BUG_PLUS_ONE, 4, 5.6, uniqueness.find_bug_plus_one),
    _named(bug_types.BUG_TYPE_2, 4, 5.7, bug_types.find_bug_type_2),
    GROUPED_X_CHAIN_3,
    _colouring(4),
    _x_chains(4, 5.8),
    _colouring(5),
    _x_chains(5, 6.2),
    _named(wings.WING_KINDS[5], 4, 6.2, wings.find_vwxyz_wing, wings.rate_vwxyz_wing),
    _colouring(6),
    _x_chains(6, 6.6),
    Technique("Simple Colouring", 4, 6.6, chains.find_simple_colouring, rate_colouring,
              (chains.COLOURING_WRAP, chains.COLOURING_TRAP)),
    XY_CYCLE,
    _named(wings.W_WING, 4, 7.1, wings.find_w_wing),
    Technique("Forcing Chain", 4, 6.6, forcing.find_forcing_chain, forcing.chain_rating,
              (forcing.FORCING_CHAIN, forcing.FORCING_X_CHAIN)),
    Technique("Cell/Region Forcing Chains", 4, 8.0, multiple.find_multiple_forcing_chain, multiple.rate_multiple,
              (multiple.CELL_FORCING, multiple.REGION_FORCING)),
    Technique(aic.GROUPED_AIC.name, 4, 8.0, aic.find_grouped_aic, aic.rate_grouped_aic,
              (aic.GROUPED_AIC, aic.GROUPED_X_CHAIN)),
    _named(als.ALS_XZ, 4, 8.0, als.find_als_xz),
    _named(als.ALS_XY_WING, 4, 8.1, als.find_als_xy_wing),
    _named(death_blossom.DEATH_BLOSSOM, 4, 8.2, death_blossom.find_death_blossom, death_blossom.rate_death_blossom),
    _named(als_chains.ALS_CHAIN, 4, 8.4, als_chains.find_als_chain, als_chains.rate_als_chain),
    Technique(nets.DYNAMIC_FORCING.name, 4, 8.5, nets.find_dynamic_forcing, nets.rate_dynamic,
              (nets.DYNAMIC_FORCING, nets.DYNAMIC_CELL, nets.DYNAMIC_REGION)),
    _named(nested.NESTED_FORCING, 4, 9.5, _find_nested, _rate_nested),
)
"""Techniques beyond singles, in the order they are tried (nested trial comes after all)."""

TRIAL = _named(trial.TRIAL, 4, 7.5, trial.find_trial, rate_trial)

ALL = SINGLES + ADVANCED + (TRIAL,)

BY_NAME = {t.name: t for t in ALL}
"""Table entries by name (the colouring tiers share one: the last is kept)."""

BY_KIND: dict[StepKind, Technique] = {}
"""The table entry whose finder makes each kind of step (the first, for the tiers of one finder)."""
for _technique in ALL:
    for _kind in _technique.kinds:
        BY_KIND.setdefault(_kind, _technique)

DYNAMIC_PLUS = (POINTING, CLAIMING, NAKED_PAIR, HIDDEN_PAIR, NAKED_TRIPLE, HIDDEN_TRIPLE, NAKED_QUAD, HIDDEN_QUAD,
                X_WING, SWORDFISH, JELLYFISH)
"""The techniques inside Explainer's "dynamic forcing chains plus" (9.0): an assumption followed
with these breaks a rule; with chains inside too, it is a nested forcing chain (9.5 up)."""

DEDUCE_BELOW = 8.0
"""Inside a trial's assumption, techniques rated below this are used: the multiple forcing
chains and ALS (8.0 up) would be run at every step of every assumption, and what they
find there the trial's own assumptions find too."""

NOT_IN_TRIAL = (GROUPED_TURBOT_FISH, GROUPED_X_CHAIN_3, XY_CYCLE)
"""Techniques a trial does not use inside its assumptions, though rated below :data:`DEDUCE_BELOW`: with
them there, the trial proves its contradictions at shallower levels and rates the forum's Explainer-11+
puzzles lower (mean of ``benchmarks/grade.py --forum 8``: 9.59 with them, 9.97 without). They are used
everywhere else; the Explainer-rated lines graded by the benchmark need no trial, so their ratings stay."""


def deducer(techniques: tuple[Technique, ...]) -> Finder:
    """The deduction a trial makes inside an assumption: the first step of the techniques below
    :data:`DEDUCE_BELOW` (picked on first use: most solves never reach a trial)."""
    advanced: list[tuple[Technique, ...]] = []

    def deduce(state: State) -> Step | None:
        if not advanced:
            advanced.append(tuple(
                t for t in techniques
                if all(t is not s for s in SINGLES) and t.rating < DEDUCE_BELOW
                and all(t is not n for n in NOT_IN_TRIAL)
            ))
        for technique in advanced[0]:
            check_time()  # a trial deduces at every step of every assumption: the bulk of a long solve
            step = technique.find(state)
            if step is not None:
                return step
        return None

    return deduce


_DEDUCE_PLUS = deducer(tuple(t for t in ADVANCED if any(t is p for p in DYNAMIC_PLUS)))
_DEDUCE_ALL = deducer(ADVANCED)
"""What :func:`_find_nested` follows an assumption with: Explainer's 9.0 "plus" techniques, then every one below 8.0."""


def technique_of(step: Step) -> Technique | None:
    """The table entry whose finder makes steps of this kind, or None."""
    return BY_KIND.get(step.kind)


def rate(step: Step) -> float:
    """The rating of a step (its own when the engine has rated it)."""
    if step.rating:
        return step.rating
    found = technique_of(step)
    return found.rate(step) if found is not None else 0.0


def level_of(step: Step) -> int:
    """The SVD level a step needs (1-4); steps of techniques beyond the table are level 4."""
    found = technique_of(step)
    return found.level if found is not None else DEFAULT_LEVEL


__all__ = [
    "ADVANCED", "ALL", "BY_KIND", "BY_NAME", "DEDUCE_BELOW", "DYNAMIC_PLUS", "NOT_IN_TRIAL", "SINGLES",
    "SINGLE_RATINGS", "TRIAL", "Finder", "Technique", "deducer", "length_bonus", "level_of", "rate",
    "rate_colouring", "rate_trial", "rate_x_chain", "technique_of",
]
