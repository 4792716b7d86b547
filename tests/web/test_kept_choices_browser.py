"""A player's choices kept between visits, in a real browser: headless Chromium (the
system's, driven by Playwright) against `boggle serve`, on a phone.

The round length and the word list chosen for solo play, and the daily board's size and
list, are there again the next time the page is opened (a Spanish player does not pick
Spanish at each visit); the word list is one choice for both pages; a link that names a
list still opens with its own.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import pytest
from browser import PHONE, Pages
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def test_the_round_length_and_the_word_list_are_kept_for_the_next_visit(
    pages: Pages, server: ServeProcess
) -> None:
    page = pages.open(server.url + "/play", **PHONE)
    page.fill("#play-time", "60")
    page.locator("#play-time").dispatch_event("change")
    page.select_option("#dict-select", "es")

    page.goto(server.url + "/play")  # the next visit
    page.wait_for_selector("body[data-ready='true']")
    assert page.input_value("#play-time") == "60"
    assert page.text_content("#play-time-said") == "= 1 min"
    assert page.input_value("#dict-select") == "es"
    assert page.locator("#dice-select").is_hidden()  # a Spanish list's boards roll no dice

    page.goto(server.url + "/daily")
    page.wait_for_selector("body[data-ready='true']")
    assert page.input_value("#daily-dict") == "es"
    page.select_option("#daily-size", "5")
    page.goto(server.url + "/daily")
    page.wait_for_selector("body[data-ready='true']")
    assert page.input_value("#daily-size") == "5"

    page.goto(server.url + "/play?dict=en-80")  # a link's own list wins
    page.wait_for_selector("body[data-ready='true']")
    assert page.input_value("#dict-select") == "en-80"
