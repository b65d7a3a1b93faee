"""The HTML edition's data and file, without a browser (see test_html_browser.py for the page at work)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from conftest import SAMPLES, puzzle_lines, recorded_grades
from sudokuprint.cli import main
from sudokuprint.grid import Grid
from sudokuprint.html.edition import inflate, puzzle_id, reveal
from sudokuprint.logic import grade, solve
from sudokuprint.logic.engine import solution_of
from sudokuprint.logic.grading import basic_level
from sudokuprint.solver import solve as core_solve


def invoke(args: list[str]):
    return CliRunner().invoke(main, args)


def page_data(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="sudokuprint-data">(.*?)</script>', text, re.S)
    assert found, "the page carries its data"
    return json.loads(found.group(1))


def hint_paths(data: dict) -> list[list | None]:
    """Every puzzle's decoded solve path, as the page's script decodes it."""
    key = __import__("base64").b64decode(data["key"])
    chunks = [json.loads(inflate(reveal(chunk, key))) for chunk in data["chunks"]]
    paths = []
    for entry in data["puzzles"]:
        if not isinstance(entry["h"], list):  # None: no hints; "page": the page finds them
            paths.append(None)
            continue
        chunk = chunks[entry["h"][0]]
        paths.append([[chunk["t"][step[0]], *step[1:]] for step in chunk["p"][entry["h"][1]]])
    return paths


def test_a_mixed_collection_becomes_one_self_contained_page(tmp_path: Path) -> None:
    out = tmp_path / "mixed.html"
    result = invoke(["html", str(SAMPLES / "mixed-sizes.txt"), "-o", str(out), "--title", "Mixed <sizes>"])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.stderr and "3 puzzles" in result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "<title>Mixed &lt;sizes&gt;</title>" in text
    # nothing fetched: no external script, style, font, image or link
    for needle in ("http://", "https://", "src=", "<link", "@import", "url("):
        assert needle not in text, needle
    data = page_data(out)
    assert [p["box"] for p in data["puzzles"]] == [[2, 2], [3, 3], [4, 4]]
    lines = (SAMPLES / "mixed-sizes.txt").read_text().split()
    assert [p["g"] for p in data["puzzles"]] == lines
    assert [p["id"] for p in data["puzzles"]] == [puzzle_id(Grid.from_string(line)) for line in lines]


def test_solutions_and_hints_are_embedded_but_not_readable(tmp_path: Path) -> None:
    out = tmp_path / "easy.html"
    assert invoke(["html", str(SAMPLES / "easy50.txt"), "-o", str(out), "-j", "2"]).exit_code == 0
    text = out.read_text(encoding="utf-8")
    data = page_data(out)
    key = __import__("base64").b64decode(data["key"])
    paths = hint_paths(data)
    for entry, path in zip(data["puzzles"][:5], paths):
        grid = Grid.from_string(entry["g"])
        solution = core_solve(grid).to_string()
        assert solution not in text
        assert reveal(entry["sol"], key).decode() == solution
        log = solve(grid)
        assert path == [[s.technique, s.explanation, [n for pair in s.placements for n in pair],
                         [n for pair in s.eliminations for n in pair]] for s in log.steps]
        assert log.steps[0].explanation not in text
        assert [step[0] for step in path] == [s.split(";")[0] for s in recorded_grades()[entry["g"]]["steps"]]
        assert entry["level"] == {1: "Easy", 2: "Medium", 3: "Hard", 4: "Expert"}[recorded_grades()[entry["g"]]["level"]]
    assert len(text.encode()) < 150_000  # 50 puzzles with every hint


def test_the_hint_paths_made_by_worker_processes_give_the_same_page(tmp_path: Path) -> None:
    """-j 2 runs the logic engine through the executor, as every bulk command does: the page is the same byte for
    byte, the paths in the puzzles' order."""
    puzzles = tmp_path / "top.txt"
    puzzles.write_text("\n".join(puzzle_lines("top95.txt", limit=4) + (SAMPLES / "mixed-sizes.txt").read_text().split())
                       + "\n")
    pages = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.html"
        result = invoke(["html", str(puzzles), "-j", jobs, "-o", str(out)])
        assert result.exit_code == 0, result.output
        pages.append(out.read_bytes())
    assert pages[0] == pages[1]
    data = page_data(tmp_path / "jobs2.html")
    assert [len(path or ()) > 0 for path in hint_paths(data)] == [True] * 6 + [False]
    assert data["puzzles"][6]["h"] == "page"  # the 16x16's hints are found in the page


