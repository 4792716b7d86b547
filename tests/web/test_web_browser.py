"""The page in a real browser: headless Chromium (the system's, driven by Playwright) against
`boggle serve` on a loopback port.

Needs the `chromium` package (`.ci/install-browser` installs it); without it these tests skip
with a reason locally and fail in CI.  A screenshot of the page is kept in `artifacts/`.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from browser import ARTIFACTS, Pages
from conftest import ENABLE_PATH
from serve_process import ServeProcess, get_json, serving

from boggle import Board, Lexicon, load_lexicon, roll_board, rules_for_board, solve
from boggle.dice.measured import roll_for_language

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
ROUND_DAY = datetime(2026, 11, 27, 8, 0, tzinfo=UTC)  # the page's clock in a round
ENABLE_ARGS = ["--dict-file", f"enable={ENABLE_PATH}", "--default-dict", "enable"]


@pytest.fixture(scope="module")
def server() -> Iterator[ServeProcess]:
    """`boggle serve`, with ENABLE as the default list when it is present."""
    # a loaded machine may answer a page's first requests slowly: the limit is not tested here
    extra = ["--solve-timeout", "60", *(ENABLE_ARGS if ENABLE_PATH.is_file() else [])]
    with serving(None, *extra) as running:
        yield running


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_file(ENABLE_PATH) if ENABLE_PATH.is_file() else load_lexicon()


def solve_on_page(page: Any, text: str) -> None:
    page.fill("#board-input", text)
    page.click("#solve-button")
    page.wait_for_function(
        "text => document.getElementById('board').dataset.board === text",
        arg=" ".join(text.split()),
    )


def cells_in_path(page: Any) -> list[tuple[int, int]]:
    """The highlighted cubes in the order of their step numbers."""
    steps = page.eval_on_selector_all(
        ".cube.in-path",
        "cubes => cubes.map(c => [Number(c.querySelector('.step').textContent),"
        " Number(c.dataset.row), Number(c.dataset.col)])",
    )
    return [(row, col) for _, row, col in sorted(steps)]


def test_typed_board_shows_every_word_and_the_total(page: Any, lexicon: Lexicon) -> None:
    expected = solve(Board.parse(FXIE), lexicon)
    if len(lexicon) > 170_000:
        assert (expected.count, expected.score) == (77, 90)  # the public ENABLE figures
    page.fill("#board-input", "")
    solve_on_page(page, FXIE)
    summary = page.locator("#summary")
    assert summary.get_attribute("data-count") == str(expected.count)
    assert summary.get_attribute("data-score") == str(expected.score)
    shown = page.eval_on_selector_all("#words .word", "buttons => buttons.map(b => b.dataset.word)")
    assert sorted(shown) == sorted(found.word for found in expected.words)
    assert page.locator(".cube").count() == 16


def test_hovering_a_word_draws_its_path_over_the_right_cubes(
    page: Any, server: ServeProcess
) -> None:
    answer = get_json(server.url + "/api/solve", {"board": FXIE})
    longest = max(answer["words"], key=lambda entry: (len(entry["word"]), entry["word"]))
    expected_path = [(row, col) for row, col in longest["path"]]
    page.hover(f"#words .word[data-word='{longest['word']}']")
    assert cells_in_path(page) == expected_path
    overlay = page.locator("#path-overlay")
    assert overlay.get_attribute("data-word") == longest["word"]
    assert overlay.get_attribute("data-cells") == " ".join(f"{r},{c}" for r, c in expected_path)
    assert page.locator("#path-overlay polyline").count() == 1

    page.mouse.move(0, 0)
    assert page.locator(".cube.in-path").count() == 0

    # by keyboard: focusing a word draws its path too
    first = answer["words"][0]
    page.focus(f"#words .word[data-word='{first['word']}']")
    assert cells_in_path(page) == [tuple(cell) for cell in first["path"]]


def test_filter_narrows_the_word_list(page: Any, server: ServeProcess) -> None:
    answer = get_json(server.url + "/api/solve", {"board": FXIE})
    page.fill("#word-filter", "am")
    shown = page.eval_on_selector_all("#words .word", "buttons => buttons.map(b => b.dataset.word)")
    assert sorted(shown) == sorted(e["word"] for e in answer["words"] if "am" in e["word"])


def test_rolling_a_board_with_a_seed_matches_the_dice(page: Any, lexicon: Lexicon) -> None:
    rolled = roll_board("new", 2026, None, None)
    expected = solve(rolled, lexicon)
    page.select_option("#dice-select", "new")
    page.fill("#seed-input", "2026")
    page.click("#roll-button")
    page.wait_for_function(
        "text => document.getElementById('board-input').value === text"
        " && document.getElementById('summary').dataset.count !== undefined"
        " && document.getElementById('board').dataset.board === text",
        arg=str(rolled),
    )
    assert page.locator("#summary").get_attribute("data-count") == str(expected.count)
    faces = page.eval_on_selector_all(".cube", "cubes => cubes.map(c => c.dataset.face)")
    assert faces == list(rolled.faces)
    assert f"board={str(rolled).replace(' ', '+')}" in (
        page.locator("#share-link").get_attribute("href") or ""
    )


def test_rolling_with_another_languages_list_draws_its_letters(page: Any) -> None:
    # the page sent its dice beside every list; the API now refuses dice beside a list of
    # another language (they would be ignored), so the page leaves them out there
    page.wait_for_selector("#dict-select option[value='es']", state="attached")
    page.select_option("#dice-select", "big")  # chosen first: beside Spanish it is hidden
    page.select_option("#dict-select", "es")
    page.fill("#seed-input", "2026")
    page.click("#roll-button")
    expected = str(roll_for_language(load_lexicon("es"), seed=2026))
    # the roll fills the box, then the board is solved: an error of either is said by then
    page.wait_for_function(
        "text => document.getElementById('board-input').value === text"
        " && document.getElementById('board').dataset.board === text",
        arg=expected,
    )
    assert not page.locator("#error").text_content()


@pytest.mark.parametrize("where", ["/play", "/room"])
def test_the_dice_choice_is_hidden_beside_another_languages_list(
    browser: Any, server: ServeProcess, where: str
) -> None:
    """The dice menu stayed beside a Spanish list, where it did nothing: it is hidden with a
    note saying why (the size is asked for instead), and back for an English list. The note
    follows the word list it depends on, in the page (read and tabbed after it) and as the
    list's description."""
    dice, size, lists = (
        ("#dice-select", "#size-label", "#dict-select")
        if where == "/play"
        else ("#create-dice", "#create-size-label", "#create-dict")
    )
    pages = Pages(browser)
    page = pages.open(server.url + where)
    try:
        page.wait_for_selector(f"{lists} option[value='es']", state="attached")
        english = page.eval_on_selector(lists, "s => s.value")
        page.select_option(lists, "es")
        note = page.locator(f"{dice}-note")
        assert note.text_content() == "Spanish boards are drawn from the list's letters"
        assert note.is_visible() and page.locator(size).is_visible()
        assert not page.locator(dice).is_visible()
        after = "([list, note]) => list.compareDocumentPosition(note) & 4"  # 4: FOLLOWING
        assert page.evaluate(after, [page.query_selector(lists), note.element_handle()])
        assert page.get_attribute(lists, "aria-describedby") == f"{dice}-note".lstrip("#")
        page.set_viewport_size({"width": 390, "height": 844})
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / f"dice-beside-spanish{where.replace('/', '-')}-phone.png"
        page.screenshot(path=str(shot), full_page=True)
        page.select_option(lists, english)
        assert page.locator(dice).is_visible() and not note.is_visible()
        assert not page.locator(size).is_visible()  # the new dice: no size
        assert page.get_attribute(lists, "aria-describedby") is None
    finally:
        pages.close()


