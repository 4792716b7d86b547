"""The small board beside a word's meaning (board.js drawMiniPath), in a real browser.

After a round on a phone the page has scrolled to the results and the board is far above the
screen (about 860 px on the solo page, 420 px on the daily one): a missed word tapped drew its
path out of sight, so the tap seemed to do nothing.  The definition box above the result list
now has a small copy of the board beside it showing the word's path: in the phone layout it is
always there, its room kept from the start (the words do not move when a path appears), and
its marked dice are the word's path as the solver gives it.  On a wide screen with the board in
view there is none (the board itself shows the path, as before); on a short one scrolled so the
path's dice are off the screen it appears in the box's own three lines.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import ARTIFACTS, PHONE, Pages
from browser_fixtures import LONGEST_ROUND, ClockedServer
from challenge_round import make_challenge, play_challenge
from serve_process import ServeProcess, get_json

from boggle import Board, load_lexicon, solve
from boggle.definitions import first_definition

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
DAILY = "2026-11-23"


def solo_results(
    pages: Pages, server: ServeProcess, board: str = FXIE, **options: Any
) -> tuple[Any, str]:
    page = pages.open(server.url + "/play?board=" + board.replace(" ", "+"), **options)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden]) #play-missed .word")
    page.mouse.move(1, 1)  # the click's mouse left off the words (a phone has none), not over one
    return page, "#play-panel"


def daily_results(pages: Pages, server: ServeProcess, **options: Any) -> tuple[Any, str]:
    page = pages.open(server.url + f"/daily?date={DAILY}", **options)
    page.click("#daily-start")
    page.wait_for_selector("#round:not([hidden])", timeout=60_000)
    page.click("#daily-stop")
    page.wait_for_selector("#results:not([hidden]) #unfound .word", timeout=60_000)
    page.mouse.move(1, 1)
    return page, "#results"


RESULTS = {"solo": solo_results, "daily": daily_results}


def solver_paths(server: ServeProcess, kind: str) -> dict[str, list[tuple[int, int]]]:
    """Each word's path as the solver (solo: the library; daily: the API) gives it."""
    if kind == "solo":
        solution = solve(Board.parse(FXIE), load_lexicon())
        return {w.word: [tuple(cell) for cell in w.path] for w in solution.words}
    daily = get_json(server.url + f"/api/daily?date={DAILY}")
    solved = get_json(
        server.url + "/api/solve", {"board": daily["board"], "dictionary": daily["dictionary"]}
    )
    return {w["word"]: [tuple(cell) for cell in w["path"]] for w in solved["words"]}


def tops(page: Any, holder: str) -> list[float]:
    return [
        float(box["y"])
        for box in (w.bounding_box() for w in page.locator(f"{holder} .word-list .word").all()[:12])
    ]


def marked_cells(page: Any, holder: str) -> set[tuple[int, int]]:
    cells = page.eval_on_selector_all(
        f"{holder} .mini-board rect.in-path",
        "rects => rects.filter(r => r.getClientRects().length)"
        ".map(r => [Number(r.dataset.row), Number(r.dataset.col)])",
    )
    return {(row, col) for row, col in cells}


def in_view(page: Any, selector: str) -> bool:
    return bool(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect();"
            " return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }",
        )
    )


@pytest.mark.parametrize("kind", sorted(RESULTS))
def test_a_missed_word_tapped_on_a_phone_shows_its_path_on_a_small_board(
    pages: Pages, server: ServeProcess, kind: str
) -> None:
    page, holder = RESULTS[kind](pages, server, **PHONE)
    assert not in_view(page, "#board"), "the board is on the screen: nothing to test"
    mini = page.locator(f"{holder} .mini-board")
    assert mini.is_visible() and in_view(
        page, f"{holder} .mini-board"
    )  # its room there from the start
    assert mini.get_attribute("aria-hidden") == "true"  # the meaning says the word
    before = tops(page, holder)
    word = page.locator(f"{holder} .word-list .word").nth(1).get_attribute("data-word")
    page.locator(f"{holder} .word-list .word[data-word='{word}']").tap()
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']")
    assert in_view(page, f"{holder} .mini-board"), "the small board is off the screen"
    path = solver_paths(server, kind)[word]
    assert page.locator(f"{holder} .mini-board").get_attribute("data-cells") == " ".join(
        f"{r},{c}" for r, c in path
    )
    assert marked_cells(page, holder) == set(path)
    letters = page.eval_on_selector_all(
        f"{holder} .mini-board text", "ts => ts.map(t => t.textContent)"
    )
    board = page.eval_on_selector_all("#board .cube .face", "fs => fs.map(f => f.textContent)")
    assert letters == board  # the same letters, in the same order
    page.wait_for_function(
        "h => !document.querySelector(h + ' .word-definition').textContent"
        ".includes('looking it up')",
        arg=holder,
        timeout=60_000,
    )
    assert tops(page, holder) == before, "the words moved when the path appeared"
    page.screenshot(path=str(ARTIFACTS / f"mini-board-{kind}-390.png"))


