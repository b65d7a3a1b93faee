"""The HTML edition: one self-contained page to play a collection in the browser.

:func:`build_edition` turns checked puzzles (:class:`sudokuprint.publish.puzzles.Puzzle`)
into the page's data (levels, labels, encoded solutions and hint paths from
the logic engine); :func:`render_page` fills that data into the page template
(HTML, CSS and JavaScript shipped in ``assets/``).
"""

from __future__ import annotations

from .edition import Edition, build_edition
from .page import render_page

__all__ = ["Edition", "build_edition", "render_page"]
