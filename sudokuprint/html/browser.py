"""Opening pages in the system's headless Chromium (tests, benchmark, screenshots).

Uses Playwright for Python pointed at the Debian ``chromium`` binary; no
browser build is downloaded.  ``$SUDOKUPRINT_CHROMIUM`` names another binary.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from typing import Any, Iterator

from ..errors import MissingDependencyError

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # A reload gets a new document host (RenderDocument); on a loaded machine the new document then sometimes read
    # localStorage from before the old one's last writes (2-12 reloads in 150 lost a write, measured with three
    # browsers on two cores; none in 750 without it).  The pages keep their players' games and settings there.
    "--disable-features=RenderDocument",
]

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
"""A phone's viewport (an iPhone 12-14 sized screen)."""
DESKTOP = {"viewport": {"width": 1200, "height": 860}}


def chromium_path() -> str:
    """The Chromium binary to drive, or MissingDependencyError saying how to install it."""
    wanted = os.environ.get("SUDOKUPRINT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(wanted):
        raise MissingDependencyError("no Chromium found: install it with scripts/install-system-deps.sh "
                                     "(Debian package 'chromium') or set $SUDOKUPRINT_CHROMIUM")
    return wanted


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium browser (a Playwright ``Browser``), closed at the end."""
    try:
        from playwright.sync_api import sync_playwright  # here: Playwright is optional (the test extra)
    except ImportError:
        raise MissingDependencyError("driving a browser needs Playwright: pip install 'sudokuprint[test]'") from None
    path = chromium_path()
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
