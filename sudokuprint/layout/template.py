"""Templates: TOML files in ``templates/`` turned into validated frozen dataclasses.

A template names its paper, margins, how many grids a page holds and how they
are drawn.  Lengths are strings with a unit (``"12mm"``, ``"0.5pt"``); they are
converted to points here, once.  A template may start from another with
``extends = "NAME"``; its own values replace the other's field by field.
Every error names the file and the field (``booklet.toml: grid.columns: ...``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from ..errors import ExitCode, SudokuprintError
from .fonts import CATALOGUE, DEFAULT_FONTS, ROLES, FontSet, font_set, require_file
from .strings import Strings, load_strings
from .checks import Check, _choice, _flag, _font_chain, _gutter_steps, _length, _number, _text, _whole
from .units import MAX_PAGE_SIDE, paper_size, to_mm


class TemplateError(SudokuprintError):
    """A template file that cannot be read or describes an impossible layout."""

    exit_code = ExitCode.USAGE


@dataclass(frozen=True)
class PageSpec:
    """Paper, bleed and margins (all in points)."""

    trim_width: float
    trim_height: float
    bleed: float
    """Bleed the template asks for; pages get it only when something on them bleeds (none of the
    shipped puzzle pages does), and then on the top, bottom and outside edges only."""
    margin_top: float
    margin_bottom: float
    margin_inside: float
    margin_outside: float
    mirror_margins: bool
    gutter_steps: tuple[tuple[int, float], ...]
    """(page count from which it applies, extra inside margin), ascending."""
    print_spec: str = "none"
    """The printer's rules every PDF made with this template is checked against (``kdp``, ``ingramspark``)."""
    bleeds: bool = False
    """True when something on the pages reaches the trim edge, so the media carries the bleed."""

    @property
    def media_bleed(self) -> float:
        """The bleed actually added to the media: none unless something bleeds."""
        return self.bleed if self.bleeds else 0.0

    @property
    def width(self) -> float:
        """Media width: the trim plus the bleed on the outside edge only (none at the spine)."""
        return self.trim_width + self.media_bleed * (1 if self.mirror_margins else 2)

    @property
    def height(self) -> float:
        return self.trim_height + 2 * self.media_bleed

    def gutter(self, page_count: int) -> float:
        """Extra inside margin for a book of ``page_count`` pages."""
        extra = 0.0
        for pages, width in self.gutter_steps:
            if page_count >= pages:
                extra = width
        return extra


@dataclass(frozen=True)
class GridSpec:
    """How many grids a page holds and the space between them."""

    columns: int
    rows: int
    gap_x: float
    gap_y: float
    max_cell: float
    """Largest cell side; 0 for no limit."""
    label_size: float
    label_gap: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


@dataclass(frozen=True)
class GridStyle:
    """Lines, digits and shading of one grid."""

    cell_line: float
    box_line: float
    border_line: float
    digit_ratio: float
    """Height of a digit's ink as a share of the cell side."""
    given_font: str
    filled_font: str
    filled_grey: float
    shade_grey: float
    shaded_digit_grey: float
    tint_grey: float
    """Fill of lightly marked cells (givens outside a mosaic's picture)."""
    candidate_ratio: float
    guide_grey: float
    min_digit_size: float
    min_line: float
    """No line is drawn thinner, however small its grid (the printer's least rule weight)."""
    fonts: FontSet = DEFAULT_FONTS
    """The template's fonts, with which digits are measured and drawn."""


@dataclass(frozen=True)
class Furniture:
    """What surrounds the puzzles: title page, running head, folios, labels."""

    title_page: bool
    running_head: bool
    page_numbers: bool
    puzzle_numbers: bool
    difficulty: bool
    svd_label: bool
    title_size: float
    head_size: float
    folio_size: float
    title_lines: int
    """Most lines a title, a subtitle or an author may wrap to before it shrinks."""
    title_min_size: float
    """Smallest size a title may shrink to; below it the title is refused."""
    min_text_size: float
    """Smallest size of any text printed (labels, answers, running heads, folios)."""
    rule_line: float
    """Weight of the rule under the running head."""


@dataclass(frozen=True)
class AnswerSpec:
    """Where a booklet's answers go and which template lays out the key."""

    placement: str
    template: str
    under_scale: float


@dataclass(frozen=True)
class Template:
    """A whole validated template."""

    name: str
    description: str
    source: str
    page: PageSpec
    grid: GridSpec
    style: GridStyle
    furniture: Furniture
    answers: AnswerSpec
    fonts: FontSet
    strings: Strings


# -- schema --------------------------------------------------------------------

