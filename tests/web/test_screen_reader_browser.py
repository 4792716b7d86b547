"""A round as a screen reader's user plays it, in a real browser (headless Chromium against
`boggle serve`): what the live regions of the play page, the daily board and a challenge say
(a message the same as the one shown is said again: the same wrong word typed twice is heard
twice; the clock's warnings, again in the next round), and a round walked with the keyboard
alone, from Start to the report and Start again.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser import PAGE_TIMEOUT_MS, RECORD_MESSAGES, Pages, stop_clock, wait_for_held
from challenge_round import LONG_ROUND, make_challenge, start_challenge
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"


def said(page: Any, region: str) -> list[str]:
    """What the live region ``region`` said so far (RECORD_MESSAGES), each message's text."""
    messages: list[str] = page.evaluate("(id) => window.messages[id]", region)
    return messages


def enter_twice(page: Any, box: str, region: str, word: str) -> list[str]:
    """``word`` entered in the word box ``box`` twice, then a third time: the texts the live
    region ``region`` showed for them."""
    start = len(said(page, region))
    for count in (1, 2, 3):
        page.fill(box, word)
        page.press(box, "Enter")
        page.wait_for_function(
            "([id, count]) => window.messages[id].length >= count", arg=[region, start + count]
        )
    return said(page, region)[start:]


def assert_said_each_time(texts: list[str]) -> None:
    """Three messages of the same words, each a change of the region's text (each said), no
    space piling up."""
    assert len({text.strip() for text in texts}) == 1, texts
    assert texts[0] != texts[1] and texts[1] != texts[2], texts
    assert texts[0] == texts[2], texts


