"""Tracing words on the board with a mouse and with a finger, in a real browser: headless
Chromium (the system's, driven by Playwright) against `boggle serve`, in solo play, on the
daily board and in a room round.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import PHONE_2X as PHONE
from browser import Pages, stop_clock
from browser_fixtures import ClockedServer
from serve_process import ServeProcess, get_json

from boggle import Board, load_lexicon, solve

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
Cell = tuple[int, int]


def centre(page: Any, cell: Cell) -> tuple[float, float]:
    box = page.locator(f"#board .cube[data-row='{cell[0]}'][data-col='{cell[1]}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_down(page: Any, cell: Cell) -> None:
    page.mouse.move(*centre(page, cell))
    page.mouse.down()


def mouse_slide(page: Any, cell: Cell, steps: int = 8) -> None:
    """A slide to the die's centre through the points between (steps=1: a jump)."""
    page.mouse.move(*centre(page, cell), steps=steps)


def mouse_trace(page: Any, cells: list[Cell]) -> None:
    mouse_down(page, cells[0])
    for cell in cells[1:]:
        mouse_slide(page, cell)
    page.mouse.up()


def touch_trace(page: Any, cells: list[Cell]) -> None:
    """A finger pressed on the first die, slid through the others and lifted (touch events
    as the phone's screen sends them, through the DevTools protocol)."""
    session = page.context.new_cdp_session(page)
    points = [centre(page, cell) for cell in cells]
    x, y = points[0]
    session.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for to_x, to_y in points[1:]:
        for step in range(1, 9):
            at_x, at_y = x + (to_x - x) * step / 8, y + (to_y - y) * step / 8
            session.send(
                "Input.dispatchTouchEvent",
                {"type": "touchMove", "touchPoints": [{"x": at_x, "y": at_y}]},
            )
        x, y = to_x, to_y
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def traced_cells(page: Any) -> str:
    return page.locator("#path-overlay").get_attribute("data-cells") or ""


def a_word_of_three_dice(board: str, server: ServeProcess) -> dict[str, Any]:
    words = get_json(server.url + "/api/solve", {"board": board})["words"]
    return next(entry for entry in words if len(entry["path"]) == 3)


def start_solo_round(pages: Pages, server: ServeProcess, board: str, **options: Any) -> Any:
    page = pages.open(server.url + "/play?board=" + board.replace(" ", "+"), **options)
    page.fill("#play-time", "120")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.wait_for_function(
        "text => document.getElementById('board').dataset.board === text"
        " || !document.getElementById('error').hidden",
        arg=board,
        polling=100,
    )
    assert page.locator("#error").is_hidden(), page.locator("#error").text_content()
    return page


def trace_a_daily_word(pages: Pages, server: ServeProcess, date: str) -> tuple[Any, Any]:
    """The daily board of ``date`` on a phone, a round started and a word of three dice or
    more traced with a finger: the page and the word, once the page lists it."""
    page = pages.open(server.url + f"/daily?date={date}", **PHONE)
    page.click("#daily-start")
    page.wait_for_selector("#board .cube")
    return page, trace_a_word_shown(page, touch_trace)


def trace_a_word_shown(page: Any, trace: Any) -> Any:
    """A word of three dice or more of the board in ``page`` traced (``touch_trace`` or
    ``mouse_trace``): the word, once the round lists it."""
    board = Board.parse(page.locator("#board").get_attribute("data-board") or "")
    found = next(w for w in solve(board, load_lexicon()).words if len(w.path) >= 3)
    trace(page, list(found.path))
    page.wait_for_selector(f"#my-words li[data-word='{found.word}']")
    return found