_LINE = _length(0.25)
SCHEMA: dict[str, dict[str, tuple[Check, Any]]] = {
    "page": {
        "size": (_text, "A4"),
        "width": (_length(36), None),
        "height": (_length(36), None),
        "orientation": (_choice("portrait", "landscape"), "portrait"),
        "bleed": (_length(), "0pt"),
        "margin_top": (_length(), "15mm"),
        "margin_bottom": (_length(), "15mm"),
        "margin_inside": (_length(), "15mm"),
        "margin_outside": (_length(), "15mm"),
        "mirror_margins": (_flag, False),
        "gutter_steps": (_gutter_steps, []),
        "print_spec": (_choice("none", "kdp", "ingramspark"), "none"),
        "bleeds": (_flag, False),
    },
    "grid": {
        "columns": (_whole(1, 20), 1),
        "rows": (_whole(1, 20), 1),
        "gap_x": (_length(), "10mm"),
        "gap_y": (_length(), "10mm"),
        "max_cell": (_length(), "0pt"),
        "label_size": (_length(4), "9pt"),
        "label_gap": (_length(), "1.5mm"),
    },
    "style": {
        "cell_line": (_LINE, "0.5pt"),
        "box_line": (_LINE, "1.5pt"),
        "border_line": (_LINE, "2pt"),
        "digit_ratio": (_number(0.2, 0.8), 0.5),
        "given_font": (_choice("regular", "bold"), "bold"),
        "filled_font": (_choice("regular", "bold"), "regular"),
        "filled_grey": (_number(0, 0.8), 0.45),
        "shade_grey": (_number(0, 1), 0.3),
        "shaded_digit_grey": (_number(0, 1), 1.0),
        "tint_grey": (_number(0, 1), 0.82),
        "candidate_ratio": (_number(0.1, 0.5), 0.22),
        "guide_grey": (_number(0.3, 0.95), 0.78),
        "min_digit_size": (_length(), "0pt"),
        "min_line": (_LINE, "0.25pt"),
    },
    "furniture": {
        "title_page": (_flag, False),
        "running_head": (_flag, False),
        "page_numbers": (_flag, True),
        "puzzle_numbers": (_flag, True),
        "difficulty": (_flag, True),
        "svd_label": (_flag, True),
        "title_size": (_length(8), "30pt"),
        "head_size": (_length(5), "9pt"),
        "folio_size": (_length(5), "9pt"),
        "title_lines": (_whole(1, 6), 3),
        "title_min_size": (_length(4), "14pt"),
        "min_text_size": (_length(2), "6pt"),
        "rule_line": (_length(0.25), "0.75pt"),
    },
    "answers": {
        "placement": (_choice("end", "under", "none"), "end"),
        "template": (_text, "answers-a4-12up"),
        "under_scale": (_number(0.15, 0.6), 0.3),
    },
    "fonts": {
        "regular": (_font_chain, None),
        "bold": (_font_chain, None),
    },
}
TOP_LEVEL = {"extends", "name", "description", "lang", "strings"}

TEMPLATE_DIRECTORY = "sudokuprint.templates"


# -- loading ---------------------------------------------------------------------


def _template_root() -> Any:
    """The folder of shipped templates: the installed package, or ``templates/`` in a source tree."""
    try:
        return resources.files(TEMPLATE_DIRECTORY)
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "templates"


def shipped_templates() -> list[str]:
    """Names of the templates that come with sudokuprint (base templates excluded)."""
    names = [p.name[:-5] for p in _template_root().iterdir() if p.name.endswith(".toml")]
    return sorted(n for n in names if not n.startswith("base-"))


def _shipped_path(name: str) -> Any:
    return _template_root() / f"{name}.toml"


def _is_file_name(name_or_path: str) -> bool:
    """True for a path to a .toml file, False for the name of a shipped template."""
    candidate = Path(name_or_path)
    return candidate.suffix == ".toml" or candidate.parent != Path("")


def template_exists(name_or_path: str) -> bool:
    """True when ``name_or_path`` is a shipped template or an existing file."""
    if _is_file_name(name_or_path):
        return Path(name_or_path).is_file()
    return _shipped_path(name_or_path).is_file()


def _read_toml(name_or_path: str) -> tuple[str, dict]:
    """The (display name, raw table) of a template given by shipped name or file path."""
    candidate = Path(name_or_path)
    if _is_file_name(name_or_path):
        label = str(candidate)
        if not candidate.is_file():
            raise TemplateError(f"{label}: no such template file")
        try:
            text = candidate.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise TemplateError(f"{label}: not a TOML text file (byte {error.start + 1} is not UTF-8)") from None
    else:
        resource = _shipped_path(name_or_path)
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


def _identity(name_or_path: str) -> str:
    """What makes two references the same template: the real path of a file, else the shipped name."""
    if _is_file_name(name_or_path):
        return str(Path(name_or_path).resolve())
    return f"shipped:{name_or_path}"


