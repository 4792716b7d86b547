"""What a player must see after they act, in view on a 390x844 phone (headless Chromium,
driven by Playwright, against `boggle serve`): measured by its bounding box against the
viewport, after the action, without scrolling.

My words with a long list: the file actions (Save to a file, Add from a file) are near the
top, folded, not below every card; what a Remove far down the list, a Learn again or a file
added did is said in a toast at the foot of the screen (a polite live region), which fades
after a while.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser import ARTIFACTS, PHONE, Pages, stop_clock
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
KEY = "boggle-learn"
SHOT_DIR = ARTIFACTS


def kept(word: str, **fields: Any) -> dict[str, Any]:
    entry = {"word": word, "list": "en-70", "language": "en", "points": 1, "board": FXIE}
    entry |= {"date": "2026-11-27", "due": ""}
    return entry | fields


def word_of(n: int) -> str:
    """The ``n``-th of many made-up words: "waaa", "waab", ..."""
    return "w" + chr(97 + n // 676 % 26) + chr(97 + n // 26 % 26) + chr(97 + n % 26)


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is wholly inside the page's viewport as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["height"] > 0
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"]
    )


def shown(page: Any, selector: str) -> None:
    """Wait until the element is opaque (a toast fades in)."""
    page.wait_for_function(
        "(selector) => getComputedStyle(document.querySelector(selector)).opacity === '1'",
        arg=selector,
    )


def many_words_page(pages: Pages, server: ServeProcess, *, clock: bool = False) -> Any:
    """/words on a phone with 150 kept words, a third of them learned (two long lists)."""
    words = [
        kept(word_of(n), **({"learned": True, "streak": 2} if n % 3 == 0 else {}))
        for n in range(150)
    ]
    page = pages.open(server.url + "/words", clock=clock, **PHONE)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEY, json.dumps({"version": 1, "words": words})],
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    if clock:
        stop_clock(page)
    return page


def test_my_words_file_actions_are_on_the_first_screen(pages: Pages, server: ServeProcess) -> None:
    """Save to a file and Add from a file were below both lists (up to 200 cards, 15,000 px
    down a phone's page): now folded under a line on the first screen."""
    page = many_words_page(pages, server)
    assert in_view(page, "#move-words > summary")
    page.click("#move-words > summary")
    assert in_view(page, "#export-words") and in_view(page, "#import-words")


def test_a_new_browser_shows_add_from_a_file_at_once(pages: Pages, server: ServeProcess) -> None:
    """With no word kept the file actions are open: Add from a file is the way in."""
    page = pages.open(server.url + "/words", **PHONE)
    assert page.locator("#import-words").is_visible() and in_view(page, "#import-words")


def test_my_words_status_is_in_view_after_a_remove_far_down(
    pages: Pages, server: ServeProcess
) -> None:
    """A Remove of the 60th card said "WAxx removed." on a line under the lists, thousands of
    pixels below the screen: now in a toast at its foot, a polite live region, faded later."""
    page = many_words_page(pages, server, clock=True)
    card = page.locator("#to-learn-list .kept-word").nth(60)
    card.scroll_into_view_if_needed()
    word = card.get_attribute("data-word") or ""
    card.locator("button.remove").click()
    assert page.text_content("#words-status") == f"{word.upper()} removed."
    shown(page, "#words-status")
    assert in_view(page, "#words-status")
    assert page.get_attribute("#words-status", "role") == "status"
    SHOT_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOT_DIR / "words-status-toast.png"))
    # the focus went to the next card's Remove, clear of the toast
    focused = page.evaluate("() => document.activeElement.getBoundingClientRect().bottom")
    toast = page.locator("#words-status").bounding_box()
    assert toast and focused <= toast["y"]
    page.clock.run_for(10_000)
    page.wait_for_function(
        "() => getComputedStyle(document.getElementById('words-status')).opacity === '0'"
    )
    # a Learn again far down the Learned list: said in view too
    learned = page.locator("#learned-list .kept-word").nth(30)
    learned.scroll_into_view_if_needed()
    word = learned.get_attribute("data-word") or ""
    learned.locator("button.again").click()
    assert page.text_content("#words-status") == f"{word.upper()} is back in To learn."
    shown(page, "#words-status")
    assert in_view(page, "#words-status")


def test_my_words_status_is_in_view_after_a_file_is_added(
    pages: Pages, server: ServeProcess, tmp_path: Path
) -> None:
    """What Add from a file did was said below the lists, off the screen."""
    page = many_words_page(pages, server)
    file = tmp_path / "words.json"
    file.write_text(json.dumps({"version": 1, "words": [kept("fame"), kept(word_of(1))]}))
    page.click("#move-words > summary")
    page.set_input_files("#import-file", str(file))
    page.wait_for_selector("#words-status:not(:empty)")
    assert page.text_content("#words-status") == "Added 1 word from words.json; 1 kept already."
    shown(page, "#words-status")
    assert in_view(page, "#words-status")
