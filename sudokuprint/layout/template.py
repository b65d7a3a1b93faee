"""Templates: TOML files in ``templates/`` turned into validated frozen dataclasses.

A template names its paper, margins, how many grids a page holds and how they
are drawn.  Lengths are strings with a unit (``"12mm"``, ``"0.5pt"``); they are
converted to points here, once.  A template may start from another with
``extends = "NAME"``; its own values replace the other's field by field.
Every error names the file and the field (``booklet.toml: grid.columns: ...``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import TemplateError
from .checks import Check, _choice, _flag, _font_chain, _gutter_steps, _length, _number, _text, _whole
from .fonts import CATALOGUE, ROLES, FontSet, font_set, require_file
from .spec import AnswerSpec, Furniture, GridSpec, GridStyle, PageSpec, Template
from .strings import load_strings
from .template_files import TEMPLATE_DIRECTORY, is_file_name, read_toml, shipped_templates, template_exists
from .units import MAX_PAGE_SIDE, paper_size, to_mm
from .validate import validate_geometry


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


# -- loading -------------------------------------------------------------------


def _identity(name_or_path: str) -> str:
    """What makes two references the same template: the real path of a file, else the shipped name."""
    if is_file_name(name_or_path):
        return str(Path(name_or_path).resolve())
    return f"shipped:{name_or_path}"


def _raw_merged(name_or_path: str, seen: tuple[tuple[str, str], ...] = ()) -> tuple[str, dict]:
    identity = _identity(name_or_path)
    if identity in (known for known, _ in seen):
        chain = " -> ".join([label for _, label in seen] + [name_or_path])
        raise TemplateError(f"{seen[-1][1]}: 'extends' makes a loop ({chain})")
    if len(seen) > 32:
        raise TemplateError(f"{seen[0][1]}: 'extends' goes more than 32 templates deep")
    label, raw = read_toml(name_or_path)
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
        elif is_file_name(label) and is_file_name(parent) and not Path(parent).is_absolute():
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
    folder = Path(label).parent if is_file_name(label) else Path(".")
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
    validate_geometry(template)
    return template


__all__ = [
    "SCHEMA", "TEMPLATE_DIRECTORY", "TOP_LEVEL", "AnswerSpec", "Furniture", "GridSpec", "GridStyle", "PageSpec",
    "Template", "TemplateError", "load_template", "shipped_templates", "template_exists",
]
