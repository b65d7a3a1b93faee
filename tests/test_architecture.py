"""The house rules import-linter cannot check: what an import inside a function may be.

The floors and the cycles are checked by ``lint-imports`` (``make test``;
contracts in pyproject.toml, the picture in docs/architecture.md). An import
written inside a function hides from a reader what a module needs, and was how
cycles were held together; one is kept only to load a heavy or optional library
lazily, and says why in a comment on its line. The project's own modules
are imported at the top, save the few listed in LAZY_OWN, which load OpenCV or
the logic engine only when they are needed.
"""

from __future__ import annotations

import ast
import glob
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sudokuprint"

LAZY_OWN = {
    ("api.py", "sudokuprint.ocr.pipeline"): "scan() loads OpenCV and numpy; the publishing calls never do",
    ("scan_batch.py", "sudokuprint.ocr.pipeline"): "OpenCV loads after one_native_thread limits its threads",
    ("scan_batch.py", "sudokuprint.ocr.overlay"): "as the pipeline",
    ("generator/difficulty.py", "sudokuprint.logic.quick"): "generate --no-grade never loads the engine (issue 14)",
}
"""The function-local imports of the project's own code that are kept, and why."""

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The modules an import statement names, absolute."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not node.level:
        return [node.module or ""]
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return [".".join(base + ([node.module] if node.module else []))]


def _local_imports() -> list[tuple[str, int, str, str]]:
    """(file, line, imported module, the line's text) of every import inside a function of the package."""
    found = []
    for path in sorted(map(Path, glob.glob(f"{PACKAGE}/**/*.py", recursive=True))):  # follows the link sudokuprint/ocr
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        module = _module_name(path)
        relative = path.relative_to(PACKAGE).as_posix()
        for function in ast.walk(ast.parse(source)):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    for name in _imported(node, module, path.name == "__init__.py"):
                        found.append((relative, node.lineno, name, lines[node.lineno - 1]))
    return found


def test_the_walk_sees_the_whole_package_and_its_lazy_imports() -> None:
    found = _local_imports()
    files = {file for file, *_ in found}
    assert {"layout/fonts.py", "ocr/tesseract.py", "generator/difficulty.py"} <= files
    assert ("generator/difficulty.py", "sudokuprint.logic.quick") in {(f, m) for f, _, m, _ in found}


def _reason(line: str) -> str:
    """The comment on an import's line, without the linters' markers (``type: ignore[...]``, ``noqa``)."""
    comment = line.partition("#")[2]
    return re.sub(r"(type:\s*ignore(\[[^\]]*\])?|noqa(:\s*\w+)?)\s*#?", "", comment).strip(" #")


def test_an_import_inside_a_function_says_why_on_its_line() -> None:
    unexplained = [f"{file}:{line}: {text.strip()}" for file, line, _, text in _local_imports() if not _reason(text)]
    assert unexplained == []
    assert _reason("    import x  # type: ignore[import-untyped]") == ""
    assert _reason("    import x  # type: ignore[x]  # loaded only with numpy") == "loaded only with numpy"


def test_the_project_is_imported_at_the_top_save_the_listed_lazy_loads() -> None:
    own = {(file, name) for file, _, name, _ in _local_imports() if name == "sudokuprint" or name.startswith("sudokuprint.")}
    assert own == set(LAZY_OWN)
