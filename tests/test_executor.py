"""The executor behind --jobs: input order, streaming, lazy input, errors, one interface for every backend."""

from __future__ import annotations

import itertools
import os
import time

import pytest

from conftest import puzzle_lines
from sudokuprint.batch import check_item
from sudokuprint.executor import Executor, InProcess, LocalProcesses, chunks, executor, run_all
from sudokuprint.formats import read_text


def slow_when_even(n: int) -> tuple[int, int]:
    """Even items take longer, so workers finish out of order."""
    time.sleep(0.05 if n % 2 == 0 else 0.0)
    return n, os.getpid()


def fails_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


def test_results_come_in_input_order_from_several_processes() -> None:
    results = list(run_all(slow_when_even, range(40), jobs=2, chunk_size=3))
    assert [n for n, _ in results] == list(range(40))
    assert os.getpid() not in {pid for _, pid in results}  # the work ran in the worker processes


def test_an_endless_input_is_read_lazily_and_the_first_results_stream_out() -> None:
    with LocalProcesses(2) as runner:
        first = list(itertools.islice(runner.map(slow_when_even, itertools.count(), chunk_size=2), 5))
    assert [n for n, _ in first] == [0, 1, 2, 3, 4]


def test_one_job_runs_here_and_several_give_the_same_reports_on_real_puzzles() -> None:
    text = "\n".join(puzzle_lines("top95.txt", limit=12) + puzzle_lines("serg_benchmark_multisolution.txt", limit=4))
    items = [("top", record) for record in read_text(text + "\n")]
    assert isinstance(executor(1), InProcess) and isinstance(executor(3), LocalProcesses)
    here = list(run_all(check_item, items, jobs=1))
    there = list(run_all(check_item, items, jobs=2, chunk_size=5))
    assert here == there and [r["solutions"] for r in here] == [1] * 12 + [2] * 4


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="three"):
        list(run_all(fails_on_three, range(6), jobs=2))


def test_chunks_and_the_backend_interface() -> None:
    assert list(chunks(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    with pytest.raises(ValueError):
        list(chunks([1], 0))
    assert getattr(Executor.map, "__isabstractmethod__", False)  # a cluster backend implements map()
