"""The library of named motifs: pictures of givens shipped with the package.

Motifs are 9x9 text pictures in ``motifs/<name>.txt``: the letters
``letter-A`` .. ``letter-Z`` and digits ``digit-0`` .. ``digit-9`` in one bold
stencil style (strokes two cells wide), and the shapes ``heart``, ``star``,
``tree``, ``smiley``, ``cat``, ``house``, ``arrow``, ``flower``,
``snowflake``, ``diamond``, ``cross`` and ``ring``.

A motif file starts with comment lines: ``; NAME: what it shows`` and, where
the bare shape has no unique puzzle, ``; fix: what was designed instead``
(slab serifs, thicker strokes, a reversed stencil ...).  In the picture, ``#``
is a cell of the drawing; ``+`` marks a given the drawing does not have,
allowed only next to a stroke or as the 180° mirror of a drawn cell (the
library's tests hold every motif to this, and to an intersection-over-union
of at least 0.9 between givens and drawing).  Motifs that are symmetric
under a 180° turn have a pattern code (docs/formats.md §7).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..errors import ParseError
from ..shape import Shape
from .picture import parse_picture

_FOLDER = "motifs"
_SUFFIX = ".txt"
EXTRA_MARK = "+"
"""A given added to the drawing by a stated rule (next to a stroke, or mirroring a drawn cell)."""
_FIX = "fix:"


@dataclass(frozen=True)
class LibraryMotif:
    """A motif of the library: its drawing, its givens and how it was made to have a unique puzzle."""

    name: str
    shape: Shape
    givens: frozenset[int]
    """The cells the puzzle's givens take: the drawing and any extra cells."""
    drawing: frozenset[int]
    """The cells of the drawing alone."""
    description: str
    fix: str = ""
    """What was designed where the bare shape has no unique puzzle; empty when the drawing is the bare shape."""

    @property
    def extra(self) -> frozenset[int]:
        """Givens that are not part of the drawing."""
        return self.givens - self.drawing


def motif_names() -> list[str]:
    """Names of every motif in the library, sorted."""
    folder = resources.files(__package__).joinpath(_FOLDER)
    return sorted(item.name[: -len(_SUFFIX)] for item in folder.iterdir() if item.name.endswith(_SUFFIX))


def motif_picture(name: str) -> str:
    """The text picture of a named motif (case of letters and digits ignored: ``a`` = ``letter-A``)."""
    wanted = _canonical(name)
    if wanted not in motif_names():
        raise ParseError("motif", f"no motif named {name!r}", expected="one of: " + ", ".join(motif_names()))
    return resources.files(__package__).joinpath(_FOLDER, wanted + _SUFFIX).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def library_motif(name: str) -> LibraryMotif:
    """The named motif with its drawing, givens, description and designed fix."""
    wanted = _canonical(name)
    text = motif_picture(wanted)
    source = f"motif {wanted}"
    shape, givens = parse_picture(text.replace(EXTRA_MARK, "#"), source=source)
    _, drawing = parse_picture(text.replace(EXTRA_MARK, "."), source=source)
    notes = [line.strip()[1:].strip() for line in text.splitlines() if line.strip().startswith(";")]
    description = notes[0].partition(":")[2].strip() if notes else wanted
    fix = next((note[len(_FIX):].strip() for note in notes if note.startswith(_FIX)), "")
    return LibraryMotif(wanted, shape, givens, drawing, description, fix)


def motif(name: str) -> tuple[Shape, frozenset[int]]:
    """The shape and the 0-based given cells of a named motif."""
    found = library_motif(name)
    return found.shape, found.givens


def is_motif(name: str) -> bool:
    return _canonical(name) in motif_names()


def _canonical(name: str) -> str:
    lowered = name.strip().lower()
    if len(lowered) == 1 and lowered.isalpha():
        return f"letter-{lowered.upper()}"
    if len(lowered) == 1 and lowered.isdigit():
        return f"digit-{lowered}"
    if lowered.startswith("letter-") and len(lowered) == 8:
        return "letter-" + lowered[-1].upper()
    return lowered
