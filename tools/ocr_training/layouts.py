"""Page layouts of the photo suite: where a publisher puts its Sudoku and what it prints around it.

Each layout draws a whole page (paper, text, rules, other puzzles, an advert) with its Sudoku grid(s) printed
by :func:`ocr_training.page_styles.draw_grid`, and returns the page with each grid's box, the main grid first.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .page_styles import PAPER, GridStyle, draw_grid

Box = tuple[int, int, int, int]
"""Left, top, right, bottom of a grid on its page."""
WORDS = ("the puzzle of the day fill every row column and box with the digits one to nine once each readers "
         "letters weather council market 1984 2026 page sport results tickets 12 call 0800 season").split()
"""Words of the pages' filler text (with a few numbers, as newsprint has)."""


def text_block(draw: ImageDraw.ImageDraw, box: Box, font: ImageFont.FreeTypeFont, rng: np.random.Generator,
               colour: tuple[int, int, int] = (35, 35, 35)) -> None:
    """Fill ``box`` with lines of filler text."""
    left, top, right, bottom = box
    height = font.size * 1.35
    y = float(top)
    while y + height <= bottom:
        words = [WORDS[int(k)] for k in rng.integers(0, len(WORDS), 14)]
        line = " ".join(words)
        while line and draw.textlength(line, font=font) > right - left:
            line = line.rsplit(" ", 1)[0] if " " in line else ""
        draw.text((left, y), line, fill=colour, font=font)
        y += height


def draw_crossword(draw: ImageDraw.ImageDraw, left: float, top: float, side: float, n: int,
                   rng: np.random.Generator, small: ImageFont.FreeTypeFont) -> None:
    """A crossword of ``n`` x ``n`` squares: symmetric black squares, clue numbers, lines."""
    cell = side / n
    black = rng.random((n, n)) < 0.18
    black = black | black[::-1, ::-1]
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


class PageMaker:
    """One page being laid out: its canvas, face, grid style and random source."""

    def __init__(self, size: tuple[int, int], face: str, style: GridStyle, rng: np.random.Generator,
                 paper: tuple[int, int, int] | None = None) -> None:
        self.page = Image.new("RGB", size, paper or style.paper)
        self.draw = ImageDraw.Draw(self.page)
        self.face, self.style, self.rng = face, style, rng
        self.boxes: list[Box] = []

    def font(self, size: int) -> ImageFont.FreeTypeFont:
        return ImageFont.truetype(self.face, size)

    def grid(self, left: int, top: int, side: int, values: list[int]) -> None:
        draw_grid(self.draw, left, top, side, values, self.face, self.rng, self.style)
        self.boxes.append((left, top, left + side, top + side))

    def text(self, box: Box, size: int) -> None:
        text_block(self.draw, box, self.font(size), self.rng)

    def title(self, at: tuple[int, int], words: str, size: int) -> None:
        self.draw.text(at, words, fill=(20, 20, 20), font=self.font(size))


