"""The photo suite's fixed split of print faces and page layouts into training and held-out groups.

The split is the file ``suite_split.txt`` beside this module: one row per face (split, kind, family, font path)
and per layout (split, name).  Whole families and whole layouts are held out, so a held-out figure is one on
faces and layouts no model was trained on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SPLIT_FILE = Path(__file__).with_name("suite_split.txt")
FONT_ROOT = Path("/usr/share")
"""The face paths in :data:`SPLIT_FILE` are under this folder (Debian font packages)."""
SPLITS = ("train", "held-out")
KINDS = ("serif", "sans", "slab", "condensed", "light")
"""Face kinds: the groups the held-out figures are given by."""


class SplitFileError(ValueError):
    """A row of the split file that cannot be read."""


@dataclass(frozen=True)
class Face:
    """One print face (a font file) of the suite."""

    path: Path
    family: str
    kind: str
    split: str


def _rows() -> list[list[str]]:
    rows = []
    for number, line in enumerate(SPLIT_FILE.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split(maxsplit=4)
        if fields[0] not in ("face", "layout") or fields[1] not in SPLITS:
            raise SplitFileError(f"{SPLIT_FILE.name}:{number}: expected 'face SPLIT KIND FAMILY PATH' or "
                                 f"'layout SPLIT NAME' with SPLIT one of {', '.join(SPLITS)}")
        if fields[0] == "face" and (len(fields) != 5 or fields[2] not in KINDS):
            raise SplitFileError(f"{SPLIT_FILE.name}:{number}: a face row needs KIND (one of {', '.join(KINDS)}), "
                                 "FAMILY and PATH")
        rows.append(fields)
    return rows


def suite_faces(split: str | None = None, root: Path = FONT_ROOT, installed: bool = True) -> list[Face]:
    """The faces of ``split`` (``train`` or ``held-out``; default both) listed in the split file, only those
    installed under ``root`` unless ``installed`` is false."""
    faces = [Face(root / row[4], row[3], row[2], row[1]) for row in _rows() if row[0] == "face"]
    return [f for f in faces if (split is None or f.split == split) and (not installed or f.path.is_file())]


def suite_layouts(split: str | None = None) -> list[str]:
    """The layout names of ``split`` (default both), in the file's order."""
    return [row[2] for row in _rows() if row[0] == "layout" and (split is None or row[1] == split)]


def held_out_families() -> set[str]:
    """The face families no model may be trained on."""
    return {row[3] for row in _rows() if row[0] == "face" and row[1] == "held-out"}


def _family_stem(path: Path) -> str:
    """A font file's name up to its first character that is not a letter, lower case: the family's files share
    it (``NotoSerif-Bold.ttf`` -> ``notoserif``)."""
    match = re.match(r"[a-z]*", path.name.lower())
    return match.group(0) if match else ""


def is_held_out_font(path: Path) -> bool:
    """Whether a font file belongs to a held-out family: any weight or cut (also those not listed) of a family
    listed as held out, recognised by its file name's stem (:func:`_family_stem`), or a family named after one
    (Karla Tamil is Karla's Latin)."""
    held = {_family_stem(Path(row[4])) for row in _rows() if row[0] == "face" and row[1] == "held-out"}
    stem = _family_stem(path)
    return any(stem.startswith(name) for name in held)
