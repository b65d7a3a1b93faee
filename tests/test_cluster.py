"""--cluster: every bulk command gives on a Dask cluster what it gives in one process; a killed worker loses nothing.

One LocalCluster (2 worker processes, 1 thread each) is started for the
module and its scheduler address passed to --cluster, as a user would with
a real scheduler; ``local:N`` itself is tried once.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import distributed  # the cluster extra, which make test installs: without it these tests fail, never skip
import pytest
from click.testing import CliRunner

from conftest import data_file, puzzle_lines
from worker_probes import loaded
from sudokuprint.cli import main
from sudokuprint.cluster import start_local_cluster
from sudokuprint.executor import executor_settings, run_all
from sudokuprint.worker import NATIVE_THREADS

pytestmark = pytest.mark.xdist_group("cluster")  # one worker makes the module's shared setup once


PARALLEL = ("check", "solve", "grade", "generate", "pattern", "scan")


@pytest.fixture(scope="module")
def cluster():
    """2 workers of one thread, started as ``--cluster local:2`` starts them (Dask set as :data:`QUIET` says)."""
    with start_local_cluster(2) as local:
        yield local


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    return result.output


def _both(args: list[str], out: Path, address: str, *extra: str) -> tuple[str, str]:
    """The output file of ``args`` in one process, then on the cluster."""
    _run([*args, "-o", str(out)])
    alone = out.read_text()
    _run([*args, "-o", str(out), "--cluster", address, *extra])
    return alone, out.read_text()


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Unique, multi-solution and easy puzzles mixed, 130 lines."""
    path = tmp_path_factory.mktemp("in") / "mixed.txt"
    lines = puzzle_lines("sudoku17_royle_49151.txt", 60, step=97) + puzzle_lines("serg_benchmark_multisolution.txt", 40)
    lines += puzzle_lines("easy50_pe96.txt", 30)
    path.write_text("\n".join(lines) + "\n")
    return path


def test_check_on_the_cluster_matches_one_process(cluster, puzzles: Path, tmp_path: Path) -> None:
    alone, spread = _both(["check", str(puzzles), "--format", "jsonl"], tmp_path / "out", cluster.scheduler_address)
    assert len(alone.splitlines()) == 130 and spread == alone


