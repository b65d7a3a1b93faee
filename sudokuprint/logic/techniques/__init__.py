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
from typing import Callable

from ..state import State
from ..step import Step
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

TRIAL_BASES = {1: 8.5, 2: 9.0}
TRIAL_CAPS = {1: 9.4, 2: 9.4}
NESTED_BASE = 9.5
NESTED_STEP = 0.5
LENGTH_THRESHOLDS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
STRONG_LINK_BASE = {2: 4.0, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6, 7: 7.0, 8: 7.4}
DEFAULT_LEVEL = 4


def length_bonus(length: int) -> float:
    """Explainer-style penalty for a long chain: +0.1 per threshold exceeded."""
    return 0.1 * sum(1 for limit in LENGTH_THRESHOLDS if length > limit)


def rate_x_chain(step: Step) -> float:
    """An X-chain by its number of strong links and the kinds of houses they are in."""
    strong = step.extra.get("strong_links", 2)
    kinds = step.extra.get("link_kinds", ())
    lines = {k for k in kinds if k != "box"}
    if strong <= 2:
        return {"Skyscraper": 4.0, "2-String Kite": 4.1}.get(step.technique, 4.2)
    base = STRONG_LINK_BASE.get(strong, 7.4)
    if "box" not in kinds and len(lines) == 1:
        return base
    return round(base + (0.2 if "box" in kinds and len(lines) == 2 else 0.1), 1)


