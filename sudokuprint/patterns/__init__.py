"""Patterns of givens: text pictures, pattern codes, images, and a library of named motifs."""

from __future__ import annotations

from .argument import pattern_argument
from .library import LibraryMotif, is_motif, library_motif, motif, motif_names, motif_picture
from .picture import (
    draw_picture,
    is_pattern_code,
    parse_code,
    parse_picture,
    read_image,
    read_pattern_file,
)

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
