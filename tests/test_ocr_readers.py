"""The reader seam: registered readers, a reader of one's own, and what a reader is given."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import REPO

from sudokuprint.ocr.builtin_reader import BuiltinReader
from sudokuprint.ocr.pipeline import scan
from sudokuprint.ocr.readers import READERS, DigitCell, Reading, get_reader, reader_names, register_reader

SAMPLE = REPO / "samples" / "newspaper-photo.jpg"


def test_the_registry_names_the_builtin_readers_and_refuses_an_unknown_one():
    assert {"builtin", "printed", "tesseract", "combined", "auto", "cnn"} <= set(reader_names())
    assert reader_names()[0] == "builtin"
    assert get_reader("printed").name == "printed"
    with pytest.raises(ValueError, match="unknown reader 'nope': choose one of builtin"):
        get_reader("nope")


class Recorder:
    """A reader of one's own: the built-in one, remembering what it was given."""

    name = "recorder"

    def __init__(self) -> None:
        self.cells: list[DigitCell] = []

    def read(self, cells):
        self.cells = list(cells)
        return BuiltinReader().read(cells)


def test_a_reader_object_gets_the_upright_digit_cells_and_its_reading_is_used():
    recorder = Recorder()
    result = scan(SAMPLE, reader=recorder)
    assert result.reader == "recorder"
    given = [i for i, v in enumerate(result.grid.values) if v]
    assert sorted(c.index for c in recorder.cells) == given
    cell = recorder.cells[0]
    assert cell.digit.shape == (28, 28) and cell.image.shape == (40, 40) and cell.contrast > 0
    x, y, w, h = cell.box
    assert 0 <= x < x + w <= 40 and 0 <= y < y + h <= 40


class AllHandwritten:
    """A reader that says every digit was written by hand."""

    name = "all-hand"

    def read(self, cells):
        reading = BuiltinReader().read(cells)
        return Reading(reading.probabilities, np.ones(len(cells)))


def test_digits_a_reader_calls_handwritten_are_entries_not_givens():
    printed = scan(SAMPLE)
    result = scan(SAMPLE, reader=AllHandwritten(), solver_check=False)
    assert result.grid.to_string() == "." * 81
    assert len(result.entries) == sum(1 for v in printed.grid.values if v)
    assert all(e.solution is None for e in result.entries)


def test_when_the_givens_alone_have_no_unique_solution_every_digit_is_read_as_print_and_said_so():
    printed = scan(SAMPLE)
    result = scan(SAMPLE, reader=AllHandwritten())
    assert result.grid == printed.grid and result.entries == []
    assert len(result.corrections) == sum(1 for v in printed.grid.values if v)
    assert "looked handwritten" in result.corrections[0].why


def test_a_registered_reader_is_usable_by_name():
    register_reader("test-all-hand", AllHandwritten)
    try:
        assert "test-all-hand" in reader_names()
        assert scan(SAMPLE, reader="test-all-hand").reader == "all-hand"
    finally:
        READERS.unregister("test-all-hand")


def test_a_missing_model_file_names_the_module_that_rebuilds_it() -> None:
    from sudokuprint.errors import MissingDependencyError
    from sudokuprint.ocr.classifier import load_shipped

    with pytest.raises(MissingDependencyError, match=r"hand-v9\.npz is missing .*'python -m ocr_training\.build_hand'"):
        load_shipped("hand-v9.npz", "handwriting model", "build_hand", print)
