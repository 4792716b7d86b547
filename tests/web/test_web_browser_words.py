"""Definitions and hints on the page, in a real browser (headless Chromium, as in
test_web_browser.py): hovering a result word shows its definition; the hint button gives
hints, counts them down and the results say how many were used."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from browser import Pages
from serve_process import ServeProcess, get_json, serving

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"


@pytest.fixture(scope="module")
def server() -> Iterator[ServeProcess]:
    """`boggle serve`, warmed: its word lists counted and compiled and the definitions read,
    with a time limit (60 s, not what is tested here) a busy machine's first requests stay
    within."""
    with serving(None, "--solve-timeout", "60") as running:
        get_json(running.url + "/api/solve", {"board": FXIE})
        get_json(running.url + "/api/define?word=awl")
        yield running


def test_hovering_a_word_shows_its_definition(page: Any, server: ServeProcess) -> None:
    page.wait_for_selector("#words .word[data-word='awl']", timeout=90_000)  # a cold server
    expected = get_json(server.url + "/api/define?word=awl")["definitions"][0]
    page.hover("#words .word[data-word='awl']")
    box = page.locator("#solve-panel .word-definition")
    page.focus("#words .word[data-word='awl']")  # by keyboard too
    page.wait_for_function(
        "text => document.querySelector('#solve-panel .word-definition').textContent"
        ".includes(text)",
        arg=expected,
        timeout=60_000,
    )
    assert box.is_visible()
    assert box.text_content().startswith("AWL: ")


def test_a_word_its_list_folds_is_shown_as_the_language_writes_it(
    pages: Pages, server: ServeProcess
) -> None:
    """A Spanish board's AEREA is aérea: the meaning box says so and links aérea's entry; My
    words names the link by it too."""
    page = pages.open(server.url + "/?dict=es&board=aer+aea+xxx")
    page.wait_for_selector("#words .word[data-word='aerea']", timeout=90_000)
    assert page.locator("#words .word[data-word='aerea']").text_content() == "aérea"
    assert page.locator("#words .word[data-word='era']").text_content() == "era"
    page.fill("#word-filter", "é")  # the filter finds a word by its accents too
    playwright_api.expect(page.locator("#words .word")).to_have_text(["aérea"])
    page.fill("#word-filter", "")
    page.hover("#words .word[data-word='aerea']")
    box = page.locator("#solve-panel .word-definition")
    page.wait_for_function(
        "() => document.querySelector('#solve-panel .word-definition a') !== null",
        timeout=60_000,
    )
    assert box.text_content() == "AEREA (aérea): see Wiktionary"
    assert box.locator(".written").text_content() == "aérea"
    link = box.locator("a").get_attribute("href")
    assert link == "https://es.wiktionary.org/wiki/a%C3%A9rea"
    page.hover("#words .word[data-word='era']")
    page.wait_for_function(
        "() => document.querySelector('#solve-panel .word-definition').dataset.word === 'era'"
        " && document.querySelector('#solve-panel .word-definition a') !== null"
    )
    assert box.text_content() == "ERA: see Wiktionary"

    kept = {"word": "aerea", "list": "es", "points": 2, "board": "aer aea xxx"}
    kept["date"] = "2026-11-28"
    page.goto(server.url + "/words")
    page.evaluate(
        "value => localStorage.setItem('boggle-learn', value)",
        json.dumps({"version": 1, "words": [kept]}),
    )
    page.reload()
    meaning = page.locator(".kept-word[data-word='aerea'] .kept-meaning a")
    meaning.wait_for(timeout=60_000)
    assert meaning.text_content() == "aérea on Wiktionary"
    assert page.locator(".kept-word[data-word='aerea'] .kept-name").text_content() == (
        "AEREA (aérea)"
    )


def test_a_round_names_a_word_found_as_the_language_writes_it(
    pages: Pages, server: ServeProcess
) -> None:
    """The Play tab's feedback for the Spanish list's AEREA says AEREA (aérea), and the words
    found list it as aérea."""
    page = pages.open(server.url + "/play?dict=es&board=aer+aea+xxx")
    page.wait_for_selector("#dict-select option[value='es']", state="attached", timeout=90_000)
    page.check("#play-this-board")
    page.fill("#play-time", "60")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])", timeout=60_000)
    page.fill("#play-input", "aerea")
    page.press("#play-input", "Enter")
    feedback = page.locator("#play-feedback.good")
    feedback.wait_for(timeout=60_000)
    assert feedback.text_content() == "AEREA (aérea): +2"
    playwright_api.expect(page.locator("#play-found li")).to_have_text(["aérea (2)"])


def test_a_meaning_shown_does_not_move_the_words_under_the_pointer(page: Any) -> None:
    """The definition box sits above the words with its room kept from the start (three
    lines): a meaning arriving, short or long, leaves every word where it was, so the word
    under a mouse stays the word pointed at (it moved 35 px, and another word came under it)."""
    page.wait_for_selector("#words .word[data-word='awl']", timeout=90_000)
    box = page.locator("#solve-panel .word-definition")
    assert box.is_visible() and "Point at a word" in box.text_content()

    def top(word: str) -> float:
        return float(page.locator(f"#words .word[data-word='{word}']").bounding_box()["y"])

    before = {word: top(word) for word in ("awl", "fame", "emboli")}
    for word in ("awl", "fame", "emboli"):
        page.hover(f"#words .word[data-word='{word}']")
        page.wait_for_function(
            "word => { const box = document.querySelector('#solve-panel .word-definition');"
            " return box.dataset.word === word && !box.textContent.includes('looking it up'); }",
            arg=word,
            timeout=60_000,
        )
        assert {other: top(other) for other in before} == before, word


def test_the_hint_button_gives_hints_and_the_results_count_them(page: Any) -> None:
    page.click("#tab-play")
    page.fill("#board-input", FXIE)
    page.check("#play-this-board")
    page.fill("#play-time", "60")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    page.click("#play-hint")
    page.wait_for_function(
        "() => document.getElementById('play-hint-text').textContent.includes('letters')"
    )
    first = page.locator("#play-hint-text").text_content()
    assert "starting with" in first and "FAME" not in first.upper().split(": ")[-1]
    # the count left is in the hint's line; the button keeps its one word (and its width)
    assert page.locator("#play-hint").text_content() == "Hint"
    limit = int(first.rsplit("(", 1)[1].split()[0]) + 1
    page.click("#play-hint")
    page.wait_for_function(
        "text => document.getElementById('play-hint-text').textContent !== text", arg=first
    )
    assert page.locator("#play-hint-text").text_content().endswith(f"({limit - 2} hints left)")
    assert page.locator("#play-hint").text_content() == "Hint"
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    assert "with 2 hints" in page.locator("#play-result-line").text_content()


def test_a_double_tap_on_hint_asks_for_one_hint(page: Any) -> None:
    """Two taps on Hint before its answer came asked twice with the same hints given: the
    same hint came back twice, shown once and counted twice (one of the round's few lost)."""
    page.click("#tab-play")
    page.fill("#board-input", FXIE)
    page.check("#play-this-board")
    page.fill("#play-time", "60")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    asked: list[str] = []
    page.on(
        "request", lambda request: asked.append(request.url) if "/api/hint" in request.url else None
    )
    page.evaluate(
        """() => { const button = document.getElementById("play-hint");
          button.click(); button.click(); }"""
    )
    # both asks, had there been two, were made before the first answer came
    page.wait_for_selector("#play-hint-text:has-text('hints left')")
    assert len(asked) == 1, f"a double tap on Hint asked {len(asked)} times"
    said = page.locator("#play-hint-text").text_content() or ""
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    assert "with 1 hint." in page.locator("#play-result-line").text_content(), said


def test_a_reload_mid_round_shows_the_hint_it_took_again(
    pages: Pages, server: ServeProcess
) -> None:
    """A reload kept the hints used (the count left went on from 2) but lost the hint's line
    and its marked die: the hint was paid for and gone. Both come back with the round. The
    third hint on a word says where it starts in the page's words (it said "it starts at
    [(2,1)]", rows and columns from 0, and the board's caption read "?: W"), its row and
    column counted from 1 as the board's label for a screen reader counts its rows (the
    marked die alone told a player who cannot see it nothing)."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.fill("#play-time", "600")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    for step in range(3):  # the third hint on a word marks the die it starts on
        page.click("#play-hint")
        page.wait_for_function(
            "left => document.getElementById('play-hint-text').textContent"
            ".endsWith(`(${left} hints left)`)",
            arg=4 - step,
        )
    line = page.locator("#play-hint-text").text_content()
    cells = page.locator("#path-overlay").get_attribute("data-cells")
    assert cells and len(cells.split()) == 1
    # the page's words for where the word starts, not the command line's "[(2,1)]"
    row, col = (int(n) for n in cells.split(","))
    where = f"row {row + 1}, column {col + 1}"
    assert f"; it starts on the die marked on the board: {where} (2 hints left)" in line, line
    assert "[(" not in line
    assert page.locator("#path-caption").text_content().startswith("HINT: ")
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.locator("#play-hint-text").text_content() == line
    assert page.locator("#path-overlay").get_attribute("data-cells") == cells
    page.click("#play-hint")
    page.wait_for_function(
        "() => document.getElementById('play-hint-text').textContent.endsWith('(1 hint left)')"
    )


def test_the_last_hint_taken_by_the_keyboard_leaves_it_in_the_word_box(
    pages: Pages, server: ServeProcess
) -> None:
    """Hint pressed with the keyboard until none are left: the button is then disabled, and
    the focus, which it left on the page's body, goes on in the word box."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.fill("#play-time", "600")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.focus("#play-hint")
    while not page.is_disabled("#play-hint"):
        line = page.locator("#play-hint-text").text_content()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "line => document.getElementById('play-hint-text').textContent !== line", arg=line
        )
        if page.is_enabled("#play-hint"):
            assert page.evaluate("() => document.activeElement.id") == "play-hint"
    assert page.locator("#play-hint-text").text_content().endswith("(0 hints left)")
    assert page.evaluate("() => document.activeElement.id") == "play-input"


