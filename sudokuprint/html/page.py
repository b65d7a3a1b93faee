"""Filling the page template (``assets/page.html``, ``page.css``, ``page.js``) with an edition's data."""

from __future__ import annotations

import html
import re
from importlib import resources

from .edition import Edition

_MARKER = re.compile(r"\{\{(?:TITLE|STYLE|SCRIPT|DATA)\}\}")


def asset(name: str) -> str:
    """The text of one of the page's shipped files."""
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def render_page(edition: Edition) -> str:
    """One self-contained HTML document: style, script and data inline, nothing fetched."""
    parts = {
        "{{TITLE}}": html.escape(edition.title),
        "{{STYLE}}": asset("page.css"),
        "{{SCRIPT}}": asset("page.js").replace("</", "<\\/"),
        "{{DATA}}": edition.to_json(),
    }
    template = asset("page.html")
    missing = [marker for marker in parts if marker not in template]
    if missing:
        raise RuntimeError(f"the page template lacks {', '.join(missing)}")
    return _MARKER.sub(lambda found: parts[found.group(0)], template)