def test_a_small_phone_has_the_small_board_and_nothing_scrolls_sideways(
    pages: Pages, server: ServeProcess
) -> None:
    page, holder = solo_results(
        pages, server, viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True
    )
    word = page.locator(f"{holder} .word-list .word").first.get_attribute("data-word")
    page.locator(f"{holder} .word-list .word[data-word='{word}']").tap()
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']")
    assert in_view(page, f"{holder} .mini-board")
    sideways = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert sideways <= 0
    page.screenshot(path=str(ARTIFACTS / "mini-board-solo-320.png"))


@pytest.mark.parametrize("width", [320, 390])
def test_a_long_meaning_tapped_on_a_phone_is_shown_whole(
    pages: Pages, server: ServeProcess, width: int
) -> None:
    """Three lines cut about half the meanings on a phone (the box's end lost, and a phone
    has no pointer to show the title); a touch phone's box shows the whole meaning."""
    phone = {**PHONE, "viewport": {"width": width, "height": 844}}
    page, holder = solo_results(pages, server, board="perslatgsineters", **phone)
    missed = page.eval_on_selector_all(
        f"{holder} .word-list .word", "ws => ws.map(w => w.dataset.word)"
    )
    meanings = {word: first_definition(word) or "" for word in missed}
    word = max(meanings, key=lambda w: len(meanings[w]))
    page.locator(f"{holder} .word-list .word[data-word='{word}']").tap()
    box = page.locator(f"{holder} .word-definition[data-word='{word}']")
    box.wait_for()
    page.wait_for_function(
        "h => !document.querySelector(h + ' .word-definition').textContent"
        ".includes('looking it up')",
        arg=holder,
    )
    shown = box.text_content() or ""  # "WORD: (common word; plural of ...) the meaning"
    assert shown.startswith(f"{word.upper()}: ") and shown.endswith(meanings[word])
    height, full, line = box.evaluate(
        "b => [b.clientHeight, b.scrollHeight, parseFloat(getComputedStyle(b).lineHeight)]"
    )
    assert height > 3 * line + 1, "the longest meaning fits three lines: nothing to test"
    assert full <= height, f"the meaning is cut: {height} of its {full} px shown"
    page.screenshot(path=str(ARTIFACTS / f"long-meaning-{width}.png"))


def test_a_wide_screen_with_the_board_in_view_has_no_small_board(
    pages: Pages, server: ServeProcess
) -> None:
    page, holder = solo_results(pages, server, viewport={"width": 1280, "height": 800})
    page.evaluate("() => document.getElementById('board').scrollIntoView({block: 'center'})")
    assert in_view(page, "#board")
    word = page.locator(f"{holder} .word-list .word").first.get_attribute("data-word")
    page.locator(f"{holder} .word-list .word[data-word='{word}']").focus()
    page.wait_for_selector(f"#path-overlay[data-word='{word}']")  # the board shows it
    assert page.locator(f"{holder} .mini-board").is_hidden()


def test_a_challenge_s_words_only_another_found_show_their_path_on_a_phone(
    pages: Pages, server: ServeProcess
) -> None:
    made = make_challenge(server.url, played={"bob": ["amble", "limbo", "fame"]})
    page = pages.open(server.url + made["path"], **PHONE)
    play_challenge(page, "ann", shown="#results:not([hidden]) .standings .word")
    page.mouse.move(1, 1)
    button = page.locator("#results .standings .word[data-word='limbo']")
    button.scroll_into_view_if_needed()
    assert not in_view(page, "#board")
    before = float(button.bounding_box()["y"])
    button.tap()
    page.wait_for_selector("#results .mini-board[data-word='limbo']")
    path = solver_paths(server, "solo")["limbo"]
    assert marked_cells(page, "#results") == set(path)
    assert in_view(page, "#results .mini-board")
    assert float(button.bounding_box()["y"]) == before
    page.screenshot(path=str(ARTIFACTS / "mini-board-challenge-390.png"))