def rate_colouring(step: Step) -> float:
    """Colouring is an X-chain (trap) or a forcing X-chain (wrap): up to 6 strong links it is
    rated as the mixed-house X-chain of as many strong links, beyond as a forcing X-chain
    (6.6 plus the length bonus)."""
    length = step.extra.get("length", 0)
    strong = max(2, (length + 1) // 2)
    if strong == 2:
        return 4.2
    if strong <= 6:
        return round(STRONG_LINK_BASE[strong] + 0.1, 1)
    return round(6.6 + length_bonus(length), 1)


def _colouring(strong_links: int) -> Technique:
    return Technique("Simple Colouring", 4, STRONG_LINK_BASE[strong_links], chains.colouring_finder(strong_links), rate_colouring)


@dataclass(frozen=True)
class Technique:
    """A technique: its name, SVD level, base rating and finder (and a rater for variable ratings)."""

    name: str
    level: int
    rating: float
    find: Callable[[State], Step | None]
    rater: Callable[[Step], float] | None = field(default=None, compare=False)

    def rate(self, step: Step) -> float:
        """The rating of one step found by this technique."""
        return self.rater(step) if self.rater is not None else self.rating


def rate_trial(step: Step) -> float:
    """The rating of a trial step, from how deep and how far it had to look."""
    depth = step.extra.get("depth", 1)
    if depth >= 3:
        nesting = step.extra.get("nesting", 1)
        return round(NESTED_BASE + NESTED_STEP * (nesting - 1) + length_bonus(step.extra.get("length", 0)), 1)
    bonus = length_bonus(step.extra.get("length", 0))
    return round(min(TRIAL_CAPS[depth], TRIAL_BASES[depth] + bonus), 1)


SINGLES = (
    Technique(singles.FULL_HOUSE, 1, 1.0, singles.find_full_house),
    Technique(singles.NAKED_SINGLE, 1, 2.3, singles.find_naked_single),
    Technique(singles.HIDDEN_SINGLE_BOX, 2, 1.2, singles.find_hidden_single_box),
    Technique(singles.HIDDEN_SINGLE_LINE, 3, 1.5, singles.find_hidden_single_line),
)
"""Singles, in the order they are tried."""


def _x_chains(strong_links: int, rating: float) -> Technique:
    return Technique(f"X-Chain ({strong_links} strong links)", 4, rating, chains.x_chain_finder(strong_links), rate_x_chain)


ADVANCED = (
    Technique(intersections.POINTING, 3, 2.6, intersections.find_pointing),
    Technique(intersections.CLAIMING, 3, 2.8, intersections.find_claiming),
    Technique("Naked Pair", 3, 3.0, subsets.find_naked_pair),
    Technique("X-Wing", 4, 3.2, fish.find_x_wing),
    Technique("Hidden Pair", 3, 3.4, subsets.find_hidden_pair),
    Technique("Naked Triple", 3, 3.6, subsets.find_naked_triple),
    Technique("Swordfish", 4, 3.8, fish.find_swordfish),
    Technique("Hidden Triple", 3, 4.0, subsets.find_hidden_triple),
    _x_chains(2, 4.0),
    Technique("XY-Wing", 4, 4.2, wings.find_xy_wing),
    Technique(rectangles.EMPTY_RECTANGLE, 4, 4.3, rectangles.find_empty_rectangle),
    Technique(grouped_fish.GROUPED_X_CHAIN_2, 4, grouped_fish.RATINGS[2], grouped_fish.finder(2)),
    Technique("XYZ-Wing", 4, 4.4, wings.find_xyz_wing),
    Technique("Unique Rectangle (type 1)", 4, 4.5, uniqueness.find_unique_rectangle_1),
    Technique("Unique Rectangle (type 2)", 4, 4.6, uniqueness.find_unique_rectangle_2),
    Technique("Unique Rectangle (type 4)", 4, 4.6, uniqueness.find_unique_rectangle_4),
    Technique("Naked Quad", 3, 5.0, subsets.find_naked_quad),
    Technique("Jellyfish", 4, 5.2, fish.find_jellyfish),
    Technique("Hidden Quad", 3, 5.4, subsets.find_hidden_quad),
    _colouring(3),
    _x_chains(3, 5.4),
    Technique("WXYZ-Wing", 4, 5.5, wings.find_wxyz_wing, wings.rate_wxyz_wing),
    Technique("Bivalue Universal Grave + 1", 4, 5.6, uniqueness.find_bug_plus_one),
    Technique(bug_types.BUG_TYPE_2, 4, 5.7, bug_types.find_bug_type_2),
    Technique(grouped_fish.GROUPED_X_CHAIN_3, 4, grouped_fish.RATINGS[3], grouped_fish.finder(3)),
    _colouring(4),
    _x_chains(4, 5.8),
    _colouring(5),
    _x_chains(5, 6.2),
    Technique("VWXYZ-Wing", 4, 6.2, wings.find_vwxyz_wing, wings.rate_vwxyz_wing),
    _colouring(6),
    _x_chains(6, 6.6),
    Technique("Simple Colouring", 4, 6.6, chains.find_simple_colouring, rate_colouring),
    Technique(cycles.XY_CYCLE, 4, 6.5, cycles.find_xy_cycle, cycles.rate_xy_cycle),
    Technique("W-Wing", 4, 7.1, wings.find_w_wing),
    Technique("Forcing Chain", 4, 6.6, forcing.find_forcing_chain, forcing.chain_rating),
    Technique("Cell/Region Forcing Chains", 4, 8.0, multiple.find_multiple_forcing_chain, multiple.rate_multiple),
    Technique(aic.GROUPED_AIC, 4, 8.0, aic.find_grouped_aic, aic.rate_grouped_aic),
    Technique(als.ALS_XZ, 4, 8.0, als.find_als_xz),
    Technique(als.ALS_XY_WING, 4, 8.1, als.find_als_xy_wing),
    Technique(death_blossom.DEATH_BLOSSOM, 4, 8.2, death_blossom.find_death_blossom, death_blossom.rate_death_blossom),
    Technique(als_chains.ALS_CHAIN, 4, 8.4, als_chains.find_als_chain, als_chains.rate_als_chain),
    Technique(nets.DYNAMIC_FORCING, 4, 8.5, nets.find_dynamic_forcing, nets.rate_dynamic),
    Technique(nested.NESTED_FORCING, 4, 9.5, lambda state: _find_nested(state), lambda step: _rate_nested(step)),
)
"""Techniques beyond singles, in the order they are tried (nested trial comes after all)."""

DYNAMIC_PLUS = frozenset((
    intersections.POINTING, intersections.CLAIMING, "Naked Pair", "Hidden Pair", "Naked Triple",
    "Hidden Triple", "Naked Quad", "Hidden Quad", "X-Wing", "Swordfish", "Jellyfish",
))
"""The techniques inside Explainer's "dynamic forcing chains plus" (9.0): an assumption followed
with these breaks a rule; with chains inside too, it is a nested forcing chain (9.5 up)."""

_INSIDE: list = []


def _find_nested(state: State) -> Step | None:
    """Trial with Explainer's 9.0 rules, then nested forcing chains (:mod:`.nested`)."""
    if not _INSIDE:  # the engine's deduction inside a trial, over this table (import on first use)
        from ..engine import _deducer

        _INSIDE.extend((_deducer(tuple(t for t in ADVANCED if t.name in DYNAMIC_PLUS)), _deducer(ADVANCED)))
    return nested.find_after_trial(state, _INSIDE[0], _INSIDE[1])


def _rate_nested(step: Step) -> float:
    return rate_trial(step) if step.technique == "Trial" else nested.rate_nested(step)

TRIAL = Technique("Trial", 4, 7.5, trial.find_trial, rate_trial)

ALL = SINGLES + ADVANCED + (TRIAL,)

BY_NAME = {t.name: t for t in ALL}
STEP_NAMES = {
    "Skyscraper": 4,
    "2-String Kite": 4,
    "Turbot Fish": 4,
    "X-Chain": 4,
    forcing.FORCING_X_CHAIN: 4,
    forcing.FORCING_CHAIN: 4,
    aic.GROUPED_X_CHAIN: 4,
    nets.DYNAMIC_CELL: 4,
    nets.DYNAMIC_REGION: 4,
    nested.NESTED_FORCING: 4,
}
"""SVD levels of step names that are not table names (variants of one finder)."""


VARIANTS = {
    aic.GROUPED_X_CHAIN: aic.GROUPED_AIC,
    nets.DYNAMIC_CELL: nets.DYNAMIC_FORCING,
    nets.DYNAMIC_REGION: nets.DYNAMIC_FORCING,
}
"""Step names of one finder's variants, with the table name they are rated by."""


def technique_of(step: Step) -> Technique | None:
    """The table entry of a step's technique (variants like "(wrap)" included), or None."""
    found = BY_NAME.get(VARIANTS.get(step.technique, step.technique))
    if found is None:
        found = BY_NAME.get(step.technique.split(" (")[0])
    return found


def rate(step: Step) -> float:
    """The rating of a step (its own when the engine has rated it)."""
    if step.rating:
        return step.rating
    found = technique_of(step)
    return found.rate(step) if found is not None else 0.0


def level_of(step: Step) -> int:
    """The SVD level a step needs (1-4); steps of techniques beyond the table are level 4."""
    if "level" in step.extra:
        return step.extra["level"]
    found = technique_of(step)
    if found is not None:
        return found.level
    base = step.technique.split(" (")[0]
    return STEP_NAMES.get(base, DEFAULT_LEVEL)
