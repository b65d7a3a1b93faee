"""The photo suite's builder writes only the settings asked for, and the benchmark says why photos failed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from conftest import REPO, SAMPLES, benchmark_module

from ocr_training import photo_suite


def test_only_the_settings_asked_for_are_written_and_scored_with_their_failures(tmp_path):
    count = photo_suite.build(tmp_path, 1, 5, ["handwriting", "not-sudoku"], SAMPLES)
    names = sorted(p.stem for p in tmp_path.glob("*.jpg"))
    assert count == len(names) == 1 + len(photo_suite.NOT_SUDOKU)
    assert [n for n in names if not n.startswith("not-")] == ["handwriting-000"]
    assert (tmp_path / "handwriting-000.hand").exists()
    lines = benchmark_module("ocr_photos").score_suite(tmp_path, "builtin", failures=True)
    assert lines[0].split()[:3] == ["suite", "handwriting", "photos=1"]
    assert any(line.split()[:3] == ["suite", "not-crossword", "photos=1"] for line in lines)
    assert lines[-1].startswith("suite s/photo median=")
    # every photo not read perfectly is counted under at least one named failure
    perfect = int(lines[0].split("perfect-with-handwriting=")[1].split("/")[0])
    if perfect < 1:
        assert lines[1].startswith("    failures: ")


def test_an_unknown_setting_is_named():
    with pytest.raises(ValueError, match="unknown setting.*tilt45.*choose among clean"):
        photo_suite.build(REPO / "never-written", 1, 1, ["tilt45"])
    assert not (REPO / "never-written").exists()


def test_failure_kinds_name_the_cells_that_went_wrong(tmp_path):
    benchmark = benchmark_module("ocr_photos")
    count = photo_suite.build(tmp_path, 1, 3, ["clean"], SAMPLES)
    assert count == 1
    photo = tmp_path / "clean-000.jpg"
    from sudokuprint.ocr.pipeline import scan

    result = scan(photo)
    truth = benchmark.read_truth(photo.with_suffix(".dat"))
    assert list(result.grid.values) == truth
    # against a truth with one given moved to handwriting and one emptied, the two cells' failures are named
    base = benchmark.failure_kinds(result, truth, [0] * 81) - {"solver check"}
    right = [c.index for c in result.cells if c.digit and c.digit == truth[c.index] and not c.is_handwritten]
    given, other = right[:2]
    hand = [0] * 81
    hand[given] = truth[given]
    changed = list(truth)
    changed[given] = 0
    changed[other] = 0
    assert benchmark.failure_kinds(result, changed, hand) == base | {
        "handwriting taken as given", "empty cell (pencil marks, noise) read as a digit"}


def test_an_unclear_entry_the_solution_ranked_is_named_not_blamed_on_the_solver_check(tmp_path):
    """A written digit read unsurely, whose reading the puzzle's solution ranked (``ocr.correct.rank_entry``),
    is its own failure kind when the writer had written another digit."""
    benchmark = benchmark_module("ocr_photos")
    photo_suite.build(tmp_path, 1, 3, ["clean"], SAMPLES)
    from dataclasses import replace

    from sudokuprint.ocr.pipeline import HandEntry, scan

    result = scan(tmp_path / "clean-000.jpg")
    truth = benchmark.read_truth(tmp_path / "clean-000.dat")
    empty = truth.index(0)
    hand = [0] * 81
    hand[empty] = 4  # the writer wrote 4; the reader saw 4 first, unsurely, and took the solution's 7
    ranked = replace(result, entries=[HandEntry(empty, 7, 0.2, 7, 4)])
    assert benchmark.failure_kinds(ranked, truth, hand) >= {"unclear handwriting taken for the solution's digit"}
    clear = replace(result, entries=[HandEntry(empty, 7, 0.9, 7, None)])
    assert "unclear handwriting taken for the solution's digit" not in benchmark.failure_kinds(clear, truth, hand)


def test_a_page_is_printed_in_the_faces_asked_for():
    puzzle, solution = photo_suite.puzzle_pairs(SAMPLES)[0]
    mono, sans = (next(f for f in photo_suite._fonts() if Path(f).name == name) for name in ("com_____.pfb", "Vera.ttf"))
    pages = [photo_suite.sudoku_page(puzzle, solution, np.random.default_rng(4), faces=[face]).image for face in
             (mono, sans, mono)]
    same, other = (np.asarray(pages[0]), np.asarray(pages[2])), (np.asarray(pages[0]), np.asarray(pages[1]))
    assert np.array_equal(*same) and not np.array_equal(*other)
