"""A clone tests itself: HEAD cloned where no ``../shared`` lies beside it passes a smoke subset of its own suite,
run against the installed package (issue 31).  The data those tests read is committed in ``tests/data/shared``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import REPO

SMOKE = [
    "tests/test_formats_community.py",  # every real community file
    "tests/test_solver.py",  # lines of every puzzle list, read through their .lines index
    "tests/test_ocr_crease.py",  # Wicht photos and their ground truth
    "tests/test_read_limits.py",
]


def test_a_fresh_clone_without_shared_data_passes_a_smoke_subset(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(clone)], check=True, timeout=300)
    assert not (clone.parent / "shared").exists() and (clone / "tests" / "data" / "shared").is_dir()
    where = subprocess.run([sys.executable, "-I", "-c", "import sudokuprint; print(sudokuprint.__file__)"],
                           cwd=clone, capture_output=True, text=True, check=True).stdout.strip()
    assert not Path(where).is_relative_to(clone), where  # the clone's tests will test the installed package
    pytest_command = Path(sys.executable).with_name("pytest")
    done = subprocess.run([str(pytest_command), "-q", "-p", "no:cacheprovider", "-rs", *SMOKE], cwd=clone,
                          capture_output=True, text=True, timeout=900)
    summary = done.stdout.strip().splitlines()[-1]
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in summary and "skipped" not in summary and "error" not in summary, summary