def test_solve_on_the_cluster_matches_one_process(cluster, tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("\n".join(puzzle_lines("sudoku17_royle_49151.txt", 100, step=31)) + "\n")
    alone, spread = _both(["solve", str(source), "--format", "standard"], tmp_path / "out", cluster.scheduler_address)
    assert len(alone.splitlines()) == 100 and spread == alone


def test_grade_on_the_cluster_matches_one_process_and_unordered_has_the_same_lines(cluster, tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("\n".join(puzzle_lines("easy50_pe96.txt", 24) + puzzle_lines("top95.txt", 6)) + "\n")
    alone, spread = _both(["grade", str(source), "--format", "jsonl"], tmp_path / "g.jsonl", cluster.scheduler_address)
    assert spread == alone and len(alone.splitlines()) == 30
    _run(["grade", str(source), "--format", "jsonl", "-o", str(tmp_path / "u.jsonl"),
          "--cluster", cluster.scheduler_address, "--unordered"])
    assert sorted((tmp_path / "u.jsonl").read_text().splitlines()) == sorted(alone.splitlines())


def test_generate_graded_on_the_cluster_is_the_same_collection(cluster, tmp_path: Path) -> None:
    alone, spread = _both(["generate", "-n", "16", "--seed", "5", "--format", "jsonl"], tmp_path / "c.jsonl",
                          cluster.scheduler_address)
    records = [json.loads(line) for line in spread.splitlines()]
    assert spread == alone and [r["id"] for r in records] == list(range(1, 17))
    assert all(isinstance(r["rating"], float) for r in records)


def test_generate_min_rating_filters_on_the_workers(cluster, tmp_path: Path) -> None:
    alone, spread = _both(["generate", "-n", "4", "--seed", "2", "--min-rating", "3.5", "--format", "jsonl"],
                          tmp_path / "r.jsonl", cluster.scheduler_address)
    ratings = [json.loads(line)["rating"] for line in spread.splitlines()]
    assert spread == alone and len(ratings) == 4 and min(ratings) >= 3.5


def test_pattern_on_the_cluster_is_the_same(cluster, tmp_path: Path) -> None:
    alone, spread = _both(["pattern", "1C31905119", "-n", "2", "--seed", "7", "--format", "jsonl"],
                          tmp_path / "p.jsonl", cluster.scheduler_address)
    assert spread == alone and len(alone.splitlines()) == 2


def test_scan_on_the_cluster_is_the_same(cluster, tmp_path: Path) -> None:
    train = data_file("wicht", "train")
    photos = [str(train / f"image{n}.jpg") for n in (1, 10, 100, 101)]
    alone, spread = _both(["scan", *photos, "--format", "text"], tmp_path / "s.txt", cluster.scheduler_address)
    assert spread == alone and len(alone.splitlines()) == 4


def test_html_on_the_cluster_is_the_same_page(cluster, tmp_path: Path) -> None:
    """--cluster reaches html: the hint paths are made on the workers (which import the engine's module for them)
    and the page is the one a single process writes."""
    source = tmp_path / "in.txt"
    source.write_text("\n".join(puzzle_lines("top95.txt", 3) + puzzle_lines("easy50_pe96.txt", 5)) + "\n")
    with distributed.Client(cluster) as client:
        before = client.run(loaded, "sudokuprint.html.edition")
    alone, spread = _both(["html", str(source)], tmp_path / "p.html", cluster.scheduler_address)
    with distributed.Client(cluster) as client:
        after = client.run(loaded, "sudokuprint.html.edition")
    assert spread == alone and "<!DOCTYPE html>" in alone
    assert set(before.values()) == {False} and set(after.values()) == {True}


def test_resume_on_the_cluster_makes_only_what_is_missing(cluster, tmp_path: Path) -> None:
    out = tmp_path / "c.txt"
    _run(["generate", "-n", "20", "--seed", "9", "--no-grade", "-o", str(out)])
    whole = out.read_text()
    out.write_text("".join(whole.splitlines(keepends=True)[:7]) + whole.splitlines()[7][:30])  # a torn 8th line
    _run(["generate", "-n", "20", "--seed", "9", "--no-grade", "-o", str(out), "--resume",
          "--cluster", cluster.scheduler_address])
    assert out.read_text() == whole


def test_every_parallel_command_offers_cluster_and_unordered() -> None:
    for command in PARALLEL:
        shown = CliRunner().invoke(main, [command, "--help"], terminal_width=200).output
        assert "--cluster ADDRESS|local:N" in shown and "--unordered" in shown, command


def test_unordered_local_processes_give_every_item_once() -> None:
    with executor_settings(unordered=True):
        got = list(run_all(abs, range(-300, 300), jobs=2, chunk_size=7))
    assert sorted(got) == sorted(abs(i) for i in range(-300, 300))


def test_a_local_cluster_started_by_the_command(puzzles: Path, tmp_path: Path) -> None:
    alone, spread = _both(["check", str(puzzles), "--format", "jsonl"], tmp_path / "l.jsonl", "local:2")
    assert spread == alone


def test_without_dask_cluster_is_a_clear_error_exit_3(monkeypatch: pytest.MonkeyPatch, puzzles: Path) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails, as when not installed
    result = CliRunner().invoke(main, ["check", str(puzzles), "--cluster", "local:2"])
    assert result.exit_code == 3 and "pip install 'sudokuprint[cluster]'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("address", ["no such host", "local:0"])
def test_a_bad_cluster_address_is_a_usage_error(puzzles: Path, address: str) -> None:
    result = CliRunner().invoke(main, ["check", str(puzzles), "--cluster", address])
    assert result.exit_code == 2 and "--cluster" in result.output and "Traceback" not in result.output


def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(cluster, tmp_path: Path) -> None:
    """SIGKILL one worker process while it runs a chunk: its chunk runs again elsewhere; every id once."""
    reference, out = tmp_path / "ref.txt", tmp_path / "out.txt"
    # 1,500 quick puzzles (about 2 ms each): after the first, chunks of the cluster's size (1 s of work, 256 at most)
    args = ["generate", "-n", "1500", "--seed", "4", "--no-grade", "--symmetry", "rot180", "--minimal"]
    _run([*args, "-o", str(reference)])
    scheduler = cluster.scheduler
    killed: list[str] = []

    def kill_a_busy_worker() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not killed:
            written = out.read_text().count("\n") if out.exists() else 0
            busy = [w for w in list(scheduler.workers.values()) if w.processing]
            if written >= 5 and busy:
                os.kill(busy[0].pid, signal.SIGKILL)
                killed.append(busy[0].address)
            time.sleep(0.02)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    _run([*args, "-o", str(out), "--resume", "--cluster", cluster.scheduler_address])  # --resume: lines go out as made
    killer.join()
    assert killed, "the run ended before a worker could be killed"
    assert killed[0] not in scheduler.workers  # the worker really died (its nanny starts a new one)
    lines = out.read_text().splitlines()
    assert [int(line.split()[0]) for line in lines] == list(range(1, 1501))
    assert out.read_text() == reference.read_text()
    with distributed.Client(cluster) as client:  # the next tests want both workers (a busy machine restarts slowly)
        client.wait_for_workers(2, timeout=300)


def test_an_error_in_a_chunk_reaches_the_caller_after_its_retries(cluster) -> None:
    with executor_settings("dask", cluster.scheduler_address), pytest.raises(ValueError, match="invalid literal"):
        list(run_all(int, ["1", "2", "x", "4"], chunk_size=1))


def test_warm_modules_are_on_the_workers_before_the_first_chunk(cluster) -> None:
    """Dask's workers are new processes: the modules a work function imports lazily (``warm``) are imported on
    every worker before its chunks run, not inside the first ones."""
    from test_executor import loaded_in_worker

    name = "sudokuprint.patterns.code"
    with executor_settings("dask", cluster.scheduler_address):
        cold = list(run_all(loaded_in_worker, ["wave"] * 2, chunk_size=1))  # nothing imports wave in a worker
        warm = list(run_all(loaded_in_worker, [name] * 4, chunk_size=1, warm=(name,)))
    assert {loaded for loaded, _ in cold} == {False} and {loaded for loaded, _ in warm} == {True}


def frozen_objects(_: object) -> int:
    """How many objects the garbage collector of this process leaves alone (``gc.freeze``)."""
    import gc

    return gc.get_freeze_count()


def test_the_workers_objects_from_before_the_chunks_are_out_of_the_collector(cluster) -> None:
    """Before the chunks each worker freezes what its imports and Dask made: full collections no longer walk it
    (as forked local processes have it from their parent)."""
    with executor_settings("dask", cluster.scheduler_address):
        counts = list(run_all(frozen_objects, range(4), chunk_size=1))
    assert min(counts) > 10_000


def collected_in_preparing(modules: list[str]) -> bool:
    """In a worker: whether :func:`prepare_worker` for ``modules`` runs a full garbage collection."""
    import gc
    from unittest import mock

    from sudokuprint.cluster import prepare_worker

    with mock.patch.object(gc, "collect", wraps=gc.collect) as collect:
        prepare_worker(modules)
    return collect.called


UNUSED_MODULES = ("xml.dom.minidom", "wave", "mailbox", "tabnanny", "pyclbr", "colorsys", "netrc", "shelve")


def test_workers_prepared_again_for_the_same_modules_are_left_as_they_are(cluster) -> None:
    """A worker is collected and frozen again only for a module it did not have: a new client (a new command) on a
    running cluster does not pay a full collection in every worker."""
    from sudokuprint.cluster import prepare_worker

    with distributed.Client(cluster) as client:
        client.run(prepare_worker, ["sudokuprint.batch"])
        again = client.run(collected_in_preparing, ["sudokuprint.batch"])
        before = client.run(frozen_objects, 0)
        # a standard module no worker has loaded yet (the cluster is shared: another test may have loaded one)
        fresh = next(name for name in UNUSED_MODULES if not any(client.run(loaded, name).values()))
        new_module = client.run(collected_in_preparing, ["sudokuprint.batch", fresh])
        after = client.run(frozen_objects, 0)
    assert set(again.values()) == {False} and set(new_module.values()) == {True}, (again, new_module)
    assert all(after[worker] > before[worker] for worker in before), (before, after)


def environment(names: tuple[str, ...]) -> dict[str, str | None]:
    """Those variables of this process's environment."""
    return {name: os.environ.get(name) for name in names}


def test_a_local_cluster_leaves_the_malloc_thresholds_to_glibc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dask's default MALLOC_TRIM_THRESHOLD_ (a fixed threshold: glibc maps and unmaps every large array anew) is
    not given to the workers of ``local:N``, nor left in this process; one native thread per library is."""
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    names = ("MALLOC_TRIM_THRESHOLD_", *NATIVE_THREADS)
    with start_local_cluster(1) as local, distributed.Client(local) as client:
        (seen,) = client.run(environment, names).values()
    assert seen == {"MALLOC_TRIM_THRESHOLD_": None, **NATIVE_THREADS}
    assert "MALLOC_TRIM_THRESHOLD_" not in os.environ
