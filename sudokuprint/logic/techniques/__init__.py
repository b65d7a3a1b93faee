"""The techniques, cheapest first, with their SVD level and rating.

Each technique is a function ``find(state) -> Step | None`` in the module of
its family; this table says in which order the engine tries them, which SVD
level needing them gives (formats.md §6) and how hard they are on a scale
modelled on Sudoku Explainer's (1.0 to about 10).

=============================  =====  ===========================================
technique                      level  rating
=============================  =====  ===========================================
Full House                     1      1.0
Hidden Single (box)            2      1.2
Hidden Single (row/column)     3      1.5
Naked Single                   1      2.3
Locked Candidates (pointing)   3      2.6
Locked Candidates (claiming)   3      2.8
Naked Pair                     3      3.0
X-Wing                         4      3.2
Hidden Pair                    3      3.4
Naked Triple                   3      3.6
Swordfish                      4      3.8
Hidden Triple                  3      4.0
XY-Wing                        4      4.2
XYZ-Wing                       4      4.4
Unique Rectangle (type 1)      4      4.5
Naked Quad                     3      5.0
Jellyfish                      4      5.2
Hidden Quad                    3      5.4
Simple Colouring, X-Chain      4      6.5 + length bonus (links)
W-Wing                         4      6.6 (a 6-link chain on two digits)
Trial, singles followed        4      5.6 + 0.2 per node, at most 9.0
Trial, every technique         4      9.0
Trial, proved by search        4      9.5
=============================  =====  ===========================================

The ratings up to the hidden quad are Sudoku Explainer's published values
for the same techniques.  Chains get Explainer's kind of length bonus: +0.1
for each of the thresholds 4, 6, 8, 12, 16, 24, 32, 48, 64, 96 and 128 the
length exceeds.  A trial is the engine's form of Explainer's forcing chains
(7.0 and up, Nishio 7.5, dynamic chains 8.5 and up).  Its size is the number
of *nodes* its contradiction rests on — placements and candidate removals,
counted back from the contradiction like the size of an Explainer chain; the
shortest contradictions (6-7 nodes) rate about 7.0, each further node adds
0.2.  These trial values were chosen by rank agreement with the
Explainer-rated benchmark set (benchmarks/grade.py) at the level of the
formula, not per puzzle; the 0.2 slope ranked better than Explainer's own
+0.1-per-threshold ladder (0.65 vs 0.61 Spearman on 400 puzzles).

Singles are tried in the order full house, naked single, hidden single (box,
then row, column) — the SVD order; the rest in rating order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..state import State
from ..step import Step
from . import chains, fish, intersections, singles, subsets, trial, uniqueness, wings

TRIAL_BASE = 5.6
TRIAL_PER_NODE = 0.2
LENGTH_THRESHOLDS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)


def length_bonus(length: int) -> float:
    """Explainer-style penalty for a long chain: +0.1 per threshold exceeded."""
    return 0.1 * sum(1 for limit in LENGTH_THRESHOLDS if length > limit)


@dataclass(frozen=True)
class Technique:
    """A technique: its name, SVD level, base rating and finder."""

    name: str
    level: int
    rating: float
    find: Callable[[State], Step | None]
    chain: bool = False

    def rate(self, step: Step) -> float:
        """The rating of one step found by this technique."""
        if self.chain:
            return round(self.rating + length_bonus(step.extra.get("length", 0)), 1)
        return self.rating


def rate_trial(step: Step) -> float:
    """The rating of a trial step, from how deep and how far it had to look."""
    depth = step.extra.get("depth", 1)
    if depth >= 3:
        return 9.5
    if depth == 2:
        return 9.0
    return round(min(9.0, TRIAL_BASE + TRIAL_PER_NODE * step.extra.get("length", 0)), 1)


SINGLES = (
    Technique(singles.FULL_HOUSE, 1, 1.0, singles.find_full_house),
    Technique(singles.NAKED_SINGLE, 1, 2.3, singles.find_naked_single),
    Technique(singles.HIDDEN_SINGLE_BOX, 2, 1.2, singles.find_hidden_single_box),
    Technique(singles.HIDDEN_SINGLE_LINE, 3, 1.5, singles.find_hidden_single_line),
)
"""Singles, in the order they are tried."""

ADVANCED = (
    Technique(intersections.POINTING, 3, 2.6, intersections.find_pointing),
    Technique(intersections.CLAIMING, 3, 2.8, intersections.find_claiming),
    Technique("Naked Pair", 3, 3.0, subsets.find_naked_pair),
    Technique("X-Wing", 4, 3.2, fish.find_x_wing),
    Technique("Hidden Pair", 3, 3.4, subsets.find_hidden_pair),
    Technique("Naked Triple", 3, 3.6, subsets.find_naked_triple),
    Technique("Swordfish", 4, 3.8, fish.find_swordfish),
    Technique("Hidden Triple", 3, 4.0, subsets.find_hidden_triple),
    Technique("XY-Wing", 4, 4.2, wings.find_xy_wing),
    Technique("XYZ-Wing", 4, 4.4, wings.find_xyz_wing),
    Technique("Unique Rectangle (type 1)", 4, 4.5, uniqueness.find_unique_rectangle_1),
    Technique("Naked Quad", 3, 5.0, subsets.find_naked_quad),
    Technique("Jellyfish", 4, 5.2, fish.find_jellyfish),
    Technique("Hidden Quad", 3, 5.4, subsets.find_hidden_quad),
    Technique("Simple Colouring", 4, 6.5, chains.find_simple_colouring, chain=True),
    Technique("X-Chain", 4, 6.5, chains.find_x_chain, chain=True),
    Technique("W-Wing", 4, 6.6, wings.find_w_wing),
)
"""Techniques beyond singles, in the order they are tried (trial comes after all)."""

TRIAL = Technique("Trial", 4, 7.0, trial.find_trial)

ALL = SINGLES + ADVANCED + (TRIAL,)

BY_NAME = {t.name: t for t in ALL}


def technique_of(step: Step) -> Technique:
    """The table entry of the technique that found a step (variants like "(wrap)" included)."""
    found = BY_NAME.get(step.technique)
    if found is None:
        base = step.technique.split(" (")[0]
        found = BY_NAME[base]
    return found


def rate(step: Step) -> float:
    """The rating of a step."""
    if step.technique == TRIAL.name:
        return rate_trial(step)
    return technique_of(step).rate(step)


def level_of(step: Step) -> int:
    """The SVD level a step needs (1-4)."""
    return technique_of(step).level
