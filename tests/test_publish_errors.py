"""Publishing on bad input: every refusal names the place and the reason, with the right exit code, no traceback."""

from __future__ import annotations

import pytest
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


def test_a_pattern_image_that_is_not_an_image_is_named(tmp_path):
    broken = tmp_path / "heart.png"
    broken.write_bytes(b"not a picture at all")
    for command in (["motif", str(broken)], ["poster", str(broken)], ["poster", "--mosaic", "--picture", str(broken)]):
        result = invoke([*command, "-o", str(tmp_path / "out.pdf")])
        assert result.exit_code == 2, (command, result.output)
        assert isinstance(result.exception, SystemExit)
        assert f"pattern image: {broken}: cannot read the image" in result.output
    assert not (tmp_path / "out.pdf").exists()


def test_pattern_arguments_files_codes_and_motifs(tmp_path):
    from sudokuprint.errors import ParseError
    from sudokuprint.patterns import motif, parse_code, pattern_argument

    assert pattern_argument("5028140442") == (*parse_code("5028140442"), "")
    assert pattern_argument("heart") == (*motif("heart"), "heart")
    picture = tmp_path / "heart"  # a file wins over the motif of the same name
    picture.write_text("x.x.\n.x.x\nx.x.\n.x.x\n")
    shape, cells, title = pattern_argument(str(picture))
    assert shape.side == 4 and cells == {0, 2, 5, 7, 8, 10, 13, 15} and title == "heart"
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(puzzle_lines("easy50_pe96.txt", limit=2)) + "\n")
    assert pattern_argument(str(puzzles)) is None
    with pytest.raises(ParseError, match="puzzles.txt"):
        pattern_argument(str(puzzles), strict=True)
    assert pattern_argument("-") is None and pattern_argument("no-such-motif") is None


def test_a_page_of_mixed_shapes_sizes_each_grid_for_its_own_cells(tmp_path):
    from sudokuprint.layout.template import load_template
    from sudokuprint.layout.units import parse_length
    from sudokuprint.publish import build_booklet, load_puzzles

    mixed = tmp_path / "mixed.txt"
    mixed.write_text(".2..1....3..2..3\n" + puzzle_lines("easy50_pe96.txt", limit=1)[0] + "\n")
    custom = tmp_path / "capped.toml"
    custom.write_text('extends = "booklet-a4-2up"\n[grid]\nmax_cell = "8mm"\n[furniture]\ntitle_page = false\n')
    template = load_template(str(custom))
    document = build_booklet(load_puzzles([str(mixed)]), template, placement="none")
    grids = document.pages[0].grids
    assert [g.side for g in grids] == [4, 9]
    for grid in grids:
        assert grid.size == pytest.approx(parse_length("8mm") * grid.side), grid.side


def test_candidates_sheets_and_catalogues_of_mixed_shapes_size_each_grid_for_its_own_cells(tmp_path):
    from sudokuprint.grid import Grid
    from sudokuprint.layout.template import load_template
    from sudokuprint.layout.units import parse_length
    from sudokuprint.publish.motif import build_catalogue, motif_of
    from sudokuprint.publish.sheets import build_candidates_sheet

    custom = tmp_path / "capped.toml"
    custom.write_text('extends = "candidates-a4"\n[grid]\ncolumns = 2\nrows = 1\nmax_cell = "7mm"\n')
    template = load_template(str(custom))
    grids = [Grid.from_string(".2..1....3..2..3"), Grid.from_string(puzzle_lines("easy50_pe96.txt", limit=1)[0])]
    sheet = build_candidates_sheet([("four", grids[0]), ("nine", grids[1])], template)
    catalogue = build_catalogue([motif_of(g, n) for n, g in enumerate(grids, 1)], template)
    for document in (sheet, catalogue):
        placed = document.pages[0].grids
        assert [g.side for g in placed] == [4, 9]
        for grid in placed:
            assert grid.size == pytest.approx(parse_length("7mm") * grid.side), grid.side
