"""The pages in a browser made to lack what Safari before 15.4 lacks (an iPhone that stays on
iOS 14 or 15): headless Chromium (the system's, driven by Playwright) with ``Object.hasOwn``,
``Array.prototype.at``, ``String.prototype.at``, ``findLast``, ``structuredClone`` and
``<dialog>``'s ``showModal`` taken away before the page's scripts run, and ``:focus-visible``
and ``:has()`` unreadable in a query, as there. A room's round (its lobby naming the players
here, Back asking to leave, the results, a word of the results focused) and My words are
walked with no JavaScript error; `tests/web/test_web_pages.py` refuses the same in the
scripts' text.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from browser import OLD_SAFARI_STYLE, PHONE, Pages
from browser_fixtures import LONGEST_ROUND, ClockedServer
from room_page import type_word
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"

SAFARI_14 = r"""(() => {
  delete Object.hasOwn;
  delete Array.prototype.at;
  delete String.prototype.at;
  delete Array.prototype.findLast;
  delete Array.prototype.findLastIndex;
  delete window.structuredClone;
  delete HTMLDialogElement.prototype.showModal;
  const unreadable = /:focus-visible|:has\(/;
  for (const [type, name] of [[Element, "matches"], [Element, "closest"],
    [Element, "querySelector"], [Element, "querySelectorAll"],
    [Document, "querySelector"], [Document, "querySelectorAll"]]) {
    const original = type.prototype[name];
    type.prototype[name] = function (selector, ...rest) {
      if (unreadable.test(String(selector))) {
        throw new DOMException(`'${selector}' is not a valid selector.`, "SyntaxError");
      }
      return original.call(this, selector, ...rest);
    };
  }
})();"""
"""What Safari 14 lacks of what Chromium has, taken away before a page's scripts run."""


@pytest.fixture()
def old_safari(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    opened.init_scripts.append(SAFARI_14)
    yield opened
    opened.close()  # fails on any JavaScript error of the pages


def test_a_room_s_round_plays_in_safari_14(
    old_safari: Pages, clocked_server: ClockedServer
) -> None:
    server = clocked_server
    ann = old_safari.open(server.url + "/", **PHONE)  # the page before the room's
    assert ann.evaluate("() => typeof Object.hasOwn + typeof [].at") == "undefinedundefined"
    ann.goto(server.url + "/room")
    ann.wait_for_selector("body[data-ready='true']")
    ann.fill("#create-name", "ann")
    ann.fill("#create-seconds", str(LONGEST_ROUND))
    ann.click("#create-button")
    ann.wait_for_selector("body[data-code][data-phase='lobby']")
    link = ann.locator("#room-link").get_attribute("href") or ""
    for name in ("bob", "cat"):
        guest = old_safari.open(server.url + link, **PHONE)
        guest.fill("#join-name", name)
        guest.click("#join-button")
        guest.wait_for_selector("body[data-phase='lobby']")
    ann.wait_for_function(
        "() => document.body.textContent.includes('bob and cat are here: start when ready.')"
    )
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    type_word(ann, "fame")

    # Back mid-round: no <dialog>, so the browser's own question; "Cancel" keeps playing
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    ann.on("dialog", answer)
    ann.go_back()
    ann.wait_for_function("() => history.state && history.state.boggleRound")
    assert asked and asked[0].startswith("Leave the round?"), asked
    assert ann.get_attribute("body", "data-phase") == "playing"
    assert ann.locator("#leave-dialog").is_hidden()

    server.clock.now += LONGEST_ROUND
    ann.wait_for_selector("#results:not([hidden])")
    ann.focus("#results button.word")  # a list of words takes the focus (:focus-visible)
    ann.wait_for_timeout(200)


def test_my_words_works_in_safari_14(old_safari: Pages, server: ServeProcess) -> None:
    page = old_safari.open(server.url + "/words", **PHONE)
    words = [
        {"word": "fame", "list": None, "points": 1, "board": FXIE, "date": "2026-11-27"},
        {"word": "limbo", "list": None, "points": 2, "board": FXIE, "date": "2026-11-27"},
    ]
    page.evaluate(
        "(value) => localStorage.setItem('boggle-learn', value)",
        json.dumps({"version": 1, "words": words}),
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true'] .kept-word")
    page.click("#practise-start")
    page.wait_for_function("() => document.getElementById('practise-clue').dataset.word")
    page.keyboard.type("zzzz")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('practise-verdict').textContent")


RING = "() => [document.activeElement.id, getComputedStyle(document.activeElement).outlineStyle]"
"""The focused element's id and its focus ring (``none``: no ring)."""


def test_the_results_heading_focused_by_the_page_has_no_ring_in_old_safari(
    pages: Pages, server: ServeProcess
) -> None:
    """A round over, the page puts the focus on the results' heading (a screen reader reads
    on from it; Tab goes on to Play again). Safari before 15.4 read no :focus-visible and drew
    its own ring (:focus) around the heading after every round, tapped or not. A browser that
    reads :focus-visible draws the page's ring when the round was ended from the keyboard,
    as before."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    page.fill("#play-time", "60")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.focus("#play-end")
    page.keyboard.press("Enter")  # ended from the keyboard
    page.wait_for_selector("#play-results:not([hidden]) #play-missed .word")
    page.wait_for_function("() => document.activeElement.id === 'play-results-title'")
    assert page.evaluate(RING) == ["play-results-title", "solid"]
    page.evaluate(OLD_SAFARI_STYLE)
    assert page.evaluate(RING) == ["play-results-title", "none"]
