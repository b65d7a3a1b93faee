"""Outputs never lose data: atomic replace, modes kept, links followed, --resume under a lock, streams."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import installed_cli, puzzle_lines
from sudokuprint.cli import main
from sudokuprint.errors import OutputError, UnsupportedError
from sudokuprint.generator import read_collection
from sudokuprint.outputs import atomic_output, lines_of, row_output

ENV = dict(os.environ)


def _sudokuprint(*args: str) -> list[str]:
    return installed_cli(*args)


def test_a_failing_generate_leaves_the_old_file_byte_identical(tmp_path):
    out = tmp_path / "old.jsonl"
    out.write_bytes(b'{"id": 1, "puzzle": "kept"}\n' * 3)
    before = out.read_bytes()
    result = CliRunner().invoke(main, ["generate", "-n", "3", "--clues", "17", "--max-tries", "1", "-o", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.jsonl"]  # no temporary file left behind


def test_a_0600_output_keeps_its_mode_and_a_new_file_follows_the_umask(tmp_path):
    puzzles = tmp_path / "in.txt"
    puzzles.write_text("\n".join(puzzle_lines("top95.txt", limit=2)) + "\n")
    private = tmp_path / "private.txt"
    private.write_text("old\n")
    private.chmod(0o600)
    assert CliRunner().invoke(main, ["solve", str(puzzles), "-o", str(private)]).exit_code == 0
    assert stat.S_IMODE(private.stat().st_mode) == 0o600 and len(private.read_text().split()) == 2
    for mask, mode in ((0o027, 0o640), (0o022, 0o644), (0o002, 0o664)):  # rw for all, less the umask; never x
        old_mask = os.umask(mask)
        try:
            fresh = tmp_path / f"fresh-{mask:o}.txt"
            with atomic_output(fresh) as stream:
                stream.write("x\n")
        finally:
            os.umask(old_mask)
        assert stat.S_IMODE(fresh.stat().st_mode) == mode


def test_a_link_is_followed_and_its_target_replaced_whole_or_not_at_all(tmp_path):
    target = tmp_path / "real" / "solutions.txt"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    good = tmp_path / "good.txt"
    good.write_text("\n".join(puzzle_lines("top95.txt", limit=2)) + "\n")
    bad = tmp_path / "bad.txt"
    bad.write_text(good.read_text() + "55" + "." * 79 + "\n")  # a third puzzle with a conflict
    failed = CliRunner().invoke(main, ["solve", str(bad), "-o", str(link)])
    assert failed.exit_code == 1 and target.read_text() == "old\n" and link.is_symlink()
    assert CliRunner().invoke(main, ["solve", str(good), "-o", str(link)]).exit_code == 0
    assert link.is_symlink() and len(target.read_text().split()) == 2
    assert sorted(p.name for p in target.parent.iterdir()) == ["solutions.txt"]


def test_an_output_folder_that_does_not_exist_is_an_error_not_a_traceback(tmp_path):
    with pytest.raises(OutputError, match="missing"):
        with atomic_output(tmp_path / "missing" / "x.txt") as stream:
            stream.write("x")
    result = CliRunner().invoke(main, ["generate", "-n", "1", "-o", str(tmp_path / "missing" / "x.jsonl")])
    assert result.exit_code == 2 and "cannot write" in result.output and "Traceback" not in result.output


def test_two_concurrent_resume_runs_write_no_duplicates(tmp_path):
    out = tmp_path / "shared.jsonl"
    command = _sudokuprint("generate", "-n", "30", "--seed", "4", "--no-grade", "--format", "jsonl", "-o", str(out),
                           "--resume")
    runs = [subprocess.Popen(command, env=ENV, stderr=subprocess.PIPE) for _ in range(2)]
    for run in runs:
        assert run.wait(timeout=300) == 0, run.stderr.read() if run.stderr else ""
    records = read_collection(out, "jsonl")
    assert [r["id"] for r in records] == list(range(1, 31))
    assert len({r["puzzle"] for r in records}) == 30


def test_generate_a_billion_starts_writing_at_once(tmp_path):
    process = subprocess.Popen(_sudokuprint("generate", "-n", "1000000000", "--no-grade"), env=ENV,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    started = time.monotonic()
    try:
        assert process.stdout is not None
        first = process.stdout.readline().decode()
        elapsed = time.monotonic() - started
    finally:
        process.kill()
        process.wait()
    assert first.startswith("1 ") and len(first.split()[1]) == 81
    assert elapsed < 20  # interpreter start-up on a loaded machine; a list of 10**9 ids would never get here


@pytest.mark.parametrize("signal_name, code", [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_stopped_run_leaves_the_old_file_and_no_temporary(tmp_path, signal_name: str, code: int):
    import signal

    out = tmp_path / "old.txt"
    out.write_text("precious\n")
    process = subprocess.Popen(_sudokuprint("generate", "-n", "100000", "--no-grade", "-j", "2", "-o", str(out)),
                               env=ENV, stderr=subprocess.PIPE,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(p.name.endswith(".tmp") and p.stat().st_size for p in tmp_path.iterdir()):
        time.sleep(0.1)
    process.send_signal(getattr(signal, signal_name))
    assert process.wait(timeout=30) == code
    assert out.read_text() == "precious\n"
    assert [p.name for p in tmp_path.iterdir()] == ["old.txt"]


def test_devices_and_pipes_are_written_through(tmp_path):
    puzzle = puzzle_lines("top95.txt", limit=1)[0] + "\n"
    piped = subprocess.run(_sudokuprint("solve", "-o", "/dev/stdout") + ["-q"], input=puzzle.encode(), env=ENV,
                           capture_output=True, check=True)
    assert len(piped.stdout.split()) == 1 and b"." not in piped.stdout
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    subprocess.run(_sudokuprint("solve", "-o", str(fifo)), input=puzzle.encode(), env=ENV, check=True)
    assert reader.communicate(timeout=30)[0] == piped.stdout
    assert fifo.is_fifo()


# -- row_output's resume in this process (issue 33: the subprocess tests of --resume cannot reach the code that
# counts the rows already written) ---------------------------------------------------------------------------

def test_resume_cuts_a_torn_row_counts_the_whole_ones_and_appends(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    out.write_bytes(b"id,puzzle\n1,aaa\n2,bbb\n3,cc")  # killed while writing row 3
    with row_output(out, resume=True, header="id,puzzle\n") as rows:
        assert (rows.done, rows.before) == (2, "1,aaa\n2,bbb\n")
        assert list(rows.skip(["a", "b", "c", "d"])) == ["c", "d"]
        rows.write("3,ccc\n")
        rows.write("4,ddd\n")
    assert out.read_text() == "id,puzzle\n1,aaa\n2,bbb\n3,ccc\n4,ddd\n"


def test_resume_of_a_missing_file_writes_the_header_first(tmp_path: Path) -> None:
    out = tmp_path / "new.csv"
    with row_output(out, resume=True, header="id\n") as rows:
        assert (rows.done, rows.before) == (0, "")
        rows.write("1\n")
    assert out.read_text() == "id\n1\n"


def test_rows_are_found_by_the_function_given(tmp_path: Path) -> None:
    out = tmp_path / "blocks.txt"
    out.write_text("a\nb\n\nc\nd\n\n")  # two blocks of lines, each ending in a blank line

    def blocks(text: str) -> list[tuple[int, str]]:
        return [(1 + text[:text.index(block)].count("\n"), block) for block in text.split("\n\n") if block]

    with row_output(out, resume=True, rows_of=blocks) as rows:
        assert rows.done == 2 and rows.rows == [(1, "a\nb"), (4, "c\nd")]
    assert lines_of("x\ny\nz\n") == [(1, "x"), (2, "y"), (3, "z")] and lines_of("") == []


def test_resume_refuses_standard_output_a_foreign_header_and_bytes_that_are_not_text(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedError, match="needs an output file"):
        with row_output("-", resume=True):
            pass
    other = tmp_path / "other.csv"
    other.write_text("name,age\nx,1\n")
    with pytest.raises(OutputError, match="does not start with the header"):
        with row_output(other, resume=True, header="id,puzzle\n"):
            pass
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\n")
    with pytest.raises(OutputError, match="not UTF-8"):
        with row_output(binary, resume=True):
            pass


# -- in this process: a set of page files replaced whole, resume refusing rows of another input, failing streams ---

from sudokuprint.errors import ResumeError  # noqa: E402
from sudokuprint.outputs import Rows, replace_file_set  # noqa: E402


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_set_of_pages_replaces_the_old_set_whole_keeps_modes_and_removes_stale_pages(tmp_path: Path) -> None:
    for page, text in (("p-1.png", b"old 1"), ("p-2.png", b"old 2"), ("p-3.png", b"old 3")):
        (tmp_path / page).write_bytes(text)
    os.chmod(tmp_path / "p-1.png", 0o600)
    link = tmp_path / "link-2.png"
    link.symlink_to(tmp_path / "p-2.png")  # a stale name that is a link to a new page: the page stays
    names = [str(tmp_path / "p-1.png"), str(tmp_path / "p-2.png"), str(tmp_path / "new.png")]
    stale = [str(tmp_path / n) for n in ("p-1.png", "p-2.png", "p-3.png", "gone.png")] + [str(link)]
    replace_file_set(names, [b"new 1", b"new 2", b"new 3"], stale=stale)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link-2.png", "new.png", "p-1.png", "p-2.png"]
    assert [(tmp_path / n).read_bytes() for n in ("p-1.png", "p-2.png", "new.png")] == [b"new 1", b"new 2", b"new 3"]
    assert stat.S_IMODE((tmp_path / "p-1.png").stat().st_mode) == 0o600  # kept
    assert stat.S_IMODE((tmp_path / "new.png").stat().st_mode) == 0o666 & ~_umask()  # a new file's mode
    replace_file_set([], [b"nothing"])  # no names: nothing at all is written
    assert len(list(tmp_path.iterdir())) == 4


def test_a_set_that_fails_while_written_leaves_the_old_set_and_no_temporary_folder(tmp_path: Path) -> None:
    (tmp_path / "p-1.png").write_bytes(b"old 1")
    (tmp_path / "p-2.png").write_bytes(b"old 2")

    def pages():
        yield b"new 1"
        raise KeyboardInterrupt  # Ctrl-C while the second page is drawn

    with pytest.raises(KeyboardInterrupt):
        replace_file_set([str(tmp_path / "p-1.png"), str(tmp_path / "p-2.png")], pages(),
                         stale=[str(tmp_path / "p-2.png")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p-1.png", "p-2.png"]
    assert (tmp_path / "p-1.png").read_bytes() == b"old 1" and (tmp_path / "p-2.png").read_bytes() == b"old 2"


def test_a_set_that_cannot_be_written_names_its_first_page(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-folder" / "p-1.png")
    with pytest.raises(OutputError) as caught:
        replace_file_set([missing], [b"x"])
    assert str(caught.value) == f"{missing}: cannot write: No such file or directory"


def test_resume_names_the_row_of_another_input_and_a_file_longer_than_the_input() -> None:
    rows = Rows(lambda text: None, [(2, "1,aaa"), (3, "2,bbb"), (4, "3,ccc")], "1,aaa\n2,bbb\n3,ccc\n", "out.csv")
    assert rows.done == 3
    with pytest.raises(ResumeError) as longer:
        list(rows.skip(["a"]))
    assert str(longer.value) == ("out.csv, line 3: cannot resume: the file has 3 rows and the input only 1 items; it "
                                 "holds rows of another input (give the same inputs, or another -o)")

    def same(row: str, item: str) -> str | None:
        return None if row.endswith(item * 3) else f"its row is {row!r}, not of {item!r}"

    assert list(rows.skip(["a", "b", "c", "d"], same)) == ["d"]
    with pytest.raises(ResumeError) as other:
        list(rows.skip(["a", "x", "c"], same))
    assert str(other.value) == ("out.csv, line 3: cannot resume: its row is '2,bbb', not of 'x'; --resume goes on "
                                "with a run of the same inputs (give them, or another -o)")
    assert Rows(print).rows == [] and Rows(print).done == 0


def test_a_stream_that_cannot_write_raises_an_error_naming_the_output() -> None:
    # /dev/full refuses every write with ENOSPC once the buffer is flushed
    for write in (lambda out: out.write("x" * 100_000), lambda out: out.writelines(["x" * 100_000]),
                  lambda out: (out.write("x"), out.flush())):
        with pytest.raises(OutputError) as caught:
            with atomic_output("/dev/full") as out:
                assert out.name == "/dev/full" and out.writable()  # the stream's own attributes pass through
                write(out)
        assert str(caught.value) == "/dev/full: cannot write: No space left on device"
