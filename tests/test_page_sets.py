"""PNG page sets are replaced whole (issue 29, item 4).

A set of pages (``NAME-1.png`` ... or ``NAME.png``) is drawn into a
temporary folder beside the target and moved in at the end: after a run the
folder holds the pages of the last successful run only, and a run stopped
half-way (Ctrl-C, a full disk) leaves the previous set byte for byte.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from conftest import SAMPLES
from sudokuprint.cli import main
from sudokuprint.layout.template import load_template
from sudokuprint.publish import write_document
from sudokuprint.publish.sheets import build_worksheet, worksheet_template
from sudokuprint.shape import CLASSIC


def _worksheet(folder: Path, pages: int, *extra: str) -> None:
    result = CliRunner().invoke(main, ["worksheet", "--pages", str(pages), "--dpi", "20", "-o",
                                       str(folder / "sheet.png"), *extra])
    assert result.exit_code == 0, result.output


def _listing(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_a_shorter_set_leaves_no_stale_pages(tmp_path: Path) -> None:
    (tmp_path / "sheet-notes.png").write_bytes(b"not a page of the set")  # a file of the user's, left alone
    (tmp_path / "sheet-07.png").write_bytes(b"nor this one")
    _worksheet(tmp_path, 5)
    assert sorted(_listing(tmp_path)) == ["sheet-07.png", "sheet-1.png", "sheet-2.png", "sheet-3.png", "sheet-4.png",
                                          "sheet-5.png", "sheet-notes.png"]
    _worksheet(tmp_path, 2)
    assert sorted(_listing(tmp_path)) == ["sheet-07.png", "sheet-1.png", "sheet-2.png", "sheet-notes.png"]
    _worksheet(tmp_path, 1)  # one page is NAME.png: the numbered pages go
    assert sorted(_listing(tmp_path)) == ["sheet-07.png", "sheet-notes.png", "sheet.png"]
    with Image.open(tmp_path / "sheet.png") as page:
        assert page.format == "PNG"
    _worksheet(tmp_path, 3)
    assert sorted(_listing(tmp_path)) == ["sheet-07.png", "sheet-1.png", "sheet-2.png", "sheet-3.png",
                                          "sheet-notes.png"]


def test_a_booklet_as_png_pages_then_a_shorter_one(tmp_path: Path) -> None:
    book = tmp_path / "book.png"
    long = CliRunner().invoke(main, ["booklet", str(SAMPLES / "easy50.txt"), "--template", "booklet-a4-6up",
                                     "--dpi", "20", "-o", str(book)])
    assert long.exit_code == 0, long.output
    pages = len(list(tmp_path.glob("book-*.png")))
    assert pages > 3
    three = tmp_path / "three.txt"
    three.write_text("".join((SAMPLES / "easy50.txt").read_text().splitlines(keepends=True)[:3]))
    short = CliRunner().invoke(main, ["booklet", str(three), "--template", "booklet-a4-6up", "--dpi", "20", "-o",
                                      str(book)])
    assert short.exit_code == 0, short.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book-1.png", "book-2.png", "book-3.png", "three.txt"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, OSError], ids=["ctrl-c", "disk-full"])
def test_a_run_stopped_half_way_leaves_the_previous_set(tmp_path: Path, stop: type[BaseException]) -> None:
    _worksheet(tmp_path, 4)
    before = _listing(tmp_path)
    document = build_worksheet(worksheet_template(load_template("worksheet-a4"), 9), CLASSIC, pages=6,
                               pencil_guide=True)
    drawn = 0

    def on_page() -> None:
        nonlocal drawn
        drawn += 1
        if drawn == 3:
            raise stop(28, "No space left on device") if stop is OSError else stop()

    with pytest.raises(stop):
        write_document(document, tmp_path / "sheet.png", dpi=20, on_page=on_page)
    assert _listing(tmp_path) == before  # the old four pages, and no temporary folder left behind
