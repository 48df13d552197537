"""pnpkit's cache folders, one per kind (art, fonts, images, builds): under $PNPKIT_CACHE, else the user's cache."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_folder(kind: str = "art") -> Path:
    """The folder `kind` is kept in between builds: $PNPKIT_CACHE/<kind>, else $XDG_CACHE_HOME/pnpkit/<kind>, else
    ~/.cache/pnpkit/<kind>; made when missing (in a read-only home, a private folder in the system's temp folder)."""
    root = os.environ.get("PNPKIT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnpkit")
    folder = Path(root) / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # a read-only home: a private folder for this process
        folder = Path(tempfile.gettempdir()) / f"pnpkit-{os.getuid() if hasattr(os, 'getuid') else 0}" / kind
        folder.mkdir(parents=True, exist_ok=True)
    return folder