def newspaper_column(grids: list[list[int]], maker: PageMaker) -> None:
    """Three columns of small text; the Sudoku spans two columns with a headline, text below it."""
    w, h = maker.page.size
    for x in (w // 3, 2 * w // 3):
        maker.draw.line([(x, 40), (x, h - 40)], fill=(120, 120, 120), width=1)
    side = int(maker.rng.integers(560, 620))
    left = 30 if maker.rng.random() < 0.5 else w - 30 - side
    maker.title((left, 150), "SUDOKU", 40)
    maker.grid(left, 210, side, grids[0])
    other = (left + side + 25, 40, w - 25, h - 40) if left == 30 else (25, 40, left - 25, h - 40)
    maker.text(other, 17)
    maker.text((left, 210 + side + 30, left + side, h - 40), 17)
    maker.text((left, 40, left + side, 140), 17)


def book_page(grids: list[list[int]], maker: PageMaker) -> None:
    """A puzzle book's page: a heading, one big grid in the middle, the page number below."""
    w, h = maker.page.size
    side = int(maker.rng.integers(700, 800))
    maker.title((w // 2 - 120, 90), f"Puzzle {int(maker.rng.integers(1, 300))}", 44)
    maker.grid((w - side) // 2, 200, side, grids[0])
    maker.title((w // 2 - 15, h - 90), str(int(maker.rng.integers(5, 250))), 26)


def book_two_grids(grids: list[list[int]], maker: PageMaker) -> None:
    """A puzzle book's page of two grids, one above the other, each with its number."""
    w, _ = maker.page.size
    side = int(maker.rng.integers(560, 600))
    for k, values in enumerate(grids[:2]):
        top = 90 + k * (side + 90)
        maker.title(((w - side) // 2, top - 50), f"No. {int(maker.rng.integers(1, 400))}", 30)
        maker.grid((w - side) // 2, top, side, values)


def magazine(grids: list[list[int]], maker: PageMaker) -> None:
    """A magazine's puzzle page: a coloured band and title, the grid on one side, instructions and text on the
    other."""
    w, h = maker.page.size
    band = tuple(int(v) for v in maker.rng.integers(60, 200, 3))
    maker.draw.rectangle([0, 0, w, 110], fill=band)
    maker.draw.text((40, 25), "Brain games", fill=(250, 250, 250), font=maker.font(52))
    side = int(maker.rng.integers(560, 640))
    left = 40 if maker.rng.random() < 0.5 else w - 40 - side
    maker.grid(left, 200, side, grids[0])
    text_left = left + side + 40 if left == 40 else 40
    text_right = w - 40 if left == 40 else left - 40
    maker.title((text_left, 200), "How to play", 34)
    maker.text((text_left, 260, text_right, 200 + side), 19)
    maker.text((40, 200 + side + 50, w - 40, h - 40), 19)


def printout(grids: list[list[int]], maker: PageMaker) -> None:
    """A home printout on white paper: a small header line, the grid, a footer with an address."""
    w, h = maker.page.size
    maker.title((60, 50), f"Sudoku #{int(maker.rng.integers(100, 99999))}   difficulty: medium", 22)
    side = int(maker.rng.integers(640, 760))
    maker.grid((w - side) // 2, 130, side, grids[0])
    maker.title((60, h - 70), "printed from www.example.org/sudoku  page 1/1", 18)


def beside_crossword(grids: list[list[int]], maker: PageMaker) -> None:
    """A puzzle page: a crossword on one side, a smaller Sudoku on the other, clues below."""
    w, h = maker.page.size
    side = int(maker.rng.integers(520, 580))
    cross = w - side - 100
    n = int(maker.rng.choice([11, 13, 15]))
    sudoku_left = 40 if maker.rng.random() < 0.5 else w - 40 - side
    cross_left = w - 40 - cross if sudoku_left == 40 else 40
    draw_crossword(maker.draw, cross_left, 120, cross, n, maker.rng, maker.font(max(9, int(cross / n * 0.28))))
    maker.title((sudoku_left, 60), "Sudoku", 34)
    maker.grid(sudoku_left, 120 + int(maker.rng.integers(0, max(1, cross - side))), side, grids[0])
    maker.text((40, 120 + max(cross, side) + 40, w - 40, h - 40), 18)


def beside_ad(grids: list[list[int]], maker: PageMaker) -> None:
    """A newspaper corner: the Sudoku beside a framed advert with big prices and a phone number, text below."""
    w, h = maker.page.size
    side = int(maker.rng.integers(540, 600))
    left = 40 if maker.rng.random() < 0.5 else w - 40 - side
    maker.grid(left, 120, side, grids[0])
    ad_left = left + side + 30 if left == 40 else 40
    ad_right = w - 40 if left == 40 else left - 30
    maker.draw.rectangle([ad_left, 120, ad_right, 120 + side], outline=(20, 20, 20), width=6)
    maker.draw.text((ad_left + 20, 150), "SALE", fill=(200, 20, 20), font=maker.font(64))
    maker.draw.text((ad_left + 20, 250), f"-{int(maker.rng.integers(10, 70))}%", fill=(20, 20, 20), font=maker.font(80))
    maker.draw.text((ad_left + 20, 380), f"{int(maker.rng.integers(10, 99))}.99", fill=(20, 20, 20), font=maker.font(56))
    maker.draw.text((ad_left + 20, 120 + side - 70), f"0800 {int(maker.rng.integers(100000, 999999))}",
                    fill=(20, 20, 20), font=maker.font(30))
    maker.text((40, 40, w - 40, 100), 18)
    maker.text((40, 120 + side + 40, w - 40, h - 40), 18)


def poster(grids: list[list[int]], maker: PageMaker) -> None:
    """A poster-like page: one very large grid with a title over it, little else."""
    w, _ = maker.page.size
    side = int(maker.rng.integers(900, 980))
    maker.title((60, 30), "GIANT SUDOKU", 60)
    maker.grid((w - side) // 2, 120, side, grids[0])


LAYOUTS: dict[str, tuple[Callable[[list[list[int]], PageMaker], None], tuple[int, int], int]] = {
    "newspaper-column": (newspaper_column, (1000, 1300), 1),
    "book-page": (book_page, (1000, 1300), 1),
    "book-two-grids": (book_two_grids, (1000, 1400), 2),
    "magazine": (magazine, (1300, 1100), 1),
    "printout": (printout, (1000, 1400), 1),
    "beside-crossword": (beside_crossword, (1300, 1100), 1),
    "beside-ad": (beside_ad, (1100, 1000), 1),
    "poster": (poster, (1100, 1120), 1),
}
"""Each layout: how it draws, its page size (width, height) and how many Sudoku grids it prints."""


def lay_out(name: str, grids: list[list[int]], face: str, style: GridStyle, rng: np.random.Generator
            ) -> tuple[Image.Image, list[Box]]:
    """The page of layout ``name`` with ``grids`` (givens, 81 each; as many as the layout prints) in ``face`` and
    ``style``; returns the page and the grids' boxes, in the order of ``grids``."""
    draw, size, count = LAYOUTS[name]
    if len(grids) != count:
        raise ValueError(f"layout {name} prints {count} grid(s), not {len(grids)}")
    white = name == "printout" and style.paper == PAPER  # a home printer's paper is white, unless the style tints it
    maker = PageMaker(size, face, style, rng, (255, 255, 255) if white else None)
    draw(grids, maker)
    return maker.page, maker.boxes
