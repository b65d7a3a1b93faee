"""Backends that draw the page model: vector PDF (reportlab) and PNG (Pillow), each a registered page output.

Importing this package registers every built-in page output
(:mod:`.page_outputs`): a new output is a module beside these that registers
itself, imported here.
"""

from . import pdf, png  # noqa: F401  (each registers its page output)
from .page_outputs import (PageOutput, page_file_names, page_output, page_output_for, page_output_names, page_set_files,
                           register_page_output)
from .pdf import render_pdf
from .png import png_bytes, render_png

__all__ = ["PageOutput", "page_file_names", "page_output", "page_output_for", "page_output_names", "page_set_files",
           "register_page_output", "render_pdf", "render_png", "png_bytes"]
