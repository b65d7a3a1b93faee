"""The library of named motifs: pictures of givens shipped with the package.

Motifs are 9x9 text pictures in ``motifs/<name>.txt``: ``heart``, ``star``,
``diamond``, ``cross``, ``ring``, ``letter-A`` .. ``letter-Z`` and
``digit-0`` .. ``digit-9``.  Shapes drawn for the eye are not all symmetric:
``star``, ``diamond``, ``cross``, ``ring``, ``letter-H``, ``letter-I``,
``letter-O``, ``letter-S``, ``letter-X``, ``letter-Z``, ``digit-0`` and
``digit-8`` are 180°-symmetric and so have a pattern code (docs/formats.md §7);
the others (most letters and digits, and the mirror-symmetric ``heart``) make
puzzles all the same, without a code.
"""

from __future__ import annotations

from importlib import resources

from ..errors import ParseError
from ..shape import Shape
from .picture import parse_picture

_FOLDER = "motifs"
_SUFFIX = ".txt"


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


def motif(name: str) -> tuple[Shape, frozenset[int]]:
    """The shape and the 0-based given cells of a named motif."""
    return parse_picture(motif_picture(name), source=f"motif {name}")


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
