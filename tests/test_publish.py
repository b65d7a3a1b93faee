"""Publishing jobs end to end: the PDF is read back and every digit is looked for in its cell."""

from __future__ import annotations

import io
from functools import lru_cache

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw
from pypdf import PdfReader

from sudokuprint.cli import main
from sudokuprint.errors import MultipleSolutionsError
from sudokuprint.formats import write
from sudokuprint.grid import Grid
from sudokuprint.layout.fonts import ink_box
from sudokuprint.layout.page import GridPlacement, Rect
from sudokuprint.layout.template import load_template
from sudokuprint.publish import build_answer_key, build_booklet, load_puzzles
from sudokuprint.publish.motif import build_catalogue, build_motif_views, load_motifs, motif_of
from sudokuprint.publish.poster import build_poster
from sudokuprint.publish.sheets import build_candidates_sheet, build_worksheet, worksheet_template
from sudokuprint.publish.svd_answers import build_svd_answers, load_svd_puzzles
from sudokuprint.render import render_pdf
from sudokuprint.shape import Shape, digit_symbol
from conftest import data_file, puzzle_lines

EASY = str(data_file("puzzles", "easy50_pe96.txt"))


@lru_cache(maxsize=None)
def easy(limit: int = 12):
    return tuple(load_puzzles([EASY], limit=limit))


