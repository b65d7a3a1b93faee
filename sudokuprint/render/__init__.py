"""Backends that draw the page model: vector PDF (reportlab) and PNG (Pillow)."""

from .pdf import render_pdf
from .png import render_png, png_bytes

__all__ = ["render_pdf", "render_png", "png_bytes"]
