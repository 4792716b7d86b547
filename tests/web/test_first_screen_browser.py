"""What a newcomer sees first, in a real browser: headless Chromium (the system's, driven by
Playwright) against `boggle serve`.

Play (/play) puts the round's Start on the first screen, on a small phone (320x568, 375x667),
a larger one (390x844) and a laptop (1280x800): the round comes first and the solver's choices
after it (moved, so the order read aloud is the order seen); Solve has them first again.  The
front door says "boggle" once (the site's brand), its heading says what the game is.  A round's
length reads in minutes ("3 min", "1 min 30 s") wherever it is shown: beside the seconds a
solo round or a room is set in, in a room's settings, a challenge's line and the daily board's.
A word list has one title on every page (the library's, from /api/dictionaries): the solo,
daily and room choices, a room's settings, a challenge's line and My words.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser import ARTIFACTS, Pages
from challenge_round import make_challenge, play_challenge
from serve_process import ServeProcess, get_json

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
SCREENS = [(320, 568), (375, 667), (390, 844), (1280, 800)]


def screen(width: int, height: int) -> dict[str, Any]:
    """A window of ``width`` x ``height``, a phone's (touch) below 500 px wide."""
    phone = width < 500
    return {"viewport": {"width": width, "height": height}, "has_touch": phone, "is_mobile": phone}


def on_first_screen(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


# whether the first element comes before the second in the document
BEFORE = """([first, second]) => Boolean(document.querySelector(first)
  .compareDocumentPosition(document.querySelector(second)) & Node.DOCUMENT_POSITION_FOLLOWING)"""


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_play_s_start_is_on_the_first_screen(
    pages: Pages, server: ServeProcess, width: int, height: int
) -> None:
    page = pages.open(server.url + "/play", **screen(width, height))
    page.evaluate("() => window.scrollTo(0, 0)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play-first-screen-{width}x{height}.png"))
    box = page.locator("#play-start").bounding_box()
    assert on_first_screen(page, "#play-start"), (
        f"Start a round at y {box['y']:.0f}-{box['y'] + box['height']:.0f}, "
        f"below the {height} px first screen"
    )
    assert on_first_screen(page, "#play-time")
    assert page.evaluate(BEFORE, ["#play-panel", ".controls"])  # read, and tabbed, in that order
    assert page.locator("#board-input").is_visible()  # the solver's choices are still there
    # Solve: the board's choices first again, the board under them
    page.click("#tab-solve")
    assert page.evaluate(BEFORE, [".controls", ".board-area"])
    assert on_first_screen(page, "#board-input")
    page.click("#tab-play")
    assert on_first_screen(page, "#play-start")


def test_a_round_played_from_play_s_first_screen(pages: Pages, server: ServeProcess) -> None:
    """The first screen's Start on a small phone starts a round: the board and the word box
    come, the solver's choices make way, and come back after it, under the results."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **screen(375, 667))
    page.tap("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.locator(".controls").is_hidden()
    assert on_first_screen(page, "#board") and on_first_screen(page, "#play-input")
    page.tap("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    assert page.locator(".controls").is_visible()
    assert page.evaluate(BEFORE, ["#play-results", "#play-setup"])  # the results first
    assert page.evaluate(BEFORE, ["#play-setup", ".controls"])


def play_to_results(page: Any, *words: str) -> None:
    """A /play round started, ``words`` entered and ended with End now: its results and the
    challenge offer shown. For example ``play_to_results(page, "fame")``."""
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    for entered, word in enumerate(words):
        page.fill("#play-input", word)
        page.press("#play-input", "Enter")
        page.wait_for_selector(f"#play-found li >> nth={entered}")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) #play-missed .word")
    page.wait_for_selector("#challenge-button")


def tops(page: Any, *selectors: str) -> list[float]:
    return [float(page.locator(selector).bounding_box()["y"]) for selector in selectors]


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1280, 800), (390, 844), (320, 568)])
def test_a_round_s_results_come_first_and_play_again_right_after_them(
    pages: Pages, server: ServeProcess, width: int, height: int
) -> None:
    """A round over, on a wide or a landscape screen as on a phone: the screen shows the
    results from their first line (the verdict, the score, the words found) and on a screen
    of 768 px or more the first words missed too; the next round's Start and settings come
    right after the results, before the board's choices: in the document (so read aloud and
    tabbed through: Tab from the results' last control reaches "Play another round"), and on
    the screen. Started, the round has its Start, clock and word box first again."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **screen(width, height))
    play_to_results(page, "fame")
    page.screenshot(path=str(ARTIFACTS / f"play-results-{width}x{height}.png"))
    for shown in ("#play-feedback", "#play-found", "#play-result-line"):
        assert on_first_screen(page, shown), f"{shown} is off the screen"
    if height >= 768:
        assert on_first_screen(page, "#play-missed .word >> nth=0")
    assert page.evaluate(BEFORE, ["#play-results", "#play-setup"])
    assert page.evaluate(BEFORE, ["#play-setup", ".controls"])
    results_end = page.locator("#play-results").bounding_box()
    start, challenge, choices = tops(page, "#play-start", "#challenge-button", ".controls")
    assert results_end["y"] + results_end["height"] <= start < choices
    assert challenge < start
    page.focus("#challenge-button")  # the results' last control: the next Tab is the next round
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "play-start"
    assert page.locator("#play-start").inner_text() == "Play another round"
    assert page.locator("#play-timer").is_hidden()  # the clock that ran out is not beside it

    page.keyboard.press("Enter")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.evaluate(BEFORE, ["#play-setup", "#play-form"])
    assert page.evaluate(BEFORE, ["#play-setup", "#play-results"])
    for shown in ("#board", "#play-end", "#play-timer", "#play-input"):
        assert on_first_screen(page, shown), f"{shown} is off the screen in the next round"


def focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.id"))


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_play_again_is_under_a_round_s_score_before_the_words_missed(
    pages: Pages, server: ServeProcess, width: int, height: int
) -> None:
    """A round over, the next one is a tap away on the results' first screen: "Play again"
    (44 px high) right under the score, before the words missed and the challenge, and the
    first thing Tab reaches from the results' heading (focused, as before); it starts a round
    with the settings just played (its length here). "Change settings" beside it takes the
    screen and the keyboard to the round's settings after the results."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **screen(width, height))
    page.fill("#play-time", "60")
    play_to_results(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play-again-{width}x{height}.png"))
    assert focused(page) == "play-results-title"
    assert on_first_screen(page, "#play-again"), "Play again is off the results' first screen"
    assert page.locator("#play-again").bounding_box()["height"] >= 44
    for later in ("#play-missed", "#challenge-button", "#play-setup"):
        assert page.evaluate(BEFORE, ["#play-again", later]), f"Play again comes after {later}"
    page.keyboard.press("Tab")
    assert focused(page) == "play-again"
    page.keyboard.press("Tab")
    assert focused(page) == "play-change-settings"

    page.keyboard.press("Enter")
    assert focused(page) == "play-time"
    assert on_first_screen(page, "#play-time") and on_first_screen(page, "#play-start")

    page.focus("#play-again")
    page.keyboard.press("Enter")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.locator("#play-results").is_hidden()
    kept = page.evaluate("() => JSON.parse(sessionStorage.getItem('boggle-play-round'))")
    assert kept["seconds"] == 60
    for shown in ("#board", "#play-timer", "#play-input"):
        assert on_first_screen(page, shown), f"{shown} is off the screen in the next round"


# the second tap a moment after the first: its board asked for, not yet come (or, on a loaded
# machine, come already: the round begun); body[data-tapped] once it is made
DOUBLE_TAP = """(id) => { const button = document.getElementById(id);
  button.click();
  setTimeout(() => { button.click(); document.body.dataset.tapped = "twice"; }, 0); }"""


def test_a_double_tap_on_play_again_or_start_starts_one_round(
    pages: Pages, server: ServeProcess
) -> None:
    """Two taps on Play again (or the daily board's Start) before the first round's board has
    come ask for one board and start one round: one clock, not two racing to end it."""
    page = pages.open(server.url + "/play", **screen(390, 844))
    page.fill("#play-time", "60")
    play_to_results(page)
    rolls: list[str] = []
    page.on(
        "request", lambda request: rolls.append(request.url) if "/api/roll" in request.url else None
    )
    page.evaluate(DOUBLE_TAP, "play-again")
    page.wait_for_selector("#play-form:not([hidden])")
    page.wait_for_selector("body[data-tapped='twice']", state="attached")
    page.wait_for_timeout(1500)  # a second board, had the second tap asked for one
    assert len(rolls) == 1, f"a double tap on Play again asked for {len(rolls)} boards"

    page = pages.open(server.url + "/daily", **screen(390, 844))
    page.wait_for_function("() => document.getElementById('daily-dict').options.length > 0")
    dailies: list[str] = []
    page.on(
        "request",
        lambda request: dailies.append(request.url) if "/api/daily" in request.url else None,
    )
    page.evaluate(DOUBLE_TAP, "daily-start")
    page.wait_for_selector("#board .cube")
    page.wait_for_selector("body[data-tapped='twice']", state="attached")
    page.wait_for_timeout(1500)  # a second board, had the second tap asked for one
    assert len(dailies) == 1, f"a double tap on Start asked for {len(dailies)} daily boards"


def test_a_tap_on_start_or_play_again_landing_after_the_round_began_starts_nothing(
    pages: Pages, server: ServeProcess
) -> None:
    """The second tap of a double tap can land after the first's round has begun (a loaded
    phone runs it late): on the hidden Start or Play again it started a second round, a new
    board rolled under the player's words. It starts nothing."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **screen(390, 844))
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    asked: list[str] = []
    page.on(
        "request",
        lambda request: (
            asked.append(request.url)
            if "/api/roll" in request.url or "/api/solve" in request.url
            else None
        ),
    )
    page.evaluate(
        """() => { document.getElementById("play-start").click();
          document.getElementById("play-again").click(); }"""
    )
    page.fill("#play-input", "fame")  # asked for after any board the taps asked for
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-found li")
    assert asked == [], f"a tap on the hidden Start asked for {asked}"
    assert page.locator("#board").get_attribute("data-board") == FXIE
    assert page.locator("#play-found li").count() == 1


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_daily_board_s_results_come_first_and_its_choices_right_after_them(
    pages: Pages, server: ServeProcess, width: int, height: int
) -> None:
    """The daily round over, as on /play: the screen and the keyboard at the results'
    heading, the line to share under it; the choices and Start of another round after the
    results and Challenge a friend (not above the board): in the document, on the screen and
    by Tab. Start says what it does: "Play today's board again" for the size and list just
    played, "Start the round" for another (another of the day's boards), as before a round.
    Started again, the round has its board, clock and word box first."""
    page = pages.open(server.url + "/daily?date=2026-11-23", **screen(width, height))
    assert page.inner_text("#daily-start") == "Start the round"
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #unfound .word")
    page.wait_for_selector("#challenge-button")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"daily-results-{width}x{height}.png"))
    assert focused(page) == "results-title"
    for shown in ("#results-title", "#share-line", "#copy-share"):
        assert on_first_screen(page, shown), f"{shown} is off the screen"
    assert page.evaluate(BEFORE, ["#unfound", "#daily-form"])
    assert page.evaluate(BEFORE, ["#challenge-button", "#daily-form"])
    heading, challenge, size, start = tops(
        page, "#results-title", "#challenge-button", "#daily-size", "#daily-start"
    )
    assert heading < challenge < size <= start
    page.focus("#challenge-button")  # the results' last control: the next Tab is the choices
    page.keyboard.press("Tab")
    assert focused(page) == "daily-size"
    assert page.inner_text("#daily-start") == "Play today's board again"
    page.select_option("#daily-size", "5")
    assert page.inner_text("#daily-start") == "Start the round"
    page.select_option("#daily-size", "4")
    assert page.inner_text("#daily-start") == "Play today's board again"

    page.focus("#daily-start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#word-input:not([disabled])")
    assert page.evaluate(BEFORE, ["#daily-form", ".room-play"])  # back at the top
    for shown in ("#board", "#timer", "#word-input"):
        assert on_first_screen(page, shown), f"{shown} is off the screen in the next round"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_challenge_s_results_come_first_with_the_keyboard_at_them(
    pages: Pages, server: ServeProcess, width: int, height: int
) -> None:
    """A challenge's round over: the screen and the keyboard at everyone's results, your
    line among them on the screen; Tab goes on through the table and the words you missed
    to what comes next (Keep missed words, the link to challenge more friends, Play another
    board), all after it."""
    made = make_challenge(server.url)
    page = pages.open(server.url + made["path"], **screen(width, height))
    play_challenge(page, "ann", ["fame"], shown="#challenge-results tr.you[data-score='1']")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"challenge-results-{width}x{height}.png"))
    assert focused(page) == "results-title"
    for shown in ("#results-title", "#challenge-summary", "#challenge-results tr.you"):
        assert on_first_screen(page, shown), f"{shown} is off the screen"
    assert page.locator("#challenge-form").is_hidden()  # played: no Start above the board
    reached: list[list[Any]] = []
    for _ in range(200):  # Tab from the heading, past the missed words, to what comes after
        page.keyboard.press("Tab")
        reached.append(
            page.evaluate(
                """() => [document.activeElement.closest('#results') !== null,
                    document.activeElement.textContent.trim()]"""
            )
        )
        if reached[-1][1] == "Play another board":
            break
    assert [inside for inside, _ in reached] == [True] * len(reached), reached
    said = [text for _, text in reached]
    assert said[0] == "fame" and said[-2:] == ["Copy link", "Play another board"], said
    table, link = tops(page, "#challenge-results", "#share-challenge")
    assert table < link


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_front_door_says_boggle_once(
    pages: Pages, server: ServeProcess, width: int, height: int
) -> None:
    page = pages.open(server.url + "/", **screen(width, height))
    said = page.evaluate(
        """() => [...document.querySelectorAll('header.site, main')]
            .map((part) => part.innerText.match(/\\bboggle\\b/gi) || []).flat().length"""
    )
    assert said == 1, f"the header and the page say boggle {said} times"
    heading = page.locator("h1").inner_text()
    assert heading.lower() != "boggle" and "word" in heading.lower(), heading


