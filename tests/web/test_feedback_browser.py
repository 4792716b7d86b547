"""A round's feedback on the pages, in a real browser (headless Chromium, the system's, driven
by Playwright) against `boggle serve` with its bundled English list (en-70):

- a word typed with accents the list has no letter for (``naïve``) is read without them, and
  every verdict on it says so, a word the round counts too ("NAIVE: +2 (read as NAIVE,
  without accents)"), on the solo, daily, challenge and room pages as on the command line;
- a solo round taken up after a reload asks for a tap on a touch screen ("Tap to type a
  word"), as the daily, challenge and room rounds do;
- the daily page's words you did not find are counted as the challenge's are;
- a solo round over leaves no die lit: not the last word's flash, nor a trace under way;
- in a challenge's table at 1280 px a short name ("bob (you)") is on one line.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import PHONE, Pages, stop_clock
from browser_fixtures import ClockedServer
from challenge_round import (
    CHALLENGES_SERVER,
    LONG_ROUND,
    make_challenge,
    play_challenge,
    start_challenge,
)
from room_boards import FXIE
from room_page import ONE_ROUND, create_room
from serve_process import ServeProcess, get_json, serving

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

NAIVE_BOARD = "naiv xxxe xxxx xxxx"
"""A board with NAIVE on its first row and down to the E: the bundled list's ``naive``."""
READ = "(read as NAIVE, without accents)"
DAILY = "2026-11-23"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    with serving(tmp_path_factory.mktemp("data"), *CHALLENGES_SERVER) as running:
        yield running


def start_solo(page: Any, *, tap: bool = False) -> None:
    page.fill("#play-time", "600")
    (page.tap if tap else page.click)("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")


def enter_solo(page: Any, word: str, told: str) -> None:
    """``word`` typed in the solo round's box and entered; back once the verdict starts ``told``."""
    page.fill("#play-input", word)
    page.press("#play-input", "Enter")
    page.wait_for_function(
        "told => document.getElementById('play-feedback').textContent.startsWith(told)", arg=told
    )


def test_a_solo_verdict_says_a_word_was_read_without_its_accents(
    pages: Pages, server: ServeProcess
) -> None:
    """The solo page said it only on a refusal: "NAIVE: +2" for naïve counted."""
    page = pages.open(server.url + "/play?board=" + NAIVE_BOARD.replace(" ", "+"))
    start_solo(page)
    enter_solo(page, "naïve", "NAIVE: +2")
    feedback = page.locator("#play-feedback")
    assert feedback.text_content() == f"NAIVE: +2 {READ}"
    assert feedback.get_attribute("aria-live") == "polite"
    enter_solo(page, "NAÏVE", "NAIVE: already found")
    assert feedback.text_content() == f"NAIVE: already found {READ}"
    enter_solo(page, "purée", "PUREE:")
    assert feedback.text_content() == "PUREE: not on the board (read as PUREE, without accents)"
    enter_solo(page, "naive", "NAIVE: already found")
    assert feedback.text_content() == "NAIVE: already found"  # typed as the list spells it


def test_a_challenge_verdict_says_a_word_was_read_without_its_accents(
    pages: Pages, server: ServeProcess
) -> None:
    """The challenge page never said it: "NAIVE: +2", and "NAIVE: already found" for naïve
    typed again."""
    made = make_challenge(server.url, seconds=LONG_ROUND, board=NAIVE_BOARD)
    page = pages.open(server.url + made["path"])
    start_challenge(page, "eve")
    feedback = page.locator("#feedback")
    for word, told in [
        ("naïve", f"NAIVE: +2 {READ}"),
        ("naïve", f"NAIVE: already found {READ}"),
        ("purée", "PUREE: not on the board (read as PUREE, without accents)"),
    ]:
        page.fill("#word-input", word)
        page.press("#word-input", "Enter")
        playwright_api.expect(feedback).to_have_text(told)
    assert feedback.get_attribute("aria-live") == "polite"


