"""Functions the cluster tests run on Dask workers, in a module of their own: unpickling one there imports this
module only (a test module would bring its conftest, and with it the HTML edition, whose loading is what they check)."""

from __future__ import annotations

import sys


def loaded(name: str) -> bool:
    """Whether module ``name`` is loaded in this process."""
    return name in sys.modules
