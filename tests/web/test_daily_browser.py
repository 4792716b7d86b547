"""The daily board played twice in a day on one phone, in a real browser.

The page forgot a round once it ended: opened again the same day it offered "Start the round"
as if the board were new, with nothing of the first result, and a round played again (the
words now known) gave a line to share like a first try's. Today's first result of each size
and word list is now kept on the device: opened again, the page shows it with its Copy button
and names Start "Play today's board again"; a round played again says its own score, and the
line to share stays the first round's.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import (
    ARTIFACTS,
    PHONE,
    Pages,
    device_clock_changes_mid_round,
    enter_word_held,
    hold_first_check,
    listen_as_the_page_is_left,
    wait_for_held,
)
from serve_process import ServeProcess, get_json

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

DAILY = "2026-11-23"


def board_words(server: ServeProcess, size: int = 4) -> list[str]:
    daily = get_json(server.url + f"/api/daily?date={DAILY}&size={size}")
    solved = get_json(
        server.url + "/api/solve", {"board": daily["board"], "dictionary": daily["dictionary"]}
    )
    return [entry["word"] for entry in solved["words"]]


def play_daily(page: Any, words: list[str]) -> str:
    """A round of the daily board with `words` entered; the line to share at its end."""
    page.click("#daily-start")
    page.wait_for_selector("#round:not([hidden])")
    page.wait_for_selector("#board .cube")
    for count, word in enumerate(words, start=1):
        page.fill("#word-input", word)
        page.press("#word-input", "Enter")
        page.wait_for_function(
            "n => document.querySelectorAll('#my-words li').length === n", arg=count
        )
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #share-line[data-score]")
    return str(page.locator("#share-line").text_content())


def come_back(page: Any) -> None:
    """The page opened again later the same day (the round's tab state gone, the device's kept)."""
    page.evaluate("() => sessionStorage.clear()")
    page.goto(page.url)
    page.wait_for_selector("body[data-ready='true']")


def test_the_daily_board_opened_again_the_same_day_shows_the_first_result(
    pages: Pages, server: ServeProcess
) -> None:
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    assert page.locator("#played").is_hidden()  # nothing played on this phone yet
    assert page.inner_text("#daily-start") == "Start the round"
    shared = play_daily(page, board_words(server)[:2])
    come_back(page)
    assert page.locator("#played").is_visible()
    assert page.locator("#played-line").text_content() == shared
    assert page.inner_text("#daily-start") == "Play today's board again"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#copy-played")
    page.wait_for_function("() => document.getElementById('copy-played').dataset.copied")
    # the line, then the link to the same board: a friend who reads it taps it to play
    listed = page.input_value("#daily-dict")
    link = f"{server.url}/daily?date={DAILY}&size=4&dict={listed}"
    assert page.evaluate("() => navigator.clipboard.readText()") == f"{shared}\n{link}"
    page.screenshot(path=str(ARTIFACTS / "daily-played-today.png"))
    page.select_option("#daily-size", "5")  # another of today's boards: not played yet
    assert page.locator("#played").is_hidden()
    assert page.inner_text("#daily-start") == "Start the round"
    page.select_option("#daily-size", "4")
    assert page.locator("#played").is_visible()


def test_a_daily_round_played_again_keeps_the_first_result_to_share(
    pages: Pages, server: ServeProcess
) -> None:
    words = board_words(server)
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    first = play_daily(page, words[:1])
    assert page.locator("#replay-note").is_hidden()
    first_score = page.locator("#share-line").get_attribute("data-score")
    come_back(page)
    again = play_daily(page, words[:4])
    assert again == first, "a round played again gave the line to share"
    assert page.locator("#share-line").get_attribute("data-score") == first_score
    note = page.locator("#replay-note")
    assert note.is_visible()
    result = get_json(
        server.url + "/api/daily/result", {"date": DAILY, "size": 4, "words": words[:4]}
    )
    assert str(note.text_content()).startswith(
        f"Played again: {result['score']} points, 4 words ({result['percent']}% of the maximum)."
    )
    page.screenshot(path=str(ARTIFACTS / "daily-played-again.png"))


def test_a_spanish_daily_round_names_its_words_as_spanish_writes_them(
    pages: Pages, server: ServeProcess
) -> None:
    """A word the Spanish list holds folded is told (AGONIA (agonía): +3), listed under the
    board, kept through a reload and shown among the words missed as Spanish writes it."""
    # the Spanish list is read on this first ask: over 10 s on a loaded machine
    daily = get_json(server.url + f"/api/daily?date={DAILY}&size=4&dictionary=es", timeout=60)
    solved = get_json(server.url + "/api/solve", {"board": daily["board"], "dictionary": "es"})
    respelled = [entry for entry in solved["words"] if entry.get("written")]
    assert len(respelled) >= 2, daily["board"]
    typed, missed = respelled[0], respelled[1]
    written = " / ".join(typed["written"])
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    page.wait_for_selector("#daily-dict option[value='es']", state="attached")
    page.select_option("#daily-dict", "es")
    page.click("#daily-start")
    page.wait_for_selector("#round:not([hidden])")
    page.wait_for_selector("#board .cube")
    page.fill("#word-input", typed["word"])
    page.press("#word-input", "Enter")
    item = page.locator(f"#my-words li[data-word='{typed['word']}']")
    item.wait_for()
    said = f"{typed['word'].upper()} ({written}): +{typed['points']}"
    assert page.locator("#feedback").text_content() == said
    assert item.text_content() == f"{written} +{typed['points']}"
    page.reload()  # the round goes on with its words as they were listed
    item.wait_for()
    assert item.text_content() == f"{written} +{typed['points']}"
    # typed again, it is named as when it was found (it was AGONIA: already found)
    page.fill("#word-input", typed["written"][0])
    page.press("#word-input", "Enter")
    page.wait_for_function(
        "said => document.querySelector('#feedback').textContent === said",
        arg=f"{typed['word'].upper()} ({written}): already found",
    )
    page.click("#daily-stop")
    button = page.locator(f"#unfound .word[data-word='{missed['word']}']")
    button.wait_for()
    unit = "point" if missed["points"] == 1 else "points"  # " point" said, not shown
    assert button.text_content() == f"{' / '.join(missed['written'])} {missed['points']} {unit}"


def test_an_english_word_written_both_ways_is_named_so(pages: Pages, server: ServeProcess) -> None:
    """MELEE (English writes melee and mêlée) was told "MELEE (mêlée): +2", as though the
    accented spelling were the one: it is "MELEE (also mêlée)", and listed with both."""
    page = pages.open(server.url + "/daily?date=2026-11-23&dict=en-70", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.fill("#word-input", "melee")
    page.press("#word-input", "Enter")
    item = page.locator("#my-words li[data-word='melee']")
    item.wait_for()
    assert page.locator("#feedback").text_content() == "MELEE (also mêlée): +2"
    assert item.text_content() == "melee / mêlée +2"


def test_a_word_the_server_could_not_check_stays_in_the_box(
    pages: Pages, server: ServeProcess
) -> None:
    """The server out of reach when a word was entered: the error said so, but the word was
    gone from the box, to be typed again. It stays there: Enter sends it once the server
    answers."""
    word = board_words(server)[0]
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.route("**/api/check", lambda route: route.abort())
    page.fill("#word-input", word)
    page.press("#word-input", "Enter")
    page.wait_for_selector("#error:not([hidden]):has-text('the server cannot be reached')")
    assert page.locator("#word-input").input_value() == word
    page.unroute("**/api/check")
    page.press("#word-input", "Enter")
    page.wait_for_selector(f"#my-words li[data-word='{word}']")
    assert page.locator("#word-input").input_value() == ""
    assert page.locator("#error").is_hidden()


def hold_checks(page: Any) -> list[Any]:
    """Every /api/check of ``page`` left unanswered from now on: the requests held."""
    held: list[Any] = []
    page.route("**/api/check", lambda route: held.append(route))
    return held


def reload_while_held(page: Any, held: list[Any], count: int = 1) -> None:
    """Once ``count`` checks are held, the checks let through again and the page reloaded
    before their answers came."""
    wait_for_held(page, held, count)
    page.unroute("**/api/check")
    page.reload()


def test_a_word_entered_just_before_a_reload_is_checked_after_it(
    pages: Pages, server: ServeProcess
) -> None:
    """A word whose check had not answered when the page was reloaded was lost: the round came
    back without it. It is sent again and listed."""
    first, second = board_words(server)[:2]
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.fill("#word-input", first)
    page.press("#word-input", "Enter")
    page.wait_for_selector(f"#my-words li[data-word='{first}']")
    held = hold_checks(page)
    page.fill("#word-input", second)
    page.press("#word-input", "Enter")
    reload_while_held(page, held)
    page.wait_for_selector(f"#my-words li[data-word='{second}']")
    listed = page.eval_on_selector_all("#my-words li", "items => items.map(i => i.dataset.word)")
    assert listed == [first, second]
    kept = page.evaluate("() => JSON.parse(sessionStorage.getItem('boggle-daily-round'))")
    assert kept["pending"] == [] and kept["words"] == [first, second]


def test_a_word_whose_check_the_reload_cut_short_is_checked_after_it(
    pages: Pages, server: ServeProcess
) -> None:
    """The reload itself cut the word's check short (its request cancelled as the page
    unloaded, the fetch rejected in the page being left): the page took that for an answer
    and dropped the word from the words to send again, so the round came back without it.
    It stays kept: checked after the reload, and listed once."""
    first, second = board_words(server)[:2]
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.fill("#word-input", first)
    page.press("#word-input", "Enter")
    page.wait_for_selector(f"#my-words li[data-word='{first}']")
    held = hold_first_check(page)  # held until the reload cancels it; the next one answered
    page.fill("#word-input", second)
    page.press("#word-input", "Enter")
    wait_for_held(page, held)
    listen_as_the_page_is_left(page)
    page.reload()
    page.wait_for_selector(f"#my-words li[data-word='{second}']")
    listed = page.eval_on_selector_all("#my-words li", "items => items.map(i => i.dataset.word)")
    assert listed == [first, second]
    kept = page.evaluate("() => JSON.parse(sessionStorage.getItem('boggle-daily-round'))")
    assert kept["pending"] == [] and kept["words"] == [first, second]


def test_a_word_awaiting_its_check_when_the_round_ends_during_a_reload_counts(
    pages: Pages, server: ServeProcess
) -> None:
    """A word sent just before a reload, its check not answered, in a round whose time ran
    out while the page was away (a long reload, a tab the phone put to sleep): the round came
    back, ended at once and judged its words without it. It is checked first, then counted."""
    first, second = board_words(server)[:2]
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.fill("#word-input", first)
    page.press("#word-input", "Enter")
    page.wait_for_selector(f"#my-words li[data-word='{first}']")
    held: list[Any] = []
    holding = True  # the checks held until the reload, then answered (none of them lost)

    def hold(route: Any) -> None:
        if holding:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/check", hold)
    enter_word_held(page, second, held)
    # the round's time runs out while the page reloads
    page.evaluate(
        """() => {
        const kept = JSON.parse(sessionStorage.getItem('boggle-daily-round'));
        kept.ends = Date.now() - 1000;
        sessionStorage.setItem('boggle-daily-round', JSON.stringify(kept));
    }"""
    )
    holding = False
    page.reload()
    page.wait_for_selector("#results:not([hidden]) #share-line[data-score]")
    assert page.locator("#share-line").get_attribute("data-words") == "2"
    listed = page.eval_on_selector_all("#my-words li", "items => items.map(i => i.dataset.word)")
    assert listed == [first, second]
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()


def test_a_word_still_being_checked_when_the_round_is_stopped_counts(
    pages: Pages, server: ServeProcess
) -> None:
    """Stopped (or timed out) while a word's check was on its way: the result was asked for
    at once, without the word. The end waits for the answer, and the word counts."""
    first = board_words(server)[0]
    page = pages.open(server.url + f"/daily?date={DAILY}", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    held = hold_checks(page)
    enter_word_held(page, first, held)
    page.click("#daily-stop")
    page.wait_for_timeout(300)  # the round is over, its result not asked for yet
    held[0].continue_()
    page.wait_for_selector("#results:not([hidden]) #share-line[data-score]")
    assert page.locator("#share-line").get_attribute("data-words") == "1"


def test_a_link_to_another_lists_daily_board_opens_that_board_not_the_round_kept(
    pages: Pages, server: ServeProcess
) -> None:
    """A `/daily?dict=pt` link followed during a Dutch daily round took up the Dutch round
    again (its list and board), the link's list set aside: the link's board is the one the
    page starts, and a link to the round's own board still takes the round up again."""
    for code in ("nl", "pt"):  # each list read before the pages ask (slow on a loaded machine)
        get_json(server.url + f"/api/daily?date={DAILY}&size=4&dictionary={code}", timeout=60)
    page = pages.open(server.url + f"/daily?date={DAILY}&size=4&dict=nl", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#round:not([hidden])")
    page.wait_for_selector("#board .cube")
    page.goto(server.url + f"/daily?date={DAILY}&size=4&dict=pt")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#daily-dict").input_value() == "pt"
    assert page.locator("#round").is_hidden()  # not the Dutch round
    assert page.locator("#daily-start").text_content() == "Start the round"
    with page.expect_response(lambda response: "/api/daily?" in response.url) as answer:
        page.click("#daily-start")
    assert answer.value.json()["dictionary"] == "pt"
    page.wait_for_selector("#round:not([hidden])")
    page.fill("#word-input", "zzz")
    page.press("#word-input", "Enter")
    page.wait_for_selector("#feedback:not(:empty)")
    page.goto(server.url + f"/daily?date={DAILY}&size=4&dict=pt")  # the round's own board
    page.wait_for_selector("#round:not([hidden])")
    assert page.locator("#daily-dict").input_value() == "pt"


def test_a_device_clock_change_mid_round_neither_ends_nor_stretches_it(
    pages: Pages, server: ServeProcess
) -> None:
    """The round's end kept for a reload was the device's clock (Date.now()) as the round
    began: after a phone synced its time, or its player changed it, an hour forward, a reload
    ended the round at once (an hour back, it ran on for the hour). The round is measured
    with the page's monotonic clock, its kept end set again as the device's clock changes."""
    page = pages.open(server.url + f"/daily?date={DAILY}", clock=True, **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")

    def taken_up(page: Any) -> None:
        assert page.locator("#results").is_hidden()  # taken up again, not ended at once
        assert page.locator("#word-input").is_enabled()

    device_clock_changes_mid_round(page, "boggle-daily-round", 180_000, taken_up)


def test_a_device_asleep_mid_round_counts_its_sleep(pages: Pages, server: ServeProcess) -> None:
    """Measured with the monotonic clock, which a device asleep may stop: the time the
    device's clock went on past it while the page was hidden counts (here 60 s of sleep)."""
    from datetime import UTC, datetime, timedelta

    page = pages.open(server.url + f"/daily?date={DAILY}", clock=True, **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    shown = """(hidden) => {
      Object.defineProperty(document, "hidden", { get: () => hidden, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }"""
    page.evaluate(shown, True)
    page.wait_for_timeout(600)  # a tick sees the page hidden
    now = datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000, tz=UTC)
    page.clock.set_system_time(now + timedelta(seconds=60))
    page.evaluate(shown, False)
    page.wait_for_timeout(600)
    left = page.evaluate(
        "() => JSON.parse(sessionStorage.getItem('boggle-daily-round')).ends - Date.now()"
    )
    assert left <= 180_000 - 55_000, left


def test_a_link_s_date_that_is_not_a_date_plays_today_s_board_and_says_so(
    pages: Pages, server: ServeProcess
) -> None:
    """A link cut short (/daily?date=2026-11) said "Board of 2026-11." and its Start was
    refused ("a date is written YYYY-MM-DD"): the player had no board to play. Now the date
    is dropped from the address, today's board is played, and the page says why."""
    page = pages.open(server.url + "/daily?date=2026-11&size=4")
    assert "2026-11" not in page.locator("#daily-date").inner_text()
    error = page.locator("#error")
    assert error.is_visible() and "'2026-11' is not written YYYY-MM-DD" in error.inner_text()
    assert page.url.endswith("/daily?size=4")
    play_daily(page, [])
    today = get_json(server.url + "/api/daily?size=4")["date"]
    assert page.locator("body").get_attribute("data-date") == today


@pytest.mark.parametrize("date", ["2026-02-30", "0000-01-01"])
def test_a_link_s_date_written_as_one_but_no_day_plays_today_s_board(
    pages: Pages, server: ServeProcess, date: str
) -> None:
    """A link's date written YYYY-MM-DD that no calendar has (February 30th, the year 0) got
    past the page's check of its shape: the page said "Board of 2026-02-30." and Start was
    refused ("no such day"), no board to play, as for a date cut short. It is dropped too."""
    page = pages.open(server.url + f"/daily?date={date}&size=4")
    assert date not in page.locator("#daily-date").inner_text()
    error = page.locator("#error")
    assert error.is_visible() and f"'{date}' is no day of the calendar" in error.inner_text()
    assert page.url.endswith("/daily?size=4")
    play_daily(page, [])
    today = get_json(server.url + "/api/daily?size=4")["date"]
    assert page.locator("body").get_attribute("data-date") == today
