"""The reader on real photos tilted in the photo's plane and shrunk, in memory (Wicht & Hennebert, CC-BY-4.0)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageOps

from conftest import data_file

from sudokuprint.ocr.perturb import parse, perturb, rotate
from sudokuprint.ocr.pipeline import scan
from sudokuprint.ocr.skew import estimate_skew
from sudokuprint.ocr.detect import ink_mask

# image196 and image70: the grid runs into the photo's top edge; image1049 and image1045: a grid joined to the
# page frame with thin lines printed broken (box-sized holes only)
TILTED = [("image196", -10), ("image70", 15), ("image1049", -10), ("image1045", 7), ("image1049", 7), ("image196", 7)]


def photo(name: str) -> Image.Image:
    with Image.open(data_file("wicht", "train", f"{name}.jpg")) as image:
        return ImageOps.exif_transpose(image).convert("RGB")


def truth(name: str) -> str:
    lines = data_file("wicht", "train", f"{name}.dat").read_text().splitlines()[2:11]
    return "".join(v if v != "0" else "." for line in lines for v in line.split())


@pytest.mark.parametrize("name, degrees", TILTED)
def test_a_tilted_photo_reads_exactly(name, degrees):
    assert scan(rotate(photo(name), degrees)).grid.to_string() == truth(name)


@pytest.mark.parametrize("degrees", [-15, -6, 0, 9, 15])
def test_the_skew_of_a_turned_photo_is_measured_to_a_degree(degrees):
    gray = np.asarray(rotate(photo("image125"), degrees).convert("L"))
    assert abs(estimate_skew(ink_mask(gray)) + degrees) <= 1


def test_perturbations_parse_and_apply_in_order():
    assert parse("rotate:7+jpeg:40") == [("rotate", 7.0), ("jpeg", 40.0)]
    with pytest.raises(ValueError, match="kind must be one of"):
        parse("shear:3")
    image = photo("image1")
    turned = perturb(image, "turn:90+scale:0.5")
    assert turned.size == (round(image.height / 2), round(image.width / 2))
