"""Posters on patterns, mosaics drawn by generated puzzles, generated booklets, the motif library."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw
from pypdf import PdfReader

from sudokuprint.cli import main
from sudokuprint.errors import MultipleSolutionsError
from sudokuprint.generator import pattern_problems
from sudokuprint.grid import Grid
from sudokuprint.layout.page import Rect
from sudokuprint.layout.template import load_template
from sudokuprint.patterns import motif
from sudokuprint.publish import load_puzzles
from sudokuprint.publish.mosaic import (
    DARK, GIVEN_FILLS, GIVEN_SHARES, build_mosaic, generate_mosaic, make_tile, spread_order, tile_levels, tile_pattern, tiles_matching, tone,
)
from sudokuprint.publish.motif import library_motifs, pattern_of
from sudokuprint.publish.generated import puzzle_on_pattern
from sudokuprint.publish.poster import build_poster
from sudokuprint.publish.puzzles import recheck
from sudokuprint.render import render_pdf
from sudokuprint.shape import CLASSIC
from sudokuprint.solver import count_solutions
from conftest import data_file

def run(args):
    return CliRunner().invoke(main, args, catch_exceptions=False)


def ellipse(size=(300, 400), box=(50, 75, 250, 325)) -> Image.Image:
    picture = Image.new("L", size, 255)
    ImageDraw.Draw(picture).ellipse(box, fill=0)
    return picture


def small_mosaic_template(columns=3, rows=2):
    template = load_template("mosaic-a2")
    return replace(template, grid=replace(template.grid, columns=columns, rows=rows))


# -- tile patterns -------------------------------------------------------------------------


def test_spread_order_scatters_givens_over_every_box():
    order = spread_order(CLASSIC)
    assert sorted(order) == list(range(81))

    def per_box(cells):
        return sorted(Counter((c // 27) * 3 + c % 9 // 3 for c in cells).values())

    assert per_box(order[:9]) == [1] * 9
    assert per_box(order[:24])[0] >= 2 and per_box(order[:24])[-1] <= 3


def test_tile_pattern_takes_shares_of_dark_and_light_cells_and_is_never_impossible():
    assert [len(tile_pattern([level] * 81)) for level in (0, 100, 150, 255)] == [
        round(81 * share) for share in GIVEN_SHARES]  # the darker the tone, the more givens
    half = [0 if c % 9 < 4 else 255 for c in range(81)]  # left four columns dark
    cells = tile_pattern(half)
    assert len([c for c in cells if c % 9 < 4]) == round(36 * GIVEN_SHARES[0])
    assert len([c for c in cells if c % 9 >= 4]) >= round(45 * GIVEN_SHARES[-1])
    # a picture with sharp blocks makes tiles with empty rows; the pattern fills them
    picture = Image.new("L", (54, 36), 255)
    ImageDraw.Draw(picture).rectangle((0, 0, 53, 4), fill=0)
    for levels in tile_levels(picture, 6, 4):
        assert pattern_problems(tile_pattern(levels), CLASSIC) == []
    # a transparent background counts as white paper, not as black
    logo = Image.new("RGBA", (90, 90), (0, 0, 0, 0))
    ImageDraw.Draw(logo).rectangle((45, 45, 89, 89), fill=(0, 0, 0, 255))
    corner, _, _, dark = tile_levels(logo, 2, 2)
    assert min(corner) >= DARK and max(dark) < DARK


def test_generated_mosaic_draws_the_picture_with_unique_puzzles():
    template = small_mosaic_template(3, 2)
    picture = ellipse((300, 200), (60, 20, 240, 180))
    tiles = generate_mosaic(picture, 3, 2, seed=5)
    levels = tile_levels(picture, 3, 2)
    assert len(tiles) == 6
    for tile, tile_levels_ in zip(tiles, levels):
        grid = tile.puzzle.grid
        assert count_solutions(grid, 2) == 1
        assert tile.puzzle.solution.is_complete() and not tile.puzzle.solution.conflicts()
        if not tile.note:
            assert grid.givens == tile_pattern(tile_levels_)
        assert tile.dark == {c for c in grid.givens if tile_levels_[c] < DARK}
    # the middle tiles lie in the ellipse: far more dark givens than the corners
    dark_share = [len(t.dark) / 81 for t in tiles]
    assert min(dark_share[1], dark_share[4]) > 0.4 and max(dark_share[0], dark_share[2]) < 0.2
    document = build_mosaic(tiles, template, title="Ellipse")
    puzzle_page, answer_page = document.pages
    shaded = Counter(i.fill for i in puzzle_page.items if isinstance(i, Rect) and i.fill is not None)
    darkest = [sum(1 for c in t.puzzle.grid.givens if tone(t.levels[c]) == 0) for t in tiles]
    assert shaded[GIVEN_FILLS[0]] == sum(darkest) > 0  # givens in black parts of the picture: the darkest fill
    assert shaded[GIVEN_FILLS[-1]] == sum(sum(1 for c in t.puzzle.grid.givens if tone(t.levels[c]) == 3)
                                          for t in tiles)
    assert [g.role for g in answer_page.grids] == ["answer"] * 6
    # the same picture and seed give the same poster, another seed another one
    again = generate_mosaic(picture, 3, 2, seed=5)
    assert render_pdf(build_mosaic(again, template, title="Ellipse")) == render_pdf(document)
    other = generate_mosaic(picture, 3, 2, seed=6)
    assert [t.puzzle.grid for t in other] != [t.puzzle.grid for t in tiles]


def test_a_tile_the_generator_cannot_fill_in_time_falls_back_and_says_so():
    levels = [0 if c < 27 else 255 for c in range(81)]
    tile = make_tile(0, levels, seed=1, seconds=0.0)
    pattern = tile_pattern(levels)
    assert "tile 1:" in tile.note and "added" in tile.note
    assert pattern <= tile.puzzle.grid.givens
    assert count_solutions(tile.puzzle.grid, 2) == 1
    document = build_mosaic([tile], small_mosaic_template(1, 1))
    texts = " ".join(i.text for i in document.pages[0].items if hasattr(i, "text"))
    assert "Tiles 1: givens added" in texts


def test_mosaic_of_existing_puzzles_picks_those_that_match_the_picture():
    puzzles = load_puzzles([str(data_file("puzzles", "top95.txt"))], limit=60, grade=False)
    picture = ellipse()
    tiles = tiles_matching(puzzles, picture, 3, 4)
    assert len({t.puzzle.number for t in tiles}) == 12
    wanted = [tile_pattern(levels) for levels in tile_levels(picture, 3, 4)]

    def mismatch(grids):
        return sum(len(tile ^ grid.givens) for tile, grid in zip(wanted, grids))

    assert mismatch([t.puzzle.grid for t in tiles]) < mismatch([p.grid for p in puzzles[:12]])


# -- posters on patterns -------------------------------------------------------------------


def test_pattern_arguments_code_motif_picture_file_and_puzzle_file(tmp_path):
    shape, cells, title = pattern_of("5028140442")
    assert len(cells) == 18 and title == ""
    assert pattern_of("heart")[1] == motif("heart")[1] and pattern_of("heart")[2] == "heart"
    picture = tmp_path / "arrow.txt"
    picture.write_text(".........\n....#....\n...###...\n..#.#.#..\n.#..#..#.\n....#....\n....#....\n....#....\n.........\n")
    assert pattern_of(str(picture))[1] == motif_cells_of(picture.read_text())
    assert pattern_of(str(data_file("puzzles", "top95.txt"))) is None
    assert pattern_of("no-such-motif") is None
    image = tmp_path / "corners.png"
    drawn = Image.new("L", (90, 90), 255)
    ImageDraw.Draw(drawn).rectangle((0, 0, 29, 29), fill=0)  # the top-left box dark
    drawn.save(image)
    assert pattern_of(str(image))[1] == {r * 9 + c for r in range(3) for c in range(3)}


def motif_cells_of(text: str) -> frozenset[int]:
    rows = [line for line in text.splitlines() if line.strip()]
    return frozenset(r * 9 + c for r, line in enumerate(rows) for c, mark in enumerate(line) if mark == "#")


def test_poster_on_a_motif_is_a_unique_puzzle_on_exactly_that_pattern():
    _, cells = motif("star")
    puzzle = puzzle_on_pattern(cells, CLASSIC, seed=4, source="star")
    assert puzzle.grid.givens == cells and count_solutions(puzzle.grid, 2) == 1
    assert puzzle.difficulty in ("Easy", "Medium", "Hard", "Expert")
    document = build_poster(puzzle, load_template("poster-a3"), title="Star")
    assert {i.text for i in document.pages[0].items if hasattr(i, "text")} >= {"Star", "Answer upside down"}
    shaded = [i for i in document.pages[0].items if isinstance(i, Rect) and i.fill is not None]
    assert len(shaded) == len(cells)
    assert puzzle_on_pattern(cells, CLASSIC, seed=4).grid == puzzle.grid


def test_made_puzzles_are_rechecked_before_printing():
    puzzle = puzzle_on_pattern(motif("ring")[1], CLASSIC, seed=2)
    assert recheck(puzzle) is puzzle
    wrong = replace(puzzle, solution=Grid.from_values([v % 9 + 1 for v in puzzle.solution.values]))
    with pytest.raises(MultipleSolutionsError, match="does not have one solution"):
        recheck(wrong)
    loose = replace(puzzle, grid=Grid.empty())
    with pytest.raises(MultipleSolutionsError, match="2[+] found"):
        recheck(loose)


def test_cli_poster_takes_a_pattern_and_the_seed_makes_it_reproducible(tmp_path):
    first, again, other, coded = (tmp_path / n for n in ("a.pdf", "b.pdf", "c.pdf", "code.pdf"))
    assert run(["poster", "heart", "--seed", "7", "-o", str(first)]).exit_code == 0
    assert run(["poster", "heart", "--seed", "7", "-o", str(again)]).exit_code == 0
    assert run(["poster", "heart", "--seed", "8", "-o", str(other)]).exit_code == 0
    assert first.read_bytes() == again.read_bytes() != other.read_bytes()
    assert "heart" in PdfReader(str(first)).pages[0].extract_text()
    assert run(["poster", "5028140442", "--template", "poster-a2", "-o", str(coded)]).exit_code == 0
    text = PdfReader(str(coded)).pages[0].extract_text()
    assert "pattern code 5028140442" in text
    bad = CliRunner().invoke(main, ["poster", "0000000001", "-o", str(tmp_path / "x.pdf")])
    assert bad.exit_code == 2 and "impossible pattern" in bad.output


def test_cli_mosaic_generated_for_a_motif_picture(tmp_path):
    out = tmp_path / "mosaic.pdf"
    result = run(["poster", "--mosaic", "--picture", "heart", "--seed", "2", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2  # the mosaic, its answers at the back
    assert float(reader.pages[0].mediabox.width) == pytest.approx(1190.55, abs=0.01)
    small = tmp_path / "a3.pdf"
    result = run(["poster", "--mosaic", "--picture", "star", "--template", "mosaic-a3", "-o", str(small)])
    assert result.exit_code == 0 and float(PdfReader(str(small)).pages[0].mediabox.width) == pytest.approx(841.89, abs=0.01)
    missing = CliRunner().invoke(main, ["poster", "--mosaic", "--picture", str(tmp_path / "nothing.png"), "-o", str(out)])
    assert missing.exit_code == 2 and "cannot read the picture" in missing.output


# -- generated booklets and the motif library ------------------------------------------------


def test_cli_booklet_of_generated_puzzles_at_a_level(tmp_path):
    book, again = tmp_path / "gen.pdf", tmp_path / "gen2.pdf"
    args = ["booklet", "--generate", "3", "--level", "easy", "--seed", "11", "--template", "booklet-a4-4up"]
    assert run(args + ["-o", str(book)]).exit_code == 0
    assert run(args + ["-o", str(again)]).exit_code == 0
    assert book.read_bytes() == again.read_bytes()
    reader = PdfReader(str(book))
    assert len(reader.pages) == 1 + 1 + 1  # title, 3 puzzles 4-up, answers
    text = reader.pages[1].extract_text()
    assert text.count("Easy · ") == 3 and "1-" in text
    ordered = tmp_path / "ordered.pdf"
    assert run(["booklet", "--generate", "4", "--seed", "3", "--order", "difficulty", "--answers", "none",
                "-o", str(ordered)]).exit_code == 0
    levels = [word for word in PdfReader(str(ordered)).pages[1].extract_text().split()
              if word in ("Easy", "Medium", "Hard", "Expert")]
    rank = ["Easy", "Medium", "Hard", "Expert"]
    assert len(levels) == 4 and [rank.index(w) for w in levels] == sorted(rank.index(w) for w in levels)
    refused = CliRunner().invoke(main, ["booklet", "--generate", "2", "--level", "silly", "-o", str(book)])
    assert refused.exit_code == 2 and "unknown level" in refused.output


def test_library_catalogue_and_motif_views_by_name(tmp_path):
    motifs = library_motifs()
    assert [m.title for m in motifs][:2] == ["arrow", "cat"] and len(motifs) == 48
    out = tmp_path / "library.pdf"
    assert run(["motif", "--library", "-o", str(out)]).exit_code == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == -(-len(motifs) // 20)
    first = reader.pages[0].extract_text()
    assert "16  heart" in first and "fix: slab serifs" in reader.pages[1].extract_text()
    assert all(level in ("Easy", "Medium", "Hard", "Expert") for level in [m.difficulty for m in library_motifs(filled=True)][:3])
    view = tmp_path / "view.pdf"
    assert run(["motif", "letter-A", "-o", str(view)]).exit_code == 0
    assert "letter-A" in PdfReader(str(view)).pages[0].extract_text()
