"""Filling the page template (``assets/page.html``, ``page.css`` and the scripts) with an edition's data."""

from __future__ import annotations

import html
import re
from importlib import resources

from .edition import Edition

SCRIPTS = (
    "codec.js",
    "shape.js", "solver.js", "logic.js", "generator.js", "engine.js",
    "store.js", "print.js", "dialogs.js", "board.js", "play.js",
    "page.js",
)
"""The page's script, in this order: reading the data; the engine (grid shapes, the bitmask solver,
the logic of levels 1-3, the generator, the worker that runs them); what the browser keeps,
printing, dialogs, the board's drawing, playing one puzzle; and the page, which starts it all."""

_MARKER = re.compile(r"\{\{(?:TITLE|STYLE|SCRIPT|DATA)\}\}")


def asset(name: str) -> str:
    """The text of one of the page's shipped files."""
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def render_page(edition: Edition) -> str:
    """One self-contained HTML document: style, script and data inline, nothing fetched."""
    parts = {
        "{{TITLE}}": html.escape(edition.title),
        "{{STYLE}}": asset("page.css"),
        "{{SCRIPT}}": "\n".join(asset(name) for name in SCRIPTS).replace("</", "<\\/"),
        "{{DATA}}": edition.to_json(),
    }
    template = asset("page.html")
    missing = [marker for marker in parts if marker not in template]
    if missing:
        raise RuntimeError(f"the page template lacks {', '.join(missing)}")
    return _MARKER.sub(lambda found: parts[found.group(0)], template)
