"""The baseline: a textbook constraint-propagation solver, after Norvig's essay.

Written here from the published description of the method (not copied):

- the state is a dict from square to a string of its remaining candidate digits;
- ``assign(values, s, d)`` eliminates every other digit from ``s``;
- ``eliminate(values, s, d)`` removes ``d`` from ``s`` and applies the two rules:
  (1) a square left with one digit removes that digit from its peers;
  (2) a unit left with one place for a digit puts the digit there;
- ``search`` branches on the unfilled square with the fewest candidates,
  trying each digit on a copy of the dict.

The one change from the essay: ``count_solutions`` keeps searching after the
first solution, up to a limit, so that ``limit=2`` is a uniqueness check.
Contradictions are signalled by ``None`` (the essay returns ``False``).
Only the classic 9x9 is supported, as in the essay.
"""

from __future__ import annotations

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = DIGITS


def _cross(a: str, b: str) -> list[str]:
    return [x + y for x in a for y in b]


SQUARES = _cross(ROWS, COLS)
UNITLIST = (
    [_cross(ROWS, c) for c in COLS]
    + [_cross(r, COLS) for r in ROWS]
    + [_cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")]
)
UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
PEERS = {s: set(sum(UNITS[s], [])) - {s} for s in SQUARES}

Values = dict[str, str]


def parse_grid(line: str) -> Values | None:
    """Candidates after assigning every given of an 81-character line (``.`` or ``0`` = empty)."""
    values: Values | None = {s: DIGITS for s in SQUARES}
    for s, ch in zip(SQUARES, line):
        if ch in DIGITS:
            values = assign(values, s, ch)
            if values is None:
                return None
    return values


def assign(values: Values, s: str, d: str) -> Values | None:
    """Keep only ``d`` in square ``s``, propagating; None on a contradiction."""
    for other in values[s].replace(d, ""):
        if eliminate(values, s, other) is None:
            return None
    return values


def eliminate(values: Values, s: str, d: str) -> Values | None:
    """Remove ``d`` from the candidates of ``s`` and apply the two rules."""
    if d not in values[s]:
        return values
    remaining = values[s].replace(d, "")
    values[s] = remaining
    if not remaining:
        return None
    if len(remaining) == 1:  # rule 1: a filled square clears its digit from its peers
        for peer in PEERS[s]:
            if eliminate(values, peer, remaining) is None:
                return None
    for unit in UNITS[s]:  # rule 2: a digit with one place left in a unit goes there
        places = [sq for sq in unit if d in values[sq]]
        if not places:
            return None
        if len(places) == 1 and assign(values, places[0], d) is None:
            return None
    return values


def _search(values: Values, limit: int, found: list[Values]) -> None:
    """Depth-first search appending solutions to ``found`` until it holds ``limit``."""
    unfilled = [s for s in SQUARES if len(values[s]) > 1]
    if not unfilled:
        found.append(values)
        return
    square = min(unfilled, key=lambda s: len(values[s]))
    for d in values[square]:
        branch = assign(values.copy(), square, d)
        if branch is not None:
            _search(branch, limit, found)
            if len(found) >= limit:
                return


def count_solutions(line: str, limit: int = 2) -> tuple[int, str | None]:
    """Solutions of an 81-character puzzle counted up to ``limit``, and the first as a string."""
    values = parse_grid(line)
    if values is None:
        return 0, None
    found: list[Values] = []
    _search(values, limit, found)
    first = "".join(found[0][s] for s in SQUARES) if found else None
    return len(found), first
