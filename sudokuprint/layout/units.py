"""Lengths: the one place where millimetres, inches and picas become points.

Every length in the page model is in PostScript points (1/72 inch).  Templates
write lengths as strings with a unit (``"12mm"``, ``"0.5pt"``, ``"0.125in"``).
"""

from __future__ import annotations

import re

POINTS_PER_UNIT: dict[str, float] = {
    "pt": 1.0,
    "mm": 72.0 / 25.4,
    "cm": 720.0 / 25.4,
    "in": 72.0,
    "pc": 12.0,
}
"""How many points one of each unit is."""

MAX_PAGE_SIDE = 14400.0
"""Largest page side in points (200 in, the PDF reference's limit for a page, 14,400 units)."""

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*([a-z]+)\s*$")

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a2": (420.0, 594.0),
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
}
"""Portrait paper sizes by name (width, height) in millimetres."""


def parse_length(text: str) -> float:
    """Points in a length such as ``"12mm"``; raises ValueError naming what is wrong."""
    match = _LENGTH.match(text) if isinstance(text, str) else None
    if match is None:
        units = ", ".join(POINTS_PER_UNIT)
        raise ValueError(f"{text!r} is not a length; write a number and a unit ({units}), e.g. '12mm'")
    number, unit = match.groups()
    if unit not in POINTS_PER_UNIT:
        raise ValueError(f"{text!r}: unknown unit {unit!r}; use one of {', '.join(POINTS_PER_UNIT)}")
    points = float(number) * POINTS_PER_UNIT[unit]
    if abs(points) > 10 * MAX_PAGE_SIDE:
        raise ValueError(f"{text!r} is longer than any page sudokuprint makes (at most 200in a side)")
    return points


def mm(value: float) -> float:
    """Points in ``value`` millimetres."""
    return value * POINTS_PER_UNIT["mm"]


def inches(value: float) -> float:
    """Points in ``value`` inches."""
    return value * POINTS_PER_UNIT["in"]


def to_mm(points: float) -> float:
    """Millimetres in ``points`` (for messages)."""
    return points / POINTS_PER_UNIT["mm"]


def paper_size(name: str) -> tuple[float, float]:
    """Width and height in points of a named paper size (``A4``, ``letter``, ...)."""
    try:
        width, height = PAPER_SIZES_MM[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown paper size {name!r}; known: {', '.join(PAPER_SIZES_MM)}") from None
    return mm(width), mm(height)