def test_a_short_play_round_scores_words_and_lists_the_missed(page: Any, lexicon: Lexicon) -> None:
    board = Board.parse(FXIE)
    expected = solve(board, lexicon)
    scoring = rules_for_board(board.rows, board.cols)
    good = next(found for found in expected.words if found.word == "fame")

    # The page's clock is the test's and stands still, so the 5-second round ends when the
    # test lets its time run, however long a loaded machine takes over the words.
    page.clock.install(time=ROUND_DAY)
    page.clock.pause_at(ROUND_DAY + timedelta(hours=1))
    page.click("#tab-play")
    page.fill("#board-input", FXIE)
    page.check("#play-this-board")
    page.fill("#play-time", "5")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    playwright_api.expect(page.locator("#play-timer")).to_have_text("0:05")
    for control in ("#tab-solve", "#solve-button", "#roll-button", "#dict-select"):
        assert page.locator(control).is_disabled(), f"{control} is usable during a round"

    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    # the score is drawn after the feedback: wait for it (a busy machine draws it later)
    playwright_api.expect(page.locator("#play-score")).to_have_attribute(
        "data-score", str(good.points)
    )
    assert cells_in_path(page) == [tuple(cell) for cell in good.path]

    page.fill("#play-input", "zzz")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.bad")
    page.fill("#play-input", "fame")
    page.press("#play-input", "Enter")
    page.wait_for_function(
        "() => document.getElementById('play-feedback').textContent.includes('already')"
    )

    # the 5-second round runs out by itself, at 5 seconds and not before
    page.clock.run_for(4_000)
    playwright_api.expect(page.locator("#play-timer")).to_have_text("0:01")
    assert page.locator("#play-results").is_hidden()
    assert not page.locator("#play-form").is_hidden()
    page.clock.run_for(1_000)
    page.wait_for_selector("#play-results:not([hidden])")
    assert (page.locator("#play-feedback").text_content() or "").startswith("Time!")
    line = page.locator("#play-result-line")
    playwright_api.expect(line).to_have_attribute("data-score", str(good.points))
    playwright_api.expect(line).to_have_attribute("data-maximum", str(expected.score))
    missed = page.eval_on_selector_all(
        "#play-missed .word", "buttons => buttons.map(b => b.dataset.word)"
    )
    assert sorted(missed) == sorted(w.word for w in expected.words if w.word != "fame")
    assert scoring.points("fame") == good.points
    assert not page.locator("#tab-solve").is_disabled()
    assert not page.locator("#solve-button").is_disabled()