def test_a_mouse_drag_across_three_dice_enters_the_word(pages: Pages, server: ServeProcess) -> None:
    page = start_solo_round(pages, server, FXIE, clock=True)
    stop_clock(page)  # the bubble, up 1.6 s of the page's time, stays up while it is measured
    word = a_word_of_three_dice(FXIE, server)
    cells = [(row, col) for row, col in word["path"]]
    mouse_down(page, cells[0])
    for count, cell in enumerate(cells[1:], start=2):
        mouse_slide(page, cell)
        assert traced_cells(page) == " ".join(f"{r},{c}" for r, c in cells[:count])
    assert page.locator("#path-caption").text_content().startswith(word["word"].upper())
    page.mouse.up()
    page.wait_for_selector("#play-feedback.good")
    assert (
        page.locator("#play-feedback").text_content()
        == f"{word['word'].upper()}: +{word['points']}"
    )
    assert page.locator("#play-score").get_attribute("data-score") == str(word["points"])
    bubble = page.locator("#trace-bubble")
    assert bubble.is_visible() and bubble.get_attribute("data-word") == word["word"]
    # the bubble is by the die where the drag ended: where the finger is; above it, or below
    # it when the die is at the screen's top edge (in a round the board is at the top)
    x, y = centre(page, cells[-1])
    box = bubble.bounding_box()
    assert abs(box["x"] + box["width"] / 2 - x) < 2 and box["y"] >= 0
    assert box["y"] + box["height"] <= y or box["y"] >= y
    assert page.locator("#play-feedback").get_attribute("aria-live") == "polite"
    # the word box keeps the focus (on a phone: the keyboard stays open)
    assert page.evaluate("() => document.activeElement.id") == "play-input"
    # typing stays
    page.fill("#play-input", "zzz")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.bad")
    assert page.locator("#play-feedback").text_content().startswith("ZZZ:")


def test_sliding_back_undoes_and_a_jump_to_a_far_die_is_ignored(
    pages: Pages, server: ServeProcess
) -> None:
    page = start_solo_round(pages, server, FXIE)
    mouse_down(page, (0, 0))  # F
    mouse_slide(page, (1, 0))  # A
    mouse_slide(page, (1, 1))  # M
    assert traced_cells(page) == "0,0 1,0 1,1"
    mouse_slide(page, (1, 0))  # back onto A: M is undone
    assert traced_cells(page) == "0,0 1,0"
    assert page.locator(".cube.in-path").count() == 2
    mouse_slide(page, (1, 1))  # M again
    mouse_slide(page, (0, 0), steps=1)  # F: in the path, and not the die before M
    assert traced_cells(page) == "0,0 1,0 1,1"
    mouse_slide(page, (1, 0))  # back onto A
    mouse_slide(page, (3, 3), steps=1)  # U is no neighbour of A
    assert traced_cells(page) == "0,0 1,0"
    mouse_slide(page, (2, 0), steps=1)  # E is
    assert traced_cells(page) == "0,0 1,0 2,0"
    page.mouse.up()
    page.wait_for_function(
        "() => document.getElementById('play-feedback').textContent.startsWith('FAE:')"
    )
    # a press on one die and a release enters nothing
    mouse_down(page, (2, 2))
    page.mouse.up()
    assert page.locator(".cube.in-path").count() == 0
    assert page.locator("#play-feedback").text_content().startswith("FAE:")


def test_a_finger_traces_a_word_on_a_phone(pages: Pages, server: ServeProcess) -> None:
    page = start_solo_round(pages, server, FXIE, **PHONE)
    word = a_word_of_three_dice(FXIE, server)
    scrolled = page.evaluate("() => window.scrollY")
    touch_trace(page, [(row, col) for row, col in word["path"]])
    page.wait_for_selector("#play-feedback.good")
    assert (
        page.locator("#play-feedback").text_content()
        == f"{word['word'].upper()}: +{word['points']}"
    )
    assert page.evaluate("() => window.scrollY") == scrolled  # the slide did not scroll the page
    assert page.evaluate("() => document.activeElement.id") == "play-input"


