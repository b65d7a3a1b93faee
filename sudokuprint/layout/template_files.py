"""Template files: the shipped templates beside the package, and TOML files named by path, read as tables.

A template is named by its shipped name (``booklet-a4-6up``) or by a path to
a ``.toml`` file; :func:`read_toml` reads either, and every error names the
file (:class:`~sudokuprint.errors.TemplateError`).
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from ..errors import TemplateError

TEMPLATE_DIRECTORY = "sudokuprint.templates"


def template_root() -> Any:
    """The folder of shipped templates: the installed package, or ``templates/`` in a source tree."""
    try:
        return resources.files(TEMPLATE_DIRECTORY)
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "templates"


def shipped_templates() -> list[str]:
    """Names of the templates that come with sudokuprint (base templates excluded)."""
    names = [p.name[:-5] for p in template_root().iterdir() if p.name.endswith(".toml")]
    return sorted(n for n in names if not n.startswith("base-"))


def shipped_path(name: str) -> Any:
    return template_root() / f"{name}.toml"


def is_file_name(name_or_path: str) -> bool:
    """True for a path to a .toml file, False for the name of a shipped template."""
    candidate = Path(name_or_path)
    return candidate.suffix == ".toml" or candidate.parent != Path("")


def template_exists(name_or_path: str) -> bool:
    """True when ``name_or_path`` is a shipped template or an existing file."""
    if is_file_name(name_or_path):
        return Path(name_or_path).is_file()
    return shipped_path(name_or_path).is_file()


def read_toml(name_or_path: str) -> tuple[str, dict]:
    """The (display name, raw table) of a template given by shipped name or file path."""
    candidate = Path(name_or_path)
    if is_file_name(name_or_path):
        label = str(candidate)
        if not candidate.is_file():
            raise TemplateError(f"{label}: no such template file")
        try:
            text = candidate.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise TemplateError(f"{label}: not a TOML text file (byte {error.start + 1} is not UTF-8)") from None
    else:
        resource = shipped_path(name_or_path)
        label = f"{name_or_path}.toml"
        if not resource.is_file():
            known = ", ".join(shipped_templates())
            raise TemplateError(f"unknown template {name_or_path!r}; shipped templates: {known}")
        text = resource.read_text(encoding="utf-8")
    try:
        return label, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TemplateError(f"{label}: not valid TOML: {error}") from None
    except RecursionError:  # arrays or tables nested thousands deep
        raise TemplateError(f"{label}: values nested too deeply to be a template") from None
