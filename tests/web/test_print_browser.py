"""The solver's page printed: a teacher's board for paper play (Chromium's print media)."""

from __future__ import annotations

import pytest
from browser import Pages
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def test_a_printed_board_is_the_board_alone_large_then_its_words(
    pages: Pages, server: ServeProcess
) -> None:
    """The pages had no print style: a printed board came with the site's header, the forms
    and buttons, and dice sized for a screen.  Printed, the board is alone on its page, its
    dice 3 cm across, black on white, and the words follow on a page of their own."""
    page = pages.open(server.url + "/solve?board=fxie+amlo+ewbx+astu")
    page.wait_for_selector("#words .word")
    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden() and page.locator("#board-form").is_hidden()
    assert page.locator("#board").is_visible()
    cube = page.locator("#board .cube").first
    width = cube.evaluate("cube => cube.getBoundingClientRect().width")
    assert abs(width - 3 * 96 / 2.54) < 2  # 3 cm at CSS's 96 px an inch
    style = "e => getComputedStyle(e).breakBefore"
    assert page.locator("#summary").evaluate(style) == "page"
    assert page.locator("#words").is_visible()  # the answer key
    # its words too: buttons (a word's path on hover), they were left out with the forms'
    assert page.locator("#words .word[data-word='fame']").is_visible()
