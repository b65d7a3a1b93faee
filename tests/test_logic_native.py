"""The compiled searches (sudokuprint.logic._native) find what their Python versions find.

The X-chains, the static forcing chain search, the cell and region forcing
chains, the XY-cycles, the WXYZ/VWXYZ-wing growth, the grouped X-chains of two
and three strong links and the following of a forcing net's assumption run
compiled when the extension is built (:mod:`sudokuprint.logic.kernels`); their
pure-Python versions are the oracle.  Along real solves (the Explainer-rated
list, top95, a generated 16x16), at every state where the engine looks beyond
singles, both must give the same answer: the same X-chain in every tier, the
same forcing chain (length, candidate, true or false), the same cell or region
forcing chain, the same XY-cycle, the same grouped chain of each digit and the
same wing step, from scratch and when searching only what changed since the
last search found nothing; and every round of every trial assumption finds the
same singles, or the same broken rule.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import puzzle_lines

from sudokuprint.generator import generate_puzzle
from sudokuprint.generator.dig import DigTarget
from sudokuprint.grid import Grid
from sudokuprint.logic import kernels
from sudokuprint.logic.engine import apply_step
from sudokuprint.logic.state import State
from sudokuprint.logic.step import Step
from sudokuprint.logic.techniques import ADVANCED
from sudokuprint.logic.techniques.forcing import MAX_STEPS, _Links, _shortest
from sudokuprint.logic.techniques import aic, chains, cycles, multiple, nets, trial
from sudokuprint.logic.techniques.grouped_fish import _chain
from sudokuprint.logic.techniques.nets import _Net
from sudokuprint.logic.techniques.singles import all_singles
from sudokuprint.logic.techniques.wings import pivot_wing
from sudokuprint.shape import Shape


def test_the_extension_is_built() -> None:
    """The test environment builds it (a C compiler is a system dependency); without it the
    comparisons below would compare the Python searches with themselves."""
    assert kernels.ENABLED and kernels._native is not None


FORUM = puzzle_lines("forum_hardest_1905_se11plus.txt", limit=2, step=900)
RECORDED_STEPS = Path(__file__).parent / "data" / "forum-hard-steps.json"
"""The engine's steps beyond singles on the FORUM puzzles, as (placements, eliminations): replayed, they lead to
the very positions its solve reaches, without the minute of searching for them (``python
tests/test_logic_native.py --record`` writes the file again)."""


def _states(grid: Grid, limit: int = 400, replay: list | None = None, made: list | None = None):
    """The states of the engine's solve where it looks beyond singles (at most ``limit``); with ``replay``, its
    recorded steps are made instead of searched for; ``made`` collects the steps as (placements, eliminations)."""
    state = State.from_grid(grid)
    seen = 0
    while not state.is_solved() and seen < limit:
        singles = all_singles(state)
        if singles:
            for single in singles:
                apply_step(state, single)
            continue
        seen += 1
        yield state
        if replay is not None:
            if seen > len(replay):
                return
            placements, eliminations = replay[seen - 1]
            step = Step("recorded", "", tuple(map(tuple, placements)), tuple(map(tuple, eliminations)))
        else:
            step = next((s for s in (t.find(state) for t in ADVANCED) if s is not None), None)
        if step is None:
            return
        if made is not None:
            made.append([[list(p) for p in step.placements], [list(e) for e in step.eliminations]])
        apply_step(state, step)


def _recorded(line: str) -> list | None:
    return json.loads(RECORDED_STEPS.read_text()).get(line)


def _record() -> None:
    """Write RECORDED_STEPS from the engine's solves of the FORUM puzzles."""
    steps: dict[str, list] = {}
    for line in FORUM:
        for _ in _states(Grid.from_string(line), made=steps.setdefault(line, [])):
            pass
    RECORDED_STEPS.write_text(json.dumps(steps) + "\n")


def _key(step):
    if step is None:
        return None
    return (step.technique, step.explanation, step.eliminations, step.cells, step.digits, step.details)