def test_the_same_wrong_word_typed_again_is_said_again_on_the_play_page(
    pages: Pages, server: ServeProcess
) -> None:
    """A screen reader says a live region when its text changes: ZZZ typed twice set the
    verdict's line to the text it showed, and the second was silence (the player did not
    know the word was taken at all). Each verdict the same as the one shown now gets a
    no-break space after it (board.js announce), as My words' do."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.evaluate(RECORD_MESSAGES, ["play-feedback"])
    texts = enter_twice(page, "#play-input", "play-feedback", "zzz")
    assert texts[0].startswith("ZZZ: "), texts
    assert_said_each_time(texts)
    # a word found, then found again: "already found" twice is said twice too
    texts = enter_twice(page, "#play-input", "play-feedback", "fame")
    assert texts[0] == "FAME: +1", texts
    assert texts[1].strip() == texts[2].strip() and texts[1] != texts[2], texts


def test_the_same_verdict_twice_is_said_twice_on_the_daily_board_and_a_challenge(
    pages: Pages, server: ServeProcess
) -> None:
    """The daily board's and a challenge's verdict line (one markup, #feedback): a word
    already found, or the same wrong word, entered again was not said again."""
    daily = pages.open(server.url + "/daily?date=2026-11-23")
    daily.click("#daily-start")
    daily.wait_for_selector("#board .cube")
    daily.evaluate(RECORD_MESSAGES, ["feedback"])
    assert_said_each_time(enter_twice(daily, "#word-input", "feedback", "zzzz"))
    # a challenge emptied its line, then set it: the same text as before, not said
    made = make_challenge(server.url, seconds=LONG_ROUND)
    challenge = pages.open(server.url + made["path"])
    start_challenge(challenge, "ann")
    challenge.evaluate(RECORD_MESSAGES, ["feedback"])
    texts = enter_twice(challenge, "#word-input", "feedback", "zzz")
    assert texts[0].startswith("ZZZ: "), texts
    assert_said_each_time(texts)


def test_a_short_round_s_last_seconds_are_said_in_the_next_round_too(
    pages: Pages, server: ServeProcess
) -> None:
    """A round of 5 s says "5 seconds left" as it starts; the next round of 5 s said nothing
    (the warning was marked said, and only a clock above ten seconds cleared the mark). Each
    round says it now, said again though the text is the one shown."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.fill("#play-time", "5")
    page.evaluate(RECORD_MESSAGES, ["clock-news"])
    for count in (1, 2):
        (page.locator("#play-start") if count == 1 else page.locator("#play-again")).click()
        page.wait_for_selector("#play-form:not([hidden])")
        page.wait_for_selector("#play-results:not([hidden])", timeout=30_000)
    texts = said(page, "clock-news")
    assert [text.strip() for text in texts] == ["5 seconds left"] * 2, texts
    assert texts[0] != texts[1], texts


# ------------------------------------------------------------------ a round by the keyboard alone

FOCUSED = "() => document.activeElement?.id || document.activeElement?.tagName"


def tab_to(page: Any, element_id: str, most: int = 60) -> int:
    """Tab pressed until the keyboard is at ``element_id``: how many presses it took (a
    failure when it is not reached in ``most``)."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == element_id:
            return count
    raise AssertionError(f"#{element_id} not reached by {most} Tabs")


def until(page: Any, predicate: str) -> None:
    """Wait until ``predicate`` (JavaScript, in the page) is true, polled from the test: a
    page whose clock the test holds (``stop_clock``) runs no animation frame, by which
    ``wait_for_function`` polls (an answer that came after its first look was never seen)."""
    deadline = time.monotonic() + PAGE_TIMEOUT_MS / 1000
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"never true: {predicate}"
        page.wait_for_timeout(25)


def spoken(page: Any, region: str) -> list[str]:
    """What the live region ``region`` said: its messages, the emptied ones left out."""
    return [text.strip() for text in said(page, region) if text.strip()]


def test_a_solo_round_walked_with_the_keyboard_alone(pages: Pages, server: ServeProcess) -> None:
    """A blind player's solo round: Start reached by Tab and pressed, the keyboard in the word
    box (described by the board, read by its rows), a word's verdict said, the clock said at
    the minute and ten seconds left and not each second, "Time!" said as it runs out, the
    keyboard then at the report's heading, read from the score on, and Tab on to Play again,
    which puts the keyboard in the next round's word box."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), clock=True)
    stop_clock(page)
    tab_to(page, "play-time")
    page.keyboard.press("Control+A")
    page.keyboard.type("70")
    page.evaluate(RECORD_MESSAGES, ["play-feedback", "clock-news", "clock-minute"])
    tab_to(page, "play-start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.evaluate(FOCUSED) == "play-input"
    assert page.get_attribute("#play-input", "aria-describedby") == "board"
    assert page.locator("#board").get_attribute("role") == "img"
    assert page.get_attribute("#play-timer", "aria-live") == "off"  # a timer, not read aloud
    page.keyboard.type("fame")
    page.keyboard.press("Enter")
    until(page, "() => window.messages['play-feedback'].length === 1")
    for _ in range(71):
        page.clock.run_for(1_000)
    page.wait_for_selector("#play-results:not([hidden])")
    until(page, "() => document.activeElement.id === 'play-results-title'")
    assert spoken(page, "play-feedback")[0] == "FAME: +1"
    assert spoken(page, "play-feedback")[-1].startswith("Time!")
    assert spoken(page, "clock-minute") == ["1 minute left"]
    assert spoken(page, "clock-news") == ["10 seconds left"]
    report = page.locator("#play-results").aria_snapshot().splitlines()
    assert report[0] == '- heading "Your result" [level=2]', report
    assert report[1].startswith('- paragraph: "You scored 1 of '), report
    assert tab_to(page, "play-again") == 1
    page.keyboard.press("Enter")
    page.wait_for_selector("#play-results[hidden]", state="attached")
    until(page, "() => document.activeElement.id === 'play-input'")


def test_a_daily_round_walked_with_the_keyboard_alone(pages: Pages, server: ServeProcess) -> None:
    """A blind player's daily round, as the solo one: Start by Tab, the keyboard in the word
    box, the clock said twice in three minutes, and its end said at once: the daily board said
    nothing as the clock ran out (the word box gone dead) until its result came, where the
    play page and a challenge say "Time!". Then the keyboard at the result's heading, the
    result read from the line to share, and Tab on through it to Start again."""
    page = pages.open(server.url + "/daily?date=2026-11-23", clock=True)
    stop_clock(page)
    tab_to(page, "daily-start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .cube")
    assert page.evaluate(FOCUSED) == "word-input"
    assert page.get_attribute("#word-input", "aria-describedby") == "board"
    page.evaluate(RECORD_MESSAGES, ["feedback", "clock-news", "clock-minute"])
    page.keyboard.type("zzzz")
    page.keyboard.press("Enter")
    until(page, "() => window.messages['feedback'].length === 1")
    held: list[Any] = []
    page.route("**/api/daily/result", lambda route: held.append(route))
    for _ in range(181):
        page.clock.run_for(1_000)
    wait_for_held(page, held, what="the result was not asked for")  # said before it is asked
    assert spoken(page, "feedback") == ["ZZZZ: not on the board", "Time!"]
    assert spoken(page, "clock-minute") == ["1 minute left"]
    assert spoken(page, "clock-news") == ["10 seconds left"]
    for route in held:
        route.continue_()
    page.wait_for_selector("#results:not([hidden])")
    until(page, "() => document.activeElement.id === 'results-title'")
    report = page.locator("#results").aria_snapshot().splitlines()
    assert report[:2] == ['- region "Result":', '  - heading "Your result" [level=2]'], report
    assert report[2].startswith('  - paragraph: "boggle daily 2026-11-23'), report
    tab_to(page, "daily-start")
    assert page.text_content("#daily-start") == "Play today's board again"
    page.keyboard.press("Enter")
    page.wait_for_selector("#round:not([hidden])")
    until(page, "() => document.activeElement.id === 'word-input'")


def test_the_boards_kept_for_offline_play_are_not_said_after_each_round(
    pages: Pages, server: ServeProcess
) -> None:
    """The line of boards kept for offline rounds (a status) was emptied as a round started
    and set again as it ended: "3 boards kept for offline play." was said after every round's
    "Time!", in the middle of its report. It is hidden for a round, and said when its count
    changes only."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.wait_for_function(
        "() => document.getElementById('play-offline').textContent.includes('3 boards')"
    )
    page.evaluate(RECORD_MESSAGES, ["play-offline"])
    page.fill("#play-time", "5")
    for start in ("#play-start", "#play-again"):
        page.click(start)
        page.wait_for_selector("#play-form:not([hidden])")
        assert page.locator("#play-offline").is_hidden()
        page.wait_for_selector("#play-results:not([hidden])", timeout=30_000)
        page.wait_for_selector("#play-offline:not([hidden])")
    page.wait_for_timeout(500)  # the count asked for again after the round: no change said
    assert said(page, "play-offline") == []
    assert page.text_content("#play-offline") == "3 boards kept for offline play."
