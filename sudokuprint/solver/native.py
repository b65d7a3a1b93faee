"""The compiled solver backend: the C extension ``_native`` behind the backend contract.

The extension is built by ``pip install .`` when a C compiler is there (see
setup.py); without it this module still imports and :func:`available` is
false, so :mod:`sudokuprint.solver` falls back to the pure-Python backend.

Two C engines sit behind it (``_native_solver9.c``, ``_native_generic.c``):
a fast one for the classic 9x9 grid and a generic one for every shape up to
16x16, the largest grid sudokuprint takes (:data:`sudokuprint.shape.MAX_SIDE`).
On x86-64 with GCC the 9x9 one is built twice, the second time for CPUs with
popcnt and BMI1/2 (``_native_solver9_x86.c``); it is picked at run time.
Every search is bounded: a time limit, a stop flag and Ctrl-C end it (see
``_native.c``).

Inputs are checked here, before any C runs (lengths, value ranges, limit);
the C side checks again and raises ``ValueError`` rather than misbehave.
The C code holds no global mutable state and releases the GIL while it
solves, so several threads may solve in parallel.
"""

from __future__ import annotations

import importlib.util
import itertools
from typing import Callable, NoReturn, Protocol, Sequence

from ..notation import NOT_A_CELL, symbol_table
from ..shape import MAX_SIDE as MAX_GRID_SIDE, Shape
from . import pure

NAME = "native"


class _Extension(Protocol):
    """What the C extension offers (its functions check their arguments again and raise ``ValueError``)."""

    solve: Callable[..., tuple[int, bytes | None]]
    solve_bytes: Callable[..., tuple[int, bytes | None]]
    solve_text: Callable[..., tuple[int, bytes | None, bytes] | None]
    count_many: Callable[..., list[int]]
    dig_orbits: Callable[..., bytes]
    fill: Callable[..., bytes | None]
    equivalence_profile: Callable[[bytes, int, int], bytes]


_native: _Extension | None
try:
    from . import _native  # type: ignore[attr-defined,no-redef]
except ImportError as error:
    _native = None
    if importlib.util.find_spec(f"{__package__}._native") is None:
        _UNAVAILABLE_REASON: str | None = (
            "the C extension sudokuprint.solver._native was not built (no C compiler at install time?)"
        )
    else:
        _UNAVAILABLE_REASON = f"the C extension sudokuprint.solver._native does not load: {error}"
else:
    _UNAVAILABLE_REASON = None

MAX_SIDE = 16
"""The largest grid side the C engines take (the largest sudokuprint takes)."""

_VALID_VALUES = [bytes(range(side + 1)) for side in range(MAX_GRID_SIDE + 1)]
"""For each side: the byte values a cell may hold (0 = empty, 1..side)."""

def available() -> bool:
    """True when the C extension is importable."""
    return _native is not None


def unavailable_reason() -> str | None:
    """Why the native backend is missing (None when it is available)."""
    return _UNAVAILABLE_REASON


def solve(
    values: Sequence[int],
    shape: Shape,
    limit: int,
    *,
    time_limit: float | None = None,
    stop: bytearray | None = None,
) -> tuple[int, list[int] | None]:
    """Count solutions of ``values`` (0 = empty) up to ``limit``; also the first solution.

    Values out of range raise ``ValueError``; clashing givens count 0.
    ``TimeoutError`` after ``time_limit`` seconds, ``InterruptedError`` once
    ``stop[0]`` is set, ``KeyboardInterrupt`` on Ctrl-C (within 20 ms).
    """
    _check_limit(limit)
    width, height = shape.box_width, shape.box_height
    if width * height > MAX_SIDE:
        return pure.solve(values, shape, limit, time_limit=time_limit, stop=stop)
    count, first = _extension().solve(
        pack_values(values, shape), width, height, limit, time_limit=time_limit or 0.0, stop=stop
    )
    return count, list(first) if first is not None else None


def solve_bytes(
    values: bytes, shape: Shape, limit: int, time_limit: float | None = None, stop: bytearray | None = None
) -> tuple[int, bytes | None]:
    """:func:`solve` on cell values already packed as bytes (the fast path of ``solver.search``).

    The C function itself when the extension is there (see the end of this module).
    """
    return _solve(values, shape.box_width, shape.box_height, limit, False, time_limit or 0.0, stop)


def dig_orbits(solution: bytes, order: Sequence[Sequence[int]], opening: int, shape: Shape) -> bytes:
    """The generator's dig of every orbit of ``order`` in one C call (``generator.dig._dig_all``'s steps)."""
    cells = bytes(itertools.chain.from_iterable(order))
    return _extension().dig_orbits(solution, cells, bytes(map(len, order)), opening, shape.box_width, shape.box_height)


def fill(values: Sequence[int], shape: Shape, budget: int) -> bytes | None:
    """The generator's fill search in C (see :mod:`sudokuprint.generator.complete`)."""
    return _extension().fill(pack_values(values, shape), shape.box_width, shape.box_height, budget)


