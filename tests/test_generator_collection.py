"""Collections to files, resume after a kill, and the generate / pattern commands."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from conftest import installed_cli
from sudokuprint.cli import main
from sudokuprint.errors import ParseError
from sudokuprint.formats.pattern_code import encode_pattern
from sudokuprint.generator import COLUMNS, DigTarget, Recipe, read_collection, write_collection
from sudokuprint.generator.symmetry import is_symmetric
from sudokuprint.grid import Grid
from sudokuprint.shape import CLASSIC
from sudokuprint.solver import search


def _check_unique(record: dict) -> Grid:
    grid = Grid.from_string(record["puzzle"])
    result = search(grid, 2)
    assert result.count == 1
    assert result.solution.to_string() == record["solution"]
    assert grid.clue_count == int(record["clues"])
    return grid


def test_generate_cli_jsonl_form(tmp_path):
    out = tmp_path / "out.jsonl"
    args = ["generate", "-n", "20", "--seed", "7", "--symmetry", "rot180", "--minimal", "--format", "jsonl", "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in records] == list(range(1, 21))
    assert all(list(r) == list(COLUMNS) for r in records)
    assert len({r["puzzle"] for r in records}) == 20
    for record in records:
        grid = _check_unique(record)
        assert is_symmetric(grid.givens, CLASSIC, "rot180")
        assert record["pattern_code"].endswith("_" + record["solution"])
        assert record["level"] in (1, 2, 3, 4) and record["moves"] >= 1
    again = tmp_path / "again.jsonl"
    CliRunner().invoke(main, args[:-1] + [str(again)])
    assert again.read_text() == out.read_text()  # reproducible from the seed


def test_generate_cli_level_clues_size_csv_and_text(tmp_path):
    out = tmp_path / "out.csv"
    result = CliRunner().invoke(main, ["generate", "-n", "3", "--level", "2", "--clues", "32", "--symmetry", "rot180",
                                       "--format", "csv", "-o", str(out), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 3 and sorted(int(r["id"]) for r in rows) == [1, 2, 3]
    for row in rows:
        _check_unique(row)
        assert row["level"] == "2" and row["clues"] == "32"
    result = CliRunner().invoke(main, ["generate", "-n", "2", "--size", "6x6", "--no-grade"])
    lines = result.output.splitlines()
    assert result.exit_code == 0 and len(lines) == 2
    fields = lines[0].split()
    assert len(fields) == len(COLUMNS) and len(fields[1]) == 36 and fields[4:] == ["-"] * 4
    bad = CliRunner().invoke(main, ["generate", "--clues", "12"])
    assert bad.exit_code == 1 and "fewer than 17" in bad.output


def test_pattern_cli_code_and_picture_file(tmp_path):
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["pattern", "1C31905119", "-n", "1", "--seed", "7", "--format", "jsonl", "-o", str(out)])
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text())
    grid = _check_unique(record)
    assert record["pattern_code"].startswith("1C31905119_")
    picture = tmp_path / "ring.txt"
    picture.write_text("\n".join("".join("x" if r * 9 + c in grid.givens else "." for c in range(9)) for r in range(9)))
    checked = CliRunner().invoke(main, ["pattern", str(picture), "--check"])
    assert checked.exit_code == 0 and "code: 1C31905119" in checked.output
    empty_band = tmp_path / "band.txt"
    empty_band.write_text("\n".join(["........."] * 3 + ["xxxxxxxxx"] * 6))
    refused = CliRunner().invoke(main, ["pattern", str(empty_band)])
    assert refused.exit_code == 2 and "rows 1, 2, 3 are empty" in refused.output


def test_resume_fills_in_exactly_what_is_missing(tmp_path):
    recipe = Recipe(CLASSIC, seed=3, target=DigTarget(symmetry="rot180"), graded=False)
    path = tmp_path / "c.txt"
    write_collection(recipe, 5, path, "text")
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:3]) + lines[3][:20])  # killed while writing line 4
    summary = write_collection(recipe, 5, path, "text", resume=True)
    assert summary.resumed == 3 and summary.written == 2
    records = read_collection(path, "text")
    assert [r["id"] for r in records] == [1, 2, 3, 4, 5]
    assert path.read_text().splitlines(keepends=True) == lines


def test_kill_mid_run_then_resume_loses_nothing(tmp_path):
    # --resume appends as it goes (a run without it replaces the file only at the end)
    out = tmp_path / "run.jsonl"
    command = installed_cli("generate", "-n", "400", "--seed", "5", "--symmetry", "rot180",
                            "--no-grade", "--format", "jsonl", "-o", str(out), "--resume")
    env = dict(os.environ)
    process = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 5):
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    before = read_collection(out, "jsonl")
    assert 5 <= len(before) < 400
    subprocess.run(command[:4] + ["-n", str(len(before) + 10)] + command[6:], env=env, check=True,
                   stderr=subprocess.DEVNULL)
    after = read_collection(out, "jsonl")
    assert after[: len(before)] == before
    assert [r["id"] for r in after] == list(range(1, len(before) + 11))
    assert len({r["puzzle"] for r in after}) == len(after)
    for record in after[len(before) - 1 :]:
        _check_unique(record)


def test_pattern_cli_small_picture_and_image(tmp_path):
    picture = tmp_path / "six.txt"
    picture.write_text("x..x..\n.x..x.\n..x..x\nx..x..\n.x..x.\n..x..x\n")
    result = CliRunner().invoke(main, ["pattern", str(picture), "-n", "2", "--seed", "1", "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(result.stdout.splitlines()))
    assert len(rows) == 2
    for row in rows:
        cells = {c for c, ch in enumerate(row["puzzle"]) if ch != "."}
        assert cells == {r * 6 + c for r in range(6) for c in range(6) if (c - r) % 3 == 0}
        assert search(Grid.from_string(row["puzzle"]), 2).count == 1
        assert row["pattern_code"] == ""  # codes are for 9x9 only
    from PIL import Image

    image = Image.new("1", (18, 18), 1)
    for cell in range(81):
        if cell % 4 == 0:
            row, column = divmod(cell, 9)
            image.paste(0, (column * 2, row * 2, column * 2 + 2, row * 2 + 2))
    path = tmp_path / "dots.png"
    image.save(path)
    checked = CliRunner().invoke(main, ["pattern", str(path), "--check"])
    assert checked.exit_code == 0
    dots = [cell for cell in range(81) if cell % 4 == 0]
    assert f"21 givens on 9x9; symmetry: rot180, diagonal; code: {encode_pattern(dots)}" in checked.output


def test_generate_cli_rating_range(tmp_path):
    result = CliRunner().invoke(main, ["generate", "-n", "2", "--seed", "3", "--rating", "1-2.6", "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    for line in result.stdout.splitlines():
        record = json.loads(line)
        assert 1 <= record["rating"] <= 2.6
        _check_unique(record)
    bad = CliRunner().invoke(main, ["generate", "--rating", "3-1"])
    assert bad.exit_code == 2 and "low end is above the high end" in bad.output


def test_resume_on_a_file_of_another_kind_names_it_and_leaves_it_whole(tmp_path):
    recipe = Recipe(CLASSIC, seed=3, target=DigTarget(), graded=False)
    image = tmp_path / "page.png"
    image.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    before = image.read_bytes()
    with pytest.raises(ParseError, match="not a text file"):
        write_collection(recipe, 2, image, "jsonl", resume=True)
    assert image.read_bytes() == before
    foreign = tmp_path / "notes.jsonl"
    foreign.write_text('{"id": 1, "puzzle": "abc!"}\n{"id": 2, "puz')
    with pytest.raises(ParseError, match=r"line 1: puzzle 1: 4 cells, not the 81"):
        write_collection(recipe, 2, foreign, "jsonl", resume=True)
    assert foreign.read_text().endswith('"puz')


def test_resume_refuses_puzzles_of_another_size(tmp_path):
    path = tmp_path / "nine.jsonl"
    write_collection(Recipe(CLASSIC, seed=1, target=DigTarget(), graded=False), 2, path, "jsonl")
    result = CliRunner().invoke(main, ["generate", "-n", "3", "--size", "4", "--format", "jsonl", "-o", str(path),
                                       "--resume"])
    assert result.exit_code == 2, result.output
    assert "line 1: puzzle 1: 81 cells, not the 16 of a 4x4 grid" in result.output
    assert len(read_collection(path, "jsonl", CLASSIC)) == 2
