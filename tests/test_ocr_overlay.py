"""The grid as read over its flattened photo (ocr.overlay.overlay): kinds, digits and cell places on real photos."""

from __future__ import annotations

import numpy as np
from PIL import Image

from conftest import REPO, wicht_digits

from sudokuprint.ocr.overlay import overlay
from sudokuprint.ocr.pipeline import scan

SAMPLES = REPO / "samples"


def truth(path) -> list[int]:
    """The 81 digits of a ground-truth file (two header lines, then nine rows; 0 = empty)."""
    return wicht_digits(path)


def test_each_cell_is_given_or_handwritten_as_the_ground_truth_says():
    printed = truth(SAMPLES / "newspaper-photo.dat")  # the same puzzle's printed givens
    everything = truth(SAMPLES / "half-solved-photo.dat")  # givens and the hand's digits
    found = overlay(scan(SAMPLES / "half-solved-photo.jpg"))
    assert [c.kind for c in found.cells] == ["given" if p else "handwritten" for p in printed]
    assert [c.digit for c in found.cells] == everything
    assert [c.index for c in found.cells] == list(range(81))


def test_pen_entries_and_pencil_marks_are_told_apart():
    pen = truth(SAMPLES / "suite-pencil-photo.hand")
    givens = truth(SAMPLES / "suite-pencil-photo.dat")
    found = overlay(scan(SAMPLES / "suite-pencil-photo.jpg"))
    kinds = [c.kind for c in found.cells]
    assert [i for i, k in enumerate(kinds) if k == "handwritten"] == [i for i, d in enumerate(pen) if d]
    assert [i for i, k in enumerate(kinds) if k == "given"] == [i for i, d in enumerate(givens) if d]
    assert all(found.cells[i].digit == pen[i] for i, d in enumerate(pen) if d)
    assert "pencil" in kinds and all(kinds[i] in ("pencil", "empty") for i in range(81) if not pen[i] and not givens[i])


def centres(found) -> np.ndarray:
    return np.array([np.mean(c.polygon, axis=0) for c in found.cells])


def test_a_photo_taken_sideways_gives_the_same_upright_overlay():
    photo = Image.open(SAMPLES / "newspaper-photo.jpg")
    upright = overlay(scan(photo))
    for turn in (Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_270):
        sideways = scan(photo.transpose(turn))
        assert sideways.quarter_turns != 0
        turned = overlay(sideways)
        assert [c.digit if c.kind == "given" else 0 for c in turned.cells] == truth(SAMPLES / "newspaper-photo.dat")
        # the cells lie where the upright photo's do (within a tenth of a cell), top-left corner first
        assert np.abs(centres(turned) - centres(upright)).max() < 6
        assert all(c.polygon[0][0] < c.polygon[1][0] and c.polygon[0][1] < c.polygon[3][1] for c in turned.cells)
        # and the flattened photo looks the same: its grey levels follow the upright one's closely
        a = upright.image.mean(axis=2).ravel()
        b = turned.image.mean(axis=2)[: upright.image.shape[0], : upright.image.shape[1]].ravel()
        assert np.corrcoef(a, b)[0, 1] > 0.9


def test_the_geometry_is_json_ready_and_inside_the_image():
    found = overlay(scan(SAMPLES / "newspaper-photo.jpg"))
    data = found.to_dict()
    assert data["width"] == found.image.shape[1] and len(data["cells"]) == 81
    for cell in data["cells"]:
        assert len(cell["polygon"]) == 4
        assert all(0 <= x <= data["width"] and 0 <= y <= data["height"] for x, y in cell["polygon"])
    printed = truth(SAMPLES / "newspaper-photo.dat")
    assert [c["digit"] if c["kind"] == "given" else 0 for c in data["cells"]] == printed
    assert "handwritten" not in {c["kind"] for c in data["cells"]}  # a page of print alone