def round_length_said(page: Any, field: str, seconds: str) -> str:
    page.fill(field, seconds)
    return str(page.locator(f"{field}-said").inner_text())


def test_round_lengths_read_in_minutes(pages: Pages, server: ServeProcess) -> None:
    # solo: set in seconds, said in minutes beside the field, as it is typed
    page = pages.open(server.url + "/play", **screen(390, 844))
    assert "seconds" in page.locator("label[for='play-time']").inner_text()
    assert page.locator("#play-time-said").inner_text() == "= 3 min"
    assert round_length_said(page, "#play-time", "90") == "= 1 min 30 s"
    assert round_length_said(page, "#play-time", "45") == "= 45 s"
    assert round_length_said(page, "#play-time", "") == ""

    # a room: the form, then the settings its players see
    page = pages.open(server.url + "/room", **screen(390, 844))
    assert page.locator("#create-seconds-said").inner_text() == "= 3 min"
    page.fill("#create-name", "ann")
    assert round_length_said(page, "#create-seconds", "150") == "= 2 min 30 s"
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    info = page.locator("#match-info").inner_text()
    assert "2 min 30 s rounds" in info and "150 s" not in info, info

    # a challenge's line, and the daily board's before its round
    made = make_challenge(server.url, seconds=60)
    page = pages.open(server.url + made["path"], **screen(390, 844))
    info = page.locator("#challenge-info").inner_text()
    assert info.startswith("A 1 min round on a 4x4 board"), info
    page = pages.open(server.url + "/daily", **screen(390, 844))
    seconds = get_json(server.url + "/api/options")["daily_seconds"]
    minutes = f"{seconds // 60} min" + (f" {seconds % 60} s" if seconds % 60 else "")
    assert f"for a {minutes} round" in page.locator("main").inner_text()