def test_the_level_label_and_rating_are_the_recorded_grades(tmp_path: Path) -> None:
    out = tmp_path / "top.html"
    puzzles = tmp_path / "top.txt"
    puzzles.write_text("\n".join(puzzle_lines("top95.txt", limit=3)) + "\n")
    assert invoke(["html", str(puzzles), "-o", str(out)]).exit_code == 0
    for number, (line, entry) in enumerate(zip(puzzles.read_text().split(), page_data(out)["puzzles"]), 1):
        recorded = recorded_grades()[line]  # tests/data/grading-steps.jsonl
        assert entry["n"] == number
        assert entry["label"] == f"{number}-{recorded['moves']}-{recorded['level']}-{Grid.from_string(line).clue_count}"
        assert entry["rating"] == recorded["rating"]


def test_generated_puzzles_take_the_level_asked_for(tmp_path: Path) -> None:
    out = tmp_path / "gen.html"
    result = invoke(["html", "--generate", "3", "--level", "easy", "--seed", "5", "-o", str(out)])
    assert result.exit_code == 0, result.output
    entries = page_data(out)["puzzles"]
    assert [p["level"] for p in entries] == ["Easy"] * 3
    assert len({p["g"] for p in entries}) == 3


def test_without_hints_the_page_has_no_paths(tmp_path: Path) -> None:
    out = tmp_path / "plain.html"
    assert invoke(["html", str(SAMPLES / "mixed-sizes.txt"), "--no-hints", "-o", str(out)]).exit_code == 0
    data = page_data(out)
    assert data["chunks"] == [] and all(p["h"] is None for p in data["puzzles"])
    assert data["puzzles"][1]["level"] == "Medium"  # the 9x9 is still graded
    assert data["puzzles"][1]["label"] == "2-6-2-30"


def test_standard_output_and_standard_input() -> None:
    line = (SAMPLES / "easy50.txt").read_text().split()[0]
    result = CliRunner().invoke(main, ["html", "-", "-o", "-"], input=line + "\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<!DOCTYPE html>") and result.stdout.rstrip().endswith("</html>")


def test_bad_input_is_one_line_naming_the_place(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text((SAMPLES / "easy50.txt").read_text().split()[0] + "\n55" + "." * 79 + "\n")
    out = tmp_path / "bad.html"
    result = invoke(["html", str(bad), "-o", str(out)])
    assert result.exit_code == 1
    assert f"{bad}, line 2" in result.stderr and "Traceback" not in result.output
    assert not out.exists()
    result = invoke(["html", str(tmp_path / "missing.txt"), "-o", str(out)])
    assert result.exit_code == 2 and "missing.txt" in result.stderr
    result = invoke(["html", str(bad), "-o", str(tmp_path / "no" / "such" / "x.html")])
    assert result.exit_code == 2 and "does not exist" in result.stderr
    result = invoke(["html", str(bad), "--level", "easy", "-o", str(out)])
    assert result.exit_code == 2 and "--level goes with --generate" in result.stderr


def test_a_puzzle_with_two_solutions_is_refused_unless_allowed(tmp_path: Path) -> None:
    several = tmp_path / "two.txt"
    several.write_text(puzzle_lines("serg_benchmark_multisolution.txt", limit=1)[0] + "\n")
    out = tmp_path / "two.html"
    result = invoke(["html", str(several), "-o", str(out)])
    assert result.exit_code == 1 and "more than one solution" in result.stderr
    result = invoke(["html", str(several), "--allow-nonunique", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "no hints" in result.stderr
    entry = page_data(out)["puzzles"][0]
    assert entry["unique"] is False and entry["h"] is None


def test_big_grids_carry_their_level_and_leave_the_hints_to_the_page(tmp_path: Path) -> None:
    out = tmp_path / "mixed.html"
    assert invoke(["html", str(SAMPLES / "mixed-sizes.txt"), "-o", str(out)]).exit_code == 0
    data = page_data(out)
    small, nine, big = data["puzzles"]
    assert isinstance(small["h"], list) and isinstance(nine["h"], list)
    assert big["h"] == "page" and hint_paths(data)[2] is None  # no path embedded for the 16x16
    assert big["level"] == {1: "Easy", 2: "Medium", 3: "Hard", 4: "Expert"}[grade(Grid.from_string(MIXED_16)).level]


MIXED_16 = (SAMPLES / "mixed-sizes.txt").read_text().split()[2]


def test_the_level_of_the_basic_techniques_is_grades_level() -> None:
    lines = (SAMPLES / "easy50.txt").read_text().split() + (SAMPLES / "top95.txt").read_text().split()[:20]
    grids = [Grid.from_string(line) for line in lines]
    levels = [basic_level(grid, solution_of(grid)) for grid in grids]
    assert levels == [grade(grid).level for grid in grids]
    assert levels == [recorded_grades()[line]["level"] for line in lines]  # tests/data/grading-steps.jsonl
    assert set(levels) == {1, 2, 3, 4}
