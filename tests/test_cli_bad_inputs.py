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

import resource
import signal
import subprocess
import sys
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
    "pattern": ["pattern", "5028140442", "--no-grade", "--seed", "7"],  # seed 7: a puzzle in under a second
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


# -- issue 29, item 5: cases that gave a traceback ----------------------------------------------------------------


def _png_header_only(path: Path, width: int, height: int) -> None:
    """A PNG whose header claims ``width`` x ``height`` 1-bit pixels, with one empty data chunk (a few dozen bytes
    that Pillow would decode to ``width * height`` pixels)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"")) +
                     chunk(b"IEND", b""))


def _flate_bomb_pdf(path: Path) -> None:
    """A one-page PDF whose content stream is 200 KB of Flate that inflates to 200 MB."""
    import zlib

    packer = zlib.compressobj(9)
    spaces = b" " * (1 << 20)
    stream = b"".join(packer.compress(spaces) for _ in range(200)) + packer.flush()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R >>",
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream"]
    pdf = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(pdf))
        pdf += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(pdf)
    pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    pdf += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, table)
    path.write_bytes(bytes(pdf))


def _one_line_error(args: list[str], folder: Path) -> tuple[int, str]:
    """Exit code and the one line of standard error of a command that must fail cleanly."""
    code, message = run(args, folder)
    lines = [line for line in message.splitlines() if line.strip()]
    assert len(lines) == 1, message
    return code, lines[0]


@pytest.mark.parametrize("command", list(READERS))
def test_a_thousand_nested_brackets_are_a_format_error(command: str, folder: Path) -> None:
    nested = folder / "nested.txt"
    nested.write_text("[" * 1000 + "\n")
    code, line = _one_line_error(READERS[command] + [str(nested)], folder)
    assert code == (PHOTO_FAILS if command == "scan" else 2)
    assert str(nested) in line


@pytest.mark.parametrize("command", ["check", "grade", "convert"])
def test_a_jsonl_row_nested_a_thousand_deep_is_a_format_error(command: str, folder: Path) -> None:
    nested = folder / "rows.jsonl"
    nested.write_text('{"puzzle": "' + "." * 81 + '", "deep": ' + "[" * 1000 + "\n")
    code, line = _one_line_error(READERS[command] + [str(nested)], folder)
    assert code == 2 and str(nested) in line


@pytest.mark.parametrize("command", list(WRITERS))
def test_writing_to_dev_full_is_one_line(command: str, folder: Path) -> None:
    code, line = _one_line_error(WRITERS[command] + ["-q", "-o", "/dev/full"], folder)
    assert code == 2
    assert line == "sudokuprint: error: /dev/full: cannot write: No space left on device"


@pytest.mark.parametrize("command", ["check", "formats", "booklet"])
def test_a_full_standard_output_is_one_line(command: str) -> None:
    args = {"check": ["check", PUZZLES], "formats": ["formats"], "booklet": ["booklet", PUZZLES, "-o", "-"]}[command]
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "sudokuprint", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=300)
    assert done.returncode == 2
    assert done.stderr == "sudokuprint: error: standard output: cannot write: No space left on device\n"


def _small_files_only() -> None:
    """In the child: files may not grow past 2 KB (as on a disk that is full), and writing past it is an error."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


@pytest.mark.parametrize("args", [["check", PUZZLES], ["solve", PUZZLES], ["booklet", PUZZLES],
                                  ["worksheet", "--pages", "3"]], ids=lambda a: a[0])
def test_a_full_disk_is_one_line_and_keeps_the_old_file(args: list[str], tmp_path: Path) -> None:
    suffix = ".pdf" if args[0] in ("booklet", "worksheet") else ".txt"
    target = tmp_path / f"out{suffix}"
    target.write_bytes(b"the old file")
    done = subprocess.run([sys.executable, "-m", "sudokuprint", *args, "-o", str(target)], capture_output=True,
                          text=True, timeout=300, preexec_fn=_small_files_only)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"sudokuprint: error: {target}: cannot write: File too large\n"
    assert target.read_bytes() == b"the old file" and sorted(tmp_path.iterdir()) == [target]


@pytest.mark.parametrize("args", [["pattern", "{image}"], ["poster", "--mosaic", "--picture", "{image}", "-o",
                                                            "{out}/mosaic.pdf"], ["motif", "{image}", "-o",
                                                                                  "{out}/motif.pdf"]],
                         ids=["pattern", "poster-mosaic", "motif"])
@pytest.mark.parametrize("side", [30_000, 11_000, 7_100], ids=["900Mpx", "121Mpx", "50.4Mpx"])
def test_an_image_over_the_pixel_limit_is_refused_in_one_line(args: list[str], side: int, folder: Path) -> None:
    image = folder / "huge.png"
    _png_header_only(image, side, side)
    code, line = _one_line_error([a.replace("{image}", str(image)) for a in args], folder)
    assert code == 2
    assert line.startswith(f"sudokuprint: error: {image}: too many pixels to read safely (")
    assert line.endswith("more than the 50 million an image may have); scale it down first")


def test_scan_refuses_the_same_image_with_the_same_limit(folder: Path) -> None:
    image = folder / "huge.png"
    _png_header_only(image, 30_000, 30_000)
    result = CliRunner().invoke(main, ["scan", str(image)])
    assert result.exit_code == PHOTO_FAILS
    assert "too many pixels to read safely (900,000,000 pixels, more than the 50 million an image may have)" in \
        result.stdout
    assert "Traceback" not in result.output and "DecompressionBomb" not in result.output


def test_preflight_of_a_flate_bomb_is_a_parse_error(folder: Path) -> None:
    bomb = folder / "bomb.pdf"
    _flate_bomb_pdf(bomb)
    code, line = _one_line_error(["preflight", str(bomb)], folder)
    assert code == 2
    assert line.startswith(f"sudokuprint: error: PDF: {bomb}: page 1: its content stream cannot be read safely")


@pytest.mark.parametrize("nesting", ["a = " + "[" * 100_000 + "]" * 100_000,
                                     "x = " + "{a = " * 100_000 + "1" + "}" * 100_000], ids=["arrays", "tables"])
def test_a_template_nested_100000_deep_is_one_line(nesting: str, folder: Path) -> None:
    template = folder / "deep.toml"
    template.write_text(nesting + "\n")
    code, line = _one_line_error(["booklet", PUZZLES, "--template", str(template), "-o", "{out}/b.pdf"], folder)
    assert code == 2
    assert line == f"sudokuprint: error: {template}: values nested too deeply to be a template"


@pytest.mark.parametrize("command", ["check", "solve", "grade"])
def test_timeout_nan_is_a_usage_error(command: str, folder: Path) -> None:
    code, message = run([command, "--timeout", "nan", PUZZLES], folder)
    assert code == 2 and "Invalid value for '--timeout': 'nan' is not a positive, finite number of seconds" in message