def pdf_texts(pdf: bytes) -> list[list[tuple[str, float, float, float]]]:
    """Per page: (text, x, y from the top, font size) of every string drawn."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = []
    for page in reader.pages:
        height = float(page.mediabox.height)
        found: list[tuple[str, float, float, float]] = []

        def visit(text, cm, tm, font, size, found=found):
            if text.strip():
                found.append((text.strip(), tm[4] + cm[4], height - (tm[5] + cm[5]), size))

        page.extract_text(visitor_text=visit)
        pages.append(found)
    return pages


def digits_in_grid(texts, grid: GridPlacement, font: str = "bold") -> dict[int, str]:
    """Cell → digit for every single-character string whose ink centre lies in the grid."""
    cells = {}
    step = grid.size / grid.side
    for text, x, y, size in texts:
        if len(text) != 1:
            continue
        left, top, right, bottom = ink_box(text, "regular")
        cx, cy = x + (left + right) / 2 * size, y + (top + bottom) / 2 * size
        if grid.x <= cx < grid.x + grid.size and grid.y <= cy < grid.y + grid.size:
            column, row = int((cx - grid.x) // step), int((cy - grid.y) // step)
            cell = row * grid.side + column
            assert cell not in cells, f"two digits in cell {cell}"
            cells[cell] = text
    return cells


def expected_digits(grid: Grid) -> dict[int, str]:
    return {c: digit_symbol(v) for c, v in enumerate(grid.values) if v}


def test_booklet_prints_every_given_in_its_cell_and_every_answer_digit():
    puzzles = easy()
    document = build_booklet(list(puzzles), load_template("booklet-a4-4up"), title="Easy")
    texts = pdf_texts(render_pdf(document))
    by_number = {p.number: p for p in puzzles}
    seen = {"puzzle": set(), "answer": set()}
    for page, page_texts in zip(document.pages, texts):
        for grid in page.grids:
            puzzle = by_number[grid.number]
            wanted = puzzle.grid if grid.role == "puzzle" else puzzle.solution
            assert digits_in_grid(page_texts, grid) == expected_digits(wanted), (grid.role, grid.number)
            seen[grid.role].add(grid.number)
    assert seen["puzzle"] == seen["answer"] == set(by_number)
    assert texts[0][0][0] == "Easy"  # the title page
    assert len(document.pages) == 1 + 3 + 1


def test_answer_labels_give_number_and_page_of_the_puzzle():
    puzzles = easy(24)
    document = build_booklet(list(puzzles), load_template("booklet-a4-6up"))
    texts = pdf_texts(render_pdf(document))
    strings = [t[0] for page in texts for t in page]
    # 6 a page after the title page: puzzle 12 is on page 3, puzzle 13 on page 4
    assert "12 · p. 3" in strings and "13 · p. 4" in strings and "24 · p. 5" in strings
    key_pages = [i for i, page in enumerate(document.pages) if any(g.role == "answer" for g in page.grids)]
    assert key_pages == [5, 6]  # 24 answers, 12 a page, after the puzzles
    first_answer_page = texts[5]
    assert ("1 · p. 2", ) == tuple(t[0] for t in first_answer_page if t[0].startswith("1 · "))


def test_givens_and_filled_digits_are_told_apart_in_answers():
    puzzle = easy(1)[0]
    document = build_answer_key([puzzle], load_template("answers-a4-6up"))
    placement = document.pages[0].grids[0]
    reader = PdfReader(io.BytesIO(render_pdf(document)))
    height = float(reader.pages[0].mediabox.height)
    fonts: dict[int, str] = {}
    step = placement.size / 9

    def visit(text, cm, tm, font, size):
        x, y = tm[4] + size * 0.3, height - tm[5] - size * 0.3
        if len(text.strip()) == 1 and placement.x < x < placement.x + placement.size and placement.y < y < placement.y + placement.size:
            fonts[int((y - placement.y) // step) * 9 + int((x - placement.x) // step)] = font["/BaseFont"].split("+")[1]

    reader.pages[0].extract_text(visitor_text=visit)
    assert len(fonts) == 81
    assert {c for c, f in fonts.items() if f == "BitstreamVeraSans-Bold"} == set(puzzle.grid.givens)
    assert {c for c, f in fonts.items() if f == "BitstreamVeraSans-Roman"} == set(range(81)) - puzzle.grid.givens
    grey_digits = [i for i in document.pages[0].items if getattr(i, "grey", 0) > 0.3 and len(getattr(i, "text", "")) == 1]
    assert len(grey_digits) == 81 - puzzle.grid.clue_count


@pytest.mark.parametrize("name, per_page", [("answers-a4-6up", 6), ("answers-a4-9up", 9), ("answers-a4-12up", 12),
                                             ("answers-letter-12up", 12), ("answers-a5-6up", 6), ("pod-6x9-answers", 6)])
def test_every_answer_key_template_labels_number_and_booklet_page(name, per_page):
    puzzles = easy(13)
    template = load_template(name)
    assert template.grid.per_page == per_page
    document = build_answer_key(list(puzzles), template, booklet_template=load_template("booklet-a4-2up"))
    assert [len(p.grids) for p in document.pages] == [per_page] * (13 // per_page) + [13 % per_page]
    strings = {t[0] for page in pdf_texts(render_pdf(document)) for t in page}
    # a title page, then 2 a page: puzzle 1 is on page 2, puzzle 13 on page 8
    assert {"1 · p. 2", "2 · p. 2", "3 · p. 3", "13 · p. 8"} <= strings


def test_booklet_furniture_running_head_folios_and_mirrored_pod_pages():
    puzzles = easy(8)
    document = build_booklet(list(puzzles), load_template("booklet-a4-4up"), title="Head", placement="end")
    texts = pdf_texts(render_pdf(document))
    assert {"Head", "Puzzles", "2"} <= {t[0] for t in texts[1]} and "Answers" in {t[0] for t in texts[-1]}
    assert all(t[0] != "1" or t[3] > 12 for t in texts[0])  # no folio on the title page
    pod = build_booklet(list(puzzles), load_template("pod-6x9"), title="Pocket")
    verso, recto = pod.pages[1], pod.pages[2]  # pages 2 and 3
    folio = {page.number: [t for t in page.items if getattr(t, "text", None) == str(page.number)][-1]  # drawn last
             for page in (verso, recto)}
    assert folio[2].align == "left" and folio[3].align == "right"  # outside corners
    inside_left = recto.grids[0].x                # recto: inside margin on the left (no bleed: nothing bleeds)
    inside_right = 432 - (verso.grids[0].x + verso.grids[0].size)  # verso: on the right
    assert inside_left == pytest.approx(inside_right, abs=0.01)


def test_booklets_read_collections_of_any_format(tmp_path):
    collection = data_file("formats", "opensudoku", "gs6-medium.opensudoku")
    from sudokuprint.formats import read_file
    expected = [r.grid.puzzle() if r.grid.givens else r.grid for r in read_file(str(collection))][:4]
    puzzles = load_puzzles([str(collection)], limit=4)
    assert [p.grid.values for p in puzzles] == [g.values for g in expected]
    as_json = tmp_path / "one.json"
    as_json.write_text(write(expected[0], "json") + "\n")
    extended = tmp_path / "two.svd"
    extended.write_text(write(expected[1], "svd-extended") + "\n")
    euler = data_file("formats", "project_euler_grid", "p096_sudoku.txt")
    mixed = load_puzzles([str(as_json), str(extended), str(euler)], limit=5)
    assert [p.number for p in mixed] == [1, 2, 3, 4, 5]
    assert mixed[0].grid.values == expected[0].values and mixed[1].grid.values == expected[1].values
    document = build_booklet(mixed, load_template("booklet-a5-6up"), placement="none")
    assert sum(len(p.grids) for p in document.pages) == 5


def test_answer_under_the_puzzle():
    puzzles = easy(4)
    document = build_booklet(list(puzzles), load_template("booklet-a4-2up"), placement="under")
    roles = [(g.role, g.number) for page in document.pages for g in page.grids]
    assert roles == [("puzzle", 1), ("answer", 1), ("puzzle", 2), ("answer", 2),
                     ("puzzle", 3), ("answer", 3), ("puzzle", 4), ("answer", 4)]
    for page in document.pages:
        for puzzle_grid, answer_grid in zip(page.grids[::2], page.grids[1::2]):
            assert answer_grid.y > puzzle_grid.y + puzzle_grid.size  # under it
            assert answer_grid.size < puzzle_grid.size / 2
    assert len(document.pages) == 1 + 2  # no answer key at the end


def test_nonunique_puzzles_are_refused_unless_allowed_and_then_flagged(tmp_path):
    lines = puzzle_lines("easy50_pe96.txt", limit=3) + puzzle_lines("serg_benchmark_multisolution.txt", limit=1)
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(MultipleSolutionsError, match="line 4: puzzle 4 has more than one solution"):
        load_puzzles([str(path)])
    puzzles = load_puzzles([str(path)], allow_nonunique=True)
    assert [p.unique for p in puzzles] == [True, True, True, False]
    document = build_booklet(puzzles, load_template("booklet-a4-4up"), placement="none")
    strings = " ".join(t[0] for page in pdf_texts(render_pdf(document)) for t in page)
    assert "NOT UNIQUE" in strings
    assert "Notice: puzzle 4 has more than one solution" in strings
    assert "--allow-nonunique" not in strings  # no option names on paper


def test_easy_to_hard_order_and_difficulty_labels():
    puzzles = load_puzzles([EASY], limit=6)
    ordered = load_puzzles([EASY], limit=6, order="difficulty")
    assert [p.number for p in ordered] == list(range(1, 7))
    keys = [p.grade.sort_key() for p in ordered]
    assert keys == sorted(keys)
    assert sorted(p.grid.to_string() for p in puzzles) == sorted(p.grid.to_string() for p in ordered)
    assert all(p.difficulty in ("Easy", "Medium", "Hard", "Expert") for p in ordered)
    assert all(p.svd_label and p.svd_label.startswith(f"{p.number}-") for p in ordered)


@pytest.mark.parametrize("side, per_page", [(4, 12), (6, 6), (9, 4), (16, 1)])
def test_blank_worksheets(side, per_page):
    shape = Shape.for_side(side)
    document = build_worksheet(worksheet_template(load_template("worksheet-a4"), side), shape, pages=2, pencil_guide=side <= 9)
    assert len(document.pages) == 2
    assert all(len(page.grids) == per_page and {g.side for g in page.grids} == {side} for page in document.pages)
    texts = pdf_texts(render_pdf(document))
    expected_guide = per_page * side * side * side if side <= 9 else 0
    assert len([t for t in texts[0] if len(t[0]) == 1]) == expected_guide


def test_candidates_sheet_prints_the_files_candidates_or_computed_ones(tmp_path):
    grid = Grid.from_string(puzzle_lines("easy50_pe96.txt", limit=1)[0])
    computed = grid.computed_candidates()
    trimmed = tuple(m & ~1 if bin(m).count("1") > 1 else m for m in computed)  # drop candidate 1 where it is not alone
    state_file = tmp_path / "state.txt"
    state_file.write_text(write(grid.with_candidates(trimmed), "state") + "\n")
    from sudokuprint.formats import read_file
    from_file = next(iter(read_file(str(state_file)))).grid
    document = build_candidates_sheet([("file", from_file), ("computed", grid)], load_template("candidates-a4"))
    texts = pdf_texts(render_pdf(document))[0]
    for placement, shown, masks in zip(document.pages[0].grids, (from_file, grid), (from_file.candidates, computed)):
        small = [t for t in texts if len(t[0]) == 1 and t[3] < 12]
        step = placement.size / 9
        found = {}
        for text, x, y, size in small:
            if placement.x <= x < placement.x + placement.size and placement.y <= y < placement.y + placement.size:
                cell = int((y - placement.y) // step) * 9 + int((x - placement.x) // step)
                found.setdefault(cell, set()).add(int(text))
        wanted = {c: {d for d in range(1, 10) if m >> (d - 1) & 1} for c, m in enumerate(masks) if m and not shown.values[c]}
        assert found == wanted


def test_motif_view_shades_givens_and_prints_the_pattern_code():
    motifs = load_motifs(["5028140442"])
    document = build_motif_views(motifs, load_template("motif-a4"))
    shaded = [i for i in document.pages[0].items if isinstance(i, Rect) and i.fill is not None]
    assert len(shaded) == 18
    strings = [t[0] for t in pdf_texts(render_pdf(document))[0]]
    assert "Pattern code 5028140442 · 18 givens" in strings
    # a puzzle's motif: its givens, and its code when symmetric
    puzzle = Grid.from_string(puzzle_lines("easy50_pe96.txt", limit=1)[0])
    motif = motif_of(puzzle, 1)
    assert motif.cells == puzzle.givens


def test_catalogue_pages_of_thumbnails():
    motifs = load_motifs([str(data_file("puzzles", "top95.txt"))])[:30]
    document = build_catalogue(motifs, load_template("catalogue-a4"))
    assert [len(p.grids) for p in document.pages] == [20, 10]
    assert all(g.role == "thumbnail" for p in document.pages for g in p.grids)
    shaded = sum(1 for p in document.pages for i in p.items if isinstance(i, Rect) and i.fill is not None)
    assert shaded == sum(len(m.cells) for m in motifs)


@pytest.mark.parametrize("paper, size", [("a3", (841.89, 1190.55)), ("a2", (1190.55, 1683.78))])
def test_poster_one_large_puzzle_and_a_small_answer(paper, size):
    puzzle = easy(1)[0]
    document = build_poster(puzzle, load_template(f"poster-{paper}"), title="Poster")
    page = document.pages[0]
    assert (page.width, page.height) == pytest.approx(size, abs=0.01)
    big, small = page.grids
    assert (big.role, small.role) == ("puzzle", "answer") and small.size < big.size / 3
    assert big.size > page.width * 0.7
    texts = pdf_texts(render_pdf(document))[0]
    assert digits_in_grid(texts, big) == expected_digits(puzzle.grid)
    turned = {80 - cell: digit for cell, digit in expected_digits(puzzle.solution).items()}
    assert digits_in_grid(texts, small) == turned  # the answer is printed upside down


def test_svd_answers_in_sets_of_30_labelled_from_file_names(tmp_path):
    from sudokuprint.logic.grading import grade

    lines = puzzle_lines("easy50_pe96.txt", limit=32)
    paths, labels = [], []
    for index, line in enumerate(lines, 1):
        grid = Grid.from_string(line)
        graded = grade(grid)
        labels.append(f"{index}-{graded.moves}-{graded.level}-{grid.clue_count}")
        path = tmp_path / f"{labels[-1]}.svd"
        path.write_text(write(grid, "svd") + "\n")
        paths.append(str(path))
    puzzles = load_svd_puzzles(paths)
    assert [p.svd_label for p in puzzles] == labels
    document = build_svd_answers(puzzles, load_template("svd-answers-a4"))
    assert [len(p.grids) for p in document.pages] == [30, 2]
    texts = pdf_texts(render_pdf(document))
    strings = [t[0] for page in texts for t in page]
    assert "Set 1 · answers 1–30" in strings and "Set 2 · answers 31–32" in strings
    assert labels[30] in strings
    for page, page_texts in zip(document.pages, texts):
        for grid in page.grids:
            assert digits_in_grid(page_texts, grid) == expected_digits(puzzles[grid.number - 1].solution)


def test_an_svd_label_in_a_file_name_must_fit_its_puzzle(tmp_path):
    line = puzzle_lines("easy50_pe96.txt", limit=1)[0]
    grid = Grid.from_string(line)
    wrong = tmp_path / f"30-21-4-{grid.clue_count}.svd"  # a level-1 puzzle saved under a level-4 label
    wrong.write_text(write(grid, "svd") + "\n")
    result = CliRunner().invoke(main, ["svd-answers", str(wrong), "-o", str(tmp_path / "svd.pdf")])
    assert result.exit_code == 1 and not (tmp_path / "svd.pdf").exists()
    assert f"30-21-4-{grid.clue_count}.svd: the file name's label" in result.output
    assert "level 4 (the puzzle grades level 1)" in result.output and "Traceback" not in result.output


def test_svd_labels_are_computed_for_a_file_of_many(tmp_path):
    path = tmp_path / "collection.svd"
    path.write_text("\n".join(write(Grid.from_string(l), "svd") for l in puzzle_lines("easy50_pe96.txt", limit=3)) + "\n")
    puzzles = load_svd_puzzles([str(path)], "svd")
    for number, puzzle in enumerate(puzzles, 1):
        id_, moves, level, givens = map(int, puzzle.svd_label.split("-"))
        assert (id_, level, givens) == (number, puzzle.grade.level, puzzle.grid.clue_count)
        assert moves == puzzle.grade.moves > 0


# -- the command line ------------------------------------------------------------------


def run(args, **kwargs):
    return CliRunner().invoke(main, args, catch_exceptions=False, **kwargs)


def test_cli_booklet_answers_worksheet_motif_poster(tmp_path):
    small = tmp_path / "six.txt"
    small.write_text("\n".join(puzzle_lines("easy50_pe96.txt", limit=6)) + "\n")
    book, key, blank, motif, poster = (tmp_path / n for n in ("book.pdf", "key.pdf", "blank.pdf", "motif.pdf", "poster.pdf"))
    assert run(["booklet", str(small), "-o", str(book), "--title", "Six", "--author", "Me"]).exit_code == 0
    reader = PdfReader(str(book))
    assert len(reader.pages) == 1 + 2 + 1 and reader.metadata.author == "Me" and reader.metadata.title == "Six"
    assert run(["answers", str(small), "--booklet-template", "booklet-a4-4up", "-o", str(key)]).exit_code == 0
    assert "6 · p. 3" in PdfReader(str(key)).pages[0].extract_text()
    assert run(["worksheet", "--size", "9", "-o", str(blank)]).exit_code == 0
    assert run(["motif", "5028140442", "-o", str(motif)]).exit_code == 0
    assert "5028140442" in PdfReader(str(motif)).pages[0].extract_text()
    assert run(["poster", str(small), "-o", str(poster)]).exit_code == 0
    assert float(PdfReader(str(poster)).pages[0].mediabox.height) == pytest.approx(1190.55, abs=0.01)


def test_cli_png_pages_and_stdout(tmp_path):
    small = tmp_path / "five.txt"
    small.write_text("\n".join(puzzle_lines("easy50_pe96.txt", limit=5)) + "\n")
    result = run(["booklet", str(small), "--template", "booklet-a5-4up", "--format", "png", "--dpi", "40",
                  "-o", str(tmp_path / "book.png")])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.glob("book*.png"))
    assert names == ["book-1.png", "book-2.png", "book-3.png", "book-4.png"]
    assert Image.open(tmp_path / "book-2.png").size == (round(419.53 * 40 / 72), round(595.28 * 40 / 72))
    single = run(["worksheet", "--size", "4", "-o", str(tmp_path / "one.png"), "--dpi", "30"])
    assert single.exit_code == 0 and (tmp_path / "one.png").exists()
    out = run(["booklet", str(small), "-o", "-"])
    assert out.exit_code == 0 and out.stdout_bytes.startswith(b"%PDF-")


def test_cli_errors_exit_codes(tmp_path):
    multi = tmp_path / "multi.txt"
    multi.write_text(puzzle_lines("serg_benchmark_multisolution.txt", limit=1)[0] + "\n")
    result = CliRunner().invoke(main, ["booklet", str(multi), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1 and "more than one solution" in result.output
    assert not (tmp_path / "x.pdf").exists()
    allowed = CliRunner().invoke(main, ["booklet", str(multi), "--allow-nonunique", "-o", str(tmp_path / "x.pdf")])
    assert allowed.exit_code == 0 and (tmp_path / "x.pdf").exists()
    bad = tmp_path / "bad.toml"
    bad.write_text('[grid]\nrows = 0\n')
    result = CliRunner().invoke(main, ["worksheet", "--template", str(bad), "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 2 and "bad.toml: grid.rows: expected a whole number from 1 to 20" in result.output


def test_cli_svd_answers_candidates_and_mosaic(tmp_path):
    from sudokuprint.logic.grading import grade

    lines = puzzle_lines("easy50_pe96.txt", limit=2)
    files, labels = [], []
    for index, line in enumerate(lines, 1):
        grid = Grid.from_string(line)
        graded = grade(grid)
        labels.append(f"{index}-{graded.moves}-{graded.level}-{grid.clue_count}")
        path = tmp_path / f"{labels[-1]}.svd"
        path.write_text(write(grid, "svd") + "\n")
        files.append(str(path))
    answers = tmp_path / "answers.pdf"
    assert run(["svd-answers", *files, "-o", str(answers)]).exit_code == 0
    text = PdfReader(str(answers)).pages[0].extract_text()
    assert labels[1] in text and "Set 1 · answers 1–2" in text
    sheet = tmp_path / "cand.pdf"
    assert run(["worksheet", "--candidates", files[0], "-o", str(sheet)]).exit_code == 0
    assert "candidates computed" in PdfReader(str(sheet)).pages[0].extract_text()
    many = tmp_path / "many.txt"
    many.write_text("\n".join(puzzle_lines("top95.txt", limit=48)) + "\n")
    picture = tmp_path / "picture.png"
    image = Image.new("L", (60, 80), 255)
    ImageDraw.Draw(image).rectangle((10, 10, 50, 70), fill=0)
    image.save(picture)
    mosaic = tmp_path / "mosaic.pdf"
    assert run(["poster", str(many), "--mosaic", "--picture", str(picture), "-o", str(mosaic)]).exit_code == 0
    assert float(PdfReader(str(mosaic)).pages[0].mediabox.width) == pytest.approx(1190.55, abs=0.01)
