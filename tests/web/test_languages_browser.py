"""A Spanish and a Polish player's pages, in a real browser (headless Chromium driven by
Playwright, against `boggle serve`): a word typed as a phone or a Turkish keyboard writes
it (decomposed accents, the capital dotted İ) is read as the server reads it, and the word
list chosen on one page is the one a new room offers.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from browser import Pages
from challenge_round import LONG_ROUND, make_challenge, start_challenge
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

POLISH = "żaba łódź kość gęsi"
SPANISH = "años [ch]ale [rr]ita [ll]amo"


def test_a_capital_dotted_i_typed_in_a_polish_challenge_is_i(
    pages: Pages, server: ServeProcess
) -> None:
    """JavaScript's lower case writes İ as i and a combining dot, a mark of no letter: the
    page sent that, and the word came back "read as GĘSI, without accents" (or, before the
    server dropped such a mark, refused as no letters). The page lowers it as the server
    does: GĘSİ is gęsi, counted with no note."""
    from playwright.sync_api import expect

    made = make_challenge(server.url, seconds=LONG_ROUND, dictionary="pl", board=POLISH)
    page = pages.open(server.url + made["path"])
    start_challenge(page, "Łucja")
    page.fill("#word-input", "GĘSİ")
    page.press("#word-input", "Enter")
    page.wait_for_selector("#my-words li[data-word='gęsi']")
    expect(page.locator("#feedback")).to_have_text("GĘSI: +1")


def test_a_polish_word_typed_without_its_diacritics_names_the_board_word(
    pages: Pages, server: ServeProcess
) -> None:
    """ZABA typed where the board has ŻABA was only "not on the board": the verdict (the
    library's check, POST /api/check) names the board's word and the letter to type."""
    from playwright.sync_api import expect

    made = make_challenge(server.url, seconds=LONG_ROUND, dictionary="pl", board=POLISH)
    page = pages.open(server.url + made["path"])
    start_challenge(page, "Łucja")
    page.fill("#word-input", "zaba")
    page.press("#word-input", "Enter")
    expect(page.locator("#feedback")).to_have_text(
        "ZABA: not on the board (ŻABA is on the board: type ż)"
    )


def test_a_capital_dotted_i_typed_on_the_polish_daily_board_is_i(
    pages: Pages, server: ServeProcess
) -> None:
    from playwright.sync_api import expect

    page = pages.open(server.url + "/daily?dict=pl")
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    page.fill("#word-input", "İİİ")
    page.press("#word-input", "Enter")
    feedback = page.locator("#feedback")
    expect(feedback).to_have_text(re.compile(r"^III: "))
    assert "accents" not in (feedback.text_content() or "")


def test_the_solvers_filter_finds_a_word_typed_with_a_decomposed_accent(
    pages: Pages, server: ServeProcess
) -> None:
    """A keyboard that writes an accent as a letter and a combining mark (tía as t, i,
    U+0301, a): the filter compared that with the composed tía and found nothing."""
    from playwright.sync_api import expect

    page = pages.open(server.url + "/?dict=es&board=" + SPANISH.replace(" ", "+"))
    page.wait_for_selector("#words .word[data-word='tia']", state="attached")
    page.fill("#word-filter", "ti\u0301a")
    expect(page.locator("#words .word[data-word='tia']")).to_have_count(1)
    page.fill("#word-filter", "TİA")
    expect(page.locator("#words .word[data-word='tia']")).to_have_count(1)


def test_a_new_rooms_form_offers_the_list_chosen_for_solo_play(
    pages: Pages, server: ServeProcess
) -> None:
    """Solo play and the daily board keep one word list; a room's form started at the
    server's default, so a Spanish player made an English room unless they chose again."""
    from playwright.sync_api import expect

    page = pages.open(server.url + "/play")
    page.select_option("#dict-select", "es")
    page.goto(server.url + "/room")
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#create-dict")).to_have_value("es")
    expect(page.locator("#create-dice")).to_be_hidden()  # Spanish letters, not dice
    page.select_option("#create-dict", "pl")  # chosen here: solo play's list too
    page.goto(server.url + "/play")
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#dict-select")).to_have_value("pl")


def test_a_capital_dotted_i_typed_in_practise_is_i(pages: Pages, server: ServeProcess) -> None:
    """My words read the answer with toLowerCase: GĘSİ was gęsi and a combining dot, "Not
    quite: the word is GĘSI"."""
    from playwright.sync_api import expect

    page = pages.open(server.url + "/words")
    kept = [{"word": "gęsi", "list": "pl", "board": POLISH, "points": 1, "date": "2026-11-27"}]
    page.evaluate(
        "(words) => localStorage.setItem('boggle-learn', JSON.stringify({version: 1, words}))",
        kept,
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true'] .kept-word[data-word='gęsi']")
    page.click("#practise-start")
    page.fill("#practise-input", "GĘSİ")
    page.press("#practise-input", "Enter")
    expect(page.locator("#practise-verdict")).to_have_text(re.compile(r"^Right: GĘSI\."))


def test_a_first_visit_opens_with_the_list_of_the_browsers_language(
    pages: Pages, server: ServeProcess
) -> None:
    """A browser set to Spanish opened the pages with the English list: a first visit, with
    no list remembered, opens with the server's list of the browser's language (solo play,
    the daily board and a new room's form alike); a list remembered is never overridden,
    and a browser in a language the server has no list of gets the server's default."""
    from playwright.sync_api import expect

    page = pages.open(server.url + "/play", locale="es-ES")
    expect(page.locator("#dict-select")).to_have_value("es")
    page = pages.open(server.url + "/daily", locale="es-419")
    expect(page.locator("#daily-dict")).to_have_value("es")
    page = pages.open(server.url + "/play", locale="pl-PL")
    expect(page.locator("#dict-select")).to_have_value("pl")
    page.select_option("#dict-select", "en-70")  # chosen: remembered for the next visit
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#dict-select")).to_have_value("en-70")
    with urllib.request.urlopen(server.url + "/api/dictionaries", timeout=30) as answer:
        default = json.load(answer)["default"]
    page = pages.open(server.url + "/play", locale="fi-FI")
    expect(page.locator("#dict-select")).to_have_value(default)