def test_a_bad_board_shows_one_line_and_keeps_what_was_typed(page: Any) -> None:
    page.fill("#board-input", "ab1c")
    page.click("#solve-button")
    page.wait_for_selector("#error:not([hidden])")
    message = page.locator("#error").text_content() or ""
    assert message and "\n" not in message
    assert page.locator("#board-input").input_value() == "ab1c"


def test_a_bad_board_after_a_good_one_leaves_none_of_the_last_board_shown(page: Any) -> None:
    # the last board, its words and its link stayed under the error line, as if the board
    # refused had those words
    page.wait_for_selector("#words .word")
    page.fill("#board-input", "ab1c")
    page.click("#solve-button")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#words .word").count() == 0
    assert page.locator("#summary").inner_text() == ""
    assert page.locator("#board .cube").count() == 0
    assert page.locator("#board-wrap").is_hidden()
    assert page.locator("#share-link").is_hidden() and page.locator("#copy-link").is_hidden()
    assert page.locator("#board-input").input_value() == "ab1c"
    assert "board=ab1c" in page.url and "fxie" not in page.url  # a reload keeps what was typed

    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#board-input").input_value() == "ab1c"
    assert "'1'" in (page.locator("#error").text_content() or "")
    assert page.locator("#words .word").count() == 0

    solve_on_page(page, FXIE)  # and a good board brings everything back
    assert page.locator("#error").is_hidden()
    assert page.locator("#words .word").count() > 0 and page.locator("#share-link").is_visible()


