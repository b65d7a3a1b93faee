"""A synthetic photo suite: rendered pages photographed at graded settings, Sudoku and not.

    python -m ocr_training.photo_suite OUT_DIR [--per-setting 20] [--seed 1] [--only hardest,...]

Writes ``SETTING-NNN.jpg`` with ``SETTING-NNN.dat`` (the printed givens, Wicht
layout; 81 zeros is never written: a page that is not a Sudoku has no
``.dat`` and must be refused) and ``SETTING-NNN.hand`` (handwritten digits, if
any); a page of several grids also has ``SETTING-NNN.all`` (every grid's
givens, 81 digits a line, the main grid first).  ``benchmarks/ocr_photos.py --suite`` scores the reader on it.
``--styled N`` writes the widened suite instead (:mod:`ocr_training.styled_suite`: many faces, layouts, grid
styles and pens, candidate marks, and per-cell truth), scored by ``benchmarks/ocr_faces.py --suite``.  Pages are
drawn with Pillow: a Sudoku in one of several print faces (the faces
shipped with reportlab, so the suite is the same on every machine), with
optional pencil marks and handwritten entries (pen strokes, black or blue),
or a page that is not a Sudoku (crossword, calendar, text, spreadsheet).
The camera tilts, adds perspective, motion blur, defocus, shadow, dim light,
noise and JPEG, and may cut the grid's border or leave it small on a
cluttered desk.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .camera import Camera, photograph
from .layouts import draw_crossword
from .page_styles import draw_grid
from .styled_suite import build_styled, write_dat
from .suite_pens import draw_hand_digit

REPO = Path(__file__).resolve().parents[2]
SAMPLE_LISTS = ("easy50.txt", "top95.txt")
"""The repository's sample lists the pages' puzzles come from."""
PAGE = 1000
"""Side of a rendered page, pixels."""


def _fonts() -> list[str]:
    """Print faces: reportlab's (present wherever sudokuprint is installed)."""
    import reportlab

    folder = Path(reportlab.__file__).parent / "fonts"
    names = ["Vera.ttf", "VeraBd.ttf", "_er_____.pfb", "_eb_____.pfb", "com_____.pfb", "cob_____.pfb",
             "_a______.pfb", "_ab_____.pfb"]
    return [str(folder / n) for n in names if (folder / n).exists()]


@dataclass
class SudokuPage:
    """A rendered Sudoku page and what it shows."""

    image: Image.Image
    givens: list[int]
    hand: list[int]
    grid_box: tuple[int, int, int, int]
    """Left, top, right, bottom of the grid on the page."""


