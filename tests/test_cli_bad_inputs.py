"""Every command against bad inputs: a message naming the input, the documented exit code, never a traceback.

One table: each command that reads puzzles, photos or patterns gets a
missing file, a folder, random bytes, a fake PNG and an empty file; every
command gets option values it must refuse and outputs it cannot write
(a folder that does not exist, a path under a file, a folder as the output).
Exit codes: 1 a puzzle or photo failed, 2 usage, parse or output error.
Cases that fail in code another branch is changing are marked xfail(strict)
with the reason, so that they turn into failures here once fixed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokuprint.cli import main
from conftest import SAMPLES

PUZZLES = str(SAMPLES / "easy50.txt")
PHOTO = str(SAMPLES / "newspaper-photo.jpg")

READERS = {  # command line before the input; PDF makers write to a file
    "check": ["check"],
    "solve": ["solve"],
    "grade": ["grade"],
    "hint": ["hint"],
    "explain": ["explain"],
    "convert": ["convert", "--to", "json"],
    "booklet": ["booklet", "-o", "{out}/book.pdf"],
    "answers": ["answers", "-o", "{out}/key.pdf"],
    "candidates": ["worksheet", "--candidates", "-o", "{out}/sheet.pdf"],
    "svd-answers": ["svd-answers", "-o", "{out}/svd.pdf"],
    "motif": ["motif", "-o", "{out}/motif.pdf"],
    "poster": ["poster", "-o", "{out}/poster.pdf"],
    "pattern": ["pattern"],
    "scan": ["scan"],
}
PHOTO_FAILS = 1  # a photo that cannot be read is reported on its row, exit 1 (not a usage error)
BAD_FILES = {
    "missing": ("nosuch.txt", {"scan": 2}),
    "folder": ("folder", {}),
    "binary": ("binary.dat", {"scan": PHOTO_FAILS}),
    "fake-png": ("fake.png", {"scan": PHOTO_FAILS}),
    "empty": ("empty.txt", {"scan": PHOTO_FAILS}),
}
KNOWN: dict[tuple[str, str], str] = {}

BAD_OPTIONS = [  # (arguments, what the message must name)
    (["check", "--from", "nosuch", PUZZLES], "--from"),
    (["convert", "--to", "nosuch", PUZZLES], "--to"),
    (["convert", PUZZLES], "--format"),
    (["generate", "-n", "-1"], "--count"),
    (["generate", "--level", "9"], "--level"),
    (["generate", "--size", "7"], "--size"),
    (["generate", "--seed", "x"], "--seed"),
    (["grade", "-j", "0", PUZZLES], "--jobs"),
    (["booklet", "--dpi", "0", PUZZLES, "-o", "{out}/b.pdf"], "--dpi"),
    (["booklet", "--template", "nosuch", PUZZLES, "-o", "{out}/b.pdf"], "nosuch"),
    (["booklet", "--generate", "1", "--level", "9", "-o", "{out}/b.pdf"], "--level"),
    (["worksheet", "--size", "7", "-o", "{out}/w.pdf"], "--size"),
    (["pattern", "5028140442", "-n", "-2"], "--count"),
    (["poster", "--template", "nosuch", PUZZLES, "-o", "{out}/p.pdf"], "nosuch"),
    (["scan", "--readers", "nosuch", PHOTO], "--readers"),
]

WRITERS = {  # a command that writes to -o, without the -o
    "solve": ["solve", PUZZLES],
    "check": ["check", PUZZLES],
    "grade": ["grade", PUZZLES],
    "hint": ["hint", PUZZLES],
    "explain": ["explain", PUZZLES],
    "convert": ["convert", "--to", "json", PUZZLES],
    "generate": ["generate", "-n", "1", "--no-grade"],
    "pattern": ["pattern", "5028140442", "--no-grade"],
    "booklet": ["booklet", PUZZLES],
    "answers": ["answers", PUZZLES],
    "worksheet": ["worksheet"],
    "svd-answers": ["svd-answers", PUZZLES],
    "motif": ["motif", "heart"],
    "poster": ["poster", "heart"],
}
BAD_OUTPUTS = {"missing-folder": "missing/out.txt", "under-a-file": "binary.dat/out.txt", "a-folder": "folder"}
KNOWN_OUTPUTS: dict[tuple[str, str], str] = {}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of bad inputs."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "binary.dat").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "fake.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(255, -1, -1)) * 4)
    (tmp_path / "empty.txt").write_bytes(b"")
    return tmp_path


def run(args: list[str], folder: Path) -> tuple[int, str]:
    """Exit code and standard error of one command; a traceback fails the test."""
    result = CliRunner().invoke(main, [a.replace("{out}", str(folder)) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{args}: traceback ({type(result.exception).__name__}: {result.exception})")
    assert "Traceback" not in result.output
    return result.exit_code, result.stderr


def cases_of(table: dict, known: dict, kinds: dict) -> list:
    params = []
    for name in table:
        for kind in kinds:
            marks = [pytest.mark.xfail(strict=True, reason=known[name, kind])] if (name, kind) in known else []
            params.append(pytest.param(name, kind, marks=marks, id=f"{name}-{kind}"))
    return params


@pytest.mark.parametrize("command, kind", cases_of(READERS, KNOWN, BAD_FILES))
def test_bad_input_files(command: str, kind: str, folder: Path) -> None:
    name, exits = BAD_FILES[kind]
    path = str(folder / name)
    code, message = run(READERS[command] + [path], folder)
    assert code == exits.get(command, 2), message
    assert path in message, message


@pytest.mark.parametrize("args, named", BAD_OPTIONS, ids=lambda value: value if isinstance(value, str) else None)
def test_bad_option_values_are_usage_errors_naming_the_option(args: list[str], named: str, folder: Path) -> None:
    code, message = run(args, folder)
    assert code == 2, message
    assert named in message, message


@pytest.mark.parametrize("command, kind", cases_of(WRITERS, KNOWN_OUTPUTS, BAD_OUTPUTS))
def test_outputs_that_cannot_be_written(command: str, kind: str, folder: Path) -> None:
    target = str(folder / BAD_OUTPUTS[kind])
    code, message = run(WRITERS[command] + ["-o", target], folder)
    assert code == 2, message
    assert target in message, message
    assert not (folder / "missing").exists()


@pytest.mark.parametrize("command", ["check", "solve", "grade", "hint", "explain", "convert"])
@pytest.mark.parametrize("data", [b"\x00\x01\x02\xff" * 100, b"", b"\xef\xbb\xbf\n\n"], ids=["binary", "empty", "bom-only"])
def test_bad_standard_input_is_named_stdin(command: str, data: bytes, folder: Path) -> None:
    args = READERS[command] + ["-"]
    result = CliRunner().invoke(main, args, input=data)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2 and "<stdin>" in result.stderr, result.stderr


def test_a_broken_template_file_is_named(folder: Path) -> None:
    template = folder / "mine.toml"
    template.write_text("[page\nsize = 'A4'\n")
    code, message = run(["booklet", PUZZLES, "--template", str(template), "-o", "{out}/b.pdf"], folder)
    assert code == 2 and str(template) in message, message
