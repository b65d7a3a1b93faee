"""Every command's output is valid input to every command that reads puzzles (a full matrix).

Each producer writes a file through the CLI; each consumer reads it (format
detected) and must print exactly what it prints for the same puzzles given
as plain standard strings.  Metadata is checked on its own: ids, levels and
labels reach the booklet; collection names and .sdk headers survive convert.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import SAMPLES, data_file, puzzle_lines, recorded_grades
from sudokuprint import parse
from sudokuprint.cli import main
from sudokuprint.formats import read_file
from sudokuprint.publish import load_puzzles
from sudokuprint.solver import solve

pytestmark = pytest.mark.xdist_group("chaining")  # one worker makes the module's shared setup once

PUZZLES = puzzle_lines("top95.txt", limit=2)
PHOTOS = [data_file("wicht", "train", name) for name in ("image1.jpg", "image10.jpg")]


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), (args, result.output)
    return result.stdout


def _photo_truth(photo: Path) -> str:
    rows = [line.split() for line in photo.with_suffix(".dat").read_text().splitlines()[2:] if line.strip()]
    return "".join("." if d == "0" else d for row in rows for d in row)


def _generated(seed: str) -> list[str]:
    out = _run(["generate", "-n", "2", "--seed", seed, "--format", "jsonl"])
    return [json.loads(line)["puzzle"] for line in out.splitlines()]


# name -> (arguments before the input, what it reads: "puzzles", "photos" or nothing)
PRODUCERS: dict[str, tuple[list[str], str | None]] = {
    "generate-text": (["generate", "-n", "2", "--seed", "9", "--format", "text"], None),
    "generate-jsonl": (["generate", "-n", "2", "--seed", "9", "--format", "jsonl"], None),
    "generate-csv": (["generate", "-n", "2", "--seed", "9", "--format", "csv"], None),
    "solve": (["solve"], "puzzles"),
    "check": (["check"], "puzzles"),
    "check-json": (["check", "--json"], "puzzles"),
    "grade": (["grade"], "puzzles"),
    "grade-json": (["grade", "--json"], "puzzles"),
    "hint": (["hint"], "puzzles"),
    "convert-sdm": (["convert", "--format", "sdm"], "puzzles"),
    "convert-opensudoku": (["convert", "--format", "opensudoku"], "puzzles"),
    "convert-euler": (["convert", "--format", "euler"], "puzzles"),
    "convert-json": (["convert", "--format", "json"], "puzzles"),
    "scan": (["scan"], "photos"),
    "scan-solve": (["scan", "--solve"], "photos"),
    "scan-json": (["scan", "--json"], "photos"),
    "scan-csv": (["scan", "--format", "csv"], "photos"),
}

CONSUMERS: dict[str, list[str]] = {
    "check": ["check"],
    "check-json": ["check", "--format", "jsonl"],
    "solve": ["solve", "--format", "standard"],  # by default solve answers in the input's format
    "grade": ["grade"],
    "grade-json": ["grade", "--format", "jsonl"],
    "hint": ["hint"],
    "explain": ["explain"],
    "convert": ["convert", "--format", "standard"],
}


def _where(output: str, source: Path) -> str:
    """The output with its source's name and line numbers (which differ between two files) blanked."""
    output = output.replace(str(source), "SOURCE")
    output = re.sub(r'"id":"[^"]*",', "", output)  # hint keeps an input's id; the reference strings have none
    return re.sub(r'"line": \d+|line \d+', "LINE", output)


