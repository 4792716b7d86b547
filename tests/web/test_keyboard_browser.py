"""An iPhone's keyboard at a round's start, checked in a real browser (headless Chromium, the
system's, driven by Playwright, as a 390x844 touch phone) against `boggle serve`.

iOS Safari opens its on-screen keyboard only for a ``focus()`` made while the player's tap
is being handled; a focus made later (once the board has come from the server, a timer) puts
no keyboard up. Each page's word box was focused only once the round was shown, so an iPhone
player had to find the box and tap it. Here every ``focus()`` is noted with the event being
handled when it ran (``window.event``: none in a callback after a network answer or a timer):
the tap that starts a round must focus a text box in its own handler (a stand-in, board.js
``holdKeyboard``), and the focus must be on the round's word box once the round shows. A
room's round started by another player comes with no tap: the round shows "Tap to type a
word", whose tap focuses the word box.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import PHONE, Pages, wait_for_held
from browser_fixtures import ClockedServer
from challenge_round import LONG_ROUND, make_challenge, start_challenge
from room_page import ONE_ROUND, create_room
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"

FOCUS_NOTED = """(() => {
  window.focusCalls = [];
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (...args) {
    const event = window.event;
    window.focusCalls.push({
      id: this.id, tag: this.tagName, type: this.type || "",
      event: event ? event.type : null, trusted: event ? event.isTrusted : false,
    });
    return focus.apply(this, args);
  };
})();"""
"""Every focus() the page makes, with the event handled as it ran (``window.focusCalls``)."""

IN_A_TAP = ("click", "submit", "touchend", "pointerup")
"""The events in whose handler iOS opens the keyboard for a focus."""


@pytest.fixture()
def phones(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    opened.init_scripts.append(FOCUS_NOTED)
    yield opened
    opened.close()


def forget_focus_calls(page: Any) -> None:
    page.evaluate("() => { window.focusCalls = []; }")


def focused_in_the_tap(page: Any) -> list[dict[str, Any]]:
    """The text boxes focused in a trusted tap's handler since the calls were last forgotten."""
    calls: list[dict[str, Any]] = page.evaluate("() => window.focusCalls")
    return [
        call
        for call in calls
        if call["tag"] == "INPUT" and call["trusted"] and call["event"] in IN_A_TAP
    ]


def active_id(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement && document.activeElement.id"))


def assert_keyboard_held(page: Any, box: str) -> None:
    """A text box focused in the tap's handler, the focus on ``box`` now, and none moved to
    anything but a text box meanwhile (which would close an iPhone's keyboard)."""
    page.wait_for_function("id => document.activeElement.id === id", arg=box)
    calls = page.evaluate("() => window.focusCalls")
    assert focused_in_the_tap(page), f"no text box focused in the start tap's handler: {calls}"
    assert all(call["tag"] == "INPUT" for call in calls), calls
    assert page.locator(".keyboard-stand-in").count() == 0, "the stand-in box left in the page"


def test_solo_start_focuses_a_text_box_in_the_tap_then_the_word_box(
    phones: Pages, server: ServeProcess
) -> None:
    page = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    forget_focus_calls(page)
    page.tap("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    assert_keyboard_held(page, "play-input")

    page.tap("#play-end")
    page.wait_for_selector("#play-again", state="visible")
    forget_focus_calls(page)
    page.tap("#play-again")  # from the last round's results
    page.wait_for_selector("#play-form:not([hidden])")
    assert_keyboard_held(page, "play-input")


def test_a_solo_start_refused_gives_the_focus_back_to_start(
    phones: Pages, server: ServeProcess
) -> None:
    page = phones.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.fill("#play-time", "2")
    page.tap("#play-start")
    page.wait_for_selector("#error:not([hidden])")
    page.wait_for_function("() => document.activeElement.id === 'play-start'")
    assert page.locator(".keyboard-stand-in").count() == 0


def test_letters_typed_while_the_board_comes_reach_the_word_box(
    phones: Pages, server: ServeProcess
) -> None:
    page = phones.open(server.url + "/daily?date=2026-11-23", **PHONE)
    page.wait_for_selector("#daily-dict option", state="attached")
    held: list[Any] = []
    page.route("**/api/daily?*", lambda route: held.append(route))
    forget_focus_calls(page)
    page.tap("#daily-start")
    wait_for_held(page, held, what="the day's board was not asked for")
    page.keyboard.type("fa")  # into the stand-in: the keyboard is up, the board not yet
    held[0].continue_()
    page.wait_for_selector("#board .cube")
    assert_keyboard_held(page, "word-input")
    assert page.input_value("#word-input") == "fa"
    assert page.locator("#tap-to-type").is_hidden()


def test_a_challenge_s_start_focuses_the_word_box_in_the_tap(
    phones: Pages, server: ServeProcess
) -> None:
    made = make_challenge(server.url, seconds=LONG_ROUND)
    page = phones.open(server.url + made["path"], **PHONE)
    forget_focus_calls(page)
    start_challenge(page, "ann", tap=True)
    assert_keyboard_held(page, "word-input")
    assert page.locator("#tap-to-type").is_hidden()


def test_a_room_s_round_opens_the_host_s_keyboard_and_asks_the_others_to_tap(
    phones: Pages, clocked_server: ClockedServer
) -> None:
    server = clocked_server
    ann = phones.open(server.url + "/room", **PHONE)
    create_room(ann, **ONE_ROUND)
    bob = phones.open(server.url + (ann.locator("#room-link").get_attribute("href") or ""), **PHONE)
    bob.fill("#join-name", "bob")
    bob.tap("#join-button")
    ann.wait_for_selector("#players li[data-name='bob']")
    forget_focus_calls(ann)
    ann.tap("#start-button")
    for page in (ann, bob):
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
    assert_keyboard_held(ann, "word-input")
    assert ann.locator("#tap-to-type").is_hidden()

    # Bob tapped nothing: his keyboard is not up, and the round says to tap
    tap = bob.locator("#tap-to-type")
    tap.wait_for(state="visible")
    assert tap.inner_text() == "Tap to type a word"
    forget_focus_calls(bob)
    bob.tap("#tap-to-type")
    assert_keyboard_held(bob, "word-input")
    assert tap.is_hidden()

    # a player joining mid-round sends everyone the room again: Bob, typing, is not asked again
    link = ann.locator("#room-link").get_attribute("href") or ""
    cat = phones.open(server.url + link, **PHONE)
    cat.fill("#join-name", "cat")
    cat.tap("#join-button")
    cat.wait_for_selector("body[data-phase='playing'] #tap-to-type:not([hidden])")
    bob.wait_for_selector("#players li[data-name='cat']", state="attached")
    assert tap.is_hidden()
    assert ann.locator("#tap-to-type").is_hidden()

    server.clock.now += 61
    bob.wait_for_selector("body[data-phase='over']")
    assert tap.is_hidden()
