"""A solo round's results for every player, in a real browser (headless Chromium, the
system's, driven by Playwright) against `boggle serve`:

- the line at the round's end says what every player can do ("Select a missed word to see
  its path"), not "Hover over or click", which meant nothing to a keyboard or a screen
  reader; the missed words are buttons the keyboard reaches, a focused one drawing its path;
- the results read down from their heading (where the focus lands): the score, the words
  found, then those missed; the words found were above the heading, never heard from it.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from browser import ARTIFACTS, Pages
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"

# whether the first element comes before the second in the document
BEFORE = """([first, second]) => Boolean(document.querySelector(first)
  .compareDocumentPosition(document.querySelector(second)) & Node.DOCUMENT_POSITION_FOLLOWING)"""


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


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_results_read_down_from_their_heading(
    pages: Pages, server: ServeProcess, size: tuple[int, int]
) -> None:
    width, height = size
    phone = width < 500
    page = pages.open(
        server.url + "/play?board=" + FXIE.replace(" ", "+"),
        viewport={"width": width, "height": height},
        has_touch=phone,
        is_mobile=phone,
    )
    play_to_results(page, "fame", "mile")
    order = ["#play-results-title", "#play-result-line", "#play-found", "#play-missed"]
    for first, second in itertools.pairwise(order):
        assert page.evaluate(BEFORE, [first, second]), f"{first} is not before {second}"
        assert page.locator(first).bounding_box()["y"] < page.locator(second).bounding_box()["y"]
    assert page.locator("#play-results #play-found li").count() == 2
    assert page.locator("#play-found").is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play-results-order-{width}.png"), full_page=True)
    page.click("#play-again")  # a new round: the words found under the word box again
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.evaluate(BEFORE, ["#play-found", "#play-results"])
    assert page.locator("#play-found li").count() == 0