def test_a_word_list_has_one_title_everywhere(pages: Pages, server: ServeProcess) -> None:
    lists = get_json(server.url + "/api/dictionaries")
    title = {entry["name"]: entry["title"] for entry in lists["dictionaries"]}
    assert title["en-70"] == "English (111,817 words)"
    assert len(set(title.values())) == len(title)  # each list told apart

    for path, select in [
        ("/play", "#dict-select"),
        ("/daily", "#daily-dict"),
        ("/room", "#create-dict"),
    ]:
        page = pages.open(server.url + path, **screen(390, 844))
        page.wait_for_selector(f"{select} option", state="attached")
        shown = page.locator(f"{select} option").all_text_contents()
        assert shown == [title[entry["name"]] for entry in lists["dictionaries"]], (path, shown)

    page.fill("#create-name", "ann")  # the room page, last opened
    page.select_option("#create-dict", "en-80")
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    assert f", {title['en-80']}, " in page.locator("#match-info").inner_text()

    made = make_challenge(server.url, dictionary="es")
    page = pages.open(server.url + made["path"], **screen(390, 844))
    assert f": {title['es']}, " in page.locator("#challenge-info").inner_text()

    page = pages.open(server.url + "/words", **screen(390, 844))
    kept = {"word": "fame", "list": "en-70", "points": 1, "board": FXIE, "date": "2026-11-27"}
    stored = json.dumps({"version": 1, "words": [kept]})
    page.evaluate("value => localStorage.setItem('boggle-learn', value)", stored)
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_function("() => document.querySelector('.kept-list').textContent !== 'en-70'")
    assert page.locator(".kept-list").inner_text() == title["en-70"]
