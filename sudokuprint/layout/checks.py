"""Checks of single template fields: each turns a TOML value into a validated value or raises
ValueError with a sentence naming what is wrong (the loader adds the file and the field)."""

from __future__ import annotations

from typing import Any, Callable

from .fonts import face_of
from .units import parse_length

Check = Callable[[Any], Any]


def _length(minimum: float = 0.0) -> Check:
    def check(value: Any) -> float:
        points = parse_length(value)
        if points < minimum:
            raise ValueError(f"{value!r} is less than the smallest allowed, {minimum:g} pt")
        return points

    return check


def _number(low: float, high: float) -> Check:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"expected a number from {low:g} to {high:g}, got {value!r}")
        if not low <= value <= high:
            raise ValueError(f"{value!r} is outside {low:g}..{high:g}")
        return float(value)

    return check


def _whole(low: int, high: int) -> Check:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"expected a whole number from {low} to {high}, got {value!r}")
        return value

    return check


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {value!r}")
    return value


def _choice(*options: str) -> Check:
    def check(value: Any) -> str:
        if value not in options:
            raise ValueError(f"expected one of {', '.join(options)}, got {value!r}")
        return value

    return check


def _gutter_steps(value: Any) -> tuple[tuple[int, float], ...]:
    if not isinstance(value, list):
        raise ValueError("expected a list of [page count, length] pairs")
    steps = []
    for index, pair in enumerate(value, 1):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int) and pair[0] >= 0):
            raise ValueError(f"entry {index}: expected [page count, length], got {pair!r}")
        steps.append((pair[0], parse_length(pair[1])))
    if [p for p, _ in steps] != sorted(p for p, _ in steps):
        raise ValueError("page counts must ascend")
    return tuple(steps)


def _font_chain(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of font names or .ttf files, first choice first")
    for name in value:
        face_of(name)
    return tuple(value)