def test_screenshots_for_desktop_and_phone(page: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.click("#words .word[data-word='fame']")  # pinned, so the path shows in the picture
    desktop = ARTIFACTS / "web-page.png"
    page.screenshot(path=str(desktop), full_page=True)
    assert desktop.stat().st_size > 10_000

    page.set_viewport_size({"width": 390, "height": 844})
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, "the page scrolls sideways on a phone-sized screen"
    phone = ARTIFACTS / "web-page-phone.png"
    page.screenshot(path=str(phone), full_page=True)
    assert phone.stat().st_size > 10_000


def test_links_with_bad_parts_say_so_and_keep_the_board(page: Any, server: ServeProcess) -> None:
    page.goto(server.url + "/?board=ab1c")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#board-input").input_value() == "ab1c"
    assert "'1'" in (page.locator("#error").text_content() or "")

    page.goto(server.url + "/?board=" + FXIE.replace(" ", "+") + "&dict=nosuchlist")
    page.wait_for_selector("body[data-ready='true']")
    assert "nosuchlist" in (page.locator("#error").text_content() or "")
    assert page.locator(".cube").count() == 16


def test_the_largest_board_fits_a_phone_screen(page: Any, server: ServeProcess) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    side = 20
    rows = "/".join(["abcdefghijklmnopqrst"[:side]] * side)
    page.goto(server.url + "/?board=" + rows)
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator(".cube").count() == side * side
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0


def test_cubes_show_multi_letter_faces_as_printed(page: Any) -> None:
    solve_on_page(page, "[ij]ß q[th]")
    labels = page.eval_on_selector_all(".cube", "cubes => cubes.map(c => c.textContent)")
    assert labels == ["IJ", "ß", "Qu", "Th"]  # the Dutch digraph whole, ß has no 1-letter capital
    # the Spanish digraphs whole, as Spanish Scrabble's tiles print them (they read Ch, Ll, Rr)
    solve_on_page(page, "[ch][ll] [rr]a")
    labels = page.eval_on_selector_all(".cube", "cubes => cubes.map(c => c.textContent)")
    assert labels == ["CH", "LL", "RR", "A"]
    said = page.get_attribute("#board", "aria-label") or ""
    assert "Row 1: CH, LL." in said


def test_a_letter_the_list_writes_out_is_hinted_as_written_not_foreign(page: Any) -> None:
    """A German board's ß (a French board's œ): the hint asked "is the board in another
    language?"; the answer's foreign_written says the list's words write it ss, and so does
    the hint."""

    def written_out(route: Any) -> None:
        answer = route.fetch().json()
        answer["foreign_written"] = {"ß": "ss"}  # as a German list's answer gives it
        route.fulfill(json=answer)

    page.wait_for_selector("body[data-ready='true']")
    page.route("**/api/solve", written_out)
    solve_on_page(page, "ßb at")
    hint = page.locator("#foreign-hint")
    assert hint.text_content() == "No word of this list uses ß: its words write ß as ss"
    page.unroute("**/api/solve")
    solve_on_page(page, "ßb ar")
    assert hint.text_content() == "No word of this list uses ß: is the board in another language?"


def test_a_word_written_with_a_capital_is_shown_so_and_named_once(page: Any) -> None:
    """A German noun's form is its capital (Haus): its button reads Haus, and its meaning's
    heading HAUS, not HAUS (Haus)."""

    def capitalised(route: Any) -> None:
        answer = route.fetch().json()
        for entry in answer["words"]:
            if entry["word"] == "fame":
                entry["written"] = ["Fame"]  # as a German list's noun is written
        route.fulfill(json=answer)

    page.wait_for_selector("body[data-ready='true']")
    page.route("**/api/solve", capitalised)
    solve_on_page(page, "fame xxxx")
    button = page.locator("button.word[data-word='fame']")
    assert button.text_content() == "Fame"
    button.click()
    heading = page.locator(".word-definition[data-word='fame'] strong")
    heading.wait_for()
    assert heading.text_content() == "FAME: "


def test_an_answer_without_json_is_one_line(page: Any) -> None:
    page.wait_for_selector("body[data-ready='true']")  # the link's own solve has answered
    page.route(
        "**/api/solve",
        lambda route: route.fulfill(status=500, body="Internal Server Error"),
    )
    page.fill("#board-input", FXIE)
    page.click("#solve-button")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#error").text_content() == "the server answered 500 without JSON"


@pytest.mark.parametrize("status", [502, 503, 504])
def test_a_proxy_page_while_the_server_is_down_says_it_cannot_be_reached(
    page: Any, status: int
) -> None:
    # nginx in front answers a restart (or a server down) with its own HTML page
    page.wait_for_selector("body[data-ready='true']")
    page.route(
        "**/api/solve",
        lambda route: route.fulfill(
            status=status,
            content_type="text/html",
            body="<html><body><center><h1>502 Bad Gateway</h1></center></body></html>",
        ),
    )
    page.fill("#board-input", FXIE)
    page.click("#solve-button")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#error").text_content() == (
        f"the server cannot be reached right now ({status}): try again shortly"
    )
