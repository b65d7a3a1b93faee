"""The installed package: what `pip install .` puts into a fresh environment, and optional extras.

The fresh-install test builds a wheel of this checkout, installs it into a new
virtual environment with pip (dependencies are lent from the test
environment, so it needs no network and ends in about a minute), checks that
nothing generic lands at the top of site-packages, then installs a second
distribution that ships a top-level ``ocr`` package beside it (``python-ocr``
from PyPI when it can be fetched, else a stand-in built here) and uninstalls
it again, and checks that ``sudokuprint scan`` works throughout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokuprint.cli import main
from sudokuprint.errors import MissingDependencyError
from conftest import REPO, SAMPLES

PHOTO = SAMPLES / "newspaper-photo.jpg"
PHOTO_PUZZLE = "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4..."
OWN = ("sudokuprint", "__editable__", "pip", "setuptools", "_distutils_hack", "distutils-precedence", "python_ocr",
       "ocr", "__pycache__")


def run(*args: str | os.PathLike[str], timeout: float = 300, **options) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([os.fspath(a) for a in args], capture_output=True, text=True, timeout=timeout, **options)
    assert result.returncode == 0, f"{args}: exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


def test_license_and_declared_dependencies() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert "MIT License" in (REPO / "LICENSE").read_text() and project["license"] == "MIT"
    names = {d.split(">")[0].split(";")[0].strip() for d in project["dependencies"]}
    assert {"numpy", "pillow", "opencv-python-headless", "click", "reportlab"} <= names
    assert "pytesseract" not in names
    assert any(d.startswith("pytesseract") for d in project["optional-dependencies"]["tesseract"])
    assert (REPO / "sudokuprint" / "py.typed").exists()


def test_the_default_reader_never_imports_pytesseract() -> None:
    code = ("import sys; from click.testing import CliRunner; from sudokuprint.cli import main; "
            f"r = CliRunner().invoke(main, ['scan', {str(PHOTO)!r}]); "
            "print(r.exit_code, r.stdout.strip(), 'pytesseract' in sys.modules)")
    out = run(sys.executable, "-c", code).stdout.split()
    assert (out[0], out[1], out[-1]) == ("0", PHOTO_PUZZLE, "False")  # a row names its photo after the puzzle


def test_without_pytesseract_only_asking_for_tesseract_fails_with_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokuprint.ocr import tesseract

    monkeypatch.setitem(sys.modules, "pytesseract", None)  # import pytesseract raises ImportError
    tesseract.tesseract_version.cache_clear()
    try:
        plain = CliRunner().invoke(main, ["scan", str(PHOTO)])
        assert plain.exit_code == 0 and plain.stdout.split()[0] == PHOTO_PUZZLE
        asked = CliRunner().invoke(main, ["scan", "--readers", "tesseract", str(PHOTO)])
        assert asked.exit_code == MissingDependencyError.exit_code == 3
        assert "Tesseract OCR is not installed" in asked.stderr and "Traceback" not in asked.stderr
    finally:
        tesseract.tesseract_version.cache_clear()


def _other_ocr_distribution(tmp: Path) -> Path:
    """A wheel of another distribution with a top-level ``ocr`` package: python-ocr, or a stand-in."""
    fetched = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--retries", "0", "--timeout", "15",
                              "-d", tmp / "other", "python-ocr==0.1.5"], capture_output=True, text=True, timeout=120)
    wheels = sorted((tmp / "other").glob("python_ocr-*.whl")) if fetched.returncode == 0 else []
    if wheels:
        return wheels[0]
    source = tmp / "standin"
    (source / "ocr").mkdir(parents=True)
    (source / "ocr" / "__init__.py").write_text('"""Another project\'s generic ocr package."""\nOWNER = "other"\n')
    (source / "pyproject.toml").write_text('[project]\nname = "python-ocr"\nversion = "0.0.1"\n'
                                           '[tool.setuptools]\npackages = ["ocr"]\n')
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", tmp / "other", source)
    return sorted((tmp / "other").glob("python_ocr-*.whl"))[0]


def test_a_fresh_install_has_no_top_level_ocr_and_lives_beside_python_ocr(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "dist", "*.egg-info", "*.so", "__pycache__", ".hypothesis", "demo-output", "tests",
        ".mypy_cache", ".coverage*", "mutants"))  # make test's mypy writes its cache while this copies
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "wheels",
        source)
    wheel = next((tmp_path / "wheels").glob("sudokuprint-*.whl"))
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip())
    lent = tmp_path / "lent"  # the test environment's dependencies, without sudokuprint itself
    lent.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(OWN) and entry.suffix != ".pth":
            (lent / entry.name).symlink_to(entry)
    (site / "lent-dependencies.pth").write_text(f"{lent}\n")
    pip = (sys.executable, "-m", "pip", "--python", python)
    run(*pip, "install", "--no-deps", "-q", wheel)

    top_level = sorted(p.name for p in site.iterdir() if not p.name.endswith((".dist-info", ".pth")))
    assert top_level == ["sudokuprint"]
    check = ("import importlib.util, sudokuprint, sudokuprint.ocr.pipeline; "
             "print(importlib.util.find_spec('ocr') is None, sudokuprint.__file__)")
    no_ocr, where = run(python, "-c", check, cwd=tmp_path).stdout.split()
    assert no_ocr == "True" and where.startswith(str(site))
    assert (site / "sudokuprint" / "py.typed").exists() and (site / "sudokuprint" / "ocr" / "models").is_dir()
    shipped = sorted(str(p.relative_to(site)) for p in (site / "sudokuprint").rglob("*") if p.is_file() and p.suffix != ".pyc")
    assert not [name for name in shipped if "training" in name]  # the training tools stay in the checkout (tools/)

    def scans() -> None:
        result = run(venv / "bin" / "sudokuprint", "scan", PHOTO, cwd=tmp_path)
        assert result.stdout.split()[0] == PHOTO_PUZZLE

    scans()
    run(*pip, "install", "--no-deps", "-q", _other_ocr_distribution(tmp_path))
    owner = run(python, "-c", "import importlib.util; print(importlib.util.find_spec('ocr').origin)", cwd=tmp_path).stdout.strip()
    assert owner == str(site / "ocr" / "__init__.py")
    scans()
    run(*pip, "uninstall", "-y", "-q", "python-ocr")
    assert not (site / "ocr").exists()
    assert sorted(str(p.relative_to(site)) for p in (site / "sudokuprint").rglob("*") if p.is_file() and p.suffix != ".pyc") == shipped
    scans()