@pytest.fixture(scope="module")
def produced(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Each producer's output file, and a reference file of the same puzzles as standard strings."""
    folder = tmp_path_factory.mktemp("chain")
    puzzles = folder / "puzzles.txt"
    puzzles.write_text("\n".join(PUZZLES) + "\n")
    files = {}
    for name, (args, inputs) in PRODUCERS.items():
        out = folder / f"{name}.out"
        given = {"puzzles": [str(puzzles)], "photos": [str(p) for p in PHOTOS], None: []}[inputs]
        result = CliRunner().invoke(main, [*args, *given, "-o", str(out)])
        assert result.exit_code == 0, (name, result.output)
        if name.startswith("generate"):
            expected = _generated("9")
        elif name == "solve":
            expected = [solve(parse(p)).to_string() for p in PUZZLES]
        elif inputs == "photos":
            expected = [_photo_truth(p) for p in PHOTOS]
        else:
            expected = PUZZLES
        reference = folder / f"{name}.ref"
        reference.write_text("\n".join(expected) + "\n")
        files[name] = (out, reference)
    return files


@pytest.mark.parametrize("consumer", CONSUMERS)
@pytest.mark.parametrize("producer", PRODUCERS)
def test_every_output_feeds_every_reader(produced, producer: str, consumer: str) -> None:
    out, reference = produced[producer]
    through = CliRunner().invoke(main, [*CONSUMERS[consumer], str(out)])
    direct = CliRunner().invoke(main, [*CONSUMERS[consumer], str(reference)])
    assert through.exit_code == direct.exit_code and through.exit_code in (0, 1), through.output
    assert _where(through.stdout, out) == _where(direct.stdout, reference)
    assert _where(through.stderr, out) == _where(direct.stderr, reference)
    assert through.stdout.strip() or "no step" in through.stderr or "solved" in through.stderr


def test_the_matrix_reads_the_puzzles_unchanged(produced) -> None:
    for name, (out, reference) in produced.items():
        assert [r.grid.puzzle().to_string() if not name.startswith("solve") else r.grid.to_string()
                for r in read_file(out)] == reference.read_text().split(), name


def test_generated_and_graded_metadata_reaches_the_booklet_labels(produced, tmp_path: Path) -> None:
    graded = json.loads(produced["grade-json"][0].read_text().splitlines()[0])
    made = json.loads(produced["generate-jsonl"][0].read_text().splitlines()[0])
    made_label = f"{made['id']}-{made['moves']}-{made['level']}-{made['clues']}"
    assert made_label == "1-12-3-24" and made["rating"] == 1.5  # generate -n 2 --seed 9, as recorded
    recorded = recorded_grades()[PUZZLES[0]]  # tests/data/grading-steps.jsonl, not the grader run again
    assert graded["label"] == f"1-{recorded['moves']}-{recorded['level']}-17" and graded["rating"] == recorded["rating"]
    for name, label in (("generate-text", made_label), ("generate-jsonl", made_label), ("generate-csv", made_label),
                        ("grade", graded["label"]), ("grade-json", graded["label"])):
        out = produced[name][0]
        first = next(iter(read_file(out)))
        assert first.meta["label"] == label, name
        assert load_puzzles([str(out)])[0].svd_label == label, name
        book = tmp_path / f"{name}.pdf"
        result = CliRunner().invoke(main, ["booklet", str(out), "-o", str(book)])
        assert result.exit_code == 0 and book.read_bytes().startswith(b"%PDF"), result.output
    generated = next(iter(read_file(produced["generate-jsonl"][0]))).meta
    assert (generated["id"], generated["level"], generated["rating"]) == ("1", str(made["level"]), str(made["rating"]))


def test_sdk_headers_and_collection_names_survive_convert_and_solve(tmp_path: Path) -> None:
    sdk = SAMPLES / "sudonkey_complete.sdk"
    converted = _run(["convert", str(sdk), "--format", "sdk"])
    headers = [line for line in sdk.read_text().splitlines() if line.startswith("#")]
    assert [line for line in converted.splitlines() if line.startswith("#")] == headers
    collection = data_file("formats", "opensudoku")
    source = next(p for p in sorted(collection.iterdir()) if p.suffix in (".opensudoku", ".xml"))
    name = next(iter(read_file(source))).meta.get("title")
    for args in (["convert", str(source), "--format", "opensudoku"], ["solve", str(source)],
                 ["solve", str(source), "--to", "opensudoku"]):
        out = tmp_path / "out.opensudoku"
        assert CliRunner().invoke(main, [*args, "-o", str(out)]).exit_code == 0, args
        records = list(read_file(out))
        assert records and all(r.meta.get("title") == name for r in records), args
        if args[0] == "solve":
            assert all(r.grid.is_complete() and not r.grid.conflicts() for r in records)
