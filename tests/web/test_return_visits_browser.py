"""A player coming back over days, in a real browser: headless Chromium (the
system's, driven by Playwright) against `boggle serve`, on a phone.

The round length and the word list chosen for solo play, and the daily board's size and
list, are there again the next time the page is opened (a Spanish player does not pick
Spanish at each visit); the word list is one choice for both pages; a link that names a
list still opens with its own.  The daily board counts the days in a row it was played
("3 days in a row"), a gap starting again, a past day's board not counted.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from browser import PHONE, Pages
from serve_process import ServeProcess, get_json

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


def play_the_daily(pages: Pages, server: ServeProcess, streak: str, path: str = "/daily") -> str:
    """The daily board at ``path`` played in a fresh browser whose kept run is ``streak``
    (JSON, or "" for none): the line under "Your result" about the run ("" when hidden)."""
    page = pages.open(server.url + "/play", **PHONE)
    page.evaluate("run => localStorage.setItem('boggle-daily-streak', run)", streak)
    page.goto(server.url + path)
    page.wait_for_selector("body[data-ready='true']")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden])")
    streak_line = page.locator("#streak")
    return streak_line.text_content() if streak_line.is_visible() else ""


def test_the_daily_board_counts_the_days_in_a_row(pages: Pages, server: ServeProcess) -> None:
    today = date.fromisoformat(get_json(server.url + "/api/daily")["date"])
    yesterday = (today - timedelta(days=1)).isoformat()
    run = f'{{"last": "{yesterday}", "days": 2}}'
    assert play_the_daily(pages, server, run).startswith("3 days in a row")
    gap = f'{{"last": "{(today - timedelta(days=3)).isoformat()}", "days": 5}}'
    assert play_the_daily(pages, server, gap) == ""  # a new run: one day is no run yet
    past = f"/daily?date={yesterday}"  # yesterday's board played today: catching up
    assert play_the_daily(pages, server, run, past) == ""


def test_a_friend_s_link_opens_the_daily_board_of_its_size_and_list(
    pages: Pages, server: ServeProcess
) -> None:
    page = pages.open(server.url + "/daily?date=2026-11-23&size=5&dict=es", **PHONE)
    assert page.input_value("#daily-size") == "5"
    assert page.input_value("#daily-dict") == "es"
    assert page.text_content("#daily-date") == "Board of 2026-11-23."  # its day, before a round


def test_the_daily_board_says_how_to_play_until_it_is_played(
    pages: Pages, server: ServeProcess
) -> None:
    page = pages.open(server.url + "/daily?date=2026-11-23", **PHONE)  # a friend's link
    assert "Slide your finger from die to die" in page.inner_text("#how-to")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden])")
    page.goto(server.url + "/daily")  # the next day's visit: no longer a newcomer
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#how-to").is_hidden()
