"""Scoring the widened photo suite (``python -m ocr_training.photo_suite DIR --styled N``) page by page.

Used by ``benchmarks/ocr_faces.py --suite DIR``.  Each page is scanned as a user scans it (the default reader;
a page of several grids with ``all=True``), and compared with its ``.json`` truth cell by cell.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path

from sudokuprint.errors import NoGridError
from sudokuprint.ocr.pipeline import ScanResult, scan
from ocr_training.styled_suite import read_cells


@dataclass
class PageScore:
    """What the reader got right on one page."""

    meta: dict[str, str]
    found: bool = False
    givens_exact: bool = False
    invented: int = 0
    """Cells with no writing reported as entries (on any page) or as pencil marks (on a page with no pen)."""
    entries: int = 0
    entries_right: int = 0
    entries_as_given: int = 0
    givens_as_entry: int = 0
    candidates: int = 0
    candidates_as_entry: int = 0
    candidates_as_given: int = 0
    candidates_found: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    """What went wrong with the printed givens, e.g. ``r1c2 given 4 read 6`` or ``r3c3 given 4 taken for
    handwriting``, and ``grid not found``."""

    @property
    def printed_perfect(self) -> bool:
        """A page printed only: every given right and nothing reported as written."""
        return self.givens_exact and self.invented == 0


MAIN_FOUND = 70
"""The main grid counts as found (its cells' problems listed) when the result read agrees with its givens in this many
of its 81 cells."""


def _values(result: ScanResult) -> list[int]:
    return list(result.grid.values)


def score_page(photo: Path) -> PageScore:
    """Scan ``photo`` and score it against its ``.json`` truth."""
    meta, grids = read_cells(photo.with_suffix(".json"))
    score = PageScore(meta)
    truth_givens = [[int(t[1]) if t.startswith("g") else 0 for t in grid] for grid in grids]
    started = time.process_time()
    try:
        results = scan(photo, all=True) if len(grids) > 1 else [scan(photo)]
    except NoGridError as error:
        score.seconds = time.process_time() - started
        score.problems.append(f"grid not found ({error})")
        return score
    score.seconds = time.process_time() - started
    score.found = True
    read = [_values(r) for r in results]
    # each grid's givens read by a result of its own (two grids may print one puzzle)
    score.givens_exact = any(all(read[k] == givens for k, givens in zip(order, truth_givens))
                             for order in permutations(range(len(read)), len(truth_givens)))
    # the result that reads the main grid: the one agreeing most with its givens and entries together (a page may
    # print one puzzle twice, solved above and blank below)
    truth_entries = {i: int(t[1]) for i, t in enumerate(grids[0]) if t.startswith("e")}

    def agreement(result: ScanResult) -> int:
        written = {e.cell: e.digit for e in result.entries}
        return (sum(a == b for a, b in zip(_values(result), truth_givens[0]))
                + sum(written.get(i) == d for i, d in truth_entries.items()))

    main = max(results, key=agreement)
    listed = sum(a == b for a, b in zip(_values(main), truth_givens[0])) >= MAIN_FOUND  # list the main grid's cells
    if len(read) < len(truth_givens):
        score.problems.append(f"{len(read)} of {len(truth_givens)} grids found"
                              + ("" if listed else " (not the main one: its cells not listed)"))
    written = {e.cell: e.digit for e in main.entries}
    values = _values(main)
    for index, token in enumerate(grids[0]):
        kind = token[0]
        place = f"r{index // 9 + 1}c{index % 9 + 1}" if listed else ""
        if kind == "g":
            score.givens_as_entry += index in written
            if place and index in written:
                score.problems.append(f"{place} given {token[1]} taken for handwriting {written[index]}")
            elif place and values[index] != int(token[1]):
                score.problems.append(f"{place} given {token[1]} read {values[index] or 'empty'}")
        elif kind == "e":
            score.entries += 1
            score.entries_right += written.get(index) == int(token[1])
            score.entries_as_given += values[index] != 0
            if place and values[index] != 0:
                score.problems.append(f"{place} entry {token[1]} read as a given {values[index]}")
        elif kind == "c":
            score.candidates += 1
            score.candidates_as_entry += index in written
            score.candidates_as_given += values[index] != 0
            score.candidates_found += index in main.pencil_marks
        else:
            invented = index in written or values[index] != 0 or (
                meta["content"] == "print" and index in main.pencil_marks)
            score.invented += invented
            if place and invented and meta["content"] == "print":
                score.problems.append(f"{place} empty read {written.get(index) or values[index] or 'pencil marks'}")
    return score


@dataclass
class Tally:
    """Pages counted under one heading (a face kind, a layout, a style, a pen)."""

    pages: int = 0
    found: int = 0
    givens_exact: int = 0
    printed: int = 0
    printed_perfect: int = 0
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, page: PageScore) -> None:
        self.pages += 1
        self.found += page.found
        self.givens_exact += page.givens_exact
        if page.meta["content"] == "print":
            self.printed += 1
            self.printed_perfect += page.printed_perfect
        for name in ("entries", "entries_right", "entries_as_given", "givens_as_entry", "candidates",
                     "candidates_as_entry", "candidates_as_given", "candidates_found", "invented"):
            self.counts[name] += getattr(page, name)

    def line(self) -> str:
        c = self.counts
        text = (f"pages={self.pages} found={self.found} givens-exact={self.givens_exact}/{self.pages} "
                f"printed-perfect={self.printed_perfect}/{self.printed}")
        if c["entries"]:
            text += (f" entries-right={c['entries_right']}/{c['entries']} ({100 * c['entries_right'] / c['entries']:.1f}%)"
                     f" entries-as-given={c['entries_as_given']}")
        if c["candidates"]:
            text += (f" candidate-cells-as-entries={c['candidates_as_entry']}/{c['candidates']}"
                     f" ({100 * c['candidates_as_entry'] / c['candidates']:.1f}%)"
                     f" candidates-as-given={c['candidates_as_given']}"
                     f" candidates-in-pencil-marks={c['candidates_found']}")
        return text + f" givens-as-entries={c['givens_as_entry']} empty-cells-invented={c['invented']}"


def score_suite(folder: Path, limit: int | None = None, failures: bool = False) -> list[str]:
    """The suite's figures: the held-out headline, then per face kind, layout, grid style, content and pen;
    with ``failures`` then every page whose printed givens were not all right, and what went wrong."""
    photos = sorted(p for p in folder.glob("styled-*.jpg") if p.with_suffix(".json").exists())[:limit]
    pages = [score_page(photo) for photo in photos]
    if not pages:
        return [f"no styled suite page in {folder} (python -m ocr_training.photo_suite DIR --styled N)"]
    total = Tally()
    groups: dict[tuple[str, str], Tally] = defaultdict(Tally)
    for page in pages:
        total.add(page)
        for key in ("kind", "layout", "style_group", "content", "pen"):
            groups[(key, page.meta[key])].add(page)
    splits = sorted({page.meta["split"] for page in pages})
    lines = [f"printed pages in {' and '.join(splits)} faces and layouts: {total.printed_perfect}/{total.printed} "
             f"perfect (print only: every given right, nothing reported as written)",
             f"all pages, every printed given right: {total.givens_exact}/{total.pages}",
             "total " + total.line()]
    for (key, name), tally in sorted(groups.items()):
        lines.append(f"{key:<11} {name:<22} " + tally.line())
    seconds = sorted(page.seconds for page in pages)
    lines.append(f"CPU s/page median={seconds[len(seconds) // 2]:.3f}")
    if failures:
        for photo, page in zip(photos, pages):
            problems = page.problems or (["the other grid's givens"] if page.found and not page.givens_exact else [])
            if problems:
                m = page.meta
                lines.append(f"FAIL {photo.name} {m['face']} {m['layout']} {m['style']} {m['content']} {m['pen']}: "
                             + "; ".join(problems))
    return lines
