"""Debian's Chromium, driven by Playwright for Python: never a downloaded browser."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from typing import Any

CANDIDATES = ("chromium", "chromium-browser")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Without the background switches, Chromium's own connections to the closed network stall it."""
INSTALL = (
    "the memory console's browser suite (tests/browser) is skipped: {what}. Install Debian's "
    "chromium (`sudo apt-get install chromium`, or `bash .ci/system-packages`, which installs every "
    "package .ci/debian-packages lists) and the dev extra (`pip install -e '.[dev]'`, which brings "
    "playwright). Never `playwright install`: the suite drives the system's Chromium."
)


def executable() -> str | None:
    """MEMSTORE_CHROMIUM names the browser to drive, when set; else Debian's chromium on PATH."""
    chosen = os.environ.get("MEMSTORE_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).is_file() else None
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    fallback = Path("/usr/bin/chromium")
    return str(fallback) if fallback.is_file() else None


def missing_reason() -> str | None:
    """Why the suite cannot run here, with how to fix it; None when it can."""
    if importlib.util.find_spec("playwright") is None:
        return INSTALL.format(what="the playwright package is not installed")
    if executable() is None:
        return INSTALL.format(what="Chromium is not installed")
    return None


def launch(playwright: Any) -> Any:
    """Headless Chromium in a fresh temporary profile (Playwright makes one per launch)."""
    return playwright.chromium.launch(executable_path=executable(), headless=True, args=ARGS)
