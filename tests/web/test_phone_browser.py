"""The pages on a phone, measured by bounding boxes in a real browser: headless Chromium
(the system's, driven by Playwright) against `boggle serve`.

With the on-screen keyboard open a 390x844 phone shows about 390x450 of the page (the
pages ask for `interactive-widget=resizes-content`, so the browser shrinks the page's
viewport to what the keyboard leaves; the tests shrink it the same way).  In solo play, on
the daily board and in a room round the board, the clock and the word box must all be in
that area at once, without scrolling.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import ARTIFACTS, Pages
from serve_process import ServeProcess, get_json

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}
KEYBOARD_OPEN = {"width": 390, "height": 450}


def solo_round(pages: Pages, server: ServeProcess) -> Any:
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    return page


def daily_round(pages: Pages, server: ServeProcess) -> Any:
    page = pages.open(server.url + "/daily?date=2026-11-23", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    return page


def room_round(pages: Pages, server: ServeProcess) -> Any:
    page = pages.open(server.url + "/room", **PHONE)
    page.fill("#create-name", "ann")
    page.fill("#create-seconds", "120")
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    return page


def challenge_round(pages: Pages, server: ServeProcess) -> Any:
    made = get_json(server.url + "/api/challenges", {"board": FXIE, "seconds": 120})
    page = pages.open(server.url + made["path"], **PHONE)
    page.fill("#challenge-name", "ann")
    page.click("#challenge-start")
    page.wait_for_selector("#board .cube")
    return page


ROUNDS = {
    "challenge": (challenge_round, "#timer", "#word-input", "#challenge-form"),
    "solo": (solo_round, "#play-timer", "#play-input", ".controls"),
    "daily": (daily_round, "#timer", "#word-input", "#daily-form"),
    "room": (room_round, "#timer", "#word-input", ".room-head"),
}


def sideways_overflow(page: Any) -> int:
    return int(
        page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


@pytest.mark.parametrize("kind", sorted(ROUNDS))
def test_board_clock_and_word_fit_above_the_keyboard(
    pages: Pages, server: ServeProcess, kind: str
) -> None:
    start, timer, word_box, settings = ROUNDS[kind]
    page = start(pages, server)
    page.set_viewport_size(KEYBOARD_OPEN)
    page.evaluate("() => window.scrollTo(0, 0)")
    for selector in ("#board", timer, word_box, "#path-caption"):
        box = page.locator(selector).bounding_box()
        assert box is not None, f"{selector} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= KEYBOARD_OPEN["height"], (
            f"{kind}: {selector} at y {box['y']:.0f}-{box['y'] + box['height']:.0f} is not "
            f"within the {KEYBOARD_OPEN['height']} px the keyboard leaves"
        )
        assert box["x"] >= 0 and box["x"] + box["width"] <= KEYBOARD_OPEN["width"]
    sizes = page.eval_on_selector_all(
        "#board .cube", "cubes => cubes.map(c => c.getBoundingClientRect().width)"
    )
    assert len(sizes) >= 16 and min(sizes) >= 44, f"dice of {min(sizes):.0f} px"
    # the header, the settings and "Leave room" make way during the round
    assert page.locator("header.site").is_hidden()
    assert page.locator(settings).is_hidden()
    assert page.locator("#leave-button").is_hidden()
    assert sideways_overflow(page) <= 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{kind}-round-keyboard.png"))


@pytest.mark.parametrize("path", ["/", "/solve", "/play", "/room", "/daily"])
def test_nothing_scrolls_sideways_at_320_px(pages: Pages, server: ServeProcess, path: str) -> None:
    page = pages.open(server.url + path, viewport={"width": 320, "height": 640})
    assert sideways_overflow(page) <= 0, f"{path} scrolls sideways at 320 px"
    assert page.locator("header.site").is_visible()


@pytest.mark.parametrize("kind", sorted(ROUNDS))
def test_a_round_does_not_scroll_sideways_at_320_px(
    pages: Pages, server: ServeProcess, kind: str
) -> None:
    page = ROUNDS[kind][0](pages, server)
    page.set_viewport_size({"width": 320, "height": 568})
    assert sideways_overflow(page) <= 0
    sizes = page.eval_on_selector_all(
        "#board .cube", "cubes => cubes.map(c => c.getBoundingClientRect().width)"
    )
    assert min(sizes) >= 44


def test_a_long_word_list_scrolls_in_its_own_area(pages: Pages, server: ServeProcess) -> None:
    page = room_round(pages, server)
    board_top = page.locator("#board").bounding_box()["y"]
    for number in range(30):
        word = "zq" + "abcdefghijklmnopqrstuvwxyz"[number % 26] * (3 + number // 26)
        page.fill("#word-input", word)
        page.press("#word-input", "Enter")
        page.wait_for_selector(f"#my-words li[data-word='{word}']")
    sizes = page.eval_on_selector(
        "#my-words", "list => [list.scrollHeight, list.clientHeight, window.innerHeight]"
    )
    scroll_height, client_height, window_height = sizes
    assert scroll_height > client_height, "the list grew instead of scrolling"
    assert client_height < window_height / 2
    assert page.locator("#board").bounding_box()["y"] == board_top
