"""Template limits (#18) and copy that reads right (#11): absurd pages, extends loops through paths,
missing font files, the PNG resolution limit, plural forms, translated strings, titles everywhere."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sudokuprint.cli import main
from sudokuprint.errors import MissingDependencyError, UnsupportedError
from sudokuprint.layout.strings import plural_category
from sudokuprint.layout.template import TemplateError, load_template
from sudokuprint.publish import build_booklet, load_puzzles
from sudokuprint.render import render_pdf
from sudokuprint.render.png import MAX_PIXELS, check_resolution
from conftest import data_file

EASY = str(data_file("puzzles", "easy50_pe96.txt"))


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def texts_of(pdf_path: Path) -> str:
    """The text of a PDF, runs joined (a run in another font is extracted as its own line)."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(pdf_path)).pages)


@pytest.mark.parametrize("width", ["99999999in", "300in", "1e9mm"])
def test_an_absurd_page_size_is_a_clear_error(tmp_path, width):
    template = tmp_path / "huge.toml"
    template.write_text(f'[page]\nwidth = "{width}"\nheight = "11in"\n')
    result = run("worksheet", "--template", str(template), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and "huge.toml" in result.output and "page" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_extends_loops_through_paths_are_found(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.toml").write_text('extends = "sub/../b.toml"\n')
    (tmp_path / "b.toml").write_text(f'extends = "{tmp_path / "sub" / ".." / "a.toml"}"\n')
    with pytest.raises(TemplateError, match="'extends' makes a loop"):
        load_template(str(tmp_path / "a.toml"))
    result = run("worksheet", "--template", str(tmp_path / "a.toml"), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and "loop" in result.output


def test_a_missing_font_file_exits_3(tmp_path):
    template = tmp_path / "fonts.toml"
    template.write_text('extends = "worksheet-a4"\n[fonts]\nregular = ["no-such-font.ttf", "Vera"]\n')
    with pytest.raises(MissingDependencyError, match="no-such-font.ttf"):
        load_template(str(template))
    result = run("worksheet", "--template", str(template), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 3 and "no-such-font.ttf is missing" in result.output
    unknown = tmp_path / "unknown.toml"
    unknown.write_text('[fonts]\nbold = ["Comic"]\n')
    assert run("worksheet", "--template", str(unknown), "-o", str(tmp_path / "y.pdf")).exit_code == 2


def test_a_font_file_next_to_the_template_is_used(tmp_path):
    import shutil

    from sudokuprint.layout.fonts import CATALOGUE

    shutil.copy(CATALOGUE["DejaVuSans"].path, tmp_path / "mine.ttf")
    template = tmp_path / "own.toml"
    template.write_text('extends = "worksheet-a4"\n[fonts]\nregular = ["mine.ttf"]\n')
    loaded = load_template(str(template))
    assert loaded.fonts.regular[0].path == str(tmp_path / "mine.ttf")


def test_png_resolution_limit_is_enforced_with_the_largest_that_fits(tmp_path):
    assert check_resolution(595, 842, 300) == (2479, 3508)
    with pytest.raises(UnsupportedError, match=r"use at most \d+ DPI"):
        check_resolution(1190, 1684, 2400)  # A2 at 2400 DPI: 2.2 billion pixels
    result = run("worksheet", "-o", str(tmp_path / "x.png"), "--dpi", "2400")
    assert result.exit_code == 2 and "million pixels" in result.output and not list(tmp_path.iterdir())
    assert MAX_PIXELS == 100_000_000


# -- copy that reads right ---------------------------------------------------------------------------

def test_plural_forms_in_english_and_russian():
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert [plural_category("ru", n) for n in (1, 2, 5, 11, 21, 22, 25, 111)] == \
        ["one", "few", "many", "many", "one", "few", "many", "many"]
    one = build_booklet(load_puzzles([EASY], limit=1), load_template("booklet-a4-4up"), placement="none")
    assert "1 puzzle" in render_pdf_text(one) and "1 puzzles" not in render_pdf_text(one)
    russian = load_template("booklet-a4-4up", lang="ru")
    three = build_booklet(load_puzzles([EASY], limit=3), russian, placement="none", title="Судоку")
    assert "3 головоломки" in render_pdf_text(three)


def render_pdf_text(document) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(render_pdf(document))).pages)


def test_every_printed_word_comes_from_the_strings_table(tmp_path):
    out = tmp_path / "ru.pdf"
    assert run("booklet", EASY, "--lang", "ru", "-o", str(out)).exit_code == 0
    text = texts_of(out)
    for word in ("Судоку", "50 головоломок", "Головоломки", "Ответы"):
        assert word in text, word
    assert "·с.2" in text.replace(" ", "")  # answer labels: "12 · с. 4"
    for english in ("Puzzles", "Answers", "puzzles", "p. 2", "Easy"):
        assert english not in text, english
    own = tmp_path / "own.toml"
    own.write_text('extends = "booklet-a4-4up"\n[strings.en]\nsection_puzzles = "Grids"\n')
    assert run("booklet", EASY, "--template", str(own), "-o", str(tmp_path / "own.pdf")).exit_code == 0
    assert "Grids" in texts_of(tmp_path / "own.pdf")
    assert run("booklet", EASY, "--lang", "xx", "-o", str(tmp_path / "xx.pdf")).exit_code == 2


def test_no_option_names_on_paper(tmp_path):
    multi = tmp_path / "multi.txt"
    lines = open(EASY).read().split()[:2] + [open(data_file("puzzles", "serg_benchmark_multisolution.txt")).readline().strip()]
    multi.write_text("\n".join(lines) + "\n")
    out = tmp_path / "m.pdf"
    assert run("booklet", str(multi), "--allow-nonunique", "-o", str(out)).exit_code == 0
    text = texts_of(out)
    assert "more than one solution" in text and "--" not in text


def test_worksheet_and_candidates_print_their_title(tmp_path):
    out = tmp_path / "w.pdf"
    assert run("worksheet", "--title", "Practice grids", "-o", str(out)).exit_code == 0
    assert "Practice grids" in texts_of(out)
    out = tmp_path / "c.pdf"
    assert run("worksheet", "--candidates", EASY, "--title", "Marks", "-o", str(out)).exit_code == 0
    assert "Marks" in texts_of(out)


def test_svd_answers_follow_the_collection_id_order(tmp_path):
    from sudokuprint.grid import Grid
    from sudokuprint.logic.grading import grade

    lines = open(EASY).read().split()
    names, labels = [], []
    for index in (1, 2, 10, 11):  # a shell glob lists 1, 10, 11, 2
        graded = grade(Grid.from_string(lines[index]))  # a label in a file name must fit its puzzle
        labels.append(f"{index}-{graded.moves}-{graded.level}-{graded.givens}")
        name = tmp_path / f"{labels[-1]}.svd"
        name.write_text(lines[index] + "\n")
        names.append(str(name))
    out = tmp_path / "svd.pdf"
    assert run("svd-answers", *sorted(names), "-o", str(out)).exit_code == 0
    text = texts_of(out)
    positions = [text.index(label) for label in labels]
    assert positions == sorted(positions)
    ru = tmp_path / "ru.pdf"
    assert run("svd-answers", *names, "--lang", "ru", "-o", str(ru)).exit_code == 0
    assert "Набор 1 · ответы 1–4" in texts_of(ru)


def test_large_print_is_large_everywhere():
    from sudokuprint.layout.page import Text

    template = load_template("booklet-a4-1up-large")
    document = build_booklet(load_puzzles([EASY], limit=8), template)
    sizes = [item.size for page in document.pages for item in page.items if isinstance(item, Text)]
    assert min(sizes) >= 16


def test_answers_too_small_under_the_puzzle_are_refused_with_the_reason():
    with pytest.raises(TemplateError, match=r"answers under each 9x9 puzzle would print at \d\.\d pt.*--answers end"):
        build_booklet(load_puzzles([EASY], limit=6), load_template("booklet-a4-6up"), placement="under")


def test_an_answer_key_too_small_for_16x16_digits_uses_the_next_layout_and_says_so():
    from sudokuprint.grid import Grid
    from sudokuprint.publish.puzzles import Puzzle
    from sudokuprint.shape import Shape
    from sudokuprint.solver import solve

    shape = Shape(4, 4)
    solution = solve(Grid.empty(shape), require_unique=False)
    givens = Grid.from_values([v if i % 17 else 0 for i, v in enumerate(solution.values)], shape)
    big = Puzzle(2, givens, Grid.from_values(solution.values, shape, givens=givens.givens), True)
    puzzles = [load_puzzles([EASY], limit=1)[0], big]
    document = build_booklet(puzzles, load_template("booklet-letter-4up"))
    assert document.notes and "answers-letter-6up (6 a page)" in document.notes[0]
    assert "16x16" in document.notes[0] and "5.8 pt" in document.notes[0]
    answers = [grid for page in document.pages for grid in page.grids if grid.role == "answer"]
    assert [grid.side for grid in answers] == [9, 16]
    with pytest.raises(TemplateError, match="16x16"):  # a key the user names is never swapped
        build_booklet(puzzles, load_template("booklet-letter-4up"), answer_template=load_template("answers-letter-12up"))
