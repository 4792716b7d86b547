"""What a player must see after they act, in view on a 390x844 phone (headless Chromium,
driven by Playwright, against `boggle serve`): measured by its bounding box against the
viewport, after the action, without scrolling.

My words with a long list: the file actions (Save to a file, Add from a file) are near the
top, folded, not below every card; what a Remove far down the list, a Learn again or a file
added did is said in a toast at the foot of the screen (a polite live region), which fades
after a while.

The daily board and a challenge: an error in a round (a word the server could not check) is
said under the word box, the board where it was; after the round (the result not posted, words
that did not count) under the results' heading, which has the screen. A room: its notice
("connection lost; reconnecting…") beside the phase line after a round, not at the page's top.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser import ARTIFACTS, PHONE, Pages, in_view, stop_clock, wait_for_held, wait_in_view
from browser_fixtures import LONGEST_ROUND, ClockedServer
from challenge_round import LONG_ROUND, enter_words, make_challenge, start_challenge
from room_page import create_and_start_a_round
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
DAILY = "2026-11-23"
KEY = "boggle-learn"
SHOT_DIR = ARTIFACTS


def kept(word: str, **fields: Any) -> dict[str, Any]:
    entry = {"word": word, "list": "en-70", "language": "en", "points": 1, "board": FXIE}
    entry |= {"date": "2026-11-27", "due": ""}
    return entry | fields


def word_of(n: int) -> str:
    """The ``n``-th of many made-up words: "waaa", "waab", ..."""
    return "w" + chr(97 + n // 676 % 26) + chr(97 + n // 26 % 26) + chr(97 + n % 26)


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


def test_my_words_error_stays_until_tapped(
    pages: Pages, server: ServeProcess, tmp_path: Path
) -> None:
    """An error faded after 6 s like any other message, unread by a learner who looked away:
    now it stays until the next message or a tap on it."""
    page = many_words_page(pages, server, clock=True)
    file = tmp_path / "notes.json"
    file.write_text('{"todo": ["buy milk"]}')
    page.click("#move-words > summary")
    page.set_input_files("#import-file", str(file))
    page.wait_for_selector("#words-status:not(:empty)")
    assert (
        page.text_content("#words-status") == "notes.json is not a file of words saved by My words."
    )
    shown(page, "#words-status")
    page.clock.run_for(60_000)
    page.wait_for_timeout(300)  # past the fade's transition
    assert (
        page.evaluate("() => getComputedStyle(document.getElementById('words-status')).opacity")
        == "1"
    )
    page.click("#words-status")
    page.wait_for_function(
        "() => getComputedStyle(document.getElementById('words-status')).opacity === '0'"
    )


def daily_round(pages: Pages, server: ServeProcess) -> Any:
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    return page


def challenge_round(pages: Pages, server: ServeProcess) -> Any:
    made = make_challenge(server.url, seconds=LONG_ROUND)
    page = pages.open(server.url + made["path"], **PHONE)
    start_challenge(page, "ann")
    return page


@pytest.mark.parametrize("start", [daily_round, challenge_round], ids=["daily", "challenge"])
def test_a_word_that_could_not_be_checked_is_said_under_the_word_box(
    pages: Pages, server: ServeProcess, start: Any
) -> None:
    """On the daily board and a challenge the error line was above the board: "the server
    cannot be reached" pushed the dice down under a finger, and the word box down under a
    phone's keyboard. Now it is said under the word box, as in a room; the board stays."""
    page = start(pages, server)
    board = page.locator("#board").bounding_box()
    page.route("**/api/check", lambda route: route.abort())
    page.fill("#word-input", "fame")
    page.press("#word-input", "Enter")
    page.wait_for_selector("#error:not([hidden]):has-text('the server cannot be reached')")
    assert page.locator("#board").bounding_box() == board
    assert in_view(page, "#error") and in_view(page, "#word-input")
    SHOT_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOT_DIR / f"check-failed-{start.__name__}.png"))


def test_a_challenge_s_result_the_server_refused_is_said_in_view(
    pages: Pages, server: ServeProcess
) -> None:
    """After "I'm done" the results come to the top of the screen: the error saying why the
    words were not posted ("the server cannot be reached right now (502)") was at the top of
    the page, above the screen. Now it is under the results' heading."""
    page = challenge_round(pages, server)
    enter_words(page, ["fame"])
    page.route(
        "**/api/challenges/*/results",
        lambda route: route.fulfill(status=502, content_type="text/html", body="<p>down</p>"),
    )
    page.click("#challenge-stop")
    page.wait_for_selector("#error:not([hidden]):has-text('(502)')")
    wait_in_view(page, "#error", timeout=3_000)
    assert in_view(page, "#rename-button")
    SHOT_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOT_DIR / "challenge-post-failed.png"))


def test_the_daily_board_s_words_that_did_not_count_are_said_in_view(
    pages: Pages, server: ServeProcess
) -> None:
    """A word whose check had not answered when the round ended (10 s later) does not count,
    and the page said so at its top while the results took the screen, below it."""
    page = daily_round(pages, server)
    held: list[Any] = []
    page.route("**/api/check", lambda route: held.append(route))
    page.fill("#word-input", "fame")
    page.press("#word-input", "Enter")
    wait_for_held(page, held)
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden])")
    page.wait_for_selector("#error:not([hidden]):has-text('did not answer for FAME')")
    wait_in_view(page, "#error", timeout=3_000)


def test_a_room_s_lost_connection_is_said_beside_its_results(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """After a round the page scrolls to the results' title, with the phase line and Start
    round 2 under it: "connection lost; reconnecting…" was at the top of the page, far above
    the screen, and Start pressed then did nothing that was seen. Now it is beside the phase
    line."""
    page = pages.open(clocked_server.url + "/room", **PHONE)
    create_and_start_a_round(page, seconds=120)
    clocked_server.clock.now += LONGEST_ROUND
    page.wait_for_selector("#results:not([hidden])")
    wait_in_view(page, "#results-title", timeout=3_000)
    page.context.set_offline(True)
    page.wait_for_selector("#notice:not([hidden]):has-text('connection lost')")
    wait_in_view(page, "#notice", timeout=3_000)
    SHOT_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOT_DIR / "room-connection-lost.png"))
    page.context.set_offline(False)


SE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}
"""An iPhone SE: 375x667, touch."""


@pytest.mark.parametrize("viewport", [SE, {**SE, "viewport": {"width": 320, "height": 568}}])
def test_a_board_the_solver_refuses_is_said_in_view_on_a_phone(
    pages: Pages, server: ServeProcess, viewport: dict[str, Any]
) -> None:
    """On a phone the solver's error line is below the dice, seed and list choices, 750 px
    down a 568 px screen: Solve tapped on a board it refuses ("ab1c") seemed to do nothing.
    Now the line is brought onto the screen, as Start's refused round length is."""
    page = pages.open(server.url + "/solve", **viewport)
    page.fill("#board-input", "ab1c")
    page.tap("#solve-button")
    page.wait_for_selector("#error:not([hidden]):has-text(\"'1'\")")
    wait_in_view(page, "#error", timeout=3_000)