def test_a_quick_finger_slide_over_a_die_enters_it_as_on_an_iphone(
    pages: Pages, server: ServeProcess
) -> None:
    """Safari on iOS reports a finger's moves about once a frame, and before 18.2 without the
    coalesced ones between: a quick slide over a die (M of SEMI) reached the die after it (I)
    with no point on it, and I, no neighbour of the die before (E), was ignored: "SE", not
    SEMI. The way between two reported points is now walked."""
    page = start_solo_round(pages, server, FXIE, **PHONE)
    page.evaluate("() => { delete PointerEvent.prototype.getCoalescedEvents; }")
    session = page.context.new_cdp_session(page)

    def touch(kind: str, cell: Cell | None = None) -> None:
        points = [] if cell is None else [dict(zip("xy", centre(page, cell), strict=True))]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", (3, 1))  # S
    touch("touchMove", (2, 0))  # E
    touch("touchMove", (0, 2))  # I, across M in one move
    touch("touchEnd")
    session.detach()
    page.wait_for_function("() => document.getElementById('play-feedback').textContent")
    assert page.locator("#play-feedback").text_content() == "SEMI: +1"
    assert page.get_attribute("#board-wrap", "data-verdict-word") == "semi"


def test_the_last_words_path_is_gone_once_the_round_is_over(
    pages: Pages, server: ServeProcess
) -> None:
    """A found word's path stayed drawn after the round, beside "Tap a missed word to see its
    path": it read as a word missed. Over, solo or daily, the board shows no path until a
    missed word is pointed at (the pointer is moved off the page first: one resting where a
    missed word comes shows that word's path, as it should)."""
    page = start_solo_round(pages, server, FXIE, **PHONE)
    word = a_word_of_three_dice(FXIE, server)
    touch_trace(page, [(row, col) for row, col in word["path"]])
    page.wait_for_selector("#play-feedback.good")
    assert traced_cells(page)  # in the round the word found shows where it is
    page.mouse.move(0, 0)
    page.locator("#play-end").dispatch_event("click")
    page.wait_for_selector("#play-results:not([hidden])")
    assert traced_cells(page) == ""
    assert page.locator("#board .cube.in-path").count() == 0
    daily, _ = trace_a_daily_word(pages, server, "2026-11-24")
    assert traced_cells(daily)
    daily.mouse.move(0, 0)
    daily.locator("#daily-stop").dispatch_event("click")
    daily.wait_for_selector("#results:not([hidden])")
    assert traced_cells(daily) == ""
    assert daily.locator("#board .cube.in-path").count() == 0


def test_a_multi_letter_face_traces_as_one_die(pages: Pages, server: ServeProcess) -> None:
    page = start_solo_round(pages, server, "qi ta")
    mouse_trace(page, [(0, 0), (0, 1), (1, 0)])  # Qu, I, T
    page.wait_for_function(
        "() => document.getElementById('play-feedback').textContent.startsWith('QUIT:')"
    )
    assert page.locator("#play-feedback.good").count() == 1


def test_a_finger_traces_a_word_on_the_daily_board(pages: Pages, server: ServeProcess) -> None:
    page, found = trace_a_daily_word(pages, server, "2026-11-23")
    assert page.locator("#feedback").text_content() == f"{found.word.upper()}: +{found.points}"


def test_a_mouse_traces_a_word_in_a_room_round(pages: Pages, clocked_server: ClockedServer) -> None:
    # rooms that keep the test's clock and play FXIE: on `boggle serve` the board was random
    # and the round ended after 60 real seconds, however slowly a loaded machine traced
    page = pages.open(clocked_server.url + "/room")
    page.fill("#create-name", "ann")
    page.fill("#create-seconds", "60")
    page.click("#create-button")
    page.wait_for_selector("#start-button:not([hidden])")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    trace_a_word_shown(page, mouse_trace)
    assert page.locator("#feedback").get_attribute("data-status") == "accepted"
    # typing stays
    page.fill("#word-input", "zzzz")
    page.press("#word-input", "Enter")
    page.wait_for_selector("#my-words li[data-word='zzzz']")