def _raw_merged(name_or_path: str, seen: tuple[tuple[str, str], ...] = ()) -> tuple[str, dict]:
    identity = _identity(name_or_path)
    if identity in (known for known, _ in seen):
        chain = " -> ".join([label for _, label in seen] + [name_or_path])
        raise TemplateError(f"{seen[-1][1]}: 'extends' makes a loop ({chain})")
    if len(seen) > 32:
        raise TemplateError(f"{seen[0][1]}: 'extends' goes more than 32 templates deep")
    label, raw = _read_toml(name_or_path)
    for key, value in raw.items():
        if key not in TOP_LEVEL and key not in SCHEMA:
            raise TemplateError(f"{label}: unknown section or key {key!r}; expected {', '.join(sorted(TOP_LEVEL | set(SCHEMA)))}")
        if key in SCHEMA and not isinstance(value, dict) or key == "strings" and not isinstance(value, dict):
            raise TemplateError(f"{label}: {key}: expected a table [{key}]")
        if key in SCHEMA:
            for field_name in value:
                if field_name not in SCHEMA[key]:
                    known = ", ".join(SCHEMA[key])
                    raise TemplateError(f"{label}: {key}.{field_name}: unknown field; fields of [{key}]: {known}")
    base: dict = {}
    parent = raw.get("extends")
    if parent is not None:
        if not isinstance(parent, str):
            raise TemplateError(f"{label}: extends: expected a template name, got {parent!r}")
        if Path(label).parent != Path("") and not parent.endswith(".toml"):
            sibling = Path(label).parent / f"{parent}.toml"
            parent = str(sibling) if sibling.is_file() else parent
        elif _is_file_name(label) and _is_file_name(parent) and not Path(parent).is_absolute():
            parent = str(Path(label).parent / parent)  # a relative path is relative to the template's folder
        _, base = _raw_merged(parent, seen + ((identity, label),))
    merged = {key: dict(value) for key, value in base.items() if key in SCHEMA}
    merged["strings"] = {lang: dict(table) for lang, table in base.get("strings", {}).items()}
    for key, value in raw.items():
        if key in SCHEMA:
            merged.setdefault(key, {}).update(value)
        elif key == "strings":
            for lang, table in value.items():
                if not isinstance(table, dict):
                    raise TemplateError(f"{label}: strings.{lang}: expected a table [strings.{lang}]")
                merged["strings"].setdefault(lang, {}).update(table)
        elif key != "extends":
            merged[key] = value
    return label, merged


def _section(label: str, raw: dict, section: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    given = raw.get(section, {})
    for field_name, (check, default) in SCHEMA[section].items():
        value = given.get(field_name, default)
        if value is None:
            values[field_name] = None
            continue
        try:
            values[field_name] = check(value)
        except ValueError as error:
            raise TemplateError(f"{label}: {section}.{field_name}: {error}") from None
    return values


def _fonts(label: str, raw: dict) -> FontSet:
    """The template's font chains; a font file it names (relative to the template's folder) must exist
    (exit 3 otherwise)."""
    folder = Path(label).parent if _is_file_name(label) else Path(".")
    chains = {role: tuple(name if name in CATALOGUE or Path(name).is_absolute() else str(folder / name)
                          for name in chain)
              for role, chain in _section(label, raw, "fonts").items() if chain is not None}
    fonts = font_set(chains)
    for role in ROLES:
        for face in fonts.chain(role):
            if face.package == "":  # a file the template names itself: it must be there now
                require_file(face)
    return fonts


def load_template(name_or_path: str, *, lang: str | None = None) -> Template:
    """The validated template called ``name_or_path`` (shipped name or a .toml file).

    ``lang`` picks the language of the printed words (the template's ``lang``, else English).
    """
    label, raw = _raw_merged(name_or_path)
    try:
        strings = load_strings(raw.get("strings", {}), lang or str(raw.get("lang", "en")))
    except ValueError as error:
        raise TemplateError(f"{label}: strings: {error}") from None
    page = _section(label, raw, "page")
    if (page["width"] is None) != (page["height"] is None):
        raise TemplateError(f"{label}: page.width and page.height must be given together")
    if page["width"] is not None:
        width, height = page["width"], page["height"]
    else:
        try:
            width, height = paper_size(page["size"])
        except ValueError as error:
            raise TemplateError(f"{label}: page.size: {error}") from None
    if page["orientation"] == "landscape":
        width, height = max(width, height), min(width, height)
    if max(width, height, page["bleed"]) > MAX_PAGE_SIDE:
        raise TemplateError(f"{label}: page: {to_mm(width):.0f} x {to_mm(height):.0f} mm is larger than the "
                            f"largest page sudokuprint makes ({to_mm(MAX_PAGE_SIDE):.0f} mm a side, PDF's limit)")
    page_spec = PageSpec(
        width,
        height,
        page["bleed"],
        page["margin_top"],
        page["margin_bottom"],
        page["margin_inside"],
        page["margin_outside"],
        page["mirror_margins"],
        page["gutter_steps"],
        page["print_spec"],
        page["bleeds"],
    )
    fonts = _fonts(label, raw)
    template = Template(
        name=str(raw.get("name") or Path(label).name.removesuffix(".toml")),
        description=str(raw.get("description", "")),
        source=label,
        page=page_spec,
        grid=GridSpec(**_section(label, raw, "grid")),
        style=GridStyle(**_section(label, raw, "style"), fonts=fonts),
        furniture=Furniture(**_section(label, raw, "furniture")),
        answers=AnswerSpec(**_section(label, raw, "answers")),
        fonts=fonts,
        strings=strings,
    )
    if not template_exists(template.answers.template):
        raise TemplateError(f"{label}: answers.template: {template.answers.template!r} is neither a shipped "
                            "template nor a template file")
    from .validate import validate_geometry

    validate_geometry(template)
    return template
