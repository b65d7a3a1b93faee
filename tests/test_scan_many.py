"""scan of many photos: folders, globs, one results file, --jobs, a failing photo on its own row."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import data_file
from sudokuprint.cli import main
from sudokuprint.errors import MissingInputError
from sudokuprint.formats import read_file
from sudokuprint.scan_batch import find_photos

TRAIN = data_file("wicht", "train")


def _truth(photo: Path) -> str:
    """The givens of a Wicht photo from its .dat file (rows of digits, 0 for empty, after two header lines)."""
    lines = [line.split() for line in photo.with_suffix(".dat").read_text().splitlines()[2:] if line.strip()]
    return "".join("." if d == "0" else d for row in lines for d in row)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Three real photos in nested folders, an unreadable .jpg, and a file that is not an image."""
    (tmp_path / "photos" / "more").mkdir(parents=True)
    for name, where in (("image1.jpg", "photos"), ("image10.jpg", "photos/more"), ("image1082.jpg", "photos")):
        shutil.copy(TRAIN / name, tmp_path / where / name)
        shutil.copy(TRAIN / name.replace(".jpg", ".dat"), tmp_path / where / name.replace(".jpg", ".dat"))
    (tmp_path / "photos" / "more" / "broken.jpg").write_bytes(b"\xff\xd8 this is not a JPEG at all" * 20)
    return tmp_path / "photos"


def test_a_folder_of_training_photos_gives_a_row_for_each(tmp_path: Path) -> None:
    """The committed Wicht training photos (22 of the 160; benchmarks/ocr_photos.py reads all 160) as one folder."""
    results = tmp_path / "results.jsonl"
    outcome = CliRunner().invoke(main, ["scan", str(TRAIN), "-o", str(results), "--jobs", "2"])
    assert outcome.exit_code in (0, 1), outcome.output
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    photos = sorted(str(p) for p in TRAIN.glob("*.jpg"))
    assert len(photos) >= 20 and [row["source"] for row in rows] == photos  # every photo, in order, named
    read = [row for row in rows if "error" not in row]
    assert sum(row["puzzle"] == _truth(Path(row["source"])) for row in read) >= 0.75 * len(rows)  # real readings, not placeholders
    assert outcome.exit_code == (1 if any(row["status"] != "unique" for row in rows) else 0)


def test_a_folder_with_an_unreadable_file_finishes_with_that_row_marked(folder: Path, tmp_path: Path) -> None:
    results = tmp_path / "out.jsonl"
    outcome = CliRunner().invoke(main, ["scan", str(folder), "-o", str(results), "-j", "2"])
    assert outcome.exit_code == 1
    rows = {Path(row["source"]).name: row for row in map(json.loads, results.read_text().splitlines())}
    assert sorted(rows) == ["broken.jpg", "image1.jpg", "image10.jpg", "image1082.jpg"]  # the .dat files are not photos
    assert rows["broken.jpg"]["status"] == "no-grid" and rows["broken.jpg"]["error"] == "unreadable"
    assert "puzzle" not in rows["broken.jpg"]
    for name in ("image1.jpg", "image10.jpg", "image1082.jpg"):
        assert rows[name]["puzzle"] == _truth(Path(rows[name]["source"]))
    assert "broken.jpg: no grid found" in outcome.stderr


def test_a_quoted_glob_and_text_rows_that_name_their_photo_and_read_back(folder: Path, tmp_path: Path) -> None:
    results = tmp_path / "rows.txt"
    outcome = CliRunner().invoke(main, ["scan", str(folder / "**" / "*.jpg"), "--solve", "-o", str(results)])
    assert outcome.exit_code == 1
    lines = results.read_text().splitlines()
    assert len(lines) == 4
    broken = [line for line in lines if "broken.jpg" in line]
    assert len(broken) == 1 and broken[0].startswith("# ") and "NOGRID" in broken[0]
    records = list(read_file(results))
    assert [r.grid.to_string() for r in records] == [_truth(Path(line.split(" # ")[1])) for line in lines
                                                     if not line.startswith("#")]


def test_csv_rows_with_a_header_and_the_same_order_whatever_the_jobs(folder: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    CliRunner().invoke(main, ["scan", str(folder), "--format", "csv", "-o", str(one)])
    CliRunner().invoke(main, ["scan", str(folder), "--format", "csv", "-o", str(two), "-j", "2"])
    rows = list(csv.DictReader(one.open()))
    assert [Path(r["source"]).name for r in rows] == ["image1.jpg", "image1082.jpg", "broken.jpg", "image10.jpg"]
    assert rows[2]["status"] == "no-grid" and rows[2]["puzzle"] == ""
    assert one.read_text() == two.read_text()


def test_overlays_go_into_a_folder_one_per_photo(folder: Path, tmp_path: Path) -> None:
    overlays = tmp_path / "overlays"
    outcome = CliRunner().invoke(main, ["scan", str(folder / "image1.jpg"), str(folder / "more" / "image10.jpg"),
                                        "--overlay", str(overlays), "-q"])
    assert outcome.exit_code == 0 and outcome.stderr == ""
    written = sorted(str(p.relative_to(overlays)) for p in overlays.rglob("*") if p.is_file())
    assert written == ["image1-overlay.jpg", "more/image10-overlay.jpg"]  # each under its path below the common folder


def test_same_named_photos_in_two_folders_get_their_own_overlay_and_debug_files(tmp_path: Path) -> None:
    for where, name in (("dirA", "image1.jpg"), ("dirB", "image10.jpg")):
        (tmp_path / where).mkdir()
        shutil.copy(TRAIN / name, tmp_path / where / "photo.jpg")  # two different photos, one name
    out, debug = tmp_path / "out", tmp_path / "debug"
    outcome = CliRunner().invoke(main, ["scan", str(tmp_path / "dirA"), str(tmp_path / "dirB"), "--overlay",
                                        f"{out}/", "--debug", str(debug), "-q", "-j", "2"])
    assert outcome.exit_code == 0, outcome.output
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert written == ["dirA/photo-overlay.jpg", "dirB/photo-overlay.jpg"]
    assert (out / "dirA" / "photo-overlay.jpg").read_bytes() != (out / "dirB" / "photo-overlay.jpg").read_bytes()
    assert sorted(p.name for p in debug.iterdir()) == ["dirA", "dirB"]
    for where in ("dirA", "dirB"):
        stages = sorted(p.name for p in (debug / where / "photo").iterdir())
        assert stages and all(name.endswith((".png", ".jpg", ".txt", ".json")) for name in stages), stages
    again = tmp_path / "again"
    CliRunner().invoke(main, ["scan", str(tmp_path / "dirA"), str(tmp_path / "dirB"), "--overlay", f"{again}/", "-q"])
    assert sorted(str(p.relative_to(again)) for p in again.rglob("*") if p.is_file()) == written  # stable names


def test_arguments_that_name_no_photo_are_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(MissingInputError, match="no such file or folder"):
        find_photos([str(tmp_path / "nothing.jpg")])
    with pytest.raises(MissingInputError, match="no file matches"):
        find_photos([str(tmp_path / "*.jpg")])
    outcome = CliRunner().invoke(main, ["scan", str(tmp_path)])
    assert outcome.exit_code == 2 and "no photos in this folder" in outcome.stderr
