"""Publishing jobs: puzzles and patterns in, a :class:`~sudokuprint.layout.page.Document` out.

Each job plans its pages from a template; :mod:`.output` writes the result as
a PDF or as PNG pages.
"""

from .booklet import build_answer_key, build_booklet
from .output import write_document
from .puzzles import Puzzle, load_puzzles

__all__ = ["Puzzle", "build_answer_key", "build_booklet", "load_puzzles", "write_document"]
