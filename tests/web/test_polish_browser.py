"""The small things a first trial found, in a real browser (headless Chromium driven by
Playwright, against `boggle serve`): plural forms, "Time!" only when time ran out,
disabled buttons that look disabled, letters above the path's line, no empty board strip
before a board exists, and result cards whose columns line up.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import Pages, stop_clock
from browser_fixtures import LONGEST_ROUND, ClockedServer
from serve_process import ServeProcess

from boggle import Board, load_lexicon, solve
from boggle.dice.cubes import MAX_SEED, SEED_RANGE

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"


def start_round(page: Any, seconds: int) -> None:
    page.fill("#board-input", FXIE)
    page.check("#play-this-board")
    page.fill("#play-time", str(seconds))
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")


def style(page: Any, selector: str, name: str) -> str:
    return str(page.eval_on_selector(selector, "(e, name) => getComputedStyle(e)[name]", arg=name))


def test_one_point_one_word_and_time_only_when_it_ran_out(
    pages: Pages, server: ServeProcess
) -> None:
    # the page's clock is the test's: the second, 5-second round ends when the test runs it
    # on, not while a loaded machine is still looking for its word box
    page = pages.open(server.url + "/play", clock=True)
    start_round(page, 60)
    page.fill("#play-input", "fame")  # 4 letters: 1 point
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    assert page.locator("#play-score").text_content() == "1 point, 1 word"
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    feedback = page.locator("#play-feedback").text_content() or ""
    assert feedback.startswith("Round over.") and "Time!" not in feedback
    assert "1 of " in (page.locator("#play-result-line").text_content() or "")

    stop_clock(page)
    start_round(page, 5)
    assert page.locator("#play-results").is_hidden()
    page.clock.run_for(5_000)
    page.wait_for_selector("#play-results:not([hidden])")
    assert (page.locator("#play-feedback").text_content() or "").startswith("Time!")


def test_the_words_found_are_numbered_in_the_order_found_the_latest_on_top(
    pages: Pages, server: ServeProcess
) -> None:
    """Solo play lists the latest word first (on a phone, in view under the word box): its
    number is its count, as the daily board's list numbers its words, not 1 for each new
    word with the earlier ones renumbered under it."""
    page = pages.open(server.url + "/play")
    start_round(page, 60)
    for count, word in enumerate(["fame", "mile"], start=1):
        page.fill("#play-input", word)
        page.press("#play-input", "Enter")
        page.wait_for_function(
            "count => document.querySelectorAll('#play-found li').length === count", arg=count
        )
    numbers = page.eval_on_selector(
        "#play-found",
        "list => [...list.children].map((item, at) =>"
        " list.reversed ? list.children.length - at : at + 1)",
    )
    assert page.locator("#play-found li").all_inner_texts() == ["MILE (1)", "FAME (1)"]
    assert numbers == [2, 1]


def test_play_the_board_shown_is_offered_only_with_a_board_shown(
    pages: Pages, server: ServeProcess
) -> None:
    """With no board in the box, "play the board shown" cannot be ticked and says Start
    rolls a new board; a board typed offers it, and clearing the box takes it back."""
    page = pages.open(server.url + "/play")
    assert page.locator("#board-input").input_value() == ""
    assert page.locator("#play-this-board").is_disabled()
    assert "Start rolls a new one" in page.inner_text("label:has(#play-this-board)")
    page.fill("#board-input", FXIE)
    page.check("#play-this-board")
    assert "otherwise a new roll" in page.inner_text("label:has(#play-this-board)")
    page.fill("#board-input", " ")
    assert page.locator("#play-this-board").is_disabled()
    assert not page.locator("#play-this-board").is_checked()
    page.click("#play-start")  # the roll it said: a board appears, and the box is offered
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.locator("#board-input").input_value().strip() != ""
    assert page.locator("#play-this-board").is_enabled()


def test_the_seed_box_says_a_seed_past_the_librarys_range_before_sending(
    pages: Pages, server: ServeProcess
) -> None:
    """The Seed box holds the library's range (0 to 2^64-1): one past it is refused by the
    browser, the largest is still valid."""
    page = pages.open(server.url + "/play")
    assert int(page.get_attribute("#seed-input", "max") or "0") == MAX_SEED
    page.fill("#seed-input", str(MAX_SEED * 10))
    assert page.eval_on_selector("#seed-input", "box => box.validity.rangeOverflow")
    page.fill("#seed-input", str(MAX_SEED))
    assert page.eval_on_selector("#seed-input", "box => box.validity.valid")


def test_the_seed_box_refuses_one_past_the_range_though_it_is_the_same_float(
    pages: Pages, server: ServeProcess
) -> None:
    """2^64 and 2^64-1 are the same float, so the browser's own check of the box's max lets
    2^64 through: the page compares the digits, says the library's range, and Roll sends
    nothing; 2^64-1 rolls."""
    page = pages.open(server.url + "/solve")
    rolls: list[str] = []
    page.on(
        "request", lambda request: rolls.append(request.url) if "/api/roll" in request.url else None
    )
    page.fill("#seed-input", str(MAX_SEED + 1))
    assert not page.eval_on_selector("#seed-input", "box => box.validity.valid")
    message = page.eval_on_selector("#seed-input", "box => box.validationMessage")
    assert SEED_RANGE in message
    page.click("#roll-button")
    page.fill("#seed-input", str(MAX_SEED))
    assert page.eval_on_selector("#seed-input", "box => box.validity.valid")
    with page.expect_response(lambda answer: "/api/roll" in answer.url) as rolled:
        page.click("#roll-button")
    assert rolled.value.ok
    assert len(rolls) == 1  # the seed past the range was never sent


def test_disabled_buttons_look_disabled(pages: Pages, server: ServeProcess) -> None:
    page = pages.open(server.url + "/play")
    enabled = style(page, "#solve-button", "backgroundColor")
    start_round(page, 60)
    assert page.locator("#solve-button").is_disabled()
    assert style(page, "#solve-button", "backgroundColor") != enabled
    assert style(page, "#solve-button", "cursor") == "not-allowed"
    assert style(page, "#tab-solve", "cursor") == "not-allowed"
    assert style(page, "#play-end", "cursor") == "pointer"


def test_the_path_line_is_drawn_under_the_letters(pages: Pages, server: ServeProcess) -> None:
    page = pages.open(server.url + "/solve?board=" + FXIE.replace(" ", "+"))
    page.wait_for_selector("#words .word[data-word='fame']")
    page.hover("#words .word[data-word='fame']")
    page.wait_for_selector("#path-overlay polyline")
    overlay = int(style(page, "#path-overlay", "zIndex"))
    for selector in (".cube.in-path .face", ".cube.in-path .step"):
        assert style(page, selector, "position") != "static"
        assert int(style(page, selector, "zIndex")) > overlay


def test_no_empty_board_strip_before_a_board(pages: Pages, server: ServeProcess) -> None:
    page = pages.open(server.url + "/daily")
    assert page.locator("#board").bounding_box() is None
    page = pages.open(server.url + "/room")
    page.fill("#create-name", "ann")
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    assert page.locator("#board").bounding_box() is None


def test_result_cards_line_up(pages: Pages, clocked_server: ClockedServer) -> None:
    page = pages.open(clocked_server.url + "/room")
    page.fill("#create-name", "ann")
    page.fill("#create-seconds", str(LONGEST_ROUND))  # ended by the test, after its words
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    board = Board.parse(page.locator("#board").get_attribute("data-board") or "")
    words = [w.word for w in solve(board, load_lexicon()).words[:2]] + ["zzzzzzzz"]
    for word in words:
        page.fill("#word-input", word)
        page.press("#word-input", "Enter")
        page.wait_for_selector(f"#my-words li[data-word='{word}']")
    clocked_server.clock.now += LONGEST_ROUND
    page.wait_for_selector("#results:not([hidden])")
    edges = page.eval_on_selector_all(
        ".result-player[data-name='ann'] .verdicts li",
        "items => items.map(i => [i.querySelector('.why').getBoundingClientRect().left,"
        " i.querySelector('.p').getBoundingClientRect().right])",
    )
    assert len(edges) == len(words)
    assert len({round(left) for left, _ in edges}) == 1, edges
    assert len({round(right) for _, right in edges}) == 1, edges


@pytest.mark.parametrize(("path", "box"), [("/play", "#play-input"), ("/daily", "#word-input")])
def test_a_word_typed_reads_in_capitals_as_the_dice_in_every_mode(
    pages: Pages, server: ServeProcess, path: str, box: str
) -> None:
    """Solo's word box showed "FAME" and the daily board's, a challenge's and a room's "fame";
    now every one shows capitals, and its hint as written ("type a word", not "TYPE A WORD")."""
    page = pages.open(server.url + path)
    assert style(page, box, "textTransform") == "uppercase"
    hint = page.eval_on_selector(box, "box => getComputedStyle(box, '::placeholder').textTransform")
    assert hint == "none"
