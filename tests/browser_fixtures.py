"""Fixtures the browser tests share, a plugin of tests/conftest.py: a `boggle serve` for
the module, the system's Chromium (driven by Playwright) for the module, and a fresh set of
browser contexts for each test. A module that needs another server defines its own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import Pages, chromium
from serve_process import ServeProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    running = ServeProcess(tmp_path_factory.mktemp("data"))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture()
def pages(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    opened.close()
