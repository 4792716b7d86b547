"""A progress bar on stderr, shown only when stderr is a terminal (tqdm)."""

from __future__ import annotations

import sys
from typing import Any


def progress_bar(
    unit: str, total: int | None = None, description: str | None = None, initial: int = 0
) -> Any:
    """A ``tqdm`` bar counting ``unit`` on stderr (from ``initial``: work done before, such as
    a resumed proof's classes), or ``None`` when stderr is not a terminal."""
    if not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(
        total=total,
        initial=initial,
        unit=unit,
        desc=description,
        file=sys.stderr,
        mininterval=0.5,
    )
