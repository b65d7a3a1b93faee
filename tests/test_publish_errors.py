"""Publishing on bad input: every refusal names the place and the reason, with the right exit code, no traceback."""

from __future__ import annotations

from click.testing import CliRunner

from sudokuprint.cli import main
from conftest import puzzle_lines


def invoke(args: list[str]):
    return CliRunner().invoke(main, args)


def _puzzles(tmp_path, count: int = 2):
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(puzzle_lines("easy50_pe96.txt", limit=count)) + "\n")
    return str(path)


def test_output_into_a_missing_folder_is_a_usage_error(tmp_path):
    for suffix in ("pdf", "png"):
        target = tmp_path / "missing" / f"book.{suffix}"
        result = invoke(["booklet", _puzzles(tmp_path), "-o", str(target)])
        assert result.exit_code == 2, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert f"the folder {tmp_path / 'missing'} does not exist" in result.output
    assert not (tmp_path / "missing").exists()


def test_a_page_that_cannot_be_written_is_named_without_a_traceback(tmp_path):
    (tmp_path / "book-1.png").mkdir()  # the first page's name is taken by a folder
    result = invoke(["booklet", _puzzles(tmp_path), "--dpi", "20", "-o", str(tmp_path / "book.png")])
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "book-1.png: cannot write" in result.output
