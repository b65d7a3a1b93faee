"""Patterns of givens: text pictures, pattern codes, images, and a library of named motifs.

The names below are imported from their modules on first use, so that
reading puzzle files (whose pattern-code format needs only :mod:`.code`)
does not load the motif library and its resource machinery at every start.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .argument import pattern_argument
    from .library import LibraryMotif, is_motif, library_motif, motif, motif_names, motif_picture
    from .picture import draw_picture, is_pattern_code, parse_code, parse_picture, read_image, read_pattern_file

_MODULE_OF = {
    "pattern_argument": "argument",
    "LibraryMotif": "library",
    "is_motif": "library",
    "library_motif": "library",
    "motif": "library",
    "motif_names": "library",
    "motif_picture": "library",
    "draw_picture": "picture",
    "is_pattern_code": "picture",
    "parse_code": "picture",
    "parse_picture": "picture",
    "read_image": "picture",
    "read_pattern_file": "picture",
}
"""Each public name → the module of this package that defines it."""


def __getattr__(name: str) -> Any:
    """A public name of the package, imported from its module when first asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "LibraryMotif",
    "library_motif",
    "draw_picture",
    "is_motif",
    "is_pattern_code",
    "motif",
    "motif_names",
    "motif_picture",
    "parse_code",
    "parse_picture",
    "pattern_argument",
    "read_image",
    "read_pattern_file",
]
