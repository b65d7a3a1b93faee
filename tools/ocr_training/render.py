"""Render training digits: one printed cell per sample, then the photo's troubles.

A digit is drawn in a font at a random size and place in a cell with grid
lines, then given what a newspaper photo does to it (ink spread or thinning,
slant, perspective, low resolution, blur, noise, uneven light, JPEG), and
finally cut out by the very function the scanner uses, so the model sees what
it will see at run time.
"""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from sudokuprint.ocr.cells import CELL_PX, extract_digit, ink_contrast
from .pen import draw_pen_digit
from .suite_split import is_held_out_font

FONT_DIRS = ("/usr/share/fonts/truetype", "/usr/share/fonts/opentype")
EXCLUDED_WORDS = (
    "italic", "oblique", "symbol", "math", "hairline", "thin", "mono", "z003", "d050000l", "extralight", "bdita",
    "56f", "76f", "interdisplay",
)
"""Font files left out: slanted and decorative faces, symbol fonts, hairline weights no newspaper prints digits
in, ParaType's italics (``*56F``, ``*76F``) and Inter's display cut (a near copy of Inter)."""
CANVAS = 160
"""Cell side when drawing (pixels), before the photo's resolution is applied."""


OTHER_SCRIPTS = "noto"
"""The folder of fonts-noto-core: hundreds of faces for other scripts, whose Latin digits are a fallback or
missing (its Latin faces, Noto Serif and Noto Sans, are held out of training anyway)."""


def training_fonts(extra_dirs: tuple[str, ...] = (), excluded: tuple[str, ...] = EXCLUDED_WORDS,
                   with_held_out: bool = False) -> list[Path]:
    """The font files used, sorted: every TrueType/OpenType file in the font folders except those whose
    lower-case name holds one of ``excluded`` (default :data:`EXCLUDED_WORDS`), the families the photo suite
    holds out (:func:`ocr_training.suite_split.is_held_out_font`: no model trains on them) and the other
    scripts' faces of :data:`OTHER_SCRIPTS` (Noto Mono stays); ``with_held_out`` keeps the held-out families
    (to measure on them, never to train)."""
    fonts = []
    for folder in FONT_DIRS + extra_dirs:
        for path in sorted(Path(folder).rglob("*")):
            name = path.name.lower()
            if path.suffix.lower() not in (".ttf", ".otf") or any(word in name for word in excluded):
                continue
            if (is_held_out_font(path) and not with_held_out) or (path.parent.name == OTHER_SCRIPTS and not name.startswith("notomono")):
                continue
            fonts.append(path)
    return sorted(set(fonts))


def _glyph(font_path: Path, digit: int, height: int) -> np.ndarray:
    """The digit's ink (0..1) drawn about ``height`` pixels tall, tightly cropped."""
    font = ImageFont.truetype(str(font_path), size=int(height * 1.45))
    left, top, right, bottom = font.getbbox(str(digit))
    image = Image.new("L", (int(right - left) + 8, int(bottom - top) + 8), 0)
    ImageDraw.Draw(image).text((4 - left, 4 - top), str(digit), fill=255, font=font)
    ink = np.asarray(image, np.float32) / 255.0
    ys, xs = np.nonzero(ink > 0.1)
    crop = ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    scale = height / crop.shape[0]
    return cv2.resize(crop, (max(1, round(crop.shape[1] * scale)), height), interpolation=cv2.INTER_AREA)


def render_cell(font_path: Path, digit: int, rng: np.random.Generator, *, quarter_turns: int = 0) -> np.ndarray:
    """A gray photo of one printed cell (``CELL_PX`` square) holding ``digit``, rotated by quarter turns."""
    size = CANVAS
    glyph = _glyph(font_path, digit, int(size * rng.uniform(0.42, 0.72)))
    spread = int(rng.integers(-2, 4))  # ink spread (+) or thin print (-), in canvas pixels
    if spread:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * abs(spread) + 1,) * 2)
        padded = cv2.copyMakeBorder(glyph, 8, 8, 8, 8, cv2.BORDER_CONSTANT, value=0)
        glyph = cv2.dilate(padded, kernel) if spread > 0 else cv2.erode(padded, kernel)
    glyph = np.rot90(glyph, quarter_turns)
    if rng.random() < 0.5:  # a little slant or aspect change
        shear = rng.uniform(-0.12, 0.12)
        stretch = rng.uniform(0.85, 1.15)
        h, w = glyph.shape
        matrix: np.ndarray = np.array([[stretch, shear, max(0.0, -shear * h) + 4], [0, 1, 4]], np.float32)
        glyph = cv2.warpAffine(glyph, matrix, (int(w * stretch + abs(shear) * h) + 8, h + 8))
    ink = np.zeros((size, size), np.float32)
    h, w = glyph.shape
    h, w = min(h, size - 4), min(w, size - 4)
    top = int(np.clip((size - h) / 2 + rng.normal(0, size * 0.04), 2, size - h - 2))
    left = int(np.clip((size - w) / 2 + rng.normal(0, size * 0.04), 2, size - w - 2))
    ink[top : top + h, left : left + w] = np.maximum(ink[top : top + h, left : left + w], glyph[:h, :w])
    return photograph_cell(ink, rng)


