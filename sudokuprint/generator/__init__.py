"""Making puzzles: random complete grids, digging to a unique puzzle with a
symmetry, clue count and difficulty, filling drawn patterns, and collections.

- :func:`random_complete_grid` (:mod:`.complete`);
- :func:`generate_puzzle` with a :class:`DigTarget` (:mod:`.dig`);
- :func:`fill_pattern` with :class:`PatternSearch` settings (:mod:`.pattern`);
- :func:`write_collection` with a :class:`Recipe` (:mod:`.collection`).
"""

from __future__ import annotations

from .collection import COLUMNS, COLLECTION_FORMATS, Recipe, read_collection, write_collection
from .complete import random_complete_grid
from .dig import DigTarget, dig, generate_puzzle
from .pattern import PatternSearch, check_pattern, fill_pattern, pattern_problems
from .result import GenerationError, Generated, ImpossiblePatternError, SearchStats
from .symmetry import SYMMETRIES, is_symmetric, orbits

__all__ = [
    "COLUMNS",
    "DigTarget",
    "GenerationError",
    "Generated",
    "ImpossiblePatternError",
    "COLLECTION_FORMATS",
    "PatternSearch",
    "Recipe",
    "SYMMETRIES",
    "SearchStats",
    "check_pattern",
    "dig",
    "fill_pattern",
    "generate_puzzle",
    "is_symmetric",
    "orbits",
    "pattern_problems",
    "random_complete_grid",
    "read_collection",
    "write_collection",
]
