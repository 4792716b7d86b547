"""The solver's "Last seed" line (headless Chromium driven by Playwright): after a roll it
stayed beside a board the player then typed and solved, as if that board came from the seed.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import pytest
from browser import PAGE_TIMEOUT_MS, Pages
from serve_process import ServeProcess

from boggle.dice.cubes import roll_board

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SOLVED = "(board) => document.getElementById('board-input').value === board && "
SOLVED += "document.getElementById('summary').dataset.count !== undefined"


def test_a_board_typed_after_a_roll_is_not_said_to_be_the_seed_s(
    server: ServeProcess, pages: Pages
) -> None:
    page = pages.open(server.url + "/play")
    page.wait_for_selector("#roll-button:not([disabled])", timeout=PAGE_TIMEOUT_MS)
    page.fill("#seed-input", "42")
    page.click("#roll-button")
    rolled = str(roll_board("new", 42))
    page.wait_for_function(SOLVED, arg=rolled, timeout=PAGE_TIMEOUT_MS)
    assert page.text_content("#seed-last") == "Last seed: 42"
    page.click("#solve-button")  # the rolled board solved again: still the seed's
    page.wait_for_function(SOLVED, arg=rolled, timeout=PAGE_TIMEOUT_MS)
    assert page.locator("#seed-last").is_visible()

    page.fill("#board-input", "fxie amlo ewbx astu")
    page.click("#solve-button")
    page.wait_for_function(SOLVED, arg="fxie amlo ewbx astu", timeout=PAGE_TIMEOUT_MS)
    assert page.locator("#seed-last").is_hidden()
    assert page.get_attribute("#seed-input", "aria-describedby") is None

    page.click("#roll-button")  # the next roll says its seed again
    page.wait_for_selector("#seed-last:visible", timeout=PAGE_TIMEOUT_MS)
    assert page.text_content("#seed-last") == "Last seed: 42"
    assert page.get_attribute("#seed-input", "aria-describedby") == "seed-last"
