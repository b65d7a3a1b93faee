"""SVD's difficulty levels (docs/formats.md §6): the numbers 1-4 and the names people use for them.

The vocabulary the grader, the generator's targets, the publisher and the
command line (``--level``) share; what a level means is the grader's
(:mod:`sudokuprint.logic.grading`).
"""

from __future__ import annotations

LEVEL_NAMES = {1: "Easy", 2: "Medium", 3: "Hard", 4: "Expert"}
"""The name printed for each SVD level."""

LEVELS_BY_NAME = {name.lower(): level for level, name in LEVEL_NAMES.items()}
"""Each level by its name in lower case (``easy`` → 1)."""


def parse_level(text: str) -> int:
    """A level from ``1``-``4`` or its name (``easy``, ``medium``, ``hard``, ``expert``, any case).

    Raises ``ValueError`` naming the choices for anything else.
    """
    key = text.strip().lower()
    if key in LEVELS_BY_NAME:
        return LEVELS_BY_NAME[key]
    if key.isdigit() and int(key) in LEVEL_NAMES:
        return int(key)
    raise ValueError(f"unknown level {text!r}; use 1-4 or {', '.join(LEVELS_BY_NAME)}")
