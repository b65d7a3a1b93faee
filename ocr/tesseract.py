"""Tesseract as a second opinion: one process reads a strip of many cells at once.

The binary is probed once (is it there, which version); when it is missing
the caller gets :class:`MissingDependencyError` with an install hint, or, via
:func:`available`, simply learns to do without it.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from sudokuprint.errors import MissingDependencyError

INSTALL_HINT = (
    "Tesseract OCR is not installed: install it with 'sudo apt-get install tesseract-ocr' "
    "(Debian/Ubuntu), 'brew install tesseract' (macOS) or scripts/install-system-deps.sh; "
    "the built-in digit reader works without it"
)
SLOT_HEIGHT = 48
SLOT_WIDTH = 96
TIMEOUT = 10
"""Seconds one Tesseract call may take; a slower call counts as no opinion."""


@lru_cache(maxsize=1)
def tesseract_version() -> str | None:
    """The installed Tesseract version, or ``None`` if pytesseract or the binary is missing."""
    try:
        import pytesseract  # here: pytesseract is optional (the tesseract extra)
    except ImportError:
        return None
    try:
        return str(pytesseract.get_tesseract_version())
    except (pytesseract.TesseractNotFoundError, OSError):
        return None
    except Exception:  # noqa: BLE001  (a broken install is the same as none)
        return None


def available() -> bool:
    """True when Tesseract can be used."""
    return tesseract_version() is not None


def require_tesseract() -> str:
    """The version, or :class:`MissingDependencyError` saying how to install Tesseract."""
    version = tesseract_version()
    if version is None:
        raise MissingDependencyError(INSTALL_HINT)
    return version


def digit_strip(digits: list[np.ndarray]) -> np.ndarray:
    """One line of dark digits on white, one wide slot per digit (what Tesseract reads best)."""
    strip = np.full((SLOT_HEIGHT + 32, SLOT_WIDTH * len(digits) + 32), 255, np.uint8)
    for slot, digit in enumerate(digits):
        big = cv2.resize(digit, (SLOT_HEIGHT, SLOT_HEIGHT), interpolation=cv2.INTER_LINEAR)
        ink = (255 - np.clip(big, 0, 1) * 255).astype(np.uint8)
        left = 16 + slot * SLOT_WIDTH + (SLOT_WIDTH - SLOT_HEIGHT) // 2
        strip[16 : 16 + SLOT_HEIGHT, left : left + SLOT_HEIGHT] = ink
    return strip


def read_digits_tesseract(digits: list[np.ndarray]) -> list[tuple[int, float] | None]:
    """Tesseract's reading of each 28 x 28 digit image: ``(digit, confidence 0..1)`` or ``None``.

    All digits go to Tesseract as one strip, in one process.
    """
    require_tesseract()
    if not digits:
        return []
    import pytesseract  # here: as in tesseract_version (present: require_tesseract said so)

    strip = digit_strip(digits)
    config = "--psm 7 -c tessedit_char_whitelist=123456789"
    try:
        data = pytesseract.image_to_data(strip, config=config, output_type=pytesseract.Output.DICT, timeout=TIMEOUT)
    except RuntimeError:  # pytesseract's timeout
        return [None] * len(digits)
    except pytesseract.TesseractError:
        return [None] * len(digits)
    readings: list[tuple[int, float] | None] = [None] * len(digits)
    for text, left, width, conf in zip(data["text"], data["left"], data["width"], data["conf"]):
        text = text.strip()
        if not text or float(conf) < 0:
            continue
        # a word may hold several digits when slots ran together: share its box between them
        step = width / len(text)
        for offset, char in enumerate(text):
            if not char.isdigit() or char == "0":
                continue
            centre = left + step * (offset + 0.5)
            slot = int((centre - 16) // SLOT_WIDTH)
            if 0 <= slot < len(digits) and readings[slot] is None:
                readings[slot] = (int(char), float(conf) / 100.0)
    return readings
