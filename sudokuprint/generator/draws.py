"""Random draws for the generator's inner loops, the very draws of :class:`random.Random`.

``random.Random.shuffle``, ``sample`` and ``choice`` call a Python-level
``_randbelow`` per draw; a generated puzzle needs some 60 draws, and those
calls were a tenth of its cost.  These functions make the same calls to
``getrandbits`` in the same order (the algorithms of CPython 3.8-3.13), so a
seed gives the same puzzles as before; a test holds them to the originals.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import ceil, log
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """``rng._randbelow(n)``: a uniform int in ``[0, n)``, ``n > 0``."""
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, items: MutableSequence[T]) -> None:
    """``rng.shuffle(items)``, in place."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)`` of a non-empty sequence."""
    return items[below(rng, len(items))]


def sample_small(rng: random.Random, n: int, k: int) -> list[int]:
    """``rng.sample(range(n), k)`` where CPython keeps a pool of all ``n`` (``n`` at most 21 + 4^ceil(log4(3k)))."""
    getrandbits = rng.getrandbits
    pool = list(range(n))
    result = [0] * k
    for i in range(k):
        size = n - i
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        result[i] = pool[j]
        pool[j] = pool[size - 1]
    return result


@lru_cache(maxsize=None)
def pooled(n: int, k: int) -> bool:
    """Whether ``random.sample(range(n), k)`` takes the pool path that :func:`sample_small` repeats."""
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    return n <= setsize