def _compare(state: State, monkeypatch: pytest.MonkeyPatch) -> int:
    compared = 0
    for xy in (False, True):
        for steps in (MAX_STEPS, 2):
            assert kernels.forcing_shortest(state, xy, steps) == _shortest(_Links(state, xy), steps), (xy, steps)
            compared += 1
    cycle = {}
    for native in (True, False):
        monkeypatch.setattr(kernels, "ENABLED", native)
        cycle[native] = _key(cycles.find_xy_cycle(state))
        # the X-chain tiers one after another on one state, as the engine tries them
        fresh = State(state.tables, state.values[:], state.cands[:], state.givens)
        cycle[native, "x"] = [_key(chains.find_x_chain(fresh, links)) for links in (2, 3, 4, 5, 6)]
    monkeypatch.setattr(kernels, "ENABLED", True)
    assert cycle[True] == cycle[False]
    assert cycle[True, "x"] == cycle[False, "x"]
    found = kernels.multiple_forcing(state, multiple.MAX_BRANCHES, multiple.MAX_STEPS)
    if found is not None:
        found = (found[0], (multiple.CELL_FORCING, multiple.REGION_FORCING)[found[1]], *found[2:])
    assert found == multiple._best(state)
    compared += 1
    if state.tables.side <= 9:
        for digit_cells in state.digit_sets():
            for strong_links in (2, 3):
                expected = _chain(state, digit_cells, strong_links)
                assert kernels.grouped_chain(state, digit_cells, strong_links) == expected, strong_links
                compared += 1
    sizes = (4, 5) if state.tables.side <= 9 else (4,)
    for size in sizes:
        # the same remembered searches for both, so the incremental path is compared too
        remembered = dict(state._searched)
        found = {}
        for native in (True, False):
            monkeypatch.setattr(kernels, "ENABLED", native)
            copy = State(state.tables, state.values[:], state.cands[:], state.givens, dict(remembered))
            found[native] = _key(pivot_wing(copy, size))
        monkeypatch.setattr(kernels, "ENABLED", True)
        assert found[True] == found[False], size
        compared += 1
    return compared