def test_the_daily_results_show_a_missed_words_definition(
    browser: Any, server: ServeProcess
) -> None:
    pages = Pages(browser)
    try:
        page = pages.open(server.url + "/daily?date=2026-11-23")
        page.click("#daily-start")
        page.wait_for_selector("#round:not([hidden])", timeout=60_000)
        page.click("#daily-stop")
        page.wait_for_selector("#results:not([hidden]) #unfound .word", timeout=60_000)
        word = page.locator("#unfound .word").first.get_attribute("data-word")
        page.hover(f"#unfound .word[data-word='{word}']")
        page.wait_for_function(
            "word => document.querySelector('#results .word-definition').textContent"
            ".startsWith(word.toUpperCase() + ': ') && !document.querySelector("
            "'#results .word-definition').textContent.includes('looking it up')",
            arg=word,
            timeout=60_000,
        )
        expected = get_json(server.url + f"/api/define?word={word}")["definitions"]
        shown = page.locator("#results .word-definition").text_content()
        assert (expected and expected[0] in shown) or shown.endswith("no definition known")
    finally:
        pages.close()


def test_fullwidth_letters_typed_on_the_daily_board_are_the_letters(
    browser: Any, server: ServeProcess
) -> None:
    """The page kept the word as typed: a word in fullwidth letters (an East Asian
    keyboard's) and then in plain ones were listed as two words found."""
    daily = get_json(server.url + "/api/daily?date=2026-11-23")
    board, dictionary = daily["board"], daily["dictionary"]
    solved = get_json(server.url + "/api/solve", {"board": board, "dictionary": dictionary})
    pages = Pages(browser)
    try:
        page = pages.open(server.url + "/daily?date=2026-11-23")
        page.click("#daily-start")
        page.wait_for_selector("#round:not([hidden])", timeout=60_000)
        choice = page.evaluate(
            "() => ({word_level: document.getElementById('daily-words-level').value,"
            " other_words: document.getElementById('daily-words-others').value})"
        )
        word = next(
            w["word"]
            for w in sorted(solved["words"], key=lambda w: -len(w["word"]))
            if w["word"].isascii()
            and get_json(
                server.url + "/api/check",
                {"board": board, "word": w["word"], "dictionary": dictionary, **choice},
            )["status"]
            == "counted"
        )
        fullwidth = "".join(chr(ord(letter) - ord("a") + 0xFF41) for letter in word)
        page.fill("#word-input", fullwidth)
        page.press("#word-input", "Enter")
        page.wait_for_selector(f"#my-words li[data-word='{word}']", timeout=60_000)
        page.fill("#word-input", word)
        page.press("#word-input", "Enter")
        page.wait_for_function(
            "() => document.getElementById('feedback').textContent.includes('already found')",
            timeout=60_000,
        )
        assert page.locator("#my-words li").count() == 1
    finally:
        pages.close()
