"""The ``sudokuprint`` command line: thin wrappers around the library.

Every command module registers its commands on :data:`main`; errors raised by
the library become one line on stderr and the exit code the error carries.
A module is imported only when one of its commands runs: each line below names
a module and the commands it registers.
"""

from __future__ import annotations


from .. import __version__
from .app import main, run  # noqa: F401  (``main`` is the console script)

main.lazy("core", "check", "solve", "convert", "formats")
main.lazy("generate", "generate")
main.lazy("pattern", "pattern")
main.lazy("logic", "grade", "hint", "explain")
main.lazy("publish", "booklet", "answers", "worksheet", "motif", "poster", "svd-answers")
main.lazy("scan", "scan")
main.lazy("book", "book")
main.lazy("preflight", "preflight")
main.lazy("html", "html")
main.lazy("serve", "serve")

__all__ = ["main", "run", "__version__"]
