"""Write the book samples shown in the README: a front cover, a two-page spread and a contents page.

    python scripts/make_book_samples.py        # from the checkout, writes samples/book-*.png

The book is the one ``sudokuprint book samples/easy50.txt --title "Fifty Classics" --author
"A. Setter" --year 2026 -o fifty`` makes; the pictures are its pages drawn by the PNG backend.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

import sudokuprint
from sudokuprint.render import render_png

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
DPI = 60


def main() -> None:
    book = sudokuprint.book(str(SAMPLES / "easy50.txt"), title="Fifty Classics", author="A. Setter", year=2026,
                            subtitle="From easy to expert")
    cover = render_png(book.cover.pages[0], DPI)
    scale = DPI / 72
    front = book.geometry.front
    cover.crop(tuple(round(v * scale) for v in front)).save(SAMPLES / "book-cover.png", optimize=True)
    first = book.plan.puzzle_pages[1]
    verso, recto = (first, first + 1) if first % 2 == 0 else (first + 1, first + 2)
    left, right = render_png(book.interior.pages[verso - 1], DPI), render_png(book.interior.pages[recto - 1], DPI)
    spread = Image.new("L", (left.width + right.width, max(left.height, right.height)), 255)
    spread.paste(left, (0, 0))
    spread.paste(right, (left.width, 0))
    spread.save(SAMPLES / "book-spread.png", optimize=True)
    render_png(book.interior.pages[book.plan.contents_page - 1], DPI).save(SAMPLES / "book-contents.png",
                                                                           optimize=True)
    print(f"wrote samples/book-cover.png, book-spread.png (pages {verso}-{recto}), book-contents.png")


if __name__ == "__main__":
    main()
