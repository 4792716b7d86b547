"""A solo round's results for every player, in a real browser (headless Chromium, the
system's, driven by Playwright) against `boggle serve`:

- the line at the round's end says what every player can do ("Select a missed word to see
  its path"), not "Hover over or click", which meant nothing to a keyboard or a screen
  reader; the missed words are buttons the keyboard reaches, a focused one drawing its path;

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import Pages
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"


def play_to_results(page: Any, *words: str) -> None:
    page.fill("#play-time", "600")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    for entered, word in enumerate(words):
        page.fill("#play-input", word)
        page.press("#play-input", "Enter")
        page.wait_for_selector(f"#play-found li >> nth={entered}")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) #play-missed .word")


def test_the_round_s_end_says_what_every_player_can_do(pages: Pages, server: ServeProcess) -> None:
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    play_to_results(page, "fame")
    said = page.text_content("#play-feedback") or ""
    assert "Select a missed word to see its path." in said
    assert "Hover" not in said
    assert page.evaluate("() => document.activeElement.id") == "play-results-title"
    for _ in range(40):  # the keyboard alone reaches a missed word, which draws its path
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#play-missed button.word')"):
            break
    else:
        pytest.fail("Tab never reached a missed word")
    assert page.locator("#board .cube.in-path").count() > 0