def render_hand_cell(digit: int, rng: np.random.Generator) -> np.ndarray:
    """A gray photo of one cell holding ``digit`` written with the training pen (:func:`ocr_training.pen.
    draw_pen_digit`: not the photo suite's pen, so that the suite tests handwriting drawn otherwise)."""
    size = CANVAS
    canvas = Image.new("L", (size, size), 0)
    height = size * rng.uniform(0.4, 0.7)
    width = height * rng.uniform(0.55, 0.8)
    left = (size - width) / 2 + rng.normal(0, size * 0.05)
    top = (size - height) / 2 + rng.normal(0, size * 0.05)
    draw_pen_digit(ImageDraw.Draw(canvas), digit, (left, top, width, height), rng, 255)
    ink = np.asarray(canvas, np.float32) / 255.0
    return photograph_cell(ink, rng, pale=0.3)


def photograph_cell(ink: np.ndarray, rng: np.random.Generator, *, pale: float = 0.2) -> np.ndarray:
    """The cell with ``ink`` (0..1, ``CANVAS`` square) drawn on paper, with grid lines, photographed.

    ``pale`` is the chance that the ink is pale (or coloured, as red or blue ink looks in gray).
    """
    size = CANVAS
    # grid lines on the cell's edges (and a little beyond: the neighbours' lines)
    for edge in range(4):
        thickness = int(rng.integers(2, 9))
        offset = int(rng.integers(-4, 5))
        band = slice(max(0, offset), max(1, offset + thickness))
        view = np.rot90(ink, edge)
        view[band, :] = 1.0
    paper = rng.uniform(120, 240)
    ink_level = rng.uniform(0, paper * 0.55) if rng.random() >= pale else paper * rng.uniform(0.45, 0.7)  # pale or red ink
    image: np.ndarray = paper - (paper - ink_level) * ink
    # uneven light across the cell
    gradient = np.linspace(-1, 1, size)[None, :] * rng.uniform(-25, 25) + np.linspace(-1, 1, size)[:, None] * rng.uniform(-25, 25)
    image = image + gradient
    # mild perspective, then the camera's resolution and blur
    jitter = rng.normal(0, size * 0.03, (4, 2)).astype(np.float32)
    source = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, source + jitter)
    image = cv2.warpPerspective(image, matrix, (size, size), borderMode=cv2.BORDER_REPLICATE)
    low = int(rng.integers(12, 56))
    image = cv2.resize(image, (low, low), interpolation=cv2.INTER_AREA)
    blur = rng.uniform(0, 2.2) * low / 30 if rng.random() < 0.7 else rng.uniform(0, 0.6)
    if blur > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    image = image + rng.normal(0, rng.uniform(0, 6), image.shape)
    image = np.clip(image, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        buffer = io.BytesIO()
        Image.fromarray(image).save(buffer, "JPEG", quality=int(rng.integers(30, 90)))
        image = np.asarray(Image.open(buffer))
    return cv2.resize(image, (CELL_PX, CELL_PX), interpolation=cv2.INTER_LINEAR if low < CELL_PX else cv2.INTER_AREA)


def training_sample(font_path: Path, digit: int, rng: np.random.Generator, quarter_turns: int = 0) -> np.ndarray | None:
    """The normalised 28 x 28 digit the scanner would cut from a rendered cell, or ``None`` if it saw none."""
    cell = render_cell(font_path, digit, rng, quarter_turns=quarter_turns)
    digit_image, _ = extract_digit(cell, ink_contrast([cell]))
    return digit_image
