"""Properties every reader and writer keeps, checked on generated inputs (hypothesis, bounded time).

- No input makes a reader fail with anything but a documented error (a
  :class:`~sudokuprint.errors.SudokuprintError`: ParseError, UnknownFormatError,
  ...): not arbitrary text, not texts that are real files of each format with
  a few characters changed, not arbitrary bytes in a file.
- Whatever a writer writes reads back as the same grid, by that format and by
  detection.

Longer, coverage-guided runs: ``make fuzz`` (fuzz/fuzz_readers.py).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudokuprint.errors import MultipleSolutionsError, NoSolutionError, SudokuprintError, UnsupportedError
from sudokuprint.formats import formats, read_file, read_text, write
from sudokuprint.grid import Grid
from sudokuprint.solver import count_solutions
from sudokuprint.shape import Shape

HERE = Path(__file__).parent
GOLDEN = [line.split(":") for line in (HERE / "data" / "golden-solver.txt").read_text().splitlines()]
SOLUTIONS = [Grid.from_string(solution) for _, count, solution in GOLDEN if count == "1"]
READERS = [f.name for f in formats()]
WRITERS = [f.name for f in formats() if f.write is not None]
SEEDS = [p for p in sorted((HERE / "data").glob("seed000_*")) if p.is_file()]
NO_GIVENS = {"state", "state-hodoku", "explainer"}
"""Formats that show a position, not a puzzle: a digit there is not a given (docs/formats.md §3, §4)."""
QUICK = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters the formats give meaning to, and line breaks of every kind.
ALPHABET = st.sampled_from(list("0123456789.ABCDEFG|-+:'#[]{}\",<>/=_ \t\n\r\f\v\x1c\x85\u2028\ufeff") + ["Grid 01"])
TEXTS = st.one_of(
    st.text(max_size=400),
    st.lists(ALPHABET, max_size=300).map("".join),
)


def written_samples() -> list[str]:
    """Real inputs of every format: each writer's text of some solved grids' puzzles, and the seed files."""
    samples = [p.read_text(encoding="utf-8") for p in SEEDS]
    for solution in SOLUTIONS[::3]:
        puzzle = Grid.from_values([v if (c * 7) % 3 else 0 for c, v in enumerate(solution.values)], solution.shape)
        for name in WRITERS:
            try:
                samples.append(write(puzzle, name))
            except UnsupportedError:
                pass
    return samples


SAMPLES = written_samples()


@st.composite
def mutated(draw) -> str:
    """A real input with a few characters inserted, deleted or replaced."""
    text = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "cut"]))
        char = draw(st.one_of(ALPHABET, st.characters()))
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + 1 :]
        elif kind == "replace":
            text = text[:at] + char + text[at + 1 :]
        else:
            text = text[:at]
    return text


def read_all(text: str, format: str | None) -> None:
    """Read every record; only documented errors may escape."""
    try:
        for _ in read_text(text, format):
            pass
    except SudokuprintError:
        pass


@QUICK
@given(text=TEXTS, format=st.sampled_from([None, *READERS]))
def test_arbitrary_text_gives_records_or_a_documented_error(text: str, format: str | None) -> None:
    read_all(text, format)


@QUICK
@given(text=mutated(), format=st.sampled_from([None, None, *READERS]))
def test_damaged_real_inputs_give_records_or_a_documented_error(text: str, format: str | None) -> None:
    read_all(text, format)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=600))
def test_arbitrary_bytes_in_a_file_give_records_or_a_documented_error(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "input.bin"
    path.write_bytes(data)
    try:
        for _ in read_file(path):
            pass
    except SudokuprintError:
        pass


@st.composite
def puzzles(draw) -> Grid:
    """A puzzle (givens only) taken from a real solved grid of any shape."""
    solution = draw(st.sampled_from(SOLUTIONS))
    count = solution.shape.cell_count
    keep = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    if draw(st.booleans()):  # symmetric under a half turn, as pattern codes need
        keep = [k or keep[count - 1 - c] for c, k in enumerate(keep)]
    return Grid.from_values([v if k else 0 for v, k in zip(solution.values, keep)], solution.shape)


@QUICK
@given(grid=puzzles(), format=st.sampled_from(WRITERS))
def test_every_writer_reads_back_the_same_puzzle(grid: Grid, format: str) -> None:
    try:
        text = write(grid, format)
    except (UnsupportedError, MultipleSolutionsError, NoSolutionError):
        # the format cannot hold this grid (a shape it has no room for, a pattern code
        # without a symmetric pattern or one solution), and says so
        assume(False)
        return
    (record,) = read_text(text, format)
    assert record.grid.shape == grid.shape
    assert record.grid.values == grid.values or _settled_by_candidates(grid, record.grid)
    if format not in NO_GIVENS:
        assert record.grid.givens == grid.givens
    (detected,) = read_text(text)
    assert detected.grid.values == record.grid.values


def _settled_by_candidates(written: Grid, read: Grid) -> bool:
    """A state format shows an empty cell with one candidate as that digit: the same position."""
    computed = written.computed_candidates()
    return all(
        w == r or (w == 0 and computed[c] == 1 << (r - 1))
        for c, (w, r) in enumerate(zip(written.values, read.values))
    )


@st.composite
def symmetric_nine_by_nine_puzzles(draw) -> Grid:
    """A 9x9 puzzle whose givens are symmetric under a half turn, taken from a real solved grid."""
    solution = draw(st.sampled_from([s for s in SOLUTIONS if s.side == 9]))
    half = draw(st.lists(st.booleans(), min_size=41, max_size=41))
    keep = half + half[:40][::-1]
    return Grid.from_values([v if k else 0 for v, k in zip(solution.values, keep)], solution.shape)


@settings(max_examples=40, deadline=None)
@given(grid=symmetric_nine_by_nine_puzzles())
def test_symmetric_nine_by_nine_puzzles_go_through_the_pattern_code(grid: Grid) -> None:
    assume(count_solutions(grid, 2) == 1)
    (record,) = read_text(write(grid, "pattern-code"), "pattern-code")
    assert record.grid.puzzle().values == grid.values and record.grid.puzzle().givens == grid.givens


def test_every_shape_is_in_the_round_trip() -> None:
    assert {s.side for s in SOLUTIONS} == {4, 6, 8, 9, 12, 16}
    assert {Shape.for_side(s.side) for s in SOLUTIONS} == {s.shape for s in SOLUTIONS}
