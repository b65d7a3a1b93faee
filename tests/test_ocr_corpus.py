"""The real-photo corpus (issue 27): its manifest, its leave-one-source-out folds, and photos read right.

``tests/data/ocr_corpus`` is a small copy of ``tools/ocr_corpus`` in the same
format: five photos from four sources, downscaled, with their manifest rows
(the givens typed from the photo or the repository's labels, each with one
solution): three printed pages, and a half-solved and a fully solved page
(kubiesa). The photos are those whose givens today's reader gets right; the
rest of the corpus, and the handwriting and candidate marks of these, are
targets, measured by ``benchmarks/ocr_photos.py --by-source tools/ocr_corpus``.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path

import pytest
from PIL import Image

from conftest import REPO, benchmark_module

from ocr_training.corpus import CORPUS, CorpusError, load_corpus, folds, sources, training_photos
from sudokuprint.ocr.context import LEAN_TO_HAND
from sudokuprint.ocr.pipeline import scan
from sudokuprint.solver import count_solutions

SMALL = Path(__file__).parent / "data" / "ocr_corpus"
SMALL_CORPUS = load_corpus(SMALL)


@pytest.mark.parametrize("photo", SMALL_CORPUS, ids=lambda photo: photo.name)
def test_a_corpus_photo_reads_its_printed_givens_and_invents_no_handwriting(photo):
    result = scan(photo.path)
    assert tuple(result.grid.values) == photo.givens  # on the solved pages too: no handwriting taken for a given
    if not any(photo.entries) and not photo.candidates:
        assert result.entries == []  # no pen on the page: none may be invented


def test_each_fold_holds_one_source_out_and_keeps_every_other_photo():
    assert sources(SMALL_CORPUS) == ["aakashjhawar", "sudokuextract", "davidus27", "kubiesa"]
    seen = []
    for fold in folds(SMALL_CORPUS):
        seen.append(fold.held_out)
        assert {p.source for p in fold.held_out_photos} == {fold.held_out}
        assert len(fold.held_out_photos) == (2 if fold.held_out == "kubiesa" else 1)
        assert fold.held_out not in {p.source for p in fold.training}
        assert sorted(p.name for p in fold.training + fold.held_out_photos) == sorted(p.name for p in SMALL_CORPUS)
    assert seen == sources(SMALL_CORPUS)


def test_training_photos_refuse_a_source_that_is_not_there():
    with pytest.raises(CorpusError, match="no source 'wicht'"):
        training_photos(SMALL_CORPUS, "wicht")


def test_a_bad_manifest_row_is_refused_naming_its_line(tmp_path):
    rows = list(csv.DictReader((SMALL / "manifest.csv").open(newline="")))
    for row in rows:
        row["file"] = str(SMALL / row["file"])  # the photos stay where they are
    rows[1]["givens"] = rows[1]["givens"][:80]
    with (tmp_path / "manifest.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with pytest.raises(CorpusError, match=r"manifest\.csv:3 givens: expected 81 digits"):
        load_corpus(tmp_path)


def test_the_repository_corpus_has_licensed_sources_and_sound_truth():
    assert CORPUS == REPO / "tools" / "ocr_corpus"
    corpus = load_corpus(CORPUS)
    assert len(sources(corpus)) >= 8
    assert any(any(photo.entries) for photo in corpus) and any(photo.candidates for photo in corpus)
    with (CORPUS / "manifest.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["licence"] for row in rows} <= {"MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "CC0-1.0", "CC-BY-4.0"}
    assert all(len(row["commit"]) == 40 and row["repository"].count("/") == 1 for row in rows)
    for photo in corpus:
        assert count_solutions("".join(map(str, photo.givens))) == 1, photo.name
        with Image.open(photo.path) as image:
            assert max(image.size) <= 1600 or image.size == photo.original_size, photo.name


def test_the_by_source_benchmark_counts_the_manifest_truth_per_source_and_in_total():
    benchmark = benchmark_module("ocr_by_source")
    lines = benchmark.by_source(SMALL, lambda photo: benchmark.fold_reader("builtin", None, LEAN_TO_HAND), time.process_time)
    assert [line.split()[0] for line in lines] == sources(SMALL_CORPUS) + ["all"]
    total = lines[-1]
    # the denominators are the manifest's: 67 handwritten entries (13 + 54) and 11 candidate cells, all kubiesa's
    assert "photos=5 " in total and "cells=" in total and "/405 " in total
    assert "entries=" in total and "/67 " in total and "/11 " in total
    assert lines[0].split()[1:3] == ["photos=1", "grid=1/1"]
    assert "givens-exact=5/5" in total  # as the test above reads them