@pytest.mark.parametrize(
    "line",
    puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=5, step=101) + puzzle_lines("top95.txt", limit=3, step=29),
)
def test_compiled_searches_agree_along_real_solves(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    compared = sum(_compare(state, monkeypatch) for state in _states(Grid.from_string(line)))
    assert compared >= 12


def test_compiled_searches_agree_on_16x16(monkeypatch: pytest.MonkeyPatch) -> None:
    shape = Shape(4, 4)
    made = generate_puzzle(shape, random.Random(3), DigTarget(), graded=False)
    states = _states(Grid.from_values(made.puzzle, shape), limit=6)
    assert sum(_compare(state, monkeypatch) for state in states) >= 6 * 5


def _compare_nets(state: State, monkeypatch: pytest.MonkeyPatch, every: int = 1) -> int:
    """Follow every ``every``-th candidate's assumption, true and false, both ways: the same facts
    (with what each follows from), the same break and the same blame."""
    side = state.tables.side
    alive = [c * side + d for c, mask in enumerate(state.cands) for d in range(side) if mask >> d & 1]
    compared = 0
    for candidate in alive[::every]:
        for true in (True, False):
            monkeypatch.setattr(kernels, "ENABLED", False)
            net = _Net(state, candidate, true)
            monkeypatch.setattr(kernels, "ENABLED", True)
            assert kernels.follow_net(state, candidate, true) == (net.on, net.off, net.broken, net.blame), candidate
            compared += 1
    return compared


@pytest.mark.parametrize("line", puzzle_lines("top95.txt", limit=3, step=31) + FORUM)
def test_compiled_nets_follow_assumptions_as_the_python_ones(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both nets check the houses a placement touched in ascending order, so the facts agree
    one for one (another order reaches the same singles by other routes and changes the
    sizes, hence the ratings).  On the forum puzzles the positions come from the engine's
    recorded steps."""
    states = enumerate(_states(Grid.from_string(line), replay=_recorded(line)))
    assert sum(_compare_nets(state, monkeypatch) for k, state in states if k % 4 == 0) >= 200


def test_compiled_nets_agree_on_16x16(monkeypatch: pytest.MonkeyPatch) -> None:
    shape = Shape(4, 4)
    made = generate_puzzle(shape, random.Random(5), DigTarget(), graded=False)
    states = list(_states(Grid.from_values(made.puzzle, shape), limit=3))
    assert states
    assert sum(_compare_nets(state, monkeypatch, every=7) for state in states) >= 60


def _compare_offers(state: State, monkeypatch: pytest.MonkeyPatch) -> int:
    """Every dynamic forcing conclusion, the same ones in the same order, from the compiled
    search and from the Python nets (followed in Python), and the same step; how many."""
    side = state.tables.side
    alive = [c * side + d for c, mask in enumerate(state.cands) for d in range(side) if mask >> d & 1]
    if side > 9:
        alive = sorted(alive, key=lambda x: (bin(state.cands[x // side]).count("1"), x))[:nets.LARGE_GRID_ASSUMPTIONS]
    max_off = nets.MAX_BRANCHES + 1 if side <= 9 else 2
    monkeypatch.setattr(kernels, "ENABLED", False)
    expected = nets._offers(state, alive, max_off)
    python_step = _key(nets.find_dynamic_forcing(state))
    monkeypatch.setattr(kernels, "ENABLED", True)
    assert kernels.dynamic_offers(state, alive, nets.MAX_BRANCHES, max_off) == expected
    assert _key(nets.find_dynamic_forcing(state)) == python_step
    return len(expected)


@pytest.mark.parametrize(
    "line",
    puzzle_lines("top95.txt", limit=3, step=37),
)
def test_compiled_dynamic_offers_agree_along_real_solves(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    states = enumerate(_states(Grid.from_string(line)))
    assert sum(_compare_offers(state, monkeypatch) for k, state in states if k % 3 == 0) >= 30


def test_compiled_dynamic_offers_agree_on_16x16(monkeypatch: pytest.MonkeyPatch) -> None:
    shape = Shape(4, 4)
    made = generate_puzzle(shape, random.Random(5), DigTarget(), graded=False)
    states = list(_states(Grid.from_values(made.puzzle, shape), limit=2))
    assert states
    for state in states:
        _compare_offers(state, monkeypatch)


def _compare_aic(state: State, monkeypatch: pytest.MonkeyPatch) -> bool:
    """The same grouped chain (or loop) both ways, the same step from it; True when one is found."""
    expected = aic._search(state)
    assert kernels.grouped_aic(state, aic.MAX_DEPTH) == expected
    steps = {}
    for native in (True, False):
        monkeypatch.setattr(kernels, "ENABLED", native)
        steps[native] = _key(aic.find_grouped_aic(state))
    monkeypatch.setattr(kernels, "ENABLED", True)
    assert steps[True] == steps[False]
    return expected is not None


@pytest.mark.parametrize(
    "line",
    puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=4, step=97) + puzzle_lines("top95.txt", limit=4, step=23),
)
def test_compiled_grouped_aic_agrees_along_real_solves(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    found = [_compare_aic(state, monkeypatch) for state in _states(Grid.from_string(line))]
    assert len(found) >= 4 and any(found)


def test_compiled_grouped_aic_agrees_on_16x16(monkeypatch: pytest.MonkeyPatch) -> None:
    shape = Shape(4, 4)
    made = generate_puzzle(shape, random.Random(11), DigTarget(), graded=False)
    states = list(_states(Grid.from_values(made.puzzle, shape), limit=4))
    assert len(states) == 4
    for state in states:
        _compare_aic(state, monkeypatch)


@pytest.mark.parametrize("box", [(2, 2), (3, 2)])
def test_compiled_grouped_aic_agrees_on_small_grids(box: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Their puzzles need no more than singles, so the search runs on the givens' candidates."""
    shape = Shape(*box)
    found = []
    for seed in range(1, 6):
        made = generate_puzzle(shape, random.Random(seed), DigTarget(), graded=False)
        found.append(_compare_aic(State.from_grid(Grid.from_values(made.puzzle, shape)), monkeypatch))
    assert any(found)


def _compare_trial_rounds(state: State, monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Every candidate's assumption followed round by round as trial follows it: at each round both
    scans find the same singles in the same order, or the same broken rule; what each ended on."""
    ended: Counter = Counter()
    for cell, digit in trial.assumption_order(state):
        followed = trial._Assumption(state, cell, digit)
        for _ in range(trial.MAX_ROUNDS):
            monkeypatch.setattr(kernels, "ENABLED", False)
            expected = trial.scan_singles(followed.state)
            monkeypatch.setattr(kernels, "ENABLED", True)
            assert trial.scan_singles(followed.state) == expected, (cell, digit)
            if isinstance(expected, tuple) or not expected:
                ended[len(expected) if isinstance(expected, tuple) else 0] += 1
                break
            try:
                followed.advance()
            except trial._Contradiction:
                ended["clash in placing"] += 1
                break
    return ended


@pytest.mark.parametrize("line", puzzle_lines("top95.txt", limit=2, step=41) + FORUM[:1])
def test_compiled_trial_rounds_find_the_python_singles(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each way a round can end is met: no single left (0), a cell without candidates (1), a
    house without a place for a digit (2), two singles for one cell (5), and two singles that
    clash only as they are placed."""
    states = enumerate(_states(Grid.from_string(line), replay=_recorded(line)))
    ended = sum((_compare_trial_rounds(state, monkeypatch) for k, state in states if k % 6 == 0), Counter())
    assert set(ended) == {0, 1, 2, 5, "clash in placing"}, ended


def test_compiled_trial_rounds_agree_on_16x16(monkeypatch: pytest.MonkeyPatch) -> None:
    shape = Shape(4, 4)
    made = generate_puzzle(shape, random.Random(5), DigTarget(), graded=False)
    state = next(_states(Grid.from_values(made.puzzle, shape), limit=1))
    assert sum(_compare_trial_rounds(state, monkeypatch).values()) > 100


def test_the_searches_check_their_inputs() -> None:
    native = kernels._native
    assert native is not None
    with pytest.raises(ValueError, match="peer_offsets"):
        native.forcing_shortest(b"\x00\x00" * 4, 2, b"\x00" * 4, b"", b"", True, 3)
    with pytest.raises(ValueError, match="grouped_chain"):
        native.grouped_chain(3, 0, 4, 2, b"\x00" * 20, b"", b"\x00" * 16, b"\x00" * 24, b"")
    with pytest.raises(ValueError, match="follow_net"):
        native.follow_net(b"\x00\x00" * 4, b"\x00\x00" * 4, 2, b"\x00" * 20, b"", b"\x00" * 16, b"\x00" * 24, 99, True)
    with pytest.raises(ValueError, match="wing size"):
        native.wing_search(b"\x00\x00" * 4, 2, b"\x00" * 20, b"", 7, b"\x00" * 8)
    with pytest.raises(ValueError, match="grouped_aic"):
        native.grouped_aic(b"\x00\x00" * 4, 2, b"\x00" * 20, b"", b"\x00" * 16, b"", 0)
    with pytest.raises(ValueError, match="dynamic_offers"):
        native.dynamic_offers(b"\x01\x00" * 4, b"\x00\x00" * 4, 2, b"\x00" * 20, b"", b"\x00" * 16, b"\x00" * 24,
                              b"\x01\x00", 3, 4)
    with pytest.raises(ValueError, match="singles_scan"):
        native.singles_scan(b"\x01\x00" * 4, b"\x00\x00" * 4, 2, b"\x00\x00\x09\x00")
    with pytest.raises(ValueError, match="intersection"):
        native.grouped_aic(b"\x03\x00" * 4, 2, b"\x00" * 20, b"", b"\x00" * 16, b"\x00\x00\x00\x00\x02\x00\x09\x00\x01\x00", 5)


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    _record()