def sudoku_page(puzzle: str, solution: str, rng: np.random.Generator, *, hand: float = 0.0,
                pencil: float = 0.0, grid_side: int | None = None, second_grid: str | None = None,
                faces: list[str] | None = None) -> SudokuPage:
    """A page with one Sudoku (and text around it); ``hand``/``pencil`` = share of empty cells filled that way;
    ``faces`` the font files to print in (default :func:`_fonts`)."""
    page = Image.new("RGB", (PAGE, int(PAGE * 1.3)), (250, 248, 240))
    draw = ImageDraw.Draw(page)
    fonts = faces or _fonts()
    face = fonts[int(rng.integers(len(fonts)))]
    side = grid_side or int(rng.integers(560, 700))
    left, top = (PAGE - side) // 2, int(PAGE * 0.3)
    text_font = ImageFont.truetype(fonts[0], 22)
    for line in range(5):
        draw.text((60, 40 + 34 * line), "Puzzle of the day - fill every row, column and box with 1 to 9."[: 30 + 6 * line],
                  fill=(40, 40, 40), font=text_font)
    givens = [int(c) if c.isdigit() else 0 for c in puzzle]
    hand_values = [0] * 81
    draw_grid(draw, left, top, side, givens, face, rng)
    cell = side / 9
    small = ImageFont.truetype(face, max(8, int(cell * 0.22)))
    for index in range(81):
        if givens[index]:
            continue
        x, y = left + (index % 9) * cell, top + (index // 9) * cell
        roll = rng.random()
        if roll < hand:
            colour = (20, 30, 140) if rng.random() < 0.5 else (25, 25, 25)
            digit = int(solution[index]) if rng.random() < 0.85 else int(rng.integers(1, 10))
            size = cell * rng.uniform(0.45, 0.65)
            draw_hand_digit(draw, digit, (x + cell / 2 - size * 0.35 + rng.normal(0, cell * 0.04),
                                          y + cell / 2 - size / 2 + rng.normal(0, cell * 0.04), size * 0.7, size),
                            rng, colour)
            hand_values[index] = digit
        elif roll < hand + pencil:
            marks = rng.choice(np.arange(1, 10), size=int(rng.integers(2, 5)), replace=False)
            for mark in sorted(marks):
                mx = x + cell * (0.12 + 0.3 * ((mark - 1) % 3))
                my = y + cell * (0.08 + 0.3 * ((mark - 1) // 3))
                draw.text((mx, my), str(mark), fill=(95, 95, 95), font=small)
    if second_grid is not None:
        other = [int(c) if c.isdigit() else 0 for c in second_grid]
        draw_grid(draw, 60, top + side + 40, int(side * 0.45), other, face, rng)
    return SudokuPage(page, givens, hand_values, (left, top, left + side, top + side))


def grids_page(puzzles: list[str], rng: np.random.Generator, faces: list[str] | None = None
               ) -> tuple[Image.Image, list[list[int]]]:
    """A page of two or three Sudoku grids, as a newspaper prints them: a large one in the middle, small ones below.

    Returns the page and each grid's givens, the main (largest, most central) grid first.
    """
    page = Image.new("RGB", (PAGE, int(PAGE * 1.3)), (250, 248, 240))
    draw = ImageDraw.Draw(page)
    fonts = faces or _fonts()
    face = fonts[int(rng.integers(len(fonts)))]
    draw.text((60, 60), "Three puzzles a day: easy, medium, hard.", fill=(40, 40, 40), font=ImageFont.truetype(fonts[0], 26))
    main_side = int(rng.integers(480, 540))
    boxes = [((PAGE - main_side) // 2, 180, main_side)]
    small_side = int(rng.integers(300, 340))
    below = 180 + main_side + 70
    boxes += [(80, below, small_side), (PAGE - 80 - small_side, below, small_side)][: len(puzzles) - 1]
    values = []
    for puzzle, (left, top, side) in zip(puzzles, boxes):
        givens = [int(c) if c.isdigit() else 0 for c in puzzle]
        draw_grid(draw, left, top, side, givens, face, rng)
        values.append(givens)
    return page, values


def not_sudoku_page(kind: str, rng: np.random.Generator, faces: list[str] | None = None) -> Image.Image:
    """A page that holds no Sudoku: ``crossword``, ``calendar``, ``text`` or ``table``."""
    page = Image.new("RGB", (PAGE, int(PAGE * 1.3)), (250, 248, 240))
    draw = ImageDraw.Draw(page)
    fonts = faces or _fonts()
    font = ImageFont.truetype(fonts[int(rng.integers(len(fonts)))], 22)
    if kind == "crossword":
        n = int(rng.choice([9, 11, 13, 15]))
        side, left, top = 700, 150, 250
        draw_crossword(draw, left, top, side, n, rng, ImageFont.truetype(fonts[0], max(9, int(side / n * 0.28))))
        for line in range(8):
            draw.text((60, 980 + 30 * line), f"{line + 1}. A clue of some length ({int(rng.integers(3, 9))})",
                      fill=(30, 30, 30), font=font)
    elif kind == "calendar":
        left, top, cw, ch = 80, 220, 120.0, 130.0
        draw.text((80, 120), "March", fill=(20, 20, 20), font=ImageFont.truetype(fonts[0], 60))
        start = int(rng.integers(0, 7))
        for k in range(8):
            draw.line([(left + k * cw, top), (left + k * cw, top + 6 * ch)], fill=(20, 20, 20), width=2)
        for k in range(7):
            draw.line([(left, top + k * ch), (left + 7 * cw, top + k * ch)], fill=(20, 20, 20), width=2)
        for day in range(1, 32):
            slot = start + day - 1
            if slot < 42:
                draw.text((left + (slot % 7) * cw + 8, top + (slot // 7) * ch + 6), str(day), fill=(20, 20, 20),
                          font=font)
    elif kind == "table":
        rows, columns = int(rng.integers(12, 25)), int(rng.integers(6, 11))
        left, top = 60, 150
        cw, ch = (PAGE - 120) / columns, 40.0
        for r in range(rows + 1):
            draw.line([(left, top + r * ch), (left + columns * cw, top + r * ch)], fill=(60, 60, 60), width=1)
        for c in range(columns + 1):
            draw.line([(left + c * cw, top), (left + c * cw, top + rows * ch)], fill=(60, 60, 60), width=1)
        for r in range(rows):
            for c in range(columns):
                draw.text((left + c * cw + 6, top + r * ch + 8), str(int(rng.integers(1, 999))), fill=(20, 20, 20),
                          font=font)
    else:
        for line in range(36):
            words = " ".join("lorem ipsum dolor sit amet 1984 consectetur".split()[int(rng.integers(0, 5)):])
            draw.text((60, 60 + 34 * line), (words + " ") * 2, fill=(20, 20, 20), font=font)
    return page


SETTINGS: dict[str, tuple[Camera, dict[str, float]]] = {
    "clean": (Camera(tilt=2), {}),
    "tilt10": (Camera(tilt=10, perspective=0.03, motion=2), {}),
    "tilt20": (Camera(tilt=20, perspective=0.04, motion=3, defocus=1.0), {}),
    "tilt30": (Camera(tilt=30, perspective=0.04, motion=3, defocus=1.0), {}),
    "blur": (Camera(tilt=5, motion=5, defocus=1.6), {}),
    "dim-shadow": (Camera(tilt=5, shadow=0.55, light=0.45), {}),
    "fill-frame": (Camera(tilt=2, perspective=0.01, fill=0.97), {}),
    "cut-border": (Camera(tilt=2, cut=True), {}),
    "clutter": (Camera(tilt=8, fill=0.45, clutter=True), {}),
    "pencil": (Camera(tilt=5), {"pencil": 0.5}),
    "handwriting": (Camera(tilt=5), {"hand": 0.6}),
    "two-grids": (Camera(tilt=3, fill=0.6), {"second": 1.0}),
    "hardest": (Camera(tilt=30, perspective=0.04, motion=4, defocus=1.2, shadow=0.45, light=0.6),
                {"hand": 0.4, "pencil": 0.3}),
    "several-grids": (Camera(tilt=4, fill=0.97), {"grids": 3}),
}
"""Settings: how the camera takes the page, and what the page holds (shares of the empty cells written in by
``hand`` or with ``pencil`` marks; a ``second`` small grid; ``grids``: a page of 2 or 3 grids, all to be read)."""
NOT_SUDOKU = ("crossword", "calendar", "text", "table")


def sample_lists(samples: Path | None = None) -> list[Path]:
    """The sample lists in ``samples``, else in the checkout this module runs from, else in ``./samples``
    (an installed package has no samples: run from the repository, or name the folder)."""
    for folder in ([samples] if samples else [REPO / "samples", Path.cwd() / "samples"]):
        if all((folder / name).is_file() for name in SAMPLE_LISTS):
            return [folder / name for name in SAMPLE_LISTS]
    raise FileNotFoundError(f"the photo suite takes its puzzles from the repository's samples/ ({', '.join(SAMPLE_LISTS)}); "
                            "run it from the repository root")


def puzzle_pairs(samples: Path | None = None) -> list[tuple[str, str]]:
    """``(puzzle, solution)`` pairs from the sample lists (:func:`sample_lists`)."""
    from sudokuprint.grid import Grid
    from sudokuprint.solver import search

    pairs = []
    for path in sample_lists(samples):
        for line in path.read_text().split():
            if len(line) == 81:
                result = search(Grid.from_string(line), 2)
                if result.count == 1 and result.solution is not None:
                    pairs.append((line, result.solution.to_string()))
    return pairs


def _several(stem: Path, pairs: list[tuple[str, str]], camera: Camera, rng: np.random.Generator,
             faces: list[str] | None = None) -> None:
    """A photo of a page of two or three grids: ``.dat`` is the main grid, ``.all`` every grid (81 digits a line)."""
    puzzles = [pairs[int(rng.integers(len(pairs)))][0] for _ in range(int(rng.integers(2, 4)))]
    page, grids = grids_page(puzzles, rng, faces)
    photograph(page, None, camera, rng).save(stem.with_suffix(".jpg"))
    write_dat(stem.with_suffix(".dat"), grids[0])
    stem.with_suffix(".all").write_text("".join("".join(map(str, g)) + "\n" for g in grids))


def build(out: Path, per_setting: int, seed: int, only: list[str] | None = None, samples: Path | None = None,
          faces: list[str] | None = None) -> int:
    """Write the suite into ``out``; returns the number of photos.

    ``only`` names the settings to write (``not-sudoku`` for the pages that are not Sudoku); default all.
    A setting's photos do not depend on which others are written.  The puzzles come from the
    sample lists in ``samples`` (see :func:`sample_lists`); the pages are printed in ``faces`` (font files;
    default :func:`_fonts`).
    """
    unknown = set(only or ()) - set(SETTINGS) - {"not-sudoku"}
    if unknown:
        raise ValueError(f"unknown setting(s) {', '.join(sorted(unknown))}: choose among {', '.join(SETTINGS)}, "
                         "not-sudoku")
    out.mkdir(parents=True, exist_ok=True)
    pairs = puzzle_pairs(samples)
    count = 0
    for number, (name, (camera, content)) in enumerate(SETTINGS.items()):
        if only and name not in only:
            continue
        rng = np.random.default_rng([seed, number])
        for k in range(per_setting):
            if content.get("grids"):
                _several(out / f"{name}-{k:03d}", pairs, camera, rng, faces)
                count += 1
                continue
            puzzle, solution = pairs[int(rng.integers(len(pairs)))]
            second = pairs[int(rng.integers(len(pairs)))][0] if content.get("second") else None
            page = sudoku_page(puzzle, solution, rng, hand=content.get("hand", 0.0), pencil=content.get("pencil", 0.0),
                               second_grid=second, faces=faces)
            photo = photograph(page.image, page.grid_box, camera, rng)
            stem = out / f"{name}-{k:03d}"
            photo.save(stem.with_suffix(".jpg"))
            write_dat(stem.with_suffix(".dat"), page.givens)
            if any(page.hand):
                write_dat(stem.with_suffix(".hand"), page.hand)
            count += 1
    rng = np.random.default_rng([seed, 99])
    for kind in NOT_SUDOKU if not only or "not-sudoku" in only else ():
        for k in range(per_setting):
            camera = Camera(tilt=float(rng.uniform(0, 20)), fill=float(rng.uniform(0.7, 0.95)))
            photo = photograph(not_sudoku_page(kind, rng, faces), None, camera, rng)
            photo.save(out / f"not-{kind}-{k:03d}.jpg")
            count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-setting", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, metavar="SETTINGS",
                        help=f"comma-separated settings to write (of {', '.join(SETTINGS)}, not-sudoku); default all")
    parser.add_argument("--samples", type=Path, default=None, metavar="DIR",
                        help="the folder of the sample puzzle lists (default: the checkout's samples/)")
    parser.add_argument("--faces", choices=("suite", "held-out"), default="suite",
                        help="print faces: the suite's own (reportlab's), or the digit models' held-out faces "
                             "(installed by scripts/install-training-fonts.sh)")
    parser.add_argument("--styled", type=int, default=0, metavar="N",
                        help="instead, write N pages of the widened suite (ocr_training.styled_suite): faces, "
                             "layouts, grid styles, pens and candidate marks")
    parser.add_argument("--split", choices=("train", "held-out"), default="held-out",
                        help="with --styled: the faces and layouts to print in (tools/ocr_training/suite_split.txt)")
    args = parser.parse_args(argv)
    if args.styled:
        try:
            count = build_styled(args.out, args.styled, args.split, args.seed, puzzle_pairs(args.samples))
        except FileNotFoundError as error:
            parser.error(str(error))
        print(f"wrote {count} photos to {args.out}", file=sys.stderr)
        return 0
    faces = None
    if args.faces == "held-out":
        from .cnn_data import cnn_fonts

        faces = [str(path) for path in cnn_fonts()[1]]
        if not faces:
            parser.error("no held-out face installed: run scripts/install-training-fonts.sh")
    try:
        count = build(args.out, args.per_setting, args.seed, args.only.split(",") if args.only else None, args.samples,
                      faces)
    except (ValueError, FileNotFoundError) as error:
        parser.error(str(error))
    print(f"wrote {count} photos to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
