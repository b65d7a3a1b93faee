"""What every rater shares: Explainer's length bonus and the X-chain bases by strong links.

The rating scale itself, technique by technique, is the table of
:mod:`sudokuprint.logic.techniques`; a technique whose rating varies rates
its own steps (``rate_*`` in its module) with these.
"""

from __future__ import annotations

LENGTH_THRESHOLDS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
"""A chain's length (its candidates, less 2) gets +0.1 for each of these it exceeds."""

STRONG_LINK_BASE = {2: 4.0, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6, 7: 7.0, 8: 7.4}
"""The rating of an X-chain of so many strong links, all on parallel lines (Sukaku Explainer's strong-linked fishes)."""


def length_bonus(length: int) -> float:
    """Explainer-style penalty for a long chain: +0.1 per threshold exceeded."""
    return 0.1 * sum(1 for limit in LENGTH_THRESHOLDS if length > limit)
