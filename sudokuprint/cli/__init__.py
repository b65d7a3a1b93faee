"""The ``sudokuprint`` command line: thin wrappers around the library.

Every command module registers its commands on :data:`main`; errors raised by
the library become one line on stderr and the exit code the error carries.
"""

from __future__ import annotations


from .. import __version__
from .app import main, run  # noqa: F401  (``main`` is the console script)
from . import core  # noqa: F401,E402  (registers commands)
from . import generate  # noqa: F401,E402  (registers commands)
from . import logic  # noqa: F401,E402  (registers grade, hint, explain)
from . import publish  # noqa: F401,E402  (registers the publishing commands)
from . import scan  # noqa: F401,E402  (registers the photo reader)
from . import preflight  # noqa: F401,E402  (registers preflight)
from . import html  # noqa: F401,E402  (registers the browser edition)

__all__ = ["main", "run", "__version__"]
