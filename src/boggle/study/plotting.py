"""matplotlib, imported only when a figure is drawn, with the file-only Agg backend."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boggle.files.cache import atomic_file
from boggle.model.errors import MissingDependencyError

FIGURE_FORMATS = ("png", "svg")


def pyplot() -> Any:
    """``matplotlib.pyplot`` on the Agg backend; a one-line error when matplotlib is absent."""
    try:
        import matplotlib
    except ImportError:
        raise MissingDependencyError(
            "plots need matplotlib: pip install 'boggle[analysis]'", remedy="skip_plots"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_figure(
    figure: Any, out_dir: Path, stem: str, formats: Sequence[str] = FIGURE_FORMATS
) -> list[Path]:
    """Write ``figure`` as ``out_dir/stem.FORMAT`` for each format, close it, return the paths."""
    paths = []
    for fmt in formats:
        path = out_dir / f"{stem}.{fmt}"
        with atomic_file(path) as handle:
            figure.savefig(handle, format=fmt, dpi=120, bbox_inches="tight")
        paths.append(path)
    pyplot().close(figure)
    return paths
