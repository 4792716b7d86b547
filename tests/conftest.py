"""Shared fixtures: the public word lists from ../shared/data and small hand-made lists."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boggle import Lexicon

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
ENABLE_PATH = SHARED_DATA / "enable.txt"


def need_shared_file(path: Path) -> Path:
    """The path, or a skip that says why (a failure in CI, where the file must exist)."""
    if not path.is_file():
        message = (
            f"{path} is absent: the reference-figure tests need ../shared/data beside the repo"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def enable_path() -> Path:
    return need_shared_file(ENABLE_PATH)


@pytest.fixture(scope="session")
def enable(enable_path: Path) -> Lexicon:
    return Lexicon.from_file(enable_path)