def test_a_room_s_missed_words_show_their_path_on_a_phone(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    page = pages.open(clocked_server.url + "/room", **PHONE)
    page.fill("#create-name", "ann")
    page.fill("#create-seconds", str(LONGEST_ROUND))  # ended by the test
    page.click("#create-button")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    board = page.get_attribute("#board", "data-board")
    clocked_server.clock.now += LONGEST_ROUND
    page.wait_for_selector("#results:not([hidden]) #unfound .word", timeout=60_000)
    page.mouse.move(1, 1)
    holder = "#results"
    mini = page.locator(f"{holder} .mini-board")
    assert mini.is_visible() and in_view(page, f"{holder} .mini-board")
    assert not in_view(page, "#board")
    button = page.locator(f"{holder} #unfound .word").first
    word = button.get_attribute("data-word")
    before = float(button.bounding_box()["y"])
    button.tap()
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']")
    solution = solve(Board.parse(board), load_lexicon())
    path = next(w.path for w in solution.words if w.word == word)
    assert marked_cells(page, holder) == {tuple(cell) for cell in path}
    assert in_view(page, f"{holder} .mini-board")
    assert float(button.bounding_box()["y"]) == before
    page.screenshot(path=str(ARTIFACTS / "mini-board-room-390.png"))


def test_a_wide_screen_shows_the_small_board_only_while_the_path_is_out_of_view(
    pages: Pages, server: ServeProcess
) -> None:
    """A short wide window scrolled down the solver's words: the path's dice are off the
    screen, so the small board appears, in the box's own three lines (the words stay where
    they were).  (Solo play's results on a wide screen keep the board in view beside them: it
    sticks there down to the board's choices, in the same column as the results.)"""
    page = pages.open(
        server.url + "/solve?board=" + FXIE.replace(" ", "+"),
        viewport={"width": 1280, "height": 500},
    )
    holder = "#solve-panel"
    page.wait_for_selector(f"{holder} .word-list .word")
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    word = "amie"  # its I and E on the board's top row
    button = page.locator(f"{holder} .word-list .word[data-word='{word}']")
    button.scroll_into_view_if_needed()
    box = page.locator(f"{holder} .word-definition")
    page.evaluate("() => document.getElementById('board').scrollIntoView({block: 'end'})")
    page.evaluate("() => window.scrollBy(0, 200)")
    assert not in_view(page, "#board .cube[data-row='0'][data-col='3']")
    before = (float(button.bounding_box()["y"]), float(box.bounding_box()["height"]))
    button.focus()
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']")
    mini = page.locator(f"{holder} .mini-board")
    assert mini.is_visible()
    assert float(mini.bounding_box()["height"]) <= before[1] + 0.5
    after = (float(button.bounding_box()["y"]), float(box.bounding_box()["height"]))
    assert after == before


def mini_shows(page: Any, holder: str, word: str) -> bool:
    """Whether the small board is on the screen with ``word``'s path."""
    mini = page.locator(f"{holder} .mini-board")
    return bool(mini.get_attribute("data-word") == word and mini.is_visible())


TABLET = {"width": 1024, "height": 768}
TABLET_UPRIGHT = {"width": 768, "height": 1024}
PHONE_ON_ITS_SIDE = {"width": 844, "height": 390}


def test_a_tablet_turned_upright_mid_results_shows_the_small_board(
    pages: Pages, server: ServeProcess
) -> None:
    """A tablet on its side has the results beside the board: a word tapped has its path on
    the board itself, no small board. Turned upright, the results are below the board, which
    the page has left above the screen: the small board appears with the word's path, without
    another tap; turned back, it goes."""
    page, holder = solo_results(pages, server, viewport=TABLET, has_touch=True, is_mobile=True)
    # the player reads on down the results (on its side, from their heading): the
    # board stays beside them
    page.evaluate("() => document.getElementById('play-results').scrollIntoView({block: 'start'})")
    assert in_view(page, "#board")
    words = [button.get_attribute("data-word") for button in page.locator(f"{holder} .word").all()]
    word = next(w for w in words if in_view(page, f"{holder} .word[data-word='{w}']"))
    page.locator(f"{holder} .word[data-word='{word}']").tap()
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']", state="attached")
    assert page.get_attribute("#path-overlay", "data-word") == word
    assert not mini_shows(page, holder, word)  # the board shows it

    page.set_viewport_size(TABLET_UPRIGHT)
    assert not in_view(page, "#board"), "the board is on the screen upright: nothing to test"
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']")
    assert in_view(page, f"{holder} .mini-board")
    path = solver_paths(server, "solo")[word]
    assert marked_cells(page, holder) == set(path)
    page.screenshot(path=str(ARTIFACTS / "mini-board-solo-tablet-upright.png"))

    page.set_viewport_size(TABLET)
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']", state="hidden")
    assert in_view(page, "#board")


def test_a_phone_turned_on_its_side_mid_results_shows_the_path_on_the_board_alone(
    pages: Pages, server: ServeProcess
) -> None:
    """Upright, a word tapped in the results (the board far above) has its path on the small
    board. On its side the phone has the results beside the board, its path on it: the small
    board goes (it would repeat the board beside it); upright again, it is back."""
    page, holder = solo_results(pages, server, **PHONE)
    word = page.locator(f"{holder} .word-list .word").nth(1).get_attribute("data-word")
    page.locator(f"{holder} .word-list .word[data-word='{word}']").tap()
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']")
    assert not in_view(page, "#board")

    page.set_viewport_size(PHONE_ON_ITS_SIDE)
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']", state="hidden")
    assert in_view(page, "#board"), "the board is off the screen on its side: nothing to test"
    assert page.get_attribute("#path-overlay", "data-word") == word

    page.set_viewport_size(PHONE["viewport"])
    page.wait_for_selector(f"{holder} .mini-board[data-word='{word}']")
    assert in_view(page, f"{holder} .mini-board")
    assert marked_cells(page, holder) == set(solver_paths(server, "solo")[word])