def count_buffer(
    buffer: bytes,
    shape: Shape,
    limit: int,
    *,
    time_limit: float | None = None,
    stop: bytearray | None = None,
    solutions: bytearray | None = None,
) -> list[int]:
    """Solution counts of puzzles packed back to back as cell-value bytes, in one C call.

    ``solutions`` (as long as ``buffer``) receives each puzzle's first solution.
    The time limit is per puzzle; a stop names the puzzle in the exception's
    ``puzzle`` attribute.
    """
    _check_limit(limit)
    if shape.side > MAX_SIDE:
        return pure.count_buffer(buffer, shape, limit, time_limit=time_limit, stop=stop, solutions=solutions)
    return _extension().count_many(
        buffer, shape.box_width, shape.box_height, limit, time_limit=time_limit or 0.0, stop=stop, solutions=solutions
    )


def count_strings(puzzles: Sequence[str | bytes], limit: int = 2, shape: Shape | None = None) -> list[int]:
    """Solution counts (up to ``limit``) of puzzle strings, all in one C call.

    Each puzzle is one character per cell: ``1``-``9``, ``A``-``G`` digits,
    ``.`` or ``0`` empty (the standard line of docs/formats.md, without spaces).
    The shape defaults to the standard one for the strings' length.
    """
    _check_limit(limit)
    if not puzzles:
        return []
    length = len(puzzles[0])
    if shape is None:
        shape = Shape.for_cell_count(length)
        if shape is None:
            raise ValueError(f"puzzle 0: {length} characters is not a standard grid size")
    if shape.side > MAX_SIDE:
        raise ValueError(f"count_strings takes grids up to {MAX_SIDE}x{MAX_SIDE}, not {shape.name}")
    encoded = [p.encode("ascii", "replace") if isinstance(p, str) else bytes(p) for p in puzzles]
    for index, puzzle in enumerate(encoded):
        if len(puzzle) != shape.cell_count:
            raise ValueError(f"puzzle {index}: {len(puzzle)} characters, a {shape.name} grid has {shape.cell_count}")
    buffer = b"".join(encoded).translate(symbol_table(shape.side))
    bad = buffer.find(NOT_A_CELL)
    if bad >= 0:
        index, cell = divmod(bad, shape.cell_count)
        raise ValueError(
            f"puzzle {index}, {shape.cell_name(cell)}: {chr(encoded[index][cell])!r} is not "
            f"a digit of a {shape.name} grid, '.' or '0'"
        )
    return _extension().count_many(buffer, shape.box_width, shape.box_height, limit)


def pack_values(values: Sequence[int], shape: Shape) -> bytes:
    """The cell values as bytes, after checking their number and range (``ValueError`` names the cell)."""
    side = shape.box_width * shape.box_height
    try:
        packed = bytes(values)
    except (TypeError, ValueError):
        packed = b""
    if len(packed) == side * side and not packed.translate(None, _VALID_VALUES[side]):
        return packed  # right length, and deleting the values 0..side leaves nothing
    if len(values) != side * side:
        raise ValueError(f"a {shape.name} grid has {side * side} cells, got {len(values)} values")
    for cell, value in enumerate(values):
        if not isinstance(value, int) or not 0 <= value <= side:
            raise ValueError(f"{shape.cell_name(cell)}: value {value!r} is not in 0..{side}")
    raise ValueError(f"values not understood: {values!r}")  # not reached: every value was in range


def _check_limit(limit: int) -> None:
    if limit.__class__ is not int and not isinstance(limit, int) or not 1 <= limit <= pure.MAX_LIMIT:
        raise ValueError(f"limit must be an integer from 1 to 2**63 - 1, got {limit!r}")


def _unavailable(*args: object) -> NoReturn:
    raise RuntimeError(f"the native solver backend is not available: {_UNAVAILABLE_REASON}")


_solve = _native.solve if _native is not None else _unavailable

if _native is not None:
    solve_bytes = _native.solve_bytes  # noqa: F811 - the same contract, with no Python frame around the C call

equivalence_profile: Callable[[bytes, int, int], bytes] | None = (
    _native.equivalence_profile if _native is not None else None
)
"""``equivalence_profile(values, box_width, box_height)``: the generator's equivalence profile of a
puzzle computed in C (:mod:`sudokuprint.generator.canonical`), or None without the extension."""

solve_text: Callable[..., tuple[int, bytes | None, bytes] | None] = (
    _native.solve_text if _native is not None else _unavailable
)
"""``solve_text(text, limit, time_limit=None, stop=None)``: :func:`solve_bytes` of a bare
81-character line read by the C code itself: ``(count, first, values)``, or None
for any other text (nothing searched; read it with the parser)."""


def _extension() -> _Extension:
    if _native is None:
        raise RuntimeError(f"the native solver backend is not available: {_UNAVAILABLE_REASON}")
    return _native