def test_a_room_s_verdict_on_a_word_it_counts_says_it_was_read_without_accents(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """A room said it only when it refused the word: FÂME counted was "FAME: +1"."""
    ann = pages.open(clocked_server.url + "/room")
    create_room(ann, **ONE_ROUND)
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")  # FXIE
    ann.fill("#word-input", "fâme")
    ann.press("#word-input", "Enter")
    ann.wait_for_selector("#my-words li[data-word='fame']")
    feedback = ann.locator("#feedback")
    assert feedback.text_content() == "FAME: +1 (read as FAME, without accents)"
    assert feedback.get_attribute("aria-live") == "polite"


def test_the_daily_words_not_found_are_counted_as_a_challenge_s_are(
    pages: Pages, server: ServeProcess
) -> None:
    """The daily page's heading was "Words you did not find", the challenge's "(59, common
    first)"; and a daily verdict said no word was read without its accents."""
    daily = get_json(server.url + f"/api/daily?date={DAILY}&size=4")
    solved = get_json(
        server.url + "/api/solve", {"board": daily["board"], "dictionary": daily["dictionary"]}
    )
    words = [entry["word"] for entry in solved["words"]]
    page = pages.open(server.url + f"/daily?date={DAILY}")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.fill("#word-input", "zzzé")
    page.press("#word-input", "Enter")
    playwright_api.expect(page.locator("#feedback")).to_have_text(
        "ZZZE: not on the board (read as ZZZE, without accents)"
    )
    page.fill("#word-input", words[0])
    page.press("#word-input", "Enter")
    page.wait_for_selector("#my-words li")
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #share-line[data-score]")
    unfound = page.locator("#unfound .word").count()
    assert unfound == len(words) - 1
    assert page.locator("#unfound-title").text_content() == (
        f"Words you did not find ({unfound}, common first)"
    )


def test_a_solo_round_taken_up_after_a_reload_asks_for_a_tap_to_type(
    pages: Pages, server: ServeProcess
) -> None:
    """A round taken up after a reload cannot open a phone's keyboard: the solo page had no
    "Tap to type a word" (the daily, challenge and room pages had)."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **PHONE)
    tap = page.locator("#play-tap-to-type")
    start_solo(page, tap=True)
    assert tap.is_hidden()  # the start tap opened the keyboard
    page.reload()
    page.wait_for_selector("#play-form:not([hidden])")
    tap.wait_for(state="visible")
    assert tap.inner_text() == "Tap to type a word"
    page.tap("#play-tap-to-type")
    page.wait_for_function("() => document.activeElement.id === 'play-input'")
    assert tap.is_hidden()
    page.tap("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    assert tap.is_hidden()
    page.tap("#play-again")  # a tap: the keyboard is up, no tap asked for
    page.wait_for_selector("#play-form:not([hidden])")
    assert tap.is_hidden()


LIT = """() => document.querySelectorAll(
    '#board .cube.in-path, #board .cube[class*="flash-"], #board[class*="flash-"]').length"""
"""How many dice (or the board's frame) are lit: in a path, or in a verdict's colour."""


def test_a_solo_round_over_leaves_no_die_lit(pages: Pages, server: ServeProcess) -> None:
    """The last word's dice, lit in its verdict's colour for 0.7 s, stayed so on the results'
    board when the round ended meanwhile (here the page's clock stands still), under "Tap a
    missed word to see its path"; a trace under way as the round ended was drawn again as
    the finger slid on."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), clock=True)
    stop_clock(page)
    start_solo(page)
    enter_solo(page, "fame", "FAME: +1")
    assert page.evaluate(LIT) > 0
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    assert "missed word to see its path" in (page.text_content("#play-feedback") or "")
    assert page.evaluate(LIT) == 0

    page.click("#play-again")
    page.wait_for_selector("#play-form:not([hidden])")
    centre = {}
    for cell in ("0-0", "1-0", "1-1"):  # F, A, M
        row, col = cell.split("-")
        box = page.locator(f"#board .cube[data-row='{row}'][data-col='{col}']").bounding_box()
        assert box is not None
        centre[cell] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*centre["0-0"])
    page.mouse.down()
    page.mouse.move(*centre["1-0"], steps=4)
    assert page.locator("#board .cube.in-path").count() == 2
    page.focus("#play-end")
    page.keyboard.press("Enter")  # the round ends under the finger
    page.wait_for_selector("#play-results:not([hidden])")
    page.mouse.move(*centre["1-1"], steps=4)
    assert page.evaluate(LIT) == 0
    page.mouse.up()
    assert page.evaluate(LIT) == 0


# how many lines the text of the cell is shown on
TEXT_LINES = """cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0)
    .map((r) => Math.round(r.top))).size; }"""


def test_a_short_name_in_a_challenge_s_table_is_on_one_line(
    pages: Pages, server: ServeProcess
) -> None:
    """At 1280 px "bob (you)" wrapped onto two lines, the column of words beside it taking the
    width; on a phone (where it wraps) the table still fits the screen."""
    words = [w["word"] for w in get_json(server.url + "/api/solve", {"board": FXIE})["words"]]
    made = make_challenge(server.url, played={"ann": words[:3]})
    bob = pages.open(server.url + made["path"], viewport={"width": 1280, "height": 800})
    play_challenge(bob, "bob", words[3:13])  # a row of words as wide as the table lets it
    name = bob.locator("#challenge-results tr[data-name='bob'] td").nth(1)
    assert name.text_content() == "bob (you)"
    assert name.evaluate(TEXT_LINES) == 1
    bob.set_viewport_size({"width": 390, "height": 844})
    scroller = bob.locator(".table-scroll")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
