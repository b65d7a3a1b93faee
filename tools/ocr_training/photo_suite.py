"""A synthetic photo suite: rendered pages photographed at graded settings, Sudoku and not.

    python -m ocr_training.photo_suite OUT_DIR [--per-setting 20] [--seed 1] [--only hardest,...]

Writes ``SETTING-NNN.jpg`` with ``SETTING-NNN.dat`` (the printed givens, Wicht
layout; 81 zeros is never written: a page that is not a Sudoku has no
``.dat`` and must be refused) and ``SETTING-NNN.hand`` (handwritten digits, if
any); a page of several grids also has ``SETTING-NNN.all`` (every grid's
givens, 81 digits a line, the main grid first).  ``benchmarks/ocr_photos.py --suite`` scores the reader on it.  Pages are
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
import io
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

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


# pen strokes of each digit in a unit box (x right, y down): each digit's common hand-written forms, one
# chosen per digit written (a closed or an open 4, a 1 with or without its flag, a 7 with or without its bar)
STROKES: dict[int, list[list[list[tuple[float, float]]]]] = {
    1: [[[(0.5, 0.0), (0.5, 1.0)]],
        [[(0.33, 0.2), (0.55, 0.0), (0.52, 1.0)]]],
    2: [[[(0.1, 0.25), (0.3, 0.02), (0.7, 0.02), (0.85, 0.25), (0.75, 0.5), (0.1, 1.0), (0.9, 1.0)]],
        [[(0.12, 0.2), (0.45, 0.0), (0.82, 0.18), (0.7, 0.5), (0.1, 0.98), (0.45, 0.9), (0.95, 0.98)]]],
    3: [[[(0.1, 0.1), (0.5, 0.0), (0.85, 0.2), (0.5, 0.48), (0.88, 0.72), (0.55, 1.0), (0.1, 0.9)]],
        [[(0.1, 0.02), (0.85, 0.02), (0.4, 0.42), (0.85, 0.62), (0.7, 0.95), (0.1, 0.9)]]],
    4: [[[(0.65, 1.0), (0.65, 0.0), (0.05, 0.7), (0.95, 0.7)]],
        [[(0.25, 0.0), (0.1, 0.62), (0.92, 0.6)], [(0.68, 0.2), (0.66, 1.0)]],
        [[(0.55, 0.0), (0.08, 0.66), (0.9, 0.64)], [(0.62, 0.3), (0.64, 1.0)]]],
    5: [[[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.6, 0.4), (0.9, 0.7), (0.6, 1.0), (0.1, 0.92)]],
        [[(0.25, 0.0), (0.15, 0.45), (0.6, 0.4), (0.9, 0.7), (0.6, 1.0), (0.1, 0.92)], [(0.25, 0.02), (0.85, 0.0)]]],
    6: [[[(0.8, 0.05), (0.4, 0.1), (0.12, 0.6), (0.3, 1.0), (0.75, 0.95), (0.85, 0.7), (0.55, 0.5), (0.15, 0.7)]]],
    7: [[[(0.05, 0.0), (0.95, 0.0), (0.35, 1.0)]],
        [[(0.05, 0.08), (0.95, 0.0), (0.45, 1.0)], [(0.3, 0.5), (0.85, 0.48)]]],
    8: [[[(0.5, 0.48), (0.15, 0.25), (0.5, 0.0), (0.85, 0.25), (0.5, 0.48), (0.1, 0.75), (0.5, 1.0), (0.9, 0.75),
          (0.5, 0.48)]]],
    9: [[[(0.85, 0.35), (0.5, 0.5), (0.15, 0.3), (0.5, 0.0), (0.85, 0.25), (0.8, 1.0)]],
        [[(0.85, 0.3), (0.5, 0.48), (0.15, 0.28), (0.5, 0.0), (0.85, 0.2), (0.75, 0.6), (0.6, 1.0)]]],
}


BEND = 0.06
"""How far a pen stroke bows from straight (standard deviation, share of the digit's box): a hand draws no ruler
lines."""


def draw_hand_digit(draw: ImageDraw.ImageDraw, digit: int, box: tuple[float, float, float, float],
                    rng: np.random.Generator, colour: "int | tuple[int, int, int]") -> None:
    """A pen-written digit in ``box`` (x, y, w, h): one of the digit's hand forms (:data:`STROKES`), its points
    jittered, each stroke bowed a little and drawn with its own pressure, the whole slanted, joined smoothly."""
    x, y, w, h = box
    forms = STROKES[digit]
    form = forms[int(rng.integers(len(forms)))]
    slant = rng.uniform(-0.25, 0.1)
    width = w * rng.uniform(0.07, 0.13)
    for stroke in form:
        points = np.array(stroke, np.float64) + rng.normal(0, 0.04, (len(stroke), 2))
        # a smooth pen path through the points
        ts = np.linspace(0, len(points) - 1, 12 * len(points))
        path: np.ndarray = np.stack([np.interp(ts, np.arange(len(points)), points[:, k]) for k in (0, 1)], axis=1)
        # each leg between two points bows sideways, the most at its middle
        legs = np.diff(points, axis=0)
        normals = np.stack([-legs[:, 1], legs[:, 0]], axis=1) / np.maximum(np.linalg.norm(legs, axis=1), 1e-6)[:, None]
        leg = np.minimum(ts.astype(int), len(legs) - 1)
        path += (np.sin(np.pi * (ts - leg)) * rng.normal(0, BEND, len(legs))[leg])[:, None] * normals[leg]
        path = cv2.GaussianBlur(path.reshape(-1, 1, 2), (1, 7), 0).reshape(-1, 2)
        xs = x + (path[:, 0] + slant * (1 - path[:, 1])) * w
        ys = y + path[:, 1] * h
        pressed = max(2, int(round(width * rng.uniform(0.8, 1.2))))  # each stroke pressed a little harder or softer
        draw.line(list(zip(xs.tolist(), ys.tolist())), fill=colour, width=pressed, joint="curve")


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
    _draw_grid(draw, left, top, side, givens, face, rng)
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
        _draw_grid(draw, 60, top + side + 40, int(side * 0.45), other, face, rng)
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
        _draw_grid(draw, left, top, side, givens, face, rng)
        values.append(givens)
    return page, values


def _draw_grid(draw: ImageDraw.ImageDraw, left: int, top: int, side: int, values: list[int], face: str,
               rng: np.random.Generator) -> None:
    cell = side / 9
    thin, thick = max(1, int(side / 400)), max(3, int(side / 130 * rng.uniform(0.8, 1.4)))
    for k in range(10):
        width = thick if k % 3 == 0 else thin
        draw.line([(left + k * cell, top), (left + k * cell, top + side)], fill=(15, 15, 15), width=width)
        draw.line([(left, top + k * cell), (left + side, top + k * cell)], fill=(15, 15, 15), width=width)
    font = ImageFont.truetype(face, int(cell * rng.uniform(0.55, 0.72)))
    for index, value in enumerate(values):
        if value:
            cx, cy = left + (index % 9 + 0.5) * cell, top + (index // 9 + 0.5) * cell
            draw.text((cx, cy), str(value), fill=(10, 10, 10), font=font, anchor="mm")


def not_sudoku_page(kind: str, rng: np.random.Generator, faces: list[str] | None = None) -> Image.Image:
    """A page that holds no Sudoku: ``crossword``, ``calendar``, ``text`` or ``table``."""
    page = Image.new("RGB", (PAGE, int(PAGE * 1.3)), (250, 248, 240))
    draw = ImageDraw.Draw(page)
    fonts = faces or _fonts()
    font = ImageFont.truetype(fonts[int(rng.integers(len(fonts)))], 22)
    if kind == "crossword":
        n = int(rng.choice([9, 11, 13, 15]))
        side, left, top = 700, 150, 250
        cell = side / n
        black = rng.random((n, n)) < 0.18
        black = black | black[::-1, ::-1]
        small = ImageFont.truetype(fonts[0], max(9, int(cell * 0.28)))
        number = 1
        for r in range(n):
            for c in range(n):
                x, y = left + c * cell, top + r * cell
                if black[r, c]:
                    draw.rectangle([x, y, x + cell, y + cell], fill=(10, 10, 10))
                elif (c == 0 or black[r, c - 1]) or (r == 0 or black[r - 1, c]):
                    draw.text((x + 3, y + 2), str(number), fill=(20, 20, 20), font=small)
                    number += 1
        for k in range(n + 1):
            draw.line([(left + k * cell, top), (left + k * cell, top + side)], fill=(15, 15, 15), width=2)
            draw.line([(left, top + k * cell), (left + side, top + k * cell)], fill=(15, 15, 15), width=2)
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


@dataclass(frozen=True)
class Camera:
    """How a page is photographed."""

    tilt: float = 0.0
    """Degrees, either way."""
    perspective: float = 0.02
    motion: int = 0
    """Motion blur length, pixels."""
    defocus: float = 0.6
    shadow: float = 0.2
    light: float = 1.0
    fill: float = 0.8
    """Share of the photo's side the grid takes (page-relative when the page is shown whole)."""
    cut: bool = False
    """The grid's top border is cut off by the photo's edge."""
    clutter: bool = False


def photograph(page: Image.Image, grid_box: tuple[int, int, int, int] | None, camera: Camera,
               rng: np.random.Generator, size: int = 1000) -> Image.Image:
    """A phone photo of ``page`` as ``camera`` takes it (gray JPEG)."""
    flat = np.asarray(page.convert("L"), np.float32)
    h, w = flat.shape
    left, top, right, bottom = grid_box if grid_box is not None else (0, 0, w, h)
    angle = np.deg2rad(camera.tilt * rng.choice([-1, 1]))
    target_side = camera.fill * size / (abs(np.cos(angle)) + abs(np.sin(angle)))  # the tilted grid stays in frame
    scale = target_side / max(right - left, bottom - top) if grid_box is not None else target_side / max(w, h)
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    anchor = np.array([(left + right) / 2, (top + bottom) / 2])
    place = np.array([size / 2, size / 2]) + rng.normal(0, size * 0.02, 2)
    if camera.cut and grid_box is not None:
        place[1] = (bottom - top) * scale / 2 - (bottom - top) * scale * rng.uniform(0.005, 0.02)
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    target = (corners - anchor) * scale @ rotation.T + place
    target += rng.normal(0, size * camera.perspective, (4, 2))
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target.astype(np.float32))
    paper = cv2.warpPerspective(np.ones_like(flat), matrix, (size, size))
    image = cv2.warpPerspective(flat, matrix, (size, size), flags=cv2.INTER_AREA)
    table = np.full((size, size), rng.uniform(70, 130), np.float32)
    if camera.clutter:
        for _ in range(int(rng.integers(10, 25))):
            centre = tuple(int(v) for v in rng.integers(0, size, 2))
            colour = float(rng.uniform(20, 230))
            if rng.random() < 0.5:
                cv2.circle(table, centre, int(rng.integers(10, 120)), colour, -1)
            else:
                cv2.rectangle(table, centre, tuple(int(v + rng.integers(20, 250)) for v in centre), colour, -1)
            cv2.line(table, centre, tuple(int(v) for v in rng.integers(0, size, 2)), float(rng.uniform(0, 255)),
                     int(rng.integers(1, 6)))
    image = image * paper + table * (1 - paper)
    ys, xs = np.mgrid[0:size, 0:size] / size
    image = image * (1 - 0.2 * (rng.uniform(0, 1) * xs + rng.uniform(0, 1) * ys))
    if camera.shadow > 0:
        edge, a, b = rng.uniform(0.3, 0.7), rng.uniform(-1, 1), rng.uniform(-1, 1)
        image = image * (1 - camera.shadow / (1 + np.exp(-(a * xs + b * ys + 0.5 * xs - edge) * 20)))
    image = image * camera.light
    if camera.defocus > 0:
        image = cv2.GaussianBlur(image, (0, 0), camera.defocus)
    if camera.motion > 1:
        kernel: np.ndarray = np.zeros((camera.motion, camera.motion), np.float32)
        kernel[camera.motion // 2, :] = 1.0 / camera.motion
        turn = cv2.getRotationMatrix2D((camera.motion / 2 - 0.5, camera.motion / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, turn, (camera.motion, camera.motion))
        image = cv2.filter2D(image, -1, kernel / max(kernel.sum(), 1e-6))
    image = np.clip(image + rng.normal(0, 3 + 4 * (1 - camera.light), image.shape), 0, 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, "JPEG", quality=int(rng.integers(60, 88)))
    buffer.seek(0)
    return Image.open(buffer)


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


def _write_dat(path: Path, values: list[int]) -> None:
    rows = [" ".join(str(v) for v in values[r * 9 : r * 9 + 9]) for r in range(9)]
    path.write_text("synthetic photo suite\n1000x1000 JPG\n" + "\n".join(rows) + "\n")


def _several(stem: Path, pairs: list[tuple[str, str]], camera: Camera, rng: np.random.Generator,
             faces: list[str] | None = None) -> None:
    """A photo of a page of two or three grids: ``.dat`` is the main grid, ``.all`` every grid (81 digits a line)."""
    puzzles = [pairs[int(rng.integers(len(pairs)))][0] for _ in range(int(rng.integers(2, 4)))]
    page, grids = grids_page(puzzles, rng, faces)
    photograph(page, None, camera, rng).save(stem.with_suffix(".jpg"))
    _write_dat(stem.with_suffix(".dat"), grids[0])
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
            _write_dat(stem.with_suffix(".dat"), page.givens)
            if any(page.hand):
                _write_dat(stem.with_suffix(".hand"), page.hand)
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
    args = parser.parse_args(argv)
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
